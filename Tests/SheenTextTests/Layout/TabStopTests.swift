import SheenRaster
import SheenTestSupport
@testable import SheenText
import Testing

/// Tab stops: where the text after each tab starts, for the default interval and each kind of
/// explicit stop, in every paragraph alignment.
@Suite struct TabStopTests {
    /// Lays out `string` in DejaVu Sans 20 px with `style`.
    func layout(_ string: String, style: ParagraphStyle = ParagraphStyle(), width: Double = 0,
                alignment: TextAlignment = .left) throws -> TextLayout {
        var options = TextLayoutOptions()
        options.numberOfLines = 0
        options.lineBreakMode = .byWordWrapping
        options.alignment = alignment
        let text = AttributedText(string, attributes: TextAttributes(font: try TestFonts.sans(20), paragraphStyle: style))
        return try TextLayout(text, bounds: Size(width: width, height: 0), options: options)
    }

    /// Pen x of the glyph drawn for UTF-16 offset `offset`, relative to the line's start.
    func x(_ layout: TextLayout, _ offset: Int, line: Int = 0) -> Double {
        let l = layout.lines[line]
        return l.glyphs.first { $0.sourceOffset == offset }!.position.x - l.typographicRect.x
    }

    /// The advance of `string` alone, in the same font.
    func width(_ string: String) throws -> Double { try layout(string).lines[0].typographicRect.width }

    @Test func defaultStopsEvery28Pixels() throws {
        let l = try layout("a\tb\t\tc")
        #expect(abs(x(l, 2) - 28) < 1e-9)
        #expect(abs(x(l, 5) - 84) < 1e-9)
        // Text already past a stop goes to the next one.
        let long = try layout("abcdefgh\tX")
        let w = try width("abcdefgh")
        #expect(w > 28)
        #expect(abs(x(long, 9) - ((w / 28).rounded(.down) + 1) * 28) < 1e-9)
        // A custom interval.
        #expect(abs(x(try layout("a\tb", style: ParagraphStyle(defaultTabInterval: 50)), 2) - 50) < 1e-9)
    }

    @Test func theTabDrawsNothing() throws {
        let l = try layout("a\tb")
        #expect(!l.lines[0].glyphs.contains { $0.sourceOffset == 1 })
        let mask = try l.mask()
        // Only the a and the b: nothing inked between them (the .notdef box would be).
        let aRight = Int((try width("a")).rounded(.up)) + 1, bLeft = Int(x(l, 2).rounded(.down)) - 1
        mask.image.withReadOnlyBuffer { m in
            for y in 0..<m.height {
                for col in aRight..<bLeft {
                    let c = col - mask.region.x
                    guard c >= 0, c < m.width else { continue }
                    #expect(m.base.load(fromByteOffset: y * m.bytesPerRow + c, as: UInt8.self) == 0)
                }
            }
        }
    }

    @Test func explicitStopsOfEachAlignment() throws {
        let style = ParagraphStyle(tabStops: [TextTab(location: 150, alignment: .right), TextTab(location: 60),
                                              TextTab(location: 220, alignment: .center),
                                              TextTab(location: 300, alignment: .decimal)])
        let l = try layout("a\tb\tcc\tddd\t12.75", style: style)
        #expect(abs(x(l, 2) - 60) < 1e-9)                                   // left: starts at the stop
        #expect(abs(x(l, 4) + (try width("cc")) - 150) < 1e-9)              // right: ends at it
        #expect(abs(x(l, 7) + (try width("ddd")) / 2 - 220) < 1e-9)         // centre: centred on it
        #expect(abs(x(l, 11) + (try width("12")) - 300) < 1e-9)             // decimal: "." at the stop
        // The line ends where the last segment does.
        #expect(abs(l.lines[0].typographicRect.width - (x(l, 11) + (try width("12.75")))) < 1e-9)
    }

    @Test func decimalStopWithoutSeparatorActsAsRight() throws {
        let l = try layout("\t125", style: ParagraphStyle(tabStops: [TextTab(location: 100, alignment: .decimal)]))
        #expect(abs(x(l, 1) + (try width("125")) - 100) < 1e-9)
    }

    /// A right or centred segment wider than the room before its stop starts at the pen instead.
    @Test func segmentsNeverMoveLeftOfThePen() throws {
        let l = try layout("abc\tWWWWWW", style: ParagraphStyle(tabStops: [TextTab(location: 60, alignment: .right)]))
        #expect(abs(x(l, 4) - (try width("abc"))) < 1e-9)
    }

