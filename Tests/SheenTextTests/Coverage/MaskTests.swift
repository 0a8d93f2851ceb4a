import Testing
import SheenRaster
import SheenTestSupport
import SheenText

@Suite struct MaskTests {
    /// Bounding box of the non-zero pixels of a mask, in layout coordinates.
    static func nonZeroBox(_ mask: TextMask) -> PixelRect {
        let b = mask.image.bytes, w = mask.image.width
        var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
        for (i, v) in b.enumerated() where v != 0 {
            x0 = min(x0, i % w); x1 = max(x1, i % w); y0 = min(y0, i / w); y1 = max(y1, i / w)
        }
        guard x1 >= x0 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(x: x0 + mask.region.x, y: y0 + mask.region.y, width: x1 - x0 + 1, height: y1 - y0 + 1)
    }

    static func label() throws -> TextLayout {
        try TextLayout(AttributedText("Always correct gradient text", font: TestFonts.bold(48)), bounds: Size(width: 800, height: 80))
    }

    static func paragraph() throws -> TextLayout {
        try Fixtures.layout("Sheen lays out text: kerning (AV), ligatures (fi), marks (q\u{301}), Ελληνικά, Кириллица, "
                            + "עברית and العربية — justified.", size: 17, width: 300, height: 130) { $0.alignment = .justified }
    }

    /// The ink rect is exactly the bounding box of the non-zero mask pixels, for fill and stroke.
    @Test func inkRectIsTheBoundingBoxOfTheCoverage() throws {
        for layout in [try Self.label(), try Self.paragraph()] {
            for stroke in [nil, TextStroke(width: 3), TextStroke(width: 2, placement: .centered, join: .miter)] {
                let ink = try layout.inkRect(stroke: stroke)
                let wide = PixelRect(x: ink.x - 5, y: ink.y - 5, width: ink.width + 10, height: ink.height + 10)
                #expect(Self.nonZeroBox(try layout.mask(region: wide, stroke: stroke)) == ink)
                for (line, rect) in zip(layout.lines.indices, try layout.lineInkRects(stroke: stroke)) {
                    let only = try layout.lineMasks(stroke: stroke)[line]
                    #expect(only.region == rect)
                    #expect(rect.isEmpty || Self.nonZeroBox(only) == rect)
                }
            }
        }
    }

    @Test func goldenMasks() throws {
        #expect(try Golden.compare(try Self.label().mask().image, "label", directory: Golden.directory()) == nil)
        #expect(try Golden.compare(try Self.label().mask(stroke: TextStroke(width: 3)).image, "label-stroke", directory: Golden.directory()) == nil)
        #expect(try Golden.compare(try Self.paragraph().mask().image, "paragraph", directory: Golden.directory()) == nil)
        let lines = try Self.paragraph().lineMasks()
        #expect(try Golden.compare(lines[1].image, "paragraph-line2", directory: Golden.directory()) == nil)
    }

    /// An outside stroke is the glyph grown: it covers the fill, and reaches about `width` further.
    @Test func outsideStrokeContainsTheFill() throws {
        let layout = try Self.label()
        let fill = try layout.mask(), stroke = try layout.mask(stroke: TextStroke(width: 4))
        for (f, s) in zip(fill.image.bytes, stroke.image.bytes) where f == 255 { #expect(s == 255) }
        let inkFill = try layout.inkRect(), inkStroke = try layout.inkRect(stroke: TextStroke(width: 4))
        #expect(abs((inkFill.x - inkStroke.x) - 4) <= 1)
        #expect(abs((inkStroke.width - inkFill.width) - 8) <= 2)
        let centred = try layout.inkRect(stroke: TextStroke(width: 4, placement: .centered))
        #expect(abs((inkFill.x - centred.x) - 2) <= 1)
        #expect(throws: TextError.invalidParameter(name: "stroke width", value: 0, allowed: "(0, 512] px")) {
            try layout.mask(stroke: TextStroke(width: 0))
        }
    }

