// What t means for a gradient's colour, exactly: the stops as validated, each stop's colour in the
// interpolation space, and from them the premultiplied colour at any t. It depends on the stops,
// the interpolation and whether t wraps — never on the geometry — which is why the kernels' ramp
// built from it (GradientRamp.swift) can be shared by gradients that differ only in where they lie.

/// The colour of a gradient as an exact function of its spread t (Double): the half of
/// `ExactGradient` that geometry plays no part in.
struct GradientColors {
    /// Stops clamped and sorted (CSS rules).
    let stops: [GradientStop]
    /// Per stop: three components in the interpolation space and alpha, the components
    /// multiplied by alpha when interpolation is premultiplied.
    let points: [SIMD4<Double>]
    let space: ColorSpace
    let alphaInterpolation: AlphaInterpolation
    /// True when t wraps around (repeat, reflect, conic): then t reaches 1 at most at isolated
    /// points, and the colour at t = 1 is the limit from below — a hard stop at offset 1 ends the
    /// gradient instead of painting its second colour as a stray line along every wrap. (With pad,
    /// t = 1 is everything past the end, which takes the last stop's colour.)
    let wraps: Bool

    /// Validates `gradient`'s stops (throwing the `RasterError` that names the first bad one) and
    /// converts them.
    init(_ gradient: Gradient) throws(RasterError) {
        stops = try gradient.validatedStops()
        space = gradient.space
        alphaInterpolation = gradient.alphaInterpolation
        wraps = gradient.wraps
        let premultiplied = alphaInterpolation == .premultiplied, space = space
        points = stops.map { s in
            let c = Color(red: clamp01(s.color.red), green: clamp01(s.color.green),
                          blue: clamp01(s.color.blue), alpha: clamp01(s.color.alpha))
            let comps = c.components(in: space)
            let a = Double(c.alpha)
            return premultiplied ? SIMD4(comps * a, a) : SIMD4(comps, a)
        }
    }

    /// The premultiplied colour (R, G, B, A levels 0…255, unrounded) at a spread t in [0, 1].
    func color(atSpread t: Double) -> SIMD4<Double> {
        let n = stops.count
        let limitFromBelow = wraps && t == 1 && stops[n - 1].offset == 1
        if n == 1 || t < stops[0].offset || (limitFromBelow && stops[0].offset == 1) {
            return output(points[0])
        } else if t >= stops[n - 1].offset && !limitFromBelow {
            return output(points[n - 1])
        }
        // The segment o_k ≤ t < o_{k+1}; for the limit from below at 1, o_k < 1 = o_{k+1}.
        var k = 0
        while limitFromBelow ? stops[k + 1].offset < t : stops[k + 1].offset <= t { k += 1 }
        return color(interval: k, at: (t - stops[k].offset) / (stops[k + 1].offset - stops[k].offset))
    }

    /// The colour at fraction `u` (0…1) of the way from stop `k` to stop `k + 1` (which must have
    /// a larger offset): u = 1 is the limit from below, whatever follows stop k + 1.
    func color(interval k: Int, at u: Double) -> SIMD4<Double> {
        output(points[k] + (points[k + 1] - points[k]) * u)
    }

    /// True when the colour is linear in t between stops in output space (premultiplied sRGB
    /// levels): sRGB interpolation, premultiplied or with one alpha for every stop.
    var isPiecewiseLinear: Bool {
        guard space == .sRGB else { return false }
        return alphaInterpolation == .premultiplied || points.allSatisfy { $0.w == points[0].w }
    }

    /// True when the colour is quadratic in t between stops in output space: sRGB interpolation
    /// with straight alpha, whose premultiplied colour is the product of two lines (the straight
    /// colour's and alpha's). Linear ramps are quadratic too, with no curvature.
    var isPiecewiseQuadratic: Bool { space == .sRGB }

    /// Stop interval k's colour as base + u·slope + u²·curve for u = 0…1 across it (premultiplied
    /// levels, RGBA), exactly where `isPiecewiseQuadratic`: with straight alpha, (C₀ + u·ΔC)·(a₀ +
    /// u·Δa)·255 (the stops' components are clamped to 0…1, so no clamp applies between them, and
    /// where alpha is 0 the product is the 0 `output` gives); premultiplied, the line itself.
    func quadratic(interval k: Int) -> (base: SIMD4<Double>, slope: SIMD4<Double>, curve: SIMD4<Double>) {
        let p0 = points[k], p1 = points[k + 1]
        if alphaInterpolation == .premultiplied { return (p0 * 255, (p1 - p0) * 255, .zero) }
        let c0 = SIMD3(p0.x, p0.y, p0.z), dc = SIMD3(p1.x, p1.y, p1.z) - c0
        let a0 = p0.w, da = p1.w - p0.w
        return (SIMD4(c0 * a0, a0) * 255, SIMD4(c0 * da + dc * a0, da) * 255, SIMD4(dc * da, 0) * 255)
    }

    /// Interpolation-space components and alpha → premultiplied sRGB levels.
    private func output(_ mixed: SIMD4<Double>) -> SIMD4<Double> {
        let alpha = mixed.w
        if alpha <= 0 { return .zero }
        let premultiplied = alphaInterpolation == .premultiplied
        if space == .sRGB && premultiplied {
            return mixed * 255   // already premultiplied sRGB: exactly linear in output space
        }
        let comps = SIMD3(mixed.x, mixed.y, mixed.z) / (premultiplied ? alpha : 1)
        let srgb = srgbFromComponents(space, comps)
        return SIMD4(srgb * alpha * 255, alpha * 255)
    }
}

extension Gradient {
    /// True when t wraps around (repeat, reflect, conic); see `GradientColors.wraps`.
    var wraps: Bool { wraps(shape.kind.summary) }

    /// `wraps`, given the summary of the shape's kind (a gradient prepared per call reads it once).
    func wraps(_ summary: GradientShapeSummary) -> Bool { summary.wraps || spread != .pad }
}
