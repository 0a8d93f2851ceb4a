// The plain calls renderers make most, drawn in few steps. cairo composites a filled or stroked
// shape a span at a time (a row's run of full coverage unmasked, its edge pixels through an a8
// row) and text a glyph at a time: calls of a few pixels, where what a call costs before its
// kernel runs decides the speed. drawWithSheen, which takes every call Sheen can draw, spends
// about 1,500 instructions on that; this path, taking only the plain cases, a fraction of it.

import CSheenPixman
import CSheenSIMD
import SheenRaster

extension CompositeCall {
    /// Draws the call the quick way when it is a plain one — a solid colour, an image at a
    /// whole-pixel offset (repeat none) or a 32-bit image sampled bilinearly (src of any such
    /// image into its own format: the sample itself), through no mask, a solid one or an a8
    /// image (repeat none), into a destination with no clip region or one of a single box; src through a mask as
    /// drawWithSheen draws it, over onto the area cleared first — and returns the pixels drawn. Returns
    /// nil, having written nothing, for any other call and wherever one of drawWithSheen's checks
    /// fails (the source overlapping the destination, colours that are not premultiplied, no
    /// kernel path): drawWithSheen then decides the call. Each rule here is drawWithSheen's, in
    /// its order, for the cases taken, so a call drawn here is drawn as drawWithSheen would draw
    /// it (pixman's tests and the differential fuzzer hold both to pixman).
    func drawPlain(at level: SIMDLevel) -> Int? {
        guard let source, let destination else { return nil }
        let (s, m, d) = ImageRegistry.plainImages(source, mask, destination)
        return drawPlain(source: s, mask: m, destination: d, at: level)
    }

    /// `drawPlain(at:)` with the call's images as the fast path reads them, looked up already
    /// (a glyph run looks its source and destination up once for all its glyphs).
    func drawPlain(source s: PlainImage, mask m: PlainImage, destination d: PlainImage, at level: SIMDLevel) -> Int? {
        guard var op = PixmanOperator.of(op) else { return nil }
        // src through a mask writes S·m — transparent where the mask or the source is — which is
        // S·m over transparent: the area is cleared first, then drawn with over (cairo fills a
        // shape with src so, a span at a time).
        let clearsFirst = op.code == 0x01 && mask != nil
        if clearsFirst { op = PixmanOperator.sourceOver }
        guard d.isDestination, let dFormat = d.format, let dData = d.data, dFormat != .a8 || !op.sheen.isBlendMode else { return nil }
        var area = PixelRect(x: destinationX, y: destinationY, width: max(width, 0), height: max(height, 0))
            .clipped(to: d.drawableRect)
        if area.isEmpty { return 0 }
        let fullArea = area
        /// Clears the whole area for src through a mask (before the first write) and returns the
        /// pixels the call drew: the area's then, else `drawn`.
        func cleared(else drawn: Int) -> Int {
            guard clearsFirst else { return drawn }
            Self.clear([fullArea], format: dFormat, data: dData, stride: d.stride, level: level)
            return fullArea.width * fullArea.height
        }

        var paint: Paint
        // A scaled 32-bit image (its record's sampling, looked up once) and its pixels, sampled
        // into scratch once the area is known (`paint` is `.sampled` until then).
        var sampling: BilinearImage? = nil, sampled: UnsafeMutableRawPointer? = nil
        defer { sampled?.deallocate() }
        switch s.kind {
        case .solid:
            paint = .solid(s.solid)
        case .bits:
            // An a8 source onto colour (black at its alpha) is drawWithSheen's.
            guard let format = s.format, let data = s.data, format != .a8 || dFormat == .a8 else { return nil }
            let dx = sourceX - destinationX + s.dx, dy = sourceY - destinationY + s.dy
            let inside = area.clipped(to: PixelRect(x: -dx, y: -dy, width: s.width, height: s.height))
            if op.isBounded { area = inside } else if inside != area { return nil }
            if Self.overlaps(data, s.height, s.stride, dData, d.height, d.stride) { return nil }
            paint = .bits(format: format, data: data, stride: s.stride, dx: dx, dy: dy)
        case .sampled:
            guard let source = self.source, let image = ImageRegistry.sampling(of: source) else { return nil }
            if self.op == 0x01 && mask == nil && image.format == dFormat {
                // src into the image's own format: the sample itself, as drawWithSheen draws it.
                if Self.overlaps(image.data, image.height, image.stride, dData, d.height, d.stride) { return nil }
                guard let job = image.job(into: dData + area.y * d.stride + area.x * dFormat.sheenFormat.bytesPerPixel, stride: d.stride,
                                          at: (area.x + sourceX - destinationX, area.y + sourceY - destinationY),
                                          width: area.width, height: area.height) else { return nil }
                runBilinearSampling(job, level: level)
                return area.width * area.height
            }
            // An a8 image onto colour is drawWithSheen's.
            guard image.format != .a8 else { return nil }
            sampling = image
            paint = .sampled
        case .unusable:
            return nil
        }

        var coverage = Coverage.constant(255)
        if mask != nil {
            switch m.kind {
            case .solid:
                coverage = .constant(m.solid >> 24)
            case .bits:
                guard m.format == .a8, let data = m.data else { return nil }
                let dx = maskX - destinationX + m.dx, dy = maskY - destinationY + m.dy
                area = area.clipped(to: PixelRect(x: -dx, y: -dy, width: m.width, height: m.height))
                if Self.overlaps(data, m.height, m.stride, dData, d.height, d.stride) { return nil }
                coverage = .bits(data: data, stride: m.stride, dx: dx, dy: dy)
            case .sampled, .unusable:
                return nil
            }
            if case .constant(255) = coverage {} else if !op.isBounded { return nil }
            if case .constant(0) = coverage { return cleared(else: 0) }
        }
        if area.isEmpty { return cleared(else: 0) }
        if let image = sampling {
            guard area.width * area.height <= Self.scratchPixelLimit,
                  let scratch = Self.sampleScratch(image, x: sourceX - destinationX, y: sourceY - destinationY, area: area, level: level,
                                                   columns: Self.coveredColumns(coverage, area))
            else { return nil }
            sampled = scratch
            paint = .bits(format: image.format, data: scratch, stride: area.width * 4, dx: -area.x, dy: -area.y)
        }

        switch paint {
        case let .solid(v):
            if !Self.isPremultiplied(v) { return nil }
        case let .bits(format, data, stride, dx, dy):
            if op.checksSource && !format.isPadded && format != .a8
                && !Self.isPremultiplied(data, stride: stride, PixelRect(x: area.x + dx, y: area.y + dy, width: area.width, height: area.height), level: level) { return nil }
        case .repeated, .gradient, .sampled:
            return nil
        }
        if op.checksDestination && !dFormat.isPadded && dFormat != .a8 && !Self.isPremultiplied(dData, stride: d.stride, area, level: level) {
            return nil
        }
        let drawOp = Self.drawOperator(op, paint: paint, coverage: coverage)
        var job = Self.job(drawOp, paint: paint, coverage: coverage, onto: (dFormat, dData, d.stride), area)
        // The operator's table says whether its kernels take every job (over drawn as a copy: the
        // copy's row); asked per job only where they do not.
        let row = drawOp == op.sheen ? op : PixmanOperator.source
        guard row.drawsEveryJob(onto: dFormat, masked: job.mask != nil) || job.hasCompositePath else { return nil }
        let drawn = cleared(else: area.width * area.height)
        if dFormat.isPadded && op.readsDestinationAlpha { Self.makeOpaque(dData, stride: d.stride, area) }
        job.runOnCheckedPath(at: level)
        return drawn
    }
}

