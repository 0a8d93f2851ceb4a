// The conic (sweep) shape's row: t = the angle of P − center in turns from the start angle,
// wrapped every turn whatever the spread (C: conic_t in GradientShapes.h).

import CSheenSIMD

enum ConicShape {
    static let row = GradientShapeRow(
        parameters: [.init("center", .point, 0.5, 0.5), .init("startAngle", .angle, 0)],
        point: PointShape(
            // The start angle reduced to (−π, π] with libm's exact range reduction (a start of
            // 10³⁰⁸ rad is a real angle, not a multiple of 2π's rounding).
            prepare: { n in SIMD4(libmAtan2(libmSin(n[2]), libmCos(n[2])), 0, 0, 0) },
            exactT: { p, n, start in
                (libmAtan2(p.y - n[1], p.x - n[0]) - start[0]) / (2 * Double.pi)
            },
            kernel: { n, start, i, _ in
                let turns = start[0] / (2 * Double.pi)
                var p = SIMD16<Float>()
                p[0] = Float(turns - turns.rounded(.down))
                return PointKernelForm(shape: UInt32(SHEEN_GRADIENT_CONIC), origin: Point(n[0], n[1]),
                                       scale: KernelGradient.scale(i, n[0], n[1]), p: p)
            },
            twins: [PointTwin(shape: UInt32(SHEEN_GRADIENT_CONIC)) { p, dx, dy in twinT(start: p[0], dx, dy) }]))

    /// conic_t's steps: a polynomial atan of (dx, dy) in turns, minus the start, wrapped.
    static func twinT(start: Float, _ dx: Float, _ dy: Float) -> Float {
        let ax = abs(dx), ay = abs(dy)
        let mx = GradientKernelTwin.maxF(ax, ay), mn = GradientKernelTwin.minF(ax, ay)
        let q = mn / (mx == 0 ? 1 : mx)
        let s = q * q
        // Each step one fused multiply-add, as the C kernels' FMA.
        var p: Float = -0.0018671389
        p = Float(0.0083845339).addingProduct(p, s)
        p = Float(-0.0185352993).addingProduct(p, s)
        p = Float(0.0308052923).addingProduct(p, s)
        p = Float(-0.0529389941).addingProduct(p, s)
        p = Float(0.1591513382).addingProduct(p, s)
        p = p * q
        if ay > ax { p = 0.25 - p }
        if dx < 0 { p = 0.5 - p }
        if dy < 0 { p = -p }
        let v = p - start
        return v - v.rounded(.down)
    }
}
