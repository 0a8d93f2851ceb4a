/// Everything about layout except the text: UILabel's paragraph-level properties.
public struct TextLayoutOptions: Hashable, Sendable {
    /// Horizontal alignment; `.natural` by default.
    public var alignment: TextAlignment = .natural
    /// Vertical alignment in the bounds; `.center` (UILabel's) by default.
    public var verticalAlignment: VerticalAlignment = .center
    /// Wrapping and truncation; `.byTruncatingTail` by default.
    public var lineBreakMode: LineBreakMode = .byTruncatingTail
    /// Maximum number of lines, 0 = unlimited, in `numberOfLinesRange`; 1 by default (UILabel's).
    public var numberOfLines: Int = 1
    /// Multiplies the font's natural line height (ascender + descender + line gap), in
    /// `lineHeightMultipleRange` (0.01…10).
    public var lineHeightMultiple: Double = 1
    /// Extra pixels between lines (not after the last), in `lineSpacingRange` (−1000…1000).
    public var lineSpacing: Double = 0
    /// Shrinks the font (all runs alike) until the text fits, down to `minimumScaleFactor`.
    public var adjustsFontSizeToFitWidth: Bool = false
    /// The smallest scale auto-shrink may use, in [0, 1]; 0 (or 1) means no shrinking, as in UIKit.
    public var minimumScaleFactor: Double = 0
    /// Tighten letter spacing by up to 5 % of the line's width before truncating.
    public var allowsDefaultTighteningForTruncation: Bool = false
    /// Where shrunk single-line text sits; `.alignBaselines` by default.
    public var baselineAdjustment: BaselineAdjustment = .alignBaselines
    /// Hyphenates words that do not fit at the end of a line, with the dictionary of this
    /// language ("en_US", "de_DE", …) from libhyphen (Debian: libhyphen0 and hyphen-LANG, loaded
    /// at run time); nil (the default) breaks only between words and at soft hyphens. A layout
    /// asking for a language whose library or dictionary is missing throws
    /// `TextError.hyphenationUnavailable`.
    public var hyphenationLanguage: String?
    /// How glyph outlines are fitted to the pixel grid when they are rasterised; `.none` (the
    /// default) draws the exact outlines. Layout — advances, positions, line metrics — is the
    /// same in every mode; only the glyph masks differ.
    public var hinting: Hinting = .none

    /// UILabel's defaults: one line, natural alignment, tail truncation, vertically centred.
    public init() {}

    /// The allowed `lineHeightMultiple`s: 0.01…10.
    public static let lineHeightMultipleRange = 0.01 ... 10.0
    /// The allowed `numberOfLines`: 0 (unlimited) … 100,000.
    public static let numberOfLinesRange = 0 ... 100_000
    /// The allowed `lineSpacing`s, in pixels: −1000…1000.
    public static let lineSpacingRange = -1000.0 ... 1000.0
    /// The allowed `minimumScaleFactor`s: 0…1 (0: no auto-shrink limit below the font's size).
    public static let minimumScaleFactorRange = 0.0 ... 1.0

    /// Checks what laying text out with these options checks first, without laying anything
    /// out: the line count, the ranges above, and that a dictionary for `hyphenationLanguage` is
    /// installed (`TextError.hyphenationUnavailable` names the package). A setter-style API calls
    /// it to refuse at once what every later layout would refuse.
    public func validate() throws(TextError) { _ = try validated() }

    func validated() throws(TextError) -> TextLayoutOptions {
        guard Self.numberOfLinesRange.contains(numberOfLines) else {
            throw .invalidParameter(name: "numberOfLines", value: Double(numberOfLines),
                                    allowed: "[\(Self.numberOfLinesRange.lowerBound), \(Self.numberOfLinesRange.upperBound)], 0 = unlimited")
        }
        func check(_ name: String, _ v: Double, _ range: ClosedRange<Double>, _ unit: String = "") throws(TextError) {
            guard v.isFinite, range.contains(v) else { throw .invalidParameter(name: name, value: v, allowed: range.interval + unit) }
        }
        try check("lineHeightMultiple", lineHeightMultiple, Self.lineHeightMultipleRange)
        try check("lineSpacing", lineSpacing, Self.lineSpacingRange, " px")
        try check("minimumScaleFactor", minimumScaleFactor, Self.minimumScaleFactorRange)
        if let language = hyphenationLanguage { _ = try Hyphenator.forLanguage(language) }
        return self
    }
}


/// Glyph hinting, FreeType's: how outlines are fitted to the pixel grid before rasterising.
/// Hinted text is crisper at small sizes (Pango's and most Linux desktops' default is light or
/// full); unhinted text keeps the designed shapes and scales and moves smoothly.
public enum Hinting: Hashable, Sendable, CaseIterable {
    /// Exact outlines at quarter-pixel positions (the default).
    case none
    /// FreeType's light auto-hinter: horizontal edges (baseline, x-height, cap height) snap to
    /// whole pixel rows; widths and horizontal positions stay as designed (quarter pixels).
    case light
    /// Full hinting: the font's own instructions (TrueType bytecode), or the auto-hinter in both
    /// directions; each glyph is fitted to whole pixels and drawn at a whole-pixel pen position.
    case full

    /// One byte per mode for glyph-cache keys.
    var cacheKey: UInt8 {
        switch self {
        case .none: 0
        case .light: 1
        case .full: 2
        }
    }
}

extension Hinting: Vocabulary {
    /// The hinting modes' words (spec `hinting`, `--hinting`, `sheen_hinting`).
    public static let vocabulary: [VocabularyWord<Hinting>] = [
        .init("none", .none, "SHEEN_HINTING_NONE", "exact outlines"),
        .init("light", .light, "SHEEN_HINTING_LIGHT", "rows snapped"),
        .init("full", .full, "SHEEN_HINTING_FULL", "the font's instructions, whole pixels"),
    ]
    /// `sheen_hinting`.
    public static var cEnumeration: String? { "sheen_hinting" }
}
