/// Tab stops: a tab's advance is whatever brings the text after it to the next stop of the
/// paragraph's style, which depends on where the line starts — so widths across tabs are
/// measured from a line's start, and a line's tabs are given their advances once it is chosen.
extension ShapedText {
    /// The offsets in `tabOffsets` that lie in `range`.
    func tabs(in range: Range<Int>) -> ArraySlice<Int> {
        let a = Self.lowerBound(tabOffsets.count) { tabOffsets[$0] < range.lowerBound }
        let b = Self.lowerBound(tabOffsets.count) { tabOffsets[$0] < range.upperBound }
        return tabOffsets[a..<b]
    }

    /// Lays the units `range` out as a line starting at x = 0: the width it takes and each tab's
    /// advance. The text between two tabs (a segment) is placed by the stop the first tab reached:
    /// starting at a left stop, ending at a right one, centred on a centre one, its decimal
    /// separator at a decimal one — never left of where the text before it ended, as in TextKit.
    /// The next stop is the first one strictly right of the pen.
    func tabStopLayout(_ range: Range<Int>) -> (width: Double, advances: [(offset: Int, advance: Double)]) {
        let style = piece.style
        var x = 0.0
        var advances: [(offset: Int, advance: Double)] = []
        var pending: (tab: TextTab, offset: Int)?
        var segmentStart = range.lowerBound
        for end in Array(tabs(in: range)) + [range.upperBound] {
            let segment = prefix[end] - prefix[segmentStart]
            if let (tab, offset) = pending {
                let upTo = tab.alignment == .decimal ? firstSeparator(of: tab, in: segmentStart..<end) : end
                let start = alignedStart(after: tab, at: x, segment: segment, upTo: prefix[upTo] - prefix[segmentStart])
                advances.append((offset, start - x))
                x = start
            }
            x += segment
            guard end < range.upperBound else { break }
            pending = (style.stop(after: x), end)
            segmentStart = end + 1
        }
        return (x, advances)
    }

    /// Where the text after `tab` starts when the pen is at `x`: by the stop's alignment (the
    /// segment being `segment` wide, its decimal separator `upTo` from its start), never left
    /// of `x`. One expression for `tabStopLayout` and `LineWidths`, so both round alike.
    func alignedStart(after tab: TextTab, at x: Double, segment: Double, upTo: Double) -> Double {
        let start: Double
        switch tab.alignment {
        case .left: start = tab.location
        case .right: start = tab.location - segment
        case .center: start = tab.location - segment / 2
        case .decimal: start = tab.location - upTo
        }
        return max(start, x)
    }

    /// The offset of `tab`'s decimal separator in `range`, or its end when there is none.
    func firstSeparator(of tab: TextTab, in range: Range<Int>) -> Int {
        let separator = tab.decimalSeparator.utf16.first ?? 0x2E
        return piece.units[range].firstIndex(of: separator) ?? range.upperBound
    }

    /// The widths `width(start..<e)` of a line starting at `start`, for ends e asked in any order,
    /// each in O(1) past the tabs already reached: the pen state after every tab of the line is
    /// kept (tabs are met once, in order), and a width is its segment's prefix-sum difference
    /// placed by that state. `width` lays each range out again from its start, so line breaking
    /// (every opportunity of a line), truncation (every grapheme of the rest) and a long word
    /// (one opportunity a megabyte away) cost time quadratic in tabs or in the text. Bit for bit
    /// what `width` returns.
    struct LineWidths {
        let text: ShapedText
        let start: Int
        /// The pen state of each segment reached, in order: the first starts at `start` with no tab.
        private var segments: [Segment]
        /// Index in `text.tabOffsets` of the next tab not yet passed.
        private var nextTab: Int

        /// Where a segment starts, the pen before it, the tab placing it (nil: none) and the offset
        /// of its first decimal separator (for a decimal tab; else unused).
        private struct Segment {
            var start: Int
            var x: Double
            var tab: TextTab?
            var separator: Int
        }

        init(_ text: ShapedText, from start: Int) {
            self.text = text
            self.start = start
            segments = [Segment(start: start, x: 0, tab: nil, separator: 0)]
            nextTab = ShapedText.lowerBound(text.tabOffsets.count) { text.tabOffsets[$0] < start }
        }

        /// The width of start..<end (end ≥ start).
        mutating func width(to end: Int) -> Double {
            // A tab at t ends the segment before it at t; the next one starts at t + 1, placed by
            // the stop strictly right of the pen.
            let tabs = text.tabOffsets
            while nextTab < tabs.count, tabs[nextTab] < end {
                let t = tabs[nextTab]
                let x = Self.pen(text, segments[segments.count - 1], to: t)
                let tab = text.piece.style.stop(after: x)
                nextTab += 1
                var separator = 0
                if tab.alignment == .decimal {
                    let segmentEnd = nextTab < tabs.count ? tabs[nextTab] : text.piece.count
                    separator = text.firstSeparator(of: tab, in: t + 1 ..< segmentEnd)
                }
                segments.append(Segment(start: t + 1, x: x, tab: tab, separator: separator))
            }
            // The last segment starting at or before `end` (a tab at end − 1 starts one at end).
            let k = ShapedText.lowerBound(segments.count) { segments[$0].start <= end } - 1
            return Self.pen(text, segments[k], to: end)
        }

        /// The pen after `segment` cut at `end`: as `tabStopLayout` lays it out.
        private static func pen(_ text: ShapedText, _ segment: Segment, to end: Int) -> Double {
            let p = text.prefix
            let width = p[end] - p[segment.start]
            guard let tab = segment.tab else { return segment.x + width }
            let upTo = tab.alignment == .decimal ? min(segment.separator, end) : end
            return text.alignedStart(after: tab, at: segment.x, segment: width, upTo: p[upTo] - p[segment.start]) + width
        }
    }

    /// This text as a line of its own with every tab given its advance (the first glyph of a tab's
    /// cluster takes it, the rest none), so that placement and widths need no more tab logic.
    func resolvingTabs() -> ShapedText {
        guard !tabOffsets.isEmpty else { return self }
        let advances = Dictionary(tabStopLayout(0..<piece.count).advances, uniquingKeysWith: { a, _ in a })
        var runs = self.runs
        var advance = clusterAdvance
        for r in runs.indices {
            var first = Set<Int>()
            for g in runs[r].glyphs.indices {
                let cluster = runs[r].glyphs[g].cluster
                guard let a = advances[cluster] else { continue }
                runs[r].glyphs[g].advance = first.insert(cluster).inserted ? a : 0
            }
        }
        for (offset, a) in advances { advance[offset] = a }
        return ShapedText(piece: piece, paragraphLevel: paragraphLevel, graphemes: graphemes, runs: runs,
                          clusterAdvance: advance, tabsResolved: true)
    }
}
