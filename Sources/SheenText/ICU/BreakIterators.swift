import CICU

/// ICU's break iterators over UTF-16 text.
enum BreakIterators {
    /// Line-break opportunities after position 0, in order; the last is always `text.count`.
    static func lineBreaks(_ text: [UInt16]) throws(TextError) -> [LineBreakOpportunity] {
        var out: [LineBreakOpportunity] = []
        try iterate(SHEEN_UBRK_LINE, text, function: "ubrk_open(UBRK_LINE)") { offset, status in
            let hard = status >= SHEEN_UBRK_LINE_HARD && status < SHEEN_UBRK_LINE_HARD_LIMIT
            out.append(LineBreakOpportunity(offset: offset, isMandatory: hard))
        }
        return out
    }

    /// Extended grapheme cluster boundaries (UAX #29), including 0 and `text.count`.
    static func graphemeBoundaries(_ text: [UInt16]) throws(TextError) -> [Int] {
        var out = [0]
        try iterate(SHEEN_UBRK_CHARACTER, text, function: "ubrk_open(UBRK_CHARACTER)") { offset, _ in out.append(offset) }
        return out
    }

    /// The words of the text (UAX #29 word segments whose rule status is a word's: letters,
    /// numbers, kana, ideographs), as UTF-16 ranges in order; spaces and punctuation between them
    /// are in none.
    static func wordSegments(_ text: [UInt16]) throws(TextError) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var start = 0
        try iterate(SHEEN_UBRK_WORD, text, function: "ubrk_open(UBRK_WORD)") { offset, status in
            if status >= SHEEN_UBRK_WORD_NONE_LIMIT { out.append(start..<offset) }
            start = offset
        }
        return out
    }

    private static func iterate(_ kind: Int32, _ text: [UInt16], function: String,
                                _ body: (Int, Int32) -> Void) throws(TextError) {
        guard !text.isEmpty else { return }
        let wantsStatus = kind != SHEEN_UBRK_CHARACTER
        var offsets = [Int32](repeating: 0, count: text.count)
        var statuses = [Int32](repeating: 0, count: wantsStatus ? text.count : 0)
        var status: Int32 = 0
        let n = text.withUnsafeBufferPointer { t in
            offsets.withUnsafeMutableBufferPointer { o in
                statuses.withUnsafeMutableBufferPointer { s in
                    // NULL, not an empty array's address, when no statuses are wanted.
                    sheen_ubrk_boundaries(kind, t.baseAddress, Int32(t.count), o.baseAddress,
                                          wantsStatus ? s.baseAddress : nil, &status)
                }
            }
        }
        guard n >= 0 else { throw .icu(function: function, code: status) }
        for i in 0..<Int(n) { body(Int(offsets[i]), wantsStatus ? statuses[i] : 0) }
    }
}


/// A break opportunity found by ICU's line-break iterator (UAX #14): a line may end before UTF-16
/// offset `offset`; `isMandatory` when it must (after a hard line break character).
struct LineBreakOpportunity: Equatable {
    let offset: Int
    let isMandatory: Bool
}
