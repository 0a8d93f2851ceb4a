import SheenPlatform
import SheenRaster
import SheenText

// The field's geometry queries: caret rectangles, taps, grapheme boundaries, selection rectangles.
extension TextField {
    /// The caret's rectangle for `index` (a UTF-16 offset in `text`, clamped; moved back to a
    /// grapheme cluster boundary) on the side `affinity` says (see `CaretAffinity`), field
    /// coordinates: `caretWidth` wide, centred on the caret position, the height of the line's
    /// ascender and descender. While the placeholder shows, the caret stands where typed text
    /// will start — the text rectangle's left, right or centre by `textAlignment` (natural: the
    /// placeholder's own direction) — not at the placeholder's start.
    public func caretRect(at index: Int, affinity: CaretAffinity = .leading) throws(LabelError) -> Rect {
        let (content, _) = try content()
        return caretRect(in: content, at: index, affinity: affinity)
    }

    func caretRect(in content: Content, at index: Int, affinity: CaretAffinity) -> Rect {
        let layout = content.layout
        let (x0, y0) = content.layoutOrigin
        guard !content.showsPlaceholder, let caret = layout.caret(at: content.shown(index), affinity: affinity) else {
            let rect = textRect, h = content.label.font.ascender + content.label.font.descender
            let x: Double
            switch textAlignment {
            case .right: x = rect.maxX
            case .center: x = rect.x + rect.width / 2
            case .left: x = rect.x
            case .natural, .justified: x = layout.lines.first?.isRightToLeft == true ? rect.maxX : rect.x
            }
            // A text view's caret stands on its first line; a field's line sits in the rectangle's
            // height as `verticalAlignment` places it.
            let y: Double
            if content.isMultiline { y = y0 + max(0, layout.lines.first?.typographicRect.y ?? 0) }
            else {
                switch verticalAlignment {
                case .top: y = y0
                case .center: y = y0 + (rect.height - h) / 2
                case .bottom: y = y0 + rect.height - h
                }
            }
            return Rect(x: x - caretWidth / 2, y: y, width: caretWidth, height: h)
        }
        let box = layout.lines[caret.line].typographicRect
        guard !content.isMultiline else {
            // A view does not scroll sideways: a caret beside a line wider than the view (one
            // glyph or tab wider than the width) is kept at the frame's edge.
            let x = min(max(x0 + caret.x - caretWidth / 2, 0), max(0, size.width - caretWidth))
            return Rect(x: x, y: y0 + box.y, width: caretWidth, height: box.height)
        }
        // Within the frame: a line box that fits the frame may still reach a fraction of a pixel
        // past it, its origin being whole pixels.
        let top = max(0, y0 + box.y), bottom = min(size.height, y0 + box.maxY)
        return Rect(x: x0 + caret.x - caretWidth / 2, y: top, width: caretWidth, height: max(0, bottom - top))
    }

    /// The caret index (a UTF-16 offset in `text`, on a grapheme cluster boundary) nearest to
    /// `point` in field coordinates, as a tap places the caret; 0 when the field shows its
    /// placeholder. Right-to-left and mixed text included. `caretPosition(at:)` adds the affinity
    /// that draws the caret where the tap was at a direction boundary.
    public func caretIndex(at point: Point) throws(LabelError) -> Int { try caretPosition(at: point).index }

    /// The caret position nearest to `point` in field coordinates: its index (as
    /// `caretIndex(at:)`) and the affinity that puts its caret on the tapped side of a direction
    /// boundary — keep both in `caretIndex` and `caretAffinity`.
    public func caretPosition(at point: Point) throws(LabelError) -> (index: Int, affinity: CaretAffinity) {
        try Self.checkPoint(point)
        return try caretPosition(in: content().content, at: point)
    }

    /// Refuses a tap point that is NaN or infinite (no caret is nearest to it).
    static func checkPoint(_ point: Point) throws(LabelError) {
        for (name, v) in [("point.x", point.x), ("point.y", point.y)] where !v.isFinite {
            throw .invalidParameter(name: name, value: v, allowed: "a finite number of pixels")
        }
    }

    /// `caretPosition(at:)` in a content (a field's or a text view's).
    func caretPosition(in content: Content, at point: Point) -> (index: Int, affinity: CaretAffinity) {
        guard !content.showsPlaceholder else { return (0, .leading) }
        let at = content.layoutOrigin
        let local = Point(point.x - at.x, point.y - at.y)
        let hit = content.layout.caretPosition(at: local)
        return (min(content.source(hit.offset), text.utf16.count), hit.affinity)
    }

    /// `index` clamped to the text and moved back to a grapheme cluster boundary, the index a
    /// caret there has (UITextField never stands inside "é" or "👍🏽"). UTF-16 offsets.
    public func graphemeBoundary(atOrBefore index: Int) throws(LabelError) -> Int {
        let content = try content().content
        return min(content.source(content.layout.graphemeBoundary(atOrBefore: content.shown(index))), text.utf16.count)
    }

