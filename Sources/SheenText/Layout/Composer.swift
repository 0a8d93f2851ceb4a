import SheenRaster

/// Builds lines: breaking, line limits (count and height), truncation, tightening.
struct Composer {
    let paragraphs: [TextPiece]
    let attributes: [TextAttributes]
    let bounds: Size
    let options: TextLayoutOptions
    /// Automatic hyphenation, when the options ask for it.
    var hyphenator: Hyphenator? = nil
    /// Long paragraphs may be shaped in windows (`LineStream.windows`); false shapes every
    /// paragraph whole (tests compare the two).
    var windowsLongParagraphs = true

    /// The ellipsis truncation inserts.
    static let ellipsis = "\u{2026}"

    var maxWidth: Double? { bounds.width > 0 ? bounds.width : nil }

    func lineHeight(ascent: Double, descent: Double, gap: Double) -> Double {
        (ascent + descent + gap) * options.lineHeightMultiple
    }

    /// Lays the text out at `scale` × every font size.
    func compose(scale: Double) throws(TextError) -> Composition {
        // Long paragraphs a line limit cuts short are shaped a window at a time (`LineStream`);
        // the rare last line whose cut the window cannot decide is laid out again whole.
        if windowsLongParagraphs, LineStream.windows(self), let composed = try compose(scale: scale, windowed: true) { return composed }
        return try compose(scale: scale, windowed: false)!
    }

    /// `compose(scale:)` with long paragraphs shaped in windows or whole; nil when a windowed
    /// last line's rest within its window fits the bounds, so that what follows the window could
    /// decide whether it is cut (only windowed compositions return nil).
    private func compose(scale: Double, windowed: Bool) throws(TextError) -> Composition? {
        var result = Composition()
        let lineLimit = options.numberOfLines == 0 ? Int.max : options.numberOfLines
        var usedHeight = 0.0
        var stream = LineStream(composer: self, scale: scale, windowed: windowed)
        // Lines are broken as they are placed: once one is the last that fits, the rest of a
        // long paragraph is never broken.
        while let broken = try stream.next() {
            let (p, span, shapedParagraph) = (broken.paragraph, broken.span, broken.shaped)
            // The paragraph, or the window of it that was shaped (`broken.continues`: more follows).
            let paragraph = broken.piece
            let alignment = paragraph.style.alignment ?? options.alignment
            let endsParagraph = span.range.upperBound == paragraph.count && !broken.continues
            let moreAfter = !endsParagraph || p < paragraphs.count - 1
            let metrics = self.metrics(paragraph, span.range, shaped: shapedParagraph, scale: scale)
            let height = lineHeight(ascent: metrics.0, descent: metrics.1, gap: metrics.2)
            let index = result.lines.count
            let spaceBefore = broken.indexInParagraph == 0 && index > 0 ? paragraphSpacing(before: p) : 0
            let top = usedHeight + (index > 0 ? options.lineSpacing + spaceBefore : 0)
            usedHeight = top + height
            // Is there room for the next line? Measured with that line's own height — its own
            // fonts and fallback faces, as sizing and drawing measure it: a Latin line under a
            // taller Thai one fits where the Thai line's height would not.
            var nextFits = index + 1 < lineLimit
            if nextFits, moreAfter, bounds.height > 0, let next = try stream.peek() {
                let nextParagraph = next.piece
                let m = self.metrics(nextParagraph, next.span.range, shaped: next.shaped, scale: scale)
                let nextSpace = next.indexInParagraph == 0 ? paragraphSpacing(before: next.paragraph) : 0
                nextFits = usedHeight + options.lineSpacing + nextSpace + lineHeight(ascent: m.0, descent: m.1, gap: m.2)
                    <= bounds.height + 1e-9
            }
            if span.brokeInsideWord && options.lineBreakMode != .byCharWrapping { result.fits = false }
            if moreAfter && !nextFits {
                // The last permitted line: what remains of the paragraph is cut here.
                result.fits = false
                // A windowed last line is cut, clipped or truncated, where the paragraph shaped
                // whole would be: unless what the window holds before its margin fits the bounds,
                // and the cut might fall where the window's end shaped it differently.
                if broken.continues, options.lineBreakMode == .byClipping || options.lineBreakMode.truncates, let maxWidth,
                   shapedParagraph.width(span.range.lowerBound ..< max(span.range.lowerBound, paragraph.count - LineStream.windowMargin))
                    <= maxWidth + 1e-9 {
                    return nil
                }
                var line = try lastLine(paragraph, shapedParagraph, span: span, scale: scale,
                                        moreParagraphs: p < paragraphs.count - 1 || broken.continues)
                line.spaceBefore = spaceBefore
                line.alignment = alignment
                switch options.lineBreakMode {
                case .byWordWrapping, .byCharWrapping:
                    result.lostText = true
                case .byClipping:
                    result.lostText = p < paragraphs.count - 1 || broken.continues || line.shaped.width > (maxWidth ?? .infinity) + 1e-9
                case .byTruncatingHead, .byTruncatingMiddle, .byTruncatingTail:
                    result.lostText = line.isTruncated  // tightening may have made it fit
                }
                result.lines.append(line)
                return result
            }
            let visible = span.range.lowerBound..<span.visibleEnd
            let shaped: ShapedText
            if let hyphenated = hyphenatedPiece(paragraph, visible, hyphenated: span.hyphenated) {
                shaped = try ShapedText(hyphenated, attributes: attributes, scale: scale,
                                        paragraphLevel: shapedParagraph.paragraphLevel)
            } else if let cut = shapedParagraph.slice(visible) {
                shaped = cut
            } else {
                shaped = try ShapedText(paragraph.slice(visible), attributes: attributes, scale: scale,
                                        paragraphLevel: shapedParagraph.paragraphLevel)
            }
            let line = shaped.resolvingTabs()
            if let maxWidth, line.width > maxWidth + 1e-9 { result.fits = false }
            result.lines.append(ComposedLine(shaped: line, endsParagraph: endsParagraph, isTruncated: false,
                                             ascent: metrics.0, descent: metrics.1, gap: metrics.2,
                                             spaceBefore: spaceBefore, alignment: alignment))
        }
        return result
    }

