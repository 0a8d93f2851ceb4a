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
    /// Conic gradients: the start angle reduced to (−π, π] with libm's exact range reduction
    /// (a start of 10³⁰⁸ rad is a real angle, not a multiple of 2π's rounding).
    let conicStart: Double

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
        if case let .conic(_, start) = gradient.shape {
            conicStart = libmAtan2(libmSin(start), libmCos(start))
        } else {
            conicStart = 0
        }
        self.inverse = inverse
        self.gradient = gradient
        self.colors = colors
    }

    /// t for the pixel-space position (x, y) before spreading, or nil where the gradient paints
    /// nothing (degenerate shapes, radial pixels on no circle).
    func rawT(x: Double, y: Double) -> Double? {
        let p = inverse.apply(Point(x, y))
        switch gradient.shape {
        case .linear:
            guard let k = linear else { return nil }
            return k.a * x + k.b * y + k.c
        case let .radial(c0, r0, c1, r1):
            // Circles C(t) = c0 + t·(c1 − c0), r(t) = r0 + t·(r1 − r0). The pixel lies on C(t) when
            //   a·t² − 2·b·t + c = 0,  a = |cd|² − dr², b = pd·cd + r0·dr, c = |pd|² − r0².
            // Roots by the cancellation-free pair q/a, c/q with q = b + sign(b)·√(b² − a·c).
            // t is unchanged when every length is scaled alike: scale by a power of two so that
            // centres and radii near ±10³⁰⁸ neither overflow nor lose their differences.
            let f = powerOfTwoScale(bringing: max(abs(p.x), abs(p.y), abs(c0.x), abs(c0.y), abs(c1.x), abs(c1.y), r0, r1),
                                    toExponent: 0)
            let cdx = c1.x * f - c0.x * f, cdy = c1.y * f - c0.y * f, dr = r1 * f - r0 * f
            let pdx = p.x * f - c0.x * f, pdy = p.y * f - c0.y * f
            let r0 = r0 * f
            let a = cdx * cdx + cdy * cdy - dr * dr
            let b = pdx * cdx + pdy * cdy + r0 * dr
            let c = pdx * pdx + pdy * pdy - r0 * r0
            let disc = b * b - a * c
            if disc < 0 { return nil }
            let root = disc.squareRoot()
            let q = b >= 0 ? b + root : b - root
            let t1 = q / a, t2 = c / q
            var best: Double? = nil
            for t in [t1, t2] where t.isFinite && r0 + t * dr >= 0 {
                if best == nil || t > best! { best = t }
            }
            return best
        case let .conic(center, _):
            let angle = libmAtan2(p.y - center.y, p.x - center.x)
            return (angle - conicStart) / (2 * Double.pi)
        }
    }

    /// t mapped into [0, 1] by the spread (conic gradients always wrap).
    func spreadT(_ t: Double) -> Double {
        if case .conic = gradient.shape { return t - t.rounded(.down) }
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
