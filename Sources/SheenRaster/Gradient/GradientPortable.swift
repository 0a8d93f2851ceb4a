// The portable level of the gradient span kernel: GradientBody.h's steps on eight Float lanes in
// Swift SIMD (two vectors a 16-pixel block), for platforms without a C level. Rounding, floor and
// min/max are spelled so they give the C kernel's exact bits (DESIGN.md: stdlib conversions and
// rounding are per-lane calls on the baseline target). The fused multiply-adds are exact on every
// platform; on x86-64's baseline they are libm calls per lane, a price paid only where no C level
// runs.

import CSheenSIMD

enum GradientPortable {
    static func run(_ job: SheenGradientJob) {
        let j = job
        let g = withUnsafeBytes(of: j.g) { Array($0.bindMemory(to: Double.self)) }
        let p = withUnsafeBytes(of: j.p) { Array($0.bindMemory(to: Float.self)) }
        let bpp = Int(j.bytesPerPixel)
        let lanes = (0 ..< 2).map { F32x8(UnsafeBufferPointer(start: j.laneX + 8 * $0, count: 8)) }
        let lanesY = (0 ..< 2).map { F32x8(UnsafeBufferPointer(start: j.laneY + 8 * $0, count: 8)) }
        var out = [Int32](repeating: 0, count: 16)
        for r in 0 ..< j.height {
            let y = j.y + r
            let Y = Double(y) + 0.5
            let row0 = g[1] * Y + g[2], row1 = g[4] * Y + g[5]
            let dst = UnsafeMutableRawPointer(j.dst!) + r * j.dstStride
            let x0 = j.x, x1 = j.x + j.width
            var bx = x0 & ~15
            while bx < x1 {
                let X = Double(bx) + 0.5
                for h in 0 ..< 2 {
                    let d = j.dither != 0 ? F32x8(UnsafeBufferPointer(start: j.ditherTable + (y & 7) * 16 + 8 * h, count: 8))
                        : F32x8()
                    var painted = SIMDMask<SIMD8<Int32>>(repeating: true)
                    var t: F32x8
                    switch Int(j.shape) {
                    case SHEEN_GRADIENT_LINEAR:
                        let base = GradientKernelTwin.linearBase(GradientKernelTwin.reducedBase(g[0] * X + row0, j.spread), j.spread)
                        t = linearT(F32x8(repeating: base) + lanes[h], j.spread)
                    case SHEEN_GRADIENT_RADIAL:
                        let px = F32x8(repeating: Float(g[0] * X + row0)) + lanes[h]
                        let py = F32x8(repeating: Float(g[3] * X + row1)) + lanesY[h]
                        (t, painted) = radialT(p, px, py)
                        t = spreadT(t, j.spread)
                    case SHEEN_GRADIENT_RADIAL_CONCENTRIC:
                        let px = F32x8(repeating: Float(g[0] * X + row0)) + lanes[h]
                        let py = F32x8(repeating: Float(g[3] * X + row1)) + lanesY[h]
                        t = spreadT(((px * px + py * py).squareRoot() - p[2]) * p[8], j.spread)
                    default:
                        let dx = F32x8(repeating: Float(g[0] * X + row0)) + lanes[h]
                        let dy = F32x8(repeating: Float(g[3] * X + row1)) + lanesY[h]
                        t = conicT(p[0], dx, dy)
                    }
                    let v = shade(j, t, d).replacing(with: 0, where: .!painted)
                    for k in 0 ..< 8 { out[8 * h + k] = v[k] }
                }
                let lo = bx < x0 ? x0 - bx : 0, hi = min(x1 - bx, 16)
                for k in lo ..< hi {
                    if bpp == 4 {
                        dst.storeBytes(of: UInt32(bitPattern: out[k]).littleEndian, toByteOffset: (bx + k - x0) * 4,
                                       as: UInt32.self)
                    } else {
                        dst.storeBytes(of: UInt8(truncatingIfNeeded: out[k]), toByteOffset: bx + k - x0, as: UInt8.self)
                    }
                }
                bx += 16
            }
        }
    }

    @inline(__always) static func minL(_ a: F32x8, _ b: F32x8) -> F32x8 { b.replacing(with: a, where: a .< b) }
    @inline(__always) static func maxL(_ a: F32x8, _ b: F32x8) -> F32x8 { b.replacing(with: a, where: a .> b) }

    /// floor per lane, exact for every finite Float (−0 stays −0, as libm's floor keeps it).
    @inline(__always) static func floorL(_ v: F32x8) -> F32x8 {
        let magic = F32x8(repeating: roundingMagic)
        let a = lanesAbs(v)
        let sign = unsafeBitCast(v, to: U32x8.self) & 0x8000_0000
        let n = unsafeBitCast(unsafeBitCast((a + magic) - magic, to: U32x8.self) | sign, to: F32x8.self)
        let f = n.replacing(with: n - 1, where: n .> v)
        return f.replacing(with: v, where: a .>= magic)
    }

    static func linearT(_ t: F32x8, _ spread: UInt32) -> F32x8 {
        switch Int(spread) {
        case SHEEN_GRADIENT_REPEAT: return t.replacing(with: t + 1, where: t .< 0)
        case SHEEN_GRADIENT_REFLECT:
            let v = lanesAbs(t)
            return v.replacing(with: 2 - v, where: v .> 1)
        default: return minL(maxL(t, .zero), F32x8(repeating: 1))
        }
    }

