// round(n / 255), the one rounding Sheen uses for products of 8-bit values (the RoundingPolicy
// DocC article says why), in its scalar and lane forms. Both compute t = n + 128 and then
// (t + (t >> 8)) >> 8, or its equal ((t · 257) >> 16), which is exact for 0 ≤ n ≤ 65,025: ties
// cannot occur, 255 being odd. The compositing reference (CompositeReference.roundDiv255) keeps
// the plain integer division (2n + 255) / 510 as the independent definition both are tested
// against (CompositeKernelTests.div255LanesIsExactOverTheWholeProductRange, ColorTests).

/// round(n / 255) for 0 ≤ n ≤ 65,025, exact.
@usableFromInline @inline(__always)
func roundDiv255(_ n: UInt32) -> UInt32 {
    let t = n &+ 128
    return (t &+ (t &>> 8)) &>> 8
}

/// round(x · y / 255) for x, y in 0…255, exact.
@inlinable @inline(__always)
public func mulDiv255(_ x: UInt32, _ y: UInt32) -> UInt32 { roundDiv255(x &* y) }

/// round(x / 255) for 0 ≤ x ≤ 65,025 in every lane, exact: ((x + 128) · 257) >> 16, the high
/// half of a 16 × 16-bit product. Written as a per-lane widening loop because LLVM turns exactly
/// this shape into one `pmulhuw` per vector (SSE2 and AVX2 alike): 2 instructions where the
/// shift-and-add form t = x + 128; (t + (t >> 8)) >> 8 takes 4, plus register copies on SSE2. The
/// stdlib's SIMD widening conversions do not vectorise (DESIGN.md, "Speed without flags") and must not be used here.
@inline(__always)
func roundDiv255(_ x: U16x16) -> U16x16 {
    let t = x &+ 128
    var r = U16x16()
    for i in 0 ..< 16 { r[i] = UInt16(truncatingIfNeeded: (UInt32(t[i]) &* 257) &>> 16) }
    return r
}