private extension PixelRect {
    /// `intersection(_:)` in plain arithmetic. Every coordinate the fast path meets is a sum of a
    /// few of pixman's 32-bit values (positions, sizes, whole-pixel offsets), which cannot
    /// overflow; the saturating form cost each of cairo's span composites ~75 instructions.
    @inline(__always)
    func clipped(to b: PixelRect) -> PixelRect {
        let x0 = Swift.max(x, b.x), y0 = Swift.max(y, b.y)
        let x1 = Swift.min(x + width, b.x + b.width), y1 = Swift.min(y + height, b.y + b.height)
        return x1 <= x0 || y1 <= y0 ? PixelRect(x: x0, y: y0, width: 0, height: 0) : PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// The fast path for many composites of one solid colour through a8 masks into one destination
/// — a glyph run, a glyph a composite: drawPlain's checks that do not depend on the mask made
/// once, and the job's constant part made once; each composite then sets its rectangle and mask
/// and calls the level's composite entry itself (the job needs no scratch). What each composite
/// draws is what drawPlain draws for it (FastPathTests holds the two to each other); a composite
/// it declines, drawPlain declines too. A structure (made for every run: as a class, its
/// allocation and release cost more than a glyph); the glyph loop binds it once a chunk and
/// reads it in place per glyph, where a binding would copy it.
struct SolidMaskJobs {
    /// What drawPlain checks or does per call that depends only on the operator and the
    /// destination's format, worked out once: whether the destination's pixels must be valid
    /// premultiplied colour (the operator checks them, the format has alpha), and whether an x8
    /// destination's padding is made opaque first (the operator reads destination alpha).
    private let checksPremultiplied: Bool, makesOpaque: Bool
    /// The destination's memory, where it may be drawn (PlainImage.drawable), and the bytes its
    /// rows reach (for the overlap test).
    private let data: UnsafeMutableRawPointer
    private let drawable: PixelRect
    private let stride: Int, bytesPerPixel: Int
    private let reach: (UInt, UInt)
    private let template: SheenCompositeJob
    private let runner: CompositeRunner
    private let level: SIMDLevel

    /// The jobs of pixman operator `code` with solid `source` onto `destination`, or nil where
    /// drawPlain would decline every such composite, or take the per-call path (a colour that is
    /// not premultiplied, an unbounded operator, a blend mode onto a8, no kernel path for every
    /// job): the caller composites call by call then.
    init?(op code: UInt32, source s: PlainImage, destination d: PlainImage, level: SIMDLevel) {
        guard s.kind == .solid, let op = PixmanOperator.of(code), op.isBounded,
              d.isDestination, let format = d.format, let data = d.data, format != .a8 || !op.sheen.isBlendMode,
              CompositeCall.isPremultiplied(s.solid), op.drawsEveryJob(onto: format, masked: true) else { return nil }
        var job = SheenCompositeJob(op: op.sheen, format: format.sheenFormat, dst: data, dstStride: d.stride, width: 0, height: 0)
        job.solid = CompositeCall.pixel(s.solid, for: format)
        // Every glyph's job is this one with a mask at full coverage: no scratch, as for the
        // colour alone (asked once).
        guard !job.needsScratch else { return nil }
        checksPremultiplied = op.checksDestination && !format.isPadded && format != .a8
        makesOpaque = format.isPadded && op.readsDestinationAlpha
        self.data = data
        drawable = d.drawableRect
        stride = d.stride; bytesPerPixel = format.sheenFormat.bytesPerPixel
        reach = CompositeCall.span(data, d.height, d.stride)
        template = job; self.level = level
        runner = CompositeRunner(level: level)
    }

    /// Draws the colour through an a8 mask (`maskData`, rows `maskStride` bytes apart) that
    /// covers destination rectangle `box`, over the part of destination rectangle `piece` (a
    /// clip box, or `box` itself) within `box` and the destination; false, having written
    /// nothing, where drawPlain would decline the composite. Coordinates are pixman's 32-bit
    /// ones, clipped as drawPlain clips them (`clipped(to:)`).
    @inline(__always)
    func draw(_ piece: PixelRect, maskAt box: PixelRect, maskData: UnsafeMutableRawPointer, maskStride: Int) -> Bool {
        let area = piece.clipped(to: box).clipped(to: drawable)
        if area.isEmpty { return true }
        if CompositeCall.overlaps(CompositeCall.span(maskData, box.height, maskStride), reach) { return false }
        if checksPremultiplied && !CompositeCall.isPremultiplied(data, stride: stride, area, level: level) { return false }
        var job = template
        job.dst = data + area.y * stride + area.x * bytesPerPixel
        job.width = area.width
        job.height = area.height
        job.mask = UnsafePointer((maskData + (area.y - box.y) * maskStride + (area.x - box.x)).assumingMemoryBound(to: UInt8.self))
        job.maskStride = maskStride
        if makesOpaque { CompositeCall.makeOpaque(data, stride: stride, area) }
        runner.run(&job)
        return true
    }

    /// Whether `drawRun` may draw this destination's glyphs: nothing to check or change in the
    /// destination per glyph (its pixels' premultiplication, an x8 destination's padding).
    var drawsRuns: Bool { !checksPremultiplied && !makesOpaque }

    /// The glyph-run entry (SheenCompositeJob's `glyphs`) form of `draw(_:maskAt:maskData:maskStride:)` over the whole box:
    /// the glyph placed relative to the destination's drawable part, with a width of 0 where it
    /// misses that part (nothing to draw); nil where drawPlain would decline the composite.
    @inline(__always)
    func place(maskAt box: PixelRect, maskData: UnsafeMutableRawPointer, maskStride: Int) -> SheenCompositeGlyph? {
        if box.clipped(to: drawable).isEmpty { return SheenCompositeGlyph() }
        if CompositeCall.overlaps(CompositeCall.span(maskData, box.height, maskStride), reach) { return nil }
        // The box meets the drawable part: its corner lies within a glyph's size of it (32-bit).
        return SheenCompositeGlyph(mask: UnsafePointer(maskData.assumingMemoryBound(to: UInt8.self)), maskStride: maskStride,
                                   x: Int32(box.x - drawable.x), y: Int32(box.y - drawable.y),
                                   width: Int32(box.width), height: Int32(box.height))
    }

    /// Draws the colour through each of `glyphs` (placed by `place`) in order, in one call of
    /// the level's composite entry: what `draw(_:maskAt:maskData:maskStride:)` draws for each over its box.
    /// Only where `drawsRuns`.
    func drawRun(_ glyphs: UnsafeBufferPointer<SheenCompositeGlyph>) {
        guard let first = glyphs.baseAddress, !glyphs.isEmpty, !drawable.isEmpty else { return }
        var job = template
        job.dst = data + drawable.y * stride + drawable.x * bytesPerPixel
        job.width = drawable.width
        job.height = drawable.height
        job.glyphs = first
        job.glyphCount = glyphs.count
        runner.run(&job)
    }
}