    /// Space between paragraph `p` − 1 and paragraph `p`: the first's spacing after plus the
    /// second's spacing before, as TextKit adds them.
    func paragraphSpacing(before p: Int) -> Double {
        guard p > 0 else { return 0 }
        return paragraphs[p - 1].style.paragraphSpacing + paragraphs[p].style.paragraphSpacingBefore
    }

    /// The visible units `range` of a paragraph with a hyphen after them, when the line was broken
    /// at a soft hyphen (U+00AD) or by automatic hyphenation (`hyphenated`) inside the
    /// paragraph; nil otherwise. The hyphen takes the attributes of the character before it.
    func hyphenatedPiece(_ paragraph: TextPiece, _ range: Range<Int>, hyphenated: Bool) -> TextPiece? {
        guard range.upperBound < paragraph.count, range.upperBound > range.lowerBound,
              hyphenated || paragraph.units[range.upperBound - 1] == 0xAD else { return nil }
        return paragraph.slice(range) + .inserted(Self.hyphen, attributesIndex: paragraph.attributes[range.upperBound - 1])
    }

    /// The hyphen drawn at soft-hyphen breaks: U+002D, the one every font has (CoreText's choice).
    static let hyphen = "-"

    /// Largest ascender, descender and line gap (pixels) of the fonts on `range` of `piece`, and
    /// of every face that `shaped` (the piece shaped) drew that range with: fallback faces (Thai,
    /// CJK, emoji) grow the line as they do in Pango, CoreText and SkParagraph, so their marks
    /// stay inside it. An empty range has the metrics of its attributes' font alone.
    func metrics(_ piece: TextPiece, _ range: Range<Int>, shaped: ShapedText, scale: Double) -> (Double, Double, Double) {
        var a = 0.0, d = 0.0, g = 0.0
        let indices = range.isEmpty ? [range.lowerBound < piece.count ? piece.attributes[range.lowerBound] : piece.emptyAttributes]
            : piece.attributes[range]
        var last = -1
        for i in indices where i != last {
            last = i  // runs of one attributes index: each looked at once per run (max is idempotent)
            let font = attributes[i].font, raise = attributes[i].baselineOffset
            a = max(a, (font.ascender + raise) * scale); d = max(d, (font.descender - raise) * scale)
            g = max(g, font.lineGap * scale)
        }
        // Runs are in logical order over ascending ranges: start at the first that reaches
        // `range` (a binary search, so a paragraph of many lines and runs stays linear).
        let first = ShapedText.lowerBound(shaped.runs.count) { shaped.runs[$0].range.upperBound <= range.lowerBound }
        for run in shaped.runs[first...] {
            guard run.range.lowerBound < range.upperBound else { break }
            guard run.range.overlaps(range) else { continue }
            let font = attributes[run.attributesIndex].font
            guard run.face !== font.primaryFace else { continue }
            let face = run.face, px = run.size / Double(face.unitsPerEm)
            let raise = attributes[run.attributesIndex].baselineOffset * scale
            a = max(a, face.ascender * px + raise); d = max(d, -face.descender * px - raise)
            g = max(g, face.lineGap * px)
        }
        return (a, d, g)
    }

