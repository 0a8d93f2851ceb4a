import Foundation
import SheenLabel
import SheenPNG
import SheenRaster
import SheenTestSupport
import SheenText
import Testing

/// Every public entry point that takes text or counts, timed at n and 4n in one run: the time
/// must grow about linearly (`Scaling.maximumRatio`). The reproductions of a hostile-input run
/// (a 65,536-letter word took 3 s, 262,144 took 49 s; a field laid its whole text out on every
/// caret query) are among them. Enabled by SHEEN_LONG_TESTS=1 (Scripts/test.sh, release build).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["SHEEN_LONG_TESTS"] == "1"), .serialized)
struct ScalingLongTests {
    static func word(_ n: Int) -> String { String(repeating: "a", count: n) }

    /// A different letter each call: a text the layout cache has not kept, so that a call times
    /// the first layout.
    nonisolated(unsafe) static var calls = 0
    static func fresh(_ text: String) -> String {
        calls += 1
        return text + String(UnicodeScalar(UInt8(97 + calls % 26)))
    }

    /// One word with no break opportunity, in a label of one truncated line and in one of as many
    /// lines as fit, and laid out alone wrapped at 300 px: each line measures only its own length.
    @Test func aLongWordIsLinear() throws {
        let font = try TestFonts.sans(20)
        for lines in [1, 0] {
            try Scaling.expectLinear("label of a word, \(lines) lines", n: 16_384, make: Self.word) { word in
                var label = Label(Self.fresh(word), font: font, size: Size(width: 300, height: 50))
                label.numberOfLines = lines
                _ = try label.image()
            }
        }
        var wrap = TextLayoutOptions()
        wrap.numberOfLines = 0
        wrap.lineBreakMode = .byCharWrapping
        try Scaling.expectLinear("layout of a word, every line", n: 65_536, make: { AttributedText(Self.word($0), font: font) }) {
            _ = try TextLayout($0, bounds: Size(width: 300, height: 0), options: wrap)
        }
        var hyphenated = TextLayoutOptions()
        hyphenated.numberOfLines = 0
        hyphenated.hyphenationLanguage = "en_US"
        // Where libhyphen's en_US dictionary is installed (Scripts/install-deps.sh installs it).
        if (try? TextLayout(AttributedText("hyphenation", font: font), bounds: Size(width: 30, height: 0), options: hyphenated)) != nil {
            try Scaling.expectLinear("hyphenated layout of a word", n: 16_384, make: { AttributedText(Self.word($0), font: font) }) {
                _ = try TextLayout($0, bounds: Size(width: 300, height: 0), options: hyphenated)
            }
        }
    }

    /// Words, tabs, runs and tracked bidi text: paragraphs of n characters wrapped over every line.
    @Test func wrappedTextTabsAndRunsAreLinear() throws {
        let font = try TestFonts.sans(14)
        var wrap = TextLayoutOptions()
        wrap.numberOfLines = 0
        wrap.lineBreakMode = .byWordWrapping
        try Scaling.expectLinear("words", n: 16_384, make: { n in
            AttributedText(String(String(repeating: "lorem ipsum dolor ", count: n / 18 + 1).prefix(n)), font: font)
        }) { _ = try TextLayout($0, bounds: Size(width: 400, height: 0), options: wrap) }
        try Scaling.expectLinear("tabs", n: 8_192, make: { n in
            AttributedText(String(repeating: "1.5\t", count: n / 4), font: font)
        }) { _ = try TextLayout($0, bounds: Size(width: 400, height: 0), options: wrap) }
        let red = TextAttributes(font: font, color: Color(rgba: 0xFF00_00FF)), blue = TextAttributes(font: font, color: Color(rgba: 0x0000_FFFF))
        try Scaling.expectLinear("runs", n: 4_096, make: { n in
            var text = AttributedText()
            for i in 0 ..< n / 4 { text.append("ab c", attributes: i % 2 == 0 ? red : blue) }
            return text
        }) { _ = try TextLayout($0, bounds: Size(width: 400, height: 0), options: wrap) }
        // Tracked text changing direction every few words: a shaping run per direction, each run's
        // tracking once walked the paragraph's graphemes from its start (quadratic; the field
        // fuzzer's large mode found it).
        var tracked = TextAttributes(font: font)
        tracked.tracking = 1.5
        try Scaling.expectLinear("tracked bidi runs", n: 16_384, make: { n in
            AttributedText(String(String(repeating: "بالعالم and English ", count: n / 20 + 1).prefix(n)), attributes: tracked)
        }) { _ = try TextLayout($0, bounds: Size(width: 400, height: 0), options: wrap) }
    }

