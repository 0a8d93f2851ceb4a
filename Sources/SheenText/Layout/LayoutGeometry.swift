import SheenRaster

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

    /// The rectangle moved by (dx, dy).
    public func offsetBy(dx: Double, dy: Double) -> Rect { Rect(x: x + dx, y: y + dy, width: width, height: height) }

    /// "(x, y) w×h".
    public var description: String { "(\(x), \(y)) \(width)×\(height)" }
}

/// One glyph placed by layout.
public struct LaidOutGlyph: Sendable {
    /// Glyph index in `face`.
    public let id: UInt32
    /// The face drawing it (the run's font or a fallback).
    public let face: FontFace
    /// Pixel size, auto-shrink included.
    public let size: Double
    /// Pen position on the baseline, in layout pixels (y downwards), HarfBuzz offsets and the
    /// run's baseline offset applied.
    public let position: Point
    /// How far the pen moves after the glyph, in pixels (tracking and justification excluded).
    public let advance: Double
    /// Index of the glyph's attributes in `AttributedText.attributes`.
    public let attributesIndex: Int
    /// UTF-16 offset of the glyph's cluster in the original text; −1 for text layout inserted (the
    /// "…" of truncation, the hyphen of a soft-hyphen break).
    public let sourceOffset: Int
}

/// One line placed by layout.
public struct LaidOutLine: Sendable {
    /// Glyphs in visual order (left to right).
    public let glyphs: [LaidOutGlyph]
    /// y of the baseline, in layout pixels.
    public let baseline: Double
    /// The line's typographic box: from the left of its first glyph's advance to the right of its
    /// last, from baseline − ascender to baseline + descender.
    public let typographicRect: Rect
    /// The whole line box including leading (line height × multiple), as stacked by layout.
    public let lineBox: Rect
    /// The text drawn on the line, in logical order, "…" included where truncation put it.
    public let string: String
    /// UTF-16 range of the original text shown on the line (inserted "…" excluded; trailing white
    /// space not drawn is excluded).
    public let sourceRange: Range<Int>
    /// True when "…" replaced part of this line's text.
    public let isTruncated: Bool
    /// Base direction of the line's paragraph: true for right to left.
    public let isRightToLeft: Bool
    /// The line cut where its attributes change, left to right: what backgrounds, underlines and
    /// strikethroughs span.
    public let segments: [LineSegment]
}

/// A stretch of one line in one set of attributes, in visual order: from the pen position of its
/// first glyph to the pen position after its last (spaces, tabs and justification included).
public struct LineSegment: Hashable, Sendable {
    /// Index of the attributes in `AttributedText.attributes`.
    public let attributesIndex: Int
    /// Left edge, layout pixels.
    public let x: Double
    /// Width in pixels (≥ 0).
    public let width: Double
    /// The pixel size its glyphs were drawn at (auto-shrink included): decorations scale with it.
    public let size: Double
    /// The face of the segment's first glyph, whose metrics place decorations.
    public let face: FontFace
    /// Pixels the segment is raised by (its baseline offset, auto-shrink included).
    public let raise: Double
    /// UTF-16 offset in the original text of the segment's first glyph (−1 when it is inserted text).
    public let sourceOffset: Int

    /// Equal when every field is, the face compared by identity.
    public static func == (a: LineSegment, b: LineSegment) -> Bool {
        a.attributesIndex == b.attributesIndex && a.x == b.x && a.width == b.width && a.size == b.size
            && a.face === b.face && a.raise == b.raise
    }

    /// Hashes the attributes index and the extent (equal segments share them).
    public func hash(into h: inout Hasher) { h.combine(attributesIndex); h.combine(x); h.combine(width) }
}
