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
    /// whole-pixel offset (repeat none) or a 32-bit image sampled by its filter (src of any such
    /// image into its own format: the sample itself), through no mask, a solid one or an a8
    /// image (repeat none), into a destination with no clip region or one of a single box; src through a mask as
    /// drawWithSheen draws it, over onto the area cleared first — and returns the pixels drawn. Returns
    /// nil, having written nothing, for any other call and wherever one of drawWithSheen's checks
    /// fails (the source overlapping the destination, colours that are not premultiplied, no
    /// kernel path): drawWithSheen then decides the call. Each rule here is drawWithSheen's, in
    /// its order, for the cases taken, so a call drawn here is drawn as drawWithSheen would draw
    /// it (pixman's tests and the differential fuzzer hold both to pixman).
    func drawPlain(at level: SIMDLevel) -> Int? {
        if case let .drawn(n) = drawFast(at: level) { return n }
        return nil
    }

    /// What `drawFast` made of a call.
    enum FastOutcome {
        /// Drawn, so many pixels.
        case drawn(Int)
        /// Declined, nothing written: drawWithSheen decides.
        case declined
        /// Every call of this operator with these images is pixman's (or draws nothing), as
        /// drawWithSheen found for an earlier one on this thread (`keep`): handed over unasked.
        case handedOver(Handover)
    }

    /// `drawPlain(at:)` as pixman_image_composite32 calls it, through the plans this thread keeps
    /// (PlanMemo.swift), which also hold drawWithSheen's handovers for every call (`keep`).
    func drawFast(at level: SIMDLevel) -> FastOutcome {
        guard let source, let destination else { return .declined }
        let kept = PlanMemo.kept(for: self, source: source, destination: destination, at: level) {
            let (s, m, d) = ImageRegistry.plainImages(source, mask, destination)
            return CompositePlan(op: op, source: s, mask: mask != nil ? .image(m) : .none, destination: d, level: level) {
                ImageRegistry.sampling(of: source)
            }
        }
        switch kept {
        case let .plan(plan): return CompositePlan.draw(plan, self, at: level).map { .drawn($0) } ?? .declined
        case .declined: return .declined
        case let .handedOver(handover): return .handedOver(handover)
        }
    }

    /// Keeps drawWithSheen's `handover` of this call where it holds for every call of its operator
    /// and images (Handover.forEveryCall), so that `drawFast` hands the next such calls over
    /// without asking drawWithSheen again (its record look-ups and retains, a call at a time: a
    /// 64 px circle filled 100,000 times from an image minified ×3, pixman's convolution filter,
    /// 1.04 s through the drop-in before, 1.00 after, pixman alone 0.91).
    func keep(_ handover: Handover, at level: SIMDLevel) {
        guard handover.forEveryCall, let source, let destination else { return }
        PlanMemo.keep(handover, for: self, source: source, destination: destination, at: level)
    }

    /// `drawPlain(at:)` with the call's images as the fast path reads them, looked up already,
    /// through a plan made for this call alone, never kept (the tests hold kept plans and a
    /// glyph run's plan to it).
    func drawPlain(source s: PlainImage, mask m: PlainImage, destination d: PlainImage, at level: SIMDLevel) -> Int? {
        guard let plan = CompositePlan(op: op, source: s, mask: mask != nil ? .image(m) : .none, destination: d, level: level, sampling: {
            source.flatMap { ImageRegistry.sampling(of: $0) }
        }) else { return nil }
        return withUnsafePointer(to: plan) { CompositePlan.draw($0, self, at: level) }
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
    /// Whether a mask may overlap the destination's memory (else, memory the drop-in allocated
    /// for the run, no image's pixels can: the test is left out, a glyph at a time).
    private let masksMayOverlap: Bool
    /// What each composite's job is made of besides its rectangle and mask: the operator, the
    /// destination's format and the colour in it (kept as these few values rather than a job
    /// made once, whose 160 bytes every binding of these jobs copied — the glyph runs' memcpy
    /// calls).
    private let op: CompositeOperator, format: PixelFormat, solid: UInt32
    private let runner: CompositeRunner
    private let level: SIMDLevel
    /// Coverage bytes a pixel of the masks: 1, or 4 for component alpha.
    private let channels: Int

    /// The jobs of pixman operator `code` with solid `source` onto `destination`, or nil where
    /// drawPlain would decline every such composite, or take the per-call path (a colour that is
    /// not premultiplied, an unbounded operator, a blend mode onto a8, no kernel path for every
    /// job): the caller composites call by call then. With `componentAlpha`, through masks of a
    /// coverage byte per channel in the destination's byte order (pixman's a8r8g8b8 glyphs with
    /// component alpha): sourceOver onto 32-bit pixels only (CompositeComponentAlpha.h).
    /// `ownDestination`: the destination is memory the drop-in allocated for this run (a glyph
    /// run's mask), which no image's pixels overlap.
    init?(op code: UInt32, source s: PlainImage, destination d: PlainImage, level: SIMDLevel, componentAlpha: Bool = false,
          ownDestination: Bool = false) {
        guard s.kind == .solid, let op = PixmanOperator.of(code), op.isBounded,
              d.isDestination, let format = d.format, let data = d.data, format != .a8 || !op.sheen.isBlendMode,
              CompositeCall.isPremultiplied(s.solid), op.drawsEveryJob(onto: format, masked: true) else { return nil }
        if componentAlpha && (op.sheen != .sourceOver || format == .a8) { return nil }
        self.op = op.sheen
        self.format = format.sheenFormat
        solid = CompositeCall.pixel(s.solid, for: format)
        channels = componentAlpha ? 4 : 1
        self.data = data
        stride = d.stride
        checksPremultiplied = op.checksDestination && !format.isPadded && format != .a8
        makesOpaque = format.isPadded && op.readsDestinationAlpha
        drawable = d.drawableRect
        bytesPerPixel = format.sheenFormat.bytesPerPixel
        reach = CompositeCall.span(data, d.height, d.stride)
        masksMayOverlap = !ownDestination
        self.level = level
        runner = CompositeRunner(level: level)
        // Every glyph's job is the colour's with a mask at full coverage: no scratch, as for the
        // colour alone (asked once).
        if job(at: data, width: 0, height: 0).needsScratch { return nil }
    }

    /// Draws the colour through an a8 mask (`maskData`, rows `maskStride` bytes apart; with
    /// component alpha, 4 bytes a pixel) that covers destination rectangle `box`, over the part of
    /// destination rectangle `piece` (a clip box, or `box` itself) within `box` and the
    /// destination; false, having written nothing, where drawPlain would decline the composite.
    /// Coordinates are pixman's 32-bit ones, clipped as drawPlain clips them (`clipped(to:)`).
    @inline(__always)
    func draw(_ piece: PixelRect, maskAt box: PixelRect, maskData: UnsafeMutableRawPointer, maskStride: Int) -> Bool {
        let area = piece.clipped(to: box).clipped(to: drawable)
        if area.isEmpty { return true }
        if masksMayOverlap && CompositeCall.overlaps(CompositeCall.span(maskData, box.height, maskStride), reach) { return false }
        if checksPremultiplied && !CompositeCall.isPremultiplied(data, stride: stride, area, level: level) { return false }
        var job = job(at: data + area.y * stride + area.x * bytesPerPixel, width: area.width, height: area.height)
        job.mask = UnsafePointer((maskData + (area.y - box.y) * maskStride + (area.x - box.x) * channels).assumingMemoryBound(to: UInt8.self))
        job.maskStride = maskStride
        if makesOpaque { CompositeCall.makeOpaque(data, stride: stride, area) }
        runner.run(&job)
        return true
    }

    /// The job of the colour over `width` × `height` destination pixels from `dst`, its mask
    /// still to set.
    @inline(__always)
    private func job(at dst: UnsafeMutableRawPointer, width: Int, height: Int) -> SheenCompositeJob {
        var job = SheenCompositeJob(op: op, format: format, dst: dst, dstStride: stride, width: width, height: height)
        job.solid = solid
        job.componentAlpha = channels == 4 ? 1 : 0
        return job
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
        if masksMayOverlap && CompositeCall.overlaps(CompositeCall.span(maskData, box.height, maskStride), reach) { return nil }
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
        var job = job(at: data + drawable.y * stride + drawable.x * bytesPerPixel, width: drawable.width, height: drawable.height)
        job.glyphs = first
        job.glyphCount = glyphs.count
        runner.run(&job)
    }
}
