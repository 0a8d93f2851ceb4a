import SheenRaster

/// The coverage of a laid-out text, rasterised once: every inked glyph's bitmap placed in layout
/// pixels, and the ink rectangles of the whole text and of each line. Masks of any region, of one
/// line or of chosen glyphs, and draws into existing A8 buffers, are all composed from these
/// bitmaps without asking the glyph cache again — so a renderer that needs the ink rectangle, a
/// mask and a per-line mask of the same text rasterises (or looks up) each glyph once.
///
/// Make one per stroke with `TextLayout.coverage(stroke:cache:)`: nil for the fill, or a
/// `TextStroke` for its band.
public struct TextCoverage: Sendable {
    /// One inked glyph — or an underline or strikethrough — its line, and its pixels in layout
    /// coordinates.
    public struct Glyph: Sendable {
        /// The laid-out glyph this coverage came from. For a decoration, a stand-in describing its
        /// segment: glyph 0 of the segment's face, the pen at the segment's start, the segment's
        /// width as advance, its attributes and its first glyph's source offset (so selecting glyphs
        /// by attributes or offsets selects the decorations of the same runs).
        public let glyph: LaidOutGlyph
        /// nil for a glyph; `.underline` or `.strikethrough` for a decoration's line.
        public var decoration: DecorationRect.Kind? { decorationStyle?.kind }
        /// The decoration's own colour (nil: painted like the text, or not a decoration).
        public var decorationColor: Color? { decorationStyle?.color }
        /// What a decoration is, boxed: glyphs (nearly every entry) carry one nil reference, so
        /// the entries a render copies and filters stay small.
        let decorationStyle: DecorationStyle?
        /// Index of the glyph's line in `TextLayout.lines`.
        public let line: Int
        /// The glyph's coverage pixels, trimmed to its ink.
        public let bitmap: GlyphBitmap
        /// Where `bitmap` lies, in layout pixels.
        public let rect: PixelRect
    }

    /// The stroke this coverage is of; nil for the fill.
    public let stroke: TextStroke?
    /// Every glyph that draws something, in layout order (line by line, left to right within a line).
    public let glyphs: [Glyph]
    /// The bounding box of all coverage (every non-zero mask pixel lies inside it and each edge
    /// touches one), in layout pixels; empty (zero size at the origin) when nothing draws.
    public let inkRect: PixelRect
    /// The ink rectangle of each line (see `inkRect`), in line order.
    public let lineInkRects: [PixelRect]
    /// The glyphs the font could not draw (a corrupt outline, a colour bitmap whose header
    /// disagrees with its metrics), each with the error: they draw nothing, and the rest of the
    /// text draws. Empty when every glyph drew.
    public let failedGlyphs: [(glyph: LaidOutGlyph, error: TextError)]

    /// Places the glyphs of `layout` (filled, or stroked by `stroke`; only those `include` accepts)
    /// from `cache`: pen x rounded to a quarter pixel (the subpixel bucket; a whole pixel with full
    /// hinting), baseline rounded to the nearest whole pixel row; glyphs hinted as the layout's
    /// options say.
    init(layout: TextLayout, stroke: TextStroke?, cache: GlyphCache,
         include: ((LaidOutGlyph) -> Bool)? = nil) throws(TextError) {
        let stroke = try stroke?.validated()
        self.stroke = stroke
        // Two plain arrays rather than one of tuples: copies of a concrete struct, not generic
        // tuple witnesses, on the path every render takes.
        var laidOut: [LaidOutGlyph] = [], lineOf: [Int] = []
        for (i, line) in layout.lines.enumerated() {
            for g in line.glyphs where include?(g) ?? true { laidOut.append(g); lineOf.append(i) }
        }
        var failures: [(index: Int, error: TextError)] = []
        var glyphs = try Self.place(laidOut, lines: lineOf, stroke: stroke, hinting: layout.options.hinting, cache: cache,
                                    failures: &failures)
        failedGlyphs = failures.map { (laidOut[$0.index], $0.error) }
        glyphs += Self.decorations(of: layout, stroke: stroke, include: include)
        var lineInk = [PixelRect?](repeating: nil, count: layout.lines.count)
        var ink: PixelRect?
        for g in glyphs {
            lineInk[g.line] = lineInk[g.line].map { $0.union(g.rect) } ?? g.rect
            ink = ink.map { $0.union(g.rect) } ?? g.rect
        }
        self.glyphs = glyphs
        let none = PixelRect(x: 0, y: 0, width: 0, height: 0)
        inkRect = ink ?? none
        lineInkRects = lineInk.map { $0 ?? none }
    }

