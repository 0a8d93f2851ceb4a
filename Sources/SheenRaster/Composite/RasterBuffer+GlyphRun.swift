// The glyph-run call: many A8 masks through one paint in one call, as an embedding renderer draws
// text (what pixman_composite_glyphs and Blend2D's glyph-run fills offer). The paint is validated
// and converted once, every placement is checked before a pixel is touched; a colour's glyphs are
// then one call of the composite entry (its glyph run), any other paint's one call a glyph.

import CSheenSIMD

/// One glyph of a run: its A8 coverage mask and the destination pixel its top-left lands on.
public struct GlyphPlacement: Sendable {
    /// The glyph's coverage (A8).
    public var mask: ReadOnlyRasterBuffer
    /// Destination column of the mask's left edge (may be negative or past the buffer: clipped).
    public var x: Int
    /// Destination row of the mask's top edge (may be negative or past the buffer: clipped).
    public var y: Int

    /// A glyph at destination pixel (x, y).
    public init(mask: ReadOnlyRasterBuffer, x: Int, y: Int) {
        self.mask = mask; self.x = x; self.y = y
    }
}

extension RasterBuffer {
    /// Composites `paint` through every glyph's mask at its position, in order, with `operator`:
    /// the same bytes as one `composite(_:operator:coverage:)` call per glyph with
    /// `.mask(glyph.mask, x: glyph.x, y: glyph.y)`, at a fraction of the cost for small glyphs.
    ///
    /// Throws `RasterError` — destination untouched — for what a single call would refuse (see
    /// `composite(_:operator:coverage:)`), for any glyph: a mask that is not A8, or a placement
    /// whose extent overflows `Int`. Every glyph is checked before any is drawn.
    public func compositeGlyphs(_ paint: Paint, operator op: CompositeOperator = .sourceOver,
                                _ glyphs: [GlyphPlacement]) throws(RasterError) {
        let level = try Kernels.requestedLevel()
        for glyph in glyphs { _ = try CompositeJob.placement(of: glyph.mask, x: glyph.x, y: glyph.y) }
        guard let whole = try CompositeJob(destination: self, paint: paint, operator: op, coverage: .full) else { return }
        let entry = KernelTable.composite(at: level)
        if let solid = solidPixel(paint, op) {
            // A colour: the glyphs that meet the buffer placed once and drawn in one call of the
            // composite entry (its glyph run: the path chosen once, each glyph clipped there).
            var run = SheenCompositeJob(onto: self, op: op)
            run.dst = base
            run.width = width
            run.height = height
            run.solid = solid
            var placed: [SheenCompositeGlyph] = []
            placed.reserveCapacity(glyphs.count)
            var fits = true
            for glyph in glyphs {
                let m = glyph.mask
                // Outside the buffer: nothing to draw. Inside, a glyph's corner lies within its
                // size of the buffer: 32-bit wherever its size is.
                guard glyph.x < width, glyph.y < height, glyph.x > -m.width, glyph.y > -m.height else { continue }
                guard let x = Int32(exactly: glyph.x), let y = Int32(exactly: glyph.y), let w = Int32(exactly: m.width),
                      let h = Int32(exactly: m.height) else { fits = false; break }
                placed.append(SheenCompositeGlyph(mask: UnsafeRawPointer(m.base).assumingMemoryBound(to: UInt8.self), maskStride: m.bytesPerRow,
                                                  x: x, y: y, width: w, height: h))
            }
            if fits {
                if !placed.isEmpty { placed.withUnsafeBufferPointer { run.glyphs = $0.baseAddress; run.glyphCount = $0.count; runComposite(entry, &run) } }
                return
            }
            // A glyph too large for the run's 32-bit placement: a job a glyph, in order.
            for glyph in glyphs {
                guard var job = solidMaskJob(solid, op, glyph.mask, x: glyph.x, y: glyph.y) else { continue }
                if job.width > 0 { runComposite(entry, &job) }
            }
            return
        }
        for glyph in glyphs {
            whole.through(glyph.mask, x: glyph.x, y: glyph.y)?.runC(entry, level: level)
        }
    }
}
