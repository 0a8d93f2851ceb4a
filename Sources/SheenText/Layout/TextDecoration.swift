import SheenRaster

/// An underline or a strikethrough (NSUnderlineStyle's common cases), its position and thickness
/// from the font: the `post` table's underline and the OS/2 table's strikeout metrics.
public struct TextDecoration: Hashable, Sendable {
    /// How the line is drawn.
    public enum Style: Hashable, Sendable {
        /// One line of the font's thickness.
        case single
        /// Two lines of the font's thickness, one thickness apart (the second further from the text
        /// for an underline, below for a strikethrough).
        case double
        /// One line of twice the font's thickness.
        case thick
    }

    /// How the line is drawn; `.single` by default.
    public var style: Style
    /// The line's colour; nil draws it with the text's own paint (its colour or gradient).
    public var color: Color?

    /// A decoration in `style`, painted like the text unless `color` is given.
    public init(_ style: Style = .single, color: Color? = nil) { self.style = style; self.color = color }
}

extension TextDecoration.Style: Vocabulary {
    /// The decoration styles' words (a run's `underline` and `strikethrough`). C's
    /// sheen_decoration puts "none" before them.
    public static let vocabulary: [VocabularyWord<TextDecoration.Style>] = [
        .init("single", .single), .init("double", .double), .init("thick", .thick),
    ]
}
