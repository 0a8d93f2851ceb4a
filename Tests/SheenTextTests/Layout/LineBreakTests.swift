import Testing
import SheenTestSupport
import SheenText

@Suite struct LineBreakTests {
    @Test func wrapsAtWordsGreedily() throws {
        let layout = try Fixtures.layout("Hello world, this is a longer text that wraps.", width: 200)
        #expect(Fixtures.lineTexts(layout) == ["Hello world, this is", "a longer text that", "wraps."])
        for line in layout.lines { #expect(line.typographicRect.width <= 200) }
        #expect(!layout.isTruncated)
    }

    /// Greedy and maximal on random text and widths: no line is wider than the box, and the next
    /// line's first word would not have fitted. (Words are chosen so that every space is a break
    /// opportunity: UAX #14 forbids breaks inside "— —", for instance.) The box is at least as
    /// wide as the widest word, so no word is broken.
    @Test(arguments: 0..<40) func greedyProperty(seed: Int) throws {
        var rng = SeededGenerator(seed: UInt64(seed) &* 0x9E37_79B9 &+ 17)
        let words = ["a", "to", "the", "sheen", "gradient", "text", "über", "ink", "Ωμέγα", "AV", "wrapped", "fi", "x"]
        let text = (0..<Int.random(in: 1...40, using: &rng)).map { _ in words.randomElement(using: &rng)! }.joined(separator: " ")
        let size = Double.random(in: 8...30, using: &rng)
        let widest = try words.map { try Fixtures.layout($0, size: size).lines[0].typographicRect.width }.max()!
        let width = Double.random(in: widest...(widest + 300), using: &rng)
        let layout = try Fixtures.layout(text, size: size, width: width)
        let lines = Fixtures.lineTexts(layout)
        #expect(lines.joined(separator: " ") == text, "seed \(seed)")
        for (i, line) in layout.lines.enumerated() {
            #expect(line.typographicRect.width <= width + 1e-9, "seed \(seed) line \(i)")
            if i + 1 < lines.count, let next = lines[i + 1].split(separator: " ").first {
                let longer = try Fixtures.layout(lines[i] + " " + next, size: size)
                #expect(longer.lines[0].typographicRect.width > width, "seed \(seed) line \(i)")
            }
        }
    }

    /// UAX #14 allows a break between any two ideographs.
    @Test func cjkBreaksBetweenIdeographs() throws {
        let one = try Fixtures.layout("中", size: 20).lines[0].typographicRect.width
        let layout = try Fixtures.layout("中文字符串测试换行", size: 20, width: one * 3.5)
        #expect(Fixtures.lineTexts(layout) == ["中文字", "符串测", "试换行"])
    }

    /// Character wrapping breaks between grapheme clusters only: a letter with combining marks and
    /// an emoji with a skin-tone modifier stay whole, even one per line.
    @Test func graphemeClustersAreNeverSplit() throws {
        let text = "q\u{301}\u{323}👍🏽e\u{301}🇫🇷ab"
        let layout = try Fixtures.layout(text, size: 20, width: 1) { $0.lineBreakMode = .byCharWrapping }
        #expect(Fixtures.lineTexts(layout) == ["q\u{301}\u{323}", "👍🏽", "e\u{301}", "🇫🇷", "a", "b"])
        let words = try Fixtures.layout("q\u{301}\u{323}q\u{301}\u{323}q\u{301}\u{323}", size: 20, width: 1)
        #expect(words.lines.count == 3)
        for line in words.lines { #expect(line.string == "q\u{301}\u{323}") }
    }

    @Test func charWrappingFillsEveryLine() throws {
        let layout = try Fixtures.layout("abcdefghij klm", size: 20, width: 60) { $0.lineBreakMode = .byCharWrapping }
        let texts = Fixtures.lineTexts(layout)
        #expect(texts.joined().filter { $0 != " " } == "abcdefghijklm")
        for (i, line) in layout.lines.enumerated() where i + 1 < layout.lines.count {
            let next = texts[i + 1].first.map(String.init) ?? ""
            #expect(try Fixtures.layout(texts[i] + next, size: 20).lines[0].typographicRect.width > 60)
            #expect(line.typographicRect.width <= 60)
        }
    }

    @Test func aWordWiderThanTheBoxIsBrokenBetweenClusters() throws {
        let layout = try Fixtures.layout("Supercalifragilistic is long", size: 20, width: 90)
        let texts = Fixtures.lineTexts(layout)
        #expect(texts.count >= 3)
        #expect(texts.joined().hasPrefix("Supercalifragilistic"))
        for line in layout.lines { #expect(line.typographicRect.width <= 90) }
    }

    @Test func hardLineBreaksStartParagraphs() throws {
        let layout = try Fixtures.layout("one\ntwo\r\nthree\u{2028}four\rfive\n\nseven\n", size: 20)
        // One break at the very end starts no line (UILabel and Pango); one more does.
        #expect(Fixtures.lineTexts(layout) == ["one", "two", "three", "four", "five", "", "seven"])
        #expect(Fixtures.lineTexts(try Fixtures.layout("seven\n\n", size: 20)) == ["seven", ""])
        #expect(Fixtures.lineTexts(try Fixtures.layout("\n", size: 20)) == [""])
        #expect(Fixtures.lineTexts(try Fixtures.layout("seven\r\n", size: 20)) == ["seven"])
        let baselines = layout.lines.map(\.baseline)
        for (a, b) in zip(baselines, baselines.dropFirst()) { #expect(b > a) }
    }


    /// An empty or white-space-only line shows no text, and its range says where it stands: an
    /// empty range at the offset its text begins, never 0..<0 in the middle of the text.
    @Test func emptyAndBlankLinesReportWhereTheyStand() throws {
        let layout = try Fixtures.layout("ab\n\ncd")
        #expect(layout.lines.map(\.sourceRange) == [0..<2, 3..<3, 4..<6])
        let blank = try Fixtures.layout("ab\n   \ncd\n")
        #expect(blank.lines.map(\.sourceRange) == [0..<2, 3..<3, 7..<9])
        let crlf = try Fixtures.layout("ab\r\n\r\ncd")
        #expect(crlf.lines.map(\.sourceRange) == [0..<2, 4..<4, 6..<8])
        // Wrapped: a line of only spaces between words cannot happen (spaces hang), but the
        // trailing spaces of a wrapped line are not in its range.
        let wrapped = try Fixtures.layout("aaaa     bbbb", width: try Fixtures.layout("bbbb").lines[0].typographicRect.width + 1)
        #expect(wrapped.lines.map(\.sourceRange) == [0..<4, 9..<13])
        #expect(try Fixtures.layout("").lines.map(\.sourceRange) == [0..<0])
    }
    @Test func lineHeightMultipleAndSpacing() throws {
        let plain = try Fixtures.layout("a\nb\nc", size: 20)
        let step = plain.lines[1].baseline - plain.lines[0].baseline
        let font = try TestFonts.sans(20)
        #expect(abs(step - (font.ascender + font.descender + font.lineGap)) < 1e-9)
        let spaced = try Fixtures.layout("a\nb\nc", size: 20) { $0.lineHeightMultiple = 1.5; $0.lineSpacing = 4 }
        #expect(abs(spaced.lines[2].baseline - spaced.lines[1].baseline - (step * 1.5 + 4)) < 1e-9)
        #expect(abs(spaced.textRect.height - (3 * step * 1.5 + 8)) < 1e-9)
    }

    @Test func numberOfLinesAndHeightLimitLines() throws {
        let text = "one two three four five six seven eight nine ten"
        let two = try Fixtures.layout(text, size: 20, width: 120) { $0.numberOfLines = 2 }
        #expect(two.lines.count == 2)
        #expect(two.isTruncated)
        let step = try Fixtures.layout("a\nb", size: 20).lines[1].baseline - Fixtures.layout("a\nb", size: 20).lines[0].baseline
        let tall = try Fixtures.layout(text, size: 20, width: 120, height: step * 3 + 1)
        #expect(tall.lines.count == 3)
        // At least one line shows, even in a box too short for it.
        #expect(try Fixtures.layout(text, size: 20, width: 120, height: 2).lines.count == 1)
    }
}

@Suite struct LineShapingTests {
    /// Lines cut from the paragraph's shaping (where HarfBuzz says a cut is safe) carry exactly the
    /// glyphs and advances the line's own text shapes to; kerning pairs and ligatures at a cut
    /// force the line to be shaped again.
    @Test(arguments: 0..<12) func cutLinesMatchLinesShapedAlone(seed: Int) throws {
        var rng = SeededGenerator(seed: UInt64(seed) &+ 991)
        let words = ["AV", "To", "office", "fluffy", "Wa", "yo", "gradient", "ink", "Ta", "ffi", "VA"]
        let text = (0..<60).map { _ in words.randomElement(using: &rng)! }.joined(separator: " ")
        let layout = try Fixtures.layout(text, size: 19, width: Double.random(in: 80...300, using: &rng)) { $0.alignment = .left }
        for line in layout.lines {
            let alone = try Fixtures.layout(line.string, size: 19) { $0.alignment = .left }.lines[0]
            #expect(line.glyphs.map(\.id) == alone.glyphs.map(\.id), "seed \(seed): \(line.string)")
            for (a, b) in zip(line.glyphs, alone.glyphs) { #expect(abs(a.position.x - b.position.x) < 1e-9) }
            #expect(abs(line.typographicRect.width - alone.typographicRect.width) < 1e-9)
        }
    }
}
