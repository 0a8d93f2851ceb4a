import SheenRaster
import SheenText

/// A text field, or with `isMultiline` a text view, described whole: its text and style (the
/// label's), its placeholder and editing state, and its frame. What `sheen field` draws from its
/// options, and what C's `sheen_text_field_image_from_spec` and Python's `sheen.TextField` draw
/// from JSON (`init(json:)`, docs/label-spec.md "Field specs"), so the three draw one picture.
public struct FieldSpec: Sendable {
    /// The text and its style: font, text colour, fill, stroke, shadows, background, alignment,
    /// insets, hinting and alpha. Its size is not used: `width` and `height` are the frame.
    public var style: Label
    /// Whether `style.insets` were given; when not, a text view keeps its own container insets.
    public var hasInsets = false
    /// Whether `style.verticalAlignment` was given; when not, a field centres its line and a
    /// text view starts at its top.
    public var hasVerticalAlignment = false
    /// The view fields given of `viewStyleFields`, which a one-line field refuses.
    public var viewStyleGiven: [String] = []
    /// A text view's paragraph style (spacing before and after paragraphs, tab stops; no
    /// alignment): "paragraph", read as a run's paragraph is.
    public var paragraphStyle = ParagraphStyle()
    /// The frame's width and height in pixels, 0…16384; a side of 0 is sized to the text
    /// (the field's sizeThatFits, a view's sizeThatFits at the given width).
    public var width = 0
    /// See `width`.
    public var height = 0
    /// Shown when the text is empty.
    public var placeholder = ""
    /// The placeholder's paint; nil: the field's own placeholder colour.
    public var placeholderFill: LabelPaint?
    /// Whether the caret or the selection is drawn.
    public var isEditing = false
    /// The caret, a UTF-16 offset into the text (moved to a whole grapheme cluster); nil: its end.
    public var caretIndex: Int?
    /// Where the caret stands at a direction boundary.
    public var caretAffinity = CaretAffinity.leading
    /// The selection, UTF-16 offsets, drawn instead of the caret while editing.
    public var selectedRange: Range<Int>?
    /// The scroll offset the field had, pixels ≥ 0 (horizontal, or vertical in a view); drawing
    /// moves it only to show the caret.
    public var scrollOffset = 0.0
    /// The scroll offsets a spec may give, pixels: any a text of the longest allowed length needs.
    public static let scrollRange: ClosedRange<Double> = 0 ... 1e9

    /// Marked text (an input method's composition), UTF-16 offsets, underlined while editing;
    /// and the clause of it being converted (thicker), within it.
    public var markedRange: Range<Int>?
    /// See `markedRange`.
    public var markedSelectedRange: Range<Int>?
    /// The marked text's underline colour; nil: the text colour.
    public var markedColor: Color?
    /// The caret's colour; nil: the field's default (#007AFF).
    public var caretColor: Color?
    /// A multi-line text view (UITextView): the text wraps at the frame's width.
    public var isMultiline = false
    /// Secure entry: every character drawn as a bullet (fields only).
    public var isSecure = false
    /// False draws the field disabled: half its opacity, no caret or selection.
    public var isEnabled = true
    /// Auto-shrink a text wider than the field down to this font size, pixels (0: off).
    public var minimumFontSize = 0.0

    /// A spec of `style` with everything else at its default.
    public init(style: Label) { self.style = style }

    /// The label fields a field spec takes (the style `style` holds; "runs" its attributed text
    /// and run styles); the label's others (lines, line breaks, …) do not apply to a field and are
    /// refused.
    public static let styleFields = ["text", "runs", "font", "fontFile", "faceIndex", "size", "textColor", "fill", "stroke",
                                     "shadows", "background", "align", "insets", "hinting", "alpha", "vertical",
                                     "lineHeight", "lineSpacing"]
    /// The style fields only a text view takes (its lines' spacing): refused for a one-line field.
    public static let viewStyleFields = ["lineHeight", "lineSpacing"]
    /// The field's own fields, beside `styleFields` and "canvas".
    public static let fieldFields = ["placeholder", "placeholderFill", "editing", "caret", "caretAffinity", "selection",
                                     "scroll", "caretColor", "multiline", "secure", "disabled", "minFontSize", "paragraph", "marked",
                                     "markedSelection", "markedColor"]

