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

    /// The widths `width(start..<e)` of a line starting at `start`, for ends e asked in any order
    /// but computed forwards, once each: one pass over the text and its tabs for the whole
    /// line, where `width` lays each range out again from its start (line breaking asks for
    /// every break opportunity of a line, truncation for every grapheme of the rest, so a line of
    /// many tabs cost time quadratic in them). Bit for bit what `width` returns.
    struct LineWidths {
        let text: ShapedText
        let start: Int
        /// widths[i]: the width of start..<start + i, for every end reached so far.
        private var widths: [Double] = [0]
        /// The pen after the segments ended by the tabs passed, before the current segment.
        private var x = 0.0
        /// The tab before the current segment (nil: none yet), its segment's start, and the
        /// offset of that segment's first decimal separator (or the next tab, or the end).
        private var pending: TextTab?
        private var segmentStart: Int
        private var separator = 0
        /// Index in `text.tabOffsets` of the next tab at or after the current segment.
        private var nextTab: Int

        init(_ text: ShapedText, from start: Int) {
            self.text = text
            self.start = start
            segmentStart = start
            nextTab = ShapedText.lowerBound(text.tabOffsets.count) { text.tabOffsets[$0] < start }
        }

        /// The width of start..<end (end ≥ start).
        mutating func width(to end: Int) -> Double {
            while start + widths.count - 1 < end { widths.append(next(start + widths.count)) }
            return widths[end - start]
        }

        /// The width of start..<e, every end before e already reached.
        private mutating func next(_ e: Int) -> Double {
            // A tab at e − 1 ends the segment before it: the pen moves past it, and the next stop
            // (the one strictly right of the pen) awaits the text after it.
            if nextTab < text.tabOffsets.count, text.tabOffsets[nextTab] == e - 1 {
                x = widthOfSegment(to: e - 1)
                pending = text.piece.style.stop(after: x)
                segmentStart = e
                nextTab += 1
                if let tab = pending, tab.alignment == .decimal {
                    let segmentEnd = nextTab < text.tabOffsets.count ? text.tabOffsets[nextTab] : text.piece.count
                    separator = text.firstSeparator(of: tab, in: e ..< segmentEnd)
                }
            }
            return widthOfSegment(to: e)
        }

        /// The pen after the current segment cut at `end`: as `tabStopLayout` lays it out.
        private func widthOfSegment(to end: Int) -> Double {
            let p = text.prefix
            let segment = p[end] - p[segmentStart]
            var pen = x
            if let tab = pending {
                let upTo = tab.alignment == .decimal ? min(separator, end) : end
                pen = text.alignedStart(after: tab, at: pen, segment: segment, upTo: p[upTo] - p[segmentStart])
            }
            return pen + segment
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