    /// The last permitted line when text remains after it, by line-break mode.
    private func lastLine(_ paragraph: TextPiece, _ shapedParagraph: ShapedText, span: LineSpan, scale: Double,
                          moreParagraphs: Bool) throws(TextError) -> ComposedLine {
        let level = shapedParagraph.paragraphLevel
        let metrics = self.metrics(paragraph, span.range, shaped: shapedParagraph, scale: scale)
        func line(_ piece: TextPiece, truncated: Bool, tracking: Double = 0) throws(TextError) -> ComposedLine {
            ComposedLine(shaped: try ShapedText(piece, attributes: attributes, scale: scale, paragraphLevel: level,
                                                extraTracking: tracking).resolvingTabs(),
                         endsParagraph: true, isTruncated: truncated, ascent: metrics.0, descent: metrics.1, gap: metrics.2)
        }
        let restEnd = LineBreaker.trimmed(shapedParagraph, span.range.lowerBound, paragraph.count)
        let rest = span.range.lowerBound..<restEnd
        switch options.lineBreakMode {
        case .byWordWrapping, .byCharWrapping:
            let visible = span.range.lowerBound..<span.visibleEnd
            return try line(hyphenatedPiece(paragraph, visible, hyphenated: span.hyphenated) ?? paragraph.slice(visible), truncated: false)
        case .byClipping:
            let end = clipEnd(shapedParagraph, rest)
            var clipped = try line(paragraph.slice(rest.lowerBound..<end), truncated: false)
            clipped.isClipped = clipped.shaped.width > (maxWidth ?? .infinity) + 1e-9
            return clipped
        case .byTruncatingHead, .byTruncatingTail, .byTruncatingMiddle:
            // Tail truncation also marks text dropped after this paragraph.
            let needsMark = options.lineBreakMode == .byTruncatingTail && moreParagraphs
            if let maxWidth {
                let natural = shapedParagraph.width(rest)
                if moreParagraphs, !needsMark {
                    // Head and middle truncation cut within a line; text dropped after the last
                    // line is marked at its end too, so that no cut goes unmarked (as
                    // NSStringDrawingTruncatesLastVisibleLine marks the last visible line).
                    let marked = try line(paragraph.slice(rest) + .inserted(Self.ellipsis,
                        attributesIndex: paragraph.isEmpty ? paragraph.emptyAttributes : paragraph.attributes[max(rest.upperBound - 1, 0)]),
                        truncated: true)
                    if marked.shaped.width <= maxWidth + 1e-9 { return marked }
                }
                if natural <= maxWidth + 1e-9 && !needsMark && !moreParagraphs {
                    return try line(paragraph.slice(rest), truncated: false)
                }
                if options.allowsDefaultTighteningForTruncation, !needsMark, !moreParagraphs, natural * 0.95 <= maxWidth {
                    let gaps = Double(max(1, clusterCount(shapedParagraph, rest)))
                    var tracking = -(natural - maxWidth) / gaps
                    for _ in 0..<4 {
                        let tightened = try line(paragraph.slice(rest), truncated: false, tracking: tracking)
                        if tightened.shaped.width <= maxWidth + 1e-9 { return tightened }
                        tracking -= (tightened.shaped.width - maxWidth) / gaps + 1e-6
                    }
                }
            }
            return try truncated(paragraph, shapedParagraph, rest, forceMark: needsMark || moreParagraphs, scale: scale, level: level) {
                piece, truncated throws(TextError) in try line(piece, truncated: truncated)
            }
        }
    }

