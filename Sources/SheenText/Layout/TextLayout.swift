import SheenRaster

/// Text laid out in a bounds size, UILabel style: paragraphs (split at hard line breaks), bidi,
/// fallback fonts, shaping, wrapping, truncation, auto-shrink and alignment. Coordinates are
/// pixels from the top-left of the bounds, y downwards.
///
/// A layout is an immutable value; building one does not rasterise (masks and ink rectangles
/// are made on request through a `GlyphCache`, see TextLayout+Mask).
public struct TextLayout: Sendable {
    /// Longest accepted text in UTF-16 code units (about 1 M): layout time and memory are linear
    /// in the length, and this bounds both.
    public static let maximumLength = 1 << 20
    /// Largest mask (width × height pixels) the mask functions make: 2^28, a 16384 × 16384 A8.
    public static let maximumMaskPixels = 1 << 28
    /// Most combining marks (general categories Mn, Mc, Me) one character may carry in a row.
    /// Each stacks above or below the last, so without a limit a few kilobytes of text draw a
    /// mask of any height (8,000 marks on one letter made one 92,517 pixels tall). Unicode's
    /// stream-safe format allows 30; this allows more than any script needs.
    public static let maximumMarksPerCharacter = 128

    /// The text laid out.
    public let text: AttributedText
    /// The bounds size; 0 in a direction means unconstrained in it.
    public let bounds: Size
    /// The options used.
    public let options: TextLayoutOptions
    /// Lines, top to bottom.
    public let lines: [LaidOutLine]
    /// The auto-shrink scale applied to every font size (1 when the text fit or shrinking is off).
    public let scale: Double
    /// True when text was dropped or replaced by "…".
    public let isTruncated: Bool
    /// The stacked line boxes: x from the leftmost line start to the rightmost line end, y from the
    /// first line's top to the last line's bottom.
    public let textRect: Rect
    /// Grapheme boundaries and caret clusters, found on the first caret query (TextLayout+Caret).
    let caretMemo = CaretMemo()

    /// Lays `text` out in `bounds` (0 = unconstrained in that direction). Throws for invalid options,
    /// bounds that are negative or not finite, text longer than `maximumLength`, or more than
    /// `maximumMarksPerCharacter` combining marks in a row (`TextError.tooManyMarks`).
    public init(_ text: AttributedText, bounds: Size = .zero, options: TextLayoutOptions = TextLayoutOptions()) throws(TextError) {
        try self.init(text, bounds: bounds, options: options, windowsLongParagraphs: true)
    }

    /// `init(_:bounds:options:)`, long paragraphs shaped in windows or (false) whole: the same
    /// layout either way, which tests hold it to.
    init(_ text: AttributedText, bounds: Size, options: TextLayoutOptions, windowsLongParagraphs: Bool) throws(TextError) {
        let options = try options.validated()
        for (name, v) in [("bounds.width", bounds.width), ("bounds.height", bounds.height)] where !(v.isFinite && v >= 0 && v <= 1e7) {
            throw .invalidParameter(name: name, value: v, allowed: "[0, 10^7] px, 0 = unconstrained")
        }
        try Self.validate(text)
        self.text = text
        self.bounds = bounds
        self.options = options
        guard !text.attributes.isEmpty else {
            lines = []; scale = 1; isTruncated = false; textRect = .zero
            return
        }
        let hyphenator = try options.hyphenationLanguage.map { language throws(TextError) in try Hyphenator.forLanguage(language) }
        let composer = Composer(paragraphs: Self.paragraphs(of: text), attributes: text.attributes,
                                bounds: bounds, options: options, hyphenator: hyphenator,
                                windowsLongParagraphs: windowsLongParagraphs)
        var composition = try composer.compose(scale: 1)
        var scale = 1.0
        let minimum = options.minimumScaleFactor
        if options.adjustsFontSizeToFitWidth, minimum > 0, minimum < 1, !composition.fits {
            // The largest scale in [minimum, 1] at which the text fits, to 0.5 px of font size.
            let reference = text.attributes.map(\.font.size).max() ?? 1
            let atMinimum = try composer.compose(scale: minimum)
            composition = atMinimum
            scale = minimum
            if atMinimum.fits {
                var lo = minimum, hi = 1.0
                while (hi - lo) * reference > 0.5 {
                    let mid = (lo + hi) / 2
                    let attempt = try composer.compose(scale: mid)
                    if attempt.fits { lo = mid; composition = attempt } else { hi = mid }
                }
                scale = lo
            }
        }
        self.scale = scale
        self.isTruncated = composition.lostText
        let unshrunk = scale < 1 && composition.lines.count == 1 ? try composer.compose(scale: 1).lines.first : nil
        // The composed lines handed over, held nowhere else: placing frees each as it goes.
        var composed = composition.lines
        composition = Composition()
        let placed = Placement(composer: composer, unshrunk: unshrunk).place(&composed)
        self.lines = placed.lines
        self.textRect = placed.textRect
    }