    static func spreadT(_ t: F32x8, _ spread: UInt32) -> F32x8 {
        switch Int(spread) {
        case SHEEN_GRADIENT_REPEAT: return t - floorL(t)
        case SHEEN_GRADIENT_REFLECT:
            let u = t - 2 * floorL(t * 0.5)
            return 1 - lanesAbs(u - 1)
        default: return minL(maxL(t, .zero), F32x8(repeating: 1))
        }
    }

    static func radialT(_ p: [Float], _ px: F32x8, _ py: F32x8) -> (F32x8, SIMDMask<SIMD8<Int32>>) {
        let b = (px * p[0] + py * p[1]) + p[6]
        let c = (px * px + py * py) - p[7]
        let disc = b * b - p[4] * c
        let root = maxL(disc, .zero).squareRoot()
        let q = (b + root).replacing(with: b - root, where: b .< 0)
        let t1 = q * p[5]
        let t2 = c / q
        let inf = F32x8(repeating: .infinity)
        let ok1 = (lanesAbs(t1) .< inf) .& (p[2] + t1 * p[3] .>= 0)
        let ok2 = (lanesAbs(t2) .< inf) .& (p[2] + t2 * p[3] .>= 0)
        let painted = (disc .>= 0) .& (ok1 .| ok2)
        let t = t2.replacing(with: t1, where: ok1 .& (.!ok2 .| (t1 .> t2)))
        return (t, painted)
    }

    static func conicT(_ start: Float, _ dx: F32x8, _ dy: F32x8) -> F32x8 {
        let ax = lanesAbs(dx), ay = lanesAbs(dy)
        let mx = maxL(ax, ay), mn = minL(ax, ay)
        let q = mn / mx.replacing(with: 1, where: mx .== 0)
        let s = q * q
        var p = F32x8(repeating: -0.0018671389)
        p = F32x8(repeating: 0.0083845339).addingProduct(p, s)
        p = F32x8(repeating: -0.0185352993).addingProduct(p, s)
        p = F32x8(repeating: 0.0308052923).addingProduct(p, s)
        p = F32x8(repeating: -0.0529389941).addingProduct(p, s)
        p = F32x8(repeating: 0.1591513382).addingProduct(p, s)
        p = p * q
        p = p.replacing(with: 0.25 - p, where: ay .> ax)
        p = p.replacing(with: 0.5 - p, where: dx .< 0)
        p = p.replacing(with: -p, where: dy .< 0)
        let v = p - start
        return v - floorL(v)
    }

    /// round-half-even of v clamped to [0, 255] (0 for NaN and v ≥ 2³¹, as the C kernels'
    /// conversion gives): clamped first, so the 2²³ trick's low bits hold it.
    @inline(__always) static func level(_ v: F32x8) -> SIMD8<Int32> {
        let c = minL(maxL(v, .zero), F32x8(repeating: 255))
        let l = unsafeBitCast(roundedBits(c) & 0x1FF, to: SIMD8<Int32>.self)
        return l.replacing(with: 0, where: .!(v .< 2_147_483_648))
    }

    static func shade(_ j: SheenGradientJob, _ t: F32x8, _ d: F32x8) -> SIMD8<Int32> {
        let n = Int(j.segments)
        let P = j.pieces!
        var s = SIMD8<Int32>(repeating: 0)
        if n <= Int(SHEEN_GRADIENT_BROADCAST_SEGMENTS) {
            for i in 1 ..< max(n, 1) { s.replace(with: Int32(i), where: t .>= j.bounds[i]) }
        } else {
            let tc = minL(maxL(t, .zero), F32x8(repeating: 1))
            let scaled = tc * Float(j.cellCount)
            for k in 0 ..< 8 { s[k] = Int32(j.cells[min(Int(scaled[k]), Int(j.cellCount) - 1)]) }
            for _ in 0 ..< j.cellSteps {
                for k in 0 ..< 8 where tc[k] >= j.bounds[Int(s[k]) + 1] { s[k] += 1 }
            }
        }
        func gather(_ row: Int) -> F32x8 {
            if n == 1 { return F32x8(repeating: P[row * n]) }
            var v = F32x8()
            for k in 0 ..< 8 { v[k] = P[row * n + Int(s[k])] }
            return v
        }
        let u = t - gather(0)
        func channel(_ k: Int) -> F32x8 {
            let c = gather(1 + k).addingProduct(u, gather(5 + k))   // fused, as the C kernels' FMA
            return j.dither != 0 ? c + d : c
        }
        let a8 = j.bytesPerPixel == 1
        var a = SIMD8<Int32>(repeating: 255)
        if j.opaque == 0 || a8 {
            a = level(channel(3))
            if a8 { return a }
        }
        var r = level(channel(0)), g = level(channel(1)), b = level(channel(2))
        if j.opaque == 0 {
            r.replace(with: a, where: r .> a); g.replace(with: a, where: g .> a); b.replace(with: a, where: b .> a)
        }
        return r | g &<< 8 | b &<< 16 | a &<< 24
    }
}
