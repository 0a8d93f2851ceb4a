// Exact division by 255, rounded to nearest: for all 8-bit x, y,
//   mulDiv255(x, y) == round(x·y / 255)
// via t = x·y + 128; (t + (t >> 8)) >> 8. The RoundingPolicy DocC article explains why this is
// the one rounding Sheen uses for products of 8-bit values.

/// round(x · y / 255) for x, y in 0…255, exact (ties cannot occur: x·y/255 is never k + ½).
@inlinable @inline(__always)
public func mulDiv255(_ x: UInt32, _ y: UInt32) -> UInt32 {
    let t = x &* y &+ 128
    return (t &+ (t &>> 8)) &>> 8
}
