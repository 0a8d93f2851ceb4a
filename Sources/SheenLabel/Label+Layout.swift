import SheenRaster
import SheenText

extension Label {
    /// The largest label side in pixels.
    public static let maximumSide = 16384.0
    /// The most pixels an image of a label may have (`image()`, `images(_:)`, and each frame of
    /// an animation): 2²⁶, a 256 MB RGBA8 image, 8192 × 8192. What a label draws — frame, ink,
    /// stroke and blurred shadows — is measured (`drawnBounds()`) before anything is allocated,
    /// and a label that reaches further (a negative tracking spreading glyphs over a million
    /// pixels, shadows offset to opposite corners) is refused with `LabelError.imageTooLarge`.
    /// Drawing into a caller's buffer (`render(into:at:)`) draws what falls inside it whatever
    /// the extent.
    public static let maximumImagePixels = 1 << 26
    /// The allowed `alpha`s (and a field's): 0…1.
    public static let alphaRange = 0.0 ... 1.0
    /// The most shadows (`shadows`, plus `shadowColor`'s) a label takes: each is a blurred mask.
    public static let maximumShadows = 64
    /// The most lines `numberOfLines` may ask for (0 is unlimited): the upper bound of
    /// `TextLayoutOptions.numberOfLinesRange`, which every surface checks.
    public static let maximumLines = TextLayoutOptions.numberOfLinesRange.upperBound
    /// The most run styles a label takes.
    public static let maximumRunStyles = 1 << 16

    /// The attributed text drawn: `attributedText`, or `text` in `font` and `textColor`.
    public var effectiveText: AttributedText {
        attributedText ?? AttributedText(text, attributes: plainAttributes)
    }

    /// The attributes of `text` when there is no `attributedText`.
    var plainAttributes: TextAttributes {
        TextAttributes(font: font, color: textColor, paragraphStyle: paragraphStyle)
    }

    /// The layout options the label's properties describe.
    public var layoutOptions: TextLayoutOptions {
        var o = TextLayoutOptions()
        o.alignment = textAlignment
        o.verticalAlignment = verticalAlignment
        o.lineBreakMode = lineBreakMode
        o.numberOfLines = numberOfLines
        o.lineHeightMultiple = lineHeightMultiple
        o.lineSpacing = lineSpacing
        o.adjustsFontSizeToFitWidth = adjustsFontSizeToFitWidth
        o.minimumScaleFactor = minimumScaleFactor
        o.allowsDefaultTighteningForTruncation = allowsDefaultTighteningForTruncation
        o.baselineAdjustment = baselineAdjustment
        o.hyphenationLanguage = hyphenationLanguage
        o.hinting = hinting
        return o
    }

    /// The group opacity a render composites the label at, 0…255: `alpha`, halved when disabled.
    var groupAlpha: UInt8 {
        UInt8(((isEnabled ? 255.0 : 127.5) * min(max(alpha, 0), 1)).rounded())
    }

    /// Every shadow drawn: UILabel's sharp `shadowColor` shadow first, then `shadows`.
    var allShadows: [LabelShadow] {
        (shadowColor.map { [LabelShadow(color: $0, offset: shadowOffset)] } ?? []) + shadows
    }

    /// The text area inside the label: `insets`, plus the shadows' reach with `insetsTextForShadows`.
    public var textArea: Rect {
        var e = insets
        if insetsTextForShadows {
            let strokeReach = stroke?.textStroke.reach ?? 0
            for s in allShadows {
                // The shadow's shape reaches past the glyphs by the stroke and the spread, and
                // its blur by the margin a render draws out to (GaussianBlur.margin, ⌈3σ⌉).
                let reach = GaussianBlur.margin(sigma: s.sigma) + s.spread + strokeReach
                e.left = max(e.left, insets.left + max(0, reach - s.offset.x))
                e.right = max(e.right, insets.right + max(0, reach + s.offset.x))
                e.top = max(e.top, insets.top + max(0, reach - s.offset.y))
                e.bottom = max(e.bottom, insets.bottom + max(0, reach + s.offset.y))
            }
        }
        return Rect(x: e.left, y: e.top, width: max(0, size.width - e.left - e.right),
                    height: max(0, size.height - e.top - e.bottom))
    }

    /// Where layout pixel (0, 0) lies in the label (`layout()`'s coordinates to the label's):
    /// the text area's origin rounded to whole pixels, so glyph coverage stays on the pixel grid.
    public var textOrigin: (x: Int, y: Int) {
        let a = textArea
        return (Int(a.x.rounded()), Int(a.y.rounded()))
    }

    /// Lays the text out in the text area. A text area with no width or no height (insets as large
    /// as the label) holds no text: the layout is empty and nothing but the background draws, as
    /// UILabel draws nothing in an empty text rect.
    public func layout() throws(LabelError) -> TextLayout {
        try validate()
        return try layoutValidated()
    }

    /// `layout()` for a label already validated.
    func layoutValidated() throws(LabelError) -> TextLayout {
        let area = textArea
        // Insets that leave no room leave no text, as UILabel's empty text rect does.
        guard area.width > 0, area.height > 0 else {
            return try liftText(TextLayout(AttributedText(), bounds: .zero, options: layoutOptions))
        }
        return try LayoutCache.shared.layout(effectiveText, bounds: Size(width: area.width, height: area.height),
                                             options: layoutOptions)
    }

