// libm for the Double references, colour conversions and transforms, behind SheenRaster's own
// names: the one list of the libm functions Sheen's numbers depend on (usable from its inlinable
// code).
import SheenPlatform

@usableFromInline func libmPow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
@usableFromInline func libmCbrt(_ x: Double) -> Double { cbrt(x) }
@usableFromInline func libmAtan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
@usableFromInline func libmSin(_ x: Double) -> Double { sin(x) }
@usableFromInline func libmCos(_ x: Double) -> Double { cos(x) }
@usableFromInline func libmExp(_ x: Double) -> Double { exp(x) }
