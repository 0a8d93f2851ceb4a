// The float lane vocabulary of the gradient kernels. Eight Float lanes: one AVX2 register, two
// SSE registers on the default target; never wider (DESIGN.md E: wider SIMD types fall off the
// vectoriser).

/// Eight Float lanes, the width every float kernel works in.
typealias FloatLanes = SIMD8<Float>
/// Eight 32-bit lanes: packed pixels or float bit patterns.
typealias WordLanes = SIMD8<UInt32>

/// 2^23: adding it to a Float in [−0.25, 2^22] leaves round-half-even(v) in the low mantissa bits.
/// (Below 2^23 the Float spacing is ½, so more negative values land in the wrong binade.)
let roundingMagic: Float = 8_388_608

/// The 0x4B000000 + round(v) bit pattern of `v + 2^23` for v in [−0.25, 2^22]; the low bits are the
/// rounded integer (ties to even). Avoids stdlib SIMD float→int conversion, which is slow here.
@inline(__always)
func roundedBits(_ v: FloatLanes) -> WordLanes {
    unsafeBitCast(v + FloatLanes(repeating: roundingMagic), to: WordLanes.self)
}

/// v − floor(v) for |v| < 2^22, in [0, 1); built from the rounding trick, so no libm call per lane.
@inline(__always)
func fractionalPart(_ v: FloatLanes) -> FloatLanes {
    let magic = FloatLanes(repeating: roundingMagic)
    // (|v| + M) − M rounds |v| to the nearest integer; the sign goes back on afterwards, because
    // M + v for negative v lands where the Float spacing is ½, not 1.
    let n = (lanesAbs(v) + magic) - magic
    let r = v - n.replacing(with: -n, where: v .< 0)
    return r.replacing(with: r + 1, where: r .< 0)
}

/// Lane indices 0…7 as Floats.
let laneIndices: FloatLanes = FloatLanes(0, 1, 2, 3, 4, 5, 6, 7)

/// |v| per lane by clearing the sign bit (SIMD types have no `magnitude`).
@inline(__always)
func lanesAbs(_ v: FloatLanes) -> FloatLanes {
    unsafeBitCast(unsafeBitCast(v, to: WordLanes.self) & WordLanes(repeating: 0x7FFF_FFFF), to: FloatLanes.self)
}

// Lane-wise min and max as compare + select. The stdlib's pointwiseMin/pointwiseMax are not
// inlined here (a call per use in the hot loop, measured at 170 vs 1,000+ Mpix/s); these compile
// to cmpps/blendvps or minps-equivalent code.

/// Lane-wise minimum (for NaN lanes the result is `a`).
@inline(__always) func lanesMin(_ a: FloatLanes, _ b: FloatLanes) -> FloatLanes {
    a.replacing(with: b, where: b .< a)
}

/// Lane-wise maximum (for NaN lanes the result is `a`).
@inline(__always) func lanesMax(_ a: FloatLanes, _ b: FloatLanes) -> FloatLanes {
    a.replacing(with: b, where: b .> a)
}

/// Lane-wise unsigned minimum.
@inline(__always) func lanesMin(_ a: WordLanes, _ b: WordLanes) -> WordLanes {
    a.replacing(with: b, where: b .< a)
}
