// The only file that touches the platform C library: libm for the Double references and colour
// conversions, memcpy/memset for row copies. Everything else in SheenRaster is pure Swift.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

@usableFromInline func libmPow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
@usableFromInline func libmCbrt(_ x: Double) -> Double { cbrt(x) }
@usableFromInline func libmAtan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }

/// Copies `count` bytes; regions must not overlap.
@inline(__always) func copyBytes(_ dst: UnsafeMutableRawPointer, _ src: UnsafeRawPointer, _ count: Int) {
    memcpy(dst, src, count)
}

/// Sets `count` bytes to `value`.
@inline(__always) func setBytes(_ dst: UnsafeMutableRawPointer, _ value: UInt8, _ count: Int) {
    memset(dst, Int32(value), count)
}
@usableFromInline func libmSin(_ x: Double) -> Double { sin(x) }
@usableFromInline func libmCos(_ x: Double) -> Double { cos(x) }
@usableFromInline func libmExp(_ x: Double) -> Double { exp(x) }

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

/// The value of environment variable `name`, or nil.
func environmentValue(_ name: String) -> String? {
    guard let p = getenv(name) else { return nil }
    return String(cString: p)
}
