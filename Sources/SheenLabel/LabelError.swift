/// Errors of SheenLabel that are not already SheenText's or SheenRaster's.
public enum LabelError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Attributed text with no attributes at all (made with `AttributedText()` and never appended to).
    case emptyAttributedText
    /// A style number that is NaN, infinite or out of range; `name` says which.
    case invalidParameter(name: String, value: Double, allowed: String)
    /// An image size that is negative, not finite or too large.
    case invalidSize(width: Double, height: Double)

    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .emptyAttributedText: return "attributed text has no attributes (append text to it first)"
        case let .invalidParameter(name, value, allowed): return "\(name) = \(value) is not allowed (\(allowed))"
        case let .invalidSize(w, h): return "label size \(w)×\(h) is not a valid pixel size"
        }
    }
}
