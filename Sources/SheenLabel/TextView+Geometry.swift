import SheenRaster
import SheenText

// The view's geometry queries and caret moves, answered over its lines (TextField's, on the view's content).
extension TextView {
    /// The caret's rectangle for `index` (a UTF-16 offset in the text, moved back to a grapheme
    /// cluster boundary) on the side `affinity` says, view coordinates: the height of its line's
    /// box. A line scrolled out of view has its caret outside the frame.
    public func caretRect(at index: Int, affinity: CaretAffinity = .leading) throws(LabelError) -> Rect {
        field.caretRect(in: try content().content, at: index, affinity: affinity)
    }

    /// The caret position nearest to `point` (view coordinates): the line under it, then the
    /// boundary nearest on that line, with the affinity that draws the caret there.
    public func caretPosition(at point: Point) throws(LabelError) -> (index: Int, affinity: CaretAffinity) {
        try TextField.checkPoint(point)
        return field.caretPosition(in: try content().content, at: point)
    }

    /// Where the caret at `index` (UTF-16, moved back to a grapheme cluster boundary) on the side
    /// `affinity` says goes with `movement`, as TextField's `position(from:affinity:moving:preferredX:)`
    /// over the view's lines: up and down go a line at `preferredX` (view coordinates; nil: the
    /// caret's own x), to the text's start or end past the first or last line.
    public func position(from index: Int, affinity: CaretAffinity = .leading, moving movement: CaretMovement,
                         preferredX: Double? = nil) throws(LabelError) -> (index: Int, affinity: CaretAffinity) {
        try field.position(in: content().content, from: index, affinity: affinity, moving: movement, preferredX: preferredX)
    }

    /// The rectangles (view coordinates) a selection of `range` highlights: per line, per
    /// direction run. Not clipped to the frame.
    public func selectionRects(for range: Range<Int>) throws(LabelError) -> [Rect] {
        field.selectionRects(in: try content().content, for: range)
    }

    /// Where a selection's handles stand for `range`, view coordinates, as TextField's
    /// `selectionHandles(for:)` over the view's lines: the start handle on the line the selection
    /// starts on, the end handle on the line it ends on.
    public func selectionHandles(for range: Range<Int>) throws(LabelError) -> (start: Rect, end: Rect) {
        field.selectionHandles(in: try content().content, for: range)
    }

    /// The rectangles (view coordinates) a render draws under the marked text while editing, as
    /// TextField's `markedTextUnderlines()` over the view's lines: per line, at its baseline.
    public func markedTextUnderlines() throws(LabelError) -> [Rect] {
        field.markedTextUnderlines(in: try content().content)
    }
}
