import Testing
import SheenTestSupport
@testable import SheenText

/// Layout skips ICU where Unicode says what ICU would answer: grapheme boundaries of text below
/// U+0300 (every unit its own cluster) and bidi levels of text below U+0590 in a left-to-right
/// paragraph (all 0). Held to ICU's answers here, for every such unit and for random text.
@Suite struct ShortcutTests {
    static func icuGraphemes(_ units: [UInt16]) throws -> [Int] { try BreakIterators.graphemeBoundaries(units) }

    @Test func everyUnitBelowU0300IsItsOwnCluster() throws {
        for u in UInt16(1)..<0x300 where u != 0x0D {   // CR LF never reaches shaping: paragraphs split there
            for units in [[u], [0x61, u, 0x62], [u, u, u], [0x20, u, 0x09, u]] {
                #expect(try Self.icuGraphemes(units) == Array(0...units.count), "U+\(String(u, radix: 16))")
            }
        }
        var rng = SeededGenerator(seed: 0x6772_6170)
        for _ in 0..<500 {
            let units = (0..<Int.random(in: 1...40, using: &rng)).map { _ in
                var u = UInt16.random(in: 1..<0x300, using: &rng)
                if u == 0x0D { u = 0x20 }
                return u
            }
            #expect(try Self.icuGraphemes(units) == Array(0...units.count), "\(units)")
        }
    }

    @Test func textBelowU0590IsLeftToRightAtLevelZero() throws {
        func check(_ units: [UInt16], _ level: UInt8?) throws {
            let icu = try BidiLevels(units, paragraphLevel: level)
            let shortcut = try BidiLevels(units, paragraphLevel: level, leftToRightOnly: true)
            #expect(icu.levels == shortcut.levels && icu.paragraphLevel == shortcut.paragraphLevel, "\(units) at \(String(describing: level))")
        }
        for u in UInt16(1)..<0x590 {
            for units in [[u], [0x31, u, 0x32], [u, 0x2E, 0x35], [0x20, u]] {
                try check(units, nil)
                try check(units, 0)
            }
        }
        var rng = SeededGenerator(seed: 0x6269_6469)
        for _ in 0..<500 {
            let units = (0..<Int.random(in: 1...40, using: &rng)).map { _ in
                // Digits, separators and terminators often: the classes rules W1–W7 move.
                Bool.random(using: &rng) ? UInt16.random(in: 1..<0x590, using: &rng) : Array("0123456789+-.,:%$# ".utf16).randomElement(using: &rng)!
            }
            try check(units, nil)
            try check(units, 0)
        }
        // A right-to-left paragraph still goes to ICU (its digits and neutrals take levels 1 and 2).
        let rtl = try BidiLevels(Array("abc 12".utf16), paragraphLevel: 1, leftToRightOnly: true)
        #expect(rtl.paragraphLevel == 1 && rtl.levels.contains(2))
    }
}

import CHarfBuzz

/// ASCII's scripts are answered without ICU: letters Latin, the rest Common — as HarfBuzz's own
/// Unicode tables say, for every ASCII character alone and beside a Greek letter.
@Suite struct ScriptShortcutTests {
    @Test func asciiScriptsMatchHarfBuzz() {
        let funcs = hb_unicode_funcs_get_default()
        for u in UInt32(0)..<128 {
            let s = Unicode.Scalar(u)!
            let expected = hb_unicode_script(funcs, u)
            let resolved = Scripts.resolve([s])[0]
            if expected == HB_SCRIPT_LATIN {
                #expect(resolved == HB_SCRIPT_LATIN, "U+\(String(u, radix: 16))")
            } else {
                #expect(expected == HB_SCRIPT_COMMON && resolved == HB_SCRIPT_COMMON, "U+\(String(u, radix: 16))")
                // Common characters take their neighbour's script.
                #expect(Scripts.resolve(["α", s])[1] == HB_SCRIPT_GREEK)
            }
        }
    }
}

/// `FontFace.hasGlyph` answers ASCII from a table made when the face opens: the same answers
/// as the cmap lookup, for faces with and without ASCII.
@Suite struct GlyphShortcutTests {
    @Test func asciiCoverageMatchesTheCmap() throws {
        for path in [TestFonts.sansPath, TestFonts.boldPath, TestFonts.thaiPath, TestFonts.cjkPath,
                     "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"] {
            let face = try FontFace(path: path)
            var covered = 0
            for u in UInt32(0)..<160 {
                let s = Unicode.Scalar(u)!
                #expect(face.hasGlyph(for: s) == (face.glyph(for: s) != nil), "\(path) U+\(String(u, radix: 16))")
                if face.hasGlyph(for: s) { covered += 1 }
            }
            #expect(path.contains("Emoji") ? covered < 40 : covered > 90, "\(path)")
        }
    }
}
