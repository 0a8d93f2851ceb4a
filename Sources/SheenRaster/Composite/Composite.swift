// The compositing entry point: validates everything, clips the region, then runs it at the
// kernel table's level (Kernels.swift): the C kernels take whole rectangles where paint and
// coverage lie in memory (CompositeJob+C.swift); otherwise the region is walked row by row, each
// row's paint span and coverage span handed to a Swift span kernel (CompositeSpan+Kernel.swift,
// BlendDoubleLanes.swift) or to the scalar reference (CompositeSpan+Reference.swift).

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
        guard let job = try CompositeJob(destination: self, paint: paint, operator: op, coverage: coverage) else { return }
        job.run(level)
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
