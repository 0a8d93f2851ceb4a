// What the composite's fast path decides from a call's operator and images alone, decided once
// for the many calls that share them. cairo composites a filled or stroked shape a span at a
// time — a row's edge pixels through an a8 row, its inside unmasked: about three calls a row
// with the same images — and working out per call what the images allow (their records looked
// up, their kinds, formats and overlap checked, the operator's row read, the job's constant part
// built) cost more than pixman's whole call. A plan is made from the images as the fast path
// reads them (PlainImage) and kept per thread for the next call (PlanMemo.swift); a call then
// only places its rectangle (`draw`).

import CSheenPixman
import CSheenSIMD
import SheenRaster

/// The fast path's decisions for one operator, source, mask and destination: drawPlain's rules,
/// in its order, for everything that does not depend on a call's rectangle and offsets. Plain
/// values only: a thread's memo keeps it as bytes and writes over it without destroying it.
struct CompositePlan {
    /// The source as the plan reads it.
    enum Source {
        /// One colour: the template's `solid`.
        case solid
        /// Pixels read at a whole-pixel offset (dx, dy, besides the call's), transparent past
        /// their edges.
        case bits(format: PixmanFormat, data: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, dx: Int, dy: Int)
        /// A 32-bit image sampled by its filter (bilinear or separable convolution) into scratch
        /// over a call's area, then read as bits.
        case sampled(SampledImage)
        /// src of a sampled image into its own format, unmasked: the sample written straight into
        /// the destination.
        case sampledCopy(SampledImage)
    }

    /// An a8 mask image, read at a whole-pixel offset (dx, dy, besides the call's), transparent
    /// past its edges; or a component-alpha one (`channels` 4: a coverage byte per channel, in
    /// the destination's byte order).
    struct MaskBits {
        let data: UnsafeMutableRawPointer
        let width: Int, height: Int, stride: Int, dx: Int, dy: Int
        /// Coverage bytes a pixel: 1, or 4 for component alpha.
        let channels: Int
        /// Whether the mask is a glyph run's (pixman_composite_glyphs, GlyphCalls.swift): its
        /// glyphs' coverage, zero over much of its area between and around their strokes.
        let isGlyphRun: Bool

        /// Image `m` as a mask of calls into destination `d`; nil where it is not an a8 image the
        /// fast path reads, or shares memory with the destination (drawWithSheen's). With
        /// `channels` 4, `m` is a component-alpha mask's bytes as A8 values, 4 a pixel (a glyph
        /// run's, GlyphCalls.swift).
        init?(_ m: PlainImage, onto d: PlainImage, channels: Int = 1, isGlyphRun: Bool = false) {
            guard m.kind == .bits, m.format == .a8, let data = m.data, let dData = d.data,
                  !CompositeCall.overlaps(data, m.height, m.stride, dData, d.height, d.stride) else { return nil }
            self.data = data
            width = m.width / channels; height = m.height; stride = m.stride; dx = m.dx; dy = m.dy
            self.channels = channels
            self.isGlyphRun = isGlyphRun
        }
    }

    /// How a plan's calls are masked.
    enum Masking {
        /// Not at all.
        case none
        /// By this image (a colour, or a8 pixels).
        case image(PlainImage)
        /// By an a8 image each call gives `draw` (a glyph run's glyphs, through a source other
        /// than a colour): checked per call (MaskBits' init).
        case perCall
    }

