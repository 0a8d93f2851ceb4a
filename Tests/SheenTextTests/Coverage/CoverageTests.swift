import Testing
import SheenRaster
import SheenTestSupport
import SheenText

@Suite struct CoverageTests {
    /// Overlapping glyphs: negative tracking makes every neighbour overlap, and a mark stacks
    /// on its base.
    static func overlapping() throws -> TextLayout {
        var attributes = TextAttributes(font: try TestFonts.bold(40))
        attributes.tracking = -12
        return try TextLayout(AttributedText("Wavy q\u{301}AVA", attributes: attributes))
    }

    /// The coverage writer unites glyphs exactly as SheenRaster's A8 sourceOver composites them,
    /// one job per glyph: in a blank mask (where it copies outside the overlaps) and over
    /// existing coverage, at origins that clip glyphs on every side, with padded rows.
    @Test(arguments: [(0, 0), (-13, 5), (7, -9), (-200, 0)])
    func unitesAsSourceOverCompositesEachGlyph(x: Int, y: Int) throws {
        let layout = try Self.overlapping()
        let coverage = try layout.coverage()
        var generator = SeededGenerator(seed: UInt64(bitPattern: Int64(x * 31 + y)))
        for blank in [true, false] {
            let width = coverage.inkRect.width - 9, height = coverage.inkRect.height + 4
            let expected = FencedBuffer(width: width, height: height, format: .a8, padding: 5, fill: 0)
            let actual = FencedBuffer(width: width, height: height, format: .a8, padding: 5, fill: 0)
            if !blank {
                for py in 0..<height {
                    for px in 0..<width {
                        let v = UInt8.random(in: 0...255, using: &generator)
                        expected.buffer.row(py).storeBytes(of: v, toByteOffset: px, as: UInt8.self)
                        actual.buffer.row(py).storeBytes(of: v, toByteOffset: px, as: UInt8.self)
                    }
                }
            }
            let origin = (x: x - coverage.inkRect.x, y: y - coverage.inkRect.y)
            for g in coverage.glyphs {
                try g.bitmap.pixels.withUnsafeBytes { bytes in
                    let view = try ReadOnlyRasterBuffer(base: bytes.baseAddress!, width: g.rect.width, height: g.rect.height,
                                                        bytesPerRow: g.rect.width, format: .a8)
                    try expected.buffer.composite(.color(.white), operator: .sourceOver,
                                                  coverage: .mask(view, x: g.rect.x + origin.x, y: g.rect.y + origin.y))
                }
            }
            try coverage.draw(into: actual.buffer, origin: origin)
            #expect(actual.allBytes == expected.allBytes, "blank: \(blank)")
            #expect(actual.fenceViolations == 0)
            if blank {
                // A new mask over the same region is the blank case too.
                let mask = try coverage.mask(region: PixelRect(x: -origin.x, y: -origin.y, width: width, height: height))
                for py in 0..<height {
                    for px in 0..<width {
                        #expect(mask.image.pixel(x: px, y: py)[0] == actual.buffer.row(py).load(fromByteOffset: px, as: UInt8.self))
                    }
                }
            }
        }
    }

    /// An inside band lies within the glyphs: never more coverage than the fill, full coverage
    /// right at the outline, none deep inside a wide stem.
    @Test func insideStrokeStaysInsideTheGlyphs() throws {
        let layout = try TextLayout(AttributedText("Hello", font: try TestFonts.bold(80)))
        let fill = try layout.coverage().mask()
        let band = try layout.coverage(stroke: TextStroke(width: 3, placement: .inside)).mask(region: fill.region)
        var full = 0, both = 0
        for y in 0..<fill.region.height {
            for x in 0..<fill.region.width {
                let f = fill.image.pixel(x: x, y: y)[0], b = band.image.pixel(x: x, y: y)[0]
                #expect(b <= f)
                if b == 255 { full += 1 }
                if f == 255 && b == 0 { both += 1 }
            }
        }
        #expect(full > 500 && both > 500)   // a band, with untouched interior inside it
        let ink = try layout.inkRect(), inside = try layout.inkRect(stroke: TextStroke(width: 3, placement: .inside))
        #expect(inside == ink)
    }

    /// The ink measured a few glyphs at a time, each glyph key's ink box found once (what a long
    /// text field's gradient spans) is the ink measured at once, for fill and stroke, every
    /// hinting mode (whole-pixel columns in full hinting), over several lines with an underline,
    /// marks, a raised run and a glyph repeated at every subpixel position.
    @Test func inkInChunksIsTheWholeInk() throws {
        var text = AttributedText("Chunks of ink, ", font: try TestFonts.sans(20))
        text.append("underlined Ágj\nand a second line ", attributes: TextAttributes(font: try TestFonts.sans(20),
                                                                                      underline: TextDecoration(.single)))
        text.append("fff ffff fffff ffffff ", attributes: TextAttributes(font: try TestFonts.sans(20), tracking: 0.3))
        text.append("x\u{301}\u{323}\u{302} ", attributes: TextAttributes(font: try TestFonts.sans(31)))
        text.append("Raised", attributes: TextAttributes(font: try TestFonts.bold(40), baselineOffset: 7.3,
                                                         strikethrough: TextDecoration(.double)))
        for hinting in Hinting.allCases {
            let layout = try TextLayout(text, bounds: Size(width: 160, height: 0), options: {
                var o = TextLayoutOptions(); o.numberOfLines = 0; o.lineBreakMode = .byWordWrapping; o.hinting = hinting; return o
            }())
            #expect(layout.lines.count > 2)
            for stroke in [nil, TextStroke(width: 3, placement: .outside), TextStroke(width: 2, placement: .centered)] as [TextStroke?] {
                for chunk in [1, 3, 4096] {
                    #expect(try layout.inkRectInChunks(stroke: stroke, chunk: chunk) == layout.inkRect(stroke: stroke), "\(hinting) \(String(describing: stroke)) \(chunk)")
                }
            }
        }
    }
}