    /// The ink rectangle of `layout`'s coverage (as `inkRect` of a coverage of all of it), in
    /// time linear in the glyphs and memory independent of their number: a glyph's ink depends on
    /// its cache key alone (face, size, glyph, subpixel bucket, stroke) and its column and
    /// baseline, so each key's ink box is found once — the glyphs not yet seen looked up or
    /// rasterised `chunk` at a time — and every other glyph is a dictionary lookup, not a bitmap
    /// entry made and dropped.
    static func inkRect(of layout: TextLayout, stroke: TextStroke?, cache: GlyphCache, chunk: Int) throws(TextError) -> PixelRect {
        let stroke = try stroke?.validated()
        let hinting = layout.options.hinting
        let strokeKey = GlyphCache.strokeKey(stroke, hinting: hinting)
        var ink: PixelRect?
        func add(_ r: PixelRect) { ink = ink.map { $0.union(r) } ?? r }
        for d in Self.decorations(of: layout, stroke: stroke, include: nil) { add(d.rect) }
        /// Each key's ink box from its column and rounded baseline; nil for a key that draws nothing.
        var boxes: [GlyphCache.Key: PixelRect?] = [:]
        var unseen: [LaidOutGlyph] = []
        unseen.reserveCapacity(chunk)
        func measureUnseen() throws(TextError) {
            var failures: [(index: Int, error: TextError)] = []
            let placed = try cache.bitmaps(unseen, stroke: stroke, hinting: hinting, failures: &failures)
            for (g, p) in zip(unseen, placed) {
                // A glyph the font cannot draw has an empty bitmap: it draws nothing, here as in a mask.
                let box = Self.box(of: p.bitmap)
                boxes[GlyphCache.key(of: g, strokeKey: strokeKey, hinting: hinting).key] = .some(box)
                if let box { add(Self.rect(box, column: p.column, g)) }
            }
            unseen.removeAll(keepingCapacity: true)
        }
        for line in layout.lines {
            for g in line.glyphs {
                let (key, column) = GlyphCache.key(of: g, strokeKey: strokeKey, hinting: hinting)
                if let known = boxes[key] {
                    if let box = known { add(Self.rect(box, column: column, g)) }
                } else {
                    unseen.append(g)
                    if unseen.count >= max(1, chunk) { try measureUnseen() }
                }
            }
        }
        if !unseen.isEmpty { try measureUnseen() }
        return ink ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
    }

    /// The entries of the glyphs `laidOut` (line `lines[k]` for glyph k) that draw something,
    /// looked up or rasterised in `cache` and placed: pen x in the cache's subpixel bucket,
    /// baseline rounded to the nearest whole pixel row. Glyphs the font cannot draw go to `failures`.
    private static func place(_ laidOut: [LaidOutGlyph], lines: [Int], stroke: TextStroke?, hinting: Hinting, cache: GlyphCache,
                              failures: inout [(index: Int, error: TextError)]) throws(TextError) -> [Glyph] {
        let placed = try cache.bitmaps(laidOut, stroke: stroke, hinting: hinting, failures: &failures)
        var glyphs: [Glyph] = []
        glyphs.reserveCapacity(placed.count)
        for k in placed.indices {
            guard let box = box(of: placed[k].bitmap) else { continue }
            glyphs.append(Glyph(glyph: laidOut[k], decorationStyle: nil, line: lines[k], bitmap: placed[k].bitmap,
                                rect: rect(box, column: placed[k].column, laidOut[k])))
        }
        return glyphs
    }

    /// A bitmap's ink box relative to its column and baseline; nil when it draws nothing.
    private static func box(of bitmap: GlyphBitmap) -> PixelRect? {
        bitmap.isEmpty ? nil : PixelRect(x: bitmap.left, y: bitmap.top, width: bitmap.width, height: bitmap.height)
    }

