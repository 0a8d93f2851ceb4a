import SheenRaster
import SheenTestSupport
import SheenText
import Testing

/// Paragraph alignment and spacing from attributes, and raised or lowered runs.
@Suite struct ParagraphStyleTests {
    func text(_ parts: [(String, TextAttributes)]) -> AttributedText {
        var t = AttributedText()
        for (s, a) in parts { t.append(s, attributes: a) }
        return t
    }

    func options() -> TextLayoutOptions {
        var o = TextLayoutOptions(); o.numberOfLines = 0; o.lineBreakMode = .byWordWrapping; o.alignment = .left
        return o
    }

    @Test func eachParagraphHasItsOwnAlignmentAndSpacing() throws {
        let font = try TestFonts.sans(20)
        let right = TextAttributes(font: font, paragraphStyle: ParagraphStyle(alignment: .right, paragraphSpacing: 10))
        let centred = TextAttributes(font: font, paragraphStyle: ParagraphStyle(alignment: .center, paragraphSpacingBefore: 6))
        let plain = TextAttributes(font: font)
        let l = try TextLayout(text([("One\n", right), ("Two\n", centred), ("Three", plain)]),
                               bounds: Size(width: 300, height: 0), options: options())
        #expect(l.lines.count == 3)
        let r = l.lines.map(\.lineBox)
        #expect(abs(l.lines[0].typographicRect.maxX - 300) < 1e-9)
        #expect(abs(l.lines[1].typographicRect.x - (300 - l.lines[1].typographicRect.width) / 2) < 1e-9)
        #expect(l.lines[2].typographicRect.x == 0)
        // After One: its 10 px plus Two's 6 px before; none between Two and Three.
        #expect(abs(r[1].y - r[0].maxY - 16) < 1e-9)
        #expect(abs(r[2].y - r[1].maxY) < 1e-9)
        #expect(abs(l.textRect.height - (r[2].maxY - r[0].y)) < 1e-9)
    }

    @Test func raisedRunsMoveUpAndGrowTheLine() throws {
        let font = try TestFonts.sans(20)
        let base = try TextLayout(AttributedText("x2", font: font), options: options())
        let raised = try TextLayout(text([("x", TextAttributes(font: font)), ("2", TextAttributes(font: font, baselineOffset: 8))]),
                                    options: options())
        let line = raised.lines[0], plain = base.lines[0]
        #expect(abs(line.glyphs[0].position.y - line.baseline) < 1e-9)
        #expect(abs(line.glyphs[1].position.y - (line.baseline - 8)) < 1e-9)
        #expect(abs(line.lineBox.height - (plain.lineBox.height + 8)) < 1e-9)
        #expect(line.segments.map(\.raise) == [0, 8])
        #expect(throws: TextError.self) {
            _ = try TextLayout(AttributedText("x", attributes: TextAttributes(font: font, baselineOffset: .nan)))
        }
    }

    @Test func updatingAttributesSplitsRuns() throws {
        let font = try TestFonts.sans(20)
        var t = AttributedText("hello world", font: font)
        t.updateAttributes(in: 2..<7) { $0.underline = TextDecoration(.double) }
        #expect(t.runs.map(\.range) == [0..<2, 2..<7, 7..<11])
        #expect(t.attributes(at: 3)?.underline == TextDecoration(.double))
        #expect(t.attributes(at: 8)?.underline == nil)
        t.updateAttributes { $0.underline = nil }
        #expect(t.runs.count == 1)
        #expect(t.string == "hello world")
    }
}
