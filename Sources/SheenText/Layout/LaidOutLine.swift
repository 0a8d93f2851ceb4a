import SheenRaster

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
    public var string: String { String(decoding: units, as: UTF16.self) }
    /// `string`'s UTF-16 units: made into a String only when asked for (most renders never do).
    let units: [UInt16]
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

    /// This line drawing `glyphs` (some of its own) and nothing else of it changed.
    func with(glyphs: [LaidOutGlyph]) -> LaidOutLine {
        LaidOutLine(glyphs: glyphs, baseline: baseline, typographicRect: typographicRect, lineBox: lineBox, units: units,
                    sourceRange: sourceRange, isTruncated: isTruncated, isRightToLeft: isRightToLeft, segments: segments)
    }
}
