/// A linear gradient's t as an affine function of pixel-space (X, Y): t = a·X + b·Y + c, where
/// t = ((P − start)·d)/|d|², P the gradient-space point, d = end − start. Computed with the line
/// scaled by a power of two first, so that a line from −10³⁰⁸ to 10³⁰⁸ does not overflow; the
/// coefficients of a line too short for Double (or its transform) come out infinite.
struct LinearCoefficients: Hashable, Sendable {
    let a, b, c: Double

    /// nil when start == end (a zero-length line paints nothing).
    init?(start s: Point, end e: Point, inverse i: Matrix2D) {
        if s == e { return nil }
        let f = powerOfTwoScale(bringing: max(abs(s.x), abs(s.y), abs(e.x), abs(e.y)), toExponent: 0)
        let sx = s.x * f, sy = s.y * f
        let dx = e.x * f - sx, dy = e.y * f - sy
        let len2 = dx * dx + dy * dy
        a = (i.a * dx + i.b * dy) / len2 * f
        b = (i.c * dx + i.d * dy) / len2 * f
        c = ((i.tx * f - sx) * dx + (i.ty * f - sy) * dy) / len2
    }
}
