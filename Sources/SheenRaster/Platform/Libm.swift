// libm for the Double references, colour conversions and transforms, behind SheenRaster's own
// names so the platform C library is imported in the Platform folder only.
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
@usableFromInline func libmSin(_ x: Double) -> Double { sin(x) }
@usableFromInline func libmCos(_ x: Double) -> Double { cos(x) }
@usableFromInline func libmExp(_ x: Double) -> Double { exp(x) }
