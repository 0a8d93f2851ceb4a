import SheenRaster

/// Which side of a caret offset the caret belongs to where that makes a difference: at a
/// boundary between left-to-right and right-to-left text, and at a wrap point, one offset has two
/// places. UIKit's downstream and upstream (`UITextStorageDirection` forward and backward).
public enum CaretAffinity: Sendable, Hashable {
    /// With the character after the offset: at its leading edge (downstream). The default.
    case leading
    /// With the character before the offset: at its trailing edge (upstream).
    case trailing
}

extension CaretAffinity: Vocabulary {
    /// The affinities' words (`--caret-affinity`, `sheen_caret_affinity`).
    public static let vocabulary: [VocabularyWord<CaretAffinity>] = [
        .init("leading", .leading, "SHEEN_AFFINITY_LEADING", "the next character's edge"),
        .init("trailing", .trailing, "SHEEN_AFFINITY_TRAILING", "the previous character's edge"),
    ]
    /// `sheen_caret_affinity`.
    public static var cEnumeration: String? { "sheen_caret_affinity" }
}

extension TextLayout {
    /// One grapheme-cluster span of a line as drawn: its logical UTF-16 range in the original
    /// text, its left and right edges (layout pixels) and its direction.
    struct CaretCluster {
        var range: Range<Int>
        var left: Double, right: Double
        var rightToLeft: Bool
        /// Grapheme boundaries strictly inside `range` (a ligature drawing several characters).
        var inner: [Int]

        /// x of the boundary `offset` (in `range`, or its end): the leading edge of the character
        /// after it; inside a ligature, that share of its width.
        func x(at offset: Int) -> Double {
            let stops = [range.lowerBound] + inner + [range.upperBound]
            let k = stops.lastIndex { $0 <= offset } ?? 0
            let f = Double(k) / Double(stops.count - 1)
            return rightToLeft ? right - f * (right - left) : left + f * (right - left)
        }
    }

    /// The clusters of line `index` in visual order (left to right), from its glyphs; text layout
    /// inserted ("…", a hyphen) has none.
    func caretClusters(line index: Int, graphemes: [Int]) -> [CaretCluster] {
        let line = lines[index]
        var out: [CaretCluster] = []
        for g in line.glyphs where g.sourceOffset >= 0 {
            if let last = out.last, last.range.lowerBound == g.sourceOffset {
                out[out.count - 1].right = max(last.right, g.penX + g.advance)
            } else {
                out.append(CaretCluster(range: g.sourceOffset..<g.sourceOffset, left: g.penX, right: g.penX + g.advance,
                                        rightToLeft: g.isRightToLeft, inner: []))
            }
        }
        // Each cluster ends where the next one in logical order begins (or the line's text ends).
        let starts = out.map(\.range.lowerBound).sorted()
        for i in out.indices {
            let start = out[i].range.lowerBound
            let after = ShapedText.lowerBound(starts.count) { starts[$0] <= start }
            let next = after < starts.count ? starts[after] : max(line.sourceRange.upperBound, start + 1)
            out[i].range = start..<next
            let lo = ShapedText.lowerBound(graphemes.count) { graphemes[$0] <= start }
            let hi = ShapedText.lowerBound(graphemes.count) { graphemes[$0] < next }
            out[i].inner = lo < hi ? Array(graphemes[lo..<hi]) : []
        }
        return out
    }

    /// Grapheme cluster boundaries of the text (0 and the end included): where a caret may stand.
    /// Found on the first caret query and kept with the layout.
    func caretBoundaries() -> [Int] {
        if let kept = caretMemo.withLock({ $0.boundaries }) { return kept }
        let made = (try? BreakIterators.graphemeBoundaries(text.utf16)) ?? Array(0...text.utf16.count)
        caretMemo.withLock { $0.boundaries = made }
        return made
    }

    /// `caretClusters(line:graphemes:)` of line `index`, made once per layout: an editor asking
    /// for the caret on every keystroke of a long text does not rebuild a line's clusters (or
    /// find the text's graphemes) per query.
    func caretClusters(line index: Int) -> [CaretCluster] {
        if let kept = caretMemo.withLock({ $0.clusters[index] }) { return kept }
        let made = caretClusters(line: index, graphemes: caretBoundaries())
        caretMemo.withLock { $0.clusters[index] = made }
        return made
    }

    /// The clusters of line `index` (`caretClusters(line:)`) in the text's order, made once per
    /// line and layout: the cluster holding an offset is found by bisection, not by walking a
    /// line of a megabyte.
    func logicalClusters(line index: Int) -> [CaretCluster] {
        if let kept = caretMemo.withLock({ $0.logical[index] }) { return kept }
        let made = caretClusters(line: index).sorted { $0.range.lowerBound < $1.range.lowerBound }
        caretMemo.withLock { $0.logical[index] = made }
        return made
    }