    private let source: Source
    /// The mask where it is an a8 image (a solid mask is the template's `coverage`; none is 255;
    /// nil too where each call gives its own).
    private let mask: MaskBits?
    /// The coverage where the mask is not an image.
    private let coverage: UInt32
    /// Whether `mask` is the call's a8 source, read at the source's offset: an a8 image onto
    /// colour is black at its alpha, which for a bounded operator is opaque black through the
    /// image as a mask, as drawWithSheen draws it (cairo clears under text or a shape drawn with
    /// src by out-reverse of such a mask, then adds the source through it: the call went through
    /// drawWithSheen each time).
    private let maskIsSource: Bool
    /// Whether the operator leaves pixels outside the source alone (it is then clipped to it).
    private let bounded: Bool
    /// src through a mask: the area cleared, then drawn with over.
    private let clearsFirst: Bool
    /// The destination: its format, memory, row stride and the part that may be drawn.
    private let format: PixmanFormat
    private let data: UnsafeMutableRawPointer
    private let stride: Int
    /// (Changed only by `clip(to:)`.)
    private var drawable: PixelRect
    /// Whether a call's source or destination pixels must be checked for valid premultiplied
    /// colour first (PixmanOperator.checksSource, .checksDestination, for the formats with alpha).
    private let checksSourcePixels: Bool, checksDestinationPixels: Bool
    /// Whether an x8 destination's padding is made opaque first (the operator reads its alpha).
    private let makesOpaque: Bool
    /// Whether the operator's kernels take every job of the plan's kind (else asked per job).
    private let drawsEveryJob: Bool
    /// Whether a sampled source's calls through an a8 mask covering runs of columns may be drawn
    /// in one pass, each sample composited as it is made (SheenBilinearJob's `over`; drawSampled
    /// says when): over (or src onto a cleared area) of an image of the destination's format with
    /// alpha, apart from the destination's memory.
    private let composesSamples: Bool
    /// The job's constant part: operator, format, strides, conversion, colour, coverage.
    private let template: SheenCompositeJob
    /// Whether its jobs need scratch rows (else they run straight on `runner`).
    private let needsScratch: Bool
    private let runner: CompositeRunner
    /// The level's premultiplied check, for `checksSourcePixels` and `checksDestinationPixels`.
    private let check: PremultipliedCheck

