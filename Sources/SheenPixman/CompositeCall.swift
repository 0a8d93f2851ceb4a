// One pixman_image_composite32 call, drawn by Sheen's composite kernels when Sheen can draw it as
// pixman defines it, and otherwise left, untouched, for the system pixman.
//
// pixman's meaning, which this follows: the destination rectangle (dest_x, dest_y, width,
// height) clipped to the destination and its clip region; for each pixel, source and mask are
// sampled at that pixel plus their own offsets (src_x − dest_x plus any whole-pixel translation
// of their transform); a source or mask with repeat none is transparent outside its pixels; the
// result is op(source × mask, destination) — so a mask scales the source — and an x8 format's
// padding byte reads as alpha 255. Source clip regions are ignored unless the client set them
// and turned source clipping on (those calls go to pixman).

import CSheenPixman
import CSheenSIMD
import SheenRaster

/// A pixman composite call's arguments.
struct CompositeCall {
    let op: UInt32
    let source: PixmanImage?
    let mask: PixmanImage?
    let destination: PixmanImage?
    let sourceX: Int, sourceY: Int, maskX: Int, maskY: Int, destinationX: Int, destinationY: Int
    let width: Int, height: Int

    /// What Sheen reads for the paint.
    enum Paint {
        case solid(UInt32)
        case bits(format: PixmanFormat, data: UnsafeMutableRawPointer, stride: Int, dx: Int, dy: Int)
        /// A bits image that repeats past its edges over the area (RepeatedSource).
        case repeated(format: PixmanFormat, data: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int,
                      dx: Int, dy: Int, mode: UInt32)
        /// A gradient sampled at map(x, y) for destination pixel (x, y) (its stops and shape
        /// apart, in `gradient`, so that this enum stays plain values on the path every small
        /// call takes).
        case gradient(map: Matrix2D)
        /// A transformed image sampled with pixman's bilinear filter or separable convolution (its
        /// description apart, in `sampling`) into scratch over the call's area once the area is
        /// known, then read as `.bits`.
        case sampled
    }

    /// What Sheen reads for the coverage.
    enum Coverage {
        case constant(UInt32)
        /// A byte a pixel: pixel (x + dx, y + dy) of `data`, rows `stride` bytes apart, for
        /// destination pixel (x, y).
        case bits(data: UnsafeMutableRawPointer, stride: Int, dx: Int, dy: Int)
        /// pixman's component alpha: four coverage bytes a pixel in the destination's byte order,
        /// placed as `bits` places its byte (a job's componentAlpha).
        case componentBits(data: UnsafeMutableRawPointer, stride: Int, dx: Int, dy: Int)
    }

    /// A mask in the drop-in's own memory for a call whose `mask` is nil — a glyph run's, which
    /// GlyphCalls.swift adds the glyphs into — covering the call's rectangle: destination pixel
    /// (x, y) reads its pixel (x − destinationX, y − destinationY). `channels` is 1 (A8 coverage)
    /// or 4 (component alpha: a coverage byte per channel, in the destination's byte order).
    struct HeldMask {
        let data: UnsafeMutableRawPointer
        let stride: Int
        let channels: Int
    }

    /// Why a call is handed to pixman, as SHEEN_PIXMAN_STATS prints it.
    struct Handover: Error {
        let reason: StaticString
        /// Whether the check that failed read only the operator and the images (not the call's
        /// rectangle or offsets): every call of that operator with those images is then handed
        /// over too, or draws nothing, so a thread may remember it (PlanMemo.swift).
        let forEveryCall: Bool
        init(_ reason: StaticString, forEveryCall: Bool = false) { self.reason = reason; self.forEveryCall = forEveryCall }
    }

