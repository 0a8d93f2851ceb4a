import SheenPlatform
import SheenRaster
import SheenText

/// A single-line text field drawn off-screen: UITextField's drawing — the text, or when it is
/// empty a placeholder in its own colour or gradient; while editing a caret at an index or a
/// selection highlight; the content scrolled horizontally so the caret stays visible — with a
/// label's style: gradient text (while editing too), stroke, blurred shadows and glows.
///
/// Coordinates are pixels, (0, 0) at the field's top-left, y downwards. Everything is drawn
/// inside the frame; by default (`insetsTextForShadows`) the text rectangle is inset by the
/// shadows' reach so that they are whole, as seed 004's ExtendedTextField insets it — and where
/// the frame has no room for that, the shadows are cropped, never the text (see `textRect`).
/// The field is drawn as a group — background, selection, text, caret — then composited once
/// at `alpha`. Indices are UTF-16 offsets into `text` (as `AttributedText` and layout report
/// them), moved back to grapheme cluster boundaries.
public struct TextField: Sendable, Equatable {
    /// The field's size in pixels (its frame).
    public var size: Size
    /// The text; the placeholder shows when it is empty. Setting it clears `attributedText`
    /// (the new text is drawn in `font` and `textColor`).
    public var text: String {
        get { attributedText?.string ?? plainText }
        set { plainText = newValue; attributedText = nil }
    }
    /// `text` when there is no `attributedText` (empty while there is).
    private var plainText: String
    /// Styled text (UITextField's attributedText): runs with their own fonts, colours, tracking,
    /// baseline offsets, underlines, strikethroughs and backgrounds, drawn with the field's fill,
    /// stroke and shadows as a label draws them; runs without a colour take `textColor`. Setting
    /// it replaces `text`; `replaceText(in:with:)` edits it keeping the attributes of the text an
    /// edit touches. Secure entry draws bullets in `font`; the placeholder is plain.
    public var attributedText: AttributedText? {
        didSet { if attributedText != nil { plainText = "" } }
    }
    /// Sheen's own paints for ranges of the text (UTF-16 offsets in `text`): a fill — a gradient
    /// over the range's own ink — or a stroke in place of the field's (`Label.runStyles`).
    /// `replaceText(in:with:)` moves them with the text. Not drawn over secure entry's bullets
    /// or the placeholder.
    public var runStyles: [LabelRunStyle] = []
    /// The font of `text` and the placeholder (and of the caret in an empty field).
    public var font: Font
    /// Colour of the text when `fill` is nil; opaque black by default.
    public var textColor = Color(red: 0, green: 0, blue: 0)
    /// The text's paint (a gradient over its ink, say); nil paints with `textColor`.
    public var fill: LabelPaint?
    /// A stroke along the text's outlines (see `Label.stroke`).
    public var stroke: LabelStroke?
    /// Blurred shadows and glows under the text, first to last.
    public var shadows: [LabelShadow] = []
    /// Shown when `text` is empty, editing or not (UITextField's placeholder).
    public var placeholder = ""
    /// The placeholder's colour when `placeholderFill` is nil: UIKit's placeholder grey
    /// (#3C3C43 at 30 %) by default.
    public var placeholderColor = Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.3)
    /// The placeholder's own paint (a gradient); nil paints with `placeholderColor`.
    public var placeholderFill: LabelPaint?
    /// Where the line sits in the text rectangle's height (UIControl's
    /// contentVerticalAlignment): centred by default, or at its top or bottom. A text view's lines
    /// (`TextView`, top by default) sit so while they are shorter than the rectangle.
    public var verticalAlignment: VerticalAlignment = .center
    /// A text view's line height multiple (`TextLayoutOptions.lineHeightMultipleRange`), its
    /// NSParagraphStyle's: each line's box is the font's line height times this. A one-line field
    /// does not use it.
    public var lineHeightMultiple = 1.0
    /// A text view's extra pixels between lines (`TextLayoutOptions.lineSpacingRange`). A one-line
    /// field does not use it.
    public var lineSpacing = 0.0
    /// A text view's paragraph style for the whole text: spacing before and after each paragraph
    /// (pixels, `ParagraphStyle.spacingRange`), tab stops and tab interval. Its `alignment` must be
    /// nil (the lines follow `textAlignment`). A one-line field does not use it.
    public var paragraphStyle = ParagraphStyle()
    /// Horizontal alignment of text that fits; natural by default. Text wider than the text
    /// rectangle starts at its start (the left, or the right in right-to-left text) and scrolls.
    public var textAlignment: TextAlignment = .natural
    /// Painted over the frame first; nil leaves the destination as it is.
    public var backgroundColor: Color?
    /// Insets of the text rectangle from the frame.
    public var insets = EdgeInsets.zero
    /// Insets the text rectangle further by the shadows' reach on each side (3σ + spread beyond
    /// the offset, the stroke's reach), so that shadows drawn inside the frame are whole, as far
    /// as the frame leaves the text its line height (`textRect`). On by default.
    public var insetsTextForShadows = true
    /// Glyph hinting (`TextLayoutOptions.hinting`).
    public var hinting: Hinting = .none
    /// Opacity of the whole field, 0…1: drawn, then composited once at this opacity.
    public var alpha: Double = 1
    /// The editing state: a caret at `caretIndex`, or the `selectedRange` highlighted.
    public var isEditing = false
    /// UITextField's isSecureTextEntry: every character (grapheme cluster) drawn as a bullet
    /// "•". Only the bullets are laid out, so the text never reaches the layout or glyph caches;
    /// indices stay offsets into `text`, carets and selections stand on its characters.
    public var isSecureTextEntry = false
    /// UIKit's isEnabled: a disabled field is drawn at half its opacity and shows no caret or
    /// selection (queries still answer).
    public var isEnabled = true
    /// UITextField's adjustsFontSizeToFitWidth: a text wider than the text rectangle is drawn in
    /// a smaller font, down to `minimumFontSize`, before it scrolls or ends in "…".
    public var adjustsFontSizeToFitWidth = false
    /// The smallest font size auto-shrink draws, pixels (0 < size ≤ the font's; UIKit's default 0
    /// is taken as 1/4 of the font's size).
    public var minimumFontSize = 0.0
    /// Where the caret stands while editing, a UTF-16 offset in 0…`text.utf16.count`.
    public var caretIndex = 0
    /// Which side of a direction boundary (or wrap point) the caret at `caretIndex` is drawn on;
    /// `caretPosition(at:)` gives the one a tap means.
    public var caretAffinity: CaretAffinity = .leading
    /// The selection while editing (UTF-16 offsets in `text`); when it is not empty it is
    /// highlighted instead of the caret.
    public var selectedRange: Range<Int>?
    /// The marked text (UITextInput's markedTextRange): UTF-16 offsets of the composition an
    /// input method is building, drawn underlined while editing (`markedTextStyle`); nil: none.
    /// Widened to whole grapheme clusters when drawn.
    public var markedRange: Range<Int>?
    /// The clause of the marked text being converted (UITextInput's selected range inside the
    /// marked text), UTF-16 offsets in `text` within `markedRange`: underlined thicker. nil: none.
    public var markedSelectedRange: Range<Int>?
    /// How marked text is underlined.
    public var markedTextStyle = MarkedTextStyle()
    /// The caret's colour: UIKit's default tint (#007AFF).
    public var caretColor = Color(red: 0, green: 122 / 255, blue: 1)
    /// The caret's width in pixels, (0, 64]; 2 by default, centred on the caret position.
    public var caretWidth = 2.0
    /// The selection highlight's colour, drawn under the text: the tint at 20 %.
    public var selectionColor = Color(red: 0, green: 122 / 255, blue: 1, alpha: 0.2)
    /// How far the content has scrolled from its start, pixels (≥ 0): what the field showed
    /// before. A render moves it as little as needed to show the caret (and past the text's end
    /// only by the caret's width, while editing); `resolvedScrollOffset()` says where, for the
    /// caller to keep between renders as UITextField keeps its scroll position.
    public var scrollOffset = 0.0
    /// The content last worked out, for queries on this same value (shared by copies; a kept
    /// key holds `ContentMemo.detached` instead).
    var contentMemo = ContentMemo()

    /// A field of `size` showing `text` in `font`.
    public init(text: String = "", font: Font, size: Size) {
        self.plainText = text
        self.font = font
        self.size = size
    }

    /// Checks what drawing checks first, without drawing: the size (a field of no width or no
    /// height shows nothing, so it is refused, where a label may be sized to its text), the style
    /// (as `Label.validate()`), insets that leave the text room, `alpha`, the caret's index and
    /// width, the selection, the scroll offset.
    public func validate() throws(LabelError) {
        guard size.width > 0, size.height > 0 else { throw .invalidSize(width: size.width, height: size.height) }
        try styled(text: text).validate()
        // Insets that leave the text no room show nothing: refused, as a frame of no size is.
        for (name, sum, side) in [("insets.left + insets.right", insets.left + insets.right, size.width),
                                  ("insets.top + insets.bottom", insets.top + insets.bottom, size.height)] where !(sum < side) {
            throw .invalidParameter(name: name, value: sum, allowed: "less than the frame's \(side) px")
        }
        let count = text.utf16.count
        func check(_ name: String, _ v: Double, _ allowed: String, _ ok: Bool) throws(LabelError) {
            guard v.isFinite, ok else { throw .invalidParameter(name: name, value: v, allowed: allowed) }
        }
        try check("alpha", alpha, Label.alphaRange.interval, Label.alphaRange.contains(alpha))
        try check("caretWidth", caretWidth, "(0, 64] px", caretWidth > 0 && caretWidth <= 64)
        try check("scrollOffset", scrollOffset, "≥ 0 px", scrollOffset >= 0)
        try check("lineHeightMultiple", lineHeightMultiple, TextLayoutOptions.lineHeightMultipleRange.interval,
                  TextLayoutOptions.lineHeightMultipleRange.contains(lineHeightMultiple))
        try check("lineSpacing", lineSpacing, "\(TextLayoutOptions.lineSpacingRange.interval) px",
                  TextLayoutOptions.lineSpacingRange.contains(lineSpacing))
        try liftText(paragraphStyle.validate())
        if paragraphStyle.alignment != nil {
            throw .invalidParameter(name: "paragraphStyle.alignment", value: .nan, allowed: "nil: the lines follow textAlignment")
        }
        try check("minimumFontSize", minimumFontSize, "0…\(font.size) px (the font's size)", minimumFontSize >= 0 && minimumFontSize <= font.size)
        try check("caretIndex", Double(caretIndex), "0…\(count) (a UTF-16 offset in the text)", (0...count).contains(caretIndex))
        if let r = selectedRange {
            try check("selectedRange.upperBound", Double(r.upperBound), "≤ \(count) (a UTF-16 offset in the text)",
                      r.lowerBound >= 0 && r.upperBound <= count)
        }
        if let m = markedRange {
            try check("markedRange.upperBound", Double(m.upperBound), "≤ \(count) (a UTF-16 offset in the text)",
                      m.lowerBound >= 0 && m.upperBound <= count)
        }
        if let s = markedSelectedRange {
            let within = markedRange.map { s.lowerBound >= $0.lowerBound && s.upperBound <= $0.upperBound } ?? false
            try check("markedSelectedRange.lowerBound", Double(s.lowerBound),
                      markedRange.map { "within markedRange \($0.lowerBound)..<\($0.upperBound)" } ?? "nil without markedRange", within)
        }
        for (name, v) in [("markedTextStyle.thickness", markedTextStyle.thickness),
                          ("markedTextStyle.selectedThickness", markedTextStyle.selectedThickness)] {
            try check(name, v, "\(MarkedTextStyle.thicknessRange.interval) px", MarkedTextStyle.thicknessRange.contains(v))
        }
        if let c = markedTextStyle.color, !c.isFinite {
            throw .invalidParameter(name: "markedTextStyle.color", value: .nan, allowed: "finite colour components")
        }
        for c in [("caretColor", caretColor), ("selectionColor", selectionColor), ("placeholderColor", placeholderColor)]
        where !c.1.isFinite {
            throw .invalidParameter(name: c.0, value: .nan, allowed: "finite colour components")
        }
    }

    /// The properties a field shares with the label it draws through, each listed once as its
    /// field and label key paths: `styled(_:)` copies every one.
    static let sharedWithLabel: [@Sendable (TextField, inout Label) -> Void] = [
        shared(\.textColor, \.textColor), shared(\.fill, \.fill), shared(\.stroke, \.stroke), shared(\.shadows, \.shadows),
        shared(\.insets, \.insets), shared(\.insetsTextForShadows, \.insetsTextForShadows), shared(\.hinting, \.hinting),
    ]

    /// A copy of the field's property at `field` into the label's at `label`.
    private static func shared<V>(_ field: KeyPath<TextField, V> & Sendable,
                                  _ label: WritableKeyPath<Label, V> & Sendable) -> @Sendable (TextField, inout Label) -> Void {
        { $1[keyPath: label] = $0[keyPath: field] }
    }

    /// A label with the field's style (`sharedWithLabel`) showing `string`, sized to the text
    /// rectangle (its text area is the text rectangle).
    func styled(_ string: String) -> Label {
        var label = Label(string, font: font, size: size)
        for copy in Self.sharedWithLabel { copy(self, &label) }
        return label
    }

    /// `styled(_:)` showing the text as `shown` — `text` offset for offset, with what a line or a
    /// view adds at its end (`shownLine(_:)`, a text view's end marks) — in the runs of
    /// `attributedText` and with `runStyles`.
    func styled(text shown: String) -> Label {
        var label = styled(shown)
        label.runStyles = runStyles
        if let attributedText { label.attributedText = Self.restyled(attributedText, as: shown) }
        return label
    }

    /// `text`'s runs over `shown`: the same UTF-16 offsets, with units past the text's end in the
    /// last run's attributes.
    static func restyled(_ text: AttributedText, as shown: String) -> AttributedText {
        if shown == text.string { return text }
        let units = Array(shown.utf16)
        var out = AttributedText()
        for run in text.runs {
            out.append(String(decoding: units[run.range], as: UTF16.self), attributes: text.attributes[run.attributesIndex])
        }
        if units.count > text.utf16.count, let last = text.attributes(at: text.utf16.count) {
            out.append(String(decoding: units[text.utf16.count...], as: UTF16.self), attributes: last)
        }
        return out
    }
}
