import SheenPlatform
import SheenRaster
import SheenText

// What a render of the field shows: its one line laid out, placed and scrolled.
extension TextField {
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

        /// Where layout pixel (0, 0) lies in the field (or view): the content's origin plus the
        /// label's text origin, whole pixels.
        var layoutOrigin: (x: Double, y: Double) {
            let t = label.textOrigin
            return (Double(origin.x + t.x), Double(origin.y + t.y))
        }

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
        var label = showsPlaceholder || bullets != nil ? styled(Self.shownLine(shown)) : styled(text: Self.shownLine(shown))
        if showsPlaceholder { styleAsPlaceholder(&label) }
        label.insets = .zero
        label.insetsTextForShadows = false
        label.textAlignment = .left
        label.verticalAlignment = verticalAlignment
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
                if label.attributedText != nil {
                    // Every run's font shrinks by the same factor.
                    var failure: TextError?
                    label.attributedText?.updateAttributes { a in
                        do throws(TextError) { a.font = try a.font.withSize(a.font.size * size / font.size) } catch { failure = error }
                    }
                    if let failure { throw .text(failure) }
                }
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
}
