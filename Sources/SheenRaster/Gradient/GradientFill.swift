/// A gradient prepared for filling: validated once, coefficients and colour tables built once,
/// then used for any number of fills into any buffers (reuse it across frames).
///
/// Filling is *source copy*: every pixel of the target rectangle is overwritten with the
/// gradient's premultiplied colour (A8 destinations receive its alpha). Gradient coordinates are
/// the destination view's pixel coordinates, whatever rectangle is filled, so neighbouring
/// rectangles filled separately join seamlessly.
///
/// Precision: a gradient whose colour is piecewise linear in premultiplied sRGB (sRGB
/// interpolation, premultiplied alpha, up to four stops) is evaluated per pixel in Float: for two
/// stops every channel is the correctly rounded value of the exact Double result except within
/// about 10⁻⁴ level of a rounding tie. Other gradients (OKLab, linear light, straight alpha, more
/// stops) read a 4,096-entry table sampled from the exact result: within 1 level except where the
/// colour changes by more than ~4,000 levels per unit of t (hard stops, stops packed closer than
/// 1/16), where t is effectively quantised to 1/8,190.
public struct GradientFill: Sendable {
    /// The gradient this fill was prepared from.
    public let gradient: Gradient
    let model: GradientModel
    let program: GradientProgram

    /// Validates and prepares `gradient`. Throws `RasterError` for zero stops, NaN or infinite
    /// numbers, negative radii or a non-invertible transform.
    public init(_ gradient: Gradient) throws {
        self.gradient = gradient
        model = try GradientModel(gradient)
        program = try GradientProgram(model)
    }

    /// Fills `rect` (default: the whole buffer; clipped to the buffer) of `buffer` with the
    /// gradient. Throws `RasterError.invalidRect` for a rectangle of negative size, leaving the
    /// buffer untouched.
    public func fill(_ buffer: RasterBuffer, rect: PixelRect? = nil) throws {
        let level = try Kernels.requestedLevel()
        let r = try (rect ?? buffer.bounds).validated().intersection(buffer.bounds)
        if r.isEmpty { return }
        program.fill(buffer, r, level: Kernels.level(of: "gradient_span", at: level)!)
    }

    /// The exact premultiplied colour (R, G, B, A in levels 0…255, unrounded, before dither) of
    /// the pixel at (x, y) of a destination — what every fill approximates.
    public func exactColor(x: Int, y: Int) -> SIMD4<Double> {
        model.color(x: Double(x) + 0.5, y: Double(y) + 0.5)
    }
}

extension Gradient {
    /// Fills `rect` (default: all) of `buffer` with this gradient; see `GradientFill`. Prepare a
    /// `GradientFill` once instead when filling repeatedly.
    public func fill(_ buffer: RasterBuffer, rect: PixelRect? = nil) throws {
        try GradientFill(self).fill(buffer, rect: rect)
    }
}
