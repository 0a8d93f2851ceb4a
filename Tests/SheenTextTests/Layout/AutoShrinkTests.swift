import SheenRaster
import SheenTestSupport
import SheenText
import Testing

@Suite struct AutoShrinkTests {
    let title = "Always correct gradient text"

    private func shrink(width: Double, minimum: Double, adjust: BaselineAdjustment = .alignBaselines,
                        height: Double = 80) throws -> TextLayout {
        var options = TextLayoutOptions()
        options.adjustsFontSizeToFitWidth = true
        options.minimumScaleFactor = minimum
        options.baselineAdjustment = adjust
        return try TextLayout(AttributedText(title, font: TestFonts.bold(48)), bounds: Size(width: width, height: height),
                              options: options)
    }

    private func naturalWidth(size: Double) throws -> Double {
        try TextLayout(AttributedText(title, font: TestFonts.bold(size))).lines[0].typographicRect.width
    }

    /// The largest scale that fits, to 0.5 px of font size — not an integer step.
    @Test(arguments: [400.0, 523.0, 611.5]) func findsTheLargestFittingScale(width: Double) throws {
        let layout = try shrink(width: width, minimum: 0.3)
        #expect(layout.scale < 1)
        #expect(!layout.isTruncated)
        #expect(layout.lines[0].string == title)
        #expect(layout.lines[0].typographicRect.width <= width)
        let size = 48 * layout.scale
        #expect(try naturalWidth(size: size) <= width)
        #expect(try naturalWidth(size: size + 0.5) > width)
        #expect(layout.lines[0].glyphs[0].size == size)
    }

    @Test func textThatFitsIsNotShrunk() throws {
        #expect(try shrink(width: 900, minimum: 0.3).scale == 1)
    }

    /// When even the minimum scale is too large, the minimum is used and the text truncated.
    @Test func theMinimumScaleThenTruncation() throws {
        let layout = try shrink(width: 300, minimum: 0.8)
        #expect(layout.scale == 0.8)
        #expect(layout.isTruncated && layout.lines[0].string.hasSuffix("…"))
    }

    @Test func zeroMinimumMeansNoShrinking() throws {
        let layout = try shrink(width: 300, minimum: 0)
        #expect(layout.scale == 1 && layout.isTruncated)
    }

    /// Baseline adjustment relates the shrunk line to the full-size line's placement.
    @Test func baselineAdjustment() throws {
        let full = try TextLayout(AttributedText(title, font: TestFonts.bold(48)), bounds: Size(width: 2000, height: 80))
        let fullLine = full.lines[0]
        let baselines = try shrink(width: 400, minimum: 0.3, adjust: .alignBaselines)
        #expect(abs(baselines.lines[0].baseline - fullLine.baseline) < 1e-9)
        let centers = try shrink(width: 400, minimum: 0.3, adjust: .alignCenters)
        #expect(abs(centers.lines[0].lineBox.y + centers.lines[0].lineBox.height / 2
                    - (fullLine.lineBox.y + fullLine.lineBox.height / 2)) < 1e-9)
        let none = try shrink(width: 400, minimum: 0.3, adjust: .none)
        #expect(abs(none.lines[0].lineBox.y - fullLine.lineBox.y) < 1e-9)
        #expect(none.lines[0].baseline < baselines.lines[0].baseline)
    }

    /// Multi-line text shrinks until every line fits in the bounds without truncation.
    @Test func multiLineShrinksToFitTheLineCount() throws {
        var options = TextLayoutOptions()
        options.numberOfLines = 2
        options.lineBreakMode = .byWordWrapping
        options.adjustsFontSizeToFitWidth = true
        options.minimumScaleFactor = 0.2
        let text = AttributedText("The quick brown fox jumps over the lazy dog again and again", font: try TestFonts.sans(30))
        let layout = try TextLayout(text, bounds: Size(width: 300, height: 0), options: options)
        #expect(layout.scale < 1 && !layout.isTruncated && layout.lines.count <= 2)
        #expect(layout.lines.map(\.string).joined(separator: " ") == text.string)
    }
}
