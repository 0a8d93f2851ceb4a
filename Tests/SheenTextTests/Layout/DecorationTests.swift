import Foundation
import SheenRaster
import SheenTestSupport
import SheenText
import Testing

/// Underlines, strikethroughs and backgrounds: placed from the font's own tables (read here from
/// the file's bytes, independently of HarfBuzz), drawn with exact area coverage.
@Suite struct DecorationTests {
    /// (underlinePosition, underlineThickness, yStrikeoutPosition, yStrikeoutSize, unitsPerEm) read
    /// from the TrueType tables of `path`.
    func tables(_ path: String) throws -> (Double, Double, Double, Double, Double) {
        let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func u16(_ o: Int) -> Int { Int(data[o]) << 8 | Int(data[o + 1]) }
        func i16(_ o: Int) -> Double { Double(Int16(bitPattern: UInt16(u16(o)))) }
        func table(_ tag: String) -> Int {
            for t in 0..<u16(4) {
                let rec = 12 + 16 * t
                if String(decoding: data[rec..<rec + 4], as: UTF8.self) == tag {
                    return Int(data[rec + 8]) << 24 | Int(data[rec + 9]) << 16 | Int(data[rec + 10]) << 8 | Int(data[rec + 11])
                }
            }
            return -1
        }
        let post = table("post"), os2 = table("OS/2"), head = table("head")
        return (i16(post + 8), i16(post + 10), i16(os2 + 28), i16(os2 + 26), Double(u16(head + 18)))
    }

    func layout(_ attributes: TextAttributes, _ string: String = "Under") throws -> TextLayout {
        var o = TextLayoutOptions(); o.alignment = .left
        return try TextLayout(AttributedText(string, attributes: attributes), options: o)
    }

    @Test func positionsAndThicknessesComeFromTheFont() throws {
        let (uPos, uSize, sPos, sSize, upem) = try tables(TestFonts.sansPath)
        let font = try TestFonts.sans(60)
        let px = 60 / upem
        #expect(abs(font.underlinePosition - uPos * px) < 1e-9)
        #expect(abs(font.underlineThickness - uSize * px) < 1e-9)
        #expect(abs(font.strikethroughPosition - sPos * px) < 1e-9)
        #expect(abs(font.strikethroughThickness - sSize * px) < 1e-9)
        let l = try layout(TextAttributes(font: font, underline: TextDecoration(), strikethrough: TextDecoration()))
        let line = l.lines[0]
        let d = l.decorations
        #expect(d.map(\.kind) == [.underline, .strikethrough])
        #expect(abs(d[0].rect.y - (line.baseline - uPos * px)) < 1e-9)
        #expect(abs(d[0].rect.height - uSize * px) < 1e-9)
        #expect(abs(d[1].rect.y - (line.baseline - sPos * px)) < 1e-9)
        #expect(abs(d[1].rect.height - sSize * px) < 1e-9)
        // Both span the run's advance.
        for r in d { #expect(r.rect.x == 0 && abs(r.rect.width - line.typographicRect.width) < 1e-9) }
    }

    @Test func doubleAndThickStyles() throws {
        let font = try TestFonts.sans(40)
        let t = font.underlineThickness
        let double = try layout(TextAttributes(font: font, underline: TextDecoration(.double))).decorations
        #expect(double.count == 2)
        #expect(abs(double[1].rect.y - double[0].rect.y - 2 * t) < 1e-9)
        #expect(double.allSatisfy { abs($0.rect.height - t) < 1e-9 })
        let thick = try layout(TextAttributes(font: font, underline: TextDecoration(.thick))).decorations
        #expect(thick.count == 1 && abs(thick[0].rect.height - 2 * t) < 1e-9)
    }

    /// The underline's pixels hold exactly its area (each pixel rounded once).
    @Test func underlineCoverageIsItsArea() throws {
        let font = try TestFonts.sans(60)
        let l = try layout(TextAttributes(font: font, underline: TextDecoration()), "gun")
        let coverage = try l.coverage()
        #expect(coverage.glyphs.filter { $0.decoration == .underline }.count == 1)
        let r = l.decorations[0].rect
        let underline = coverage.inkRect { $0.decoration != nil }
        let mask = try coverage.mask(region: underline) { $0.decoration != nil }
        var sum = 0
        mask.image.withReadOnlyBuffer { m in
            for y in 0..<m.height { for x in 0..<m.width { sum += Int(m.base.load(fromByteOffset: y * m.bytesPerRow + x, as: UInt8.self)) } }
        }
        let pixels = Double(mask.region.width * mask.region.height)
        #expect(abs(Double(sum) - r.width * r.height * 255) <= pixels * 0.5)
        #expect(mask.region.x == Int(r.x.rounded(.down)) && mask.region.y == Int(r.y.rounded(.down)))
    }

    @Test func backgroundsSpanTheLineHeight() throws {
        let font = try TestFonts.sans(30)
        var text = AttributedText("plain ", font: font)
        text.append("marked", attributes: TextAttributes(font: font, backgroundColor: Color(red: 1, green: 1, blue: 0)))
        var o = TextLayoutOptions(); o.alignment = .left
        let l = try TextLayout(text, options: o)
        let d = l.decorations
        #expect(d.count == 1 && d[0].kind == .background)
        let segments = l.lines[0].segments
        #expect(segments.count == 2)
        #expect(segments[0].width > (try layout(TextAttributes(font: font), "plain").lines[0].typographicRect.width))
        #expect(abs(d[0].rect.x - segments[1].x) < 1e-9 && abs(d[0].rect.width - segments[1].width) < 1e-9)
        #expect(abs(d[0].rect.maxX - l.lines[0].typographicRect.maxX) < 1e-9)
        #expect(d[0].rect.y == l.lines[0].typographicRect.y && d[0].rect.height == l.lines[0].typographicRect.height)
        // Backgrounds are not text: the coverage holds none of it.
        #expect(try l.coverage().glyphs.allSatisfy { $0.decoration == nil })
    }

    /// An outside stroke's band holds the underline grown by the stroke's reach.
    @Test func outsideStrokesGrowTheUnderline() throws {
        let font = try TestFonts.sans(40)
        let l = try layout(TextAttributes(font: font, underline: TextDecoration()), "a-a")
        let fill = try l.coverage().inkRect { $0.decoration != nil }
        let band = try l.coverage(stroke: TextStroke(width: 3)).inkRect { $0.decoration != nil }
        let r = l.decorations[0].rect
        #expect(band.x == Int((r.x - 3).rounded(.down)) && band.x + band.width == Int((r.maxX + 3).rounded(.up)))
        #expect(band.y == Int((r.y - 3).rounded(.down)) && band.y + band.height == Int((r.maxY + 3).rounded(.up)))
        #expect(band.width > fill.width)
        #expect(try l.coverage(stroke: TextStroke(width: 3, placement: .centered)).glyphs.allSatisfy { $0.decoration == nil })
    }
}
