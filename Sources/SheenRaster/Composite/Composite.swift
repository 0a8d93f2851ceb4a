// The compositing entry point: validates everything, clips the region, then hands it to the
// composite entry of its level's kernel table (KernelTable.swift) as one job (CompositeJob+C.swift),
// whose rows the entry walks. A colour through a mask — the call made per glyph — builds its one
// job directly. The reference level's entry walks the rows with the scalar reference
// (CompositeJob.swift, CompositeSpanReference.swift).

import CSheenSIMD

extension RasterBuffer {
    /// Composites `paint` onto this buffer with `operator`, through `coverage`.
    ///
    /// - The destination is premultiplied RGBA8 or BGRA8, or A8 for the Porter-Duff operators
    ///   (mask arithmetic on alpha; blend modes throw `RasterError.unsupportedOperator` there).
    /// - The operation covers this whole view, clipped to where an image paint and a mask lie
    ///   (pixels outside that intersection are not touched). Nothing is read outside any view.
    /// - Coverage applies as `lerp(D, op(S, D), c)`, or as `op(S × c, D)` where that is the same
    ///   in real numbers (see `Coverage` and `CompositeOperator.coverageScalesPaint`); sourceOver
    ///   of an opaque paint pixel is the lerp rounded once, the correctly rounded value. Coverage
    ///   0 leaves a pixel unchanged for every operator.
    /// - Results are exact (see `CompositeOperator`) for valid premultiplied input (every colour
    ///   level ≤ its alpha). Input that is not valid premultiplied colour gives unspecified
    ///   values but never reads or writes outside the views.
    /// - An image or mask view may be this very buffer only at the same position (x = y = 0 and
    ///   identical layout); other overlaps give unspecified values.
    ///
    /// Throws `RasterError` — destination untouched — for a non-finite colour, a premultiplied
    /// colour with a level above its alpha, an image, pattern or mask of the wrong format, a
    /// placement whose extent overflows `Int`, or a blend mode on an A8 destination.
    ///
    /// Runs at `Kernels.current` (see `Kernels` for choosing a level); throws
    /// `RasterError.simdLevelUnavailable` when `SHEEN_SIMD` asked for a level this CPU lacks.
    public func composite(_ paint: Paint, operator op: CompositeOperator = .sourceOver,
                          coverage: Coverage = .full) throws(RasterError) {
        let level = try Kernels.requestedLevel()
        // The call a renderer makes per glyph — a colour through a mask — goes straight to the
        // composite entry; anything else, or anything to refuse, takes CompositeJob.
        if case let .mask(mask, x, y, 255) = coverage, case let .color(c) = paint,
           compositeColor(c, through: mask, x: x, y: y, operator: op, level: level) {
            return
        }
        guard let job = try CompositeJob(destination: self, paint: paint, operator: op, coverage: coverage) else { return }
        job.run(level)
    }

    /// The kernel `composite(_:operator:coverage:)` runs for these arguments, as `Kernels.table`
    /// names it (`over_n_8_8888` for an opaque colour through a mask onto RGBA8/BGRA8, then
    /// `composite_double_8888`, `composite_8888` or `composite_8`: the first of SheenKernels.h's
    /// composite fast paths that matches), or nil where the call draws nothing (an empty
    /// overlap, zero coverage). Throws what that call would throw for these arguments; touches
    /// no pixel.
    public func compositeKernel(_ paint: Paint, operator op: CompositeOperator = .sourceOver,
                                coverage: Coverage = .full) throws(RasterError) -> String? {
        try CompositeJob(destination: self, paint: paint, operator: op, coverage: coverage)?.kernelName
    }

    /// The per-glyph call without the paint and coverage enums (the C API's `sheen_composite`
    /// calls it too): `color` through A8 `mask` at (x, y) at full alpha, at `level`. Returns false,
    /// having touched nothing, where the general path must decide: a value or operator it refuses
    /// (and names), or a mask it refuses.
    package func compositeColor(_ color: Color, through mask: ReadOnlyRasterBuffer, x: Int, y: Int,
                                operator op: CompositeOperator, level: SIMDLevel) -> Bool {
        guard let solid = solidPixel(color, op), var job = solidMaskJob(solid, op, mask, x: x, y: y) else { return false }
        if job.width > 0 { runComposite(KernelTable.composite(at: level), &job) }
        return true
    }

    /// A solid paint as this buffer's pixel value, or nil where CompositeJob must decide (another
    /// paint, or a value or operator it refuses — by CompositeJob's own checks).
    func solidPixel(_ paint: Paint, _ op: CompositeOperator) -> UInt32? {
        switch paint {
        case let .color(c):
            return solidPixel(c, op)
        case let .premultiplied(p):
            guard CompositeJob.accepts(op, onto: format) else { return nil }
            return try? CompositeJob.solidPixel(p, for: format)
        default:
            return nil
        }
    }

    /// `solidPixel` of a colour.
    func solidPixel(_ color: Color, _ op: CompositeOperator) -> UInt32? {
        CompositeJob.accepts(op, onto: format) ? CompositeJob.solidPixelIfValid(color, for: format) : nil
    }

    /// The kernel job of `solid` (from `solidPixel`) through A8 `mask` at (x, y) at full alpha,
    /// clipped to this buffer (width 0 where nothing overlaps); nil for a mask CompositeJob
    /// refuses (not A8, or placed so that its extent overflows).
    func solidMaskJob(_ solid: UInt32, _ op: CompositeOperator, _ mask: ReadOnlyRasterBuffer, x: Int, y: Int) -> SheenCompositeJob? {
        guard CompositeJob.accepts(mask, x: x, y: y) else { return nil }
        var job = SheenCompositeJob(onto: self, op: op)
        let x0 = max(x, 0), y0 = max(y, 0), x1 = min(x + mask.width, width), y1 = min(y + mask.height, height)
        guard x1 > x0, y1 > y0 else { job.width = 0; return job }
        job.dst = base + y0 * bytesPerRow + x0 * format.bytesPerPixel
        job.mask = UnsafeRawPointer(mask.base + (y0 - y) * mask.bytesPerRow + (x0 - x)).assumingMemoryBound(to: UInt8.self)
        job.maskStride = mask.bytesPerRow
        job.width = x1 - x0
        job.height = y1 - y0
        job.solid = solid
        return job
    }

    /// Composites a colour through an A8 mask placed at destination (x, y) — text drawing.
    public func composite(_ color: Color, through mask: ReadOnlyRasterBuffer, x: Int = 0, y: Int = 0,
                          operator op: CompositeOperator = .sourceOver) throws(RasterError) {
        try composite(.color(color), operator: op, coverage: .mask(mask, x: x, y: y))
    }

    /// Draws a premultiplied image with its top-left pixel at destination (x, y), with a global
    /// alpha (255 = opaque).
    public func draw(_ image: ReadOnlyRasterBuffer, x: Int = 0, y: Int = 0, alpha: UInt8 = 255,
                     operator op: CompositeOperator = .sourceOver) throws(RasterError) {
        try composite(.image(image, x: x, y: y), operator: op, coverage: .alpha(alpha))
    }
}
