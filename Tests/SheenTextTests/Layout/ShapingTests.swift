import SheenTestSupport
import SheenText
import Testing

@Suite struct ShapingTests {
    private func glyphs(_ s: String, _ attributes: TextAttributes) throws -> [LaidOutGlyph] {
        try TextLayout(AttributedText(s, attributes: attributes)).lines[0].glyphs
    }

    /// Spaces and punctuation between words of a fallback face stay in that face, so a Korean
    /// paragraph is one run (it was a run per word, each shaped on its own, with the spaces in
    /// DejaVu between them: 116 HarfBuzz calls per layout instead of 2); Latin words after it
    /// still take the primary face, and a space after Latin text stays in it.
    @Test func spacesStayInTheFallbackRun() throws {
        let font = try TestFonts.sans(20)
        let glyphs = try self.glyphs("한국어 문장, 배치. Hello world", TextAttributes(font: font))
        let faces = glyphs.map { $0.face === font.primaryFace ? "primary" : $0.face.familyName }
        let fallback = faces[0]
        #expect(fallback != "primary")
        // 한국어␠문장,␠배치.␠ are 12 clusters in the fallback face, then "Hello world" in the primary.
        #expect(faces.prefix(12).allSatisfy { $0 == fallback }, "\(faces)")
        #expect(faces.dropFirst(12).allSatisfy { $0 == "primary" }, "\(faces)")
        // Brackets are a pair from one face: "(" after Hangul and ")" after Latin both primary.
        let pair = try self.glyphs("한국어(Korean)", TextAttributes(font: font))
        #expect(pair[3].face === font.primaryFace && pair[pair.count - 1].face === font.primaryFace)
    }

    /// GPOS kerning: "AV" is narrower than A and V apart (FreeType's FT_Get_Kerning alone misses it).
    @Test func kerningIsApplied() throws {
        let font = try TestFonts.sans(100)
        func width(_ s: String, kerning: Bool = true) throws -> Double {
            try TextLayout(AttributedText(s, attributes: TextAttributes(font: font, kerning: kerning))).lines[0].typographicRect.width
        }
        let pair = try width("AV"), apart = try width("A") + width("V")
        #expect(pair < apart - 3)
        #expect(try width("AV", kerning: false) == apart)
    }

    @Test func ligaturesFormAndTrackingTurnsThemOff() throws {
        let font = try TestFonts.sans(40)
        #expect(try glyphs("fi", TextAttributes(font: font)).count == 1 || glyphs("ffi", TextAttributes(font: font)).count < 3)
        #expect(try glyphs("fi", TextAttributes(font: font, ligatures: false)).count == 2)
        #expect(try glyphs("fi", TextAttributes(font: font, tracking: 2)).count == 2)
    }

    @Test func trackingAddsSpaceAfterEveryCluster() throws {
        let font = try TestFonts.sans(20)
        let plain = try TextLayout(AttributedText("Hello", font: font)).lines[0].typographicRect.width
        let tracked = try TextLayout(AttributedText("Hello", attributes: TextAttributes(font: font, tracking: 3)))
        #expect(abs(tracked.lines[0].typographicRect.width - (plain + 15)) < 1e-9)
        // A base letter with a combining accent is one cluster: tracked once.
        let composed = try TextLayout(AttributedText("e\u{301}e", attributes: TextAttributes(font: font, tracking: 3)))
        let bare = try TextLayout(AttributedText("e\u{301}e", font: font))
        #expect(abs(composed.lines[0].typographicRect.width - bare.lines[0].typographicRect.width - 6) < 1e-9)
    }

    /// A combining mark is positioned over its base, not after it. (q + acute has no precomposed
    /// form, so HarfBuzz cannot compose it into one glyph.)
    @Test func combiningMarksSitOnTheirBase() throws {
        let g = try glyphs("q\u{301}", TextAttributes(font: TestFonts.sans(40)))
        try #require(g.count == 2)
        #expect(g[1].sourceOffset == 0)  // same cluster as its base
        let base = try TextLayout(AttributedText("q", font: TestFonts.sans(40))).lines[0].typographicRect.width
        let both = try TextLayout(AttributedText("q\u{301}", font: TestFonts.sans(40))).lines[0].typographicRect.width
        #expect(both == base)
        #expect(g[1].position.x < g[0].position.x + base)
    }

    /// Right-to-left runs are reversed: the first Hebrew letter is drawn rightmost.
    @Test func rightToLeftRunsAreOrderedVisually() throws {
        let layout = try TextLayout(AttributedText("ab שלום cd", font: TestFonts.sans(30)))
        let glyphs = layout.lines[0].glyphs
        #expect(!layout.lines[0].isRightToLeft)
        let shin = try #require(glyphs.first { $0.sourceOffset == 3 })
        let mem = try #require(glyphs.first { $0.sourceOffset == 6 })
        #expect(shin.position.x > mem.position.x)
        #expect(glyphs.first?.sourceOffset == 0 && glyphs.last?.sourceOffset == 9)
        // x positions increase along the visual order.
        for (a, b) in zip(glyphs, glyphs.dropFirst()) { #expect(a.position.x <= b.position.x) }
        let hebrew = try TextLayout(AttributedText("שלום ab", font: TestFonts.sans(30)))
        #expect(hebrew.lines[0].isRightToLeft)
        #expect(hebrew.lines[0].glyphs.first?.sourceOffset == 5)  // "ab" at the left
    }

    @Test func arabicIsShapedIntoJoiningForms() throws {
        // Isolated forms of ب differ from the medial form inside a word.
        let alone = try glyphs("ب", TextAttributes(font: TestFonts.sans(30)))
        let joined = try glyphs("ببب", TextAttributes(font: TestFonts.sans(30)))
        #expect(Set(joined.map(\.id)).count > 1)
        #expect(!joined.map(\.id).allSatisfy { $0 == alone[0].id })
    }

    /// Every attribute run is shaped with its own font and size.
    @Test func attributedRunsKeepTheirFonts() throws {
        var text = AttributedText("Big ", font: try TestFonts.bold(40))
        text.append("small", attributes: TextAttributes(font: try TestFonts.sans(12)))
        let glyphs = try TextLayout(text).lines[0].glyphs
        #expect(glyphs.filter { $0.size == 40 }.count == 4)
        #expect(glyphs.filter { $0.size == 12 }.count == 5)
        #expect(Set(glyphs.map(\.attributesIndex)) == [0, 1])
    }
}
