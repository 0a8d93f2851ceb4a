import Testing
import SheenRaster
@testable import SheenText

/// Automatic hyphenation through libhyphen and its US English dictionary (libhyphen0,
/// hyphen-en-us: Scripts/install-deps.sh).
@Suite struct HyphenationTests {
    let text = "Extraordinary hyphenation demonstrates typographical sophistication"

    func layout(width: Double, language: String? = "en_US") throws -> TextLayout {
        try Fixtures.layout(text, size: 20, width: width) { $0.hyphenationLanguage = language }
    }

    @Test func theDictionaryGivesTheBreakPoints() throws {
        let h = try Hyphenator.forLanguage("en_US")
        let word = Array("hyphenation".utf16)
        #expect(h.points(in: word, 0..<word.count) == [2, 6])      // hy-phen-ation
        let capital = Array("Hyphenation, again".utf16)
        #expect(h.points(in: capital, 0..<capital.count) == [2, 6])  // case and punctuation do not matter
    }

    @Test func wordsThatDoNotFitAreHyphenated() throws {
        for width in stride(from: 120.0, through: 260, by: 20) {
            let l = try layout(width: width)
            let lines = Fixtures.lineTexts(l)
            // Every line fits, and without its hyphens the text is the original.
            for line in l.lines { #expect(line.typographicRect.width <= width + 1e-9) }
            let joined = lines.map { $0.hasSuffix("-") ? String($0.dropLast()) : $0 + " " }.joined()
            #expect(joined.trimmingCharacters(in: " ") == text)
            // A hyphen ends a line only where the dictionary allows a break.
            let h = try Hyphenator.forLanguage("en_US")
            for line in l.lines where line.string.hasSuffix("-") {
                let units = Array(text.utf16)
                #expect(h.points(in: units, 0..<units.count).contains(line.sourceRange.upperBound))
            }
        }
        // Hyphenation happens at these widths, and not without the option.
        #expect(try Fixtures.lineTexts(layout(width: 200)).contains { $0.hasSuffix("-") })
        #expect(!(try Fixtures.lineTexts(layout(width: 200, language: nil)).contains { $0.hasSuffix("-") }))
    }

    /// Only words are hyphenated: not URLs, e-mail addresses, paths, identifiers, numbers or
    /// words with digits (a URL was broken as "https://exam-/ple.com/…"). Punctuation around a
    /// word does not stop it.
    @Test func onlyWordsAreHyphenated() throws {
        let h = try Hyphenator.forLanguage("en_US")
        func points(_ s: String) -> [Int] { let u = Array(s.utf16); return h.points(in: u, 0..<u.count) }
        for token in ["https://example.com/demonstration", "www.hyphenation.org", "hyphenation@example.com",
                      "/usr/share/hyphenation", "hyphenation_demonstration", "C:\\hyphenation",
                      "demonstration2", "3demonstrations", "hyphenation=demonstration", "hyphenation.txt"] {
            #expect(points(token).isEmpty, "\(token)")
            #expect(points("see " + token + " now").isEmpty, "\(token) in a sentence")
        }
        for word in ["hyphenation", "(hyphenation)", "\"hyphenation,\"", "hyphenation.", "well-hyphenation", "hyphenation's"] {
            let offset = word.utf16.firstIndex(where: { $0 == UInt16(UInt8(ascii: "h")) }).map { word.utf16.distance(from: word.utf16.startIndex, to: $0) }!
            #expect(points(word) == [2, 6].map { $0 + offset } || word.hasPrefix("well"), "\(word)")
        }
        #expect(points("well-hyphenation").contains(5 + 2))
        // A token longer than any word is not one, and costs no more than its reach to look at.
        #expect(points(String(repeating: "a", count: 300) + " hyphenation") == [303, 307])
        // In a layout: a URL that does not fit is broken between its parts (UAX #14), never with a hyphen.
        let url = "Visit https://example.com/demonstration/hyphenation today"
        for width in stride(from: 90.0, through: 260, by: 10) {
            let l = try Fixtures.layout(url, size: 20, width: width) { $0.hyphenationLanguage = "en_US" }
            let inURL = 6..<(url.utf16.count - " today".utf16.count)
            #expect(!l.lines.contains { $0.string.hasSuffix("-") && inURL.contains($0.sourceRange.upperBound) },
                    "width \(width): \(Fixtures.lineTexts(l))")
        }
    }

    @Test func aMissingDictionaryIsNamed() throws {
        #expect(throws: TextError.hyphenationUnavailable(language: "xx_XX",
                                                         reason: "no dictionary /usr/share/hyphen/hyph_xx_XX.dic (Debian: hyphen-xx-xx)")) {
            _ = try layout(width: 100, language: "xx_XX")
        }
        #expect(throws: TextError.self) { _ = try layout(width: 100, language: "../etc") }
    }
}

private extension String {
    func trimmingCharacters(in c: Character) -> String {
        var s = Substring(self)
        while s.first == c { s.removeFirst() }
        while s.last == c { s.removeLast() }
        return String(s)
    }
}
