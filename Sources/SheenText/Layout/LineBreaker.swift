
/// Greedy line breaking: each line takes as many break opportunities as fit. Lines are made one
/// at a time, when asked for, so a layout that shows three lines of a megabyte breaks three; and
/// each costs time in its own length, not in the rest of the paragraph (a word a megabyte long
/// is measured only as far as a line reaches into it).
struct LineBreaker {
    let text: ShapedText
    let maxWidth: Double?
    /// `maxWidth` with the slack every comparison allows.
    private let limit: Double
    /// Automatic hyphenation: the offsets inside a range of words where a hyphen may go.
    private let hyphenPoints: ((Range<Int>) -> [Int])?
    private var opportunities: [LineBreakOpportunity] = []
    /// Where the next line starts, and the first opportunity that may end it.
    private var start = 0
    private var k = 0
    /// The paragraph fits on one line: no opportunity is looked for.
    private var whole: Bool

    /// Breaks a shaped paragraph into lines no wider than `maxWidth` (nil: unconstrained, one line).
    /// Opportunities are UAX #14's (ICU), or every grapheme cluster boundary with `charWrap`. A
    /// word wider than the line is broken between grapheme clusters (at least one per line).
    /// Trailing white space hangs: it does not count towards the width. A line ending at a soft
    /// hyphen (U+00AD) inside the paragraph draws a hyphen (see `next(hyphenWidth:)`).
    /// With `hyphenPoints` (automatic hyphenation: the offsets inside a range of words where a
    /// hyphen may go), a word that does not fit at a line's end is broken at its last point that
    /// fits with its hyphen.
    init(_ text: ShapedText, maxWidth: Double?, charWrap: Bool,
         hyphenPoints: ((Range<Int>) -> [Int])? = nil) throws(TextError) {
        self.text = text
        self.maxWidth = maxWidth
        self.hyphenPoints = hyphenPoints
        let n = text.piece.count
        limit = maxWidth.map { $0 + max(1e-9, $0 * 1e-12) } ?? .infinity
        // A paragraph that fits whole is one line: greedy breaking would take every opportunity
        // (none is mandatory inside a paragraph, which hard breaks end), so ICU is not asked.
        whole = maxWidth == nil || n == 0
            || (text.tabOffsets.isEmpty && text.width(0..<Self.trimmed(text, 0, n)) <= limit)
        if !whole {
            opportunities = charWrap
                ? text.graphemes.dropFirst().map { LineBreakOpportunity(offset: $0, isMandatory: false) }
                : try BreakIterators.lineBreaks(text.piece.units)
        }
    }

    /// The next line, or nil after the last. The lines tile the paragraph: the last one ends at its
    /// end (an empty paragraph has one empty line). `hyphenWidth` gives the width of the hyphen
    /// drawn at a break after the unit at the offset it is passed (a soft hyphen's, or the last
    /// letter before an automatic hyphen) — asked for only at such breaks.
    mutating func next(hyphenWidth: (Int) throws(TextError) -> Double) throws(TextError) -> LineSpan? {
        let n = text.piece.count
        if whole {
            guard start == 0, k == 0 else { return nil }
            k = 1
            start = n
            return span(0, n, broke: false)
        }
        guard start < n else { return nil }
        // Every width asked for this line starts at `start`.
        var measure = ShapedText.LineWidths(text, from: start)
        while k < opportunities.count && opportunities[k].offset <= start { k += 1 }
        var lastFit: Int?
        var mandatory = false
        while k < opportunities.count {
            let b = opportunities[k].offset
            var width = measure.width(to: Self.trimmed(text, start, b))
            if b < n, text.piece.units[b - 1] == 0xAD { width += try hyphenWidth(b - 1) }
            guard width <= limit else { break }
            lastFit = b
            k += 1
            mandatory = opportunities[k - 1].isMandatory
            if mandatory { break }
        }
        let line: LineSpan
        let wordEnd = k < opportunities.count ? opportunities[k].offset : n
        if let hyphenated = try hyphenated(&measure, word: (lastFit ?? start)..<wordEnd, mandatory: mandatory,
                                           hyphenWidth: hyphenWidth) {
            line = hyphenated
        } else if let lastFit {
            line = span(start, lastFit, broke: false)
        } else {
            // The next word alone does not fit: break it between grapheme clusters.
            let end = fittingGrapheme(&measure, upTo: wordEnd)
            line = span(start, end, broke: end < wordEnd)
        }
        start = line.range.upperBound
        return line
    }

    /// The line up to the last hyphenation point of `word` (the one that did not fit) that fits
    /// with its hyphen; nil without automatic hyphenation, after a mandatory break, at the
    /// paragraph's end or when no point fits.
    private func hyphenated(_ measure: inout ShapedText.LineWidths, word: Range<Int>, mandatory: Bool,
                            hyphenWidth: (Int) throws(TextError) -> Double) throws(TextError) -> LineSpan? {
        guard let hyphenPoints, !mandatory, k < opportunities.count else { return nil }
        // Points past the last grapheme that fits cannot fit with a hyphen either; a run of
        // letters cut `maximumTokenReach` further on is no word (the hyphenator gives it no
        // points either way), so a word a megabyte long is looked at only as far as a line goes.
        let reach = fittingGrapheme(&measure, upTo: word.upperBound)
        let looked = word.lowerBound..<min(word.upperBound, max(reach, word.lowerBound) + Hyphenator.maximumTokenReach + 1)
        for p in hyphenPoints(looked).reversed() where p > start && p > word.lowerBound && p <= reach {
            if measure.width(to: p) + (try hyphenWidth(p - 1)) <= limit {
                return LineSpan(range: start..<p, visibleEnd: p, brokeInsideWord: false, hyphenated: true)
            }
        }
        return nil
    }

    /// The last grapheme boundary after `start` and at most `end` up to which the line fits, or
    /// the first boundary after `start` when none does (a line holds at least one cluster).
    private func fittingGrapheme(_ measure: inout ShapedText.LineWidths, upTo end: Int) -> Int {
        let graphemes = text.graphemes
        var gi = ShapedText.lowerBound(graphemes.count) { graphemes[$0] <= start }
        var fit = graphemes[min(gi, graphemes.count - 1)]
        while gi + 1 < graphemes.count, graphemes[gi + 1] <= end, measure.width(to: graphemes[gi + 1]) <= limit {
            gi += 1
            fit = graphemes[gi]
        }
        return fit
    }

    private func span(_ start: Int, _ end: Int, broke: Bool) -> LineSpan {
        LineSpan(range: start..<end, visibleEnd: Self.trimmed(text, start, end), brokeInsideWord: broke)
    }

    /// `end` moved back over trailing white space (not before `start`).
    static func trimmed(_ text: ShapedText, _ start: Int, _ end: Int) -> Int {
        var e = end
        while e > start && text.piece.isWhitespace(at: e - 1) { e -= 1 }
        return e
    }
}
