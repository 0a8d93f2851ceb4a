// The scalar reference twin of gradient_span, the gradient kernel (CSheenSIMD/GradientBody.h): the same
// job, every step in the same order and precision, one pixel at a time. Every level must equal
// it bit for bit (GradientLevelTests); ExactGradient, in Double, says how close all of them are
// to the exact colour (GradientKernelTests).

import CSheenSIMD

enum GradientKernelTwin {
    /// Runs `job` (as sheen_gradient_span_avx2/avx512 would).
    static func run(_ job: SheenGradientJob) {
        let j = job
        let g = withUnsafeBytes(of: j.g) { Array($0.bindMemory(to: Double.self)) }
        let p = withUnsafeBytes(of: j.p) { Array($0.bindMemory(to: Float.self)) }
        for r in 0 ..< j.height {
            let y = j.y + r
            let Y = Double(y) + 0.5
            let row0 = g[1] * Y + g[2], row1 = g[4] * Y + g[5]
            let d = UnsafeMutableRawPointer(j.dst!) + r * j.dstStride
            for x in j.x ..< j.x + j.width {
                let v = pixel(j, g, p, X: Double(x & ~15) + 0.5, row0: row0, row1: row1, lane: x & 15, y: y)
                if j.bytesPerPixel == 4 {
                    d.storeBytes(of: UInt32(bitPattern: v).littleEndian, toByteOffset: (x - j.x) * 4, as: UInt32.self)
                } else {
                    d.storeBytes(of: UInt8(truncatingIfNeeded: v), toByteOffset: x - j.x, as: UInt8.self)
                }
            }
        }
    }

    /// The pixel in lane `lane` of the block whose first pixel's centre is at X.
    static func pixel(_ j: SheenGradientJob, _ g: [Double], _ p: [Float], X: Double, row0: Double, row1: Double,
                      lane: Int, y: Int) -> Int32 {
        let lx = j.laneX[lane]
        var t: Float
        switch Int(j.shape) {
        case SHEEN_GRADIENT_LINEAR:
            t = linearT(linearBase(reducedBase(g[0] * X + row0, j.spread), j.spread) + lx, j.spread)
        case SHEEN_GRADIENT_RADIAL, SHEEN_GRADIENT_RADIAL_CONCENTRIC:
            let px = Float(g[0] * X + row0) + lx, py = Float(g[3] * X + row1) + j.laneY[lane]
            if Int(j.shape) == SHEEN_GRADIENT_RADIAL {
                guard let r = radialT(p, px, py) else { return 0 }
                t = r
            } else {
                t = ((px * px + py * py).squareRoot() - p[2]) * p[8]
            }
            t = spreadT(t, j.spread)
        default:
            t = conicT(p[0], Float(g[0] * X + row0) + lx, Float(g[3] * X + row1) + j.laneY[lane])
        }
        let d: Float = j.dither != 0 ? j.ditherTable[(y & 7) * 16 + lane] : 0
        return shade(j, t, d)
    }

    /// A reduced linear base (or lane offset) in Float, C's `keeping_sign`: under repeat and
    /// reflect a non-zero value is never rounded to zero but to the smallest subnormal of its sign
    /// (its sign says which side of a wrap t is on); under pad a plain conversion (±2⁻¹⁴⁹ clamps
    /// to the colour 0 gives).
    static func linearBase(_ d: Double, _ spread: UInt32) -> Float {
        let f = Float(d)
        if Int(spread) == SHEEN_GRADIENT_PAD { return f }
        return f == 0 && d != 0 ? (d < 0 ? -Float.leastNonzeroMagnitude : .leastNonzeroMagnitude) : f
    }

    static func reducedBase(_ t: Double, _ spread: UInt32) -> Double {
        switch Int(spread) {
        case SHEEN_GRADIENT_REPEAT: return KernelGradient.reducedBase(t, spread: .repeat)
        case SHEEN_GRADIENT_REFLECT: return KernelGradient.reducedBase(t, spread: .reflect)
        default: return KernelGradient.reducedBase(t, spread: .pad)
        }
    }