    /// `range` clamped to the text and widened to whole grapheme clusters: what a selection of it
    /// highlights (an empty range stays empty, at the caret index it snaps to). UTF-16 offsets.
    public func graphemeRange(enclosing range: Range<Int>) throws(LabelError) -> Range<Int> {
        graphemeRange(in: try content().content, enclosing: range)
    }

    /// `graphemeRange(enclosing:)` in a content (a field's or a text view's).
    func graphemeRange(in content: Content, enclosing range: Range<Int>) -> Range<Int> {
        let count = text.utf16.count
        let r = content.layout.graphemeRange(enclosing: graphemeCover(clampedToText(range), content))
        return min(content.source(r.lowerBound), count)..<min(content.source(r.upperBound), count)
    }

    /// The rectangles, field coordinates, that a selection of `range` (UTF-16 offsets in `text`)
    /// highlights: one per visual span (two or more where directions mix). Not clipped to the frame.
    /// The range is clamped to the text.
    public func selectionRects(for range: Range<Int>) throws(LabelError) -> [Rect] {
        selectionRects(in: try content().content, for: range)
    }

    func selectionRects(in content: Content, for range: Range<Int>) -> [Rect] {
        guard !content.showsPlaceholder else { return [] }
        let at = content.layoutOrigin
        return content.layout.selectionRects(graphemeCover(clampedToText(range), content)).map { $0.offsetBy(dx: at.x, dy: at.y) }
    }

    /// Where a selection's handles stand for `range` (UTF-16 offsets in `text`, clamped, widened to
    /// whole grapheme clusters), field coordinates: the caret rectangle at its start on the side of
    /// the first selected character (`.leading`) and at its end on the side of the last
    /// (`.trailing`) — so the end handle of a selection ending at a wrap stays on the line it ends
    /// on, and in bidi text each handle stands at the outer edge of its character, where
    /// UITextInput's selection rects put containsStart and containsEnd. UIKit draws the start
    /// handle from the top of its rectangle, the end handle from the bottom. An empty range (or
    /// the placeholder) gives the caret's rectangle twice.
    public func selectionHandles(for range: Range<Int>) throws(LabelError) -> (start: Rect, end: Rect) {
        selectionHandles(in: try content().content, for: range)
    }

    /// `selectionHandles(for:)` in a content (a field's or a text view's).
    func selectionHandles(in content: Content, for range: Range<Int>) -> (start: Rect, end: Rect) {
        let r = graphemeRange(in: content, enclosing: range)
        let first = caretRect(in: content, at: r.lowerBound, affinity: .leading)
        guard !r.isEmpty, !content.showsPlaceholder else { return (first, first) }
        return (first, caretRect(in: content, at: r.upperBound, affinity: .trailing))
    }

    /// The rectangles, field coordinates, a render draws under the marked text while editing
    /// (`markedRange`, widened to whole grapheme clusters): per line and direction run, at the
    /// underline position of the font drawn (`Font.underlinePosition`, the shrunk one when
    /// auto-shrink applies) below the line's baseline, `markedTextStyle.thickness` high, and
    /// `selectedThickness` under `markedSelectedRange`. Empty without marked text or while the
    /// placeholder shows.
    public func markedTextUnderlines() throws(LabelError) -> [Rect] {
        markedTextUnderlines(in: try content().content)
    }

    /// `markedTextUnderlines()` in a content (a field's or a text view's).
    func markedTextUnderlines(in content: Content) -> [Rect] {
        guard let marked = markedRange, !marked.isEmpty, !content.showsPlaceholder else { return [] }
        let m = clampedToText(marked)
        let selected = markedSelectedRange.map { $0.clamped(to: m) } ?? m.lowerBound ..< m.lowerBound
        // The marked text in three parts: before the selected clause, the clause, after it.
        let parts = [(m.lowerBound ..< selected.lowerBound, markedTextStyle.thickness),
                     (selected, markedTextStyle.selectedThickness),
                     (selected.upperBound ..< m.upperBound, markedTextStyle.thickness)]
        let at = content.layoutOrigin, below = -content.label.font.underlinePosition
        var rects: [Rect] = []
        for (range, thickness) in parts where !range.isEmpty {
            for span in content.layout.selectionSpans(graphemeCover(range, content)) {
                let top = content.layout.lines[span.line].baseline + below
                rects.append(Rect(x: span.rect.x + at.x, y: top + at.y, width: span.rect.width, height: thickness))
            }
        }
        return rects
    }

    /// `range` clamped to the text's UTF-16 offsets (an empty range where it lies past the end).
    private func clampedToText(_ range: Range<Int>) -> Range<Int> {
        let count = text.utf16.count, lo = min(max(0, range.lowerBound), count)
        return lo ..< min(max(lo, range.upperBound), count)
    }

    /// A range of `text` as the layout's: the bullets that cover its characters (a range ending
    /// inside a character takes its bullet), or the range itself.
    private func graphemeCover(_ range: Range<Int>, _ content: Content) -> Range<Int> {
        guard content.bullets != nil else { return range }
        let lo = content.shown(range.lowerBound)
        guard !range.isEmpty else { return lo..<lo }
        let last = content.shown(range.upperBound - 1)
        return lo..<max(lo, last + 1)
    }
}
