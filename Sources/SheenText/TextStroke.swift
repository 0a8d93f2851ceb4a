/// How glyph outlines are stroked (FreeType's stroker): a band of `width` pixels along the outline.
public struct TextStroke: Hashable, Sendable {
    /// Where the band lies relative to the outline.
    public enum Placement: Hashable, Sendable {
        /// The band lies outside the glyph, `width` pixels wide. The stroke mask is the glyph
        /// grown by `width` (it includes the glyph's interior), meant to be drawn below the fill.
        case outside
        /// The band is centred on the outline: `width / 2` inside and `width / 2` outside.
        case centered
    }

    /// How corners are joined.
    public enum Join: Hashable, Sendable {
        /// Round joins (and round caps on open contours).
        case round
        /// Mitred joins, cut off where the miter would exceed 4 × the stroke width.
        case miter
    }

    /// Widest band, in pixels: room for a label's widest stroke (256 px) grown by its widest
    /// shadow spread (256 px), which is how a label casts a shadow.
    public static let maximumWidth = 512.0

    /// Band width in pixels, in (0, `maximumWidth`].
    public var width: Double
    /// Where the band lies; `.outside` by default.
    public var placement: Placement
    /// Corner joins; `.round` by default.
    public var join: Join

    /// Makes a stroke description; `width` is validated when the stroke is drawn.
    public init(width: Double, placement: Placement = .outside, join: Join = .round) {
        self.width = width; self.placement = placement; self.join = join
    }

    func validated() throws(TextError) -> TextStroke {
        guard width.isFinite, width > 0, width <= Self.maximumWidth else {
            throw .invalidParameter(name: "stroke width", value: width, allowed: "(0, 512] px")
        }
        return self
    }

    /// The FreeType stroker radius in 26.6 pixels.
    var radius26: Int {
        let r = placement == .outside ? width : width / 2
        return max(1, Int((r * 64).rounded()))
    }
}
