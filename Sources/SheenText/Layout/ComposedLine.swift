import SheenRaster

/// A line chosen and shaped, not yet placed.
struct ComposedLine {
    var shaped: ShapedText
    /// The line ends its paragraph (justification leaves such lines at natural alignment).
    var endsParagraph: Bool
    /// "…" was inserted.
    var isTruncated: Bool
    /// Font metrics of the line in pixels: the largest ascender, descender and line gap of the
    /// fonts on it (the paragraph's font for an empty line), grown by raised and lowered runs.
    var ascent: Double, descent: Double, gap: Double
    /// Extra space above the line: the paragraph spacing before a paragraph's first line.
    var spaceBefore = 0.0
    /// The paragraph's alignment (its style's, else the options').
    var alignment: TextAlignment = .natural
}
