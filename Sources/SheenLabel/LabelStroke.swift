import SheenText

/// A stroke along the glyph outlines.
public struct LabelStroke: Hashable, Sendable {
    /// Widest stroke a label draws, in pixels: 256, half of `TextStroke.maximumWidth`, so that a
    /// shadow may grow the stroked text by up to 256 px more.
    public static let maximumWidth = 256.0
    /// The allowed `width`s, pixels: 10⁻⁶…`maximumWidth` (a narrower stroke draws nothing).
    public static let widthRange = 1e-6 ... maximumWidth

    /// Width in pixels, in `widthRange`; checked when the label is drawn or laid out.
    public var width: Double
    /// What the stroke is painted with. A gradient's `.ink` extent is the stroke's own ink;
    /// `.lines` is treated as `.ink` for strokes (one gradient over the whole stroke).
    public var paint: LabelPaint
    /// Outside the glyphs (default: the glyphs grown by `width`, drawn under the fill), centred on
    /// the outline or inside the glyphs (both drawn over the fill, as CoreGraphics draws fill then
    /// stroke, so the whole width shows).
    public var placement: TextStroke.Placement
    /// Corner joins.
    public var join: TextStroke.Join

    /// Makes a stroke.
    public init(width: Double, paint: LabelPaint, placement: TextStroke.Placement = .outside, join: TextStroke.Join = .round) {
        self.width = width; self.paint = paint; self.placement = placement; self.join = join
    }

    var textStroke: TextStroke { TextStroke(width: width, placement: placement, join: join) }
}
