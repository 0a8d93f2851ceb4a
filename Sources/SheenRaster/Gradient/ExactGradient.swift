// The exact, Double-precision meaning of a gradient: where a pixel lands (t), how t spreads, what
// colour t has. The reference fill evaluates it per pixel; the kernel's lookup table samples it;
// tests measure the kernel against it. One definition, so the three cannot drift apart.

/// A validated gradient, ready to evaluate in Double: the meaning every kernel level is held to
/// (`KernelGradient` is what the kernels read; `GradientFill` holds both).
package struct ExactGradient {
    // The model is copied into every gradient made per call: kept within 256 bytes (the fields
    // in this order pack to 256) libc's memcpy copies it in its short path.
    let gradient: Gradient
    /// How t is found.
    let evaluation: Evaluation
    /// What t means: the stops as validated and their colours (shared with the kernels' ramp).
    let colors: GradientColors
    /// Pixel space → gradient space.
    let inverse: Matrix2D

    /// How t is found from a pixel position (one enumeration, not a field per case: smaller).
    enum Evaluation {
        /// t = a·X + b·Y + c at pixel-space (X, Y).
        case linear(LinearCoefficients)
        /// A point shape: its row's evaluation, and what its `prepare` made of the shape's
        /// numbers (`gradient.shape.scalars`).
        case point(PointShape, prepared: SIMD4<Double>)
        /// Nothing is painted (a zero-length line).
        case nothing
    }

    /// Validates and converts `gradient`, its stops included.
    init(_ gradient: Gradient) throws(RasterError) {
        try self.init(gradient, colors: GradientColors(gradient), gradient.shape.kind.summary)
    }

    /// Validates `gradient`'s geometry; `colors` are its stops, already validated and converted,
    /// and `summary` the summary of its shape's kind.
    init(_ gradient: Gradient, colors: GradientColors, _ summary: GradientShapeSummary) throws(RasterError) {
        // What can throw comes before anything is stored (a throw leaves nothing half-made).
        try gradient.validateShape(summary)
        let inverse = try gradient.transform.inverted()
        if summary.isPoint, let point = gradient.shape.kind.row.point {
            evaluation = .point(point, prepared: point.prepare(gradient.shape.scalars))
        } else if case let .linear(s, e) = gradient.shape, let k = LinearCoefficients(start: s, end: e, inverse: inverse) {
            evaluation = .linear(k)
        } else {
            evaluation = .nothing
        }
        self.inverse = inverse
        self.gradient = gradient
        self.colors = colors
    }

    /// t for the pixel-space position (x, y) before spreading, or nil where the gradient paints
    /// nothing (degenerate shapes, radial pixels on no circle).
    func rawT(x: Double, y: Double) -> Double? {
        switch evaluation {
        case let .linear(k): return k.a * x + k.b * y + k.c
        case let .point(point, prepared): return point.exactT(inverse.apply(Point(x, y)), gradient.shape.scalars, prepared)
        case .nothing: return nil
        }
    }

    /// t mapped into [0, 1] by the spread (shapes that wrap, conic, always wrap).
    func spreadT(_ t: Double) -> Double {
        if case let .point(point, _) = evaluation, point.wraps { return t - t.rounded(.down) }
        switch gradient.spread {
        case .pad: return min(max(t, 0), 1)
        case .repeat: return t - t.rounded(.down)
        case .reflect:
            let u = t / 2 - (t / 2).rounded(.down)   // [0, 1) over one there-and-back period
            return 1 - abs(2 * u - 1)
        }
    }

    /// The premultiplied colour (levels 0…255, unrounded, before dither) of the pixel whose
    /// centre is at pixel-space (x, y); zero where the gradient paints nothing.
    package func color(x: Double, y: Double) -> SIMD4<Double> {
        guard let t = rawT(x: x, y: y) else { return .zero }
        return colors.color(atSpread: spreadT(t))
    }
}

/// The power of two (between 2⁻¹⁰⁰⁰ and 2¹⁰⁰⁰) that brings magnitude `m` to binade `exponent`; 1
/// for 0 or a non-finite `m`. Multiplying by it is exact, so lengths scaled alike keep their ratios.
func powerOfTwoScale(bringing m: Double, toExponent exponent: Int) -> Double {
    if m == 0 || !m.isFinite { return 1 }
    return Double(sign: .plus, exponent: min(max(exponent - m.exponent, -1000), 1000), significand: 1)
}
