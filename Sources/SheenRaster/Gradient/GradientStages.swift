// The lane-level pieces of the gradient kernel, each a small value type the generic span loop is
// specialised over: a geometry (pixel index → t), a spread (t → [0, 1]), a ramp (t → packed
// premultiplied pixels) and a dither switch. Everything is 8 Float lanes (F32x8.swift).

/// Pixel index along a span → t before spreading, and which lanes are painted.
protocol GeometryStage {
    /// False when every lane is always painted, so the span loop skips the mask.
    static var canBeEmpty: Bool { get }
    /// t at span indices `k`, and all-ones words in painted lanes (ignored unless `canBeEmpty`).
    func t(at k: F32x8) -> (F32x8, U32x8)
}

/// t = t0 + k·dt.
struct LinearStage: GeometryStage {
    let t0: Float, dt: Float
    static var canBeEmpty: Bool { false }
    @inline(__always) func t(at k: F32x8) -> (F32x8, U32x8) {
        (F32x8(repeating: t0) + k * F32x8(repeating: dt), U32x8())
    }
}

/// Two-point conical: the largest root t of a·t² − 2·b·t + c = 0 with r0 + t·dr ≥ 0
/// (GradientModel.rawT states the same in Double).
struct RadialStage: GeometryStage {
    /// P − c0 at k = 0 and its step per pixel.
    let px0: Float, py0: Float, dpx: Float, dpy: Float
    let cdx: Float, cdy: Float, r0: Float, dr: Float, r0dr: Float, r0sq: Float, a: Float, invA: Float
    static var canBeEmpty: Bool { true }

    @inline(__always) func t(at k: F32x8) -> (F32x8, U32x8) {
        let pdx = F32x8(repeating: px0) + k * F32x8(repeating: dpx)
        let pdy = F32x8(repeating: py0) + k * F32x8(repeating: dpy)
        let b = pdx * F32x8(repeating: cdx) + pdy * F32x8(repeating: cdy) + F32x8(repeating: r0dr)
        let c = pdx * pdx + pdy * pdy - F32x8(repeating: r0sq)
        let disc = b * b - F32x8(repeating: a) * c
        let root = disc.replacing(with: 0, where: disc .< 0).squareRoot()
        let q = (b + root).replacing(with: b - root, where: b .< 0)
        let t1 = q * F32x8(repeating: invA)
        let t2 = c / q
        let r0v = F32x8(repeating: r0), drv = F32x8(repeating: dr)
        let inf = F32x8(repeating: .infinity)
        let ok1 = (lanesAbs(t1) .< inf) .& (r0v + t1 * drv .>= 0)
        let ok2 = (lanesAbs(t2) .< inf) .& (r0v + t2 * drv .>= 0)
        let t = t2.replacing(with: t1, where: ok1 .& (.!ok2 .| (t1 .> t2)))
        let painted = (disc .>= 0) .& (ok1 .| ok2)
        return (t, U32x8().replacing(with: .max, where: painted))
    }
}

/// Sweep: t = fract(angle / 2π − start), the angle from a polynomial atan (error 1.7·10⁻⁶ rad).
struct ConicStage: GeometryStage {
    /// P − centre at k = 0 and its step per pixel.
    let dx0: Float, dy0: Float, ddx: Float, ddy: Float, startTurns: Float
    static var canBeEmpty: Bool { false }

    @inline(__always) func t(at k: F32x8) -> (F32x8, U32x8) {
        let dx = F32x8(repeating: dx0) + k * F32x8(repeating: ddx)
        let dy = F32x8(repeating: dy0) + k * F32x8(repeating: ddy)
        let ax = lanesAbs(dx), ay = lanesAbs(dy)
        let mx = lanesMax(ax, ay), mn = lanesMin(ax, ay)
        let q = mn / mx.replacing(with: 1, where: mx .== 0)
        let s = q * q
        // atan(q) ≈ q·P(q²) on [0, 1], coefficients divided by 2π so the result is in turns.
        var p = F32x8(repeating: -0.0018671389)
        p = p * s + F32x8(repeating: 0.0083845339)
        p = p * s + F32x8(repeating: -0.0185352993)
        p = p * s + F32x8(repeating: 0.0308052923)
        p = p * s + F32x8(repeating: -0.0529389941)
        p = p * s + F32x8(repeating: 0.1591513382)
        p = p * q
        p = p.replacing(with: 0.25 - p, where: ay .> ax)
        p = p.replacing(with: 0.5 - p, where: dx .< 0)
        p = p.replacing(with: -p, where: dy .< 0)
        return (fractionalPart(p - F32x8(repeating: startTurns)), U32x8())
    }
}

