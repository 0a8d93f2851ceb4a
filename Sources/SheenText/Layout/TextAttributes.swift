import SheenRaster

/// What one range of text looks like: its font, its paint and decorations, and the adjustments
/// layout applies to it (NSAttributedString's attributes).
public struct TextAttributes: Hashable, Sendable {
    /// The font (with its fallback chain) and size.
    public var font: Font
    /// Fill colour for renderers that colour by run (SheenText's masks are coverage only; a
    /// renderer selects a run's glyphs with `TextLayout.mask(region:where:)`). nil = the renderer's default.
    public var color: Color?
    /// Extra space after every grapheme cluster, in pixels (negative tightens). Non-zero tracking
    /// turns off ligatures, as typesetters do, since letter-spaced ligatures look broken.
    public var tracking: Double
    /// Applies the font's kerning (GPOS `kern` and the legacy kern table); true by default.
    public var kerning: Bool
    /// Applies standard ligatures (`liga`, `clig`); true by default.
    public var ligatures: Bool
    /// Raises the run's glyphs (and its decorations) above the baseline by this many pixels
    /// (negative lowers), in `baselineOffsetRange`; the line grows to hold them.
    public var baselineOffset: Double
    /// An underline under the run, or nil.
    public var underline: TextDecoration?
    /// A line through the run, or nil.
    public var strikethrough: TextDecoration?
    /// Painted behind the run's glyphs over the line's typographic height, or nil.
    public var backgroundColor: Color?
    /// The paragraph's alignment, spacing and tab stops; read from a paragraph's first character.
    public var paragraphStyle: ParagraphStyle?

    /// Makes attributes; only `font` is required.
    public init(font: Font, color: Color? = nil, tracking: Double = 0, kerning: Bool = true, ligatures: Bool = true,
                baselineOffset: Double = 0, underline: TextDecoration? = nil, strikethrough: TextDecoration? = nil,
                backgroundColor: Color? = nil, paragraphStyle: ParagraphStyle? = nil) {
        self.font = font; self.color = color; self.tracking = tracking; self.kerning = kerning; self.ligatures = ligatures
        self.baselineOffset = baselineOffset; self.underline = underline; self.strikethrough = strikethrough
        self.backgroundColor = backgroundColor; self.paragraphStyle = paragraphStyle
    }

    /// The allowed `tracking`s, pixels: −1000…1000.
    public static let trackingRange = -1000.0 ... 1000.0
    /// The allowed `baselineOffset`s, pixels: −1000…1000.
    public static let baselineOffsetRange = -1000.0 ... 1000.0

    /// Throws `TextError.invalidParameter` naming the first bad number.
    func validate() throws(TextError) {
        for (name, v, range) in [("tracking", tracking, Self.trackingRange), ("baselineOffset", baselineOffset, Self.baselineOffsetRange)]
        where !(v.isFinite && range.contains(v)) {
            throw .invalidParameter(name: name, value: v, allowed: range.interval + " px")
        }
        func check(_ name: String, _ c: Color?) throws(TextError) {
            if let c, !c.isFinite { throw .invalidParameter(name: name, value: .nan, allowed: "finite colour components") }
        }
        try check("color", color)
        try check("backgroundColor", backgroundColor)
        try check("underline.color", underline?.color)
        try check("strikethrough.color", strikethrough?.color)
        try paragraphStyle?.validate()
    }
}