    /// Draws the call with Sheen's kernels and returns the pixels it drew; throws — having
    /// written nothing — where pixman must draw it, saying why. `held`, for a call without a
    /// mask image, is the mask it is drawn through; a component-alpha one only under a gradient
    /// source, with over (or src, drawn as over of the cleared area) onto 32-bit pixels.
    func drawWithSheen(at level: SIMDLevel, through held: HeldMask? = nil) throws(Handover) -> Int {
        guard var op = PixmanOperator.of(op) else { throw Handover("operator", forEveryCall: true) }
        let masked = mask != nil || held != nil
        // src through a mask writes S·m — transparent where the mask or the source is — which is
        // S·m over transparent: the area is cleared first, then drawn with over (cairo draws
        // patterns so). The source must not share memory with the destination then, even in place.
        let clearsFirst = op.code == 0x01 && masked
        if clearsFirst { op = PixmanOperator.sourceOver }
        let (s, m, d) = ImageRegistry.lookup(source, mask, destination)
        // A gradient mask's alpha, shaded over the area (gradientCoverage), freed on every way out.
        var shadedMask: UnsafeMutableRawPointer? = nil
        defer { shadedMask?.deallocate() }
        // A transformed source's pixels, sampled over the area (sampleScratch), freed likewise.
        var sampledSource: UnsafeMutableRawPointer? = nil
        defer { sampledSource?.deallocate() }
        guard let d, case let .bits(dFormat?, dData?, dWidth, dHeight, dStride) = d.content, !d.hasAlphaMap, !d.hasAccessors,
              dFormat != .a8 || !op.sheen.isBlendMode
        else { throw Handover("destination", forEveryCall: true) }
        var area = PixelRect(x: destinationX, y: destinationY, width: max(width, 0), height: max(height, 0))
            .intersection(PixelRect(x: 0, y: 0, width: dWidth, height: dHeight))
        if area.isEmpty { return 0 }
        // Nothing of the area inside the clip region: nothing to draw, whatever the call (pixman
        // composites the area's part inside the region; drawPlain decides so for a one-box clip).
        if let clip = d.clip, clip.allSatisfy({ $0.intersection(area).isEmpty }) { return 0 }
        let fullArea = area

        // The paint, and where it lies (a bounded operator is clipped to it; another must be
        // covered by it).
        guard let s else { throw Handover("no source", forEveryCall: true) }

        var paint: Paint
        // Whether the paint is the source's gradient (its stops and shape are read from the record
        // only where its fill is made: a copy of them per call, and the map with them in an
        // optional tuple, cost the small call retains and a generic runtime look-up).
        var gradient = false
        // A sampled paint's image (likewise apart).
        var sampling: SampledImage? = nil
        var coverage = Coverage.constant(255)
        // A source or mask whose clip pixman applies (clipsWhenRead) is pixman's to draw.
        if s.clipsWhenRead || m?.clipsWhenRead == true { throw Handover("source or mask clip", forEveryCall: true) }
        // src of an image under an affine transform with the bilinear filter or a separable
        // convolution into its own format, no mask: what cairo does to clone a scaled mask
        // (mask-*-half and -double) or paints a scaled image with. The result is the sample
        // itself — sample_bilinear's or sample_convolution's, byte for byte pixman's — over the
        // whole area: repeat none samples transparent past the image's edges, which src writes.
        if self.op == 0x01, !masked, let image = s.sampling, image.format == dFormat {
            if Self.overlaps(image.data, image.height, image.stride, dData, dHeight, dStride) { throw Handover("source overlaps destination") }
            let boxes = (d.clip ?? [area]).map { $0.intersection(area) }.filter { !$0.isEmpty }
            return try Self.drawSampled(from: image, offset: (sourceX - destinationX, sourceY - destinationY), onto: (dData, dStride),
                                        boxes: boxes, level: level)
        }
        if !masked, op.isBounded, dFormat != .a8, case .bits(.a8?, _, _, _, _) = s.content {
            // An a8 source onto colour is black at its alpha, (0, 0, 0, a): for a bounded
            // operator, where a mask scales the source, that is opaque black through the a8 image
            // as a mask, which Sheen draws (cairo clears under a source with out-reverse of one).
            paint = .solid(0xFF00_0000)
            coverage = try Self.a8Coverage(of: s, x: sourceX - destinationX, y: sourceY - destinationY, area: &area,
                                      destination: (dData, dHeight, dStride))
            if case .constant(0) = coverage { return 0 }   // not src: clearsFirst has a mask
        } else {
            switch s.content {
            case let .solid(v):
                // pixman maps the call's extents through even a solid fill's transform and draws
                // nothing where they leave its 16.16 range (a projective transform's can): such a
                // fill is pixman's (cairo transforms none), as it is the fast path's
                // (PlainImage.unusable).
                guard s.placement != .transformed else { throw Handover("solid transform", forEveryCall: true) }
                paint = .solid(v)
            case let .bits(format?, _, _, _, _) where s.placement == .transformed && format != .a8:
                // A scaled or rotated image (cairo's scaled surface patterns, drawn a span at a
                // time under fills, strokes and glyphs): sampled into scratch once the area is
                // known (below), read then as an untransformed image.
                guard let sampled = s.sampling else { throw Handover("source transform, filter, clip or format", forEveryCall: true) }
                sampling = sampled
                paint = .sampled
            case let .bits(format?, data?, w, h, stride):
                guard s.isPlainlyReadable,
                      format != .a8 || dFormat == .a8, case let .offset(tx, ty) = s.placement else { throw Handover("source transform, filter, clip or format", forEveryCall: true) }
                let dx = sourceX - destinationX + tx, dy = sourceY - destinationY + ty
                if w == 1 && h == 1 && s.repeatMode != UInt32(SHEEN_PIXMAN_REPEAT_NONE) {
                    // Its one pixel, read at its own size: an a8 image has one byte, and it may be
                    // the last before an unmapped page.
                    paint = .solid(Self.argb(format == .a8 ? UInt32(data.load(as: UInt8.self)) : data.load(as: UInt32.self), format))
                } else {
                    let inside = area.intersection(PixelRect(x: -dx, y: -dy, width: w, height: h))
                    var repeats = false
                    if op.isBounded && s.repeatMode == UInt32(SHEEN_PIXMAN_REPEAT_NONE) {
                        area = inside
                    } else if inside != area {
                        guard s.repeatMode != UInt32(SHEEN_PIXMAN_REPEAT_NONE) else { throw Handover("source repeat") }
                        repeats = true
                    }
                    // Pixels read and written in the same memory are drawn only in place (the same
                    // image at the same position, not repeated); any other overlap, such as two
                    // images over one buffer, is pixman's.
                    if Self.overlaps(data, h, stride, dData, dHeight, dStride)
                        && (repeats || clearsFirst || !(data == dData && dx == 0 && dy == 0 && format == dFormat)) {
                        throw Handover("source overlaps destination")
                    }
                    paint = repeats ? .repeated(format: format, data: data, width: w, height: h, stride: stride, dx: dx, dy: dy, mode: s.repeatMode)
                                    : .bits(format: format, data: data, stride: stride, dx: dx, dy: dy)
                }
            case .gradient:
                guard s.gradient != nil else { throw Handover("source kind", forEveryCall: true) }
                // Filters do not apply to gradients (pixman computes every pixel), a transform does.
                guard !s.hasAlphaMap, !s.hasAccessors,
                      let map = s.map else { throw Handover("gradient alpha map, accessors or projective transform", forEveryCall: true) }
                // Destination pixel (x, y) samples the gradient at map(x + sourceX − destinationX, …).
                let offset = Matrix2D.translation(Double(sourceX - destinationX), Double(sourceY - destinationY))
                gradient = true
                paint = .gradient(map: map.concatenating(after: offset))
            default:
                throw Handover("source kind", forEveryCall: true)
            }

            // The coverage: a scaled source, so only bounded operators take a mask below full.
            if mask != nil {
                guard let m else { throw Handover("mask", forEveryCall: true) }
                if m.componentAlpha {
                    coverage = try Self.componentCoverage(of: m, x: maskX - destinationX, y: maskY - destinationY, area: &area,
                                                          paint: paint, op: op, destination: (dFormat, dData, dHeight, dStride))
                } else if case let .solid(v) = m.content {
                    guard m.placement != .transformed else { throw Handover("solid transform", forEveryCall: true) }
                    coverage = .constant(v >> 24)
                } else if m.isA1 {
                    coverage = try Self.a1Coverage(of: m, x: maskX - destinationX, y: maskY - destinationY, area: &area,
                                                   scratch: &shadedMask, destination: (dData, dHeight, dStride))
                } else if let makeScratch = Self.scratchCoverage(of: m) {
                    if area.isEmpty {
                        coverage = .constant(0)
                    } else {
                        // A byte a pixel of the call's area: past scratchPixelLimit, pixman's (it
                        // streams the mask a row at a time).
                        guard area.width * area.height <= Self.scratchPixelLimit else { throw Handover("mask scratch area") }
                        let scratch = try makeScratch(m, maskX - destinationX, maskY - destinationY, area, level)
                        shadedMask = scratch
                        coverage = .bits(data: scratch, stride: area.width, dx: -area.x, dy: -area.y)
                    }
                } else {
                    coverage = try Self.a8Coverage(of: m, x: maskX - destinationX, y: maskY - destinationY, area: &area,
                                          destination: (dData, dHeight, dStride))
                }
                if case .constant(255) = coverage {} else if !op.isBounded { throw Handover("mask with an unbounded operator") }
                if case .constant(0) = coverage { area = PixelRect(x: 0, y: 0, width: 0, height: 0) }
            } else if let held {
                guard op.isBounded else { throw Handover("mask with an unbounded operator") }
                if held.channels == 4 {
                    guard Self.takesComponentAlpha(paint, op, onto: dFormat)
                    else { throw Handover("component-alpha mask with another operator, paint or destination") }
                    coverage = .componentBits(data: held.data, stride: held.stride, dx: -destinationX, dy: -destinationY)
                } else {
                    coverage = .bits(data: held.data, stride: held.stride, dx: -destinationX, dy: -destinationY)
                }
            }
        }

        // A sampled source's pixels over the area (sampleScratch), read then as an image there.
        if let sampled = sampling {
            // Four bytes a pixel of the call's area: past scratchPixelLimit, pixman's.
            guard area.width * area.height <= Self.scratchPixelLimit else { throw Handover("source scratch area") }
            if area.isEmpty {
                paint = .solid(0)
            } else {
                guard let scratch = Self.sampleScratch(sampled, x: sourceX - destinationX, y: sourceY - destinationY, area: area,
                                                       level: level, columns: Self.coveredColumns(coverage, area), coverage: coverage)
                else { throw Handover("source transform beyond the sampling range") }
                sampledSource = scratch
                paint = .bits(format: sampled.format, data: scratch, stride: area.width * 4, dx: -area.x, dy: -area.y)
            }
        }

        // The clip's boxes within the area; the area alone (no array made) without a clip. (Local
        // functions and closures here capture constants only: a captured `var` is boxed, and the
        // release build freed the area's box and then read it — AddressSanitizer in the
        // differential fuzzer; pixman's threaded tests crashed on it in swift_retain.)
        let boxes = d.clip ?? []
        let count = d.clip == nil ? 1 : boxes.count
        let drawArea = area, clipped = d.clip != nil
        func rect(_ i: Int) -> PixelRect { clipped ? boxes[i].intersection(drawArea) : drawArea }
        // For src through a mask: the whole area's boxes, cleared once before the first write;
        // their pixels are what the call drew.
        let clearBoxes = clearsFirst ? (clipped ? boxes.map { $0.intersection(fullArea) } : [fullArea]).filter { !$0.isEmpty } : []
        let clearedPixels = clearBoxes.reduce(0) { $0 + $1.width * $1.height }
        func clearFirst() { if clearsFirst { Self.clear(clearBoxes, format: dFormat, data: dData, stride: dStride, level: level) } }
        if area.isEmpty {
            clearFirst()
            return clearsFirst ? clearedPixels : 0
        }
        // Pixels that are not valid premultiplied colour (a level above its alpha) are pixman's
        // to draw where its saturating arithmetic and Sheen's kernels part ways on them
        // (PixmanOperator.checksSource, .checksDestination).
        switch paint {
        case let .solid(v):
            if !Self.isPremultiplied(v) { throw Handover("source not premultiplied") }
        case .gradient:
            break   // gradients are valid premultiplied colour
        case .sampled:
            break   // made .bits above
        case let .bits(format, data, stride, dx, dy):
            if op.checksSource && !format.isPadded && format != .a8
                && !(0 ..< count).allSatisfy({ Self.isPremultiplied(data, stride: stride, rect($0).offsetBy(dx: dx, dy: dy), level: level) }) {
                throw Handover("source not premultiplied")
            }
        case let .repeated(format, data, w, h, stride, _, _, _):
            // Every pixel of the image, which the repeat may read anywhere.
            if op.checksSource && !format.isPadded && format != .a8
                && !Self.isPremultiplied(data, stride: stride, PixelRect(x: 0, y: 0, width: w, height: h), level: level) {
                throw Handover("source not premultiplied")
            }
        }
        if op.checksDestination && !dFormat.isPadded && dFormat != .a8
            && !(0 ..< count).allSatisfy({ Self.isPremultiplied(dData, stride: dStride, rect($0), level: level) }) {
            throw Handover("destination not premultiplied")
        }
        if gradient, case let .gradient(gradientMap) = paint {
            let drawn = try drawGradient(of: s, map: gradientMap, offset: (sourceX - destinationX, sourceY - destinationY), op: op,
                                         coverage: coverage, level: level, before: clearFirst,
                                         onto: (dFormat, dData, dStride), boxes: count, rect)
            return clearsFirst ? clearedPixels : drawn
        }
        let drawOp = Self.drawOperator(op, paint: paint, coverage: coverage)
        var drawn = 0
        var cleared = false
        for i in 0 ..< count {
            let r = rect(i)
            if r.isEmpty { continue }
            var job = Self.job(drawOp, paint: paint, coverage: coverage, onto: (dFormat, dData, dStride), r)
            if case let .repeated(format, data, w, h, stride, dx, dy, mode) = paint {
                job.paintConversion = Self.conversion(from: format, to: dFormat)
                let source = RepeatedSource(format: format, data: data, width: w, height: h, stride: stride,
                                            dx: r.x + dx, dy: r.y + dy, mode: mode)
                guard source.hasPaths(job) else {
                    if drawn == 0 { throw Handover("no kernel path") }
                    return drawn
                }
                if !cleared { clearFirst(); cleared = true }
                if dFormat.isPadded && op.readsDestinationAlpha { Self.makeOpaque(dData, stride: dStride, r) }
                source.draw(job, at: level)
                drawn += r.width * r.height
                continue
            }
            // Checked before anything is written, with the first rectangle: every rectangle's job
            // takes the same path (they differ in place and size alone).
            if !cleared {
                guard job.hasCompositePath else { throw Handover("no kernel path") }
                clearFirst(); cleared = true
            }
            if dFormat.isPadded && op.readsDestinationAlpha { Self.makeOpaque(dData, stride: dStride, r) }
            job.runOnCheckedPath(at: level)
            drawn += r.width * r.height
        }
        // Where nothing was drawn (the source or mask misses every clip box), src through a mask
        // still clears.
        if !cleared { clearFirst() }
        return clearsFirst ? clearedPixels : drawn
    }

