/// A rectangle in pixels, origin at the top-left, y downwards.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Width (≥ 0).
    public var width: Double
    /// Height (≥ 0).
    public var height: Double

    /// Makes a rectangle.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    /// Right edge.
    public var maxX: Double { x + width }
    /// Bottom edge.
    public var maxY: Double { y + height }
    /// True when the rectangle has no area.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The smallest rectangle holding both (an empty one contributes nothing).
    public func union(_ other: Rect) -> Rect {
        if isEmpty && width == 0 && height == 0 { return other }
        if other.isEmpty && other.width == 0 && other.height == 0 { return self }
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// The part of the rectangle inside `other`; empty (zero size, at the nearer corner) when they
    /// do not overlap.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        return Rect(x: x0, y: y0, width: max(0, min(maxX, other.maxX) - x0), height: max(0, min(maxY, other.maxY) - y0))
    }

    /// The rectangle moved by (dx, dy).
    public func offsetBy(dx: Double, dy: Double) -> Rect { Rect(x: x + dx, y: y + dy, width: width, height: height) }

    /// "(x, y) w×h".
    public var description: String { "(\(x), \(y)) \(width)×\(height)" }
}