    /// Drawing into a borrowed A8 view at an offset touches only the view and unites with what is there.
    @Test func drawsIntoABorrowedBufferWithinItsFences() throws {
        let layout = try Self.label()
        let reference = try layout.mask()
        let fenced = FencedBuffer(width: 500, height: 60, format: .a8, padding: 13, misalignment: 3, fill: 0)
        try layout.draw(into: fenced.buffer, origin: (x: -100, y: -10))
        #expect(fenced.fenceViolations == 0)
        for y in 0..<60 {
            for x in 0..<500 {
                #expect(fenced.pixel(x: x, y: y)[0] == reference.image.pixel(x: x + 100, y: y + 10)[0])
            }
        }
        let rgba = try Image(width: 4, height: 4, format: .rgba8Premultiplied)
        #expect(throws: TextError.raster(.formatMismatch(expected: .a8, actual: .rgba8Premultiplied))) {
            try rgba.withBuffer { try layout.draw(into: $0) }
        }
    }

    /// Selecting glyphs by attributes splits the mask exactly (for per-run colours).
    @Test func masksPerAttributeRun() throws {
        var text = AttributedText("Red ", attributes: TextAttributes(font: try TestFonts.bold(40), color: .init(red: 1, green: 0, blue: 0)))
        text.append("Blue", attributes: TextAttributes(font: try TestFonts.bold(40), color: .init(red: 0, green: 0, blue: 1)))
        let layout = try TextLayout(text, bounds: Size(width: 300, height: 60))
        let red = try layout.mask { $0.attributesIndex == 0 }, blue = try layout.mask { $0.attributesIndex == 1 }
        let all = try layout.mask()
        #expect(Self.nonZeroBox(red).x < Self.nonZeroBox(blue).x)
        for i in all.image.bytes.indices where red.image.bytes[i] == 0 || blue.image.bytes[i] == 0 {
            #expect(all.image.bytes[i] == max(red.image.bytes[i], blue.image.bytes[i]))
        }
    }

    /// Pen positions are rounded to a quarter pixel: a quarter-pixel shift changes the coverage,
    /// a whole-pixel shift moves it, a shift under 1/8 px changes nothing.
    @Test func subpixelPositionsUseFourBuckets() throws {
        let font = try TestFonts.sans(30)
        let cache = GlyphCache(byteBudget: 1 << 20)
        let w = try TextLayout(AttributedText("l", font: font)).textRect.width
        func mask(shift: Double, regionX: Int = 0) throws -> [UInt8] {
            var options = TextLayoutOptions()
            options.alignment = .right
            let layout = try TextLayout(AttributedText("l", font: font), bounds: Size(width: 10 + w + shift, height: 0), options: options)
            return try layout.mask(region: PixelRect(x: regionX, y: 0, width: 30, height: 40), cache: cache).image.bytes
        }
        let base = try mask(shift: 0)
        #expect(try mask(shift: 0.25) != base)
        #expect(try mask(shift: 0.1) == base)
        #expect(try mask(shift: 1, regionX: 1) == base)
        #expect(cache.statistics.misses == 2)
        #expect(cache.statistics.hits == 2)
    }

    /// A rectangle's coverage is, at every pixel, the covered area × 255 rounded — whole,
    /// fractional and sub-pixel edges, rectangles inside one pixel, negative origins.
    @Test func rectangleCoverageIsTheCoveredAreaOfEachPixel() throws {
        var random = SeededGenerator(seed: 0x5EC7)
        let quarters = [0, 0.25, 0.5, 0.75, 0.999]
        for case_ in 0..<600 {
            func coordinate() -> Double {
                case_ % 3 == 0 ? Double(Int.random(in: -8...8, using: &random)) + quarters.randomElement(using: &random)!
                               : Double.random(in: -20...20, using: &random)
            }
            let rect = Rect(x: coordinate(), y: coordinate(), width: case_ % 5 == 0 ? Double.random(in: 0.01...1, using: &random)
                                                                                       : Double(Int.random(in: 1...30, using: &random)) + quarters.randomElement(using: &random)!,
                            height: Double.random(in: 0.01...9, using: &random))
            let mask = try rect.coverageMask()
            // Every pixel the rectangle touches, and a ring around them: outside the mask's region
            // the coverage is 0 (the mask is trimmed to its non-zero pixels; nil when there are none).
            for py in Int(rect.y.rounded(.down)) - 1...Int(rect.maxY.rounded(.up)) {
                for px in Int(rect.x.rounded(.down)) - 1...Int(rect.maxX.rounded(.up)) {
                    let x = Double(px), y = Double(py)
                    let cx = max(0, min(x + 1, rect.maxX) - max(x, rect.x)), cy = max(0, min(y + 1, rect.maxY) - max(y, rect.y))
                    let expected = UInt8((cx * cy * 255).rounded())
                    var got: UInt8 = 0
                    if let mask, let r = Optional(mask.region), px >= r.x, px < r.x + r.width, py >= r.y, py < r.y + r.height {
                        got = mask.image.bytes[(py - mask.region.y) * mask.image.width + px - mask.region.x]
                    }
                    if got != expected {
                        Issue.record("\(rect) pixel (\(px), \(py)): \(got), expected \(expected)")
                        return
                    }
                }
            }
        }
    }
}
