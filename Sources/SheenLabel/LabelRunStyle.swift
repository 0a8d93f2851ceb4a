import SheenRaster
import SheenText

/// Sheen's style for a range of a label's text: its own fill (a colour, or a gradient over the
/// range's own ink) and its own stroke, in place of the label's. Colours, decorations and
/// backgrounds that NSAttributedString has are `TextAttributes`; these are the label's paints.
public struct LabelRunStyle: Hashable, Sendable {
    /// UTF-16 offsets into the label's text (`Label.effectiveText.string`); glyphs whose cluster
    /// starts in it take this style, and so do the underlines and strikethroughs of the segments
    /// that start in it.
    public var range: Range<Int>
    /// The range's fill; nil keeps the label's (`fill`, else the run's colour or `textColor`).
    /// A gradient with the `.ink` or `.lines` extent spans the range's own ink.
    public var fill: LabelPaint?
    /// The range's stroke; nil keeps the label's `stroke`. It outlines only the range's glyphs.
    public var stroke: LabelStroke?

    /// A style for `range`; set `fill`, `stroke` or both.
    public init(range: Range<Int>, fill: LabelPaint? = nil, stroke: LabelStroke? = nil) {
        self.range = range; self.fill = fill; self.stroke = stroke
    }
}
