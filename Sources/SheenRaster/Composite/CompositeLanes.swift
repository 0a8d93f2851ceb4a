// The lane vocabulary of the integer compositing kernels: the SWAR layout of DESIGN.md, "Speed without flags".
//
// Eight 32-bit pixels (32 bytes) are one SIMD16<UInt16> `v`; its even bytes and odd bytes are
// split by a mask and a shift, never by a conversion:
//   even = v & 0xFF  → lanes (R0, B0, R1, B1, …)  (B, R for BGRA; separable maths ignores order)
//   odd  = v >> 8     → lanes (G0, A0, G1, A1, …)
// Each 16-bit lane holds one 8-bit channel, so products of two channels (≤ 65,025) fit, and every
// formula's numerator is kept ≤ 65,025 for valid premultiplied input (channel ≤ alpha). Arithmetic
// wraps modulo 2¹⁶ on purpose: intermediate sums may wrap as long as the final numerator fits.
// A8 rows use the same vectors with one pixel per lane (32 pixels per block).

/// 32 bytes split into their even bytes and odd bytes, one per 16-bit lane: for pixels, `even`
/// holds red and blue (blue and red for BGRA), `odd` green and alpha.
struct ByteBlock {
    var even: U16x16
    var odd: U16x16

    @inline(__always)
    init(even: U16x16, odd: U16x16) { self.even = even; self.odd = odd }

    /// Loads 32 bytes from `p` (any alignment).
    @inline(__always)
    init(loading p: UnsafeRawPointer) {
        let v = p.loadUnaligned(as: U16x16.self)
        even = v & 0x00FF
        odd = v &>> 8
    }

    /// Eight copies of one 32-bit pixel (bytes in memory order).
    @inline(__always)
    init(pixel: UInt32) {
        let v = unsafeBitCast(SIMD8<UInt32>(repeating: pixel), to: U16x16.self)
        even = v & 0x00FF
        odd = v &>> 8
    }

    /// Thirty-two copies of one byte.
    @inline(__always)
    init(byte: UInt8) {
        even = U16x16(repeating: UInt16(byte))
        odd = even
    }

    /// Stores the 32 bytes at `p` (any alignment). Lanes must hold values ≤ 255.
    @inline(__always)
    func store(_ p: UnsafeMutableRawPointer) {
        p.storeBytes(of: even | (odd &<< 8), as: U16x16.self)
    }
}

/// Each pixel's alpha (the odd lane of its pair in a block's `odd` half) in both lanes of the pair.
@inline(__always)
func broadcastAlpha(_ o: U16x16) -> U16x16 {
    let w = unsafeBitCast(o, to: SIMD8<UInt32>.self)
    return unsafeBitCast((w &>> 16) | (w & 0xFFFF_0000), to: U16x16.self)
}

/// A block's `odd` half `o` with each pixel's alpha lane replaced by the matching lane of `alpha`.
@inline(__always)
func replacingAlpha(_ o: U16x16, with alpha: U16x16) -> U16x16 {
    let c = unsafeBitCast(o, to: SIMD8<UInt32>.self)
    let a = unsafeBitCast(alpha, to: SIMD8<UInt32>.self)
    return unsafeBitCast((c & 0x0000_FFFF) | (a & 0xFFFF_0000), to: U16x16.self)
}

/// round((S·c + D·(255 − c)) / 255) per lane: the lerp of a paint block and a destination block,
/// rounded once (`ic` = 255 − c).
@inline(__always)
func lerpBlock(_ s: ByteBlock, _ d: ByteBlock, _ c: U16x16, _ ic: U16x16) -> ByteBlock {
    ByteBlock(even: roundDiv255(s.even &* c &+ d.even &* ic), odd: roundDiv255(s.odd &* c &+ d.odd &* ic))
}

/// round(S·c / 255) per lane: a paint block scaled by coverage.
@inline(__always)
func scaledBlock(_ s: ByteBlock, _ c: U16x16) -> ByteBlock {
    ByteBlock(even: roundDiv255(s.even &* c), odd: roundDiv255(s.odd &* c))
}

/// Pixels per chunk of expanded coverage (`expandCoverage`).
let coverageChunk = 256

/// Expands `count` (≤ coverageChunk) coverage bytes into 32-bit words `c | c << 16`, the pixel
/// layout of a coverage value (both 16-bit lanes of a pixel hold c), so the kernels load it as
/// U16x16 with no shuffle. A plain loop that LLVM vectorises (zero-extending loads); the
/// in-kernel alternatives measured worse: the stdlib's `SIMD8<UInt32>(truncatingIfNeeded:)`
/// stays an out-of-line call across the module boundary, and building lanes from the bytes
/// already loaded for the all-0/all-255 test turns into scalar shifts.
@inline(__always)
func expandCoverage(_ mask: UnsafeRawPointer, _ out: UnsafeMutablePointer<UInt32>, _ count: Int) {
    let m = mask.assumingMemoryBound(to: UInt8.self)
    for i in 0 ..< count { out[i] = UInt32(m[i]) &* 0x1_0001 }
}

/// Da' = Sa + Da·(1 − Sa), rounded once: the alpha of sourceOver and of every blend mode.
@inline(__always)
func unionAlpha(_ sa: U16x16, _ da: U16x16) -> U16x16 {
    sa &+ roundDiv255(da &* (255 &- sa))
}
