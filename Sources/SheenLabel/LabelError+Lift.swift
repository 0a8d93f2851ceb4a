import SheenRaster
import SheenText

// Typed throws do not convert one module's error type into another's; these two wrap a call into
// SheenText or SheenRaster so its error reaches the caller as a `LabelError` that keeps it whole.

/// `body`, its `TextError` thrown as `LabelError.text`.
@inline(__always)
func liftText<R>(_ body: @autoclosure () throws(TextError) -> R) throws(LabelError) -> R {
    do { return try body() } catch { throw .text(error) }
}

/// `body`, its `RasterError` thrown as `LabelError.raster`.
@inline(__always)
func liftRaster<R>(_ body: @autoclosure () throws(RasterError) -> R) throws(LabelError) -> R {
    do { return try body() } catch { throw .raster(error) }
}
