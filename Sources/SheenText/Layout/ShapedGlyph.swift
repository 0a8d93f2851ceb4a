import CHarfBuzz

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