    /// The cluster of line `index` whose range holds `offset`, if any.
    func cluster(containing offset: Int, line index: Int) -> CaretCluster? {
        let clusters = logicalClusters(line: index)
        let after = ShapedText.lowerBound(clusters.count) { clusters[$0].range.lowerBound <= offset }
        guard after > 0, clusters[after - 1].range.contains(offset) else { return nil }
        return clusters[after - 1]
    }

    /// What caret queries (and a field's ink measurements) find once and keep, shared by the
    /// copies of one layout. Every layout makes one, most never use it: one allocation, guarded by
    /// a lock all memos share (queries are rare and short) rather than a mutex of its own per
    /// layout.
    final class CaretMemo: @unchecked Sendable {
        /// What is kept.
        struct State {
            var boundaries: [Int]?
            var clusters: [Int: [CaretCluster]] = [:]
            /// Each line's clusters in the text's order.
            var logical: [Int: [CaretCluster]] = [:]
            /// The offsets of the text's hard line breaks, for paragraph moves.
            var hardBreaks: [Int]?
            /// The text's words, for word moves.
            var words: [Range<Int>]?
            /// Each line's caret places, for left and right moves.
            var stops: [Int: [CaretStop]] = [:]
            /// Ink rectangles of the whole layout, by stroke (nil: the glyphs').
            var inks: [TextStroke?: PixelRect] = [:]
        }
        private var state = State()
        private static let lock = Locked(())

        /// `body` on the memo, under the shared lock.
        func withLock<R>(_ body: (inout State) -> R) -> R {
            Self.lock.withLock { _ in
                var taken = state
                state = State()
                defer { state = taken }
                return body(&taken)
            }
        }
    }

    /// The line a caret at `offset` stands on: the last line starting at or before it (a caret at
    /// a wrap point starts the next line).
    private func caretLine(_ offset: Int) -> Int {
        let found = ShapedText.lowerBound(lines.count) { lines[$0].sourceRange.lowerBound <= offset }
        return max(0, found - 1)
    }

    /// `offset` clamped to the text and moved back to a grapheme cluster boundary: where a caret
    /// for it stands, as UIKit snaps positions to whole characters.
    public func graphemeBoundary(atOrBefore offset: Int) -> Int {
        let boundaries = caretBoundaries()
        let clamped = min(max(offset, 0), text.utf16.count)
        return boundaries[max(0, ShapedText.lowerBound(boundaries.count) { boundaries[$0] <= clamped } - 1)]
    }

    /// `range` clamped to the text and widened to whole grapheme clusters (the lower bound moved
    /// back, the upper bound forward): what a selection of it covers, so that a range ending
    /// inside "👍🏽" or between "e" and its accent selects the whole character. An empty range
    /// stays empty, at `graphemeBoundary(atOrBefore:)` of its bound (a caret).
    public func graphemeRange(enclosing range: Range<Int>) -> Range<Int> {
        let boundaries = caretBoundaries()
        let count = text.utf16.count
        let lo = graphemeBoundary(atOrBefore: range.lowerBound)
        guard !range.isEmpty else { return lo..<lo }
        let hi = min(max(range.upperBound, lo), count)
        let upper = boundaries[min(boundaries.count - 1, ShapedText.lowerBound(boundaries.count) { boundaries[$0] < hi })]
        return lo..<max(lo, upper)
    }

    /// Where the caret for UTF-16 `offset` of the text stands: its line and its x in layout
    /// pixels. `offset` is clamped to the text and moved back to a grapheme cluster boundary.
    ///
    /// With `.leading` affinity (the default, UIKit's downstream) the caret stands at the leading
    /// edge of the character after the offset (its left edge in left-to-right text, its right
    /// edge in right-to-left text), or after the line's last character when the offset ends the
    /// line. With `.trailing` (upstream) it stands at the trailing edge of the character before
    /// it: the same place inside a run, but the other side of a direction boundary (after "abc "
    /// rather than before "שלום" in "abc שלום"), and at the end of the previous line at a wrap
    /// point. Inside a ligature, at that character's share of it. nil for a layout without lines.
    public func caret(at offset: Int, affinity: CaretAffinity = .leading) -> (line: Int, x: Double)? {
        guard !lines.isEmpty else { return nil }
        let o = graphemeBoundary(atOrBefore: offset)
        // After a hard line break the offset begins the next paragraph on either side: the break
        // ends its line and has no trailing edge a caret could stand at.
        if affinity == .trailing, o > 0, !HardLineBreak.contains(UInt32(text.utf16[o - 1])) {
            // The character before the offset: its line, and its cluster's trailing edge.
            let index = caretLine(o - 1)
            if let c = cluster(containing: o - 1, line: index) {
                return (index, o < c.range.upperBound ? c.x(at: o) : (c.rightToLeft ? c.left : c.right))
            }
            // A wrap point after white space the line does not draw: the end of the line before.
            if index != caretLine(o), let last = logicalClusters(line: index).last {
                return (index, last.rightToLeft ? last.left : last.right)
            }
        }
        let index = caretLine(o)
        if let c = cluster(containing: o, line: index) { return (index, c.x(at: o)) }
        let logical = logicalClusters(line: index)
        // At or past the end of the line's text: after its logically last character.
        if let last = logical.last, o >= last.range.upperBound {
            return (index, last.rightToLeft ? last.left : last.right)
        }
        // Before its first character (white space the line does not draw), or an empty line.
        if let first = logical.first {
            return (index, first.rightToLeft ? first.right : first.left)
        }
        let box = lines[index].typographicRect
        return (index, lines[index].isRightToLeft ? box.maxX : box.x)
    }

