// The exact, Double-precision meaning of a gradient: where a pixel lands (t), how t spreads, what
// colour t has. The reference fill evaluates it per pixel; the kernel's lookup table samples it;
// tests measure the kernel against it. One definition, so the three cannot drift apart.

/// A validated gradient, ready to evaluate in Double: the meaning every kernel level is held to
/// (`KernelGradient` is what the kernels read; `GradientFill` holds both).
package struct ExactGradient {
    let gradient: Gradient
    /// What t means: the stops as validated and their colours (shared with the kernels' ramp).
    let colors: GradientColors
    /// Pixel space → gradient space.
    let inverse: Matrix2D
    /// Linear gradients: t = a·X + b·Y + c at pixel-space (X, Y); nil for a zero-length line.
    let linear: LinearCoefficients?
    /// Point shapes: the row's evaluation (nil for linear), and what its `prepare` made of the
    /// shape's numbers (`gradient.shape.scalars`).
    let point: PointShape?
    let prepared: SIMD8<Double>

    /// Validates and converts `gradient`, its stops included.
    init(_ gradient: Gradient) throws(RasterError) {
        try self.init(gradient, colors: GradientColors(gradient))
    }

    /// Validates `gradient`'s geometry; `colors` are its stops, already validated and converted.
    init(_ gradient: Gradient, colors: GradientColors) throws(RasterError) {
        // What can throw comes before anything is stored (a throw leaves nothing half-made).
        try gradient.validateShape()
        let inverse = try gradient.transform.inverted()
        if case let .linear(s, e) = gradient.shape {
            linear = LinearCoefficients(start: s, end: e, inverse: inverse)
        } else {
            linear = nil
        }
        point = gradient.shape.kind.row.point
        prepared = point?.prepare(gradient.shape.scalars) ?? .zero
        self.inverse = inverse
        self.gradient = gradient
        self.colors = colors
    }

    /// t for the pixel-space position (x, y) before spreading, or nil where the gradient paints
    /// nothing (degenerate shapes, radial pixels on no circle).
    func rawT(x: Double, y: Double) -> Double? {
        guard let point else {
            guard let k = linear else { return nil }
            return k.a * x + k.b * y + k.c
        }
        return point.exactT(inverse.apply(Point(x, y)), gradient.shape.scalars, prepared)
    }

    /// t mapped into [0, 1] by the spread (shapes that wrap, conic, always wrap).
    func spreadT(_ t: Double) -> Double {
        if point?.wraps == true { return t - t.rounded(.down) }
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