    /// The plan for pixman operator `code` with source `s`, masked as `masking` says, into
    /// destination `d`, its jobs run at `level`; nil where drawPlain declines every such call.
    /// `sampling` gives a sampled source's image (its record's, looked up only then).
    init?(op code: UInt32, source s: PlainImage, mask masking: Masking, destination d: PlainImage,
          level: SIMDLevel, sampling: () -> SampledImage?) {
        let masked: Bool
        if case .none = masking { masked = false } else { masked = true }
        guard var op = PixmanOperator.of(code) else { return nil }
        // src through a mask writes S·m — transparent where the mask or the source is — which is
        // S·m over transparent: the area is cleared first, then drawn with over (cairo fills a
        // shape with src so, a span at a time).
        let clearsFirst = op.code == 0x01 && masked
        if clearsFirst { op = PixmanOperator.sourceOver }
        guard d.isDestination, let dFormat = d.format, let dData = d.data, dFormat != .a8 || !op.sheen.isBlendMode else { return nil }

        /// The paint's format where it is read as pixels (padded: drawn as a copy at full coverage).
        let source: Source, paintFormat: PixmanFormat?
        let maskIsSource = s.kind == .bits && s.format == .a8 && dFormat != .a8
        switch s.kind {
        case .solid:
            // A colour that is not premultiplied is drawWithSheen's.
            guard CompositeCall.isPremultiplied(s.solid) else { return nil }
            source = .solid
            paintFormat = nil
        case .bits where maskIsSource:
            // An a8 source onto colour, unmasked: opaque black through it (`maskIsSource`).
            guard !masked else { return nil }
            source = .solid
            paintFormat = nil
        case .bits:
            guard let format = s.format, let data = s.data else { return nil }
            if CompositeCall.overlaps(data, s.height, s.stride, dData, d.height, d.stride) { return nil }
            source = .bits(format: format, data: data, width: s.width, height: s.height, stride: s.stride, dx: s.dx, dy: s.dy)
            paintFormat = format
        case .sampled:
            guard let image = sampling() else { return nil }
            if code == 0x01 && !masked && image.format == dFormat {
                if CompositeCall.overlaps(image.data, image.height, image.stride, dData, d.height, d.stride) { return nil }
                source = .sampledCopy(image)
            } else {
                // An a8 image onto colour is drawWithSheen's.
                guard image.format != .a8 else { return nil }
                source = .sampled(image)
            }
            paintFormat = image.format
        case .unusable:
            return nil
        }

        // The coverage where no image gives it, the mask image where the plan has one, and whether
        // an image masks the calls (the plan's or each call's).
        var coverage: UInt32 = 255, maskBits: MaskBits? = nil, maskedByImage = false
        switch masking {
        case .none where maskIsSource:
            guard let bits = MaskBits(s, onto: d) else { return nil }
            maskBits = bits
            maskedByImage = true
        case .none:
            break
        case let .image(m) where m.kind == .solid:
            coverage = m.solid >> 24
        case let .image(m):
            guard let bits = MaskBits(m, onto: d) else { return nil }
            maskBits = bits
            maskedByImage = true
        case .perCall:
            maskedByImage = true
        }
        if maskedByImage || coverage != 255, !op.isBounded { return nil }

        let checksSourcePixels = op.checksSource && paintFormat.map { !$0.isPadded && $0 != .a8 } ?? false
        let checksDestinationPixels = op.checksDestination && !dFormat.isPadded && dFormat != .a8
        let makesOpaque = dFormat.isPadded && op.readsDestinationAlpha
        let drawOp = CompositeCall.drawOperator(op, paintFormat: paintFormat, fullCoverage: !maskedByImage && coverage == 255)
        var job = SheenCompositeJob(op: drawOp, format: dFormat.sheenFormat, dst: dData, dstStride: d.stride, width: 0, height: 0)
        if case .solid = source { job.solid = CompositeCall.pixel(maskIsSource ? 0xFF00_0000 : s.solid, for: dFormat) }
        if let paintFormat {
            job.paintConversion = CompositeCall.conversion(from: paintFormat, to: dFormat)
            if case let .bits(_, _, _, _, stride, _, _) = source { job.paintStride = stride }
        }
        if !maskedByImage { job.coverage = coverage }
        // The operator's table says whether its kernels take every job (over drawn as a copy: the
        // copy's row); asked per job only where they do not.
        let row = drawOp == op.sheen ? op : PixmanOperator.source
        self.source = source; mask = maskBits; self.coverage = coverage; self.maskIsSource = maskIsSource
        bounded = op.isBounded; self.clearsFirst = clearsFirst
        format = dFormat; data = dData; stride = d.stride; drawable = d.drawableRect
        self.checksSourcePixels = checksSourcePixels; self.checksDestinationPixels = checksDestinationPixels
        self.makesOpaque = makesOpaque
        drawsEveryJob = row.drawsEveryJob(onto: dFormat, masked: maskedByImage)
        if case let .sampled(image) = source {
            composesSamples = drawOp == .sourceOver && image.format == dFormat && !dFormat.isPadded && dFormat != .a8
                && !checksSourcePixels && !checksDestinationPixels && !makesOpaque
                && !CompositeCall.overlaps(image.data, image.height, image.stride, dData, d.height, d.stride)
        } else {
            composesSamples = false
        }
        template = job
        // Asked of the template as each call fills it in — its paint rows and, masked by an
        // image, a mask at full coverage (the entry's tests read only whether they are set: the
        // destination's address stands in). Asked of the bare template, an x8 image's copy said
        // yes, and each of cairo's spans of one went through runOnCheckedPath to hear no (its
        // fill-eo-noaa of an RGB24 image at 0.85–0.89× pixman's speed).
        var probe = job
        switch source {
        case .bits, .sampled: probe.paint = UnsafeRawPointer(dData)
        case .solid, .sampledCopy: break
        }
        if maskedByImage { probe.mask = UnsafePointer(dData.assumingMemoryBound(to: UInt8.self)) }
        needsScratch = probe.needsScratch
        runner = CompositeRunner(level: level)
        check = PremultipliedCheck(level: level)
    }

