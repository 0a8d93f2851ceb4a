/// A stretch of text on its way to being shaped: UTF-16 units, each with its attributes and the
/// offset it came from in the original text (−1 for text layout inserted, such as "…").
struct TextPiece {
    var units: [UInt16] = []
    var source: [Int] = []
    var attributes: [Int] = []
    /// Attributes for metrics when the piece is empty (an empty paragraph).
    var emptyAttributes = 0
    /// The style of the paragraph the piece comes from; nil for text layout inserted.
    var paragraphStyle: ParagraphStyle?
    /// Offset in the original text where the piece begins, so an empty piece (an empty or
    /// white-space-only line) still knows where it stands; −1 for text layout inserted.
    var anchor = -1

    var count: Int { units.count }
    var isEmpty: Bool { units.isEmpty }

    /// The units `range` of this piece, keeping their origins.
    func slice(_ range: Range<Int>) -> TextPiece {
        TextPiece(units: Array(units[range]), source: Array(source[range]), attributes: Array(attributes[range]),
                  emptyAttributes: range.isEmpty ? (range.lowerBound < count ? attributes[range.lowerBound] : emptyAttributes) : attributes[range.lowerBound],
                  paragraphStyle: paragraphStyle, anchor: offset(at: range.lowerBound))
    }

    /// The original-text offset of unit `i` (0…count): one past the last unit at the end, the
    /// piece's anchor when it is empty.
    func offset(at i: Int) -> Int {
        if i < count { return source[i] }
        guard let last = source.last, last >= 0 else { return anchor }
        return last + 1
    }

    /// This piece followed by `other`.
    static func + (a: TextPiece, b: TextPiece) -> TextPiece {
        TextPiece(units: a.units + b.units, source: a.source + b.source, attributes: a.attributes + b.attributes,
                  emptyAttributes: a.isEmpty ? b.emptyAttributes : a.emptyAttributes,
                  paragraphStyle: a.paragraphStyle ?? b.paragraphStyle, anchor: a.anchor >= 0 ? a.anchor : b.anchor)
    }

    /// Inserted text (origin −1) in the attributes `attributesIndex`.
    static func inserted(_ string: String, attributesIndex: Int) -> TextPiece {
        let units = Array(string.utf16)
        return TextPiece(units: units, source: Array(repeating: -1, count: units.count),
                         attributes: Array(repeating: attributesIndex, count: units.count))
    }

    /// The Unicode scalars with the UTF-16 offset each starts at; a lone surrogate reads as U+FFFD.
    func scalars() -> [(offset: Int, scalar: Unicode.Scalar)] {
        var out: [(offset: Int, scalar: Unicode.Scalar)] = []
        out.reserveCapacity(units.count)
        var i = 0
        while i < units.count {
            let u = units[i]
            if UTF16.isLeadSurrogate(u), i + 1 < units.count, UTF16.isTrailSurrogate(units[i + 1]) {
                let value = 0x10000 + ((UInt32(u) - 0xD800) << 10) + (UInt32(units[i + 1]) - 0xDC00)
                out.append((i, Unicode.Scalar(value) ?? "\u{FFFD}"))
                i += 2
            } else {
                out.append((i, Unicode.Scalar(u) ?? "\u{FFFD}"))
                i += 1
            }
        }
        return out
    }

    /// The paragraph's tab stops and alignment (defaults for inserted text on its own).
    var style: ParagraphStyle { paragraphStyle ?? ParagraphStyle() }

    /// True when the unit at `offset` is white space (U+0020, tab, NBSP, ideographic space, …).
    func isWhitespace(at offset: Int) -> Bool {
        let u = units[offset]
        // Printable ASCII other than the space is never white space: no property lookup for the
        // letters of a long word, which truncation and line breaking ask about one by one.
        if u > 0x20 && u < 0x7F || FontChain.isPlainSyllabic(UInt32(u)) { return false }
        return ScalarTraits.of(UInt32(u)).contains(.whitespace)
    }
}
