// Where the span kernels read paint and coverage, 32 bytes at a time: generic sources, so each
// combination of paint and coverage compiles to its own straight loop.

/// The paint of a span, 32 bytes at a time.
protocol PaintBlocks {
    /// The paint bytes for destination bytes [offset, offset + 32).
    func block(_ offset: Int) -> ByteBlock
    /// The same for a tail of `count` (< 32) bytes, zero-padded.
    func tail(_ offset: Int, _ count: Int) -> ByteBlock
}

/// A row of paint pixels in the destination's format.
struct RowPaintBlocks: PaintBlocks {
    let base: UnsafeRawPointer
    @inline(__always) func block(_ offset: Int) -> ByteBlock { ByteBlock(loading: base + offset) }
    @inline(__always) func tail(_ offset: Int, _ count: Int) -> ByteBlock {
        withPaddedCopy(base + offset, count) { ByteBlock(loading: $0) }
    }
}

/// Runs `body` on a 32-byte zero-padded stack copy of `count` (≤ 32) bytes at `p`.
@inline(__always)
func withPaddedCopy<R>(_ p: UnsafeRawPointer, _ count: Int, _ body: (UnsafeRawPointer) -> R) -> R {
    var tmp = SIMD32<UInt8>()
    return withUnsafeMutableBytes(of: &tmp) { t in
        t.baseAddress!.copyMemory(from: p, byteCount: count)
        return body(UnsafeRawPointer(t.baseAddress!))
    }
}

/// The coverage of a span.
protocol CoverageBlocks {
    /// True when coverage is 255 everywhere (no coverage arithmetic at all).
    static var isFull: Bool { get }
    /// Coverage bytes of pixels [index, index + 8) as one word (all-zero and all-0xFF tests).
    func word(_ index: Int) -> UInt64
    /// Coverage of pixels [index, index + 8) in the 32-bit pixel layout (`expandCoverage` words).
    func pixelLanes(_ index: Int) -> U16x16
    /// Coverage of A8 pixels [index, index + 32), one per lane (even and odd pixels).
    func byteLanes(_ index: Int) -> ByteBlock
    /// True when the 32 coverage bytes from `index` are all zero / all 255.
    func allZero32(_ index: Int) -> Bool
    func allFull32(_ index: Int) -> Bool
    /// The coverage for a tail starting at `index` of `count` pixels, zero-padded.
    func withTail<R>(_ index: Int, _ count: Int, _ body: (Self) -> R) -> R
}

struct FullCoverage: CoverageBlocks {
    static var isFull: Bool { true }
    @inline(__always) func word(_ index: Int) -> UInt64 { ~0 }
    @inline(__always) func pixelLanes(_ index: Int) -> U16x16 { U16x16(repeating: 255) }
    @inline(__always) func byteLanes(_ index: Int) -> ByteBlock { ByteBlock(byte: 255) }
    @inline(__always) func allZero32(_ index: Int) -> Bool { false }
    @inline(__always) func allFull32(_ index: Int) -> Bool { true }
    @inline(__always) func withTail<R>(_ index: Int, _ count: Int, _ body: (Self) -> R) -> R { body(self) }
}

/// A row of A8 coverage, one byte per destination pixel; for 32-bit destinations also its
/// expansion to the pixel layout (`expandCoverage`, same indices).
struct MaskCoverage: CoverageBlocks {
    let base: UnsafeRawPointer
    var lanes: UnsafeRawPointer? = nil
    static var isFull: Bool { false }
    @inline(__always) func word(_ index: Int) -> UInt64 { base.loadUnaligned(fromByteOffset: index, as: UInt64.self) }
    @inline(__always) func pixelLanes(_ index: Int) -> U16x16 { lanes.unsafelyUnwrapped.loadUnaligned(fromByteOffset: index &* 4, as: U16x16.self) }
    @inline(__always) func byteLanes(_ index: Int) -> ByteBlock { ByteBlock(loading: base + index) }
    @inline(__always) func allZero32(_ index: Int) -> Bool {
        let q = base.loadUnaligned(fromByteOffset: index, as: SIMD4<UInt64>.self)
        return (q[0] | q[1] | q[2] | q[3]) == 0
    }
    @inline(__always) func allFull32(_ index: Int) -> Bool {
        let q = base.loadUnaligned(fromByteOffset: index, as: SIMD4<UInt64>.self)
        return (q[0] & q[1] & q[2] & q[3]) == ~0
    }
    @inline(__always) func withTail<R>(_ index: Int, _ count: Int, _ body: (Self) -> R) -> R {
        withPaddedCopy(base + index, count) { bytes in
            guard let lanes else { return body(MaskCoverage(base: bytes - index)) }
            // Expanded lanes: a 32-byte padded copy of the (≤ 8) words, zero beyond the tail.
            return withPaddedCopy(lanes + index &* 4, min(count, 8) &* 4) {
                body(MaskCoverage(base: bytes - index, lanes: $0 - index &* 4))
            }
        }
    }
}