    /// Makes this the plan for the same operator and images with the destination drawable only
    /// within `drawable` (PlainImage.drawableRect: the image, or its clip region's one box): no
    /// other decision depends on it (PlanMemo.glyphRunPlan keeps a glyph run's plan apart from
    /// its destination's clip, which cairo sets to each run's extents).
    mutating func clip(to drawable: PixelRect) { self.drawable = drawable }

    /// Draws `call` (whose operator and images `plan` was made for) at `level` and returns the
    /// pixels drawn; nil, having written nothing, where drawPlain declines the call (a pixel
    /// that is not valid premultiplied colour where the operator checks, a sampled position out
    /// of the kernel's range, no kernel path). Reads the plan where it lies, a field at a time:
    /// a copy of it, made for a method call, cost each call more than its use.
    static func draw(_ plan: UnsafePointer<CompositePlan>, _ call: CompositeCall, at level: SIMDLevel) -> Int? {
        draw(plan, call, mask: plan.pointee.mask, at: level)
    }

    /// `draw(_:_:at:)` through `mask`: the plan's own, or for a plan masked per call
    /// (`Masking.perCall`) the call's (not nil).
    ///
    /// Its arithmetic wraps (`&+`, `&*`): every value is a sum of a few products of pixman's
    /// 32-bit coordinates, sizes and strides, far inside a 64-bit Int (PixelRect.clipped says the
    /// same); the overflow checks were 24 of the 265 instructions this took for each of cairo's
    /// spans of an RGB24 image (callgrind).
    static func draw(_ plan: UnsafePointer<CompositePlan>, _ call: CompositeCall, mask: MaskBits?, at level: SIMDLevel) -> Int? {
        let format = plan.pointee.format, data = plan.pointee.data, stride = plan.pointee.stride
        var area = PixelRect(x: call.destinationX, y: call.destinationY, width: max(call.width, 0), height: max(call.height, 0))
            .clipped(to: plan.pointee.drawable)
        if area.isEmpty { return 0 }
        let fullArea = area
        let bytesPerPixel = format.sheenFormat.bytesPerPixel
        // The source's offset from the destination, and (an image) the area clipped to it.
        let sx = call.sourceX &- call.destinationX, sy = call.sourceY &- call.destinationY
        switch plan.pointee.source {
        case let .bits(_, _, width, height, _, dx, dy):
            let inside = area.clipped(to: PixelRect(x: 0 &- (sx &+ dx), y: 0 &- (sy &+ dy), width: width, height: height))
            if plan.pointee.bounded { area = inside } else if inside != area { return nil }
        case let .sampledCopy(image):
            return drawSampledCopy(image, area: area, offset: (sx, sy), onto: (data, stride, bytesPerPixel), level: level)
        case .solid, .sampled:
            break
        }
        let (mx, my) = plan.pointee.maskIsSource ? (sx, sy) : (call.maskX &- call.destinationX, call.maskY &- call.destinationY)
        if let mask {
            area = area.clipped(to: PixelRect(x: 0 &- (mx &+ mask.dx), y: 0 &- (my &+ mask.dy), width: mask.width, height: mask.height))
        } else if plan.pointee.coverage == 0 {
            return cleared(plan, fullArea, else: 0, level: level)
        }
        if area.isEmpty { return cleared(plan, fullArea, else: 0, level: level) }

        var job = plan.pointee.template
        job.dst = data + (area.y &* stride &+ area.x &* bytesPerPixel)
        job.width = area.width
        job.height = area.height
        if let mask {
            job.mask = UnsafePointer((mask.data + ((area.y &+ my &+ mask.dy) &* mask.stride &+ (area.x &+ mx &+ mask.dx) &* mask.channels))
                .assumingMemoryBound(to: UInt8.self))
            job.maskStride = mask.stride
            job.componentAlpha = mask.channels == 4 ? 1 : 0
        }
        switch plan.pointee.source {
        case let .bits(paintFormat, pixels, _, _, paintStride, dx, dy):
            let first = PixelRect(x: area.x &+ sx &+ dx, y: area.y &+ sy &+ dy, width: area.width, height: area.height)
            if plan.pointee.checksSourcePixels && !CompositeCall.isPremultiplied(pixels, stride: paintStride, first, check: plan.pointee.check) {
                return nil
            }
            job.paint = UnsafeRawPointer(pixels + (first.y &* paintStride &+ first.x &* paintFormat.sheenFormat.bytesPerPixel))
        case let .sampled(image):
            // Sampled only under coverage of an a8 mask (a component-alpha one is sampled whole).
            let coverage: CompositeCall.Coverage = mask.map {
                $0.channels == 1 ? .bits(data: $0.data, stride: $0.stride, dx: mx + $0.dx, dy: my + $0.dy) : .constant(255)
            } ?? .constant(plan.pointee.coverage)
            return drawSampled(plan, &job, image, offset: (sx, sy), coverage: coverage, area: area, fullArea: fullArea,
                               glyphRun: mask?.isGlyphRun ?? false, level: level)
        case .solid, .sampledCopy:
            break
        }
        return run(plan, &job, area: area, fullArea: fullArea, level: level)
    }