/// t → [0, 1].
protocol SpreadStage { static func apply(_ t: F32x8) -> F32x8 }

enum PadStage: SpreadStage {
    @inline(__always) static func apply(_ t: F32x8) -> F32x8 {
        lanesMin(lanesMax(t, .zero), F32x8(repeating: 1))
    }
}

/// Beyond ±2^21 a Float has no fractional bits left; clamping there keeps the rounding trick valid.
@inline(__always) func clampForWrap(_ t: F32x8) -> F32x8 {
    lanesMin(lanesMax(t, F32x8(repeating: -2_097_152)), F32x8(repeating: 2_097_152))
}

enum RepeatStage: SpreadStage {
    @inline(__always) static func apply(_ t: F32x8) -> F32x8 { fractionalPart(clampForWrap(t)) }
}

enum ReflectStage: SpreadStage {
    @inline(__always) static func apply(_ t: F32x8) -> F32x8 {
        let u = fractionalPart(clampForWrap(t) * 0.5)
        return F32x8(repeating: 1) - lanesAbs(u * 2 - 1)
    }
}

/// For conic gradients, whose geometry already wraps t into [0, 1).
enum WrappedStage: SpreadStage {
    @inline(__always) static func apply(_ t: F32x8) -> F32x8 { t }
}

/// Compile-time dither switch.
protocol DitherMode { static var on: Bool { get } }
enum DitherOn: DitherMode { static var on: Bool { true } }
enum DitherOff: DitherMode { static var on: Bool { false } }

/// t in [0, 1] → packed premultiplied pixels in the destination's byte order.
protocol RampStage {
    func pixels<D: DitherMode>(_ t: F32x8, dither: F32x8, _: D.Type) -> U32x8
}

/// Rounds four channel vectors (levels, in memory order; the last is alpha) and packs them,
/// forcing every colour level ≤ the alpha level so a rounding tie can never break
/// premultiplication. Values must lie in [−0.25, 255.5).
@inline(__always)
func packPremultiplied(_ c0: F32x8, _ c1: F32x8, _ c2: F32x8, _ a: F32x8) -> U32x8 {
    let ab = roundedBits(a)
    // Bits are 0x4B000000 + level: shifting by 8, 16 or 24 pushes the 0x4B out of the word, so
    // only channel 0 needs a mask.
    let r = clampedToAlpha(roundedBits(c0), ab) & U32x8(repeating: 0xFF)
    let g = clampedToAlpha(roundedBits(c1), ab) &<< 8
    let b = clampedToAlpha(roundedBits(c2), ab) &<< 16
    return r | g | b | (ab &<< 24)
}

/// min(c, a) for bit patterns 0x4B000000 + level, in select-free arithmetic: a compare-and-select
/// here (float or unsigned min) made LLVM's re-vectoriser emit shuffle-heavy code that ran at half
/// the speed (measured 250 vs 550 Mpix/s, v3).
@inline(__always)
func clampedToAlpha(_ c: U32x8, _ a: U32x8) -> U32x8 {
    let diff = unsafeBitCast(a &- c, to: SIMD8<Int32>.self)      // negative where c > a
    let fix = unsafeBitCast(diff & (diff &>> 31), to: U32x8.self)
    return c &+ fix
}

/// Up to four linear pieces; channels already in memory order.
struct PiecewiseStage: RampStage {
    let ramp: PiecewiseRamp

