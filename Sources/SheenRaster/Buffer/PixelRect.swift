/// An integer rectangle of pixels: origin (`x`, `y`) at the top-left, `width` × `height` pixels.
///
/// Its arithmetic (`intersection`, `union`, `offsetBy`, `insetBy`) never traps: it saturates at
/// `Int`'s range. An edge that would lie beyond `Int.min` or `Int.max` is held there, and a size
/// that would exceed `Int.max` becomes `Int.max`; such rectangles are refused by every operation
/// that draws (`RasterError.invalidRect`), never drawn wrongly.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    /// Left edge in pixels.
    public var x: Int
    /// Top edge in pixels (y grows downwards).
    public var y: Int
    /// Width in pixels (≥ 0 for a valid rectangle).
    public var width: Int
    /// Height in pixels (≥ 0 for a valid rectangle).
    public var height: Int

    /// Makes a rectangle; no validation happens here (operations that take one validate it).
    @inlinable
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// True when the rectangle covers no pixel.
    @inlinable
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The part of `self` that lies inside `other`; empty rectangles come back with zero size.
    /// (Inlinable: the drop-in pixman clips every glyph of a run with it.)
    @inlinable
    public func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(Self.sum(x, width), Self.sum(other.x, other.width))
        let y1 = min(Self.sum(y, height), Self.sum(other.y, other.height))
        if x1 <= x0 || y1 <= y0 { return PixelRect(x: x0, y: y0, width: 0, height: 0) }
        return PixelRect(x: x0, y: y0, width: Self.difference(x1, x0), height: Self.difference(y1, y0))
    }

    /// The smallest rectangle holding both; an empty rectangle adds nothing (the union of two
    /// empty rectangles is `self`).
    public func union(_ other: PixelRect) -> PixelRect {
        if other.isEmpty { return self }
        if isEmpty { return other }
        let x0 = min(x, other.x), y0 = min(y, other.y)
        let x1 = max(Self.sum(x, width), Self.sum(other.x, other.width))
        let y1 = max(Self.sum(y, height), Self.sum(other.y, other.height))
        return PixelRect(x: x0, y: y0, width: Self.difference(x1, x0), height: Self.difference(y1, y0))
    }

    /// The rectangle moved by (`dx`, `dy`) pixels.
    public func offsetBy(dx: Int, dy: Int) -> PixelRect {
        PixelRect(x: Self.sum(x, dx), y: Self.sum(y, dy), width: width, height: height)
    }

    /// The rectangle shrunk by `dx` pixels on the left and the right and `dy` at the top and the
    /// bottom (grown for negative values), as CoreGraphics' insetBy.
    public func insetBy(dx: Int, dy: Int) -> PixelRect {
        PixelRect(x: Self.sum(x, dx), y: Self.sum(y, dy),
                  width: Self.difference(width, Self.sum(dx, dx)), height: Self.difference(height, Self.sum(dy, dy)))
    }

    /// a + b, held at Int's range.
    @usableFromInline
    static func sum(_ a: Int, _ b: Int) -> Int {
        let (v, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? .max : .min) : v
    }

    /// a − b, held at Int's range.
    @usableFromInline
    static func difference(_ a: Int, _ b: Int) -> Int {
        let (v, overflow) = a.subtractingReportingOverflow(b)
        return overflow ? (b < 0 ? .max : .min) : v
    }

    /// Throws `.invalidRect` for negative sizes or edges that overflow `Int`.
    func validated() throws(RasterError) -> PixelRect {
        if width < 0 || height < 0 || x.addingReportingOverflow(width).overflow
            || y.addingReportingOverflow(height).overflow {
            throw RasterError.invalidRect(x: x, y: y, width: width, height: height)
        }
        return self
    }

    /// `x y width×height`.
    public var description: String { "(\(x), \(y)) \(width)×\(height)" }
}
