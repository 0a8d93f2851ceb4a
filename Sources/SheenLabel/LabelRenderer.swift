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
    /// Per stroke shape, its coverage's entries grouped by the stroke that outlines them (−1: the
    /// label's own stroke; i: run style i's).
    private var strokeGroups: [TextStroke: [Int: [TextCoverage.Glyph]]] = [:]
    /// For each source offset, the run style that fills it and the one that strokes it (−1:
    /// none): found once per render (`runStyleIndex`).
    private lazy var fillStyleOf = runStyleIndex { $0.fill != nil }
    private lazy var strokeStyleOf = runStyleIndex { $0.stroke != nil }

    /// The ink a gradient over the ink spans, per shape (nil: the fill), when `layout` is a window
    /// of a longer one (`TextLayout.keepingGlyphs`): the whole text's, so that colours stay with
    /// the text as it scrolls. nil: the ink of what is drawn.
    private let wholeInks: [TextStroke?: PixelRect]?

    /// Validates the label (once) and lays it out.
    convenience init(label: Label, cache: GlyphCache) throws(LabelError) {
        try label.validate()
        try self.init(validated: label, layout: label.layoutValidated(), cache: cache)
    }

    /// A render of a validated label with a layout made for it: its own or a window of it, then
    /// with `wholeInks` for the shapes whose gradients span the ink.
    init(validated label: Label, layout: TextLayout, cache: GlyphCache, wholeInks: [TextStroke?: PixelRect]? = nil) {
        self.label = label
        self.layout = layout
        self.cache = cache
        self.wholeInks = wholeInks
        origin = label.textOrigin
    }

    /// The glyph coverage of a shape: the fill (nil) or a stroke band.
    func coverage(_ shape: TextStroke?) throws(LabelError) -> TextCoverage {
        if let c = coverages[shape] { return c }
        let c = try liftText(layout.coverage(stroke: shape, cache: cache))
        coverages[shape] = c
        return c
    }

    /// The mask of a shape over its whole ink.
    private func inkMask(_ shape: TextStroke?) throws(LabelError) -> TextMask {
        if let m = masks[shape] { return m }
        let whole = try coverage(shape)
        let m = try liftText(whole.mask())
        masks[shape] = m
        return m
    }

    /// What casts each shadow: the union of fill and stroke grown by its spread — which is the
    /// glyphs grown by (stroke reach + spread), an outside round stroke — or the fill alone.
    private func shadowShape(_ shadow: LabelShadow) -> TextStroke? {
        let grow = (label.stroke?.textStroke.reach ?? 0) + shadow.spread
        return grow > 0 ? TextStroke(width: grow, placement: .outside, join: label.stroke?.join ?? .round) : nil
    }

    /// Glyphs of colour faces (emoji): they have no outline to grow, so in a grown shadow shape
    /// they cast their own silhouette. One test for the region, the trigger and the drawing.
    private static func castsOwnSilhouette(_ g: LaidOutGlyph) -> Bool { g.face.hasColor }

    /// Where a shadow's shape has coverage: the shape's ink, and the colour glyphs' silhouettes.
    private func shadowMaskRegion(_ shape: TextStroke?) throws(LabelError) -> PixelRect {
        let ink = try coverage(shape).inkRect
        guard shape != nil else { return ink }
        let colour = try coverage(nil).inkRect { Self.castsOwnSilhouette($0.glyph) }
        return colour.isEmpty ? ink : ink.isEmpty ? colour : ink.union(colour)
    }

    /// The mask a shadow blurs: its shape, with the emoji's silhouettes united into a grown shape.
    private func shadowMask(_ shape: TextStroke?) throws(LabelError) -> TextMask {
        let fill = try coverage(nil)
        guard shape != nil, fill.glyphs.contains(where: { Self.castsOwnSilhouette($0.glyph) }) else {
            return try inkMask(shape)
        }
        let region = try shadowMaskRegion(shape)
        let shapeCoverage = try coverage(shape)
        let mask = try liftText(shapeCoverage.mask(region: region))
        try mask.image.withBuffer { (buffer) throws(LabelError) in
            try liftText(fill.draw(into: buffer, origin: (-region.x, -region.y), where: Self.castsOwnSilhouette))
        }
        return mask
    }

    /// Whole-pixel shift of a shadow.
    private func shift(_ shadow: LabelShadow) -> (x: Int, y: Int) {
        (Int(shadow.offset.x.rounded()), Int(shadow.offset.y.rounded()))
    }

    /// The label's pixels that anything is drawn on, in label pixels: the frame (which the
    /// background fills), the ink of fill and stroke, and every shadow's blurred extent (its
    /// shape's ink grown by the blur's ⌈3σ⌉ margins and moved by its offset). Needs the glyphs'
    /// coverage but no blur.
    func drawnBounds() throws(LabelError) -> PixelRect {
        var bounds = label.frame
        if label.clipsToFrame { return bounds }
        for shadow in label.allShadows where shadow.color.alpha > 0 {
            let ink = try shadowMaskRegion(shadowShape(shadow))
            guard !ink.isEmpty else { continue }
            let m = try liftRaster(GaussianBlur(sigma: shadow.sigma)).margins
            let s = shift(shadow)
            bounds = bounds.union(ink.insetBy(dx: -m.x, dy: -m.y).offsetBy(dx: origin.x + s.x, dy: origin.y + s.y))
        }
        for (stroke, owner) in strokes() {
            let (cover, entries) = try strokeEntries(stroke, owner: owner)
            bounds = bounds.union(cover.inkRect(of: entries).offsetBy(dx: origin.x, dy: origin.y))
        }
        for layer in try backgroundLayers() { bounds = bounds.union(layer.extent) }
        return bounds.union(try coverage(nil).inkRect.offsetBy(dx: origin.x, dy: origin.y))
    }

    /// Draws the label into `buffer` with label pixel (0, 0) at buffer pixel `at`.
    func render(into buffer: RasterBuffer, at: (x: Int, y: Int)) throws(LabelError) {
        guard buffer.format != .a8 else {
            throw .unsupportedDestination(format: buffer.format)
        }
        // A label this far away cannot reach any buffer (its frame, ink and shadows span far less
        // than 2^40 px), and nothing below may overflow.
        let far = 1 << 40
        guard at.x > -far, at.x < far, at.y > -far, at.y < far else { return }
        var area = buffer.bounds
        if label.clipsToFrame { area = area.intersection(label.frame.offsetBy(dx: at.x, dy: at.y)) }
        let groupAlpha = label.groupAlpha
        guard !area.isEmpty, groupAlpha > 0 else { return }
        guard groupAlpha < 255 else {
            try draw(on: LabelCanvas(destination: buffer.cropped(to: area), offset: (at.x - area.x, at.y - area.y)))
            return
        }
        // Group opacity: the label drawn opaque into a transparent scratch image over the pixels
        // it can change, then that image composited once at the group's alpha.
        area = area.intersection(try drawnBounds().offsetBy(dx: at.x, dy: at.y))
        guard !area.isEmpty else { return }
        let scratch = try liftRaster(Image(width: area.width, height: area.height, format: buffer.format))
        try scratch.withBuffer { (b) throws(LabelError) in
            try draw(on: LabelCanvas(destination: b, offset: (at.x - area.x, at.y - area.y)))
        }
        try liftRaster(scratch.withReadOnlyBuffer { (image) throws(RasterError) in
            try buffer.cropped(to: area).composite(.image(image), operator: .sourceOver, coverage: .alpha(groupAlpha))
        })
    }

    /// Draws every layer on `canvas`, opaque (sourceOver).
    private func draw(on canvas: LabelCanvas) throws(LabelError) {
        // Everything that can fail (masks, blurs, gradients) runs before the first pixel changes.
        // Outside bands under the fill; a centred or inside band over it, so all of its width
        // shows (CoreGraphics' fill-then-stroke).
        var layers = try backgroundLayers() + shadowLayers(on: canvas)
        layers += try strokeLayers(on: canvas) { $0 == .outside }
        layers += try fillLayers(on: canvas)
        layers += try strokeLayers(on: canvas) { $0 != .outside }
        if let backgroundColor = label.backgroundColor {
            let frame = label.frame.offsetBy(dx: canvas.offset.x, dy: canvas.offset.y)
                .intersection(canvas.destination.bounds)
            if !frame.isEmpty {
                try liftRaster(canvas.destination.cropped(to: frame).composite(.color(backgroundColor)))
            }
        }
        for layer in layers { try canvas.composite(layer) }
    }

    /// Each shadow: its shape's mask blurred into an image grown by the blur's margins, then
    /// composited in the shadow's own colour at its (rounded) offset. The whole shape is blurred
    /// even when the label is partly visible, so a cropped label is exactly the crop of the whole.
    private func shadowLayers(on canvas: LabelCanvas) throws(LabelError) -> [LabelLayer] {
        var layers: [LabelLayer] = []
        // Shadows of one shape and σ (a glow in two colours, a shadow repeated at several offsets)
        // share one blurred mask: memory grows with the distinct shadows, not with their number.
        struct Blurred: Hashable { let shape: TextStroke?; let sigma: Double }
        var blurred: [Blurred: Image] = [:]
        for shadow in label.allShadows where shadow.color.alpha > 0 {
            let shape = shadowShape(shadow)
            let mask = try shadowMask(shape)
            guard !mask.region.isEmpty else { continue }
            let blur = try liftRaster(GaussianBlur(sigma: shadow.sigma))
            let s = shift(shadow), m = blur.margins
            let at = (x: mask.region.x + origin.x + s.x - m.x, y: mask.region.y + origin.y + s.y - m.y)
            let extent = PixelRect(x: at.x, y: at.y, width: mask.region.width + 2 * m.x, height: mask.region.height + 2 * m.y)
            guard canvas.shows(extent) else { continue }
            let key = Blurred(shape: shape, sigma: shadow.sigma)
            let image: Image
            if let made = blurred[key] {
                image = made
            } else {
                image = shadow.sigma > 0 ? try liftRaster(mask.image.withReadOnlyBuffer { (m) throws(RasterError) in try blur.grown(m).image }) : mask.image
                blurred[key] = image
            }
            layers.append(LabelLayer(paint: .color(shadow.color), mask: image, at: at))
        }
        return layers
    }

    /// `runStyleIndex(of:count:)` of the label's run styles that `has` accepts, over the source
    /// offsets of the laid-out text.
    private func runStyleIndex(_ has: (LabelRunStyle) -> Bool) -> [Int] {
        guard !label.runStyles.isEmpty else { return [] }
        var count = 0
        for line in layout.lines { for g in line.glyphs { count = max(count, g.sourceOffset + 1) } }
        return Self.runStyleIndex(of: label.runStyles.map { has($0) ? $0.range : nil }, count: count)
    }

    /// For each offset in 0..<count, the index of the last of `ranges` that holds it (nil ranges
    /// hold nothing), −1 for none. Ranges are visited from the last, and each offset is assigned
    /// once — `next` skips the assigned ones — so the cost is linear in `count` and the number of
    /// ranges however they overlap (a style scanning every glyph, and a glyph every style, made
    /// 10⁴ run styles cost hours).
    static func runStyleIndex(of ranges: [Range<Int>?], count: Int) -> [Int] {
        var index = [Int](repeating: -1, count: max(count, 0))
        guard count > 0 else { return index }
        // next[i]: the first offset ≥ i not yet assigned (count when none), path-compressed.
        var next = Array(0 ... count)
        func unassigned(from i: Int) -> Int {
            var root = i
            while next[root] != root { root = next[root] }
            var j = i
            while next[j] != root { (j, next[j]) = (next[j], root) }
            return root
        }
        for s in ranges.indices.reversed() {
            guard let range = ranges[s] else { continue }
            let lo = max(range.lowerBound, 0), hi = min(range.upperBound, count)
            guard lo < hi else { continue }
            var i = unassigned(from: lo)
            while i < hi {
                index[i] = s
                next[i] = i + 1
                i = unassigned(from: i + 1)
            }
        }
        return index
    }

    /// The run style of `index` (`fillStyleOf` or `strokeStyleOf`) a coverage entry takes, or nil
    /// for the label's own.
    private func runStyle(of entry: TextCoverage.Glyph, _ index: [Int]) -> Int? {
        let offset = entry.glyph.sourceOffset
        guard offset >= 0, offset < index.count, index[offset] >= 0 else { return nil }
        return index[offset]
    }

    /// `entries` grouped by `key` (entries whose key is nil left out), each group in layout order,
    /// and the keys in the order of their first entry.
    private func grouped<Key: Hashable>(_ entries: [TextCoverage.Glyph], by key: (TextCoverage.Glyph) -> Key?)
        -> (keys: [Key], groups: [Key: [TextCoverage.Glyph]]) {
        var keys: [Key] = [], groups: [Key: [TextCoverage.Glyph]] = [:]
        for g in entries {
            guard let k = key(g) else { continue }
            if groups[k] == nil { keys.append(k) }
            groups[k, default: []].append(g)
        }
        return (keys, groups)
    }

    /// Every stroke drawn and whose glyphs it outlines: the label's stroke (`owner` nil: the
    /// glyphs no run style strokes), then each run style's (`owner`: its index).
    private func strokes() -> [(stroke: LabelStroke, owner: Int?)] {
        var out: [(stroke: LabelStroke, owner: Int?)] = []
        if let stroke = label.stroke { out.append((stroke, nil)) }
        for (i, style) in label.runStyles.enumerated() {
            if let stroke = style.stroke { out.append((stroke, i)) }
        }
        return out
    }

    /// The coverage of `stroke`'s band and the entries of it that the stroke of `owner` outlines
    /// (the coverage's entries grouped once per band).
    private func strokeEntries(_ stroke: LabelStroke, owner: Int?) throws(LabelError)
        -> (coverage: TextCoverage, entries: [TextCoverage.Glyph]) {
        let shape = stroke.textStroke
        let cover = try coverage(shape)
        if strokeGroups[shape] == nil {
            let index = strokeStyleOf
            strokeGroups[shape] = grouped(cover.glyphs) { self.runStyle(of: $0, index) ?? -1 }.groups
        }
        return (cover, strokeGroups[shape]?[owner ?? -1] ?? [])
    }

    /// The strokes whose placement `placement` accepts, each over its own ink.
    private func strokeLayers(on canvas: LabelCanvas, placement: (TextStroke.Placement) -> Bool) throws(LabelError) -> [LabelLayer] {
        var layers: [LabelLayer] = []
        let runStrokes = label.runStyles.contains { $0.stroke != nil }
        for (stroke, owner) in strokes() where placement(stroke.placement) {
            let mask: TextMask
            if runStrokes {
                let (cover, entries) = try strokeEntries(stroke, owner: owner)
                mask = try liftText(cover.mask(region: cover.inkRect(of: entries), of: entries))
            } else {
                mask = try inkMask(stroke.textStroke)
            }
            guard canvas.shows(mask.region.offsetBy(dx: origin.x, dy: origin.y)) else { continue }
            layers.append(LabelLayer(paint: try paint(stroke.paint, ink: wholeInk(stroke.textStroke) ?? mask.region, canvas: canvas), mask: mask.image,
                                     at: (mask.region.x + origin.x, mask.region.y + origin.y)))
        }
        return layers
    }

    /// The fill: the label's paint over the text it paints, then each run style's fill over its
    /// own ink, then underlines and strikethroughs that have their own colours.
    private func fillLayers(on canvas: LabelCanvas) throws(LabelError) -> [LabelLayer] {
        var fill = label.fill
        var highlighted = false
        if label.isHighlighted, let colour = label.highlightedTextColor { fill = .color(colour); highlighted = true }
        let coverage = try coverage(nil)
        // While highlighted the whole text takes the highlight colour, as in UIKit.
        let fillIndex = highlighted ? [] : fillStyleOf
        let runFill = { (g: TextCoverage.Glyph) in self.runStyle(of: g, fillIndex) }
        // Entries drawn in a paint of their own: coloured decorations, run fills, colour glyphs.
        let painted = { (g: TextCoverage.Glyph) in g.decorationColor == nil && g.bitmap.color == nil }
        let apart = coverage.glyphs.contains { !painted($0) || runFill($0) != nil }
        var layers = try labelFillLayers(fill, coverage: coverage, on: canvas,
                                         select: apart ? { painted($0) && runFill($0) == nil } : nil)
        guard apart else { return layers }
        // Each run style's entries, and each decoration colour's, gathered in one pass.
        let byStyle = grouped(coverage.glyphs) { painted($0) ? runFill($0) : nil }.groups
        for (i, style) in label.runStyles.enumerated() {
            guard let paint = style.fill, let entries = byStyle[i] else { continue }
            if let layer = try layer(coverage, entries, on: canvas, paint: { (ink) throws(LabelError) in try self.paint(paint, ink: ink, canvas: canvas) }) {
                layers.append(layer)
            }
        }
        let byDecoration = grouped(coverage.glyphs) { $0.decorationColor }
        for colour in byDecoration.keys {
            if let layer = try layer(coverage, byDecoration.groups[colour] ?? [], on: canvas, paint: { _ in .color(colour) }) {
                layers.append(layer)
            }
        }
        // Emoji keep their own colours: never tinted by a fill, a gradient or the highlight.
        if let (image, region) = try liftText(coverage.colorImage()), canvas.shows(region.offsetBy(dx: origin.x, dy: origin.y)) {
            layers.append(LabelLayer(image: image, at: (region.x + origin.x, region.y + origin.y)))
        }
        return layers
    }

    /// One layer of the coverage entries `select` accepts, over their ink, painted by `paint`
    /// (given that ink); nil when they draw nothing the canvas shows.
    private func layer(_ coverage: TextCoverage, _ select: (TextCoverage.Glyph) -> Bool, on canvas: LabelCanvas,
                       paint: (PixelRect) throws(LabelError) -> Paint) throws(LabelError) -> LabelLayer? {
        try layer(coverage, coverage.glyphs.filter(select), on: canvas, paint: paint)
    }

    /// One layer of `entries` (of `coverage`), as above.
    private func layer(_ coverage: TextCoverage, _ entries: [TextCoverage.Glyph], on canvas: LabelCanvas,
                       paint: (PixelRect) throws(LabelError) -> Paint) throws(LabelError) -> LabelLayer? {
        let ink = coverage.inkRect(of: entries)
        guard canvas.shows(ink.offsetBy(dx: origin.x, dy: origin.y)) else { return nil }
        let mask = try liftText(coverage.mask(region: ink, of: entries))
        return LabelLayer(paint: try paint(ink), mask: mask.image, at: (ink.x + origin.x, ink.y + origin.y))
    }

    /// The label's own fill over the entries `select` accepts (all of them when nil, through the
    /// cached whole mask): its paint, a gradient per line, or each run's colour.
    private func labelFillLayers(_ fill: LabelPaint?, coverage: TextCoverage, on canvas: LabelCanvas,
                                 select: ((TextCoverage.Glyph) -> Bool)?) throws(LabelError) -> [LabelLayer] {
        switch fill {
        case let .gradient(gradient, .lines)?:
            // Each line: its own mask, its own gradient over its own ink.
            var layers: [LabelLayer] = []
            func lineGradient(_ ink: PixelRect) throws(LabelError) -> Paint {
                .gradient(try liftRaster(GradientFill(gradient.gradient(in: canvas.destinationRect(inkSpan(wholeInk(nil) ?? ink))))))
            }
            // Each line's entries gathered in one pass.
            let byLine = grouped(coverage.glyphs) { g in select?(g) ?? true ? g.line : nil }.groups
            for (line, ink) in coverage.lineInkRects.enumerated() where !ink.isEmpty {
                guard let entries = byLine[line] else { continue }
                if select != nil {
                    if let made = try layer(coverage, entries, on: canvas, paint: lineGradient) { layers.append(made) }
                } else if canvas.shows(ink.offsetBy(dx: origin.x, dy: origin.y)) {
                    layers.append(LabelLayer(paint: try lineGradient(ink), mask: try liftText(coverage.mask(region: ink, of: entries)).image,
                                             at: (ink.x + origin.x, ink.y + origin.y)))
                }
            }
            return layers
        case let fill?:
            if let select {
                return try layer(coverage, select, on: canvas) { (ink) throws(LabelError) in
                    try self.paint(fill, ink: self.wholeInk(nil) ?? ink, canvas: canvas)
                }.map { [$0] } ?? []
            }
            let mask = try inkMask(nil)
            guard canvas.shows(mask.region.offsetBy(dx: origin.x, dy: origin.y)) else { return [] }
            return [LabelLayer(paint: try paint(fill, ink: wholeInk(nil) ?? mask.region, canvas: canvas), mask: mask.image,
                               at: (mask.region.x + origin.x, mask.region.y + origin.y))]
        case nil:
            // Plain colours: one mask per distinct run colour (one mask in the common case).
            let colours = layout.text.attributes.map { $0.color ?? label.textColor }
            let distinct = uniqued(colours)
            if select == nil && distinct.count == 1 {
                let mask = try inkMask(nil)
                guard canvas.shows(mask.region.offsetBy(dx: origin.x, dy: origin.y)) else { return [] }
                return [LabelLayer(paint: .color(distinct[0]), mask: mask.image,
                                   at: (mask.region.x + origin.x, mask.region.y + origin.y))]
            }
            // Each colour's entries gathered in one pass; layers in the runs' order of colours.
            let byColour = grouped(coverage.glyphs) { g in
                select?(g) ?? true ? colours[g.glyph.attributesIndex] : nil
            }.groups
            var layers: [LabelLayer] = []
            for colour in distinct {
                guard let entries = byColour[colour] else { continue }
                if let made = try layer(coverage, entries, on: canvas, paint: { _ in .color(colour) }) { layers.append(made) }
            }
            return layers
        }
    }

    /// The runs' background colours: per line and colour, touching segments merged into one
    /// rectangle (so no seam shows where attributes change), each drawn with its exact area coverage.
    private func backgroundLayers() throws(LabelError) -> [LabelLayer] {
        var rects: [(colour: Color, line: Int, rect: Rect)] = []
        guard layout.text.attributes.contains(where: { $0.backgroundColor != nil }) else { return [] }
        for d in layout.decorations where d.kind == .background {
            guard let colour = d.color, colour.alpha > 0 else { continue }
            if let last = rects.last, last.colour == colour, last.line == d.line, abs(last.rect.maxX - d.rect.x) < 1e-9 {
                rects[rects.count - 1].rect = Rect(x: last.rect.x, y: last.rect.y, width: d.rect.maxX - last.rect.x,
                                                   height: last.rect.height)
            } else {
                rects.append((colour, d.line, d.rect))
            }
        }
        var layers: [LabelLayer] = []
        for r in rects {
            guard let mask = try liftText(r.rect.coverageMask()) else { continue }
            layers.append(LabelLayer(paint: .color(r.colour), mask: mask.image,
                                     at: (mask.region.x + origin.x, mask.region.y + origin.y)))
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
    /// Of a clipped label (`clipsToFrame`), only the ink inside the frame shows, and a gradient
    /// spans that: the end colour shows at the clip edge instead of on ink cut away.
    private func inkSpan(_ ink: PixelRect) -> Rect {
        var r = ink
        if label.clipsToFrame {
            let shown = ink.intersection(label.frame.offsetBy(dx: -origin.x, dy: -origin.y))
            if !shown.isEmpty { r = shown }
        }
        let full = labelRect(r)
        let dx = r.width > 1 ? 0.5 : 0, dy = r.height > 1 ? 0.5 : 0
        return Rect(x: full.x + dx, y: full.y + dy, width: full.width - 2 * dx, height: full.height - 2 * dy)
    }

    /// The whole text's ink of the label's own fill (nil) or stroke band, when this render draws a
    /// window of the text.
    private func wholeInk(_ shape: TextStroke?) -> PixelRect? { wholeInks?[shape] }

    /// The SheenRaster paint for a label paint whose ink (layout pixels) is `ink`.
    private func paint(_ paint: LabelPaint, ink: PixelRect, canvas: LabelCanvas) throws(LabelError) -> Paint {
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
            return .gradient(try liftRaster(GradientFill(gradient.gradient(in: canvas.destinationRect(rect)))))
        }
    }

    private func uniqued(_ colours: some Sequence<Color>) -> [Color] {
        var out: [Color] = [], seen = Set<Color>()
        for c in colours where seen.insert(c).inserted { out.append(c) }
        return out
    }
}
