import SheenRaster

/// An A8 coverage mask of laid-out text and where it lies in layout coordinates.
public struct TextMask: Sendable {
    /// The coverage, `region.width × region.height` A8 pixels.
    public let image: Image
    /// The layout pixels the mask covers: its pixel (0, 0) is layout pixel (region.x, region.y).
    public let region: PixelRect
}

extension TextLayout {
    /// One glyph's bitmap and its pixel rectangle in layout coordinates.
    struct PlacedBitmap {
        let bitmap: GlyphBitmap
        let rect: PixelRect
    }

    /// The glyph bitmaps of `glyphs`, placed: pen x rounded to a quarter pixel (the subpixel
    /// bucket), baseline rounded to the nearest whole pixel row.
    func placedBitmaps(_ glyphs: some Sequence<LaidOutGlyph>, stroke: TextStroke?,
                       cache: GlyphCache) throws(TextError) -> [PlacedBitmap] {
        var out: [PlacedBitmap] = []
        for g in glyphs {
            let (bitmap, column) = try cache.bitmap(face: g.face, glyph: g.id, size: g.size, x: g.position.x, stroke: stroke)
            guard !bitmap.isEmpty else { continue }
            let row = Int(g.position.y.rounded())
            out.append(PlacedBitmap(bitmap: bitmap, rect: PixelRect(x: column + bitmap.left, y: row + bitmap.top,
                                                                  width: bitmap.width, height: bitmap.height)))
        }
        return out
    }

    /// The bounding box of the coverage drawn (every non-zero mask pixel lies inside it, and each
    /// edge touches one), in layout pixels; empty (zero size) when nothing draws. With `stroke`,
    /// the stroke's ink.
    public func inkRect(stroke: TextStroke? = nil, cache: GlyphCache = .shared) throws(TextError) -> PixelRect {
        try inkRect(of: lines.lazy.flatMap(\.glyphs), stroke: stroke, cache: cache)
    }

    /// The ink rectangle of each line (see `inkRect`), in line order.
    public func lineInkRects(stroke: TextStroke? = nil, cache: GlyphCache = .shared) throws(TextError) -> [PixelRect] {
        var out: [PixelRect] = []
        for line in lines { out.append(try inkRect(of: line.glyphs, stroke: stroke, cache: cache)) }
        return out
    }

