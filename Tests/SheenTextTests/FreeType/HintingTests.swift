import CFreeType
import Testing
import SheenRaster
import SheenTestSupport
@testable import SheenText

/// Hinting (`TextLayoutOptions.hinting`): the masks are FreeType's hinted renderings, the layout
/// is the same in every mode.
@Suite struct HintingTests {
    let text = "Hamburgefonstiv xyz 0123"

    func layout(_ hinting: Hinting, size: Double = 13) throws -> TextLayout {
        try Fixtures.layout(text, size: size) { $0.hinting = hinting }
    }

    /// Ink pixels (pixel coordinates, y down from the baseline → coverage) of a glyph bitmap whose
    /// top row is at `top`.
    static func ink(left: Int, top: Int, width: Int, height: Int, pitch: Int, _ value: (Int) -> UInt8) -> [SIMD2<Int>: UInt8] {
        var out: [SIMD2<Int>: UInt8] = [:]
        for r in 0..<height { for c in 0..<width where value(r * pitch + c) != 0 { out[SIMD2(left + c, top + r)] = value(r * pitch + c) } }
        return out
    }

    /// Each glyph's hinted bitmap is the one FreeType renders itself (FT_Load_Glyph with the
    /// light or normal target, FT_Render_Glyph), for a face FreeType opens on its own.
    @Test(arguments: [Hinting.light, .full], [9.0, 13, 20])
    func bitmapsAreFreeTypes(hinting: Hinting, size: Double) throws {
        let face = try FontFace(path: TestFonts.sansPath)
        var library: FT_Library?
        #expect(FT_Init_FreeType(&library) == 0)
        defer { FT_Done_FreeType(library) }
        var ftFace: FT_Face?
        #expect(FT_New_Face(library, TestFonts.sansPath, 0, &ftFace) == 0)
        defer { FT_Done_Face(ftFace) }
        let size26 = Int(size * 64)
        #expect(FT_Set_Char_Size(ftFace, 0, FT_F26Dot6(size26), 72, 72) == 0)
        for scalar in text.unicodeScalars where scalar != " " {
            let glyph = face.glyph(for: scalar)!
            let ours = try face.rasterize(glyph: glyph, size26: size26, offsets26: [0], stroke: nil, hinting: hinting)[0]
            #expect(FT_Load_Glyph(ftFace, glyph, hinting == .light ? sheen_ft_load_light : sheen_ft_load_full) == 0)
            let slot = ftFace!.pointee.glyph!
            #expect(FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0)
            let b = slot.pointee.bitmap
            let theirs = Self.ink(left: Int(slot.pointee.bitmap_left), top: -Int(slot.pointee.bitmap_top), width: Int(b.width),
                                  height: Int(b.rows), pitch: Int(b.pitch)) { b.buffer[$0] }
            let mine = Self.ink(left: ours.left, top: ours.top, width: ours.width, height: ours.height, pitch: ours.width) { ours.pixels[$0] }
            #expect(mine == theirs, "\(scalar) at \(size) px, \(hinting)")
        }
    }

    /// Light hinting snaps horizontal edges to rows: the x-height of "z" at 13 px (7.1 px
    /// unhinted) becomes whole, so the top row of its ink (the bar) is fully covered; unhinted it
    /// is faint.
    /// Widths stay: the ink's columns agree within a pixel.
    @Test func lightHintingSnapsRows() throws {
        func topRowPeak(_ hinting: Hinting) throws -> (peak: UInt8, columns: Int) {
            let l = try Fixtures.layout("z", size: 13) { $0.hinting = hinting }
            let mask = try l.mask(region: try l.inkRect())
            let row = mask.image.bytes[0..<mask.region.width]
            return (row.max() ?? 0, mask.region.width)
        }
        let none = try topRowPeak(.none), light = try topRowPeak(.light)
        #expect(none.peak < 128)
        #expect(light.peak >= 250)
        #expect(abs(none.columns - light.columns) <= 1)
    }

    /// The layout — glyph positions, line boxes, the text rect — is the same in every mode; the
    /// masks differ, and full hinting draws every copy of a glyph alike (whole-pixel positions).
    @Test func layoutIsTheSameAndMasksDiffer() throws {
        let none = try layout(.none), light = try layout(.light), full = try layout(.full)
        for other in [light, full] {
            #expect(other.textRect == none.textRect)
            #expect(other.lines.map(\.baseline) == none.lines.map(\.baseline))
            #expect(other.lines[0].glyphs.map(\.position) == none.lines[0].glyphs.map(\.position))
        }
        let masks = try [none, light, full].map { try $0.mask(region: PixelRect(x: 0, y: 0, width: 240, height: 20)).image.bytes }
        #expect(masks[0] != masks[1] && masks[1] != masks[2] && masks[0] != masks[2])
        // "l" at fractional pen positions: unhinted, its copies fall in different subpixel
        // buckets and differ; fully hinted, all are one bitmap.
        func bitmaps(_ hinting: Hinting) throws -> Set<[UInt8]> {
            let l = try Fixtures.layout("l l l l l l l l", size: 13) { $0.hinting = hinting }
            return Set(try l.coverage().glyphs.map(\.bitmap.pixels))
        }
        #expect(try bitmaps(.none).count > 1)
        #expect(try bitmaps(.full).count == 1)
        // The cache keeps modes apart.
        let cache = GlyphCache(byteBudget: 1 << 20)
        let a = try none.mask(cache: cache).image.bytes, b = try full.mask(cache: cache).image.bytes
        let freshA = try none.mask().image.bytes, freshB = try full.mask().image.bytes
        #expect(a == freshA && b == freshB && a != b)
    }
}