    @inline(__always)
    func pixels<D: DitherMode>(_ t: F32x8, dither: F32x8, _: D.Type) -> U32x8 {
        var b = ramp.bases.0, s = ramp.slopes.0
        var b0 = F32x8(repeating: b.x), b1 = F32x8(repeating: b.y)
        var b2 = F32x8(repeating: b.z), b3 = F32x8(repeating: b.w)
        var s0 = F32x8(repeating: s.x), s1 = F32x8(repeating: s.y)
        var s2 = F32x8(repeating: s.z), s3 = F32x8(repeating: s.w)
        if ramp.count > 1 {
            for i in 1 ..< ramp.count {
                switch i {
                case 1: b = ramp.bases.1; s = ramp.slopes.1
                case 2: b = ramp.bases.2; s = ramp.slopes.2
                default: b = ramp.bases.3; s = ramp.slopes.3
                }
                let m = t .>= F32x8(repeating: ramp.starts[i])
                b0.replace(with: b.x, where: m); b1.replace(with: b.y, where: m)
                b2.replace(with: b.z, where: m); b3.replace(with: b.w, where: m)
                s0.replace(with: s.x, where: m); s1.replace(with: s.y, where: m)
                s2.replace(with: s.z, where: m); s3.replace(with: s.w, where: m)
            }
        }
        var c0 = b0 + t * s0, c1 = b1 + t * s1, c2 = b2 + t * s2, c3 = b3 + t * s3
        if D.on {
            // A negative offset on a zero channel would leave the rounding trick's valid range.
            c0 = lanesMax(c0 + dither, .zero); c1 = lanesMax(c1 + dither, .zero)
            c2 = lanesMax(c2 + dither, .zero); c3 = lanesMax(c3 + dither, .zero)
        }
        return packPremultiplied(c0, c1, c2, c3)
    }
}

/// One linear piece: the common two-stop case, with no selection at all.
struct SinglePieceStage: RampStage {
    let base: SIMD4<Float>, slope: SIMD4<Float>

    @inline(__always)
    func pixels<D: DitherMode>(_ t: F32x8, dither: F32x8, _: D.Type) -> U32x8 {
        var c0 = F32x8(repeating: base.x) + t * F32x8(repeating: slope.x)
        var c1 = F32x8(repeating: base.y) + t * F32x8(repeating: slope.y)
        var c2 = F32x8(repeating: base.z) + t * F32x8(repeating: slope.z)
        var c3 = F32x8(repeating: base.w) + t * F32x8(repeating: slope.w)
        if D.on {
            // A negative offset on a zero channel would leave the rounding trick's valid range.
            c0 = lanesMax(c0 + dither, .zero); c1 = lanesMax(c1 + dither, .zero)
            c2 = lanesMax(c2 + dither, .zero); c3 = lanesMax(c3 + dither, .zero)
        }
        return packPremultiplied(c0, c1, c2, c3)
    }
}

/// Table lookup at round(t · 4095); with dither, the 8.8 table plus the offset, rounded.
struct TableStage: RampStage {
    let table: UnsafePointer<UInt32>
    let table88: UnsafePointer<UInt64>

    @inline(__always)
    func pixels<D: DitherMode>(_ t: F32x8, dither: F32x8, _: D.Type) -> U32x8 {
        // The mask keeps even a NaN lane (unpainted radial pixels) inside the table.
        let index = roundedBits(t * Float(rampTableSize - 1)) & U32x8(repeating: UInt32(rampTableSize - 1))
        var out = U32x8()
        if !D.on {
            for j in 0 ..< 8 { out[j] = table[Int(index[j])] }
            return out
        }
        // 128 + offset·256 in 2…254: added to every 16-bit channel, then >> 8 rounds v + offset.
        let bias = roundedBits(dither * 256 + 128) & U32x8(repeating: 0x1FF)
        for j in 0 ..< 8 {
            let e = (table88[Int(index[j])] &+ UInt64(bias[j]) &* 0x0001_0001_0001_0001) &>> 8
            let v = e & 0x00FF_00FF_00FF_00FF
            out[j] = UInt32(truncatingIfNeeded: (v & 0xFF) | (v &>> 8 & 0xFF00) | (v &>> 16 & 0xFF_0000)
                            | (v &>> 24 & 0xFF00_0000))
        }
        return out
    }
}
