/// Everything about layout except the text: UILabel's paragraph-level properties.
public struct TextLayoutOptions: Hashable, Sendable {
    /// Horizontal alignment; `.natural` by default.
    public var alignment: TextAlignment = .natural
    /// Vertical alignment in the bounds; `.center` (UILabel's) by default.
    public var verticalAlignment: VerticalAlignment = .center
    /// Wrapping and truncation; `.byTruncatingTail` by default.
    public var lineBreakMode: LineBreakMode = .byTruncatingTail
    /// Maximum number of lines, 0 = unlimited; 1 by default (UILabel's).
    public var numberOfLines: Int = 1
    /// Multiplies the font's natural line height (ascender + descender + line gap), in (0, 10].
    public var lineHeightMultiple: Double = 1
    /// Extra pixels between lines (not after the last), in [-1000, 1000].
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

    func validated() throws(TextError) -> TextLayoutOptions {
        guard numberOfLines >= 0 else {
            throw .invalidParameter(name: "numberOfLines", value: Double(numberOfLines), allowed: "≥ 0")
        }
        guard lineHeightMultiple.isFinite, lineHeightMultiple > 0, lineHeightMultiple <= 10 else {
            throw .invalidParameter(name: "lineHeightMultiple", value: lineHeightMultiple, allowed: "(0, 10]")
        }
        guard lineSpacing.isFinite, abs(lineSpacing) <= 1000 else {
            throw .invalidParameter(name: "lineSpacing", value: lineSpacing, allowed: "[-1000, 1000] px")
        }
        guard minimumScaleFactor.isFinite, minimumScaleFactor >= 0, minimumScaleFactor <= 1 else {
            throw .invalidParameter(name: "minimumScaleFactor", value: minimumScaleFactor, allowed: "[0, 1]")
        }
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
