import SheenRaster
import SheenTestSupport
import SheenText
import Testing

@Suite struct BadInputTests {
    @Test func emptyTextIsAnEmptyLayout() throws {
        let layout = try Fixtures.layout("", size: 20, width: 100, height: 40)
        #expect(layout.lines.count == 1)
        #expect(layout.lines[0].glyphs.isEmpty && layout.lines[0].string.isEmpty)
        #expect(try layout.inkRect().isEmpty)
        #expect(try layout.mask().image.bytes.allSatisfy { $0 == 0 })
        let none = try TextLayout(AttributedText())
        #expect(none.lines.isEmpty && none.textRect == .zero)
        #expect(try TextLayout.sizeThatFits(AttributedText("", font: TestFonts.sans()), .zero).height > 0)
    }

    @Test func invalidOptionsAndBoundsThrow() throws {
        let text = AttributedText("x", font: try TestFonts.sans())
        func expectError(_ name: String, _ configure: (inout TextLayoutOptions) -> Void, bounds: Size = Size(width: 10, height: 10)) {
            var options = TextLayoutOptions()
            configure(&options)
            let error = #expect(throws: TextError.self) { try TextLayout(text, bounds: bounds, options: options) }
            if case let .invalidParameter(got, _, _)? = error { #expect(got == name) } else { Issue.record("\(String(describing: error))") }
        }
        expectError("numberOfLines", { $0.numberOfLines = -1 })
        expectError("lineHeightMultiple", { $0.lineHeightMultiple = .nan })
        expectError("lineHeightMultiple", { $0.lineHeightMultiple = 0 })
        expectError("lineSpacing", { $0.lineSpacing = .infinity })
        expectError("minimumScaleFactor", { $0.minimumScaleFactor = 1.5 })
        expectError("bounds.width", { _ in }, bounds: Size(width: -1, height: 0))
        expectError("bounds.height", { _ in }, bounds: Size(width: 0, height: .nan))
        let tracked = AttributedText("x", attributes: TextAttributes(font: try TestFonts.sans(), tracking: .nan))
        #expect(throws: TextError.self) { try TextLayout(tracked) }
    }

    /// A 10,000 px font is refused with a clear error rather than allocating gigabytes.
    @Test func hugeFontSizesAreRefused() throws {
        #expect(throws: TextError.invalidFontSize(10_000)) { try Font(path: TestFonts.sansPath, size: 10_000) }
        // The largest size works; a window on the glyph's ink shows coverage.
        let layout = try TextLayout(AttributedText("W", font: Font(path: TestFonts.sansPath, size: Font.maximumSize)),
                                    bounds: Size(width: 200, height: 200))
        let ink = try layout.inkRect()
        #expect(ink.width > 3000)
        let window = PixelRect(x: ink.x, y: ink.y, width: 200, height: 200)
        #expect(try layout.mask(region: window).image.bytes.contains { $0 != 0 })
    }

    @Test func oversizedMasksAndTextThrow() throws {
        let layout = try Fixtures.layout("x", size: 20)
        #expect(throws: TextError.maskTooLarge(width: 100_000, height: 100_000)) {
            try layout.mask(region: PixelRect(x: 0, y: 0, width: 100_000, height: 100_000))
        }
        #expect(throws: TextError.raster(.invalidRect(x: 0, y: 0, width: -1, height: 5))) {
            try layout.mask(region: PixelRect(x: 0, y: 0, width: -1, height: 5))
        }
        // Regions and origins at the ends of Int's range: an error or nothing drawn, never a trap.
        #expect(throws: TextError.self) { try layout.mask(region: PixelRect(x: Int.min, y: 0, width: 10, height: 10)) }
        #expect(throws: TextError.self) { try layout.mask(region: PixelRect(x: 0, y: Int.min, width: 10, height: 10)) }
        let far = try layout.mask(region: PixelRect(x: Int.max - 5, y: Int.max - 5, width: 10, height: 10))
        #expect(!far.image.bytes.contains { $0 != 0 })
        let canvas = try Image(width: 16, height: 16, format: .a8)
        for origin in [(Int.max, 0), (0, Int.max), (Int.min, 0), (0, Int.min), (Int.max, Int.min)] {
            try canvas.withBuffer { try layout.draw(into: $0, origin: origin) }
        }
        #expect(!canvas.bytes.contains { $0 != 0 })
        let long = String(repeating: "a", count: TextLayout.maximumLength + 1)
        #expect(throws: TextError.textTooLong(length: TextLayout.maximumLength + 1, maximum: TextLayout.maximumLength)) {
            try TextLayout(AttributedText(long, font: TestFonts.sans()))
        }
    }

    /// 100,000 characters lay out (linear time) and wrap into the expected number of lines.
    @Test func aHundredThousandCharacters() throws {
        let words = ["sheen", "gradient", "text", "ink", "Ωμέγα", "wraps", "AV"]
        var s = ""
        var i = 0
        while s.utf16.count < 100_000 { s += words[i % words.count] + " "; i += 1 }
        let layout = try Fixtures.layout(s, size: 14, width: 600)
        #expect(layout.lines.count > 1000)
        #expect(layout.lines.map(\.string).joined(separator: " ") + " " == s)
        let clipped = try layout.mask(region: PixelRect(x: 0, y: 0, width: 600, height: 200))
        #expect(clipped.image.bytes.contains { $0 != 0 })
    }

    /// Lone surrogates, control characters and unassigned code points do not break layout.
    @Test func oddUnicode() throws {
        var units = Array("ab".utf16)
        units.insert(0xD800, at: 1)
        let lone = String(decoding: units, as: UTF16.self)  // decodes the lone surrogate to U+FFFD
        for s in [lone, "\u{0}\u{1}\u{7F}", "\u{E0001}\u{10FFFF}", "\u{200D}\u{200D}", "\u{301}\u{301}start", "👍🏽\u{FE0F}\u{20E3}"] {
            let layout = try Fixtures.layout(s, size: 16, width: 50) { $0.lineBreakMode = .byCharWrapping }
            _ = try layout.mask()
        }
    }

    /// Combining marks in a row are counted per character: BMP and astral marks alike (U+1D167
    /// is a combining mark outside the BMP), a base character starts a new count, and the first
    /// run over the limit is named by where it starts.
    @Test func marksInARowAreLimited() throws {
        let font = try TestFonts.sans(12), limit = TextLayout.maximumMarksPerCharacter
        func layout(_ s: String) throws -> TextLayout { try TextLayout(AttributedText(s, font: font)) }
        _ = try layout("a" + String(repeating: "\u{301}", count: limit) + "b" + String(repeating: "\u{1D167}", count: limit))
        #expect(throws: TextError.tooManyMarks(offset: 3, maximum: limit)) {
            try layout("xyz" + String(repeating: "\u{1D167}", count: limit + 1))
        }
        #expect(throws: TextError.tooManyMarks(offset: 2, maximum: limit)) {
            try layout("ab" + String(repeating: "\u{301}\u{302}", count: limit / 2 + 1))
        }
    }
}
