import SheenRaster

/// Text made of runs, each carrying its attributes — NSAttributedString's role, built by appending.
///
/// Offsets reported by layout (`LaidOutGlyph.sourceOffset`, line ranges) are UTF-16 offsets into
/// `string`, the unit HarfBuzz and ICU index by.
public struct AttributedText: Hashable, Sendable {
    /// A range of the text (UTF-16 offsets) and the index of its attributes in `attributes`.
    public struct Run: Hashable, Sendable {
        /// UTF-16 offsets into `string`.
        public let range: Range<Int>
        /// Index into `AttributedText.attributes`.
        public let attributesIndex: Int
    }

    /// The whole text.
    public private(set) var string: String = ""
    /// The text as UTF-16 code units (what layout works on).
    public private(set) var utf16: [UInt16] = []
    /// Distinct attributes, in order of first use.
    public private(set) var attributes: [TextAttributes] = []
    /// Runs covering `utf16` without gaps, in order; adjacent runs never share attributes.
    public private(set) var runs: [Run] = []
    /// Where each of `attributes` is: an append finds its attributes in O(1), so a text built
    /// from many runs of many styles is built in linear time.
    private var attributeIndex: [TextAttributes: Int] = [:]

    /// Empty text.
    public init() {}

    /// Equal when the text, the attributes and the runs are (`string` follows from `utf16`).
    public static func == (a: AttributedText, b: AttributedText) -> Bool {
        a.utf16 == b.utf16 && a.runs == b.runs && a.attributes == b.attributes
    }

    /// Hashes what `==` compares.
    public func hash(into h: inout Hasher) {
        h.combine(utf16)
        h.combine(runs)
        h.combine(attributes)
    }

    /// Plain text in one style.
    public init(_ string: String, attributes: TextAttributes) { append(string, attributes: attributes) }

    /// Plain text in one font.
    public init(_ string: String, font: Font) { append(string, attributes: TextAttributes(font: font)) }

    /// Appends `string` styled with `attributes`.
    public mutating func append(_ piece: String, attributes attrs: TextAttributes) {
        let units = Array(piece.utf16)
        guard !units.isEmpty else {
            if attributes.isEmpty { attributes.append(attrs); attributeIndex[attrs] = 0 }
            return
        }
        let index: Int
        if let known = attributeIndex[attrs] {
            index = known
        } else {
            index = attributes.count
            attributes.append(attrs)
            attributeIndex[attrs] = index
        }
        let start = utf16.count
        string += piece
        utf16 += units
        if let last = runs.last, last.attributesIndex == index {
            runs[runs.count - 1] = Run(range: last.range.lowerBound..<utf16.count, attributesIndex: index)
        } else {
            runs.append(Run(range: start..<utf16.count, attributesIndex: index))
        }
    }

    /// Changes the attributes of every run overlapping `range` (UTF-16 offsets; all the text when
    /// nil) with `change`, splitting runs at the range's ends — NSMutableAttributedString's
    /// addAttributes(_:range:). Offsets outside the text are clamped.
    public mutating func updateAttributes(in range: Range<Int>? = nil, _ change: (inout TextAttributes) -> Void) {
        // Clamped, and widened so that no surrogate pair is split.
        var lo = max(0, min(range?.lowerBound ?? 0, utf16.count)), hi = max(lo, min(range?.upperBound ?? utf16.count, utf16.count))
        if lo > 0, lo < utf16.count, UTF16.isTrailSurrogate(utf16[lo]) { lo -= 1 }
        if hi > 0, hi < utf16.count, UTF16.isTrailSurrogate(utf16[hi]) { hi += 1 }
        if utf16.isEmpty {
            if range == nil, !attributes.isEmpty {
                change(&attributes[0])
                attributeIndex = [attributes[0]: 0]
            }
            return
        }
        var rebuilt = AttributedText()
        for run in runs {
            let text = attributes[run.attributesIndex]
            let pieces = [run.range.lowerBound..<max(run.range.lowerBound, min(lo, run.range.upperBound)),
                          max(lo, run.range.lowerBound)..<min(hi, run.range.upperBound),
                          max(run.range.lowerBound, min(hi, run.range.upperBound))..<run.range.upperBound]
            for (k, piece) in pieces.enumerated() where !piece.isEmpty {
                var a = text
                if k == 1 { change(&a) }
                rebuilt.append(String(decoding: utf16[piece], as: UTF16.self), attributes: a)
            }
        }
        self = rebuilt
    }

