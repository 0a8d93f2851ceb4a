import Testing
import SheenRaster
import SheenText

/// docs/guide.md's SheenText example, verbatim (SheenRasterTests' readmeMatchesThisFile checks that the
/// README's and the guide's blocks appear in this file or its own).
@Suite struct ReadmeTextExamplesTests {
    @Test func laysOutAndMasksALabel() throws {
        let font = try Font(named: "DejaVu Sans:bold", size: 48)
        var options = TextLayoutOptions()             // UILabel's defaults: 1 line, tail truncation, centred vertically
        options.numberOfLines = 2
        options.adjustsFontSizeToFitWidth = true
        options.minimumScaleFactor = 0.5
        let layout = try TextLayout(AttributedText("Always correct gradient text", font: font),
                                    bounds: Size(width: 480, height: 120), options: options)
        let ink = try layout.inkRect()                 // the pixels the glyphs actually cover
        let mask = try layout.mask()                   // a TextMask: mask.image is 480×120 A8 coverage, mask.region where it lies
        let outline = try layout.mask(stroke: TextStroke(width: 3))
        let glyphs = try layout.coverage()             // rasterised once: glyphs.inkRect, glyphs.mask(), glyphs.lineMask(0)
        for line in layout.lines { print(line.string, line.baseline, line.typographicRect) }

        #expect(layout.lines.count == 2 && !layout.isTruncated && layout.scale == 1)
        let remasked = try glyphs.mask(region: mask.region)
        #expect(glyphs.inkRect == ink && remasked.image.bytes == mask.image.bytes)
        #expect(ink.width > 300 && ink.height > 60)
        #expect(mask.image.width == 480 && mask.image.height == 120)
        #expect(outline.image.bytes.reduce(0) { $0 + Int($1) } > mask.image.bytes.reduce(0) { $0 + Int($1) })
    }
}
