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
                var start: Double
                switch tab.alignment {
                case .left: start = tab.location
                case .right: start = tab.location - segment
                case .center: start = tab.location - segment / 2
                case .decimal:
                    let separator = tab.decimalSeparator.utf16.first ?? 0x2E
                    let upTo = piece.units[segmentStart..<end].firstIndex(of: separator) ?? end
                    start = tab.location - (prefix[upTo] - prefix[segmentStart])
                }
                start = max(start, x)
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
