/// Horizontal placement of each line inside the layout width (UILabel's NSTextAlignment).
public enum TextAlignment: Hashable, Sendable {
    /// Lines start at the left edge.
    case left
    /// Lines end at the right edge.
    case right
    /// Lines are centred.
    case center
    /// Every line but a paragraph's last is stretched to the full width at its spaces (between
    /// clusters when a line has no spaces, as CJK text); last lines use natural alignment.
    case justified
    /// Left for left-to-right paragraphs, right for right-to-left ones (the paragraph's base
    /// direction, from its first strong character).
    case natural
}

/// Vertical placement of the text block inside the bounds height.
public enum VerticalAlignment: Hashable, Sendable {
    /// The first line touches the top.
    case top
    /// The block is centred — UILabel's behaviour.
    case center
    /// The last line touches the bottom.
    case bottom
}

/// How lines wrap and where text that does not fit is cut (UILabel's NSLineBreakMode).
///
/// Every mode wraps multi-line text at word boundaries (UAX #14) except `.byCharWrapping`, which
/// wraps at any grapheme cluster; a word too long for a line is broken between clusters. The modes
/// differ on the last permitted line (the `numberOfLines`-th, or the last that fits the bounds
/// height) when text remains: the wrapping modes drop the rest; `.byClipping` draws the rest of
/// the paragraph on that line, cut by the bounds; the truncating modes put the rest of the
/// paragraph on that line and replace what does not fit with "…" (U+2026). Tail truncation also
/// marks text dropped after the paragraph; head and middle truncation work within the paragraph.
public enum LineBreakMode: Hashable, Sendable {
    /// Wrap at word boundaries.
    case byWordWrapping
    /// Wrap at grapheme clusters.
    case byCharWrapping
    /// Do not truncate; the last line is clipped.
    case byClipping
    /// "…" replaces the start of the last line.
    case byTruncatingHead
    /// "…" replaces the end of the last line (UILabel's default).
    case byTruncatingTail
    /// "…" replaces the middle of the last line.
    case byTruncatingMiddle

    var truncates: Bool { self == .byTruncatingHead || self == .byTruncatingTail || self == .byTruncatingMiddle }
}

/// Where shrunk single-line text sits relative to where the unshrunk text would have been
/// (UILabel's UIBaselineAdjustment).
public enum BaselineAdjustment: Hashable, Sendable {
    /// The shrunk baseline is where the full-size baseline would be (UILabel's default).
    case alignBaselines
    /// The shrunk line's vertical centre is where the full-size line's would be.
    case alignCenters
    /// The shrunk line's top is where the full-size line's would be.
    case none
}

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
