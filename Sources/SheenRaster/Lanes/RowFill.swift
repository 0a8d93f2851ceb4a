// Row fills and copies: the stores behind every structure-aware gradient path and the pattern
// repeat. Plain 64-byte vector stores; the compiler keeps them as wide unaligned moves.

/// Writes `count` copies of the 32-bit `pixel` (in memory byte order) starting at `dst` (any
/// alignment).
@inline(__always)
func fillPixels32(_ dst: UnsafeMutableRawPointer, _ pixel: UInt32, _ count: Int) {
    let v = SIMD16<UInt32>(repeating: pixel)
    var i = 0
    let n16 = count & ~15
    while i < n16 {
        dst.storeBytes(of: v, toByteOffset: i &* 4, as: SIMD16<UInt32>.self)
        i &+= 16
    }
    while i < count {
        dst.storeBytes(of: pixel, toByteOffset: i &* 4, as: UInt32.self)
        i &+= 1
    }
}

/// Extends a periodic run in place: the first `filled` bytes at `row` are one or more whole
/// periods; copies them forward, doubling each time, until `total` bytes are written.
func extendPeriodic(_ row: UnsafeMutableRawPointer, filled: Int, total: Int) {
    var done = filled
    while done < total {
        let n = min(done, total - done)
        copyBytes(row + done, row, n)
        done += n
    }
}
