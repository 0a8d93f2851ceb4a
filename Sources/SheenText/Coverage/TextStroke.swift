/// How glyph outlines are stroked (FreeType's stroker): a band of `width` pixels along the outline.
public struct TextStroke: Hashable, Sendable {
    /// Where the band lies relative to the outline.
    public enum Placement: Hashable, Sendable {
        /// The band lies outside the glyph, `width` pixels wide. The stroke mask is the glyph
        /// grown by `width` (it includes the glyph's interior), meant to be drawn below the fill.
        case outside
        /// The band is centred on the outline: `width / 2` inside and `width / 2` outside.
        case centered
        /// The band lies inside the glyph, `width` pixels wide (a centred band twice as wide, kept
        /// where the glyph covers: per pixel the smaller coverage, exact wherever either is full).
        /// Meant to be drawn over the fill; the glyph's silhouette does not grow.
        case inside
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

    /// The FreeType stroker radius in 26.6 pixels (an inside band is cut from a centred one of
    /// twice its width).
    var radius26: Int {
        let r = placement == .centered ? width / 2 : width
        return max(1, Int((r * 64).rounded()))
    }

    /// How far the band reaches beyond the glyph's outline, in pixels.
    public var reach: Double {
        switch placement {
        case .outside: return width
        case .centered: return width / 2
        case .inside: return 0
        }
    }

    /// The glyph cache's key for this stroke: radius, placement and join.
    var cacheKey: Int {
        let p: Int
        switch placement {
        case .outside: p = 1
        case .centered: p = 2
        case .inside: p = 3
        }
        return radius26 << 3 | p << 1 | (join == .round ? 1 : 0)
    }
}

extension TextStroke.Placement: Vocabulary {
    /// The placements' words (a stroke's `placement`, `--stroke-placement`, `sheen_stroke_placement`).
    public static let vocabulary: [VocabularyWord<TextStroke.Placement>] = [
        .init("outside", .outside, "SHEEN_STROKE_OUTSIDE"),
        .init("centered", .centered, "SHEEN_STROKE_CENTERED"),
        .init("inside", .inside, "SHEEN_STROKE_INSIDE"),
        .alternate("centred", .centered),
    ]
    /// `sheen_stroke_placement`.
    public static var cEnumeration: String? { "sheen_stroke_placement" }
}

extension TextStroke.Join: Vocabulary {
    /// The joins' words (a stroke's `join`).
    public static let vocabulary: [VocabularyWord<TextStroke.Join>] = [
        .init("round", .round), .init("miter", .miter), .alternate("mitre", .miter),
    ]
}