    /// Draws a gradient paint into each of the `count` boxes of the destination `box(i)` gives
    /// (an empty one skipped: no array made per call), one composite job a box
    /// whose paint is the gradient shaded row by row inside the kernel entry, evaluated at the
    /// box's destination pixels — so that one prepared fill serves every box, and, kept by the
    /// gradient's record for the call's offset, every call that draws it so (cairo draws a
    /// gradient-filled shape a span at a time: preparing the fill per call cost more than the
    /// span). A mask may have rows that overlap (stride 0: cairo's one row of coverage repeated
    /// down a rectangle). Throws, having written nothing, where Sheen cannot draw it as pixman
    /// defines it (or refuses its numbers: a degenerate line, coordinates beyond Sheen's limits).
    private func drawGradient(of record: ImageRecord, map: Matrix2D, offset: (x: Int, y: Int), op: PixmanOperator,
                              coverage: Coverage, level: SIMDLevel, before firstWrite: () -> Void,
                              onto d: (format: PixmanFormat, data: UnsafeMutableRawPointer, stride: Int),
                              boxes count: Int, _ box: (Int) -> PixelRect) throws(Handover) -> Int {
        guard let fill = record.gradientFill(offset: offset, make: {
            record.gradient.flatMap { GradientFillCache.fill($0, repeatMode: record.repeatMode, map: map) }
        }) else { throw Handover("gradient stops, repeat, kind or numbers") }
        let format = d.format.sheenFormat
        var masked = false
        // (A component-alpha coverage comes only where takesComponentAlpha said so.)
        switch coverage {
        case .bits, .componentBits: masked = true
        case .constant: break
        }
        guard SheenCompositeJob.hasEveryPath(op.sheen, onto: format, masked: masked) else { throw Handover("no kernel path") }
        firstWrite()
        var drawn = 0
        for i in 0 ..< count {
            let r = box(i)
            if r.isEmpty { continue }
            var job = Self.job(op.sheen, paint: .gradient(map: map), coverage: coverage, onto: d, r)
            if d.format.isPadded && op.readsDestinationAlpha { Self.makeOpaque(d.data, stride: d.stride, r) }
            // Cannot fail: the path was checked above for every job of the operator.
            _ = job.run(gradient: fill, x: r.x, y: r.y, level: level)
            drawn += r.width * r.height
        }
        return drawn
    }

