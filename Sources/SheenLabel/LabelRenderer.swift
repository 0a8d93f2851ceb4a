import SheenRaster
import SheenText

/// One render of a label: its layout, the glyph coverage of each shape it draws — the fill, the
/// stroke's band, each shadow's grown silhouette — rasterised once and shared (a shadow cast by
/// the fill and a 2 px outside stroke is the stroke's own shape, so one mask serves both), and
/// the layers drawn from them. Every layer is made (and every error thrown) before the first
/// pixel of the destination changes.
final class LabelRenderer {
    let label: Label
    let layout: TextLayout
    let cache: GlyphCache
    /// Label pixel of layout pixel (0, 0).
    let origin: (x: Int, y: Int)
    private var coverages: [TextStroke?: TextCoverage] = [:]
    private var masks: [TextStroke?: TextMask] = [:]

    /// Validates the label (once) and lays it out.
    init(label: Label, cache: GlyphCache) throws {
        try label.validate()
        self.label = label
        self.layout = try label.layoutValidated()
        self.cache = cache
        origin = label.textOrigin
    }

    /// The glyph coverage of a shape: the fill (nil) or a stroke band.
    func coverage(_ shape: TextStroke?) throws -> TextCoverage {
        if let c = coverages[shape] { return c }
        let c = try layout.coverage(stroke: shape, cache: cache)
        coverages[shape] = c
        return c
    }

    /// The mask of a shape over its whole ink.
    private func inkMask(_ shape: TextStroke?) throws -> TextMask {
        if let m = masks[shape] { return m }
        let m = try coverage(shape).mask()
        masks[shape] = m
        return m
    }

    /// What casts each shadow: the union of fill and stroke grown by its spread — which is the
    /// glyphs grown by (stroke reach + spread), an outside round stroke — or the fill alone.
    private func shadowShape(_ shadow: LabelShadow) -> TextStroke? {
        let grow = (label.stroke?.textStroke.reach ?? 0) + shadow.spread
        return grow > 0 ? TextStroke(width: grow, placement: .outside, join: label.stroke?.join ?? .round) : nil
    }

    /// Whole-pixel shift of a shadow.
    private func shift(_ shadow: LabelShadow) -> (x: Int, y: Int) {
        (Int(shadow.offset.x.rounded()), Int(shadow.offset.y.rounded()))
    }

    /// The label's pixels that anything is drawn on, in label pixels: the frame (which the
    /// background fills), the ink of fill and stroke, and every shadow's blurred extent (its
    /// shape's ink grown by the blur's ⌈3σ⌉ margins and moved by its offset). Needs the glyphs'
    /// coverage but no blur.
    func drawnBounds() throws -> PixelRect {
        var bounds = label.frame
        if label.clipsToBounds { return bounds }
        for shadow in label.allShadows where shadow.color.alpha > 0 {
            let ink = try coverage(shadowShape(shadow)).inkRect
            guard !ink.isEmpty else { continue }
            let m = try GaussianBlur(sigma: shadow.sigma).margins
            let s = shift(shadow)
            bounds = bounds.union(ink.insetBy(dx: -m.x, dy: -m.y).offsetBy(dx: origin.x + s.x, dy: origin.y + s.y))
        }
        if let stroke = label.stroke { bounds = bounds.union(try coverage(stroke.textStroke).inkRect.offsetBy(dx: origin.x, dy: origin.y)) }
        return bounds.union(try coverage(nil).inkRect.offsetBy(dx: origin.x, dy: origin.y))
    }

    /// Draws the label into `buffer` with label pixel (0, 0) at buffer pixel `at`.
    func render(into buffer: RasterBuffer, at: (x: Int, y: Int)) throws {
        guard buffer.format != .a8 else {
            throw RasterError.formatMismatch(expected: .rgba8Premultiplied, actual: buffer.format)
        }
        // A label this far away cannot reach any buffer (its frame, ink and shadows span far less
        // than 2^40 px), and nothing below may overflow.
        let far = 1 << 40
        guard at.x > -far, at.x < far, at.y > -far, at.y < far else { return }
        var area = buffer.bounds
        if label.clipsToBounds { area = area.intersection(label.frame.offsetBy(dx: at.x, dy: at.y)) }
        guard !area.isEmpty else { return }
        let canvas = LabelCanvas(destination: buffer.cropped(to: area), offset: (at.x - area.x, at.y - area.y),
                                 alpha: label.isEnabled ? 255 : 128)
        // Everything that can fail (masks, blurs, gradients) runs before the first pixel changes.
        var layers = try shadowLayers(on: canvas)
        if label.stroke?.placement == .outside {
            layers += try strokeLayers(on: canvas) + fillLayers(on: canvas)
        } else {
            // A centred or inside band is drawn over the fill, so all of its width shows
            // (CoreGraphics' fill-then-stroke).
            layers += try fillLayers(on: canvas) + strokeLayers(on: canvas)
        }
        if let backgroundColor = label.backgroundColor {
            let frame = label.frame.offsetBy(dx: canvas.offset.x, dy: canvas.offset.y)
                .intersection(canvas.destination.bounds)
            if !frame.isEmpty {
                try canvas.destination.cropped(to: frame).composite(.color(backgroundColor), coverage: .alpha(canvas.alpha))
            }
        }
        for layer in layers { try canvas.composite(layer) }
    }