    /// The plan's express part (CSheenPixman.h: SheenDropinExpress), whose calls PlanExpress.c
    /// draws in C at `level` (the plan's): `on` only where `draw` takes every call of the plan
    /// in the steps that C repeats — a colour or pixels as the paint, no mask or an a8 one,
    /// nothing checked or made opaque first, kernels that take every job without scratch —, so
    /// that the two draw the same.
    func express(level: SIMDLevel) -> SheenDropinExpress {
        var e = SheenDropinExpress()
        // (An a8 source read as the mask: C reads a mask at the call's mask offset.)
        guard !checksSourcePixels, !checksDestinationPixels, !makesOpaque, drawsEveryJob, !needsScratch, !maskIsSource else { return e }
        e.bounded = bounded ? 1 : 0
        if clearsFirst {
            e.clearsFirst = 1
            e.clearRows = fillRowsEntry(at: level)
        }
        switch source {
        case .solid:
            break
        case let .bits(paintFormat, pixels, width, height, paintStride, dx, dy):
            e.sourceIsBits = 1
            e.sourceData = UnsafePointer(pixels.assumingMemoryBound(to: UInt8.self))
            (e.sourceWidth, e.sourceHeight, e.sourceStride, e.sourceDX, e.sourceDY) = (width, height, paintStride, dx, dy)
            e.sourceBytesPerPixel = paintFormat.sheenFormat.bytesPerPixel
        case .sampled, .sampledCopy:
            return e
        }
        if let mask {
            guard mask.channels == 1 else { return e }
            e.maskIsBits = 1
            e.maskData = UnsafePointer(mask.data.assumingMemoryBound(to: UInt8.self))
            (e.maskWidth, e.maskHeight, e.maskStride, e.maskDX, e.maskDY) = (mask.width, mask.height, mask.stride, mask.dx, mask.dy)
        }
        e.coverage = coverage
        e.data = data.assumingMemoryBound(to: UInt8.self)
        e.stride = stride
        e.bytesPerPixel = format.sheenFormat.bytesPerPixel
        (e.x0, e.y0, e.x1, e.y1) = (drawable.x, drawable.y, drawable.x + drawable.width, drawable.y + drawable.height)
        e.template = template
        e.entry = runner.cEntry
        e.on = 1
        return e
    }

    /// Clears the whole area for src through a mask (before the first write) and returns the
    /// pixels the call drew: the area's then, else `drawn`.
    private static func cleared(_ plan: UnsafePointer<CompositePlan>, _ fullArea: PixelRect, else drawn: Int, level: SIMDLevel) -> Int {
        guard plan.pointee.clearsFirst else { return drawn }
        CompositeCall.clear(fullArea, format: plan.pointee.format, data: plan.pointee.data, stride: plan.pointee.stride, level: level)
        return fullArea.width * fullArea.height
    }

