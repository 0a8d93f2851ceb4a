/// A gradient prepared for filling: validated once, geometry and colour ramp built once,
/// then used for any number of fills into any buffers (reuse it across frames).
///
/// Filling is *source copy*: every pixel of the target rectangle is overwritten with the
/// gradient's premultiplied colour (A8 destinations receive its alpha). Gradient coordinates are
/// the destination view's pixel coordinates, whatever rectangle is filled, so neighbouring
/// rectangles filled separately join seamlessly.
///
/// Precision (every kernel level writes the same bytes): every channel is within 1 level of the
/// exact colour (`exactColor(x:y:)`, evaluated in Double) for any number of stops, any
/// interpolation space and alpha mode, every shape, spread and transform — except at pixels whose
/// centre lies within 10⁻³ px of a discontinuity (a hard stop, a repeat wrap, the edge of a radial
/// cone, a sweep's start ray), which get the exact colour of a point within 10⁻³ px. Two-stop
/// sRGB linear gradients, with any spread and either alpha interpolation, are correctly rounded
/// wherever the exact value is 10⁻⁴ level or more from a rounding tie. sRGB ramps with straight
/// alpha are evaluated as the quadratic they are (one piece per stop interval); OKLab and
/// linear-light ramps through linear pieces within 0.3 level of the exact colour.
///
/// Finite parameters too extreme for that are refused with a `RasterError.outOfRange` naming
/// them, never painted wrongly: a linear gradient shorter than 2⁻⁴⁰ px in pixel space, a repeat
/// or reflect period outside 1/256…2⁴⁰ px or a start 2⁴⁰ periods from the origin, radial centres
/// and radii beyond ±2²⁴ px or circles under 2⁻²⁹ px across. Lines ±10³⁰⁸ long, sweeps centred
/// at 10³⁰⁸ and start angles of any size paint their exact colours.
public struct GradientFill: Sendable {
    /// The prepared parts, in one immutable object: a fill is passed and stored by value (in a
    /// `Paint`, a C handle, a compositing job), and one reference to copy costs one retain where
    /// the parts' own arrays would cost a dozen on every small call.
    private final class Prepared: Sendable {
        let model: ExactGradient
        let program: KernelGradient

        init(_ gradient: Gradient) throws(RasterError) {
            // The stops' part comes shared when recent gradients had the same stops. Everything
            // that can throw comes before anything is stored. The shape kind's summary is read
            // once.
            let summary = gradient.shape.kind.summary
            let ramp = try GradientRamp.shared(for: gradient, summary)
            let model = try ExactGradient(gradient, colors: ramp.colors, summary)
            let program = try KernelGradient(model, ramp: ramp)
            self.model = model
            self.program = program
        }
    }

    private let prepared: Prepared

    /// The gradient this fill was prepared from.
    public var gradient: Gradient { prepared.model.gradient }
    package var model: ExactGradient { prepared.model }
    var program: KernelGradient { prepared.program }

    /// Validates and prepares `gradient`. Throws `RasterError` for zero stops, NaN or infinite
    /// numbers, negative radii, a non-invertible transform, or the extremes listed above.
    public init(_ gradient: Gradient) throws(RasterError) {
        prepared = try Prepared(gradient)
    }

    /// Fills `rect` (default: the whole buffer; clipped to the buffer) of `buffer` with the
    /// gradient. Throws `RasterError.invalidRect` for a rectangle of negative size, leaving the
    /// buffer untouched. Kernels: gradient_span, and fill_rows or copy_rows where rows repeat (a
    /// vertical gradient's rows are one colour each; a horizontal one's rows are all alike).
    public func fill(_ buffer: RasterBuffer, rect: PixelRect? = nil) throws(RasterError) {
        let level = try Kernels.requestedLevel()
        let r = try (rect ?? buffer.bounds).validated().intersection(buffer.bounds)
        if r.isEmpty { return }
        prepared.program.fill(buffer, r, level: level)
    }

    /// Shades the `width` × `height` pixels whose top-left is pixel (x, y) of the gradient's pixel
    /// space into `dst` (rows `stride` bytes apart) in `format`, every pixel by the span kernel at
    /// `level` — `fill`'s colours, without its row-repeating shortcuts or any check: the caller
    /// owns `height` rows of `width` pixels there. The drop-in pixman shades a gradient mask's
    /// alpha so (A8).
    package func shade(into dst: UnsafeMutableRawPointer, stride: Int, x: Int, y: Int, width: Int, height: Int,
                       format: PixelFormat, level: SIMDLevel) {
        program.shade(dst, stride: stride, x: x, y: y, width: width, height: height, bytesPerPixel: format.bytesPerPixel,
                      bgra: format == .bgra8Premultiplied, dither: gradient.dither, level: level)
    }

    /// The exact premultiplied colour (R, G, B, A in levels 0…255, unrounded, before dither) of
    /// the pixel at (x, y) of a destination — what every fill approximates.
    public func exactColor(x: Int, y: Int) -> SIMD4<Double> {
        model.color(x: Double(x) + 0.5, y: Double(y) + 0.5)
    }

    /// The exact colour at any point of pixel space (a pixel's centre is (x + 0.5, y + 0.5)), in
    /// levels 0…255, unrounded and never dithered: premultiplied (R, G, B, A), or, with
    /// `premultiplied` false, straight (each colour channel divided by alpha; 0 where alpha is 0).
    /// The geometry is the HTML canvas's (a two-point conical gradient paints the largest t whose
    /// circle has a radius ≥ 0; a conic one sweeps clockwise on screen from its start angle), and
    /// the colour at t is CSS Images 4's (its colour stop fixup; interpolation in the gradient's
    /// space and alpha mode).
    public func exactColor(at point: Point, premultiplied: Bool = true) -> SIMD4<Double> {
        let c = model.color(x: point.x, y: point.y)
        guard !premultiplied else { return c }
        guard c.w > 0 else { return .zero }
        return SIMD4(c.x * 255 / c.w, c.y * 255 / c.w, c.z * 255 / c.w, c.w)
    }
}

extension Gradient {
    /// Fills `rect` (default: all) of `buffer` with this gradient; see `GradientFill`. Prepare a
    /// `GradientFill` once instead when filling repeatedly.
    public func fill(_ buffer: RasterBuffer, rect: PixelRect? = nil) throws(RasterError) {
        try GradientFill(self).fill(buffer, rect: rect)
    }
}