    /// The operator a call's jobs run: over an opaque image (x8: its padding read as alpha 255)
    /// with full coverage is that image, exactly — drawn as source, a copy, not a blend of every
    /// pixel; else the operator's own.
    static func drawOperator(_ op: PixmanOperator, paint: Paint, coverage: Coverage) -> CompositeOperator {
        var format: PixmanFormat? = nil, full = false
        if case let .bits(f, _, _, _, _) = paint { format = f }
        if case .constant(255) = coverage { full = true }
        return drawOperator(op, paintFormat: format, fullCoverage: full)
    }

    /// `drawOperator(_:paint:coverage:)` for a paint read as pixels of `paintFormat` (nil for
    /// any other paint), at full coverage or not.
    static func drawOperator(_ op: PixmanOperator, paintFormat: PixmanFormat?, fullCoverage: Bool) -> CompositeOperator {
        op.code == 0x03 && paintFormat?.isPadded == true && fullCoverage ? .source : op.sheen
    }

    /// The job of `op` over destination rectangle `r` with a solid or bits `paint` (a repeated or
    /// gradient paint is left for the caller to set) through `coverage`.
    static func job(_ op: CompositeOperator, paint: Paint, coverage: Coverage,
                    onto d: (format: PixmanFormat, data: UnsafeMutableRawPointer, stride: Int), _ r: PixelRect) -> SheenCompositeJob {
        var job = SheenCompositeJob(op: op, format: d.format.sheenFormat, dst: d.data + r.y * d.stride + r.x * d.format.sheenFormat.bytesPerPixel,
                                    dstStride: d.stride, width: r.width, height: r.height)
        switch paint {
        case let .solid(v):
            job.solid = pixel(v, for: d.format)
        case let .bits(format, data, stride, dx, dy):
            job.paint = UnsafeRawPointer(data + (r.y + dy) * stride + (r.x + dx) * format.sheenFormat.bytesPerPixel)
            job.paintStride = stride
            job.paintConversion = conversion(from: format, to: d.format)
        case .repeated, .gradient, .sampled:
            break
        }
        switch coverage {
        case let .constant(c):
            job.coverage = c
        case let .bits(data, stride, dx, dy):
            job.mask = UnsafePointer((data + (r.y + dy) * stride + (r.x + dx)).assumingMemoryBound(to: UInt8.self))
            job.maskStride = stride
        case let .componentBits(data, stride, dx, dy):
            job.mask = UnsafePointer((data + (r.y + dy) * stride + 4 * (r.x + dx)).assumingMemoryBound(to: UInt8.self))
            job.maskStride = stride
            job.componentAlpha = 1
        }
        return job
    }

