import SheenRaster

/// An A8 coverage mask of laid-out text and where it lies in layout coordinates.
public struct TextMask: Sendable {
    /// The coverage, `region.width × region.height` A8 pixels.
    public let image: Image
    /// The layout pixels the mask covers: its pixel (0, 0) is layout pixel (region.x, region.y).
    public let region: PixelRect
}

extension TextLayout {
    /// The text's glyphs rasterised once (filled, or stroked with `stroke`) and placed: the source
    /// of every ink rectangle and mask below. Renderers that need several of them for one text
    /// (ink bounds, then a mask, then per-line masks) should ask for this once and use it.
    public func coverage(stroke: TextStroke? = nil, cache: GlyphCache = .shared) throws(TextError) -> TextCoverage {
        try TextCoverage(layout: self, stroke: stroke, cache: cache)
    }

    /// The bounding box of the coverage drawn (every non-zero mask pixel lies inside it, and each
    /// edge touches one), in layout pixels; empty (zero size) when nothing draws. With `stroke`,
    /// the stroke's ink.
    public func inkRect(stroke: TextStroke? = nil, cache: GlyphCache = .shared) throws(TextError) -> PixelRect {
        try coverage(stroke: stroke, cache: cache).inkRect
    }

    /// `inkRectInChunks(stroke:cache:)` measured once per layout and kept with it (a text field
    /// asks on every query; the layout cache hands back the same layout).
    package func memoisedInkRect(stroke: TextStroke? = nil, cache: GlyphCache = .shared) throws(TextError) -> PixelRect {
        if let kept = caretMemo.withLock({ $0.inks[stroke] }) { return kept }
        let made = try inkRectInChunks(stroke: stroke, cache: cache)
        caretMemo.withLock { $0.inks[stroke] = made }
        return made
    }

    /// `inkRect(stroke:cache:)` without holding every glyph's coverage at once: the glyphs are
    /// rasterised (or looked up) and measured `chunk` at a time, so the ink of a megabyte of text
    /// costs the memory of a few thousand glyphs' entries, not of a million.
    package func inkRectInChunks(stroke: TextStroke? = nil, cache: GlyphCache = .shared, chunk: Int = 4096) throws(TextError) -> PixelRect {
        try TextCoverage.inkRect(of: self, stroke: stroke, cache: cache, chunk: chunk)
    }

    /// The ink rectangle of each line (see `inkRect`), in line order.
    public func lineInkRects(stroke: TextStroke? = nil, cache: GlyphCache = .shared) throws(TextError) -> [PixelRect] {
        try coverage(stroke: stroke, cache: cache).lineInkRects
    }

    /// The layout's bounds as pixels: the bounds size where given, else the text rect's extent
    /// from the origin, rounded up to whole pixels.
    public var pixelBounds: PixelRect {
        let w = bounds.width > 0 ? bounds.width : max(0, textRect.maxX)
        let h = bounds.height > 0 ? bounds.height : max(0, textRect.maxY)
        return PixelRect(x: 0, y: 0, width: Int(w.rounded(.up)), height: Int(h.rounded(.up)))
    }

    /// A new A8 mask of the text over `region` (layout pixels; `pixelBounds` by default — glyph
    /// ink outside it is left out; pass `try inkRect()` to get all of it). Overlapping glyphs
    /// (marks, tight kerning) unite as sourceOver does. With `stroke` the mask is the stroke's;
    /// `include` selects glyphs (for instance one attribute run's, to colour it separately).
    public func mask(region: PixelRect? = nil, stroke: TextStroke? = nil, cache: GlyphCache = .shared,
                     where include: ((LaidOutGlyph) -> Bool)? = nil) throws(TextError) -> TextMask {
        // Only the selected glyphs are looked up or rasterised.
        try TextCoverage(layout: self, stroke: stroke, cache: cache, include: include).mask(region: region ?? pixelBounds)
    }

    /// Unites the text's coverage with an existing A8 `buffer`, layout pixel (0, 0) at buffer
    /// pixel `origin` (sourceOver: existing coverage is kept). Only the buffer's pixels are
    /// touched. `stroke` and `include` as in `mask`.
    public func draw(into buffer: RasterBuffer, origin: (x: Int, y: Int) = (0, 0), stroke: TextStroke? = nil,
                     cache: GlyphCache = .shared, where include: ((LaidOutGlyph) -> Bool)? = nil) throws(TextError) {
        guard buffer.format == .a8 else { throw TextError.raster(.formatMismatch(expected: .a8, actual: buffer.format)) }
        try TextCoverage(layout: self, stroke: stroke, cache: cache, include: include).draw(into: buffer, origin: origin)
    }

    /// One mask per line, each over that line's ink rectangle (empty lines give empty masks), for
    /// per-line styling such as a gradient spanning each line's own ink.
    public func lineMasks(stroke: TextStroke? = nil, cache: GlyphCache = .shared) throws(TextError) -> [TextMask] {
        let coverage = try coverage(stroke: stroke, cache: cache)
        return try lines.indices.map { (line) throws(TextError) in try coverage.lineMask(line) }
    }
}
