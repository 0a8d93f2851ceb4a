import SheenRaster
import SheenText

/// One render of a label: its layout and the masks drawn from it, each over the ink it needs and
/// the part of the label that is visible, never the whole canvas. Every mask and paint is made
/// (and every error thrown) before the first pixel of the destination changes.
struct RenderPlan {
    let label: Label
    let layout: TextLayout
    let cache: GlyphCache
    /// Label pixel of layout pixel (0, 0).
    let origin: (x: Int, y: Int)

    init(label: Label, layout: TextLayout, cache: GlyphCache) throws {
        self.label = label; self.layout = layout; self.cache = cache
        origin = label.textOrigin
    }

    /// The visible part of the label in layout pixels.
    private func visibleLayoutRect(_ canvas: LabelCanvas) -> PixelRect {
        PixelRect(x: -canvas.offset.x - origin.x, y: -canvas.offset.y - origin.y,
                  width: canvas.destination.width, height: canvas.destination.height)
    }

    /// How far the stroke reaches outside the glyph outlines, in pixels.
    private var strokeReach: Double {
        guard let s = label.stroke else { return 0 }
        return s.placement == .outside ? s.width : s.width / 2
    }

    /// Each shadow is cast by the union of fill and stroke grown by its spread — which is the glyphs
    /// grown by (stroke reach + spread), drawn with FreeType's stroker as one outside stroke — then
    /// blurred, then composited in the shadow's own colour at its (rounded) offset.
    func shadowLayers(on canvas: LabelCanvas) throws -> [LabelLayer] {
        var layers: [LabelLayer] = []
        for shadow in label.allShadows where shadow.color.alpha > 0 {
            let shift = (x: Int(shadow.offset.x.rounded()), y: Int(shadow.offset.y.rounded()))
            let grow = strokeReach + shadow.spread
            let shape: TextStroke? = grow > 0 ? TextStroke(width: grow, placement: .outside, join: label.stroke?.join ?? .round) : nil
            // Past 4σ the Gaussian's tail holds 3·10⁻⁵ of an edge's mass (0.008 level at full
            // coverage), so a 4σ margin plus a pixel for rounding loses nothing that rounds to a level.
            let margin = shadow.sigma > 0 ? Int((4 * shadow.sigma).rounded(.up)) + 1 : 0
            let ink = try layout.inkRect(stroke: shape, cache: cache)
            guard !ink.isEmpty else { continue }
            let grown = PixelRect(x: ink.x - margin, y: ink.y - margin, width: ink.width + 2 * margin, height: ink.height + 2 * margin)
            // Clipped to the label (not to the visible part of the destination): the blur then sees
            // the same mask however the label is cropped, so a partly visible label is exactly
            // the crop of the whole one.
            let labelInLayout = PixelRect(x: -origin.x - shift.x - margin, y: -origin.y - shift.y - margin,
                                          width: Int(label.size.width.rounded(.up)) + 2 * margin,
                                          height: Int(label.size.height.rounded(.up)) + 2 * margin)
            let region = grown.intersection(labelInLayout)
            guard !region.isEmpty else { continue }
            let mask = try layout.mask(region: region, stroke: shape, cache: cache)
            if shadow.sigma > 0 {
                let blur = try GaussianBlur(sigma: shadow.sigma)
                try mask.image.withBuffer { try blur.apply(in: $0) }
            }
            layers.append(LabelLayer(paint: .color(shadow.color), mask: mask.image,
                                     at: (region.x + origin.x + shift.x, region.y + origin.y + shift.y)))
        }
        return layers
    }

    func strokeLayers(on canvas: LabelCanvas) throws -> [LabelLayer] {
        guard let stroke = label.stroke else { return [] }
        let textStroke = stroke.textStroke
        let ink = try layout.inkRect(stroke: textStroke, cache: cache)
        let region = ink.intersection(visibleLayoutRect(canvas))
        guard !region.isEmpty else { return [] }
        let mask = try layout.mask(region: region, stroke: textStroke, cache: cache)
        return [LabelLayer(paint: try paint(stroke.paint, ink: ink, canvas: canvas), mask: mask.image,
                           at: (region.x + origin.x, region.y + origin.y))]
    }

