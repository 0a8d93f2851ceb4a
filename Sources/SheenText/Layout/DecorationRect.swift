import SheenRaster

/// A rectangle a run's attributes draw besides its glyphs: an underline, a strikethrough or a
/// background, in layout pixels.
public struct DecorationRect: Hashable, Sendable {
    /// What draws the rectangle.
    public enum Kind: Hashable, Sendable {
        /// An underline (one rectangle per line of a double underline).
        case underline
        /// A strikethrough (one rectangle per line of a double strikethrough).
        case strikethrough
        /// The run's background colour, over the line's typographic height.
        case background
    }

    /// What draws it.
    public let kind: Kind
    /// Where, in layout pixels (fractional: edges are drawn with their exact area coverage).
    public let rect: Rect
    /// The line it lies on.
    public let line: Int
    /// The attributes that asked for it.
    public let attributesIndex: Int
    /// Its colour: the decoration's or background's own, nil for a decoration painted like the text.
    public let color: Color?
    /// Index of the segment in its line's `segments`.
    public let segment: Int
}