    /// The caret offset (a grapheme cluster boundary, UTF-16) nearest to `point` (layout pixels):
    /// the line under it (the first above the text, the last below), then the boundary nearest to
    /// x on that line — in right-to-left text the right half of a character is before it.
    public func caretOffset(at point: Point) -> Int { caretPosition(at: point).offset }

    /// `caretOffset(at:)` with the affinity that puts the caret where the point is: `.trailing`
    /// when the nearest edge is the trailing edge of the character before the offset (a tap just
    /// after "abc " in "abc שלום def" stands there, not across the Hebrew word at its leading
    /// edge), `.leading` otherwise. `caret(at:affinity:)` of the answer is the nearest caret to x.
    public func caretPosition(at point: Point) -> (offset: Int, affinity: CaretAffinity) {
        guard !lines.isEmpty else { return (0, .leading) }
        // A NaN coordinate is nowhere: taken as before the text's start in that direction.
        let point = Point(point.x.isNaN ? -.infinity : point.x, point.y.isNaN ? -.infinity : point.y)
        // Line boxes stack downwards: the first whose bottom is below the point.
        let index = min(lines.count - 1, ShapedText.lowerBound(lines.count) { point.y >= lines[$0].lineBox.maxY })
        let clusters = caretClusters(line: index)
        guard let first = clusters.first, let last = clusters.last else { return (lines[index].sourceRange.lowerBound, .leading) }
        // A cluster's logical end is its trailing edge; any other boundary is a leading edge.
        func position(_ c: CaretCluster, _ offset: Int) -> (offset: Int, affinity: CaretAffinity) {
            (offset, offset == c.range.upperBound && offset > c.range.lowerBound ? .trailing : .leading)
        }
        if point.x < first.left { return position(first, first.rightToLeft ? first.range.upperBound : first.range.lowerBound) }
        if point.x >= last.right { return position(last, last.rightToLeft ? last.range.lowerBound : last.range.upperBound) }
        let c = clusters.first { point.x < $0.right } ?? last
        // The boundaries of the cluster, in visual order, and the one nearest to x.
        var stops = [c.range.lowerBound] + c.inner + [c.range.upperBound]
        if c.rightToLeft { stops.reverse() }
        let step = (c.right - c.left) / Double(stops.count - 1)
        // Clamped as a Double: a cluster a hair wide makes the quotient too large for an Int.
        let k = step > 0 ? Int(min(max(((point.x - c.left) / step).rounded(), 0), Double(stops.count - 1))) : 0
        return position(c, stops[k])
    }

    /// The rectangles (layout pixels) a selection of UTF-16 `range` covers: per line, the spans of
    /// its characters in the range (several where right-to-left and left-to-right text mix),
    /// adjacent spans merged, each the height of the line's box. The range is first widened to
    /// whole grapheme clusters (`graphemeRange(enclosing:)`). Empty for an empty range.
    public func selectionRects(_ range: Range<Int>) -> [Rect] { selectionSpans(range).map(\.rect) }

    /// `selectionRects(_:)` with the index of the line each rectangle lies on (what a mark drawn
    /// along the text — an underline at the line's baseline — needs).
    public func selectionSpans(_ range: Range<Int>) -> [(line: Int, rect: Rect)] {
        guard !range.isEmpty, !lines.isEmpty else { return [] }
        let range = graphemeRange(enclosing: range)
        var rects: [(line: Int, rect: Rect)] = []
        // Only the lines that hold the range's characters (a line before and after them, for
        // white space a wrap leaves at a line's edge): a selection in a long text costs its own
        // lines, not every line's clusters.
        let first = max(0, caretLine(range.lowerBound) - 1), last = min(lines.count - 1, caretLine(range.upperBound) + 1)
        for index in first ... last {
            let line = lines[index]
            var spans: [(Double, Double)] = []
            for c in caretClusters(line: index) where c.range.overlaps(range) {
                let lo = max(c.range.lowerBound, range.lowerBound), hi = min(c.range.upperBound, range.upperBound)
                let a = c.x(at: lo), b = hi >= c.range.upperBound ? (c.rightToLeft ? c.left : c.right) : c.x(at: hi)
                let span = (min(a, b), max(a, b))
                if let last = spans.last, abs(last.1 - span.0) < 1e-6 { spans[spans.count - 1].1 = span.1 } else { spans.append(span) }
            }
            for (x0, x1) in spans where x1 > x0 {
                rects.append((index, Rect(x: x0, y: line.lineBox.y, width: x1 - x0, height: line.lineBox.height)))
            }
        }
        return rects
    }
}
