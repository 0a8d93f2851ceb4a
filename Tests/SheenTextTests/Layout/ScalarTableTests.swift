import Testing
@testable import SheenText

/// The table layout reads Unicode properties from is the Swift runtime's and ICU's answers, for
/// every code point, from any thread.
@Suite struct ScalarTableTests {
    /// All 1,114,112 code points: the traits are the runtime's (marks, ignorables, white space,
    /// emoji, letters, numbers), the script ICU's; surrogates have none.
    @Test func everyCodePointIsAnsweredAsTheRuntimeAnswers() {
        var wrong: [String] = []
        for value in UInt32(0)...0x10FFFF {
            let traits = ScalarTable.traits(of: value)
            let script = ScalarTable.scriptCode(of: value)
            guard let scalar = Unicode.Scalar(value) else {
                if traits != [] || script != 0 { wrong.append("surrogate \(value)") }
                continue
            }
            if traits != ScalarTraits(asking: scalar) { wrong.append("U+\(String(value, radix: 16)) traits \(traits.rawValue)") }
            if script != ScalarTable.askScript(value) { wrong.append("U+\(String(value, radix: 16)) script \(script)") }
            if wrong.count > 20 { break }
        }
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(ScalarTable.traits(of: 0x110000) == [] && ScalarTable.scriptCode(of: 0xFFFF_FFFF) == 0)
    }

    /// The traits say what they name: a sample checked by hand, not from the runtime.
    @Test func traitsNameWhatTheySay() {
        #expect(ScalarTraits.of(0x0E49).contains(.mark))            // THAI CHARACTER MAI THO
        #expect(ScalarTraits.of(0x094D).contains(.mark))            // DEVANAGARI SIGN VIRAMA
        #expect(!ScalarTraits.of(0x0E01).contains(.mark))           // THAI CHARACTER KO KAI
        #expect(ScalarTraits.of(0x200D).contains(.ignorable))       // ZERO WIDTH JOINER
        #expect(ScalarTraits.of(0xFE0F).contains(.ignorable))       // VARIATION SELECTOR-16
        #expect(ScalarTraits.of(0x00A0).contains(.whitespace) && ScalarTraits.of(0x3000).contains(.whitespace))
        #expect(ScalarTraits.of(0x1F600).isSuperset(of: [.emoji, .emojiPresentation]))
        #expect(ScalarTraits.of(0x00A9).contains(.emoji) && !ScalarTraits.of(0x00A9).contains(.emojiPresentation))
        #expect(ScalarTraits.of(0x1F3FB).contains(.emojiModifier))
        #expect(ScalarTraits.of(0x41) == .alphabetic && ScalarTraits.of(0x0E01) == .alphabetic)
        #expect(ScalarTraits.of(0x37) == [.numeric, .emoji] && ScalarTraits.of(0x0967) == .numeric)   // 7 (a keycap base), DEVANAGARI DIGIT ONE
        #expect(ScalarTraits.of(0x2D) == [])
        // USCRIPT_THAI = 38, USCRIPT_ARABIC = 2, USCRIPT_HEBREW = 19, USCRIPT_DEVANAGARI = 10, Latin 25.
        #expect([0x0E01, 0x0628, 0x05D0, 0x0915, 0x61].map { ScalarTable.scriptCode(of: $0) } == [38, 2, 19, 10, 25])
    }

    /// Threads asking about the same fresh blocks at once all get the one table's answers.
    @Test func threadsFillingTheSameBlocksAgree() async {
        // Musical symbols (plain symbols, combining marks, format characters) and plane 14's
        // tags and variation selectors (ignorable): blocks no other test of this suite asks about.
        let values = Array(UInt32(0x1D100)..<0x1D200) + Array(UInt32(0xE0000)..<0xE0200)
        let expected = values.map { ScalarTraits(asking: Unicode.Scalar($0)!).rawValue }
        let answers = await withTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<8 { group.addTask { values.map { ScalarTable.traits(of: $0).rawValue } } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect([0, ScalarTraits.mark.rawValue, ScalarTraits.ignorable.rawValue].allSatisfy(expected.contains))
        #expect(answers.count == 8 && answers.allSatisfy { $0 == expected })
    }
}