    /// A field of n characters: its first render, then caret and selection queries and renders at
    /// both ends and the middle.
    @Test func aLongFieldIsLinear() throws {
        let font = try TestFonts.bold(20)
        func field(_ text: String) -> TextField {
            var field = TextField(text: text, font: font, size: Size(width: 300, height: 60))
            field.fill = .gradient(LabelGradient(colors: [.black, Color(rgba: 0x3478_F6FF)]), extent: .ink)
            field.isEditing = true
            return field
        }
        func use(_ field: TextField) throws {
            var f = field
            for index in [0, f.text.utf16.count / 2, f.text.utf16.count] {
                f.caretIndex = index
                _ = try f.image()
                let rect = try f.caretRect(at: index)
                _ = try f.caretIndex(at: Point(rect.x, rect.y + 1))
                _ = try f.selectionRects(for: max(0, index - 10) ..< index)
            }
        }
        let words = { (n: Int) in String(String(repeating: "lorem ipsum ", count: n / 12 + 1).prefix(n)) }
        // First renders (a new text each time), then the same field again (its layout kept).
        try Scaling.expectLinear("field, first layout", n: 65_536, make: words) { try use(field(Self.fresh($0))) }
        try Scaling.expectLinear("field, laid out", n: 65_536, make: { field(words($0)) }, use)
        // A placeholder of n characters (a 1 MiB one took 45 s).
        try Scaling.expectLinear("field placeholder", n: 65_536, make: words) { placeholder in
            var f = field("")
            f.placeholder = Self.fresh(placeholder)
            _ = try f.image()
            _ = try f.caretRect(at: 0)
        }
    }

    /// A text view of n characters painted with a gradient over its ink (the ink of every line
    /// was measured once per line per chunk: 64 Ki letters took 3 s), its first render, a render
    /// after one letter typed, and the caret queries after it; a field at rest showing a
    /// placeholder of n characters, rendered and queried twice (it was laid out again on every
    /// call); a label clipping a paragraph of n characters (it measured and rasterised all of
    /// it); and tabbed text in every truncation mode (head truncation measured every tail from
    /// its start: 16 Ki tabs took 12.9 s).
    @Test func textViewsClipsPlaceholdersAndTabsAreLinear() throws {
        let font = try TestFonts.bold(20)
        let words = { (n: Int) in String(String(repeating: "lorem ipsum ", count: n / 12 + 1).prefix(n)) }
        try Scaling.expectLinear("text view with a gradient: first render, edit, caret", n: 16_384, make: words) { text in
            var view = TextView(text: Self.fresh(text), font: font, size: Size(width: 300, height: 200))
            view.fill = .gradient(LabelGradient(colors: [.black, Color(rgba: 0x3478_F6FF)]), extent: .ink)
            view.isEditing = true
            view.caretIndex = view.text.utf16.count / 2
            _ = try view.image()
            view.text.insert("x", at: String.Index(utf16Offset: view.caretIndex, in: view.text))
            view.caretIndex += 1
            _ = try view.image()
            let rect = try view.caretRect(at: view.caretIndex)
            _ = try view.caretPosition(at: Point(rect.x + 1, rect.y + 1))
            _ = try view.selectionRects(for: view.caretIndex - 10 ..< view.caretIndex)
        }
        try Scaling.expectLinear("field at rest with a placeholder", n: 65_536, make: words) { placeholder in
            var field = TextField(text: "", font: font, size: Size(width: 300, height: 60))
            field.placeholder = Self.fresh(placeholder)
            for _ in 0 ..< 2 {
                _ = try field.image()
                _ = try field.caretRect(at: 0)
            }
        }
        try Scaling.expectLinear("label clipping a paragraph", n: 65_536, make: Self.word) { word in
            var label = Label(Self.fresh(word), font: font, size: Size(width: 300, height: 50))
            label.lineBreakMode = .byClipping
            _ = try label.image()
        }
        for mode in [LineBreakMode.byTruncatingHead, .byTruncatingMiddle, .byTruncatingTail, .byClipping] {
            try Scaling.expectLinear("tabbed text, \(mode)", n: 16_384, make: { String(repeating: "1.5\t", count: $0 / 4) }) { text in
                var label = Label(Self.fresh(text), font: font, size: Size(width: 300, height: 50))
                label.lineBreakMode = mode
                _ = try label.image()
            }
        }
    }

    /// n shadows of distinct σ (none shares a blurred mask; all within one blur method and
    /// margin, so each costs the same), at most `Label.maximumShadows`.
    @Test func shadowsAreLinear() throws {
        let font = try TestFonts.bold(48)
        try Scaling.expectLinear("shadows", n: Label.maximumShadows / 4, make: { n in
            var label = Label("Always correct gradient text", font: font, size: Size(width: 1024, height: 160))
            label.shadows = (0 ..< n).map { LabelShadow(color: Color(rgba: 0x0000_0020), offset: Point(1, 2), sigma: 2 + Double($0) / 1000) }
            return label
        }) { _ = try $0.image() }
    }

