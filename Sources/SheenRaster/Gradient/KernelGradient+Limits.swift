// The extremes a gradient may reach and still be painted within its precision promise
// (GradientFill's documentation lists them): beyond them the kernels' Float arithmetic cannot
// tell neighbouring pixels apart, so such gradients are refused by name instead.

extension KernelGradient {
    /// Largest |a|, |b| of a linear gradient (t per pixel): a line at least 2⁻⁴⁰ px long.
    static let steepestLinear = 0x1p40
    /// Repeat and reflect: t per pixel at most 256 and |c| at most 2⁴⁰, so that t stays exact to
    /// 2⁻¹² in Double however far the pixel is from the line's start.
    static let steepestRepeating = 256.0
    static let farthestRepeating = 0x1p40
    /// Repeat and reflect: the longest period, in pixels.
    static let longestRepeating = 0x1p40

    /// Largest length a radial gradient may involve, in its own space and in pixels: 2²⁴ px. The
    /// kernels solve for t in Float; beyond this a cone's discriminant cancels to noise (a cone
    /// 10¹⁵ px long cannot tell a pixel inside from one 8 px outside, even in Double).
    static let longestRadial = 0x1p24
    /// Smallest extent (diameter or centre distance) a radial gradient may have, in pixels.
    static let smallestRadial = 0x1p-29

    static func requireRadialLengths(c0: Point, r0: Double, c1: Point, r1: Double,
                                             transform t: Matrix2D) throws(RasterError) {
        let range = "[−2²⁴, 2²⁴] (16,777,216 px)"
        for (name, v) in [("startCenter.x", c0.x), ("startCenter.y", c0.y), ("startRadius", r0),
                          ("endCenter.x", c1.x), ("endCenter.y", c1.y), ("endRadius", r1)] where abs(v) > longestRadial {
            throw RasterError.outOfRange(name: name, value: v, range: range)
        }
        let scale = max(abs(t.a), abs(t.b), abs(t.c), abs(t.d))
        // Circles must also not vanish beside the pixel grid: Float holds the cone and pixels 2³¹
        // px away together only within 2⁶⁰ of each other.
        let extent = max(2 * r0, 2 * r1, ((c1.x - c0.x) * (c1.x - c0.x) + (c1.y - c0.y) * (c1.y - c0.y)).squareRoot())
        let extentInPixels = extent * abs(t.a * t.d - t.b * t.c).squareRoot()
        if extent > 0 && !(extentInPixels >= smallestRadial) {
            let byTransform = extent >= smallestRadial
            throw RasterError.outOfRange(name: byTransform ? "transform" : (r1 >= r0 ? "endRadius" : "startRadius"),
                                         value: byTransform ? t.a : max(r0, r1),
                                         range: "circles at least 2⁻²⁹ px across in pixel space")
        }
        let p0 = t.apply(c0), p1 = t.apply(c1)
        let reach = max(abs(p0.x), abs(p0.y), abs(p1.x), abs(p1.y), 2 * r0 * scale, 2 * r1 * scale)
        if !(reach <= longestRadial) {
            throw RasterError.outOfRange(name: "transform", value: reach, range: "circles within " + range + " in pixel space")
        }
    }

    /// The distance between two points, without overflow for coordinates near Double's range.
    static func distance(_ s: Point, _ e: Point) -> Double {
        let m = max(abs(s.x), abs(s.y), abs(e.x), abs(e.y))
        if m == 0 { return 0 }
        let dx = e.x / m - s.x / m, dy = e.y / m - s.y / m
        return (dx * dx + dy * dy).squareRoot() * m
    }
}
