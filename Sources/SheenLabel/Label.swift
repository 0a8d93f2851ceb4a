import SheenRaster
import SheenText

/// A styled text label drawn off-screen: UILabel's properties plus Sheen's style —
/// gradient fills that span the text's real ink, per-line gradients, strokes, blurred shadows and
/// glows. A `Label` is a value: every render lays the text out afresh from the current
/// properties, so changing text, font or size can never leave a stale gradient behind.
///
/// Coordinates are pixels, (0, 0) at the label's top-left, y downwards. The label's `size` is its
/// frame: it positions the text (alignment, wrapping, truncation) and is what the background
/// fills. Ink, strokes and shadows that overhang it are still drawn — a UIKit view does not clip
/// to its bounds unless told to — and `drawnBounds()` and `image()` include them;
/// `clipsToBounds` (and line-break mode `.byClipping`) clips to the frame instead, and `insetsTextForShadows` moves the text in so
/// that shadows fit.
public struct Label: Sendable {
    /// The label's size in pixels (its bounds).
    public var size: Size

    // MARK: UILabel's properties

    /// The text, drawn with `font` and `textColor`. Setting it clears `attributedText`.
    public var text: String {
        get { attributedText?.string ?? plainText }
        set { plainText = newValue; attributedText = nil }
    }
    private var plainText: String
    /// Styled text; when set it replaces `text` and `font` (runs carry their own fonts, colours,
    /// tracking, decorations, backgrounds, paragraph styles). A run's colour is its fill unless
    /// `fill` (or a `runStyles` fill) paints it.
    public var attributedText: AttributedText?
    /// The font of `text`.
    public var font: Font
    /// The paragraph style of the whole of `text` (a text view's spacing and tab stops); nil: none.
    /// Not UILabel's (its paragraph styles come with `attributedText`).
    var paragraphStyle: ParagraphStyle?
    /// Colour of the text when `fill` is nil (UILabel's default: opaque black). As in UIKit,
    /// setting it recolours all of `attributedText`: every run's own colour is removed, so the
    /// whole text takes this one; runs coloured after it keep their colours. A label made from
    /// attributed text draws runs without a colour in `textColor`.
    public var textColor: Color {
        get { plainTextColor }
        set {
            plainTextColor = newValue
            attributedText?.updateAttributes { $0.color = nil }
        }
    }
    /// `textColor` without UIKit's recolouring of the runs: what animations interpolate, so runs
    /// keep their own colours between keyframes.
    var plainTextColor = Color(red: 0, green: 0, blue: 0)
    /// Horizontal alignment; natural by default.
    public var textAlignment: TextAlignment = .natural
    /// Wrapping and truncation; tail truncation by default.
    public var lineBreakMode: LineBreakMode = .byTruncatingTail
    /// Maximum lines, 0 = unlimited; 1 by default.
    public var numberOfLines: Int = 1
    /// Shrink the font to fit, down to `minimumScaleFactor`.
    public var adjustsFontSizeToFitWidth = false
    /// Smallest auto-shrink scale, [0, 1] (0: no shrinking).
    public var minimumScaleFactor: Double = 0
    /// Tighten letter spacing (≤ 5 %) before truncating.
    public var allowsDefaultTighteningForTruncation = false
    /// Where shrunk single-line text sits.
    public var baselineAdjustment: BaselineAdjustment = .alignBaselines
    /// Hyphenates words that do not fit at a line's end in this language ("en_US"; libhyphen's
    /// dictionaries, see `TextLayoutOptions.hyphenationLanguage`); nil breaks only between words
    /// and at soft hyphens.
    public var hyphenationLanguage: String?
    /// Glyph hinting (`TextLayoutOptions.hinting`): `.none` (exact outlines, the default),
    /// `.light` or `.full`.
    public var hinting: Hinting = .none
    /// Disabled labels are drawn at half their `alpha`, faded as a group as `alpha` fades them,
    /// which keeps their colours and reads as dimmed on any background. UIKit's exact disabled
    /// colour is a system grey; this is the portable choice.
    public var isEnabled = true
    /// Opacity of the whole label, 0…1 (UIView's alpha); 1 by default. Below 1 the label is
    /// drawn as a group: rendered opaque into a scratch image over the pixels it changes, then
    /// composited once at this opacity (sourceOver, coverage round(255 × alpha)), so a shadow
    /// never shows through the letters above it and a stroke never through the fill. 0 draws
    /// nothing.
    public var alpha: Double = 1
    /// Draw the fill with `highlightedTextColor` (when set) instead of `textColor`/`fill`.
    public var isHighlighted = false
    /// The fill colour while highlighted; nil keeps the normal fill.
    public var highlightedTextColor: Color?
    /// UILabel's sharp shadow: the text in this colour at `shadowOffset`, unblurred, under
    /// everything else. nil = none.
    public var shadowColor: Color?
    /// Offset of the `shadowColor` shadow, pixels; UILabel's default (0, −1).
    public var shadowOffset = Point(0, -1)

    // MARK: Sheen's style

    /// The text's paint; nil paints with `textColor` (or each run's colour).
    public var fill: LabelPaint?
    /// A stroke along the outlines: under the fill when it lies outside the glyphs, over it when
    /// centred or inside, so that its whole width shows.
    public var stroke: LabelStroke?
    /// Fills and strokes of ranges of the text, in place of `fill` and `stroke`; where ranges
    /// overlap the later style wins.
    public var runStyles: [LabelRunStyle] = []
    /// Blurred shadows and glows, drawn first to last under the text.
    public var shadows: [LabelShadow] = []
    /// Painted over the label's frame first; nil leaves the destination as it is.
    public var backgroundColor: Color?
    /// Clip everything drawn to the frame (UIView's clipsToBounds); false by default, as in UIKit,
    /// so overhanging ink, strokes and shadows are drawn where the destination has pixels.
    /// `lineBreakMode` `.byClipping` clips to the frame as well (see `clipsToFrame`).
    public var clipsToBounds = false
    /// True when drawing is cut at the frame: `clipsToBounds`, or line-break mode `.byClipping`,
    /// whose last line runs on past the frame and is cut there as UILabel cuts it — the frame,
    /// whatever the destination's size. Other modes' overhang is drawn.
    public var clipsToFrame: Bool { clipsToBounds || lineBreakMode == .byClipping }
    /// Vertical placement of the text block; centred by default (UILabel's behaviour).
    public var verticalAlignment: VerticalAlignment = .center
    /// Insets of the text area from the label's edges.
    public var insets = EdgeInsets.zero
    /// Insets the text further so that every shadow fits inside the label (an override of
    /// textRectForBounds in UIKit terms: each side grows by the reach of the shadows on that side, 3σ + spread
    /// beyond the offset).
    public var insetsTextForShadows = false
    /// Multiplies the font's line height.
    public var lineHeightMultiple: Double = 1
    /// Extra pixels between lines.
    public var lineSpacing: Double = 0

    /// A label of `size` showing `text` in `font`.
    public init(_ text: String, font: Font, size: Size) {
        self.plainText = text
        self.font = font
        self.size = size
    }

    /// A label showing attributed text.
    public init(attributedText: AttributedText, size: Size) throws(LabelError) {
        guard let first = attributedText.attributes.first else { throw .emptyAttributedText }
        self.plainText = ""
        self.font = first.font
        self.size = size
        self.attributedText = attributedText
    }
}
