import Testing
import SheenRaster
import SheenTestSupport
@testable import SheenText

/// A long paragraph a line limit cuts short is shaped a window at a time (`LineStream`): the
/// layout must be the one shaping it whole gives — glyph for glyph, line for line — whatever
/// the text (one word, words, joined Arabic, Hebrew in a left-to-right line, a base direction
/// decided past the first window, tabs, CJK, marks), the mode, the limit (a count, or the
/// bounds' height) and however many windows the lines need. (A megabyte in a 300 × 50 label took
/// 136 MB shaping it whole; windowed, 22 MB.)
@Suite struct WindowedShapingTests {
    static func repeated(_ s: String, _ units: Int) -> String {
        var out = ""
        while out.utf16.count < units { out += s }
        return out
    }

    static let texts: [(String, String)] = [
        ("one word", repeated("a", 40_000)),
        ("words", repeated("lorem ipsum dolor sit amet ", 40_000)),
        ("Arabic", repeated("مرحبا بالعالم ", 40_000)),
        ("Hebrew in Latin", repeated("the word שלום עולם here ", 40_000)),
        ("direction past the window", repeated("1234 ", 20_000) + repeated("שלום ", 5_000)),
        ("tabs", repeated("1.5\t22.25\t", 40_000)),
        ("CJK", repeated("漢字仮名交じり文", 40_000)),
        ("marks", repeated("e\u{301}\u{323} ", 40_000)),
    ]

    static func same(_ a: TextLayout, _ b: TextLayout) -> Bool {
        guard a.lines.count == b.lines.count, a.isTruncated == b.isTruncated, a.textRect == b.textRect, a.scale == b.scale else { return false }
        for (x, y) in zip(a.lines, b.lines) {
            guard x.sourceRange == y.sourceRange, x.isTruncated == y.isTruncated, x.isRightToLeft == y.isRightToLeft,
                  x.baseline == y.baseline, x.typographicRect == y.typographicRect, x.glyphs.count == y.glyphs.count else { return false }
            for (g, h) in zip(x.glyphs, y.glyphs) where g.id != h.id || g.position != h.position || g.sourceOffset != h.sourceOffset {
                return false
            }
        }
        return true
    }

    @Test(arguments: texts.map(\.0)) func windowedIsWhole(name: String) throws {
        let text = Self.texts.first { $0.0 == name }!.1
        #expect(text.utf16.count > LineStream.windowUnits)
        let attributed = AttributedText(text, font: try TestFonts.sans(16))
        let modes: [LineBreakMode] = [.byWordWrapping, .byCharWrapping, .byClipping, .byTruncatingTail]
        // (lines, bounds height): one line, three, enough to need a second and third window, and
        // as many as a height holds.
        let limits: [(Int, Double)] = [(1, 0), (3, 0), (700, 0), (0, 120)]
        for mode in modes {
            for (lines, height) in limits {
                var options = TextLayoutOptions()
                options.lineBreakMode = mode
                options.numberOfLines = lines
                let bounds = Size(width: 230, height: height)
                let windowed = try TextLayout(attributed, bounds: bounds, options: options, windowsLongParagraphs: true)
                let whole = try TextLayout(attributed, bounds: bounds, options: options, windowsLongParagraphs: false)
                #expect(Self.same(windowed, whole), "\(name), \(mode), \(lines) lines, height \(height)")
            }
        }
    }
}
