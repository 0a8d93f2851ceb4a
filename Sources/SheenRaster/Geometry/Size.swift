/// A width and height in pixels.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Double
    /// Height in pixels.
    public var height: Double
    /// Makes a size.
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    /// 0 × 0: unconstrained in both directions when used as layout bounds.
    public static let zero = Size(width: 0, height: 0)
    /// "w×h".
    public var description: String { "\(width)×\(height)" }
}
