import CICU

/// Bidirectional embedding levels (UAX #9) from ICU's ubidi: even levels run left to right, odd
/// levels right to left.
struct BidiLevels {
    /// One level per UTF-16 code unit.
    let levels: [UInt8]
    /// The paragraph's base level: 0 (left to right) or 1 (right to left).
    let paragraphLevel: UInt8

    /// Resolves the levels of one paragraph. With `paragraphLevel` nil the base direction comes
    /// from the first strong character (left to right when there is none), as UAX #9 rule P2–P3.
    /// `leftToRightOnly` says the text has no right-to-left character or bidi control (all of it
    /// below U+0590): in a left-to-right paragraph every level is then 0 (European digits after
    /// the paragraph's L start resolve to L, rule W7), found without ICU.
    init(_ text: [UInt16], paragraphLevel: UInt8?, leftToRightOnly: Bool = false) throws(TextError) {
        guard !text.isEmpty else {
            levels = []; self.paragraphLevel = paragraphLevel ?? 0; return
        }
        if leftToRightOnly && (paragraphLevel ?? 0) == 0 {
            levels = [UInt8](repeating: 0, count: text.count); self.paragraphLevel = 0; return
        }
        // U+001C–U+001E are paragraph separators to UAX #9 (class B) but not to Sheen, whose
        // paragraphs end only at line and paragraph breaks (`TextLayout.paragraphs(of:)`): ICU
        // would resolve each stretch between them as a paragraph of its own — and grow its table
        // of them one realloc at a time, a copy of every byte per separator under allocators that
        // move large blocks (100,000 of them took 33 s under AddressSanitizer). Within a Sheen
        // paragraph they are read as segment separators (U+001F, class S), as tabs are.
        var text = text
        if text.contains(where: { $0 >= 0x1C && $0 <= 0x1E }) {
            for i in text.indices where text[i] >= 0x1C && text[i] <= 0x1E { text[i] = 0x1F }
        }
        let result: Result<([UInt8], UInt8), TextError> = text.withUnsafeBufferPointer { buffer in
            guard let bidi = sheen_ubidi_open() else { return .failure(.icu(function: "ubidi_open", code: 0)) }
            defer { sheen_ubidi_close(bidi) }
            var status: Int32 = 0
            sheen_ubidi_set_para(bidi, buffer.baseAddress, Int32(buffer.count),
                                 paragraphLevel ?? UInt8(SHEEN_UBIDI_DEFAULT_LTR), &status)
            guard status <= 0 else {
                return .failure(.icu(function: "ubidi_setPara", code: status))
            }
            guard let levels = sheen_ubidi_get_levels(bidi, &status), status <= 0 else {
                return .failure(.icu(function: "ubidi_getLevels", code: status))
            }
            return .success((Array(UnsafeBufferPointer(start: levels, count: buffer.count)),
                             sheen_ubidi_get_para_level(bidi) & 1))
        }
        let (levels, base) = try result.get()
        self.levels = levels
        self.paragraphLevel = base
    }

    /// The visual order of runs with the given levels (UAX #9 rule L2): from the highest level down
    /// to the lowest odd level, reverse every maximal sequence at that level or above.
    static func visualOrder(of runLevels: [UInt8]) -> [Int] {
        var order = Array(runLevels.indices)
        guard let highest = runLevels.max(), let lowestOdd = runLevels.filter({ $0 & 1 == 1 }).min() else { return order }
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                if runLevels[order[i]] >= level {
                    var j = i
                    while j < order.count && runLevels[order[j]] >= level { j += 1 }
                    order[i..<j].reverse()
                    i = j
                } else {
                    i += 1
                }
            }
            if level == 0 { break }
            level -= 1
        }
        return order
    }
}
