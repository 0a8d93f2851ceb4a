import SheenRaster
import SheenText

/// A multi-line text view drawn off-screen: UITextView's drawing — the text wrapped at the
/// frame's width into as many lines as it needs, paragraphs at its line breaks (a last line break
/// begins an empty line the caret can stand on), scrolled vertically so that the caret stays in
/// view while editing; the placeholder when empty; a caret or a selection across lines; with a
/// label's style (gradient text, stroke, blurred shadows and glows).
///
/// Its text, style and editing state are a `TextField`'s (`field`), read and written through the
/// view (`view.text`, `view.caretIndex`, `view.fill`…): everything a field has means the same
/// here, except what only a one-line field does — `scrollOffset` (horizontal) and auto-shrink are
/// not used, `verticalAlignment` is `.top` by default (and places only lines shorter than the
/// text rectangle), and secure entry is refused (UITextView has none; a view drawing its text would show
/// the secret). `insets` are UITextView's text container insets, 8 px above and
/// below and UIKit's 5-px line fragment padding at the sides by default. Coordinates are pixels,
/// (0, 0) at the frame's top-left, y downwards; rectangles of lines scrolled out of view lie
/// outside the frame.
@dynamicMemberLookup
public struct TextView: Sendable, Equatable {
    /// The text, style and editing state.
    public var field: TextField
    /// How far the content has scrolled down, pixels (≥ 0): what the view showed before. A
    /// render moves it as little as needed to show the caret while editing;
    /// `resolvedContentOffset()` says where (UITextView's contentOffset.y).
    public var contentOffset = 0.0

    /// A view of `size` showing `text` in `font`, with UITextView's text container insets.
    public init(text: String = "", font: Font, size: Size) {
        field = TextField(text: text, font: font, size: size)
        field.insets = EdgeInsets(top: 8, left: 5, bottom: 8, right: 5)
        field.verticalAlignment = .top
    }

    /// A property of `field` (text, font, colours, paints, caret, selection, insets…).
    public subscript<T>(dynamicMember path: WritableKeyPath<TextField, T>) -> T {
        get { field[keyPath: path] }
        set { field[keyPath: path] = newValue }
    }

    /// Replaces the text in `range` with `string`, keeping attributed runs and run styles, the
    /// caret after the new text (`TextField.replaceText(in:with:)`).
    public mutating func replaceText(in range: Range<Int>, with string: String) throws(LabelError) {
        try field.replaceText(in: range, with: string)
    }

    /// The rectangle the lines wrap in and scroll through: the frame less the insets and the
    /// decorations' (as `TextField.textRect`). Pixels, view coordinates.
    public var textRect: Rect { field.textRect }

    /// Checks what drawing checks first: the field's values, no secure entry, and the content
    /// offset.
    public func validate() throws(LabelError) {
        try field.validate()
        guard !field.isSecureTextEntry else {
            throw .invalidParameter(name: "isSecureTextEntry", value: 1, allowed: "false: a text view has no secure entry")
        }
        guard contentOffset.isFinite, contentOffset >= 0 else {
            throw .invalidParameter(name: "contentOffset", value: contentOffset, allowed: "≥ 0 px")
        }
    }

    /// A label with the field's style showing `string` — the text as `shown` (`TextField.styled(text:)`),
    /// else the placeholder — as the view lays it out: wrapped by word into as many lines as it
    /// needs from the top, aligned and spaced as the view says, without the insets (the view's
    /// text rectangle holds them).
    func wrapping(_ string: String, showsText: Bool) -> Label {
        var label = showsText ? field.styled(text: string) : field.styled(string)
        label.insets = .zero
        label.insetsTextForShadows = false
        label.textAlignment = field.textAlignment
        label.verticalAlignment = .top
        label.numberOfLines = 0
        label.lineBreakMode = .byWordWrapping
        label.lineHeightMultiple = field.lineHeightMultiple
        label.lineSpacing = field.lineSpacing
        label.paragraphStyle = field.paragraphStyle == ParagraphStyle() ? nil : field.paragraphStyle
        if let style = label.paragraphStyle, label.attributedText != nil {
            // The view's paragraph style for runs that bring none of their own.
            label.attributedText?.updateAttributes { if $0.paragraphStyle == nil { $0.paragraphStyle = style } }
        }
        return label
    }

