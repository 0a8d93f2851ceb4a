import SheenPlatform
import SheenRaster
import SheenText

// The field's frame: the text rectangle inside it and the frame that fits the text.
extension TextField {
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
        for (k, string) in [shown, placeholder].enumerated() where !string.isEmpty || fitted.height == 0 {
            var label = k == 0 && !isSecureTextEntry ? styled(text: Self.shownLine(string)) : styled(Self.shownLine(string))
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
}
