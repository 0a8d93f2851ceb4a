/// Which rectangle a text gradient spans.
public enum GradientExtent: Hashable, Sendable {
    /// The union of the drawn text's ink — the default, the gradient that is always right:
    /// the rectangle runs from the centre of the first inked pixel column (row) to the centre of
    /// the last, so the outermost inked pixels get the end colours exactly, whatever the frame or
    /// alignment.
    case ink
    /// Each line gets the gradient over its own ink, and only its own glyphs are painted with it,
    /// so no colour of one line bleeds into the next.
    case lines
    /// The typographic text rect (line boxes from font metrics).
    case typographic
    /// The label's frame: the naive behaviour (the ends fall off short text), kept for comparison.
    case frame
}
