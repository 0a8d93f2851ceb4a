
/// Greedy line breaking: each line takes as many break opportunities as fit.
enum LineBreaking {
    /// Splits a shaped paragraph into lines no wider than `maxWidth` (nil: unconstrained, one line).
    /// Opportunities are UAX #14's (ICU), or every grapheme cluster boundary with `charWrap`. A
    /// word wider than the line is broken between grapheme clusters (at least one per line).
    /// Trailing white space hangs: it does not count towards the width. A line ending at a soft
    /// hyphen (U+00AD) inside the paragraph draws a hyphen, whose width `hyphenWidth` gives (it is
    /// passed the soft hyphen's offset).
    /// With `hyphenPoints` (automatic hyphenation: the offsets inside a range of words where a
    /// hyphen may go), a word that does not fit at a line's end is broken at its last point that
    /// fits with its hyphen.
    static func lines(of text: ShapedText, maxWidth: Double?, charWrap: Bool,
                      hyphenPoints: ((Range<Int>) -> [Int])? = nil,
                      hyphenWidth: (Int) throws(TextError) -> Double) throws(TextError) -> [LineSpan] {
        let n = text.piece.count
        guard n > 0 else { return [LineSpan(range: 0..<0, visibleEnd: 0, brokeInsideWord: false)] }
        guard let maxWidth else { return [span(text, 0, n, broke: false)] }
        // A paragraph that fits whole is one line: greedy breaking would take every opportunity
        // (none is mandatory inside a paragraph, which hard breaks end), so ICU is not asked.
        let limit = maxWidth + max(1e-9, maxWidth * 1e-12)
        if text.tabOffsets.isEmpty, text.width(0..<trimmed(text, 0, n)) <= limit { return [span(text, 0, n, broke: false)] }
        let opportunities: [LineBreakOpportunity] = charWrap
            ? text.graphemes.dropFirst().map { LineBreakOpportunity(offset: $0, isMandatory: false) }
            : try BreakIterators.lineBreaks(text.piece.units)
        var lines: [LineSpan] = []
        var start = 0
        var k = 0
        while start < n {
            // Every width asked for this line starts at `start`: measured in one forward pass.
            var measure = ShapedText.LineWidths(text, from: start)
            while k < opportunities.count && opportunities[k].offset <= start { k += 1 }
            var lastFit: Int?
            var mandatory = false
            while k < opportunities.count {
                let b = opportunities[k].offset
                var width = measure.width(to: trimmed(text, start, b))
                if b < n, text.piece.units[b - 1] == 0xAD { width += try hyphenWidth(b - 1) }
                if width <= limit {
                    lastFit = b
                    k += 1
                    mandatory = opportunities[k - 1].isMandatory
                    if mandatory { break }
                } else {
                    break
                }
            }
            // The word that did not fit, hyphenated at its last point that fits with the hyphen.
            if let hyphenPoints, !mandatory, k < opportunities.count {
                let word = (lastFit ?? start)..<opportunities[k].offset
                var best: Int?
                for p in hyphenPoints(word).reversed() where p > start && p > word.lowerBound {
                    if measure.width(to: p) + (try hyphenWidth(p - 1)) <= limit { best = p; break }
                }
                if let best {
                    lines.append(LineSpan(range: start..<best, visibleEnd: best, brokeInsideWord: false, hyphenated: true))
                    start = best
                    continue
                }
            }
            if let lastFit {
                lines.append(span(text, start, lastFit, broke: false))
                start = lastFit
            } else {
                // The next word alone does not fit: break it between grapheme clusters.
                let wordEnd = k < opportunities.count ? opportunities[k].offset : n
                var gi = firstGrapheme(text, after: start)
                var end = text.graphemes[gi]
                while gi + 1 < text.graphemes.count, text.graphemes[gi + 1] <= wordEnd,
                      measure.width(to: text.graphemes[gi + 1]) <= limit {
                    gi += 1
                    end = text.graphemes[gi]
                }
                lines.append(span(text, start, end, broke: end < wordEnd))
                start = end
            }
        }
        return lines
    }

    private static func span(_ text: ShapedText, _ start: Int, _ end: Int, broke: Bool) -> LineSpan {
        LineSpan(range: start..<end, visibleEnd: trimmed(text, start, end), brokeInsideWord: broke)
    }

    /// `end` moved back over trailing white space (not before `start`).
    static func trimmed(_ text: ShapedText, _ start: Int, _ end: Int) -> Int {
        var e = end
        while e > start && text.piece.isWhitespace(at: e - 1) { e -= 1 }
        return e
    }

    /// Index in `graphemes` of the first boundary after `offset`.
    private static func firstGrapheme(_ text: ShapedText, after offset: Int) -> Int {
        var lo = 0, hi = text.graphemes.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if text.graphemes[mid] <= offset { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
