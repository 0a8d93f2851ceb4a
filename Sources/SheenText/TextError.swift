/// The one error type of SheenText. Every case names the offending value or the C call that
/// failed, so a message read in a log says what went wrong.
public enum TextError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A font file that cannot be opened or read; `reason` is the system's explanation.
    case unreadableFile(path: String, reason: String)
    /// Bytes that FreeType or HarfBuzz do not accept as a font (not a font, truncated or corrupt);
    /// `source` is the path or "memory", `code` FreeType's error code.
    case notAFont(source: String, code: Int32)
    /// A face index beyond the faces a collection (TTC) holds.
    case faceIndexOutOfRange(source: String, index: Int, faceCount: Int)
    /// fontconfig found no font for a pattern such as "DejaVu Sans:bold".
    case fontNotFound(pattern: String)
    /// A font size outside [`Font.minimumSize`, `Font.maximumSize`] pixels, or not finite.
    case invalidFontSize(Double)
    /// A layout or style parameter that is NaN, infinite or outside its range; `name` says which.
    case invalidParameter(name: String, value: Double, allowed: String)
    /// Text longer than `TextLayout.maximumLength` UTF-16 code units.
    case textTooLong(length: Int, maximum: Int)
    /// A mask whose pixel count would exceed `TextLayout.maximumMaskPixels`.
    case maskTooLarge(width: Int, height: Int)
    /// A FreeType call returned an error; `function` names the call.
    case freeType(function: String, code: Int32)
    /// An ICU call returned an error; `function` names the call.
    case icu(function: String, code: Int32)
    /// A HarfBuzz or fontconfig call failed (these report failure without a code).
    case library(function: String)

    /// A sentence that names the problem.
    public var description: String {
        switch self {
        case let .unreadableFile(path, reason): return "cannot read font file \(path): \(reason)"
        case let .notAFont(source, code): return "\(source) is not a usable font (FreeType error \(code))"
        case let .faceIndexOutOfRange(source, index, count):
            return "face index \(index) is out of range: \(source) holds \(count) face(s)"
        case let .fontNotFound(pattern): return "no font matches \"\(pattern)\""
        case let .invalidFontSize(size): return "font size \(size) px is not in [1/64, \(Font.maximumSize)]"
        case let .invalidParameter(name, value, allowed): return "\(name) = \(value) is not allowed (\(allowed))"
        case let .textTooLong(length, maximum):
            return "text of \(length) UTF-16 code units is longer than the maximum \(maximum)"
        case let .maskTooLarge(w, h): return "a \(w)×\(h) mask is larger than \(TextLayout.maximumMaskPixels) pixels"
        case let .freeType(function, code): return "\(function) failed with FreeType error \(code)"
        case let .icu(function, code): return "\(function) failed with ICU error \(code)"
        case let .library(function): return "\(function) failed"
        }
    }
}