    /// Clears `boxes` of the destination to transparent (src through a mask: the area first).
    static func clear(_ boxes: [PixelRect], format: PixmanFormat, data: UnsafeMutableRawPointer, stride: Int,
                              level: SIMDLevel) {
        for r in boxes { clear(r, format: format, data: data, stride: stride, level: level) }
    }

    /// Clears rectangle `r` of the destination to transparent: zero bytes, what the clear
    /// operator writes, stored by the level's row fill (src through a mask clears the area of
    /// each of cairo's spans and glyphs first: a composite job, or an array of one box, cost more
    /// than the stores). Out of line: inlined into the fast path's draw, it cost every span
    /// call ~10 instructions, cleared or not (callgrind, an image filled a span at a time).
    @inline(never)
    static func clear(_ r: PixelRect, format: PixmanFormat, data: UnsafeMutableRawPointer, stride: Int, level: SIMDLevel) {
        let bytesPerPixel = format.sheenFormat.bytesPerPixel
        var zero: UInt32 = 0
        fillRows(data + r.y * stride + r.x * bytesPerPixel, stride: stride, width: r.width, height: r.height,
                 bytesPerPixel: bytesPerPixel, values: &zero, count: 1, phase: 0, level: level)
    }

    /// An a8 image as coverage, sampled at (x + dx, y + dy) for destination pixel (x, y): clips
    /// `area` to the image with repeat none (which must cover it otherwise).
    private static func a8Coverage(of m: ImageRecord, x: Int, y: Int, area: inout PixelRect,
                                   destination d: (data: UnsafeMutableRawPointer, height: Int, stride: Int)) throws(Handover) -> Coverage {
        guard case let .bits(.a8?, data?, w, h, stride) = m.content else { throw Handover("mask kind", forEveryCall: true) }
        guard m.isPlainlyReadable, case let .offset(tx, ty) = m.placement else { throw Handover("mask transform or filter", forEveryCall: true) }
        let dx = x + tx, dy = y + ty
        if w == 1 && h == 1 && m.repeatMode != UInt32(SHEEN_PIXMAN_REPEAT_NONE) {
            return .constant(UInt32(data.load(as: UInt8.self)))
        }
        let inside = area.intersection(PixelRect(x: -dx, y: -dy, width: w, height: h))
        if m.repeatMode == UInt32(SHEEN_PIXMAN_REPEAT_NONE) {
            area = inside
        } else if inside != area {
            throw Handover("mask repeat")
        }
        if overlaps(data, h, stride, d.data, d.height, d.stride) { throw Handover("mask overlaps destination") }
        return .bits(data: data, stride: stride, dx: dx, dy: dy)
    }

    /// Whether the full path draws `paint` through a component-alpha mask (a coverage byte per
    /// channel in a8r8g8b8's byte order) with `op` onto `format`: a gradient's rows with over
    /// onto a8r8g8b8 or x8r8g8b8 — the entry's component-alpha kernel is over's and reads the
    /// coverage bytes in the destination's order. (Images through such a mask are
    /// CompositePlan's, a colour's pixman's.) The one statement of the rule for both such masks:
    /// a glyph run's held one and a mask image.
    static func takesComponentAlpha(_ paint: Paint, _ op: PixmanOperator, onto format: PixmanFormat) -> Bool {
        guard case .gradient = paint else { return false }
        return op.code == PixmanOperator.sourceOver.code && (format == .a8r8g8b8 || format == .x8r8g8b8)
    }

    /// A component-alpha mask — an a8r8g8b8 image of which pixman reads a coverage byte per
    /// channel: subpixel glyphs, which pixman's glyph cache marks so — as coverage, sampled at
    /// (x + dx, y + dy) for destination pixel (x, y): clips `area` to the image (repeat none
    /// only), where `takesComponentAlpha` says.
    private static func componentCoverage(of m: ImageRecord, x: Int, y: Int, area: inout PixelRect, paint: Paint, op: PixmanOperator,
                                          destination d: (format: PixmanFormat, data: UnsafeMutableRawPointer, height: Int, stride: Int))
        throws(Handover) -> Coverage {
        guard takesComponentAlpha(paint, op, onto: d.format), case let .bits(.a8r8g8b8?, data?, w, h, stride) = m.content, m.isPlainlyReadable, case let .offset(tx, ty) = m.placement,
              m.repeatMode == UInt32(SHEEN_PIXMAN_REPEAT_NONE)
        else { throw Handover("mask component alpha", forEveryCall: true) }
        let dx = x + tx, dy = y + ty
        area = area.intersection(PixelRect(x: -dx, y: -dy, width: w, height: h))
        if area.isEmpty { return .constant(0) }
        if overlaps(data, h, stride, d.data, d.height, d.stride) { throw Handover("mask overlaps destination") }
        return .componentBits(data: data, stride: stride, dx: dx, dy: dy)
    }