    /// Where a clipped last line holding `rest` of a shaped paragraph ends: after the cluster the
    /// bounds' edge cuts and one more (whose ink may reach back over the edge), moved on past any
    /// run embedded deeper than the paragraph (it reorders as a whole) and to the next cut
    /// HarfBuzz marks safe (so the line's glyphs are the paragraph's) within `clipSearch`
    /// clusters — a joined script's word may have none, and then only the cluster outside the
    /// frame takes another form. What the frame shows of the line, measured and rasterised at a
    /// cost independent of the paragraph's length; the whole rest when the bounds are
    /// unconstrained or it fits.
    private func clipEnd(_ shaped: ShapedText, _ rest: Range<Int>) -> Int {
        guard let maxWidth else { return rest.upperBound }
        let g = shaped.graphemes
        var widths = ShapedText.LineWidths(shaped, from: rest.lowerBound)
        var k = ShapedText.lowerBound(g.count) { g[$0] <= rest.lowerBound }
        while k < g.count, g[k] < rest.upperBound, widths.width(to: g[k]) < maxWidth { k += 1 }
        k += 1
        guard k < g.count, g[k] < rest.upperBound else { return rest.upperBound }
        var end = g[k]
        while let runEnd = shaped.embeddedRunEnd(at: end), runEnd < rest.upperBound { end = runEnd }
        guard end < rest.upperBound else { return rest.upperBound }
        k = ShapedText.lowerBound(g.count) { g[$0] < end }
        for safe in g[k ..< min(g.count, k + Self.clipSearch)] where safe >= rest.upperBound || shaped.isSafeCut(safe) {
            return min(safe, rest.upperBound)
        }
        return end
    }

    /// Clusters a clipped line may grow by to end where HarfBuzz allows a cut (`clipEnd`).
    static let clipSearch = 16

    /// Grapheme clusters in `range` of a shaped paragraph.
    private func clusterCount(_ shaped: ShapedText, _ range: Range<Int>) -> Int {
        shaped.graphemes.filter { $0 > range.lowerBound && $0 <= range.upperBound }.count
    }

