/// A tab stop: where text after a tab character lines up (NSTextTab's role).
public struct TextTab: Hashable, Sendable {
    /// How the text after the tab (up to the next tab or the line's end) sits at the stop.
    public enum Alignment: Hashable, Sendable {
        /// The text starts at the stop.
        case left
        /// The text ends at the stop.
        case right
        /// The text is centred on the stop.
        case center
        /// The text's first decimal separator (`decimalSeparator`) sits at the stop; text without
        /// one ends at the stop (as a right tab).
        case decimal
    }

    /// The allowed `location`s, pixels: 0…10^7.
    public static let locationRange = 0.0 ... 1e7

    /// Distance of the stop from the start of the line, in pixels, in `locationRange`.
    public var location: Double
    /// How text lines up at the stop; `.left` by default.
    public var alignment: Alignment
    /// The separator a `.decimal` stop aligns (UTF-16 unit); "." by default.
    public var decimalSeparator: Character

    /// A stop `location` pixels from the line's start.
    public init(location: Double, alignment: Alignment = .left, decimalSeparator: Character = ".") {
        self.location = location; self.alignment = alignment; self.decimalSeparator = decimalSeparator
    }
}

extension TextTab.Alignment: Vocabulary {
    /// The tab alignments' words (a tab stop's `alignment`).
    public static let vocabulary: [VocabularyWord<TextTab.Alignment>] = [
        .init("left", .left), .init("right", .right), .init("center", .center), .init("decimal", .decimal),
    ]
}