    /// UILabel's textRect(forBounds:limitedToNumberOfLines:): the rectangle the text would occupy
    /// in `bounds` (the label's insets applied) with at most `numberOfLines` lines (0 = unlimited).
    public func textRect(forBounds bounds: Rect, limitedToNumberOfLines numberOfLines: Int) throws(LabelError) -> Rect {
        let inner = Rect(x: bounds.x + insets.left, y: bounds.y + insets.top,
                         width: max(0, bounds.width - insets.left - insets.right),
                         height: max(0, bounds.height - insets.top - insets.bottom))
        return try liftText(TextLayout.textRect(effectiveText, forBounds: inner, limitedToNumberOfLines: numberOfLines,
                                                options: layoutOptions))
    }

    /// UILabel's sizeThatFits(_:): the size (whole pixels, insets included) that holds the text
    /// within `size` (0 = unconstrained in that direction).
    public func sizeThatFits(_ size: Size) throws(LabelError) -> Size {
        let h = insets.left + insets.right, v = insets.top + insets.bottom
        let inner = Size(width: size.width > 0 ? max(1e-3, size.width - h) : 0, height: size.height > 0 ? max(1e-3, size.height - v) : 0)
        let fit = try liftText(TextLayout.sizeThatFits(effectiveText, inner, options: layoutOptions))
        return Size(width: (fit.width + h).rounded(.up), height: (fit.height + v).rounded(.up))
    }

    /// Checks every number of the label's style and size — what drawing it would check first —
    /// without laying out or drawing anything; throws `LabelError` naming the first bad value
    /// (a NaN offset, a stroke wider than `LabelStroke.maximumWidth`, a negative size, too many
    /// shadows…). A setter-style API can call it to refuse a change at once.
    public func validate() throws(LabelError) {
        // Counts first: what follows is linear in them, and the limits keep it small.
        let shadowCount = allShadows.count
        guard shadowCount <= Self.maximumShadows else {
            throw LabelError.tooMany(name: "shadows", count: shadowCount, maximum: Self.maximumShadows)
        }
        guard runStyles.count <= Self.maximumRunStyles else {
            throw LabelError.tooMany(name: "runStyles", count: runStyles.count, maximum: Self.maximumRunStyles)
        }
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0,
              size.width <= Self.maximumSide, size.height <= Self.maximumSide else {
            throw LabelError.invalidSize(width: size.width, height: size.height)
        }
        func check(_ name: String, _ v: Double, _ range: ClosedRange<Double>, _ unit: String = "") throws(LabelError) {
            guard v.isFinite, range.contains(v) else { throw LabelError.invalidParameter(name: name, value: v, allowed: range.interval + unit) }
        }
        func checkStroke(_ name: String, _ width: Double) throws(LabelError) { try check(name, width, LabelStroke.widthRange, " px") }
        func check(_ name: String, _ c: Color) throws(LabelError) {
            guard c.isFinite else { throw LabelError.invalidParameter(name: name, value: .nan, allowed: "finite colour components") }
        }
        for (name, v) in [("insets.top", insets.top), ("insets.left", insets.left), ("insets.bottom", insets.bottom),
                          ("insets.right", insets.right)] { try check(name, v, 0...Self.maximumSide) }
        try check("alpha", alpha, Self.alphaRange)
        try check("textColor", textColor)
        if let c = highlightedTextColor { try check("highlightedTextColor", c) }
        if let c = backgroundColor { try check("backgroundColor", c) }
        for (i, s) in allShadows.enumerated() {
            // Named by path (shadows[0].sigma), glows after the shadows: LabelProperty.of(parameter:).
            try check("shadows[\(i)].sigma", s.sigma, LabelShadow.sigmaRange)
            try check("shadows[\(i)].spread", s.spread, LabelShadow.spreadRange)
            try check("shadows[\(i)].offset.x", s.offset.x, -Self.maximumSide...Self.maximumSide)
            try check("shadows[\(i)].offset.y", s.offset.y, -Self.maximumSide...Self.maximumSide)
            try check("shadows[\(i)].color", s.color)
        }
        if let stroke { try checkStroke("stroke.width", stroke.width) }
        for (i, style) in runStyles.enumerated() {
            guard style.range.lowerBound >= 0 else {
                throw LabelError.invalidParameter(name: "runStyles[\(i)].range.lowerBound", value: Double(style.range.lowerBound),
                                                  allowed: "≥ 0 (a UTF-16 offset)")
            }
            if let stroke = style.stroke { try checkStroke("runStyles[\(i)].stroke.width", stroke.width) }
        }
        let runPaints = runStyles.flatMap { [$0.fill, $0.stroke?.paint] }
        for paint in ([fill, stroke?.paint] + runPaints).compactMap({ $0 }) {
            switch paint {
            case let .color(c): try check("paint colour", c)
            case let .gradient(g, _): try g.validate()
            }
        }
        // The layout's own options (line count and spacing, a hyphenation dictionary that exists).
        try liftText(layoutOptions.validate())
    }
}