    /// An a1 image (cairo's mono glyphs, and the mask pixman_composite_glyphs builds of them) as
    /// coverage, sampled at (x + dx, y + dy) for destination pixel (x, y): clips `area` to the
    /// image (repeat none only: transparent past its edges) and expands its bits over it into A8
    /// scratch (`scratch`, rows `area.width` bytes apart; the caller frees it).
    private static func a1Coverage(of m: ImageRecord, x: Int, y: Int, area: inout PixelRect, scratch: inout UnsafeMutableRawPointer?,
                                   destination d: (data: UnsafeMutableRawPointer, height: Int, stride: Int)) throws(Handover) -> Coverage {
        guard case let .bits(_, data?, w, h, stride) = m.content, m.isPlainlyReadable, case let .offset(tx, ty) = m.placement,
              m.repeatMode == UInt32(SHEEN_PIXMAN_REPEAT_NONE) else { throw Handover("mask transform, filter or repeat", forEveryCall: true) }
        let dx = x + tx, dy = y + ty
        area = area.intersection(PixelRect(x: -dx, y: -dy, width: w, height: h))
        if area.isEmpty { return .constant(0) }
        guard area.width * area.height <= scratchPixelLimit else { throw Handover("mask scratch area") }
        if overlaps(data, h, stride, d.data, d.height, d.stride) { throw Handover("mask overlaps destination") }
        let expanded = UnsafeMutableRawPointer.allocate(byteCount: area.width * area.height, alignment: 64)
        expandA1(data, stride: stride, x: area.x + dx, y: area.y + dy, width: area.width, height: area.height,
                 into: expanded, outStride: area.width)
        scratch = expanded
        return .bits(data: expanded, stride: area.width, dx: -area.x, dy: -area.y)
    }

    /// The most pixels a call's mask scratch may hold (16 MiB): a larger call through a gradient
    /// or transformed mask is pixman's.
    static let scratchPixelLimit = 1 << 24

    /// How a mask that Sheen reads through A8 scratch made over the call's area is made: a
    /// gradient's alpha shaded, an a8 image under a transform sampled; nil for any other mask.
    private static func scratchCoverage(of m: ImageRecord)
        -> ((ImageRecord, Int, Int, PixelRect, SIMDLevel) throws(Handover) -> UnsafeMutableRawPointer)? {
        if case .gradient = m.content { return gradientCoverage(of:x:y:area:level:) }
        // Only an a8 image sample_bilinear reads (not one under a convolution filter): the
        // others go on to a8Coverage, which refuses them — before an empty area could let the
        // call count as drawn (the differential fuzzer's finding).
        if case .bits(.a8?, _, _, _, _) = m.content, m.placement == .transformed, m.sampling?.format == .a8 {
            return bilinearCoverage(of:x:y:area:level:)
        }
        return nil
    }

    /// A gradient image as coverage — its alpha, which is all pixman reads of a mask that is not
    /// component alpha — sampled at (x + dx, y + dy) for destination pixel (x, y): shaded by
    /// Sheen's span kernel into A8 scratch over `area` (not empty; rows `area.width` bytes apart),
    /// which the caller frees. The fill is kept by the record for the call's mask offset, as a
    /// gradient source's is.
    private static func gradientCoverage(of m: ImageRecord, x dx: Int, y dy: Int, area: PixelRect,
                                         level: SIMDLevel) throws(Handover) -> UnsafeMutableRawPointer {
        guard let g = m.gradient, !m.hasAlphaMap, !m.hasAccessors, let map = m.map else {
            throw Handover("mask gradient kind, alpha map, accessors or projective transform")
        }
        let shifted = map.concatenating(after: Matrix2D.translation(Double(dx), Double(dy)))
        guard let fill = m.gradientFill(offset: (dx, dy), make: { GradientFillCache.fill(g, repeatMode: m.repeatMode, map: shifted) })
        else { throw Handover("mask gradient stops, repeat, kind or numbers") }
        let shaded = UnsafeMutableRawPointer.allocate(byteCount: area.width * area.height, alignment: 64)
        fill.shade(into: shaded, stride: area.width, x: area.x, y: area.y, width: area.width, height: area.height,
                   format: .a8, level: level)
        return shaded
    }

    /// A transformed image (SampledImage) sampled at (x + dx, y + dy) for destination pixel
    /// (x, y) through its transform: drawn by sample_bilinear or sample_convolution — the pixels
    /// pixman's bilinear or separable convolution fetcher gives — into scratch of the image's
    /// format over `area` (not empty; rows `area.width` pixels apart), which the caller frees;
    /// nil, having allocated nothing, where the area's positions leave the kernel's range. The image is read whole before anything is
    /// written, so it may share memory with the destination. cairo draws a scaled image as a
    /// source so (its scaled surface patterns, painted, and a span at a time under fills,
    /// strokes and glyphs) and masks with a scaled a8 image (mask-*-half and -double).
    ///
    /// With `columns` (coveredColumns'), only those runs of the area's columns are sampled, the
    /// rest left transparent. With a `coverage` of bits (the call's mask over the area), pixels
    /// under coverage 0 are left transparent rather than sampled (SheenBilinearJob's
    /// `coverage`): the call composites them through 0 (cairo's glyphs of a scaled image, whose
    /// boxes are mostly uncovered, sampled whole ran at 0.64–0.76× pixman's speed).
    ///
    /// `kept`: memory of at least the area's bytes to sample into instead (a thread's scratch
    /// slot, ThreadScratch.c), which the caller neither frees nor gets freed.
    static func sampleScratch(_ image: SampledImage, x dx: Int, y dy: Int, area: PixelRect, level: SIMDLevel,
                              columns: [Range<Int>]? = nil, coverage: Coverage = .constant(255),
                              into kept: UnsafeMutableRawPointer? = nil) -> UnsafeMutableRawPointer? {
        let bpp = image.format.sheenFormat.bytesPerPixel
        let stride = area.width * bpp
        // malloc's own alignment: a larger one cost cairo's span-sized calls a slower allocation.
        let scratch = kept ?? UnsafeMutableRawPointer.allocate(byteCount: stride * area.height, alignment: 16)
        /// Samples the area's columns `run`; false where its positions leave the kernel's range.
        func sample(_ run: Range<Int>) -> Bool {
            var covered: (UnsafeRawPointer, Int)? = nil
            if case let .bits(data, coverageStride, cx, cy) = coverage {
                covered = (UnsafeRawPointer(data + (area.y + cy) * coverageStride + area.x + cx + run.lowerBound), coverageStride)
            }
            guard let job = image.job(into: scratch + run.lowerBound * bpp, stride: stride, at: (area.x + run.lowerBound + dx, area.y + dy),
                                      width: run.count, height: area.height, coverage: covered) else { return false }
            job.run(level: level)
            return true
        }
        // (The whole area without an array of one run: this runs for each of cairo's spans.)
        var sampled = true
        if let columns {
            scratch.initializeMemory(as: UInt8.self, repeating: 0, count: stride * area.height)
            for run in columns where sampled { sampled = sample(run) }
        } else {
            sampled = sample(0 ..< area.width)
        }
        if !sampled && kept == nil { scratch.deallocate() }
        return sampled ? scratch : nil
    }

