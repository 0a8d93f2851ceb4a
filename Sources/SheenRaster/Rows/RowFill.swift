// Row fills and copies: the stores behind every structure-aware gradient path and the pattern
// repeat. At the C levels whole rectangles through CSheenSIMD's row stores; at `reference` their
// Swift twins here (fillRowsSwift, the twin of fill_rows; copyRowsSwift, of copy_rows), plain
// 64-byte vector stores.

import CSheenSIMD

/// Runs `body` with the C row copies streaming every copy of more than `bytes` bytes (tests
/// reach the non-temporal path with small buffers through it), then restores the CPU's
/// threshold. Only speed depends on the threshold, so other callers meanwhile are unaffected.
func withStreamingThreshold<T>(_ bytes: Int, _ body: () throws -> T) rethrows -> T {
    sheen_streaming_threshold_set(bytes)
    defer { sheen_streaming_threshold_set(0) }
    return try body()
}

/// Bytes above which the C row copies stream (CSheenSIMD.h's sheen_streaming_threshold).
func streamingThreshold() -> Int { sheen_streaming_threshold() }

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

/// Fills `height` rows of `width` pixels (`bytesPerPixel` 4 or 1) from `dst`, rows `stride` bytes
/// apart, row r with value (phase + r) mod count of `values` (32-bit pixels in memory order, or
/// bytes), through `level`'s `fill_rows` entry: the C row stores at simd128, avx2 and avx512 (the level's
/// widest stores, one call for every row), `fillRowsSwift` below. The bytes are the same at every level.
/// Package-wide: the drop-in pixman's pixman_fill calls it straight (Sources/SheenPixman/CompositeCalls.swift).
package func fillRows(_ dst: UnsafeMutableRawPointer, stride: Int, width: Int, height: Int, bytesPerPixel: Int,
              values: UnsafeRawPointer, count: Int, phase: Int, level: SIMDLevel) {
    if width <= 0 || height <= 0 { return }
    KernelTable.at(level).fillRows(dst.assumingMemoryBound(to: UInt8.self), stride, width, height, UInt32(bytesPerPixel),
                                   values.assumingMemoryBound(to: UInt8.self), count, phase)
}

/// `level`'s `fill_rows` entry itself (see `fillRows`), for a caller that resolves it once and
/// calls it for every fill: the drop-in pixman's pixman_fill (cairo fills a shape a row at a
/// time, where the look-up of the entry cost a tenth of the call).
package func fillRowsEntry(at level: SIMDLevel)
    -> @convention(c) (UnsafeMutablePointer<UInt8>?, Int, Int, Int, UInt32, UnsafePointer<UInt8>?, Int, Int) -> Void {
    KernelTable.at(level).fillRows
}

/// `fill_rows` in Swift (the reference level; see `fillRows`).
func fillRowsSwift(_ dst: UnsafeMutablePointer<UInt8>, _ stride: Int, _ width: Int, _ height: Int, _ bytesPerPixel: UInt32,
                   _ values: UnsafePointer<UInt8>, _ count: Int, _ phase: Int) {
    let dst = UnsafeMutableRawPointer(dst), values = UnsafeRawPointer(values)
    var k = phase % count
    for r in 0 ..< height {
        if bytesPerPixel == 4 {
            fillPixels32(dst + r * stride, values.loadUnaligned(fromByteOffset: 4 * k, as: UInt32.self), width)
        } else {
            setBytes(dst + r * stride, values.load(fromByteOffset: k, as: UInt8.self), width)
        }
        k = k + 1 == count ? 0 : k + 1
    }
}

/// Copies `rowBytes` bytes into each of `height` rows from `dst` (`stride` apart), row r from
/// `src` row r mod period (`srcStride` apart); the rows must not overlap. Through `level`'s
/// `copy_rows` entry (C at simd128, avx2 and avx512; `copyRowsSwift` at reference).
func copyRows(_ dst: UnsafeMutableRawPointer, stride: Int, rowBytes: Int, height: Int, from src: UnsafeRawPointer,
              srcStride: Int, period: Int, level: SIMDLevel) {
    if rowBytes <= 0 || height <= 0 { return }
    KernelTable.at(level).copyRows(dst.assumingMemoryBound(to: UInt8.self), stride, rowBytes, height,
                                   src.assumingMemoryBound(to: UInt8.self), srcStride, period)
}

/// `copy_rows` in Swift (the reference level; see `copyRows`).
func copyRowsSwift(_ dst: UnsafeMutablePointer<UInt8>, _ stride: Int, _ rowBytes: Int, _ height: Int,
                   _ src: UnsafePointer<UInt8>, _ srcStride: Int, _ period: Int) {
    for r in 0 ..< height { copyBytes(dst + r * stride, src + (r % period) * srcStride, rowBytes) }
}