    /// Each shadow: its shape's mask blurred into an image grown by the blur's margins, then
    /// composited in the shadow's own colour at its (rounded) offset. The whole shape is blurred
    /// even when the label is partly visible, so a cropped label is exactly the crop of the whole.
    private func shadowLayers(on canvas: LabelCanvas) throws -> [LabelLayer] {
        var layers: [LabelLayer] = []
        for shadow in label.allShadows where shadow.color.alpha > 0 {
            let mask = try inkMask(shadowShape(shadow))
            guard !mask.region.isEmpty else { continue }
            let blur = try GaussianBlur(sigma: shadow.sigma)
            let s = shift(shadow), m = blur.margins
            let at = (x: mask.region.x + origin.x + s.x - m.x, y: mask.region.y + origin.y + s.y - m.y)
            let extent = PixelRect(x: at.x, y: at.y, width: mask.region.width + 2 * m.x, height: mask.region.height + 2 * m.y)
            guard canvas.shows(extent) else { continue }
            let image = shadow.sigma > 0 ? try mask.image.withReadOnlyBuffer { try blur.grown($0).image } : mask.image
            layers.append(LabelLayer(paint: .color(shadow.color), mask: image, at: at))
        }
        return layers
    }

    private func strokeLayers(on canvas: LabelCanvas) throws -> [LabelLayer] {
        guard let stroke = label.stroke else { return [] }
        let mask = try inkMask(stroke.textStroke)
        guard canvas.shows(mask.region.offsetBy(dx: origin.x, dy: origin.y)) else { return [] }
        return [LabelLayer(paint: try paint(stroke.paint, ink: mask.region, canvas: canvas), mask: mask.image,
                           at: (mask.region.x + origin.x, mask.region.y + origin.y))]
    }

    private func fillLayers(on canvas: LabelCanvas) throws -> [LabelLayer] {
        var fill = label.fill
        if label.isHighlighted, let highlighted = label.highlightedTextColor { fill = .color(highlighted) }
        let coverage = try coverage(nil)
        switch fill {
        case let .gradient(gradient, .lines)?:
            // Each line: its own mask, its own gradient over its own ink.
            var layers: [LabelLayer] = []
            for (line, ink) in coverage.lineInkRects.enumerated() where !ink.isEmpty {
                guard canvas.shows(ink.offsetBy(dx: origin.x, dy: origin.y)) else { continue }
                let mask = try coverage.lineMask(line)
                let rect = canvas.destinationRect(inkSpan(ink))
                layers.append(LabelLayer(paint: .gradient(try GradientFill(gradient.gradient(in: rect))), mask: mask.image,
                                         at: (ink.x + origin.x, ink.y + origin.y)))
            }
            return layers
        case let fill?:
            let mask = try inkMask(nil)
            guard canvas.shows(mask.region.offsetBy(dx: origin.x, dy: origin.y)) else { return [] }
            return [LabelLayer(paint: try paint(fill, ink: mask.region, canvas: canvas), mask: mask.image,
                               at: (mask.region.x + origin.x, mask.region.y + origin.y))]
        case nil:
            // Plain colours: one mask per distinct run colour (one mask in the common case).
            let ink = coverage.inkRect
            guard canvas.shows(ink.offsetBy(dx: origin.x, dy: origin.y)) else { return [] }
            let colours = layout.text.attributes.map { $0.color ?? label.textColor }
            var layers: [LabelLayer] = []
            for colour in uniqued(colours) {
                let indices = Set(colours.indices.filter { colours[$0] == colour })
                let mask = indices.count == colours.count ? try inkMask(nil)
                    : try coverage.mask(region: ink) { indices.contains($0.attributesIndex) }
                layers.append(LabelLayer(paint: .color(colour), mask: mask.image, at: (ink.x + origin.x, ink.y + origin.y)))
            }
            return layers
        }
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

/// One mask to composite in one paint: a shadow, the stroke, or (part of) the fill. `at` is the
/// label pixel of the mask's pixel (0, 0).
struct LabelLayer {
    let paint: Paint
    let mask: Image
    let at: (x: Int, y: Int)
}

/// Where a label is drawn: the part of the destination it may change, the label's origin
/// relative to it, and the global alpha (128 when disabled).
struct LabelCanvas {
    let destination: RasterBuffer
    /// Label pixel (0, 0) is destination pixel `offset`.
    let offset: (x: Int, y: Int)
    let alpha: UInt8

    /// True when a label-pixel rectangle touches the destination.
    func shows(_ r: PixelRect) -> Bool {
        !r.isEmpty && !r.offsetBy(dx: offset.x, dy: offset.y).intersection(destination.bounds).isEmpty
    }

    /// Composites a layer's paint through its A8 mask (clipped to the destination).
    func composite(_ layer: LabelLayer) throws {
        guard layer.mask.width > 0, layer.mask.height > 0 else { return }
        try layer.mask.withReadOnlyBuffer { m in
            try destination.composite(layer.paint, operator: .sourceOver,
                                      coverage: .mask(m, x: layer.at.x + offset.x, y: layer.at.y + offset.y, alpha: alpha))
        }
    }

    /// A label-space rectangle in destination pixels (for gradient geometry).
    func destinationRect(_ r: Rect) -> Rect { r.offsetBy(dx: Double(offset.x), dy: Double(offset.y)) }
}