    @inline(__always) static func minF(_ a: Float, _ b: Float) -> Float { a < b ? a : b }
    @inline(__always) static func maxF(_ a: Float, _ b: Float) -> Float { a > b ? a : b }

    static func linearT(_ t: Float, _ spread: UInt32) -> Float {
        switch Int(spread) {
        case SHEEN_GRADIENT_REPEAT: return t < 0 ? t + 1 : t
        case SHEEN_GRADIENT_REFLECT:
            let v = abs(t)
            return v > 1 ? 2 - v : v
        default: return minF(maxF(t, 0), 1)
        }
    }

    static func spreadT(_ t: Float, _ spread: UInt32) -> Float {
        switch Int(spread) {
        case SHEEN_GRADIENT_REPEAT: return t - t.rounded(.down)
        case SHEEN_GRADIENT_REFLECT:
            let u = t - 2 * (t * 0.5).rounded(.down)
            return 1 - abs(u - 1)
        default: return minF(maxF(t, 0), 1)
        }
    }

    /// Two-point conical t, or nil where the pixel lies on no circle of non-negative radius.
    static func radialT(_ p: [Float], _ px: Float, _ py: Float) -> Float? {
        let cdx = p[0], cdy = p[1], r0 = p[2], dr = p[3], a = p[4], invA = p[5], r0dr = p[6], r0sq = p[7]
        let b = (px * cdx + py * cdy) + r0dr
        let c = (px * px + py * py) - r0sq
        let disc = b * b - a * c
        let root = maxF(disc, 0).squareRoot()
        let q = b < 0 ? b - root : b + root
        let t1 = q * invA
        let t2 = c / q
        let ok1 = abs(t1) < .infinity && r0 + t1 * dr >= 0
        let ok2 = abs(t2) < .infinity && r0 + t2 * dr >= 0
        guard disc >= 0 && (ok1 || ok2) else { return nil }
        return ok1 && (!ok2 || t1 > t2) ? t1 : t2
    }

    static func conicT(_ start: Float, _ dx: Float, _ dy: Float) -> Float {
        let ax = abs(dx), ay = abs(dy)
        let mx = maxF(ax, ay), mn = minF(ax, ay)
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

    /// x86's round-to-nearest-even conversion (NaN and values beyond Int32 give Int32.min),
    /// clamped to 0…255 — what the C kernels' saturating packs make of it.
    @inline(__always) static func level(_ v: Float) -> Int32 {
        guard v > -2_147_483_648 && v < 2_147_483_648 else { return 0 }
        return min(max(Int32(v.rounded(.toNearestOrEven)), 0), 255)
    }

    /// The ramp at t (in [0, 1]): a 32-bit pixel, or the A8 value.
    static func shade(_ j: SheenGradientJob, _ t: Float, _ d: Float) -> Int32 {
        let n = Int(j.segments)
        let P = j.pieces!
        var s = 0
        if n <= Int(SHEEN_GRADIENT_BROADCAST_SEGMENTS) {
            for i in 1 ..< max(n, 1) where t >= j.bounds[i] { s = i }
        } else {
            let tc = minF(maxF(t, 0), 1)
            s = Int(j.cells[min(Int(tc * Float(j.cellCount)), Int(j.cellCount) - 1)])
            for _ in 0 ..< j.cellSteps where tc >= j.bounds[s + 1] { s += 1 }
        }
        let u = t - P[s]
        func channel(_ k: Int) -> Float {
            let c = P[(1 + k) * n + s].addingProduct(u, P[(5 + k) * n + s])   // fused, as the C kernels' FMA
            return j.dither != 0 ? c + d : c
        }
        let a8 = j.bytesPerPixel == 1
        var a: Int32 = 255
        if j.opaque == 0 || a8 {
            a = level(channel(3))
            if a8 { return a }
        }
        var r = level(channel(0)), g = level(channel(1)), b = level(channel(2))
        if j.opaque == 0 { r = min(r, a); g = min(g, a); b = min(b, a) }
        return r | g << 8 | b << 16 | a << 24
    }
}