    /// The end of every draw: `job` (its paint and mask set) run over `area` — after the
    /// destination's pixels are checked where the operator checks them, and the job's path where
    /// the plan's kernels do not take every job — clearing `fullArea` first for src through a
    /// mask; the pixels drawn, or nil having written nothing.
    @inline(__always)
    private static func run(_ plan: UnsafePointer<CompositePlan>, _ job: inout SheenCompositeJob, area: PixelRect, fullArea: PixelRect,
                            level: SIMDLevel) -> Int? {
        let data = plan.pointee.data, stride = plan.pointee.stride
        if plan.pointee.checksDestinationPixels && !CompositeCall.isPremultiplied(data, stride: stride, area, check: plan.pointee.check) {
            return nil
        }
        // (A component-alpha job is asked: the operator's table says nothing of it.)
        guard (plan.pointee.drawsEveryJob && job.componentAlpha == 0) || job.hasCompositePath else { return nil }
        let drawn = cleared(plan, fullArea, else: area.width &* area.height, level: level)
        if plan.pointee.makesOpaque { CompositeCall.makeOpaque(data, stride: stride, area) }
        // A component-alpha job converts x8 rows into scratch, which the plan's template (made
        // without knowing the mask) need not have.
        let needsScratch = job.componentAlpha != 0 ? job.needsScratch : plan.pointee.needsScratch
        if needsScratch { job.runOnCheckedPath(at: level) } else { plan.pointee.runner.run(&job) }
        return drawn
    }

    /// A glyph's composite of the plan's sampled source through the glyph's a8 coverage, in one
    /// pass (drawSampled's for a glyph-wide area) without the call, mask and job values `draw`
    /// makes: cairo composites text of a magnified image a glyph at a time
    /// (pixman_composite_glyphs_no_mask), and those values were a fifth of its loop. `area`: the
    /// part of the glyph's box `box` to draw (within it); `coverage`: the box's first coverage
    /// byte, rows `coverageStride` apart; `offset`: the source's offset from the destination
    /// (sourceX − destinationX, sourceY − destinationY); `destinationRows`: the destination's
    /// height. Returns the pixels drawn (0 where the area misses the destination's drawable
    /// part), or nil, having written nothing, where the plan does not compose samples without
    /// clearing first, the coverage shares memory with the destination (as MaskBits refuses),
    /// the area is wider than `glyphBoxWide`, or its positions leave the kernel's range: `draw`
    /// takes the glyph then.
    static func drawGlyphSampled(_ plan: UnsafePointer<CompositePlan>, area part: PixelRect, box: PixelRect, coverage: UnsafeMutableRawPointer,
                                 coverageStride: Int, offset: (x: Int, y: Int), destinationRows: Int, level: SIMDLevel) -> Int? {
        // (The plan's kind first: every glyph of a run of any source other than a colour asks.)
        guard plan.pointee.composesSamples, !plan.pointee.clearsFirst, case let .sampled(image) = plan.pointee.source,
              !CompositeCall.overlaps(coverage, box.height, coverageStride, plan.pointee.data, destinationRows, plan.pointee.stride)
        else { return nil }
        let area = part.clipped(to: plan.pointee.drawable)
        if area.isEmpty { return 0 }
        guard area.width <= glyphBoxWide(image, level) else { return nil }
        let data = plan.pointee.data, stride = plan.pointee.stride
        guard image.composeBilinear(into: data + (area.y &* stride &+ area.x &* 4), stride: stride,
                                    at: (area.x &+ offset.x, area.y &+ offset.y), width: area.width, height: area.height,
                                    coverage: (UnsafeRawPointer(coverage + ((area.y &- box.y) &* coverageStride &+ (area.x &- box.x))), coverageStride),
                                    level: level) else { return nil }
        return area.width &* area.height
    }