    /// Where the ink `box` of `g`'s bitmap lies in layout pixels, drawn from whole pixel column
    /// `column` (`GlyphCache.key(of:strokeKey:hinting:)`), the baseline rounded to a whole row.
    private static func rect(_ box: PixelRect, column: Int, _ g: LaidOutGlyph) -> PixelRect {
        PixelRect(x: column + box.x, y: Int(g.position.y.rounded()) + box.y, width: box.width, height: box.height)
    }

    /// The entries of the underlines and strikethroughs of `layout` that `include` accepts: part
    /// of the text's shape, in the fill, and grown by an outside stroke's reach (as rectangles:
    /// square corners) in its band. Centred and inside bands do not outline them.
    private static func decorations(of layout: TextLayout, stroke: TextStroke?, include: ((LaidOutGlyph) -> Bool)?) -> [Glyph] {
        let grow = stroke.map { $0.placement == .outside ? $0.reach : -1 } ?? 0
        guard grow >= 0, layout.text.attributes.contains(where: { $0.underline != nil || $0.strikethrough != nil }) else { return [] }
        var entries: [Glyph] = []
        for d in layout.decorations where d.kind != .background {
            let segment = layout.lines[d.line].segments[d.segment]
            let standIn = LaidOutGlyph(id: 0, face: segment.face, size: segment.size,
                                       position: Point(segment.x, layout.lines[d.line].baseline - segment.raise),
                                       advance: segment.width, attributesIndex: d.attributesIndex,
                                       sourceOffset: segment.sourceOffset)
            guard include?(standIn) ?? true else { continue }
            let r = d.rect
            let grown = Rect(x: r.x - grow, y: r.y - grow, width: r.width + 2 * grow, height: r.height + 2 * grow)
            guard let (rect, bitmap) = grown.coverageBitmap() else { continue }
            entries.append(Glyph(glyph: standIn, decorationStyle: DecorationStyle(kind: d.kind, color: d.color), line: d.line,
                                 bitmap: bitmap, rect: rect))
        }
        return entries
    }

    /// A new A8 mask of the coverage over `region` (layout pixels; `inkRect` by default, which
    /// holds all of it). `include` selects glyphs (for instance one attribute run's, to colour it
    /// separately). Overlapping glyphs (marks, tight kerning, italic overhangs) unite as
    /// sourceOver does: c + d·(1 − c).
    /// Throws `TextError.raster(.invalidRect)` for a negative size and `TextError.maskTooLarge` past
    /// `TextLayout.maximumMaskPixels`.
    public func mask(region: PixelRect? = nil, where include: ((LaidOutGlyph) -> Bool)? = nil) throws(TextError) -> TextMask {
        try mask(region: region ?? inkRect, glyphs: glyphs.lazy.filter { include?($0.glyph) ?? true })
    }

    /// A new A8 mask over `region` of the entries `select` accepts (glyphs and decorations alike:
    /// a renderer that draws coloured underlines apart selects on `decoration`).
    public func mask(region: PixelRect, selecting select: (Glyph) -> Bool) throws(TextError) -> TextMask {
        try mask(region: region, glyphs: glyphs.lazy.filter(select))
    }

    /// The bounding box of the entries `select` accepts (empty at the origin when none draws).
    public func inkRect(selecting select: (Glyph) -> Bool) -> PixelRect {
        var ink: PixelRect?
        for g in glyphs where select(g) { ink = ink.map { $0.union(g.rect) } ?? g.rect }
        return ink ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
    }

    /// The bounding box of `entries`, entries of this coverage chosen by the caller (empty at the
    /// origin when none draws): for a renderer that groups the entries once rather than
    /// filtering all of them for every group.
    package func inkRect(of entries: [Glyph]) -> PixelRect {
        var ink: PixelRect?
        for g in entries { ink = ink.map { $0.union(g.rect) } ?? g.rect }
        return ink ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
    }

    /// A new A8 mask over `region` of `entries` (entries of this coverage, in layout order).
    package func mask(region: PixelRect, of entries: [Glyph]) throws(TextError) -> TextMask {
        try mask(region: region, glyphs: entries)
    }

    /// A new A8 mask of line `line`'s coverage over that line's ink rectangle (empty for a line
    /// that draws nothing).
    public func lineMask(_ line: Int) throws(TextError) -> TextMask {
        guard lineInkRects.indices.contains(line) else {
            throw TextError.invalidParameter(name: "line", value: Double(line), allowed: "0..<\(lineInkRects.count)")
        }
        return try mask(region: lineInkRects[line], glyphs: glyphs.lazy.filter { $0.line == line })
    }

