import Foundation
import SheenRaster
import SheenTestSupport
@testable import SheenText
import Testing

@Suite struct FontTests {
    @Test func opensAFileAndReadsItsNames() throws {
        let face = try FontFace(path: TestFonts.boldPath)
        #expect(face.familyName == "DejaVu Sans")
        #expect(face.styleName == "Bold")
        #expect(face.unitsPerEm == 2048)
        #expect(face.glyphCount > 1000)
        #expect(face.hasGlyph(for: "A"))
        #expect(face.hasGlyph(for: "Ж"))
        #expect(!face.hasGlyph(for: "\u{4E2D}"))  // no CJK in DejaVu
    }

    @Test func fontconfigPatternsFindStyles() throws {
        let bold = try Font(named: "DejaVu Sans:bold", size: 30)
        #expect(bold.primaryFace.familyName == "DejaVu Sans")
        #expect(bold.primaryFace.styleName == "Bold")
        let mono = try Font(named: "DejaVu Sans Mono", size: 12)
        #expect(mono.primaryFace.familyName == "DejaVu Sans Mono")
        #expect(mono.size == 12)
        #expect(bold.ascender > 0 && bold.descender > 0)
    }

    /// fontconfig answers an unknown family with its default; the caller can see which family
    /// it got, or ask for the family it named and get an error instead.
    @Test func aMissingFamilyCanBeRefused() throws {
        let fallback = try Font(named: "No Such Font", size: 20)
        #expect(fallback.primaryFace.familyName != "No Such Font")
        #expect(throws: TextError.fontNotFound(pattern: "No Such Font")) {
            try Font(named: "No Such Font", size: 20, requiringFamily: true)
        }
        #expect(try Font(named: "DejaVu Sans:bold", size: 20, requiringFamily: true).primaryFace.styleName == "Bold")
        #expect(try Font(named: "dejavu sans", size: 20, requiringFamily: true).primaryFace.familyName == "DejaVu Sans")
        #expect(try Font(named: "No Such Font,DejaVu Sans Mono", size: 20, requiringFamily: true).primaryFace.familyName
                == "DejaVu Sans Mono")
        #expect(throws: TextError.self) { try Font(named: "No Such Font-12", size: 20, requiringFamily: true) }
        _ = try Font(named: "sans-serif:bold", size: 20, requiringFamily: true)   // generic: whatever it maps to
        _ = try Font(named: ":bold", size: 20, requiringFamily: true)             // no family named
    }

    /// Adding a directory that is not one is refused, naming it (adding a real one is tested in
    /// Tests/CAPI/capi_test.c, a process of its own, so the fonts it adds reach no other test).
    @Test func onlyDirectoriesOfFontsCanBeAdded() {
        #expect(throws: TextError.unreadableFile(path: "/nonexistent/sheen-fonts", reason: "No such file or directory")) {
            try Font.addDirectory("/nonexistent/sheen-fonts")
        }
        #expect(throws: TextError.unreadableFile(path: TestFonts.sansPath, reason: "not a directory")) {
            try Font.addDirectory(TestFonts.sansPath)
        }
    }

    @Test func patternFamiliesAreParsedAsFontconfigWritesThem() {
        #expect(Font.matchesFamily(of: "DejaVu Sans:bold", "DejaVu Sans"))
        #expect(Font.matchesFamily(of: "Foo\\-Bar-12:italic", "Foo-Bar"))
        #expect(Font.matchesFamily(of: "A\\,B,Other", "A,B"))
        #expect(!Font.matchesFamily(of: "Foo-Bar", "Foo-Bar"))   // unescaped "-" starts the size
        #expect(Font.matchesFamily(of: "Monospace", "DejaVu Sans Mono"))
    }

    @Test func fallbackDrawsCharactersThePrimaryFaceLacks() throws {
        // DejaVu Math TeX Gyre has Latin but no Cyrillic: fontconfig's sorted set supplies it.
        let math = try Font(path: TestFonts.directory + "/DejaVuMathTeXGyre.ttf", size: 20)
        #expect(!math.primaryFace.hasGlyph(for: "Ж"))
        let layout = try TextLayout(AttributedText("AЖ", font: math))
        let faces = layout.lines[0].glyphs.map(\.face)
        #expect(faces.count == 2)
        #expect(faces[0] === math.primaryFace)
        #expect(faces[1] !== math.primaryFace)
        #expect(faces[1].hasGlyph(for: "Ж"))
        // Without fallback the primary face draws its .notdef glyph (id 0).
        let bare = try Font(path: TestFonts.directory + "/DejaVuMathTeXGyre.ttf", size: 20, fallback: false)
        let plain = try TextLayout(AttributedText("AЖ", font: bare))
        #expect(plain.lines[0].glyphs[1].id == 0)
    }

    @Test func facesAreSharedAcrossFonts() throws {
        let a = try TestFonts.sans(10), b = try TestFonts.sans(30)
        #expect(a.primaryFace === b.primaryFace)
        #expect(try a.withSize(30) == b)  // one chain per path, shared
        #expect(try Font(named: "DejaVu Sans", size: 12) == Font(named: "DejaVu Sans", size: 12))
        #expect(try Font(named: "DejaVu Sans", size: 12) != Font(named: "DejaVu Sans", size: 13))
    }

    /// A pattern longer than any font name is refused before fontconfig parses it.
    @Test func overlongPatternsAreRefused() throws {
        let long = String(repeating: "DejaVu Sans:", count: 200)
        #expect(throws: TextError.invalidParameter(name: "font pattern length", value: Double(long.utf8.count),
                                                   allowed: "at most \(Font.maximumPatternLength) bytes")) {
            _ = try Font(named: long, size: 20)
        }
    }

    @Test func badSizesThrow() throws {
        for size in [0, -1, .nan, .infinity, Font.maximumSize * 2, 0.001, Font.minimumSize.nextDown, 1e-300] {
            // NaN is not equal to itself, so match the error by its message.
            let error = #expect(throws: TextError.self) { try Font(path: TestFonts.sansPath, size: size) }
            #expect(error?.description == TextError.invalidFontSize(size).description)
        }
        #expect(throws: TextError.invalidFontSize(0)) { try Font(path: TestFonts.sansPath, size: 0) }
        #expect(throws: TextError.invalidFontSize(5000)) { try TestFonts.sans().withSize(5000) }
        _ = try Font(path: TestFonts.sansPath, size: Font.minimumSize)
    }

    /// The smallest size draws at most a speck, the same whatever was drawn before: a fresh face
    /// once skipped setting a size that rounded to 0 units and drew in font units (a 23 px blob).
    @Test func tinySizesDrawNothingLargeAndDoNotDependOnHistory() throws {
        func coverage(_ size: Double) throws -> Int {
            let layout = try TextLayout(AttributedText("W", font: Font(path: TestFonts.sansPath, size: size)),
                                        bounds: Size(width: 40, height: 40))
            let mask = try layout.mask(region: PixelRect(x: -20, y: -20, width: 60, height: 60), cache: GlyphCache(byteBudget: 1 << 20))
            return mask.image.bytes.reduce(0) { $0 + Int($1) }
        }
        let fresh = try coverage(Font.minimumSize)
        _ = try coverage(30)
        #expect(try coverage(Font.minimumSize) == fresh)
        #expect(fresh <= 255)
        // Auto-shrink can go below the smallest size (here to 0.001 px, 0 units of 26.6): the
        // glyph is drawn as nothing, not at the face's design size.
        var options = TextLayoutOptions()
        options.adjustsFontSizeToFitWidth = true
        options.minimumScaleFactor = 0.001
        let shrunk = try TextLayout(AttributedText("WWWW", font: Font(path: TestFonts.sansPath, size: 1)),
                                    bounds: Size(width: 0.0001, height: 40), options: options)
        #expect(shrunk.scale == 0.001)
        let mask = try shrunk.mask(region: PixelRect(x: -40, y: -40, width: 80, height: 80), cache: GlyphCache(byteBudget: 1 << 20))
        #expect(!mask.image.bytes.contains { $0 != 0 })
    }

    @Test func missingAndNonFontFilesThrow() throws {
        #expect(throws: TextError.unreadableFile(path: "/nonexistent/font.ttf", reason: "No such file or directory")) {
            try FontFace(path: "/nonexistent/font.ttf")
        }
        #expect(throws: TextError.unreadableFile(path: "/tmp", reason: "not a regular file")) { try FontFace(path: "/tmp") }
        // 85 = FT_Err_Unknown_File_Format.
        #expect(throws: TextError.notAFont(source: "memory", code: 85)) { try FontFace(bytes: Array("not a font".utf8)) }
        #expect(throws: TextError.notAFont(source: "memory", code: 85)) { try FontFace(bytes: [UInt8]()) }
        #expect(throws: TextError.faceIndexOutOfRange(source: TestFonts.sansPath, index: 3, faceCount: 1)) {
            try FontFace(path: TestFonts.sansPath, index: 3)
        }
    }

    /// A glyph FreeType cannot load draws nothing, the rest of the text draws, and the coverage
    /// reports it with an error naming the font and the glyph, not only the C call: the 'H' of
    /// DejaVu Sans with its contour count set to 4095, which FreeType refuses as an invalid
    /// outline (error 20). (It used to fail the whole layout.)
    @Test func aCorruptGlyphNamesTheFontAndTheGlyph() throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestFonts.sansPath)))
        func u16(_ o: Int) -> Int { Int(bytes[o]) << 8 | Int(bytes[o + 1]) }
        func u32(_ o: Int) -> Int { u16(o) << 16 | u16(o + 2) }
        func table(_ tag: String) throws -> Int {
            for i in 0 ..< u16(4) where Array(bytes[12 + 16 * i ..< 16 + 16 * i]) == Array(tag.utf8) { return u32(12 + 16 * i + 8) }
            throw TextError.library(function: "no \(tag) table")
        }
        let gid = try #require(try FontFace(path: TestFonts.sansPath).glyph(for: "H"))
        let (head, loca, glyf) = (try table("head"), try table("loca"), try table("glyf"))
        let glyphOffset = glyf + (u16(head + 50) == 0 ? 2 * u16(loca + 2 * Int(gid)) : u32(loca + 4 * Int(gid)))
        #expect(u16(glyphOffset) < 0x8000 && u16(glyphOffset) > 0)   // a simple glyph with contours
        bytes[glyphOffset] = 0x0F; bytes[glyphOffset + 1] = 0xFF
        let face = try FontFace(bytes: bytes)
        let error = TextError.glyph(source: "memory", faceIndex: 0, glyph: gid, function: "FT_Load_Glyph", code: 20)
        let layout = try TextLayout(AttributedText("AHAH", font: Font(face: face, size: 24)))
        let coverage = try layout.coverage(cache: GlyphCache(byteBudget: 1 << 20))
        #expect(coverage.failedGlyphs.map(\.glyph.id) == [gid, gid])
        #expect(coverage.failedGlyphs.allSatisfy { $0.error == error })
        #expect(coverage.glyphs.count == 2 && !coverage.glyphs.contains { $0.glyph.id == gid })
        #expect(try layout.mask().region.width > 0)
        #expect(error.description == "cannot draw glyph \(gid) of memory (face 0): FT_Load_Glyph failed with FreeType error 20 (invalid outline)")
    }

    /// Truncated and bit-flipped fonts either open and draw, or throw — never crash.
    @Test func corruptFontsThrowOrWork() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestFonts.sansPath)))
        var generator = SystemRandomNumberGenerator()
        var outcomes = (opened: 0, threw: 0)
        for cut in [12, 100, 1000, 10_000, bytes.count / 2, bytes.count - 1] {
            do {
                let face = try FontFace(bytes: bytes.prefix(cut))
                try exercise(face)
                outcomes.opened += 1
            } catch is TextError { outcomes.threw += 1 }
        }
        for _ in 0..<30 {
            var flipped = bytes
            for _ in 0..<64 { flipped[Int.random(in: 0..<flipped.count, using: &generator)] ^= UInt8.random(in: 1...255, using: &generator) }
            do {
                let face = try FontFace(bytes: flipped)
                try exercise(face)
                outcomes.opened += 1
            } catch is TextError { outcomes.threw += 1 }
        }
        #expect(outcomes.opened + outcomes.threw == 36)
        #expect(outcomes.threw >= 1)  // a 12-byte prefix is never a font
    }

    private func exercise(_ face: FontFace) throws {
        let layout = try TextLayout(AttributedText("Hamburgefonstiv AV fi ЖΩ", font: Font(face: face, size: 24)),
                                    bounds: Size(width: 200, height: 0))
        _ = try layout.mask(region: layout.inkRect())
        _ = try layout.mask(stroke: TextStroke(width: 2))
    }
}
