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
        // The point shape's twin, looked up once (nil for linear); a shape that is no row writes
        // nothing, as the C entry does.
        let twin = PointTwin.of(j.shape)
        if twin == nil && Int(j.shape) != SHEEN_GRADIENT_LINEAR { return }
        for r in 0 ..< j.height {
            let y = j.y + r
            let Y = Double(y) + 0.5
            let row0 = g[1] * Y + g[2], row1 = g[4] * Y + g[5]
            let d = UnsafeMutableRawPointer(j.dst!) + r * j.dstStride
            for x in j.x ..< j.x + j.width {
                let v = pixel(j, g, p, twin, X: Double(x & ~15) + 0.5, row0: row0, row1: row1, lane: x & 15, y: y)
                if j.bytesPerPixel == 4 {
                    d.storeBytes(of: UInt32(bitPattern: v).littleEndian, toByteOffset: (x - j.x) * 4, as: UInt32.self)
                } else {
                    d.storeBytes(of: UInt8(truncatingIfNeeded: v), toByteOffset: x - j.x, as: UInt8.self)
                }
            }
        }
    }

    /// The pixel in lane `lane` of the block whose first pixel's centre is at X; `twin` is the
    /// point shape's (nil: linear).
    static func pixel(_ j: SheenGradientJob, _ g: [Double], _ p: [Float], _ twin: PointTwin?, X: Double, row0: Double,
                      row1: Double, lane: Int, y: Int) -> Int32 {
        let lx = j.laneX[lane]
        var t: Float
        if let twin {
            let px = Float(g[0] * X + row0) + lx, py = Float(g[3] * X + row1) + j.laneY[lane]
            guard let u = twin.t(p, px, py) else { return 0 }
            t = sheen_gradient_shape_wraps(j.shape) == 1 ? u : spreadT(u, j.spread)
        } else {
            t = linearT(linearBase(reducedBase(g[0] * X + row0, j.spread), j.spread) + lx, j.spread)
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
            // Fused, as the C kernels' FMA; a quadratic ramp's slope first gains u·curve.
            var slope = P[(5 + k) * n + s]
            if j.quadratic != 0 { slope = slope.addingProduct(u, P[(9 + k) * n + s]) }
            let c = P[(1 + k) * n + s].addingProduct(u, slope)
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