    /// Stops are measured from the line's start: in every alignment the line keeps the shape it
    /// has left-aligned and moves as a whole.
    @Test(arguments: [TextAlignment.left, .right, .center, .natural, .justified])
    func everyAlignmentKeepsTheStops(alignment: TextAlignment) throws {
        let style = ParagraphStyle(tabStops: [TextTab(location: 70), TextTab(location: 200, alignment: .right)])
        let text = "Name\tAge\t12\nLonger name\tCity\t3,456"
        let left = try layout(text, style: style, width: 400)
        let aligned = try layout(text, style: style, width: 400, alignment: alignment)
        #expect(aligned.lines.count == 2)
        for (a, b) in zip(left.lines, aligned.lines) {
            #expect(a.glyphs.count == b.glyphs.count)
            for (g, h) in zip(a.glyphs, b.glyphs) {
                #expect(abs((g.position.x - a.typographicRect.x) - (h.position.x - b.typographicRect.x)) < 1e-9)
            }
            switch alignment {
            case .right: #expect(abs(b.typographicRect.maxX - 400) < 1e-9)
            case .center: #expect(abs(b.typographicRect.x - (400 - b.typographicRect.width) / 2) < 1e-9)
            default: #expect(b.typographicRect.x == 0)  // justified: each line ends its paragraph
            }
        }
        #expect(abs(x(left, 5) - 70) < 1e-9)
        #expect(abs(x(left, 9) + (try width("12")) - 200) < 1e-9)
    }

    /// Wrapping counts a tab's real advance: the line breaks before a word the stop pushes out.
    @Test func wrappingMeasuresTabs() throws {
        let style = ParagraphStyle(tabStops: [TextTab(location: 150)])
        let wide = try layout("ab\tcd ef", style: style, width: 0)
        let lineWidth = wide.lines[0].typographicRect.width
        #expect(lineWidth > 150)
        let wrapped = try layout("ab\tcd ef", style: style, width: lineWidth - 1)
        #expect(Fixtures.lineTexts(wrapped) == ["ab\tcd", "ef"])
        #expect(abs(x(wrapped, 3) - 150) < 1e-9)
    }

    @Test func badStopsAreRefusedByName() throws {
        for (style, name) in [(ParagraphStyle(tabStops: [TextTab(location: .nan)]), "tabStops.location"),
                              (ParagraphStyle(tabStops: [TextTab(location: -1)]), "tabStops.location"),
                              (ParagraphStyle(defaultTabInterval: 0), "defaultTabInterval"),
                              (ParagraphStyle(paragraphSpacing: .infinity), "paragraphSpacing")] {
            #expect(throws: TextError.self) { _ = try layout("a\tb", style: style) }
            do { _ = try layout("a\tb", style: style) } catch let TextError.invalidParameter(n, _, _) { #expect(n == name) }
        }
    }

    /// A line's widths measured from its tabs' pen states (`LineWidths`, what line breaking and
    /// truncation use) equal laying each range out from its start (`width`), bit for bit: random
    /// text of tabs, digits, separators and letters, every kind of stop and a short default
    /// interval, from every start to every end, asked forwards then backwards, and backwards first.
    @Test func lineWidthsEqualWidthsFromTheStart() throws {
        var rng = SeededGenerator(seed: 0x7461_6273)
        let alphabet = Array("\t\t\t1.5,WiX -")
        let font = try TestFonts.sans(17)
        for round in 0 ..< 40 {
            let string = String((0 ..< 30 + Int(rng.next() % 50)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
            let alignments: [TextTab.Alignment] = [.left, .right, .center, .decimal]
            let stops = (0 ..< Int(rng.next() % 5)).map { _ in
                TextTab(location: Double(rng.next() % 400), alignment: alignments[Int(rng.next() % 4)],
                        decimalSeparator: rng.next() % 2 == 0 ? "." : ",")
            }
            let style = ParagraphStyle(tabStops: stops, defaultTabInterval: round % 2 == 0 ? 28 : 9.5)
            var piece = TextPiece()
            piece.units = Array(string.utf16)
            piece.source = Array(piece.units.indices)
            piece.attributes = Array(repeating: 0, count: piece.units.count)
            piece.paragraphStyle = style
            let shaped = try ShapedText(piece, attributes: [TextAttributes(font: font, paragraphStyle: style)], scale: 1,
                                        paragraphLevel: 0)
            for start in 0 ... piece.count {
                var measure = ShapedText.LineWidths(shaped, from: start)
                var backwardsFirst = ShapedText.LineWidths(shaped, from: start)
                let ends = Array(start ... piece.count)
                for (end, reversedEnd) in zip(ends + ends.reversed(), ends.reversed() + ends) {
                    for (m, e) in [(measure.width(to: end), end), (backwardsFirst.width(to: reversedEnd), reversedEnd)] {
                        let expected = shaped.width(start ..< e)
                        #expect(m.bitPattern == expected.bitPattern || m == expected,
                                "\(string.debugDescription) \(stops) from \(start) to \(e)")
                    }
                }
            }
        }
    }
}
