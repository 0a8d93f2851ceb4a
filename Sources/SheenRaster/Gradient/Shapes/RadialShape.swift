// The radial (two-point conical) shape's row: t the largest root for which P lies on the circle
// interpolated between the start and end circles with a non-negative radius (C: radial_t, and
// concentric_t for equal centres, in GradientShapes.h).

import CSheenSIMD

enum RadialShape {
    static let row = GradientShapeRow(
        parameters: [.init("startCenter", .point, 0.5, 0.5), .init("startRadius", .length, 0),
                     .init("endCenter", .point, 0.5, 0.5), .init("endRadius", .length, 0.5)],
        point: PointShape(
            prepare: { _ in .zero },
            exactT: { p, n, _ in exactT(p, c0: Point(n[0], n[1]), r0: n[2], c1: Point(n[3], n[4]), r1: n[5]) },
            kernel: { n, _, i, transform throws(RasterError) in
                try kernelForm(c0: Point(n[0], n[1]), r0: n[2], c1: Point(n[3], n[4]), r1: n[5], inverse: i,
                               transform: transform)
            },
            twins: [PointTwin(shape: UInt32(SHEEN_GRADIENT_RADIAL)) { p, px, py in twinT(p, px, py) },
                    PointTwin(shape: UInt32(SHEEN_GRADIENT_RADIAL_CONCENTRIC)) { p, px, py in
                        ((px * px + py * py).squareRoot() - p[2]) * p[8]
                    }]))

    static func exactT(_ p: Point, c0: Point, r0: Double, c1: Point, r1: Double) -> Double? {
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
        // a < 0: every point lies on exactly one circle of radius ≥ 0 (the circles grow faster
        // than their centres move); a negative discriminant or radius there is rounding, at the
        // cone's apex, and the root of the larger radius is the point's.
        var disc = b * b - a * c
        if disc < 0 {
            if a >= 0 { return nil }
            disc = 0
        }
        let root = disc.squareRoot()
        let q = b >= 0 ? b + root : b - root
        let t1 = q / a, t2 = c / q
        var best: Double? = nil
        for t in [t1, t2] where t.isFinite && r0 + t * dr >= 0 {
            if best == nil || t > best! { best = t }
        }
        if best == nil && a < 0 {
            best = [t1, t2].filter(\.isFinite).max { r0 + $0 * dr < r0 + $1 * dr }
        }
        return best
    }

    static func kernelForm(c0: Point, r0: Double, c1: Point, r1: Double, inverse i: Matrix2D,
                           transform: Matrix2D) throws(RasterError) -> PointKernelForm? {
        try KernelGradient.requireRadialLengths(c0: c0, r0: r0, c1: c1, r1: r1, transform: transform)
        let concentric = c0 == c1
        if concentric && r0 == r1 { return nil }
        let f = KernelGradient.scale(i, c0.x, c0.y, c1.x, c1.y, r0, r1)
        let cdx = c1.x * f - c0.x * f, cdy = c1.y * f - c0.y * f
        let r0s = r0 * f, dr = r1 * f - r0 * f
        let a = cdx * cdx + cdy * cdy - dr * dr
        let p = SIMD16<Float>(Float(cdx), Float(cdy), Float(r0s), Float(dr), Float(a),
                              a == 0 ? .infinity : Float(1 / a), Float(r0s * dr), Float(r0s * r0s),
                              dr == 0 ? 0 : Float(1 / dr), 0, 0, 0, 0, 0, 0, 0)
        return PointKernelForm(shape: UInt32(concentric ? SHEEN_GRADIENT_RADIAL_CONCENTRIC : SHEEN_GRADIENT_RADIAL),
                               origin: c0, scale: f, p: p)
    }

    /// radial_t's steps: t, or nil where the pixel lies on no circle of non-negative radius.
    static func twinT(_ p: [Float], _ px: Float, _ py: Float) -> Float? {
        let cdx = p[0], cdy = p[1], r0 = p[2], dr = p[3], a = p[4], invA = p[5], r0dr = p[6], r0sq = p[7]
        let b = (px * cdx + py * cdy) + r0dr
        let c = (px * px + py * py) - r0sq
        let disc = b * b - a * c
        let root = GradientKernelTwin.maxF(disc, 0).squareRoot()
        let q = b < 0 ? b - root : b + root
        let t1 = q * invA
        let t2 = c / q
        let ra = r0 + t1 * dr, rb = r0 + t2 * dr
        let ok1 = abs(t1) < .infinity && ra >= 0
        let ok2 = abs(t2) < .infinity && rb >= 0
        // a < 0: every pixel lies on one circle of radius ≥ 0; near the apex rounding may say
        // otherwise, and the root of the larger radius is taken (radial_t's rule).
        let covers = a < 0
        guard (disc >= 0 || covers) && (ok1 || ok2 || covers) else { return nil }
        if !ok1 && !ok2 { return ra >= rb || !(abs(t2) < .infinity) ? t1 : t2 }
        return ok1 && (!ok2 || t1 > t2) ? t1 : t2
    }
}