    /// Unites the coverage with an existing A8 `buffer`, layout pixel (0, 0) at buffer pixel
    /// `origin` (sourceOver: existing coverage is kept). Only the buffer's pixels are touched.
    public func draw(into buffer: RasterBuffer, origin: (x: Int, y: Int) = (0, 0),
                     where include: ((LaidOutGlyph) -> Bool)? = nil) throws(TextError) {
        guard buffer.format == .a8 else { throw TextError.raster(.formatMismatch(expected: .a8, actual: buffer.format)) }
        CoverageWriter(base: buffer.base, bytesPerRow: buffer.bytesPerRow, width: buffer.width, height: buffer.height,
                       origin: origin, isBlank: false)
            .write(glyphs.lazy.filter { include?($0.glyph) ?? true })
    }

    /// The colour glyphs (emoji) among the entries `select` accepts (all by default), drawn in
    /// their own colours into a new premultiplied RGBA image over their ink, overlaps composited
    /// sourceOver in layout order; nil when there are none. Their coverage is also in every mask
    /// (as alpha), so shadows are cast by them; a renderer paints the mask's other glyphs and
    /// composites this image over them, so no fill or gradient tints an emoji.
    public func colorImage(selecting select: (Glyph) -> Bool = { _ in true }) throws(TextError) -> (image: Image, region: PixelRect)? {
        let colored = glyphs.filter { $0.bitmap.color != nil && select($0) }
        guard let first = colored.first else { return nil }
        let region = colored.dropFirst().reduce(first.rect) { $0.union($1.rect) }
        guard region.width.multipliedReportingOverflow(by: region.height).partialValue <= TextLayout.maximumMaskPixels else {
            throw TextError.maskTooLarge(width: region.width, height: region.height)
        }
        let image = try Image.forText(width: region.width, height: region.height, format: .rgba8Premultiplied)
        image.withBuffer { b in
            for g in colored {
                g.bitmap.color!.withUnsafeBufferPointer { src in
                    for y in 0..<g.rect.height {
                        let d = (b.base + (g.rect.y - region.y + y) * b.bytesPerRow + (g.rect.x - region.x) * 4)
                            .assumingMemoryBound(to: UInt8.self)
                        let s = src.baseAddress! + y * g.rect.width * 4
                        for i in 0..<g.rect.width * 4 {
                            // sourceOver of premultiplied pixels: d = s + d·(255 − sα)/255.
                            let sa = UInt32(s[(i & ~3) + 3])
                            d[i] = UInt8(truncatingIfNeeded: UInt32(s[i]) &+ mulDiv255(UInt32(d[i]), 255 &- sa))
                        }
                    }
                }
            }
        }
        return (image, region)
    }

    private func mask(region: PixelRect, glyphs: some Sequence<Glyph>) throws(TextError) -> TextMask {
        guard region.width >= 0, region.height >= 0 else {
            throw TextError.raster(.invalidRect(x: region.x, y: region.y, width: region.width, height: region.height))
        }
        let (pixels, overflow) = region.width.multipliedReportingOverflow(by: region.height)
        guard !overflow, pixels <= TextLayout.maximumMaskPixels else {
            throw TextError.maskTooLarge(width: region.width, height: region.height)
        }
        // −Int.min does not exist: such a region lies beyond every layout pixel's reach anyway,
        // but it must be refused rather than trap.
        for (name, v) in [("region.x", region.x), ("region.y", region.y)] where v == Int.min {
            throw TextError.invalidParameter(name: name, value: Double(v), allowed: "> Int.min")
        }
        let image = try Image.forText(width: region.width, height: region.height, format: .a8)
        image.withBuffer { buffer in
            CoverageWriter(base: buffer.base, bytesPerRow: buffer.bytesPerRow, width: buffer.width, height: buffer.height,
                           origin: (-region.x, -region.y), isBlank: true).write(glyphs)
        }
        return TextMask(image: image, region: region)
    }
}


/// An underline's or strikethrough's kind and colour, shared by reference.
final class DecorationStyle: Sendable {
    let kind: DecorationRect.Kind
    let color: Color?
    init(kind: DecorationRect.Kind, color: Color?) { self.kind = kind; self.color = color }
}
