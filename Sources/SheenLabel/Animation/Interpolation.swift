import SheenRaster

/// Colour interpolation for animation: premultiplied, in a chosen space (OKLab by default), so a
/// fade to transparent does not drag the colour through black and blue → yellow passes through
/// a real colour instead of sRGB's grey.
public enum ColorInterpolation {
    /// The colour a fraction `t` of the way from `a` to `b`, interpolated premultiplied by alpha in
    /// `space`. `t` outside [0, 1] extrapolates (springs overshoot); the result is clipped to gamut.
    public static func mix(_ a: Color, _ b: Color, _ t: Double, in space: ColorSpace = .oklab) -> Color {
        if t == 0 { return a }
        if t == 1 { return b }
        let alphaA = Double(a.alpha), alphaB = Double(b.alpha)
        let alpha = alphaA + (alphaB - alphaA) * t
        let ca = a.components(in: space) * alphaA, cb = b.components(in: space) * alphaB
        let mixed = ca + (cb - ca) * t
        guard alpha > 1e-9 else { return Color(space, b.components(in: space), alpha: 0) }
        return Color(space, mixed / alpha, alpha: Float(min(max(alpha, 0), 1)))
    }
}

/// Numbers and points, linearly.
func mix(_ a: Double, _ b: Double, _ t: Double) -> Double { t == 0 ? a : t == 1 ? b : a + (b - a) * t }
func mix(_ a: Point, _ b: Point, _ t: Double) -> Point { Point(mix(a.x, b.x, t), mix(a.y, b.y, t)) }
