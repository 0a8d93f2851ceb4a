// Raw memory for rows and working buffers: memcpy/memset, and allocation that reports failure
// instead of trapping.
import SheenPlatform

/// Copies `count` bytes; regions must not overlap.
@inline(__always) func copyBytes(_ dst: UnsafeMutableRawPointer, _ src: UnsafeRawPointer, _ count: Int) {
    memcpy(dst, src, count)
}

/// Sets `count` bytes to `value`.
@inline(__always) func setBytes(_ dst: UnsafeMutableRawPointer, _ value: UInt8, _ count: Int) {
    memset(dst, Int32(value), count)
}

/// `byteCount` bytes (at least 1) aligned to `alignment` (a power of two, at least the pointer
/// size), or `RasterError.allocationFailed` when the system refuses. The stdlib's `allocate`
/// traps instead, so an image or a blur's intermediate that does not fit would crash the caller.
/// Release with `freeBytes`.
func allocateBytes(_ byteCount: Int, alignment: Int) throws(RasterError) -> UnsafeMutableRawPointer {
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
    var p: UnsafeMutableRawPointer?
    guard posix_memalign(&p, alignment, max(byteCount, 1)) == 0, let p else {
        throw .allocationFailed(bytes: byteCount)
    }
    return p
    #else
    return .allocate(byteCount: max(byteCount, 1), alignment: alignment)
    #endif
}

/// Releases memory from `allocateBytes`.
func freeBytes(_ p: UnsafeMutableRawPointer) {
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
    free(p)
    #else
    p.deallocate()
    #endif
}

/// `count` × `stride` bytes, or `RasterError.allocationFailed(bytes: Int.max)` when that overflows.
func byteCount(_ count: Int, stride: Int) throws(RasterError) -> Int {
    let (bytes, overflow) = count.multipliedReportingOverflow(by: stride)
    if overflow || bytes < 0 { throw .allocationFailed(bytes: Int.max) }
    return bytes
}