    /// The lines as drawn, where they lie, and the content offset used.
    func content() throws(LabelError) -> (content: TextField.Content, offset: Double) {
        try field.contentMemo.view(self) { () throws(LabelError) in try makeContent() }
    }

    /// `content()` worked out.
    private func makeContent() throws(LabelError) -> (content: TextField.Content, offset: Double) {
        try validate()
        let showsPlaceholder = field.text.isEmpty
        let rect = textRect
        var shown = showsPlaceholder ? field.placeholder : field.text
        // One line break at the end ends no line in a label; in a view the caret stands on the
        // empty line after it, so it is given one (a zero-width space). White space at the very
        // end keeps its width for the caret after it (a word joiner).
        if let last = shown.unicodeScalars.last {
            if HardLineBreak.contains(last.value) { shown += "\u{200B}" }
            else if last.properties.isWhitespace { shown += "\u{2060}" }
        }
        var label = wrapping(shown, showsText: !showsPlaceholder)
        if showsPlaceholder { field.styleAsPlaceholder(&label) }
        let width = max(1, rect.width)
        let layout = try LayoutCache.shared.layout(LayoutCache.shared.attributed(label), bounds: Size(width: width, height: 0),
                                                   options: label.layoutOptions)
        let height = layout.lines.last?.lineBox.maxY ?? 0
        label.size = Size(width: width, height: min(Label.maximumSide, max(1, height.rounded(.up))))
        let limit = max(0, height - rect.height)
        // The placeholder does not scroll: an empty view shows it from the top, its caret in view,
        // whatever the view had scrolled to before.
        var offset = showsPlaceholder ? 0 : min(contentOffset, limit)
        if field.isEditing, !showsPlaceholder, let caret = layout.caret(at: field.focusIndex, affinity: field.caretAffinity) {
            let box = layout.lines[caret.line].lineBox
            if box.y < offset { offset = box.y }
            if box.maxY > offset + rect.height { offset = box.maxY - rect.height }
            offset = min(max(offset, 0), limit)
        }
        // Lines shorter than the rectangle sit in it as `verticalAlignment` says (taller ones scroll).
        let slack = max(0, rect.height - height)
        let shift = switch field.verticalAlignment { case .top: 0.0; case .center: slack / 2; case .bottom: slack }
        let origin = (x: Int(rect.x.rounded()), y: Int((rect.y + shift - offset).rounded()))
        return (TextField.Content(label: label, layout: layout, origin: origin, showsPlaceholder: showsPlaceholder,
                                  isMultiline: true), offset)
    }

    /// The content offset a render uses: `contentOffset` moved as little as needed to show the
    /// caret's line while editing, and clamped to the text (0 when it fits). Keep it in
    /// `contentOffset` between renders, as UITextView keeps its scroll position.
    public func resolvedContentOffset() throws(LabelError) -> Double { try content().offset }

    /// UITextView's sizeThatFits for a width: the frame, whole pixels, holding every line of the
    /// text (or placeholder) wrapped at `width` less the insets (0: one line per paragraph), with
    /// the insets and the decorations' whole insets.
    public func sizeThatFits(width: Double) throws(LabelError) -> Size {
        var probe = self
        probe.field.size = TextField.probeSize(field.insets)
        try probe.validate()
        // The decorations' whole insets: measured in a frame with room for all of them.
        probe.field.size = Size(width: 4 * Label.maximumSide, height: 4 * Label.maximumSide)
        let rect = probe.textRect
        let marginX = probe.field.size.width - rect.width, marginY = probe.field.size.height - rect.height
        let label = wrapping(field.text.isEmpty ? field.placeholder : field.text, showsText: !field.text.isEmpty)
        let fit = try label.sizeThatFits(Size(width: width > 0 ? max(1, width - marginX) : 0, height: 0))
        return Size(width: width > 0 ? width : max(1, (fit.width + marginX).rounded(.up)),
                    height: max(1, (max(fit.height, field.font.ascender + field.font.descender) + marginY).rounded(.up)))
    }

    /// The lines laid out (layout pixels; view pixel = layout pixel + `textRect`'s origin −
    /// the content offset, in whole pixels).
    public func layout() throws(LabelError) -> TextLayout { try content().content.layout }
}
