import CHarfBuzz


/// A run of one face, bidi level, script and attributes, shaped.
struct ShapedRun {
    /// UTF-16 offsets in the piece, in logical order.
    let range: Range<Int>
    /// Bidi embedding level (odd = right to left).
    let level: UInt8
    /// Attributes index (into the layout's attribute table).
    let attributesIndex: Int
    /// The face that drew the run (the font's primary face or a fallback).
    let face: FontFace
    /// Pixel size after any auto-shrink scale.
    let size: Double
    /// Glyphs in visual order.
    var glyphs: [ShapedGlyph]
    /// Sum of the glyph advances.
    var width: Double { glyphs.reduce(0) { $0 + $1.advance } }
}


/// One glyph as HarfBuzz placed it, in pixels.
struct ShapedGlyph {
    /// Glyph index in the run's face.
    let id: UInt32
    /// UTF-16 offset (in the shaped piece) of the cluster the glyph belongs to.
    let cluster: Int
    /// Pen advance in pixels, tracking included.
    var advance: Double
    /// Offset of the glyph from the pen position, in pixels (y up, as HarfBuzz gives it).
    let dx: Double, dy: Double
    /// HarfBuzz's HB_GLYPH_FLAG_UNSAFE_TO_BREAK: cutting the text before this glyph's cluster
    /// would change shaping, so a line starting or ending there must be shaped again.
    var unsafeToBreak = false
}