    /// Replaces the text in `range` (UTF-16 offsets, clamped to the text and widened so that no
    /// surrogate pair is split) with `string`, which takes the attributes of the text it touches —
    /// NSMutableAttributedString's replaceCharacters(in:with:): those of the first character
    /// replaced, or for an insertion of the character before it (after it at the start); an
    /// emptied text keeps them for what is typed next. Text made with `init()` and never appended
    /// to has no attributes to give: the call changes nothing. Linear in the text's length.
    public mutating func replaceCharacters(in range: Range<Int>, with string: String) {
        var lo = max(0, min(range.lowerBound, utf16.count)), hi = max(lo, min(range.upperBound, utf16.count))
        if lo > 0, lo < utf16.count, UTF16.isTrailSurrogate(utf16[lo]) { lo -= 1 }
        if hi > 0, hi < utf16.count, UTF16.isTrailSurrogate(utf16[hi]) { hi += 1 }
        guard !attributes.isEmpty else { return }
        let donor = attributesIndex(at: lo < hi || lo == 0 ? lo : lo - 1)
        let inserted = Array(string.utf16), delta = inserted.count - (hi - lo)
        // The runs spliced as the units are (integers only: no run's text is copied), neighbours
        // of the same attributes merged.
        var spliced: [Run] = []
        spliced.reserveCapacity(runs.count + 2)
        func push(_ range: Range<Int>, _ index: Int) {
            guard !range.isEmpty else { return }
            if let last = spliced.last, last.attributesIndex == index {
                spliced[spliced.count - 1] = Run(range: last.range.lowerBound..<range.upperBound, attributesIndex: index)
            } else {
                spliced.append(Run(range: range, attributesIndex: index))
            }
        }
        for run in runs where run.range.lowerBound < lo { push(run.range.lowerBound..<min(lo, run.range.upperBound), run.attributesIndex) }
        push(lo..<lo + inserted.count, donor)
        for run in runs where run.range.upperBound > hi {
            push(max(hi, run.range.lowerBound) + delta..<run.range.upperBound + delta, run.attributesIndex)
        }
        // Attributes stay distinct and in order of first use (what == compares): renumbered only
        // when the edit removed one or changed which comes first; an emptied text keeps the donor's.
        var number = [Int](repeating: -1, count: attributes.count), order: [Int] = []
        for run in spliced where number[run.attributesIndex] < 0 {
            number[run.attributesIndex] = order.count
            order.append(run.attributesIndex)
        }
        if order.isEmpty { order = [donor]; number[donor] = 0 }
        if order != Array(attributes.indices) {
            spliced = spliced.map { Run(range: $0.range, attributesIndex: number[$0.attributesIndex]) }
            attributes = order.map { attributes[$0] }
            attributeIndex = Dictionary(uniqueKeysWithValues: attributes.enumerated().map { ($1, $0) })
        }
        let first = String.Index(utf16Offset: lo, in: self.string), last = String.Index(utf16Offset: hi, in: self.string)
        self.string.replaceSubrange(first..<last, with: string)
        utf16.replaceSubrange(lo..<hi, with: inserted)
        runs = spliced
    }

    /// The attributes at UTF-16 offset `offset` (the last run's at the end; the first attributes
    /// of empty text). nil only for text made with `init()` and never appended to.
    public func attributes(at offset: Int) -> TextAttributes? {
        guard !attributes.isEmpty else { return nil }
        return attributes[attributesIndex(at: offset)]
    }

    func attributesIndex(at offset: Int) -> Int {
        guard !runs.isEmpty else { return 0 }
        var lo = 0, hi = runs.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if runs[mid].range.lowerBound <= offset { lo = mid } else { hi = mid - 1 }
        }
        return runs[lo].attributesIndex
    }
}
