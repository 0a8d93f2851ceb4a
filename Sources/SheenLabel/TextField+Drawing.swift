import SheenPlatform
import SheenRaster
import SheenText

// Drawing the field: as a group inside its frame, then composited once.
extension TextField {
    /// The pixels a render can change, field coordinates: the frame (everything is drawn inside it).
    public var drawnBounds: PixelRect {
        PixelRect(x: 0, y: 0, width: Int(size.width.rounded(.up)), height: Int(size.height.rounded(.up)))
    }

    /// Draws the field into a borrowed RGBA8 or BGRA8 premultiplied view with its top-left corner
    /// at buffer pixel `origin` (which may lie outside the buffer), sourceOver what is there:
    /// background, selection highlight (editing), the text or placeholder with its shadows,
    /// stroke and fill, the marked text's underlines and the caret (editing, no selection) —
    /// drawn as a group inside the frame, then composited once at `alpha`. Throws, touching
    /// nothing, for an A8 buffer or invalid values.
    public func render(into buffer: RasterBuffer, at origin: (x: Int, y: Int) = (0, 0),
                       cache: GlyphCache = .shared) throws(LabelError) {
        guard buffer.format != .a8 else { throw .unsupportedDestination(format: buffer.format) }
        let (content, _) = try content()
        try drawGroup(into: buffer, at: origin, marks: editingMarks(in: content)) { (b, at) throws(LabelError) in
            try contentRenderer(content, cache: cache).render(into: b, at: (at.x + content.origin.x, at.y + content.origin.y))
        }
    }

    /// What editing draws over a content (a field's or a text view's): the selection's rectangles
    /// while a non-empty range is selected, else the caret; the marked text's underlines — nothing
    /// at rest, when disabled, or (the selection, the underlines) over the placeholder.
    struct EditingMarks {
        var selection: [Rect] = []
        var caret: Rect?
        var underlines: [Rect] = []
    }

    /// The `EditingMarks` of this field over `content`.
    func editingMarks(in content: Content) -> EditingMarks {
        guard isEditing && isEnabled else { return EditingMarks() }
        var marks = EditingMarks(underlines: markedTextUnderlines(in: content))
        if let range = selectedRange, !range.isEmpty {
            if !content.showsPlaceholder { marks.selection = selectionRects(in: content, for: range) }
        } else {
            marks.caret = caretRect(in: content, at: caretIndex, affinity: caretAffinity)
        }
        return marks
    }

    /// Draws the frame as a group into a scratch image — the background, the `marks`' selection
    /// highlight, the text drawn by `text` (given the scratch buffer and where frame pixel (0, 0)
    /// lies in it), the marked text's underlines, the caret — then composites it once at `alpha`
    /// (halved when disabled) over `buffer`, clipped to the frame. A text view draws the same way.
    func drawGroup(into buffer: RasterBuffer, at origin: (x: Int, y: Int), marks: EditingMarks,
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
            for rect in marks.selection { try fillRect(rect, selectionColor, b, at) }
            try text(b, at)
            for rect in marks.underlines { try fillRect(rect, markedTextStyle.color ?? textColor, b, at) }
            if let caret = marks.caret { try fillRect(caret, caretColor, b, at) }
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
        // Only the part inside the frame (whole pixels, so no pixel's coverage changes): a
        // selection or marked text along a long line is a rectangle millions of pixels wide, and
        // its mask was made whole — past TextLayout.maximumMaskPixels it threw instead.
        let frame = drawnBounds
        let visible = rect.intersection(Rect(x: 0, y: 0, width: Double(frame.width), height: Double(frame.height)))
        guard let mask = try liftText(visible.coverageMask()) else { return }
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