    /// The editing surfaces of issue 61 on n characters: a field whose marked text is the middle
    /// half of it (drawn and its underlines asked) with selection handles over that half; a text
    /// view of n characters in paragraphs of 60, spaced (line height, line spacing, paragraph
    /// spacing), bottom-aligned, its marked text and handles; and a field spec of n characters
    /// carrying marked text and a view's spacing.
    @Test func markedTextHandlesAndSpacedViewsAreLinear() throws {
        let font = try TestFonts.bold(20)
        let words = { (n: Int) in String(String(repeating: "lorem ipsum ", count: n / 12 + 1).prefix(n)) }
        func mark(_ n: Int) -> (marked: Range<Int>, clause: Range<Int>) { (n / 4 ..< 3 * n / 4, n / 2 - 5 ..< n / 2) }
        try Scaling.expectLinear("field with marked text and handles", n: 65_536, make: words) { text in
            var f = TextField(text: Self.fresh(text), font: font, size: Size(width: 300, height: 60))
            let n = f.text.utf16.count
            (f.markedRange, f.markedSelectedRange) = mark(n)
            f.isEditing = true
            f.caretIndex = n / 2
            _ = try f.image()
            #expect(try !f.markedTextUnderlines().isEmpty)
            _ = try f.selectionHandles(for: mark(n).marked)
        }
        let paragraphs = { (n: Int) in String(String(repeating: String(repeating: "lorem ", count: 10) + "\n", count: n / 61 + 1).prefix(n)) }
        try Scaling.expectLinear("spaced text view with marked text", n: 16_384, make: paragraphs) { text in
            var v = TextView(text: Self.fresh(text), font: font, size: Size(width: 300, height: 200))
            let n = v.text.utf16.count
            v.lineHeightMultiple = 1.3
            v.lineSpacing = 4
            v.paragraphStyle = ParagraphStyle(paragraphSpacing: 9, paragraphSpacingBefore: 3)
            v.verticalAlignment = .bottom
            (v.markedRange, v.markedSelectedRange) = mark(n)
            v.isEditing = true
            v.caretIndex = n / 2
            _ = try v.image()
            _ = try v.markedTextUnderlines()
            _ = try v.selectionHandles(for: mark(n).marked)
        }
        try Scaling.expectLinear("field spec with marked text and spacing", n: 16_384, make: { n in
            let text = paragraphs(n), m = mark(text.utf16.count)
            return Array(("{\"text\": \"\(text.replacingOccurrences(of: "\n", with: "\\n"))\", \"multiline\": true, \"canvas\": [300, 200], "
                + "\"editing\": true, \"lineHeight\": 1.3, \"lineSpacing\": 4, \"paragraph\": {\"spacingAfter\": 9}, "
                + "\"marked\": [\(m.marked.lowerBound), \(m.marked.upperBound)], "
                + "\"markedSelection\": [\(m.clause.lowerBound), \(m.clause.upperBound)]}").utf8)
        }) { _ = try FieldSpec(json: $0).image() }
    }

    /// A spec of n characters in n / 8 runs.
    @Test func aLongSpecIsLinear() throws {
        try Scaling.expectLinear("spec", n: 16_384, make: { n in
            let runs = (0 ..< n / 8).map { i in "{\"text\": \"abc def \", \"color\": \"#\(i % 2 == 0 ? "FF0000" : "0000FF")\"}" }
            return Array("{\"canvas\": \"400x300\", \"lines\": 0, \"lineBreak\": \"word\", \"runs\": [\(runs.joined(separator: ", "))]}".utf8)
        }) { _ = try LabelSpec(json: $0) }
    }

    /// A PNG of n × 64 pixels, decoded.
    @Test func pngDecodeIsLinear() throws {
        try Scaling.expectLinear("png decode", n: 512, make: { n in
            let image = try Image(width: n, height: 64, format: .rgba8Premultiplied)
            var rng = SeededGenerator(seed: UInt64(n))
            image.withBuffer { b in
                // Opaque noise: every byte a PNG filter can meet, no premultiplication to undo.
                for y in 0 ..< 64 {
                    for x in 0 ..< n * 4 {
                        b.row(y).storeBytes(of: x % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: rng.next()), toByteOffset: x, as: UInt8.self)
                    }
                }
            }
            return try image.withReadOnlyBuffer { try PNG.encode($0) }
        }) { _ = try PNG.decode($0) }
    }
}