    private func inkRect(of glyphs: some Sequence<LaidOutGlyph>, stroke: TextStroke?,
                         cache: GlyphCache) throws(TextError) -> PixelRect {
        let placed = try placedBitmaps(glyphs, stroke: stroke?.validated(), cache: cache)
        guard let first = placed.first else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        var x0 = first.rect.x, y0 = first.rect.y, x1 = x0 + first.rect.width, y1 = y0 + first.rect.height
        for p in placed.dropFirst() {
            x0 = min(x0, p.rect.x); y0 = min(y0, p.rect.y)
            x1 = max(x1, p.rect.x + p.rect.width); y1 = max(y1, p.rect.y + p.rect.height)
        }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The layout's bounds as pixels: the bounds size where given, else the text rect's extent
    /// from the origin, rounded up to whole pixels.
    public var pixelBounds: PixelRect {
        let w = bounds.width > 0 ? bounds.width : max(0, textRect.maxX)
        let h = bounds.height > 0 ? bounds.height : max(0, textRect.maxY)
        return PixelRect(x: 0, y: 0, width: Int(w.rounded(.up)), height: Int(h.rounded(.up)))
    }

    /// A new A8 mask of the text over `region` (layout pixels; `pixelBounds` by default — glyph
    /// ink outside it is clipped, as a label clips; pass `try inkRect()` to get all of it).
    /// Glyphs are composited sourceOver with SheenRaster's kernels, so overlapping glyphs (marks,
    /// tight kerning) combine as coverage unions. With `stroke` the mask is the stroke's; `include`
    /// selects glyphs (for instance one attribute run's, to colour it separately).
    public func mask(region: PixelRect? = nil, stroke: TextStroke? = nil, cache: GlyphCache = .shared,
                     where include: ((LaidOutGlyph) -> Bool)? = nil) throws -> TextMask {
        let region = region ?? pixelBounds
        guard region.width >= 0, region.height >= 0 else {
            throw RasterError.invalidRect(x: region.x, y: region.y, width: region.width, height: region.height)
        }
        let (pixels, overflow) = region.width.multipliedReportingOverflow(by: region.height)
        guard !overflow, pixels <= Self.maximumMaskPixels else {
            throw TextError.maskTooLarge(width: region.width, height: region.height)
        }
        // −Int.min does not exist: such a region lies beyond every layout pixel's reach anyway,
        // but it must be refused rather than trap.
        for (name, v) in [("region.x", region.x), ("region.y", region.y)] where v == Int.min {
            throw TextError.invalidParameter(name: name, value: Double(v), allowed: "> Int.min")
        }
        let image = try Image(width: region.width, height: region.height, format: .a8)
        try image.withBuffer { buffer in
            try draw(into: buffer, origin: (-region.x, -region.y), stroke: stroke, cache: cache, where: include)
        }
        return TextMask(image: image, region: region)
    }

    /// Composites the text's coverage into an existing A8 `buffer` with layout pixel (0, 0) at
    /// buffer pixel `origin` (sourceOver: existing coverage is kept and united with the text's).
    /// Only the buffer's pixels are touched. `stroke` and `include` as in `mask`.
    public func draw(into buffer: RasterBuffer, origin: (x: Int, y: Int) = (0, 0), stroke: TextStroke? = nil,
                     cache: GlyphCache = .shared, where include: ((LaidOutGlyph) -> Bool)? = nil) throws {
        try draw(lines.lazy.flatMap(\.glyphs).filter { include?($0) ?? true }, into: buffer, origin: origin,
                 stroke: stroke, cache: cache)
    }

    private func draw(_ glyphs: some Sequence<LaidOutGlyph>, into buffer: RasterBuffer, origin: (x: Int, y: Int),
                      stroke: TextStroke?, cache: GlyphCache) throws {
        guard buffer.format == .a8 else { throw RasterError.formatMismatch(expected: .a8, actual: buffer.format) }
        let placed = try placedBitmaps(glyphs, stroke: stroke?.validated(), cache: cache)
        let white = Paint.premultiplied(SIMD4<UInt8>(255, 255, 255, 255))
        for p in placed {
            // A position beyond Int's range is outside every buffer; then x < width bounds x + w.
            let (x, xOver) = p.rect.x.addingReportingOverflow(origin.x)
            let (y, yOver) = p.rect.y.addingReportingOverflow(origin.y)
            if xOver || yOver || x >= buffer.width || y >= buffer.height { continue }
            // Skip glyphs entirely outside the buffer without building a view.
            if x + p.rect.width <= 0 || y + p.rect.height <= 0 { continue }
            try p.bitmap.pixels.withUnsafeBytes { bytes in
                let view = try ReadOnlyRasterBuffer(base: bytes.baseAddress!, width: p.rect.width, height: p.rect.height,
                                                    bytesPerRow: p.rect.width, format: .a8)
                try buffer.composite(white, operator: .sourceOver, coverage: .mask(view, x: x, y: y))
            }
        }
    }

    /// One mask per line, each over that line's ink rectangle (empty lines give empty masks), for
    /// per-line styling such as a gradient spanning each line's own ink.
    public func lineMasks(stroke: TextStroke? = nil, cache: GlyphCache = .shared) throws -> [TextMask] {
        var out: [TextMask] = []
        for (i, rect) in try lineInkRects(stroke: stroke, cache: cache).enumerated() {
            let line = lines[i]
            let image = try Image(width: rect.width, height: rect.height, format: .a8)
            try image.withBuffer { buffer in
                try draw(line.glyphs, into: buffer, origin: (-rect.x, -rect.y), stroke: stroke, cache: cache)
            }
            out.append(TextMask(image: image, region: rect))
        }
        return out
    }
}
