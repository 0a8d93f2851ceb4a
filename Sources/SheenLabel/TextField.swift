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
    /// The text; the placeholder shows when it is empty.
    public var text: String
    /// The font of the text and the placeholder.
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
        self.text = text
        self.font = font
        self.size = size
    }

    /// UITextField's textRect(forBounds:) for the frame: the frame less `insets`, less what keeps
    /// the decorations whole — the stroke's reach on every side, half the caret on the left and
    /// right — and, with `insetsTextForShadows`, less the shadows' reach (3σ + spread + stroke
    /// beyond the offset). Decorations never take the text's room: where the frame is too small
    /// for them, their insets shrink (the shadows first, then the stroke and caret margin) so that
    /// the rectangle keeps the font's line height (ascender + descender) and half the inner width,
    /// and what no longer fits of a shadow or glow is cropped at the frame. Pixels, field
    /// coordinates. (A text wider than this takes the shadows' room at the sides before it
    /// scrolls or ends in "…": `content()` draws it in `textRect(forTextWidth:)`.)
    public var textRect: Rect { textRect(forTextWidth: nil) }

    /// `textRect`, except that a text `width` pixels wide takes as much of the shadows' room at
    /// the left and right as it needs (shadows and glows never cost the text its width; what of
    /// them no longer fits is cropped at the frame).
    func textRect(forTextWidth width: Double?) -> Rect {
        let inner = Rect(x: insets.left, y: insets.top, width: max(0, size.width - insets.left - insets.right),
                         height: max(0, size.height - insets.top - insets.bottom))
        let strokeReach = stroke?.textStroke.reach ?? 0
        // Half the caret, and the half pixel the content's origin is rounded by.
        let floorX = max(strokeReach, (caretWidth / 2 + 0.5).rounded(.up)), floorY = strokeReach
        var extra = EdgeInsets.zero
        if insetsTextForShadows {
            for s in styled("").allShadows {
                let reach = GaussianBlur.margin(sigma: s.sigma) + s.spread + strokeReach
                extra.left = max(extra.left, reach - s.offset.x - floorX)
                extra.right = max(extra.right, reach + s.offset.x - floorX)
                extra.top = max(extra.top, reach - s.offset.y - floorY)
                extra.bottom = max(extra.bottom, reach + s.offset.y - floorY)
            }
        }
        // One axis: the floor on both sides, then the shadows' extra, each scaled down to what the
        // axis has left once `needed` is kept.
        func axis(_ length: Double, _ needed: Double, _ floor: Double, _ a: Double, _ b: Double) -> (Double, Double) {
            let f = min(floor, max(0, length - needed) / 2)
            let room = max(0, length - needed - 2 * f), want = max(0, a) + max(0, b)
            let k = want > room ? room / want : 1
            return (f + max(0, a) * k, f + max(0, b) * k)
        }
        var (left, right) = axis(inner.width, inner.width / 2, floorX, extra.left, extra.right)
        if let width, width > inner.width - left - right {
            // The shadows' part of each side (beyond the floor), given up for the text in proportion.
            let (floorLeft, floorRight) = axis(inner.width, inner.width / 2, floorX, 0, 0)
            let shadowLeft = left - floorLeft, shadowRight = right - floorRight, shadows = shadowLeft + shadowRight
            if shadows > 0 {
                let k = max(0, shadows - (width - (inner.width - left - right))) / shadows
                left = floorLeft + shadowLeft * k
                right = floorRight + shadowRight * k
            }
        }
        let (top, bottom) = axis(inner.height, min(inner.height, font.ascender + font.descender), floorY, extra.top, extra.bottom)
        return Rect(x: inner.x + left, y: inner.y + top, width: max(0, inner.width - left - right),
                    height: max(0, inner.height - top - bottom))
    }
    /// UITextField's placeholderRect(forBounds:): the text rectangle.
    public var placeholderRect: Rect { textRect }
    /// UITextField's editingRect(forBounds:): the text rectangle.
    public var editingRect: Rect { textRect }

    /// UITextField's sizeThatFits: the smallest frame, whole pixels, that shows the longer of
    /// the text and the placeholder on its line without scrolling or truncating, with `insets`
    /// and the whole insets of the stroke, the caret and (with `insetsTextForShadows`) the
    /// shadows around it. The field's own size does not matter (it may be zero).
    public func sizeThatFits() throws(LabelError) -> Size {
        var probe = self
        probe.size = Self.probeSize(insets)
        try probe.validate()
        // A secure field is sized from its bullets, one a character: its size must not tell the
        // secret's glyph widths.
        let shown = isSecureTextEntry && !text.isEmpty ? Self.bullets(text.count) : text
        var fitted = Size(width: 0, height: 0)
        for string in [shown, placeholder] where !string.isEmpty || fitted.height == 0 {
            var label = styled(Self.shownLine(string))
            label.insets = .zero
            label.insetsTextForShadows = false
            label.numberOfLines = 1
            let size = try label.sizeThatFits(Size(width: 0, height: 0))
            fitted = Size(width: max(fitted.width, size.width), height: max(fitted.height, size.height))
        }
        // The decorations' whole insets: measured in a frame with room for all of them (a small
        // frame shrinks them).
        var roomy = self
        roomy.size = Size(width: fitted.width + 4 * Label.maximumSide, height: fitted.height + 4 * Label.maximumSide)
        let rect = roomy.textRect
        return Size(width: max(1, (fitted.width + roomy.size.width - rect.width).rounded(.up)),
                    height: max(1, (fitted.height + roomy.size.height - rect.height).rounded(.up)))
    }

    /// The smallest frame with room inside `insets` (1 px each way), or 1 × 1 for insets that are
    /// not numbers ≥ 0 (validation then names them): what sizing checks the rest of the values in.
    static func probeSize(_ insets: EdgeInsets) -> Size {
        let w = insets.left + insets.right + 1, h = insets.top + insets.bottom + 1
        return w.isFinite && h.isFinite && w >= 1 && h >= 1 ? Size(width: w, height: h) : Size(width: 1, height: 1)
    }

    /// Checks what drawing checks first, without drawing: the size (a field of no width or no
    /// height shows nothing, so it is refused, where a label may be sized to its text), the style
    /// (as `Label.validate()`), insets that leave the text room, `alpha`, the caret's index and
    /// width, the selection, the scroll offset.
    public func validate() throws(LabelError) {
        guard size.width > 0, size.height > 0 else { throw .invalidSize(width: size.width, height: size.height) }
        try styled(text).validate()
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
        try check("minimumFontSize", minimumFontSize, "0…\(font.size) px (the font's size)", minimumFontSize >= 0 && minimumFontSize <= font.size)
        try check("caretIndex", Double(caretIndex), "0…\(count) (a UTF-16 offset in the text)", (0...count).contains(caretIndex))
        if let r = selectedRange {
            try check("selectedRange.upperBound", Double(r.upperBound), "≤ \(count) (a UTF-16 offset in the text)",
                      r.lowerBound >= 0 && r.upperBound <= count)
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

    /// What a render shows: the label drawing the text (or placeholder) at its natural width, its
    /// layout, and where its top-left corner lies in the field (whole pixels).
    struct Content {
        let label: Label
        let layout: TextLayout
        let origin: (x: Int, y: Int)
        let showsPlaceholder: Bool
        /// With secure entry, the UTF-16 offsets of `text`'s grapheme boundaries (0 and the end
        /// included): bullet k stands for characters boundaries[k]..<boundaries[k + 1]. nil when
        /// the layout shows the text itself.
        var bullets: [Int]? = nil
        /// A text view's content: lines stacked from the top and scrolled vertically.
        var isMultiline = false

        /// The layout offset of text offset `index` (moved back to a character's start).
        func shown(_ index: Int) -> Int { Self.shown(index, bullets) }

        /// `shown(_:)` for a secure text's grapheme boundaries (`bullets`), or none.
        static func shown(_ index: Int, _ bullets: [Int]?) -> Int {
            guard let b = bullets else { return index }
            var lo = 0, hi = b.count   // the first boundary after `index`, by bisection
            while lo < hi { let mid = (lo + hi) / 2; if b[mid] <= index { lo = mid + 1 } else { hi = mid } }
            return max(0, lo - 1)
        }

        /// The text offset of layout offset `offset`.
        func source(_ offset: Int) -> Int {
            guard let b = bullets else { return offset }
            return b[min(max(offset, 0), b.count - 1)]
        }
    }

    /// The text as the field's one line shows it, offset for offset: each line or paragraph
    /// break drawn as a space (a CR LF pair as a space and an invisible combining grapheme joiner,
    /// one character as CR LF is), as
    /// UITextField shows pasted newlines on its line; and a word joiner after trailing white
    /// space, which a line's end does not draw, so that the caret after "hello " stands after
    /// the space.
    static func shownLine(_ string: String) -> String {
        // Most texts have no line break: memchr over their bytes, no copy (a megabyte is asked
        // about on every caret query). U+0085 starts with 0xC2, U+2028 and U+2029 with 0xE2.
        let mayBreak = string.utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress else { return false }
            return [0x0A, 0x0B, 0x0C, 0x0D, 0xC2, 0xE2].contains { memchr(base, $0, bytes.count) != nil }
        } ?? true
        if !mayBreak {
            return string.unicodeScalars.last?.properties.isWhitespace == true ? string + "\u{2060}" : string
        }
        var scalars = String.UnicodeScalarView()
        var afterCR = false
        for u in string.unicodeScalars {
            switch u.value {
            case 0x0A where afterCR: scalars.append("\u{34F}")
            case let v where HardLineBreak.contains(v): scalars.append(" ")
            default: scalars.append(u)
            }
            afterCR = u.value == 0x0D
        }
        if scalars.last?.properties.isWhitespace == true { scalars.append("\u{2060}") }
        return String(scalars)
    }

    /// `label` as the placeholder is drawn: the font with the placeholder's colour or paint, no
    /// stroke and no shadows or glows (UITextField's placeholder takes the font and its colour).
    func styleAsPlaceholder(_ label: inout Label) {
        label.textColor = placeholderColor
        label.fill = placeholderFill
        label.stroke = nil
        label.shadows = []
    }

    /// Where editing is: the caret, or a non-empty selection's end — what scrolling keeps in view.
    var focusIndex: Int {
        guard let r = selectedRange, !r.isEmpty else { return caretIndex }
        return r.upperBound
    }

    /// What secure entry shows for `count` characters: a bullet "•" each.
    static func bullets(_ count: Int) -> String { String(repeating: "\u{2022}", count: count) }

    /// The content and the scroll offset used for it. Text wider than the text rectangle scrolls
    /// while editing; at rest it ends in "…" at the rectangle's edge and shows its start, as
    /// UITextField draws a long text it is not editing.
    func content() throws(LabelError) -> (content: Content, scroll: Double) {
        try contentMemo.field(self) { () throws(LabelError) in try makeContent() }
    }

    /// `content()` worked out.
    private func makeContent() throws(LabelError) -> (content: Content, scroll: Double) {
        try validate()
        let showsPlaceholder = text.isEmpty
        var rect = textRect
        var bullets: [Int]?
        var shown = showsPlaceholder ? placeholder : text
        if isSecureTextEntry, !showsPlaceholder {
            var offsets = [0]
            for c in text { offsets.append(offsets[offsets.count - 1] + c.utf16.count) }
            bullets = offsets
            shown = Self.bullets(offsets.count - 1)
        }
        var label = styled(Self.shownLine(shown))
        if showsPlaceholder { styleAsPlaceholder(&label) }
        label.insets = .zero
        label.insetsTextForShadows = false
        label.textAlignment = .left
        label.verticalAlignment = .center
        label.numberOfLines = 1
        // One line as wide as the text (unconstrained), centred in the text rectangle's height,
        // kept by the layout cache between renders and queries (a megabyte of text is shaped
        // once, not per caret query).
        var layout = try LayoutCache.shared.layout(LayoutCache.shared.attributed(label), bounds: Size(width: 0, height: rect.height),
                                                   options: label.layoutOptions)
        var width = layout.lines.first?.typographicRect.maxX ?? 0
        // A text wider than the rectangle takes the shadows' room at the sides first.
        if width > rect.width { rect = textRect(forTextWidth: width) }
        if adjustsFontSizeToFitWidth, width > rect.width, rect.width > 0 {
            // Auto-shrink: the size at which the line's width (nearly proportional to it) fits,
            // no smaller than the minimum; then as usual — scrolled, or "…" — if it still does not.
            let least = minimumFontSize > 0 ? minimumFontSize : font.size / 4
            let size = max(least, font.size * rect.width / width)
            if size < font.size {
                label.font = try liftText(font.withSize(size))
                layout = try LayoutCache.shared.layout(LayoutCache.shared.attributed(label), bounds: Size(width: 0, height: rect.height),
                                                       options: label.layoutOptions)
                width = layout.lines.first?.typographicRect.maxX ?? 0
            }
        }
        label.size = Size(width: min(Label.maximumSide, max(1, width.rounded(.up) + 1)), height: rect.height)
        let rtl = layout.lines.first?.isRightToLeft ?? false
        var scroll = 0.0
        let x: Double
        if width > rect.width, !isEditing || showsPlaceholder {
            // At rest, or the placeholder (which does not scroll): the start, truncated with "…"
            // at the rectangle's edge, in its direction.
            label.size = Size(width: rect.width, height: rect.height)
            label.textAlignment = .natural
            label.lineBreakMode = .byTruncatingTail
            layout = try LayoutCache.shared.layout(LayoutCache.shared.attributed(label), bounds: label.size, options: label.layoutOptions)
            width = rect.width
            x = rect.x
        } else if width <= rect.width {
            var alignment = textAlignment
            if alignment == .natural || alignment == .justified { alignment = rtl ? .right : .left }
            switch alignment {
            case .right: x = rect.maxX - width
            case .center: x = rect.x + (rect.width - width) / 2
            default: x = rect.x
            }
        } else {
            let excess = width - rect.width
            // The margin holds the caret's width and the half pixel the origin is rounded by; the
            // content may scroll that far past its end so that a caret there is whole.
            let margin = min(caretWidth + 1, rect.width / 2)
            let limit = excess + margin / 2
            scroll = min(scrollOffset, limit)
            // Kept in view: the caret, or a selection's end (where it is being extended, as
            // UITextField shows it).
            if !showsPlaceholder, let caret = layout.caret(at: Content.shown(focusIndex, bullets), affinity: caretAffinity) {
                // The caret in content pixels, and the window of them shown: [s, s + R] from the
                // start of left-to-right text, [W − R − s, W − s] of right-to-left text.
                let c = caret.x
                if rtl {
                    if c > width - scroll - margin / 2 { scroll = width - c - margin / 2 }
                    if c < excess - scroll + margin / 2 { scroll = excess - c + margin / 2 }
                } else {
                    if c < scroll + margin / 2 { scroll = c - margin / 2 }
                    if c > scroll + rect.width - margin / 2 { scroll = c - rect.width + margin / 2 }
                }
                scroll = min(max(scroll, 0), limit)
            }
            x = rtl ? rect.x - excess + scroll : rect.x - scroll
        }
        // The line stays inside the frame where it can — a fallback face taller than the font
        // (Thai with its marks stacked), a descender or an emoji reaching below the box, centred
        // in a rectangle the font fills, would otherwise be cut at the frame's top or bottom.
        // Moved in, the first of these that fits the frame: the box with the glyphs' ink and the
        // stroke's, the two inks, the glyphs' ink alone (inks measured once per layout; colour
        // glyphs have no stroke, so the stroke's ink need not hold theirs); none fitting, the
        // glyphs' ink is centred.
        var y = rect.y.rounded()
        if let box = layout.lines.first?.typographicRect {
            func span(_ r: PixelRect) -> (Double, Double)? { r.isEmpty ? nil : (Double(r.y), Double(r.y + r.height)) }
            func union(_ a: (Double, Double)?, _ b: (Double, Double)?) -> (Double, Double)? {
                guard let a else { return b }
                guard let b else { return a }
                return (min(a.0, b.0), max(a.1, b.1))
            }
            let glyphs = span(try LayoutCache.shared.inkRect(of: layout, stroke: nil, cache: .shared))
            let stroke = try label.stroke.map { s throws(LabelError) in
                span(try LayoutCache.shared.inkRect(of: layout, stroke: s.textStroke, cache: .shared))
            } ?? nil
            let inks = union(glyphs, stroke)
            let spans = [union((box.y, box.maxY), inks)!] + [inks, glyphs].compactMap { $0 }
            let (top, bottom) = spans.first { $0.1 - $0.0 <= size.height } ?? spans[spans.count - 1]
            let height = bottom - top, at = y + top
            if height > size.height { y -= (at + (height - size.height) / 2).rounded() }
            else if at < 0 { y -= at.rounded(.down) }
            else if at + height > size.height { y -= (at + height - size.height).rounded(.up) }
        }
        return (Content(label: label, layout: layout, origin: (Int(x.rounded()), Int(y)), showsPlaceholder: showsPlaceholder,
                        bullets: bullets), scroll)
    }

    /// The scroll offset a render uses: `scrollOffset` moved as little as needed to show the
    /// caret while editing, and clamped to the text (0 when it fits). Keep it in `scrollOffset`
    /// between renders for UITextField's scrolling.
    public func resolvedScrollOffset() throws(LabelError) -> Double { try content().scroll }

    /// The caret's rectangle for `index` (a UTF-16 offset in `text`, clamped; moved back to a
    /// grapheme cluster boundary) on the side `affinity` says (see `CaretAffinity`), field
    /// coordinates: `caretWidth` wide, centred on the caret position, the height of the line's
    /// ascender and descender. While the placeholder shows, the caret stands where typed text
    /// will start — the text rectangle's left, right or centre by `textAlignment` (natural: the
    /// placeholder's own direction) — not at the placeholder's start.
    public func caretRect(at index: Int, affinity: CaretAffinity = .leading) throws(LabelError) -> Rect {
        let (content, _) = try content()
        return caretRect(in: content, at: index, affinity: affinity)
    }

    func caretRect(in content: Content, at index: Int, affinity: CaretAffinity) -> Rect {
        let layout = content.layout
        let origin = content.label.textOrigin
        let x0 = Double(content.origin.x + origin.x), y0 = Double(content.origin.y + origin.y)
        guard !content.showsPlaceholder, let caret = layout.caret(at: content.shown(index), affinity: affinity) else {
            let rect = textRect, h = content.label.font.ascender + content.label.font.descender
            let x: Double
            switch textAlignment {
            case .right: x = rect.maxX
            case .center: x = rect.x + rect.width / 2
            case .left: x = rect.x
            case .natural, .justified: x = layout.lines.first?.isRightToLeft == true ? rect.maxX : rect.x
            }
            // A text view's first line starts at the top of its rectangle; a field's is centred.
            let y = content.isMultiline ? y0 + max(0, layout.lines.first?.typographicRect.y ?? 0) : y0 + (rect.height - h) / 2
            return Rect(x: x - caretWidth / 2, y: y, width: caretWidth, height: h)
        }
        let box = layout.lines[caret.line].typographicRect
        guard !content.isMultiline else {
            // A view does not scroll sideways: a caret beside a line wider than the view (one
            // glyph or tab wider than the width) is kept at the frame's edge.
            let x = min(max(x0 + caret.x - caretWidth / 2, 0), max(0, size.width - caretWidth))
            return Rect(x: x, y: y0 + box.y, width: caretWidth, height: box.height)
        }
        // Within the frame: a line box that fits the frame may still reach a fraction of a pixel
        // past it, its origin being whole pixels.
        let top = max(0, y0 + box.y), bottom = min(size.height, y0 + box.maxY)
        return Rect(x: x0 + caret.x - caretWidth / 2, y: top, width: caretWidth, height: max(0, bottom - top))
    }

    /// The caret index (a UTF-16 offset in `text`, on a grapheme cluster boundary) nearest to
    /// `point` in field coordinates, as a tap places the caret; 0 when the field shows its
    /// placeholder. Right-to-left and mixed text included. `caretPosition(at:)` adds the affinity
    /// that draws the caret where the tap was at a direction boundary.
    public func caretIndex(at point: Point) throws(LabelError) -> Int { try caretPosition(at: point).index }

    /// The caret position nearest to `point` in field coordinates: its index (as
    /// `caretIndex(at:)`) and the affinity that puts its caret on the tapped side of a direction
    /// boundary — keep both in `caretIndex` and `caretAffinity`.
    public func caretPosition(at point: Point) throws(LabelError) -> (index: Int, affinity: CaretAffinity) {
        try Self.checkPoint(point)
        return try caretPosition(in: content().content, at: point)
    }

    /// Refuses a tap point that is NaN or infinite (no caret is nearest to it).
    static func checkPoint(_ point: Point) throws(LabelError) {
        for (name, v) in [("point.x", point.x), ("point.y", point.y)] where !v.isFinite {
            throw .invalidParameter(name: name, value: v, allowed: "a finite number of pixels")
        }
    }

    /// `caretPosition(at:)` in a content (a field's or a text view's).
    func caretPosition(in content: Content, at point: Point) -> (index: Int, affinity: CaretAffinity) {
        guard !content.showsPlaceholder else { return (0, .leading) }
        let origin = content.label.textOrigin
        let local = Point(point.x - Double(content.origin.x + origin.x), point.y - Double(content.origin.y + origin.y))
        let hit = content.layout.caretPosition(at: local)
        return (min(content.source(hit.offset), text.utf16.count), hit.affinity)
    }

    /// `index` clamped to the text and moved back to a grapheme cluster boundary, the index a
    /// caret there has (UITextField never stands inside "é" or "👍🏽"). UTF-16 offsets.
    public func graphemeBoundary(atOrBefore index: Int) throws(LabelError) -> Int {
        let content = try content().content
        return min(content.source(content.layout.graphemeBoundary(atOrBefore: content.shown(index))), text.utf16.count)
    }

    /// `range` clamped to the text and widened to whole grapheme clusters: what a selection of it
    /// highlights (an empty range stays empty, at the caret index it snaps to). UTF-16 offsets.
    public func graphemeRange(enclosing range: Range<Int>) throws(LabelError) -> Range<Int> {
        let count = text.utf16.count, content = try content().content
        let r = content.layout.graphemeRange(enclosing: graphemeCover(range, content))
        return min(content.source(r.lowerBound), count)..<min(content.source(r.upperBound), count)
    }

    /// The rectangles, field coordinates, that a selection of `range` (UTF-16 offsets in `text`)
    /// highlights: one per visual span (two or more where directions mix). Not clipped to the frame.
    /// The range is clamped to the text.
    public func selectionRects(for range: Range<Int>) throws(LabelError) -> [Rect] {
        selectionRects(in: try content().content, for: range)
    }

    func selectionRects(in content: Content, for range: Range<Int>) -> [Rect] {
        guard !content.showsPlaceholder else { return [] }
        let origin = content.label.textOrigin
        let dx = Double(content.origin.x + origin.x), dy = Double(content.origin.y + origin.y)
        let count = text.utf16.count
        let lo = min(max(0, range.lowerBound), count), hi = min(max(lo, range.upperBound), count)
        return content.layout.selectionRects(graphemeCover(lo..<hi, content)).map { $0.offsetBy(dx: dx, dy: dy) }
    }

    /// A range of `text` as the layout's: the bullets that cover its characters (a range ending
    /// inside a character takes its bullet), or the range itself.
    private func graphemeCover(_ range: Range<Int>, _ content: Content) -> Range<Int> {
        guard content.bullets != nil else { return range }
        let lo = content.shown(range.lowerBound)
        guard !range.isEmpty else { return lo..<lo }
        let last = content.shown(range.upperBound - 1)
        return lo..<max(lo, last + 1)
    }

    /// The pixels a render can change, field coordinates: the frame (everything is drawn inside it).
    public var drawnBounds: PixelRect {
        PixelRect(x: 0, y: 0, width: Int(size.width.rounded(.up)), height: Int(size.height.rounded(.up)))
    }

    /// Draws the field into a borrowed RGBA8 or BGRA8 premultiplied view with its top-left corner
    /// at buffer pixel `origin` (which may lie outside the buffer), sourceOver what is there:
    /// background, selection highlight (editing), the text or placeholder with its shadows,
    /// stroke and fill, then the caret (editing, no selection) — drawn as a group inside the
    /// frame, then composited once at `alpha`. Throws, touching nothing, for an A8 buffer or
    /// invalid values.
    public func render(into buffer: RasterBuffer, at origin: (x: Int, y: Int) = (0, 0),
                       cache: GlyphCache = .shared) throws(LabelError) {
        guard buffer.format != .a8 else { throw .unsupportedDestination(format: buffer.format) }
        let (content, _) = try content()
        let editing = isEditing && isEnabled
        var selection: [Rect] = []
        if editing, !content.showsPlaceholder, let range = selectedRange, !range.isEmpty {
            selection = selectionRects(in: content, for: range)
        }
        let caret = editing && selectedRange?.isEmpty ?? true ? caretRect(in: content, at: caretIndex, affinity: caretAffinity) : nil
        try drawGroup(into: buffer, at: origin, selection: selection, caret: caret) { (b, at) throws(LabelError) in
            try contentRenderer(content, cache: cache).render(into: b, at: (at.x + content.origin.x, at.y + content.origin.y))
        }
    }

    /// Draws the frame as a group into a scratch image — the background, the `selection`
    /// highlight, the text drawn by `text` (given the scratch buffer and where frame pixel (0, 0)
    /// lies in it), the `caret` — then composites it once at `alpha` (halved when disabled) over
    /// `buffer`, clipped to the frame. A text view draws the same way.
    func drawGroup(into buffer: RasterBuffer, at origin: (x: Int, y: Int), selection: [Rect], caret: Rect?,
                   text: (RasterBuffer, (x: Int, y: Int)) throws(LabelError) -> Void) throws(LabelError) {
        let far = 1 << 40
        guard origin.x > -far, origin.x < far, origin.y > -far, origin.y < far else { return }
        let area = buffer.bounds.intersection(drawnBounds.offsetBy(dx: origin.x, dy: origin.y))
        let groupAlpha = UInt8(((isEnabled ? 255 : 127.5) * alpha).rounded())
        guard !area.isEmpty, groupAlpha > 0 else { return }
        // Frame pixel (0, 0) is scratch pixel `at`.
        let at = (x: origin.x - area.x, y: origin.y - area.y)
        let scratch = try liftRaster(Image(width: area.width, height: area.height, format: buffer.format))
        try scratch.withBuffer { (b) throws(LabelError) in
            if let backgroundColor {
                let frame = drawnBounds.offsetBy(dx: at.x, dy: at.y).intersection(b.bounds)
                if !frame.isEmpty { try liftRaster(b.cropped(to: frame).composite(.color(backgroundColor))) }
            }
            for rect in selection { try fillRect(rect, selectionColor, b, at) }
            try text(b, at)
            if let caret { try fillRect(caret, caretColor, b, at) }
        }
        try liftRaster(scratch.withReadOnlyBuffer { (image) throws(RasterError) in
            try buffer.cropped(to: area).composite(.image(image), coverage: .alpha(groupAlpha))
        })
    }

    /// The render of the content: the whole text up to `Label.maximumSide` wide; beyond that only
    /// the glyphs that can reach the frame, those whose pen lies within the frame widened by how
    /// far a glyph's ink (two ems), its stroke and its shadows reach — so a field scrolled along
    /// any length of text rasterises and blurs what it shows. A gradient over the ink still spans
    /// the whole text's ink (kept beside its layout). Shorter texts are drawn whole because a
    /// blurred shadow's bytes depend (within one level) on the extent of the shape blurred: a
    /// text that fits a label draws as that label.
    private func contentRenderer(_ content: Content, cache: GlyphCache) throws(LabelError) -> LabelRenderer {
        try contentRenderer(content, cache: cache) { layout, reach in
            let left = Double(-content.origin.x - content.label.textOrigin.x)
            guard layout.textRect.width > Label.maximumSide else { return nil }
            return layout.keepingGlyphs(penX: (left - reach)...(left + size.width + reach))
        }
    }

    /// The render of a content drawing the part of its layout `window` keeps, given how far a
    /// glyph's ink, stroke and shadows reach (nil: the whole layout), with gradients over the
    /// ink spanning the whole text's.
    func contentRenderer(_ content: Content, cache: GlyphCache,
                         window: (TextLayout, Double) -> TextLayout?) throws(LabelError) -> LabelRenderer {
        let label = content.label
        let strokeReach = label.stroke?.textStroke.reach ?? 0
        let shadowReach = label.allShadows.map {
            GaussianBlur.margin(sigma: $0.sigma) + $0.spread + max(abs($0.offset.x), abs($0.offset.y))
        }.max() ?? 0
        let reach = 2 * font.size + strokeReach + shadowReach
        guard let window = window(content.layout, reach) else {
            return LabelRenderer(validated: label, layout: content.layout, cache: cache)
        }
        var wholeInks: [TextStroke?: PixelRect] = [:]
        func spansInk(_ paint: LabelPaint?) -> Bool {
            if case let .gradient(_, extent)? = paint { return extent == .ink || extent == .lines }
            return false
        }
        let shapes: [TextStroke?] = (spansInk(label.fill) ? [nil] : []) + (spansInk(label.stroke?.paint) ? [label.stroke?.textStroke] : [])
        for shape in shapes {
            wholeInks[shape] = try LayoutCache.shared.inkRect(of: content.layout, stroke: shape, cache: cache)
        }
        return LabelRenderer(validated: label, layout: window, cache: cache, wholeInks: wholeInks)
    }

    /// A field-space rectangle painted in `colour` with its exact area coverage.
    func fillRect(_ rect: Rect, _ colour: Color, _ b: RasterBuffer, _ at: (x: Int, y: Int)) throws(LabelError) {
        guard let mask = try liftText(rect.coverageMask()) else { return }
        try liftRaster(mask.image.withReadOnlyBuffer { (m) throws(RasterError) in
            try b.composite(.color(colour), coverage: .mask(m, x: mask.region.x + at.x, y: mask.region.y + at.y))
        })
    }

    /// Renders the field into a new transparent image of its frame (its size rounded up), in
    /// `format` (RGBA8 by default).
    public func image(format: PixelFormat = .rgba8Premultiplied, cache: GlyphCache = .shared) throws(LabelError) -> Image {
        try validate()
        let bounds = try Label.imageBounds(drawnBounds)
        let image = try liftRaster(Image(width: bounds.width, height: bounds.height, format: format))
        try image.withBuffer { (buffer) throws(LabelError) in try render(into: buffer, cache: cache) }
        return image
    }
}