    /// Refuses what cannot be drawn as asked: a secure text view (UITextView has no secure entry,
    /// and drawing one would show the secret).
    public func validate() throws(LabelSpecError) {
        if isSecure && isMultiline {
            throw LabelSpecError("secure: a multiline text view has no secure entry (it would show the secret)")
        }
        if !isMultiline, let name = viewStyleGiven.first ?? (paragraphStyle == ParagraphStyle() ? nil : "paragraph") {
            throw LabelSpecError("\(name): a one-line field has no lines to space (a text view, multiline: true, takes it)")
        }
        if paragraphStyle.alignment != nil {
            throw LabelSpecError("paragraph.alignment: a text view's lines follow \"align\"")
        }
    }

    /// The field as it is drawn, its frame resolved (sides of 0 sized to the text).
    public func field() throws(LabelError) -> TextField {
        var field = configuredField()
        if width == 0 || height == 0 { field.size = frame(fit: try field.sizeThatFits()) }
        return field
    }

    /// The field of this spec at the frame's given sides (1 px where a side is to be fitted).
    private func configuredField() -> TextField {
        var field = TextField(text: style.text, font: style.font, size: frame(fit: nil))
        field.attributedText = style.attributedText
        field.runStyles = style.runStyles
        field.textColor = style.textColor
        field.fill = style.fill
        field.stroke = style.stroke
        field.shadows = style.shadows
        field.backgroundColor = style.backgroundColor
        field.textAlignment = style.textAlignment
        if hasVerticalAlignment { field.verticalAlignment = style.verticalAlignment }
        field.lineHeightMultiple = style.lineHeightMultiple
        field.lineSpacing = style.lineSpacing
        field.paragraphStyle = paragraphStyle
        field.insets = style.insets
        field.hinting = style.hinting
        field.alpha = style.alpha
        field.placeholder = placeholder
        if let placeholderFill {
            if case let .color(c) = placeholderFill { field.placeholderColor = c } else { field.placeholderFill = placeholderFill }
        }
        field.isEditing = isEditing
        field.caretIndex = caretIndex ?? field.text.utf16.count
        field.caretAffinity = caretAffinity
        field.selectedRange = selectedRange
        field.scrollOffset = scrollOffset
        field.isSecureTextEntry = isSecure
        field.isEnabled = isEnabled
        field.adjustsFontSizeToFitWidth = minimumFontSize > 0
        field.minimumFontSize = minimumFontSize
        if let caretColor { field.caretColor = caretColor }
        field.markedRange = markedRange
        field.markedSelectedRange = markedSelectedRange
        field.markedTextStyle.color = markedColor
        return field
    }

    /// The text view as it is drawn (`isMultiline`), its frame resolved.
    public func view() throws(LabelError) -> TextView {
        let field = configuredField()
        var view = TextView(text: field.text, font: field.font, size: field.size)
        let containerInsets = view.insets
        view.field = field
        view.insets = hasInsets ? field.insets : containerInsets
        if !hasVerticalAlignment { view.verticalAlignment = .top }
        view.scrollOffset = 0
        view.contentOffset = scrollOffset
        if width == 0 || height == 0 { view.field.size = frame(fit: try view.sizeThatFits(width: Double(width))) }
        return view
    }

    /// The field or view drawn: premultiplied RGBA8, the frame's size (grown by nothing: a shadow
    /// the frame cannot hold is cropped, never the text).
    public func image() throws -> Image {
        try validate()
        return isMultiline ? try view().image() : try field().image()
    }

    /// The frame: `width` × `height`, sides of 0 from `fit` (1 px until it is known).
    private func frame(fit: Size?) -> Size {
        Size(width: width > 0 ? Double(width) : fit?.width ?? 1, height: height > 0 ? Double(height) : fit?.height ?? 1)
    }
}