    /// `rest` with "…" replacing what does not fit, at the head, middle or tail.
    private func truncated(_ paragraph: TextPiece, _ shaped: ShapedText, _ rest: Range<Int>, forceMark: Bool,
                           scale: Double, level: UInt8,
                           line: (TextPiece, Bool) throws(TextError) -> ComposedLine) throws(TextError) -> ComposedLine {
        let boundaries = shaped.graphemes.filter { $0 >= rest.lowerBound && $0 <= rest.upperBound }
        // The ellipsis takes the attributes of the text it replaces or adjoins (an empty
        // paragraph has none of its own: its line's attributes).
        func mark(at offset: Int) -> TextPiece {
            .inserted(Self.ellipsis, attributesIndex: paragraph.isEmpty ? paragraph.emptyAttributes
                      : paragraph.attributes[min(max(offset, 0), paragraph.count - 1)])
        }
        func trimEnd(_ b: Int) -> Int { LineBreaker.trimmed(shaped, rest.lowerBound, b) }
        func trimStart(_ a: Int) -> Int {
            var s = a; while s < rest.upperBound && paragraph.isWhitespace(at: s) { s += 1 }; return s
        }
        func head(_ b: Int) -> TextPiece { paragraph.slice(rest.lowerBound..<trimEnd(b)) }
        func tail(_ a: Int) -> TextPiece { paragraph.slice(trimStart(a)..<rest.upperBound) }
        guard let maxWidth, !paragraph.isEmpty else {
            return try line(paragraph.slice(rest) + mark(at: rest.upperBound - 1), true)
        }
        let markWidth = try ShapedText(mark(at: rest.lowerBound), attributes: attributes, scale: scale,
                                       paragraphLevel: level).width
        let budget = maxWidth - markWidth
        // Head widths all start at the rest's start: measured from one pen state per tab.
        var heads = ShapedText.LineWidths(shaped, from: rest.lowerBound)
        func headWidth(_ b: Int) -> Double { heads.width(to: trimEnd(b)) }
        func tailWidth(_ a: Int) -> Double { shaped.width(trimStart(a)..<rest.upperBound) }

        // Candidates from most to least text (by the paragraph's widths); the first whose own
        // shaped width fits wins, since shaping beside "…" can differ slightly (kerning).
        var candidates: [TextPiece] = []
        switch options.lineBreakMode {
        case .byTruncatingHead:
            // A tail's width is laid out from its own start: across tabs that costs the tabs in
            // it, so scanning every boundary from the rest's start would cost time quadratic in
            // them. A tail loses width as it loses characters (each tab's stop moves left with
            // the pen), so the scan starts at the first boundary whose tail fits, found by
            // bisection; without tabs a width costs O(1) and every boundary is scanned.
            var first = 0
            if !shaped.tabs(in: rest).isEmpty {
                first = ShapedText.lowerBound(boundaries.count) { tailWidth(boundaries[$0]) > budget }
            }
            for b in boundaries[first...] where (b > rest.lowerBound || forceMark) && tailWidth(b) <= budget {
                candidates.append(mark(at: trimStart(b)) + tail(b))
                if candidates.count == 3 { break }
            }
        case .byTruncatingMiddle:
            // Grow the kept head and tail alternately while both fit around "…".
            let last = boundaries.count - 1
            var hi = 0, ti = last
            func fits(_ h: Int, _ t: Int) -> Bool { h <= t && headWidth(boundaries[h]) + tailWidth(boundaries[t]) <= budget }
            var turnHead = true
            while hi < ti {
                if turnHead && fits(hi + 1, ti) { hi += 1 }
                else if fits(hi, ti - 1) { ti -= 1 }
                else if fits(hi + 1, ti) { hi += 1 }
                else { break }
                turnHead.toggle()
            }
            for k in 0..<3 {
                candidates.append(head(boundaries[hi]) + mark(at: trimEnd(boundaries[hi])) + tail(boundaries[ti]))
                if (k % 2 == 0 || ti == last) && hi > 0 { hi -= 1 } else if ti < last { ti += 1 } else { break }
            }
        default:
            for b in boundaries.reversed() where (b < rest.upperBound || forceMark) && headWidth(b) <= budget {
                candidates.append(head(b) + mark(at: max(trimEnd(b) - 1, rest.lowerBound)))
                if candidates.count == 3 { break }
            }
        }
        for candidate in candidates {
            let composed = try line(candidate, true)
            if composed.shaped.width <= maxWidth + 1e-9 { return composed }
        }
        return try line(mark(at: rest.lowerBound), true)
    }
}


