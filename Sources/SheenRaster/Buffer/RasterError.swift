/// The one error type of SheenRaster. Every case names the offending value, so a message read in
/// a log says what was wrong without a debugger.
public enum RasterError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A width or height below zero.
    case negativeSize(width: Int, height: Int)
    /// Row stride smaller than one row of pixels.
    case bytesPerRowTooSmall(bytesPerRow: Int, width: Int, bytesPerPixel: Int)
    /// The buffer's byte extent does not fit in `Int`.
    case sizeOverflow(width: Int, height: Int, bytesPerRow: Int)
    /// A rectangle with a negative size, or one that does not fit in `Int` arithmetic.
    case invalidRect(x: Int, y: Int, width: Int, height: Int)
    /// A parameter that must be finite was NaN or infinite; `name` says which.
    case nonFinite(name: String, value: Double)
    /// A parameter outside its allowed range; `name` says which and `range` what was allowed.
    case outOfRange(name: String, value: Double, range: String)
    /// A gradient with no colour stops.
    case emptyGradient
    /// A geometric transform that cannot be inverted (determinant `determinant`).
    case singularTransform(determinant: Double)
    /// Two buffers that must have the same pixel format do not.
    case formatMismatch(expected: PixelFormat, actual: PixelFormat)
    /// Two buffers that must have the same size do not.
    case sizeMismatch(expectedWidth: Int, expectedHeight: Int, actualWidth: Int, actualHeight: Int)
    /// A colour string that is not `#RRGGBB` or `#RRGGBBAA`.
    case malformedColor(String)
    /// Memory for an image or a kernel's working buffer could not be allocated: the system refused
    /// `bytes` bytes, or the size overflows `Int` (then `bytes` is `Int.max`).
    case allocationFailed(bytes: Int)
    /// A compositing operator that has no meaning for the destination's format (blend modes on
    /// A8 destinations).
    case unsupportedOperator(operator: String, format: PixelFormat)
    /// `SHEEN_SIMD` or `Kernels.withLevel` asked for an instruction-set level this CPU does not run
    /// (or that does not exist); `supported` lists the levels it does run.
    case simdLevelUnavailable(requested: String, supported: [String])

    /// A sentence that names the bad value.
    public var description: String {
        switch self {
        case let .negativeSize(w, h):
            return "size \(w)×\(h) is negative"
        case let .bytesPerRowTooSmall(bpr, w, bpp):
            return "bytesPerRow \(bpr) is less than width \(w) × \(bpp) bytes"
        case let .sizeOverflow(w, h, bpr):
            return "buffer of \(w)×\(h) with bytesPerRow \(bpr) overflows Int"
        case let .invalidRect(x, y, w, h):
            return "rectangle (x \(x), y \(y), width \(w), height \(h)) is invalid"
        case let .nonFinite(name, value):
            return "\(name) is \(value); it must be finite"
        case let .outOfRange(name, value, range):
            return "\(name) \(value) is outside \(range)"
        case .emptyGradient:
            return "gradient has no colour stops; it needs at least one"
        case let .singularTransform(det):
            return "transform is not invertible (determinant \(det))"
        case let .formatMismatch(expected, actual):
            return "pixel format \(actual) does not match \(expected)"
        case let .sizeMismatch(ew, eh, aw, ah):
            return "size \(aw)×\(ah) does not match \(ew)×\(eh)"
        case let .malformedColor(s):
            return "colour \"\(s)\" is not #RRGGBB or #RRGGBBAA (nor, where CSS colours are read, #RGB, #RGBA, rgb(…), rgba(…) or a CSS colour name)"
        case let .allocationFailed(bytes):
            return bytes == Int.max ? "cannot allocate: the byte count overflows Int" : "cannot allocate \(bytes) bytes"
        case let .unsupportedOperator(op, format):
            return "operator \(op) needs colour and cannot composite onto \(format)"
        case let .simdLevelUnavailable(requested, supported):
            return "SIMD level \"\(requested)\" is not available on this CPU; it runs \(supported.joined(separator: ", "))"
        }
    }
}

extension RasterError {
    /// Throws `.nonFinite` unless `value` is finite.
    @usableFromInline
    static func requireFinite(_ value: Double, _ name: @autoclosure () -> String) throws(RasterError) {
        if !value.isFinite { throw RasterError.nonFinite(name: name(), value: value) }
    }
}
