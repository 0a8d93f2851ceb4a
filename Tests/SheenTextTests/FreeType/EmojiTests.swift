import Foundation
import Testing
@testable import SheenText
import SheenRaster
import SheenTestSupport

/// Colour glyphs: emoji found through fontconfig's fallback, drawn from Noto Color Emoji's
/// bitmap strike (fonts-noto-color-emoji, Scripts/install-deps.sh) scaled to the size.
@Suite struct EmojiTests {
    static let notoPath = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"

    func layout(_ s: String, size: Double = 40) throws -> TextLayout {
        var o = TextLayoutOptions(); o.alignment = .left
        return try TextLayout(AttributedText(s, font: try TestFonts.sans(size)), options: o)
    }

    @Test func aBitmapOnlyColourFaceOpens() throws {
        let face = try FontFace(path: Self.notoPath)
        #expect(face.hasColor && !face.isScalable)
        #expect(face.unitsPerEm == 2048)
        #expect(face.glyph(for: "😀") != nil)
        // DejaVu has outlines and no colour.
        let dejaVu = try FontFace(path: TestFonts.sansPath)
        #expect(!dejaVu.hasColor && dejaVu.isScalable)
    }

    @Test func emojiPresentationPicksTheColourFace() throws {
        let l = try layout("a😀❤️❤︎👍🏽🇫🇷")
        let faces = l.lines[0].glyphs.map { ($0.sourceOffset, $0.face.familyName) }
        func family(_ offset: Int) -> String? { faces.first { $0.0 == offset }?.1 }
        #expect(family(0) == "DejaVu Sans")
        #expect(family(1) == "Noto Color Emoji")      // 😀: emoji by default (DejaVu has a plain one)
        #expect(family(3) == "Noto Color Emoji")      // ❤ + U+FE0F
        #expect(family(5) == "DejaVu Sans")           // ❤ + U+FE0E asks for text
        #expect(family(7) == "Noto Color Emoji")      // thumbs up with a skin tone: one glyph
        #expect(family(11) == "Noto Color Emoji")     // a flag: one glyph
        #expect(l.lines[0].glyphs.filter { $0.sourceOffset == 7 }.count == 1)
        #expect(l.lines[0].glyphs.filter { $0.sourceOffset == 11 }.count == 1)
    }

    /// The glyph is in colour, scaled to the size (the strike is 109 px), and sits on the baseline
    /// as the font's metrics say.
    @Test func colourPixelsScaledToTheSize() throws {
        var widths: [Double] = []
        for size in [20.0, 40, 109, 200] {
            let coverage = try layout("😀", size: size).coverage()
            #expect(coverage.glyphs.count == 1)
            let g = coverage.glyphs[0]
            let color = try #require(g.bitmap.color)
            #expect(color.count == g.bitmap.width * g.bitmap.height * 4)
            // The alpha plane is the coverage.
            #expect((0..<g.bitmap.pixels.count).allSatisfy { g.bitmap.pixels[$0] == color[$0 * 4 + 3] })
            // Premultiplied: no level above alpha.
            #expect(stride(from: 0, to: color.count, by: 4).allSatisfy { max(color[$0], color[$0 + 1], color[$0 + 2]) <= color[$0 + 3] })
            // The face's centre is yellow: red and green high, blue low.
            let c = ((g.bitmap.height / 2) * g.bitmap.width + g.bitmap.width / 2) * 4
            #expect(color[c + 3] == 255 && color[c] > 200 && color[c + 1] > 150 && color[c + 2] < 100)
            widths.append(Double(g.bitmap.width) / size)
        }
        // Width grows with the size (within the filter's edge pixels).
        for w in widths { #expect(abs(w - widths[2]) < 0.1) }
    }

    /// At the strike's own size and a whole-pixel position the resampler copies pixels exactly
    /// (BGRA to RGBA).
    @Test func resamplingAtScaleOneIsACopy() throws {
        var bgra = [UInt8](repeating: 0, count: 5 * 3 * 4)
        var rng = SeededGenerator(seed: 7)
        for p in 0..<15 {
            let a = UInt8(truncatingIfNeeded: rng.next() | 1)
            bgra[p * 4 + 3] = a
            for c in 0..<3 { bgra[p * 4 + c] = UInt8(truncatingIfNeeded: rng.next() % (UInt64(a) + 1)) }
        }
        let bitmap = bgra.withUnsafeBufferPointer {
            ColorResampler(bgra: $0.baseAddress, width: 5, rows: 3, pitch: 20, scale: 1, left: 2, top: -7).bitmap()
        }
        #expect(bitmap.left == 2 && bitmap.top == -7 && bitmap.width == 5 && bitmap.height == 3)
        let color = try #require(bitmap.color)
        for p in 0..<15 {
            #expect(color[p * 4] == bgra[p * 4 + 2] && color[p * 4 + 1] == bgra[p * 4 + 1] && color[p * 4 + 2] == bgra[p * 4])
            #expect(color[p * 4 + 3] == bgra[p * 4 + 3])
        }
    }

    @Test func colorImageHoldsOnlyTheEmoji() throws {
        let coverage = try layout("ab😀cd").coverage()
        let (image, region) = try #require(try coverage.colorImage())
        let emoji = coverage.glyphs.first { $0.bitmap.color != nil }!
        #expect(region == emoji.rect)
        #expect(image.width == region.width && image.height == region.height)
        // The mask holds the emoji's alpha too: shadows are cast by it.
        let mask = try coverage.mask(region: region)
        mask.image.withReadOnlyBuffer { m in
            let centre = m.base.load(fromByteOffset: (m.height / 2) * m.bytesPerRow + m.width / 2, as: UInt8.self)
            #expect(centre == 255)
        }
    }

    /// COLR version 0: FreeType blends the layers in their palette colours at the size, at the
    /// glyph's subpixel position. The fixture's "A" is a red square holding a blue one
    /// (Scripts/make-colr-fixture.py).
    @Test func colrLayersAreBlendedInTheirColours() throws {
        let path = resourceDirectory("Fixtures").appendingPathComponent("colr-v0.ttf").path
        let face = try FontFace(path: path)
        #expect(face.hasColor && face.isScalable)
        var o = TextLayoutOptions(); o.alignment = .left
        let l = try TextLayout(AttributedText("A", font: try Font(face: face, size: 100)), options: o)
        let g = try #require(try l.coverage().glyphs.first)
        let color = try #require(g.bitmap.color)
        // 80 × 80 px: the outer square's 0.8 em.
        #expect(g.bitmap.width == 80 && g.bitmap.height == 80)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(color[(y * g.bitmap.width + x) * 4 ..< (y * g.bitmap.width + x) * 4 + 4]) }
        #expect(pixel(40, 40) == [0, 0, 255, 255])   // inside the inner square: blue
        #expect(pixel(5, 5) == [255, 0, 0, 255])     // the outer square's corner: red
        // The stroke band follows the base glyph's outline.
        #expect(try l.coverage(stroke: TextStroke(width: 2)).glyphs.count == 1)
    }

    /// A stroke has no outline to follow in a bitmap glyph: the band draws nothing for it.
    @Test func bitmapGlyphsAreNotStroked() throws {
        let band = try layout("😀").coverage(stroke: TextStroke(width: 2))
        #expect(band.glyphs.isEmpty)
    }
}