/// The lines for one scale, and whether the text fit without losing anything.
struct Composition {
    var lines: [ComposedLine] = []
    /// Every character shown, no word broken inside for lack of room, no line wider than the bounds.
    var fits = true
    /// Some text was dropped or replaced by "…".
    var lostText = false
}


/// A line chosen and shaped, not yet placed.
struct ComposedLine {
    var shaped: ShapedText
    /// The line ends its paragraph (justification leaves such lines at natural alignment).
    var endsParagraph: Bool
    /// "…" was inserted.
    var isTruncated: Bool
    /// The last line of `.byClipping`, wider than the bounds (and cut after the cluster their edge
    /// cuts): it starts at its paragraph's leading edge whatever the alignment, since no
    /// alignment shows it whole.
    var isClipped = false
    /// Font metrics of the line in pixels: the largest ascender, descender and line gap of the
    /// fonts on it (the paragraph's font for an empty line), grown by raised and lowered runs.
    var ascent: Double, descent: Double, gap: Double
    /// Extra space above the line: the paragraph spacing before a paragraph's first line.
    var spaceBefore = 0.0
    /// The paragraph's alignment (its style's, else the options').
    var alignment: TextAlignment = .natural
}


/// One line chosen by line breaking, in paragraph UTF-16 offsets.
struct LineSpan {
    /// The units on the line, trailing white space included.
    var range: Range<Int>
    /// End of the visible text: `range.upperBound` less trailing white space.
    var visibleEnd: Int
    /// The line ends inside a word because the word alone is wider than the line.
    var brokeInsideWord: Bool
    /// Automatic hyphenation broke the line inside a word: a hyphen is drawn at its end.
    var hyphenated = false
}


/// The lines of every paragraph in order, broken one at a time, with one line of lookahead:
/// whether the next line fits depends on its own height, which is known once it is broken (and,
/// at a paragraph's end, once the next paragraph is shaped — only then, and only when a height
/// limit asks).
struct LineStream {
    /// A line as broken: its paragraph, its span in it, that paragraph shaped (`piece`: the
    /// paragraph, or the window of it that was shaped), its place among the paragraph's lines, and
    /// whether more of the paragraph follows `piece` (a window).
    struct Broken {
        let paragraph: Int
        let span: LineSpan
        let shaped: ShapedText
        let indexInParagraph: Int
        let piece: TextPiece
        let continues: Bool
    }

    /// A paragraph longer than this many UTF-16 units is shaped a window at a time when the
    /// bounds have a width, a line limit (a count, or the bounds' height) may end the layout
    /// inside it, and its last line depends only on its start (not head or middle truncation):
    /// shaping, bidi and break iteration of a megabyte cost memory in proportion (about 150 bytes
    /// a unit), and a label showing three lines of it needs a few hundred units.
    static let windowUnits = 16_384
    /// Lines must end this many units before a window's end, where shaping, bidi resolution and
    /// line breaking may depend on what follows the cut; a line that reaches further grows the
    /// window fourfold and breaks the paragraph again.
    static let windowMargin = 1_024

    /// Whether `composer` shapes long paragraphs in windows.
    static func windows(_ composer: Composer) -> Bool {
        // Unconstrained in width, the first line takes the whole paragraph: nothing to save.
        composer.maxWidth != nil && (composer.options.numberOfLines > 0 || composer.bounds.height > 0)
            && composer.options.lineBreakMode != .byTruncatingHead && composer.options.lineBreakMode != .byTruncatingMiddle
            && composer.paragraphs.contains { $0.count > windowUnits }
    }

    let composer: Composer
    let scale: Double
    let windowed: Bool
    private var hyphens: HyphenWidths
    private var paragraph = -1
    private var breaker: LineBreaker?
    private var indexInParagraph = 0
    private var peeked: Broken??
    /// The current paragraph, or the window of it shaped, and the window's length (nil: whole).
    private var piece = TextPiece()
    private var window: Int?
    /// The current paragraph's base direction, once a window has needed it (every window of the
    /// paragraph shares it: found once, not per window).
    private var baseLevel: UInt8?

