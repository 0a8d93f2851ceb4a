import SheenRaster

/// One glyph placed by layout.
public struct LaidOutGlyph: Sendable {
    /// Glyph index in `face`.
    public let id: UInt32
    /// The face drawing it (the run's font or a fallback).
    public let face: FontFace
    /// Pixel size, auto-shrink included.
    public let size: Double
    /// Pen position on the baseline, in layout pixels (y downwards), HarfBuzz offsets and the
    /// run's baseline offset applied.
    public let position: Point
    /// How far the pen moves after the glyph, in pixels (tracking and justification excluded).
    public let advance: Double
    /// Index of the glyph's attributes in `AttributedText.attributes`.
    public let attributesIndex: Int
    /// UTF-16 offset of the glyph's cluster in the original text; −1 for text layout inserted (the
    /// "…" of truncation, the hyphen of a soft-hyphen break).
    public let sourceOffset: Int
    /// Pen x before the glyph (its position without HarfBuzz's offset), and whether its run is
    /// right to left: where carets go (TextLayout+Caret).
    var penX = 0.0
    var isRightToLeft = false
}
