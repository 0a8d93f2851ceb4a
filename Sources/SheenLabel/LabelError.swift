import SheenRaster
import SheenText

/// The one error type of SheenLabel: the label's own mistakes by name, and the text or raster
/// layer's error where the problem was found there (a font size, a gradient's numbers, a
/// destination buffer).
public enum LabelError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Attributed text with no attributes at all (made with `AttributedText()` and never appended to).
    case emptyAttributedText
    /// A style number that is NaN, infinite or out of range; `name` says which.
    case invalidParameter(name: String, value: Double, allowed: String)
    /// An image size that is negative, not finite or too large.
    case invalidSize(width: Double, height: Double)
    /// What the label draws spans `width` × `height` pixels, more than `maximumPixels`
    /// (`Label.maximumImagePixels`): no image that large is made.
    case imageTooLarge(width: Int, height: Int, maximumPixels: Int)
    /// More of something than a label takes: `name` says what (`shadows`, `runStyles`), `count`
    /// how many were given.
    case tooMany(name: String, count: Int, maximum: Int)
    /// A destination a label cannot be drawn into: labels are colour, so the buffer must be
    /// premultiplied RGBA8 or BGRA8 (`format` is what was given).
    case unsupportedDestination(format: PixelFormat)
    /// SheenText refused the label's text, font or layout options, or could not draw them.
    case text(TextError)
    /// SheenRaster refused a buffer, colour or gradient the label was given, or could not
    /// allocate an image.
    case raster(RasterError)

    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .emptyAttributedText: return "attributed text has no attributes (append text to it first)"
        case let .invalidParameter(name, value, allowed): return "\(name) = \(value) is not allowed (\(allowed))"
        case let .invalidSize(w, h): return "label size \(w)×\(h) is not a valid pixel size"
        case let .imageTooLarge(w, h, maximum):
            return "the label draws over \(w)×\(h) pixels, more than the \(maximum) an image may have"
        case let .tooMany(name, count, maximum): return "\(count) \(name) are more than the \(maximum) a label takes"
        case let .unsupportedDestination(format):
            return "a label draws into rgba8Premultiplied or bgra8Premultiplied buffers, not \(format)"
        case let .text(error): return error.description
        case let .raster(error): return error.description
        }
    }
}

extension LabelError {
    /// The most characters of a message shown: the first and last halves of a longer one are kept
    /// around a count of what was left out, so that the field's name and the rule stay while a
    /// 10 MB value quoted in the middle does not reach a terminal or a log.
    package static let maximumMessageLength = 1000

    /// `message` as the CLI prints it and the C API returns it: every control character (C0, DEL,
    /// C1 — NUL included) written as \u{…}, so an ESC or BEL quoted from the input never reaches
    /// a terminal and a C string is never cut short; at most `maximumMessageLength` characters.
    package static func printable(_ message: String) -> String {
        var out = ""
        for scalar in message.unicodeScalars {
            if scalar.value < 0x20 || (0x7F ... 0x9F).contains(scalar.value) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        let count = out.count
        guard count > maximumMessageLength else { return out }
        let half = maximumMessageLength / 2
        return String(out.prefix(half)) + " …[\(count - 2 * half) characters]… " + String(out.suffix(half))
    }
}

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
