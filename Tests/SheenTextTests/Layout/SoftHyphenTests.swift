import Testing
import SheenRaster
import SheenText

/// Soft hyphens (U+00AD): invisible unless a line breaks at one, where a hyphen is drawn.
@Suite struct SoftHyphenTests {
    let word = "demon\u{AD}stration"

    @Test func aHyphenIsDrawnAtTheBreak() throws {
        let whole = try Fixtures.layout("demonstration")
        let narrow = whole.lines[0].typographicRect.width * 0.75
        let l = try Fixtures.layout(word, width: narrow)
        #expect(Fixtures.lineTexts(l) == ["demon\u{AD}-", "stration"])
        let first = l.lines[0]
        // The hyphen is inserted text (source −1) at the end of the line, and fits.
        #expect(first.glyphs.last!.sourceOffset == -1)
        #expect(first.typographicRect.width <= narrow)
        #expect(first.sourceRange == 0..<6)
        let hyphen = try Fixtures.layout("demon-").lines[0].typographicRect.width
        #expect(abs(first.typographicRect.width - hyphen) < 1e-9)
    }

    @Test func unbrokenSoftHyphensDrawNothing() throws {
        let soft = try Fixtures.layout(word)
        let plain = try Fixtures.layout("demonstration")
        #expect(soft.lines.count == 1)
        #expect(abs(soft.lines[0].typographicRect.width - plain.lines[0].typographicRect.width) < 1e-9)
        let a = try soft.mask(), b = try plain.mask()
        #expect(a.region == b.region)
    }

    /// The break is taken only when the word and its hyphen fit; else the word moves down whole.
    @Test func theHyphenCountsTowardsTheWidth() throws {
        let demon = try Fixtures.layout("demon").lines[0].typographicRect.width
        let l = try Fixtures.layout("x " + word, width: (try Fixtures.layout("x demon").lines[0].typographicRect.width) + 0.5)
        #expect(demon > 0)
        #expect(Fixtures.lineTexts(l).first == "x")
    }
}
