import Testing
import SheenRaster
import SheenTestSupport
import SheenText
@testable import SheenLabel

/// Attributed text in fields and views: the runs drawn, measured and edited as a label's are.
@Suite struct AttributedFieldTests {
    let small: Font, big: Font
    let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)

    init() throws {
        small = try TestFonts.sans(16)
        big = try TestFonts.bold(32)
    }

    /// "Red" in red 16 px, "Big" in blue bold 32 px.
    func styledText() -> AttributedText {
        var t = AttributedText()
        t.append("Red ", attributes: TextAttributes(font: small, color: red))
        t.append("Big", attributes: TextAttributes(font: big, color: blue))
        return t
    }

    func field(_ text: AttributedText, width: Double = 240, height: Double = 50) -> TextField {
        var f = TextField(font: small, size: Size(width: width, height: height))
        f.attributedText = text
        return f
    }

    func draw(_ render: (RasterBuffer) throws -> Void, width: Int, height: Int) throws -> Image {
        let image = try Image(width: width, height: height, format: .rgba8Premultiplied)
        try image.withBuffer { b in
            try b.composite(.color(.white), operator: .source)
            try render(b)
        }
        return image
    }

    /// Columns [x0, x1) of `image` holding pixels where `channel` dominates (red 0, blue 2).
    func dominant(_ image: Image, channel: Int) -> [Int] {
        var columns = Set<Int>()
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                let other = channel == 0 ? Int(p[2]) : Int(p[0])
                if Int(p[channel]) - other > 100, Int(p[1]) < 120 { columns.insert(x) }
            }
        }
        return columns.sorted()
    }

    /// The field draws each run in its colour and font: red glyphs left of blue ones, the line and
    /// its caret as tall as the 32-px run makes them; the text is `attributedText.string`, and
    /// setting `text` makes it plain again.
    @Test func aFieldDrawsItsRuns() throws {
        let f = field(styledText())
        #expect(f.text == "Red Big")
        let image = try draw({ try f.render(into: $0) }, width: 240, height: 50)
        let reds = dominant(image, channel: 0), blues = dominant(image, channel: 2)
        #expect(!reds.isEmpty && !blues.isEmpty)
        #expect(reds.last! < blues.first!)
        // The big run is wider than the same letters at 16 px: the caret at the end is further right.
        var plain = f
        plain.text = "Red Big"
        #expect(plain.attributedText == nil && plain.runStyles.isEmpty)
        #expect(try f.caretRect(at: 7).x > plain.caretRect(at: 7).x + 20)
        // The line is as tall as the big run makes it, and so is its caret.
        #expect(try f.caretRect(at: 1).height > plain.caretRect(at: 1).height * 1.6)
        let plainImage = try draw({ try plain.render(into: $0) }, width: 240, height: 50)
        #expect(dominant(plainImage, channel: 0).isEmpty && dominant(plainImage, channel: 2).isEmpty)
    }

    /// Typing keeps the attributes of the text it touches: letters typed after "Big" are blue
    /// and big, after "Red " red (the character before them), replacing "Big" blue; the caret
    /// stands after the new text, the selection is gone.
    @Test func typingKeepsTheAttributesOfTheTextItTouches() throws {
        var f = field(styledText())
        f.isEditing = true
        f.selectedRange = 0..<2
        try f.replaceText(in: 7..<7, with: "ger")
        #expect(f.text == "Red Bigger" && f.caretIndex == 10 && f.selectedRange == nil)
        #expect(f.attributedText?.attributes(at: 8)?.font == big)
        try f.replaceText(in: 4..<4, with: "!")
        #expect(f.attributedText?.attributes(at: 4)?.color == red)
        try f.replaceText(in: 5..<11, with: "Huge")
        #expect(f.text == "Red !Huge" && f.attributedText?.attributes(at: 6)?.color == blue)
        #expect(f.attributedText?.runs.map(\.range) == [0..<5, 5..<9])
    }

    /// Run styles move with edits: a gradient over "Big" stays over it when text is typed before
    /// it, grows when typed inside or at its end, and goes when its text is deleted.
    @Test func runStylesMoveWithTheText() throws {
        var f = field(styledText())
        let gradient = LabelPaint.gradient(LabelGradient(colors: [red, blue]), extent: .ink)
        f.runStyles = [LabelRunStyle(range: 4..<7, fill: gradient)]
        try f.replaceText(in: 0..<0, with: ">>")
        #expect(f.runStyles.map(\.range) == [6..<9])
        try f.replaceText(in: 9..<9, with: "s")
        #expect(f.runStyles.map(\.range) == [6..<10])
        try f.replaceText(in: 1..<3, with: "")
        #expect(f.runStyles.map(\.range) == [4..<8] && f.text == ">ed Bigs")
        try f.replaceText(in: 4..<8, with: "")
        #expect(f.runStyles.isEmpty && f.text == ">ed ")
        // A plain field moves its run styles and its marked text too.
        var plain = TextField(text: "abc def", font: small, size: Size(width: 200, height: 40))
        plain.runStyles = [LabelRunStyle(range: 4..<7, fill: .color(red))]
        plain.markedRange = 4..<7
        plain.markedSelectedRange = 5..<6
        try plain.replaceText(in: 0..<1, with: "AA")
        #expect(plain.text == "AAbc def" && plain.runStyles.map(\.range) == [5..<8])
        #expect(plain.markedRange == 5..<8 && plain.markedSelectedRange == 6..<7)
        try plain.replaceText(in: 6..<6, with: "x")
        #expect(plain.markedRange == nil && plain.markedSelectedRange == nil)
    }

    /// A range outside the text or inside a surrogate pair is refused by name, the field unchanged.
    @Test func badEditsChangeNothing() throws {
        var t = AttributedText()
        t.append("a😀b", attributes: TextAttributes(font: small))
        var f = field(t)
        let before = f
        #expect(throws: LabelError.self) { try f.replaceText(in: 2..<9, with: "x") }
        #expect(throws: LabelError.self) { try f.replaceText(in: 2..<2, with: "x") }
        // Each bound is named as the one outside the text.
        for (range, name) in [(-1..<2, "range.lowerBound"), (1..<9, "range.upperBound")] {
            #expect { try f.replaceText(in: range, with: "x") } throws: { "\($0)".contains(name) }
        }
        #expect(f == before)
    }

    /// Auto-shrink shrinks every run by the same factor: the line fits the rectangle.
    @Test func autoShrinkShrinksEveryRun() throws {
        var f = field(styledText(), width: 60, height: 50)
        f.adjustsFontSizeToFitWidth = true
        let (content, _) = try f.content()
        let width = content.layout.lines[0].typographicRect.width
        let sizes = content.label.attributedText?.attributes.map(\.font.size) ?? []
        #expect(width <= f.textRect.width + 0.5 && sizes.count == 2 && sizes[0] < 16 && sizes[1] < 32)
        #expect(abs(sizes[0] / 16 - sizes[1] / 32) < 1e-9)
    }

    /// Secure entry draws the field's bullets, not the runs: the same pixels as a plain secure field.
    @Test func secureEntryDrawsBulletsInTheFieldsFont() throws {
        var f = field(styledText())
        f.isSecureTextEntry = true
        var plain = f
        plain.text = "Red Big"
        #expect(try draw({ try f.render(into: $0) }, width: 240, height: 50).bytes
                == draw({ try plain.render(into: $0) }, width: 240, height: 50).bytes)
    }

    /// A text view wraps attributed text: a line holding the big run is taller than one without;
    /// the view's paragraph spacing applies to runs that have no paragraph style.
    @Test func aViewWrapsAttributedText() throws {
        var text = AttributedText()
        text.append("small words here\n", attributes: TextAttributes(font: small, color: red))
        text.append("BIG", attributes: TextAttributes(font: big, color: blue))
        var view = TextView(font: small, size: Size(width: 200, height: 200))
        view.attributedText = text
        let layout = try view.layout()
        #expect(layout.lines.count == 2)
        #expect(layout.lines[1].lineBox.height > layout.lines[0].lineBox.height * 1.6)
        var spaced = view
        spaced.paragraphStyle = ParagraphStyle(paragraphSpacingBefore: 10)
        #expect(try spaced.layout().lines[1].lineBox.y == layout.lines[1].lineBox.y + 10)
        let image = try draw({ try view.render(into: $0) }, width: 200, height: 200)
        #expect(!dominant(image, channel: 0).isEmpty && !dominant(image, channel: 2).isEmpty)
    }
}