    /// This layout with only the glyphs whose pen x lies in `penX` (layout pixels), every glyph
    /// where it was: what a view showing a window of a long line draws (a text field scrolled
    /// along a megabyte of text rasterises the glyphs it shows, not all of them). Lines, their
    /// boxes, segments and source ranges are kept whole; nil when every glyph is in the window.
    package func keepingGlyphs(penX: ClosedRange<Double>) -> TextLayout? {
        var dropped = false
        let kept = lines.map { line in
            // Indices, not copies: reading a Double per glyph retains no face.
            let inside = line.glyphs.indices.filter { penX.contains(line.glyphs[$0].penX) }
            dropped = dropped || inside.count < line.glyphs.count
            return line.with(glyphs: inside.map { line.glyphs[$0] })
        }
        return dropped ? with(lines: kept) : nil
    }

    /// This layout drawing only the lines whose line box meets `y` (layout pixels): the others
    /// keep their place, metrics and text but draw no glyphs — what a scrolled text view shows
    /// of a long text. nil when every line meets it.
    package func keepingLines(y: ClosedRange<Double>) -> TextLayout? {
        var dropped = false
        let kept = lines.map { line in
            guard line.lineBox.maxY < y.lowerBound || line.lineBox.y > y.upperBound else { return line }
            dropped = dropped || !line.glyphs.isEmpty
            return line.with(glyphs: [])
        }
        return dropped ? with(lines: kept) : nil
    }

    /// This layout with `lines` in place of its own (the same lines, some glyphs left out).
    func with(lines: [LaidOutLine]) -> TextLayout {
        TextLayout(text: text, bounds: bounds, options: options, lines: lines, scale: scale, isTruncated: isTruncated,
                   textRect: textRect)
    }

    private init(text: AttributedText, bounds: Size, options: TextLayoutOptions, lines: [LaidOutLine], scale: Double,
                 isTruncated: Bool, textRect: Rect) {
        self.text = text
        self.bounds = bounds
        self.options = options
        self.lines = lines
        self.scale = scale
        self.isTruncated = isTruncated
        self.textRect = textRect
    }