    init(composer: Composer, scale: Double, windowed: Bool = false) {
        self.composer = composer
        self.scale = scale
        self.windowed = windowed
        hyphens = HyphenWidths(composer: composer, scale: scale)
    }

    /// The next line, or nil after the last.
    mutating func next() throws(TextError) -> Broken? {
        if let peeked {
            self.peeked = nil
            return peeked
        }
        return try advance()
    }

    /// The line `next()` will return, without taking it.
    mutating func peek() throws(TextError) -> Broken? {
        if let peeked { return peeked }
        let made = try advance()
        peeked = .some(made)
        return made
    }

    private mutating func advance() throws(TextError) -> Broken? {
        while true {
            if breaker != nil {
                // In place: a copy of the breaker would retain every array of its shaped text.
                let attributes = piece.attributes
                let span = try breaker!.next { offset throws(TextError) in try hyphens.width(attributes[offset]) }
                if let window, span.map({ $0.range.upperBound > window - Self.windowMargin }) ?? true {
                    // The line reaches where the window's cut may change it: a window four times
                    // as long, broken again up to this line.
                    try shape(window: 4 * window)
                    for _ in 0 ..< indexInParagraph { _ = try breaker!.next { offset throws(TextError) in try hyphens.width(piece.attributes[offset]) } }
                    continue
                }
                if let span {
                    defer { indexInParagraph += 1 }
                    return Broken(paragraph: paragraph, span: span, shaped: breaker!.text, indexInParagraph: indexInParagraph,
                                  piece: piece, continues: window != nil)
                }
            }
            paragraph += 1
            guard paragraph < composer.paragraphs.count else {
                breaker = nil
                return nil
            }
            indexInParagraph = 0
            baseLevel = nil
            try shape(window: windowed ? Self.windowUnits : nil)
        }
    }

    /// Shapes the current paragraph — its first `window` units, or all of it when it is no
    /// longer (or `window` is nil) — and starts breaking it. A window keeps the whole paragraph's
    /// base direction (its first strong character may lie past the cut).
    private mutating func shape(window: Int?) throws(TextError) {
        let whole = composer.paragraphs[paragraph]
        if let window, whole.count > window {
            if baseLevel == nil {
                let highest = whole.units.max() ?? 0
                baseLevel = try BidiLevels(whole.units, paragraphLevel: nil, leftToRightOnly: highest < 0x590).paragraphLevel
            }
            piece = whole.slice(0 ..< window)
            self.window = window
        } else {
            piece = whole
            self.window = nil
        }
        breaker = nil
        // A whole paragraph finds its own direction (nil); a window takes the paragraph's.
        let made = try ShapedText(piece, attributes: composer.attributes, scale: scale,
                                  paragraphLevel: self.window == nil ? nil : baseLevel)
        let units = piece.units
        breaker = try LineBreaker(made, maxWidth: composer.maxWidth,
                                  charWrap: composer.options.lineBreakMode == .byCharWrapping,
                                  hyphenPoints: composer.hyphenator.map { h in { h.points(in: units, $0) } })
    }
}

/// The width of the hyphen a soft-hyphen break adds, per attributes, shaped once per layout pass.
struct HyphenWidths {
    let composer: Composer
    let scale: Double
    private var known: [Int: Double] = [:]

    init(composer: Composer, scale: Double) { self.composer = composer; self.scale = scale }

    mutating func width(_ attributesIndex: Int) throws(TextError) -> Double {
        if let w = known[attributesIndex] { return w }
        let w = try ShapedText(.inserted(Composer.hyphen, attributesIndex: attributesIndex),
                               attributes: composer.attributes, scale: scale, paragraphLevel: 0).width
        known[attributesIndex] = w
        return w
    }
}
