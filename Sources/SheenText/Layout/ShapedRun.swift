
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
