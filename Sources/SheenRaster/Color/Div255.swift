// round(n / 255), the one rounding Sheen uses for products of 8-bit values (the RoundingPolicy
// DocC article says why): t = n + 128, then (t + (t >> 8)) >> 8, or its equal ((t · 257) >> 16,
// the C kernels' pmulhuw), which is exact for 0 ≤ n ≤ 65,025: ties cannot occur, 255 being odd.
// The compositing reference (CompositeReference.roundDiv255) keeps the plain integer division
// (2n + 255) / 510 as the independent definition this is tested against.

/// round(n / 255) for 0 ≤ n ≤ 65,025, exact.
@usableFromInline @inline(__always)
func roundDiv255(_ n: UInt32) -> UInt32 {
    let t = n &+ 128
    return (t &+ (t &>> 8)) &>> 8
}

/// round(x · y / 255) for x, y in 0…255, exact.
@inlinable @inline(__always)
public func mulDiv255(_ x: UInt32, _ y: UInt32) -> UInt32 { roundDiv255(x &* y) }