    /// The widest area drawn in one pass whatever its coverage: a glyph's box (cairo composites
    /// text of a magnified image a glyph at a time), which sample_bilinear's register path at
    /// AVX-512 composites from one block of 16 pixels.
    private static var glyphWide: Int { 16 }

    /// The widest glyph box of `image` drawGlyphSampled draws in one pass at `level`:
    /// `glyphWide`, or any where the AVX2 level samples the image in groups of 4 — a glyph's
    /// coverage leaves many groups uncovered, which the one pass skips and scratch would be
    /// cleared and composited over (on an AMD EPYC, 48-pixel glyphs of a 2× image over 256 × 256
    /// 0.86× → 0.92× pixman's speed, best of 4 alternated runs). Nor is any mask's area but a
    /// glyph run's (drawSampled): through an a8 mask of dense coverage, scratch and the composite
    /// kernels' pass ran faster (128 × 128 of random coverage: 29.0 µs against 36.7 in one pass).
    private static func glyphBoxWide(_ image: SampledImage, _ level: SIMDLevel) -> Int {
        image.samplesInGroups(at: level) ? Int.max : glyphWide
    }

    /// A sampled source's draw (out of line, as the sampled copy's below: inlined, their scratch
    /// and arrays made every call's frame a kilobyte): its pixels sampled over `area` under
    /// `coverage` into scratch, then read as the job's paint rows — or, through an a8 mask
    /// covering runs of columns that make up at most half the area (CompositeCall's
    /// coveredColumns: cairo strokes a shape through a mask a few rows at a time), or over an
    /// area at most `glyphWide` wide, where the plan `composesSamples`: each run's samples
    /// composited onto the destination as they are made, in one pass (SheenBilinearJob's
    /// `over`). The one pass costs more a covered pixel than sampling into scratch and
    /// compositing that (a vector of 4 pixels against the composite kernels' 16) but nothing
    /// for the rest of the area, which the scratch is cleared over and composited through: with
    /// scratch, strokes of a magnified image at 512 × 512 (a few calls of 268 × 233 pixels
    /// covered in runs of 12 columns) ran at 0.86× pixman's speed, whose loop fuses the two, and
    /// in one pass 1.1×; through a glyph run's mask, whose runs cover most of its area, the one
    /// pass was slower (8-pixel text of a magnified image at 64–256 px on an Intel Xeon, best of
    /// 6 alternated runs: 0.92–1.00× pixman's speed with scratch, 0.89–0.90× in one pass), and
    /// through a glyph's box faster (drawGlyphSampled). Where the AVX2 level samples the image
    /// in groups of 4 (SampledImage.samplesInGroups), a glyph run's mask (`glyphRun`) is drawn
    /// in one pass whole: the groups under no coverage cost nothing, and a group's sample and
    /// composite together cost less than the two passes (cairo's 9-pixel text of an image
    /// magnified 2.1× through such masks, 110 × 11 to 256 × 64 pixels, on an AMD EPYC, best of 6
    /// alternated runs: 1.42–1.50× pixman's speed in one pass, 1.30–1.50× with scratch).
    @inline(never)
    private static func drawSampled(_ plan: UnsafePointer<CompositePlan>, _ job: inout SheenCompositeJob, _ image: SampledImage,
                                    offset: (x: Int, y: Int), coverage: CompositeCall.Coverage, area: PixelRect, fullArea: PixelRect,
                                    glyphRun: Bool, level: SIMDLevel) -> Int? {
        let onePass = glyphRun && image.samplesInGroups(at: level)
        let columns = onePass ? nil : CompositeCall.coveredColumns(coverage, area)
        if plan.pointee.composesSamples, image.composes, onePass || columns != nil || area.width <= glyphWide,
           case let .bits(mask, maskStride, mx, my) = coverage {
            let data = plan.pointee.data, stride = plan.pointee.stride
            /// The composing job of the area's columns `run`; nil where its positions leave the kernel's range.
            func composing(_ run: Range<Int>) -> SamplingJob? {
                let x = area.x &+ run.lowerBound
                return image.job(into: data + (area.y &* stride &+ x &* 4), stride: stride, at: (x &+ offset.x, area.y &+ offset.y),
                                 width: run.count, height: area.height,
                                 coverage: (UnsafeRawPointer(mask + ((area.y &+ my) &* maskStride &+ x &+ mx)), maskStride), over: true)
            }
            guard let columns else {
                // A glyph's box whole (no array: this runs for each glyph of a run).
                guard let composed = composing(0 ..< area.width) else { return nil }
                let drawn = cleared(plan, fullArea, else: area.width &* area.height, level: level)
                composed.run(level: level)
                return drawn
            }
            // Every run's job made before any is run: one out of the kernel's range writes nothing.
            var jobs: [SamplingJob] = []
            jobs.reserveCapacity(columns.count)
            for run in columns {
                guard let composed = composing(run) else { return nil }
                jobs.append(composed)
            }
            let drawn = cleared(plan, fullArea, else: area.width &* area.height, level: level)
            for composed in jobs { composed.run(level: level) }
            return drawn
        }
        // The thread's scratch slot for the sample where it fits (a malloc and a free a call, for
        // cairo's glyph runs and spans of a scaled image), else memory of its own.
        guard area.width * area.height <= CompositeCall.scratchPixelLimit else { return nil }
        let kept = sheen_dropin_scratch(1, area.width * area.height * image.format.sheenFormat.bytesPerPixel)
        guard let scratch = CompositeCall.sampleScratch(image, x: offset.x, y: offset.y, area: area, level: level,
                                                        columns: columns, coverage: coverage, into: kept)
        else { return nil }
        defer { if kept == nil { scratch.deallocate() } }
        let whole = PixelRect(x: 0, y: 0, width: area.width, height: area.height)
        if plan.pointee.checksSourcePixels && !CompositeCall.isPremultiplied(scratch, stride: area.width * 4, whole, check: plan.pointee.check) {
            return nil
        }
        job.paint = UnsafeRawPointer(scratch)
        job.paintStride = area.width * 4
        return run(plan, &job, area: area, fullArea: fullArea, level: level)
    }

