/// A point in pixel space: x to the right, y downwards; (0, 0) is the top-left corner of the
/// top-left pixel, whose centre is (0.5, 0.5).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal coordinate in pixels.
    public var x: Double
    /// Vertical coordinate in pixels (downwards).
    public var y: Double
    /// Makes a point.
    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    /// Makes a point.
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }
    /// `(x, y)`.
    public var description: String { "(\(x), \(y))" }
}
