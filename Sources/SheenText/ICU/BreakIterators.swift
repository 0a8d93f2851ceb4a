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

    private static func iterate(_ kind: Int32, _ text: [UInt16], function: String,
                                _ body: (Int, Int32) -> Void) throws(TextError) {
        guard !text.isEmpty else { return }
        let failure: TextError? = text.withUnsafeBufferPointer { buffer in
            var status: Int32 = 0
            guard let iterator = sheen_ubrk_open(kind, buffer.baseAddress, Int32(buffer.count), &status),
                  status <= 0 else {
                return .icu(function: function, code: status)
            }
            defer { sheen_ubrk_close(iterator) }
            _ = sheen_ubrk_first(iterator)
            while true {
                let next = sheen_ubrk_next(iterator)
                if next == SHEEN_UBRK_DONE { break }
                body(Int(next), sheen_ubrk_rule_status(iterator))
            }
            return nil
        }
        if let failure { throw failure }
    }
}


/// A break opportunity found by ICU's line-break iterator (UAX #14): a line may end before UTF-16
/// offset `offset`; `isMandatory` when it must (after a hard line break character).
struct LineBreakOpportunity: Equatable {
    let offset: Int
    let isMandatory: Bool
}