    func fillLayers(on canvas: LabelCanvas) throws -> [LabelLayer] {
        var layers: [LabelLayer] = []
        let visible = visibleLayoutRect(canvas)
        let ink = try layout.inkRect(cache: cache)
        var fill = label.fill
        if label.isHighlighted, let highlighted = label.highlightedTextColor { fill = .color(highlighted) }
        switch fill {
        case let .gradient(gradient, .lines)?:
            // Each line: its own mask, its own gradient over its own ink.
            for (line, lineInk) in try zip(layout.lineMasks(cache: cache), layout.lineInkRects(cache: cache)) where !lineInk.isEmpty {
                guard !lineInk.intersection(visible).isEmpty else { continue }
                let rect = canvas.destinationRect(inkSpan(lineInk))
                layers.append(LabelLayer(paint: .gradient(try GradientFill(gradient.gradient(in: rect))), mask: line.image,
                                         at: (line.region.x + origin.x, line.region.y + origin.y)))
            }
        case let fill?:
            let region = ink.intersection(visible)
            guard !region.isEmpty else { return [] }
            let mask = try layout.mask(region: region, cache: cache)
            layers.append(LabelLayer(paint: try paint(fill, ink: ink, canvas: canvas), mask: mask.image,
                                     at: (region.x + origin.x, region.y + origin.y)))
        case nil:
            // Plain colours: one mask per distinct run colour (one mask in the common case).
            let region = ink.intersection(visible)
            guard !region.isEmpty else { return [] }
            let attributes = layout.text.attributes
            let colours = attributes.map { $0.color ?? label.textColor }
            for colour in uniqued(colours) {
                let indices = Set(colours.indices.filter { colours[$0] == colour })
                let mask = try layout.mask(region: region, cache: cache,
                                           where: indices.count == colours.count ? nil : { indices.contains($0.attributesIndex) })
                layers.append(LabelLayer(paint: .color(colour), mask: mask.image, at: (region.x + origin.x, region.y + origin.y)))
            }
        }
        return layers
    }

    /// A layout-pixel rectangle as a label-space rectangle.
    private func labelRect(_ r: PixelRect) -> Rect {
        Rect(x: Double(r.x + origin.x), y: Double(r.y + origin.y), width: Double(r.width), height: Double(r.height))
    }

    /// The rectangle an ink gradient spans: from the centre of the first inked pixel column (and
    /// row) to the centre of the last, so the outermost inked pixels get the end colours exactly
    /// (gradients are sampled at pixel centres).
    private func inkSpan(_ r: PixelRect) -> Rect {
        let full = labelRect(r)
        let dx = r.width > 1 ? 0.5 : 0, dy = r.height > 1 ? 0.5 : 0
        return Rect(x: full.x + dx, y: full.y + dy, width: full.width - 2 * dx, height: full.height - 2 * dy)
    }

    /// The SheenRaster paint for a label paint whose ink (layout pixels) is `ink`.
    private func paint(_ paint: LabelPaint, ink: PixelRect, canvas: LabelCanvas) throws -> Paint {
        switch paint {
        case let .color(c):
            return .color(c)
        case let .gradient(gradient, extent):
            let rect: Rect
            switch extent {
            case .ink, .lines: rect = inkSpan(ink)
            case .typographic: rect = layout.textRect.offsetBy(dx: Double(origin.x), dy: Double(origin.y))
            case .frame: rect = Rect(x: 0, y: 0, width: label.size.width, height: label.size.height)
            }
            return .gradient(try GradientFill(gradient.gradient(in: canvas.destinationRect(rect))))
        }
    }

    private func uniqued(_ colours: [Color]) -> [Color] {
        var out: [Color] = []
        for c in colours where !out.contains(c) { out.append(c) }
        return out
    }
}
