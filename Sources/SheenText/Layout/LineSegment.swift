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
