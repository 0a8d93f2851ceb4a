import Testing
import SheenText

@Suite struct AlignmentTests {
    let paragraph = "Justified text is stretched so that every line but the last is exactly as wide as the box."

    @Test(arguments: [TextAlignment.left, .right, .center, .natural])
    func horizontalOffsets(alignment: TextAlignment) throws {
        let layout = try Fixtures.layout(paragraph, size: 18, width: 260) { $0.alignment = alignment }
        #expect(layout.lines.count == 4)
        for line in layout.lines {
            let r = line.typographicRect
            switch alignment {
            case .right: #expect(abs(r.maxX - 260) < 1e-9)
            case .center: #expect(abs(r.x - (260 - r.width) / 2) < 1e-9)
            default: #expect(r.x == 0)
            }
            #expect(abs(line.glyphs[0].position.x - r.x) < 1e-9)
        }
    }

    /// Justified lines are exactly as wide as the box: the last glyph's advance ends at the edge.
    @Test func justifiedLinesFillTheBox() throws {
        let layout = try Fixtures.layout(paragraph, size: 18, width: 260) { $0.alignment = .justified }
        let natural = try Fixtures.layout(paragraph, size: 18, width: 260)
        #expect(Fixtures.lineTexts(layout) == Fixtures.lineTexts(natural))
        for (i, line) in layout.lines.enumerated() {
            if i < layout.lines.count - 1 {
                #expect(abs(line.typographicRect.width - 260) < 1e-9)
                // The last glyph ends at the right edge (position + its natural advance).
                let last = line.glyphs.last!
                let lastAdvance = natural.lines[i].typographicRect.maxX - natural.lines[i].glyphs.last!.position.x
                #expect(abs(last.position.x + lastAdvance - 260) < 1e-6)
            } else {
                #expect(line.typographicRect.width == natural.lines[i].typographicRect.width)
                #expect(line.typographicRect.x == 0)
            }
        }
    }

    /// Lines without spaces (CJK) are justified between clusters.
    @Test func justifiedCJKSpreadsBetweenClusters() throws {
        let one = try Fixtures.layout("中", size: 20).lines[0].typographicRect.width
        let layout = try Fixtures.layout("中文字符串测试换行", size: 20, width: one * 3.5) { $0.alignment = .justified }
        #expect(abs(layout.lines[0].typographicRect.width - one * 3.5) < 1e-9)
        let xs = layout.lines[0].glyphs.map(\.position.x)
        #expect(abs((xs[1] - xs[0]) - (xs[2] - xs[1])) < 1e-9)
        #expect(xs[1] - xs[0] > one)
    }

    /// Natural alignment follows the paragraph's base direction: right for Hebrew and Arabic.
    @Test func rightToLeftParagraphsAlignRight() throws {
        let layout = try Fixtures.layout("שלום עולם, זהו טקסט ארוך שנשבר לשורות\nHello", size: 20, width: 200)
        let rtl = layout.lines.filter(\.isRightToLeft)
        #expect(rtl.count >= 2)
        for line in rtl { #expect(abs(line.typographicRect.maxX - 200) < 1e-9) }
        #expect(layout.lines.last!.typographicRect.x == 0)
        #expect(!layout.lines.last!.isRightToLeft)
        // Explicit left stays left.
        let left = try Fixtures.layout("مرحبا بالعالم", size: 20, width: 200) { $0.alignment = .left }
        #expect(left.lines[0].typographicRect.x == 0 && left.lines[0].isRightToLeft)
    }

    @Test(arguments: [VerticalAlignment.top, .center, .bottom])
    func verticalAlignment(_ vertical: VerticalAlignment) throws {
        let layout = try Fixtures.layout("one\ntwo", size: 20, width: 100, height: 100) { $0.verticalAlignment = vertical }
        let block = layout.textRect
        switch vertical {
        case .top: #expect(block.y == 0)
        case .center: #expect(abs(block.y - (100 - block.height) / 2) < 1e-9)
        case .bottom: #expect(abs(block.maxY - 100) < 1e-9)
        }
        #expect(abs(layout.lines[0].lineBox.y - block.y) < 1e-9)
    }
}