    /// The runs of rectangle `r`'s columns (0-based) where some row of an a8 `coverage` is not
    /// zero, found eight columns at a time (the rows' words or-ed together; a run ends at two
    /// zero words, so gaps under 16 columns are taken through); nil for constant coverage, a
    /// narrow or single-row rectangle, or runs over more than half its width — all of `r` is
    /// sampled then. A call's pixels under zero coverage stay the destination's whatever the
    /// source (the operators taking a mask are bounded), so a transformed source is sampled
    /// over these runs alone: cairo strokes a shape through a mask a few of its rows at a time,
    /// covered only where the stroke crosses them, and pixman's fetchers skip zero coverage
    /// (sampling it all made cairo-perf's strokes of a scaled image at 512 px 0.29× pixman's
    /// speed). (The composite kernels skip chunks of zero coverage themselves.)
    static func coveredColumns(_ coverage: Coverage, _ r: PixelRect) -> [Range<Int>]? {
        guard case let .bits(data, stride, dx, dy) = coverage, r.height > 1 else { return nil }
        let words = r.width / 8
        if words < 4 { return nil }
        // Each word of columns or-ed over the rows (a last part word counts as covered), in
        // temporary memory (the stack), and the runs counted before any array is made: most calls
        // (a glyph run's mask) cover more than half and take none. (Two arrays a call cost
        // 8-pixel text of a magnified image ~4 % of its run.)
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: words) { any -> [Range<Int>]? in
            any.initialize(repeating: 0)
            var scanned = 0
            /// Ors row `y` in; whether more than half the columns now lie in covered words (the
            /// runs hold every such word): the answer is nil then, whatever the other rows hold.
            /// Counted after the 1st, 2nd, 4th, 8th… row and the last only: the or alone is a
            /// vector loop, and the box of a stroked outline's sides, whose runs are wanted, is
            /// read whole (counting each row was 4 % of cairo-perf's strokes of a magnified image).
            func coversHalf(_ y: Int) -> Bool {
                let row = data + (y + dy) * stride + r.x + dx
                for w in 0 ..< words { any[w] |= row.loadUnaligned(fromByteOffset: 8 * w, as: UInt64.self) }
                scanned += 1
                guard scanned & (scanned - 1) == 0 || scanned == r.height else { return false }
                var coveredWords = 0
                for w in 0 ..< words where any[w] != 0 { coveredWords += 1 }
                return 16 * coveredWords > r.width
            }
            // The first and last rows, then the others from the middle out: a stroked outline's
            // box ends where the stroke crosses it whole (scanned middle-out first, each such box
            // was read whole for a nil), a glyph run's mask as a rule after a row or two through
            // its glyphs' middles.
            if coversHalf(r.y) || coversHalf(r.y + r.height - 1) { return nil }
            let inner = r.height - 2, middle = r.y + 1 + inner / 2
            for i in 0 ..< inner where coversHalf(i % 2 == 0 ? middle + i / 2 : middle - (i + 1) / 2) { return nil }
            /// Calls `found` with each run of covered columns (gaps under 16 columns taken through);
            /// returns the columns they hold.
            func runs(_ found: (Range<Int>) -> Void) -> Int {
                var covered = 0, start = -1, zeros = 0
                for w in 0 ..< words {
                    if any[w] != 0 {
                        if start < 0 { start = 8 * w }
                        zeros = 0
                    } else if start >= 0 {
                        zeros += 1
                        if zeros == 2 {
                            found(start ..< 8 * (w - 1)); covered += 8 * (w - 1) - start
                            start = -1
                        }
                    }
                }
                if start >= 0 || r.width % 8 != 0 {
                    // A run open at the last word, or the columns past the last whole word: to the end.
                    let from = start >= 0 ? start : 8 * words
                    found(from ..< r.width); covered += r.width - from
                }
                return covered
            }
            if 2 * runs({ _ in }) > r.width { return nil }
            var list: [Range<Int>] = []
            _ = runs { list.append($0) }
            return list
        }
    }

    /// A transformed a8 image (SampledImage) as coverage: sampleScratch's A8 scratch over `area`.
    private static func bilinearCoverage(of m: ImageRecord, x dx: Int, y dy: Int, area: PixelRect,
                                         level: SIMDLevel) throws(Handover) -> UnsafeMutableRawPointer {
        guard let sampled = m.sampling, sampled.format == .a8 else { throw Handover("mask transform or filter", forEveryCall: true) }
        guard let scratch = sampleScratch(sampled, x: dx, y: dy, area: area, level: level) else {
            throw Handover("mask transform beyond the sampling range")
        }
        return scratch
    }

    /// Fills `boxes` of a destination of the image's format with the image (SampledImage) sampled
    /// by its filter (pixel (x, y) at the image's pixel (x + offset.x, y + offset.y) through its
    /// transform), one sampling job a box; throws, having written nothing, where a box's positions
    /// leave the kernel's range.
    private static func drawSampled(from image: SampledImage, offset: (x: Int, y: Int),
                                    onto d: (data: UnsafeMutableRawPointer, stride: Int),
                                    boxes: [PixelRect], level: SIMDLevel) throws(Handover) -> Int {
        var jobs: [SamplingJob] = []
        for r in boxes {
            guard let job = image.job(into: d.data + r.y * d.stride + r.x * image.format.sheenFormat.bytesPerPixel, stride: d.stride,
                                      at: (r.x + offset.x, r.y + offset.y),
                                      width: r.width, height: r.height)
            else { throw Handover("source transform beyond the sampling range") }
            jobs.append(job)
        }
        for job in jobs { job.run(level: level) }
        return boxes.reduce(0) { $0 + $1.width * $1.height }
    }

    /// Whether the rows of two images (first row, row count, bytes between rows) share any byte.
    @inline(__always)
    static func overlaps(_ a: UnsafeMutableRawPointer, _ aRows: Int, _ aStride: Int,
                                 _ b: UnsafeMutableRawPointer, _ bRows: Int, _ bStride: Int) -> Bool {
        overlaps(span(a, aRows, aStride), span(b, bRows, bStride))
    }

    /// Whether two spans of bytes (`span`'s [low, high)) share any byte.
    @inline(__always)
    static func overlaps(_ a: (UInt, UInt), _ b: (UInt, UInt)) -> Bool { a.0 < b.1 && b.0 < a.1 }

    /// The bytes an image's rows may reach, [low, high): from its lowest row's start to its
    /// highest row's start plus one stride.
    @inline(__always)
    static func span(_ p: UnsafeMutableRawPointer, _ rows: Int, _ stride: Int) -> (UInt, UInt) {
        let first = UInt(bitPattern: p), last = UInt(bitPattern: p + (max(rows, 1) - 1) &* stride)
        return first <= last ? (first, last &+ stride.magnitude) : (last, first &+ stride.magnitude)
    }

    /// A pixel of `format` as pixman's a8r8g8b8 value (an x8 format's padding as alpha 255; an
    /// a8 pixel as alpha alone).
    private static func argb(_ v: UInt32, _ format: PixmanFormat) -> UInt32 {
        switch format {
        case .a8r8g8b8: v
        case .x8r8g8b8: v | 0xFF00_0000
        case .a8b8g8r8: sheen_paint_converted(v, UInt32(SHEEN_PAINT_SWAP_RED_BLUE))
        case .x8b8g8r8: sheen_paint_converted(v, UInt32(SHEEN_PAINT_SWAP_RED_BLUE | SHEEN_PAINT_OPAQUE))
        case .a8: (v & 0xFF) << 24
        }
    }

    /// pixman's a8r8g8b8 value `v` as a solid pixel of destination `format` for a job.
    static func pixel(_ v: UInt32, for format: PixmanFormat) -> UInt32 {
        switch format.sheenFormat {
        case .bgra8Premultiplied: v
        case .rgba8Premultiplied: sheen_paint_converted(v, UInt32(SHEEN_PAINT_SWAP_RED_BLUE))
        case .a8: v >> 24
        }
    }

    /// The paint conversion from source pixels of `source` to destination `destination`.
    static func conversion(from source: PixmanFormat, to destination: PixmanFormat) -> UInt32 {
        let padding = source.isPadded ? UInt32(SHEEN_PAINT_OPAQUE) : 0
        if source.sheenFormat == destination.sheenFormat { return padding == 0 ? UInt32(SHEEN_PAINT_AS_IS) : padding }
        if destination == .a8 { return UInt32(SHEEN_PAINT_ALPHA) | padding }
        return UInt32(SHEEN_PAINT_SWAP_RED_BLUE) | padding
    }

    /// Whether the a8r8g8b8 value `v` is valid premultiplied colour: no colour level above alpha.
    static func isPremultiplied(_ v: UInt32) -> Bool {
        let a = v >> 24
        return (v >> 16) & 0xFF <= a && (v >> 8) & 0xFF <= a && v & 0xFF <= a
    }

    /// Whether every 32-bit pixel of `r` (alpha in its fourth byte) is valid premultiplied colour:
    /// SheenRaster's check_premultiplied kernel at `level` (the check reads every pixel a call
    /// reads, so it must run at the speed of a read: in Swift it took 62 % of a 64 × 64 image's
    /// over, twice the kernel's time).
    /// A span of a few pixels (cairo's edges) is checked here, where the kernel's call would cost
    /// more than the pixels.
    @inline(__always)
    static func isPremultiplied(_ data: UnsafeMutableRawPointer, stride: Int, _ r: PixelRect, level: SIMDLevel) -> Bool {
        isPremultiplied(data, stride: stride, r, check: PremultipliedCheck(level: level))
    }

    /// `isPremultiplied(_:stride:_:level:)` through a level's check looked up already.
    @inline(__always)
    static func isPremultiplied(_ data: UnsafeMutableRawPointer, stride: Int, _ r: PixelRect, check: PremultipliedCheck) -> Bool {
        if r.isEmpty { return true }
        let first = data + r.y * stride + r.x * 4
        if r.height == 1 && r.width <= 4 {
            for x in 0 ..< r.width where !isPremultiplied(first.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)) { return false }
            return true
        }
        return check.firstRowNotPremultiplied(first, stride: stride, width: r.width, height: r.height) == nil
    }

    /// Sets the padding byte of an x8 destination's pixels in `r` to 255, the alpha pixman reads
    /// there, so that an operator that reads the destination's alpha reads that.
    static func makeOpaque(_ data: UnsafeMutableRawPointer, stride: Int, _ r: PixelRect) {
        for y in r.y ..< r.y + r.height {
            let row = (data + y * stride + r.x * 4).assumingMemoryBound(to: UInt32.self)
            for x in 0 ..< r.width { row[x] |= 0xFF00_0000 }
        }
    }
}