    /// Splits at hard line breaks (LF, CR, CR LF, VT, FF, NEL, U+2028, U+2029); the breaks
    /// themselves are not part of any paragraph. Empty text is one empty paragraph. One break at
    /// the very end ends the last paragraph and starts none, as UILabel and Pango draw it — a
    /// file saved by an editor ends in one — so "a\n" is one line and "a\n\n" two, the second
    /// empty.
    static func paragraphs(of text: AttributedText) -> [TextPiece] {
        let units = text.utf16
        var attrs = [Int](repeating: 0, count: units.count)
        for run in text.runs { for i in run.range { attrs[i] = run.attributesIndex } }
        var out: [TextPiece] = []
        var start = 0, i = 0
        func cut(_ end: Int) {
            var piece = TextPiece(units: Array(units[start..<end]), source: Array(start..<end),
                                  attributes: Array(attrs[start..<end]), anchor: start)
            // An empty paragraph takes the attributes of the break that ends it (or the last run).
            piece.emptyAttributes = attrs.isEmpty ? 0 : attrs[min(start, attrs.count - 1)]
            piece.paragraphStyle = text.attributes[piece.isEmpty ? piece.emptyAttributes : piece.attributes[0]].paragraphStyle
                ?? ParagraphStyle()
            out.append(piece)
        }
        while i < units.count {
            let u = units[i]
            if u == 0x0D {
                cut(i); i += (i + 1 < units.count && units[i + 1] == 0x0A) ? 2 : 1; start = i
            } else if HardLineBreak.contains(UInt32(u)) {
                cut(i); i += 1; start = i
            } else {
                i += 1
            }
        }
        if start < units.count || out.isEmpty { cut(units.count) }
        return out
    }
}

extension TextLayout {
    /// Checks what laying `text` out checks about the text itself, without laying it out: its
    /// length (`maximumLength`), its runs of combining marks (`maximumMarksPerCharacter`) and
    /// every attribute's values. A setter-style API calls it to refuse a text at once.
    public static func validate(_ text: AttributedText) throws(TextError) {
        guard text.utf16.count <= maximumLength else {
            throw .textTooLong(length: text.utf16.count, maximum: maximumLength)
        }
        try checkMarks(text.utf16)
        for a in text.attributes { try a.validate() }
    }

    /// `validate(_:)` of `text` with `piece` appended in `attributes`, given that `text` itself
    /// is valid: in time linear in the piece (a run of marks continuing across the join is
    /// counted whole), so that building a text by many appends stays linear.
    public static func validate(appending piece: String, attributes: TextAttributes, to text: AttributedText) throws(TextError) {
        try attributes.validate()
        let units = Array(piece.utf16)
        guard text.utf16.count + units.count <= maximumLength else {
            throw .textTooLong(length: text.utf16.count + units.count, maximum: maximumLength)
        }
        // The text's last units, enough to hold any run of marks the piece may continue.
        let from = max(0, text.utf16.count - maximumMarksPerCharacter - 2)
        do {
            try checkMarks(Array(text.utf16[from...]) + units)
        } catch let .tooManyMarks(offset, maximum) {
            throw .tooManyMarks(offset: from + offset, maximum: maximum)
        }
    }

    /// Throws `TextError.tooManyMarks` at the first run of more than `maximumMarksPerCharacter`
    /// combining marks (unpaired surrogates count as no mark; shaping shows them as .notdef).
    static func checkMarks(_ utf16: [UInt16]) throws(TextError) {
        var run = 0, start = 0, i = 0
        let n = utf16.count
        while i < n {
            let u = utf16[i]
            // Below U+0300 nothing is a combining mark, nor is any CJK or Hangul letter: most
            // text never looks a property up.
            if u < 0x300 || FontChain.isPlainSyllabic(UInt32(u)) {
                run = 0
                i += 1
                continue
            }
            var value = UInt32(u)   // a lone surrogate has no traits: not a mark
            var width = 1
            if UTF16.isLeadSurrogate(u), i + 1 < n, UTF16.isTrailSurrogate(utf16[i + 1]) {
                value = 0x10000 + (UInt32(u - 0xD800) << 10) + UInt32(utf16[i + 1] - 0xDC00)
                width = 2
            }
            if ScalarTraits.of(value).contains(.mark) {
                if run == 0 { start = i }
                run += 1
                if run > maximumMarksPerCharacter {
                    throw .tooManyMarks(offset: start, maximum: maximumMarksPerCharacter)
                }
            } else {
                run = 0
            }
            i += width
        }
    }
}
