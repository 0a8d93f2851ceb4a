import Testing
import SheenTestSupport
@testable import SheenText

/// Bidi levels of one Sheen paragraph: U+001C–U+001E, paragraph separators to UAX #9 but not
/// to Sheen's layout, are segment separators within it — one base direction for the whole
/// paragraph (ICU made each stretch between them a paragraph of its own, and grew its table of
/// them a copy at a time: 100,000 separators took 33 s under AddressSanitizer).
@Suite struct BidiLevelsTests {
    @Test func recordSeparatorsDoNotSplitTheParagraph() throws {
        for separator in [UInt16(0x1C), 0x1D, 0x1E] {
            let units = Array("שלום".utf16) + [separator] + Array("abc".utf16)
            let bidi = try BidiLevels(units, paragraphLevel: nil)
            #expect(bidi.paragraphLevel == 1)
            // "abc" is left-to-right text inside the right-to-left paragraph: level 2, not the 0
            // of a paragraph of its own.
            #expect(Array(bidi.levels.suffix(3)) == [2, 2, 2], "U+\(String(separator, radix: 16))")
            // As a tab (a segment separator) is read.
            let tab = try BidiLevels(Array("שלום".utf16) + [0x09] + Array("abc".utf16), paragraphLevel: nil)
            #expect(bidi.levels == tab.levels)
        }
    }
}