    /// src of a sampled image into its own format: the sample written straight into the
    /// destination over `area`.
    @inline(never)
    private static func drawSampledCopy(_ image: SampledImage, area: PixelRect, offset: (x: Int, y: Int),
                                        onto d: (data: UnsafeMutableRawPointer, stride: Int, bytesPerPixel: Int), level: SIMDLevel) -> Int? {
        guard let job = image.job(into: d.data + area.y * d.stride + area.x * d.bytesPerPixel, stride: d.stride,
                                  at: (area.x + offset.x, area.y + offset.y), width: area.width, height: area.height) else { return nil }
        job.run(level: level)
        return area.width * area.height
    }
}

extension PixelRect {
    /// `intersection(_:)` in plain arithmetic. Every coordinate the fast path meets is a sum of a
    /// few of pixman's 32-bit values (positions, sizes, whole-pixel offsets), which cannot
    /// overflow a 64-bit Int, so the sums wrap rather than trap; the saturating form cost each of
    /// cairo's span composites ~75 instructions.
    @inline(__always)
    func clipped(to b: PixelRect) -> PixelRect {
        let x0 = Swift.max(x, b.x), y0 = Swift.max(y, b.y)
        let x1 = Swift.min(x &+ width, b.x &+ b.width), y1 = Swift.min(y &+ height, b.y &+ b.height)
        return x1 <= x0 || y1 <= y0 ? PixelRect(x: x0, y: y0, width: 0, height: 0) : PixelRect(x: x0, y: y0, width: x1 &- x0, height: y1 &- y0)
    }
}
