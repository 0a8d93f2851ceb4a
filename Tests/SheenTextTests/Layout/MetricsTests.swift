import SheenRaster
import SheenTestSupport
import SheenText
import Testing

@Suite struct MetricsTests {
    let text = "The quick brown fox jumps over the lazy dog"

    @Test func textRectForBoundsLimitsLines() throws {
        let attributed = AttributedText(text, font: try TestFonts.sans(20))
        let step = try Fixtures.layout("a\nb", size: 20).lines[1].baseline - Fixtures.layout("a\nb", size: 20).lines[0].baseline
        let all = try TextLayout.textRect(attributed, forBounds: Rect(x: 10, y: 20, width: 150, height: 0), limitedToNumberOfLines: 0)
        let two = try TextLayout.textRect(attributed, forBounds: Rect(x: 10, y: 20, width: 150, height: 0), limitedToNumberOfLines: 2)
        #expect(two.x == 10 && two.y == 20)
        #expect(abs(two.height - 2 * step) < 1e-9)
        #expect(all.height > two.height)
        #expect(two.width <= 150 && all.width <= 150)
        let one = try TextLayout.textRect(attributed, forBounds: Rect(x: 0, y: 0, width: 0, height: 0), limitedToNumberOfLines: 1)
        #expect(abs(one.width - (try Fixtures.layout(text, size: 20).lines[0].typographicRect.width)) < 1e-9)
    }

    @Test func sizeThatFitsHoldsTheText() throws {
        var options = TextLayoutOptions()
        options.numberOfLines = 0
        options.lineBreakMode = .byWordWrapping
        let attributed = AttributedText(text, font: try TestFonts.sans(20))
        let size = try TextLayout.sizeThatFits(attributed, Size(width: 150, height: 0), options: options)
        #expect(size.width <= 150 && size.width == size.width.rounded())
        // Laid out in exactly that size, nothing is truncated and the lines are the same.
        let fitted = try TextLayout(attributed, bounds: size, options: options)
        let free = try TextLayout(attributed, bounds: Size(width: 150, height: 0), options: options)
        #expect(!fitted.isTruncated)
        #expect(fitted.lines.map(\.string) == free.lines.map(\.string))
    }

    /// Laid out again in the size sizeThatFits returns, a text comes back in the same lines —
    /// also where breaking inside a word reshapes it (Arabic joining forms, Thai, CJK under
    /// character wrapping, a word wider than the width): those lines can be drawn narrower or
    /// wider than the width that broke them, and a label sized to the narrower width lost its
    /// last line.
    @Test(arguments: [LineBreakMode.byWordWrapping, .byCharWrapping])
    func sizeThatFitsKeepsTheLines(mode: LineBreakMode) throws {
        var options = TextLayoutOptions()
        options.numberOfLines = 0
        options.lineBreakMode = mode
        let texts = ["x ä́\r\nمرحباä́ 中文排版\nที่นี่", "x office 한국어 Hello문장문장  بالعالم  ปั้นกุ้ง  Jiggly  测试",
                     "مرحبا بالعالم مرحبا بالعالم", "ปั้นกุ้งที่นี่ปั้นกุ้ง"]
        for text in texts {
            for size in [21.0, 46.0] {
                let attributed = AttributedText(text, font: try TestFonts.sans(size))
                for width in stride(from: 30.0, through: 400, by: 17) {
                    let free = try TextLayout(attributed, bounds: Size(width: width, height: 0), options: options)
                    let fit = try TextLayout.sizeThatFits(attributed, Size(width: width, height: 0), options: options)
                    let fitted = try TextLayout(attributed, bounds: fit, options: options)
                    #expect(fitted.lines.map(\.sourceRange) == free.lines.map(\.sourceRange), "\(text) \(size) px in \(width) px")
                    #expect(fit.width <= width)
                }
            }
        }
    }

    /// Per-line typographic rects stack with the line height; baselines sit inside them.
    @Test func lineRectsAndBaselines() throws {
        let layout = try Fixtures.layout(text, size: 20, width: 150)
        let font = try TestFonts.sans(20)
        for line in layout.lines {
            #expect(abs(line.typographicRect.y - (line.baseline - font.ascender)) < 1e-9)
            #expect(abs(line.typographicRect.height - (font.ascender + font.descender)) < 1e-9)
            #expect(line.lineBox.y <= line.typographicRect.y && line.lineBox.maxY >= line.typographicRect.maxY)
            #expect(line.glyphs.allSatisfy { $0.position.y == line.baseline })
        }
        #expect(layout.textRect.height == layout.lines.map(\.lineBox.height).reduce(0, +))
    }

    /// Ink sits within a few pixels of the typographic box: bearings and accents only.
    @Test func inkAndTypographicRectsAgree() throws {
        let layout = try MaskTests.label()
        let ink = try layout.inkRect()
        let box = layout.lines[0].typographicRect
        #expect(Double(ink.x) >= box.x - 2 && Double(ink.x + ink.width) <= box.maxX + 2)
        #expect(Double(ink.y) >= box.y && Double(ink.y + ink.height) <= box.maxY + 1)
    }
}
