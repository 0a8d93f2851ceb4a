import Foundation
import Testing
import SheenRaster
import SheenTestSupport
import SheenText
@testable import SheenLabel

/// The text field: placeholder, gradient text while editing, caret and selection, horizontal
/// scrolling, hit testing, shadows kept whole, group opacity, bad input.
@Suite struct TextFieldTests {
    static let blue = Color(rgba: 0x3478_F6FF), red = Color(rgba: 0xFF3B_30FF)

    func field(_ text: String, width: Double = 220) throws -> TextField {
        TextField(text: text, font: try TestFonts.sans(20), size: Size(width: width, height: 40))
    }

    /// Pixels of `image` as RGBA arrays.
    func px(_ image: Image, _ x: Int, _ y: Int) -> [UInt8] { image.pixel(x: x, y: y) }

    /// The label a field draws through carries every style property the field shares with it
    /// (TextField.sharedWithLabel), each set to a value other than its default.
    @Test func theFieldsLabelCarriesItsStyle() throws {
        var field = TextField(text: "Styled", font: try Font(named: "DejaVu Sans", size: 20), size: Size(width: 200, height: 40))
        field.textColor = Color(rgba: 0x3478_F6FF)
        field.fill = .color(Color(rgba: 0xFF3B_30FF))
        field.stroke = LabelStroke(width: 2, paint: .color(.white), placement: .inside)
        field.shadows = [LabelShadow(color: .black, offset: Point(1, 2), sigma: 3)]
        field.insets = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        field.insetsTextForShadows = false
        field.hinting = .full
        let label = field.styled("Styled")
        #expect(label.textColor == field.textColor && label.fill == field.fill && label.stroke == field.stroke)
        #expect(label.shadows == field.shadows && label.insets == field.insets && !label.insetsTextForShadows && label.hinting == .full)
        #expect(TextField.sharedWithLabel.count == 7)
    }

    @Test func placeholderShowsWhenEmptyInItsOwnColour() throws {
        var empty = try field("")
        empty.placeholder = "Search"
        var typed = try field("Search")
        typed.textColor = empty.placeholderColor
        #expect(try empty.image().bytes == typed.image().bytes)
        // In its own gradient: the left end of its ink takes the first colour, the right end the last.
        empty.placeholderFill = .gradient(LabelGradient(colors: [Self.blue, Self.red]), extent: .ink)
        let image = try empty.image()
        var columns: [Int] = []
        for x in 0..<image.width where (0..<image.height).contains(where: { px(image, x, $0)[3] == 255 }) { columns.append(x) }
        let left = (0..<image.height).map { px(image, columns.first!, $0) }.first { $0[3] == 255 }!
        let right = (0..<image.height).map { px(image, columns.last!, $0) }.first { $0[3] == 255 }!
        #expect(left[2] > left[0] && right[0] > right[2])
        // Editing an empty field shows the placeholder and the caret at its start.
        empty.isEditing = true
        let caret = try empty.caretRect(at: 0)
        #expect(abs(caret.x + caret.width / 2 - empty.textRect.x) < 0.5 + 1e-9)
    }

    /// Gradient text stays gradient while editing: the editing image differs from the resting one
    /// only under the caret, which is drawn in its colour.
    @Test func editingDrawsTheTextAndACaret() throws {
        var f = try field("Gradient")
        f.fill = .gradient(LabelGradient(colors: [Self.blue, Self.red]), extent: .ink)
        let resting = try f.image()
        f.isEditing = true
        f.caretIndex = 3
        let editing = try f.image()
        let caret = try f.caretRect(at: 3)
        var differing = 0
        for y in 0..<resting.height {
            for x in 0..<resting.width where px(resting, x, y) != px(editing, x, y) {
                differing += 1
                #expect(Double(x + 1) > caret.x && Double(x) < caret.maxX && Double(y + 1) > caret.y && Double(y) < caret.maxY)
            }
        }
        #expect(differing > 0)
        // A column wholly inside the caret is the caret's colour.
        let column = Int(caret.x.rounded(.up)), row = Int((caret.y + caret.height / 2).rounded())
        if Double(column + 1) <= caret.maxX { #expect(px(editing, column, row) == [0, 122, 255, 255]) }
        // The caret stands at the text's boundary between "Gra" and "dient".
        let layout = try TextLayout(AttributedText("Gradient", font: try TestFonts.sans(20)))
        #expect(abs(caret.x + 1 - (f.textRect.x + layout.caret(at: 3)!.x)) < 0.5 + 1e-9)
    }

    @Test func selectionIsHighlightedUnderTheText() throws {
        var f = try field("Select me")
        f.isEditing = true
        f.selectedRange = 0..<6
        let image = try f.image()
        let rects = try f.selectionRects(for: 0..<6)
        #expect(rects.count == 1)
        let r = rects[0]
        // A pixel inside the selection with no ink: the highlight over transparent, premultiplied.
        let highlight = f.selectionColor.premultiplied8
        var found = false
        for y in Int(r.y.rounded(.up))..<Int(r.maxY.rounded(.down)) {
            for x in Int(r.x.rounded(.up))..<Int(r.maxX.rounded(.down)) where px(image, x, y)[3] == highlight.w {
                #expect(px(image, x, y) == [highlight.x, highlight.y, highlight.z, highlight.w])
                found = true
            }
        }
        #expect(found)
        // Ranges are clamped to the text, even one wholly past its end.
        #expect(try f.selectionRects(for: 40..<50).isEmpty)
        #expect(try f.selectionRects(for: -3..<99) == f.selectionRects(for: 0..<9))
        // No caret while a selection shows: the caret colour is nowhere.
        #expect(!(0..<image.height).contains { y in (0..<image.width).contains { px(image, $0, y) == [0, 122, 255, 255] } })
    }

    /// A text far wider than any label (2,200 words, about 200,000 px) shows every caret position:
    /// the field draws the glyphs around the caret (each position differently; they all drew the
    /// same once the text passed 16,384 px), the caret's rectangle lies in the frame, and a tap on
    /// it finds its index again. Only the glyphs near the frame are drawn, but a gradient over
    /// the ink still spans the whole text: the start is blue, the end red.
    @Test func anyCaretOfALongTextShows() throws {
        let text = (0 ..< 2200).map { "word\($0) " }.joined()
        var f = try field(text, width: 300)
        f.isEditing = true
        f.fill = .gradient(LabelGradient(colors: [Self.blue, Self.red]), extent: .ink)
        var images: Set<[UInt8]> = []
        var reds: [Int] = []
        for index in [3_000, 9_000, 17_999] {
            f.caretIndex = index
            let image = try f.image()
            images.insert(image.bytes)
            let caret = try f.caretRect(at: index)
            #expect(caret.x >= 0 && caret.maxX <= 300)
            #expect(try f.caretIndex(at: Point(caret.midX, caret.midY)) == index)
            var inked = 0, red = 0
            for y in 0 ..< image.height {
                for x in 0 ..< image.width where image.pixel(x: x, y: y)[3] == 255 {
                    inked += 1
                    red += Int(image.pixel(x: x, y: y)[0])
                }
            }
            #expect(inked > 200, "caret at \(index): \(inked) opaque pixels")
            reds.append(red / max(inked, 1))
        }
        #expect(images.count == 3)
        #expect(reds[0] < reds[1] && reds[1] < reds[2], "mean red of the opaque pixels: \(reds)")
    }

    /// Text wider than the field scrolls so that the caret stays in view, as UITextField does;
    /// the scroll offset moves no more than it must.
    @Test func longTextScrollsToTheCaret() throws {
        let text = "The quick brown fox jumps over the lazy dog"
        var f = try field(text, width: 150)
        let rect = f.textRect
        // At rest the start shows.
        #expect(try f.resolvedScrollOffset() == 0)
        #expect(abs(try f.caretRect(at: 0).midX - rect.x) <= 0.5 + 1e-9)
        f.isEditing = true
        f.caretIndex = text.utf16.count
        let end = try f.resolvedScrollOffset()
        #expect(end > 0)
        let caret = try f.caretRect(at: f.caretIndex)
        #expect(caret.x >= rect.x - 1e-9 && caret.maxX <= rect.maxX + 1e-9)
        #expect(try f.caretRect(at: 0).maxX < rect.x)
        // Kept between renders: a caret still in view does not scroll; one out of view scrolls
        // just enough.
        f.scrollOffset = end
        f.caretIndex = text.utf16.count - 4
        #expect(try f.resolvedScrollOffset() == end)
        f.caretIndex = 0
        #expect(try f.resolvedScrollOffset() == 0)
        f.caretIndex = 10
        f.scrollOffset = end
        let back = try f.resolvedScrollOffset()
        #expect(back < end)
        #expect(abs(try f.caretRect(at: 10).midX - rect.x - f.caretWidth / 2) <= 0.5 + 1e-9)
        // The drawn pixels follow: the text's start is scrolled out of the frame.
        f.caretIndex = text.utf16.count
        f.scrollOffset = 0
        let scrolled = try f.image()
        f.isEditing = false
        #expect(scrolled.bytes != (try f.image()).bytes)
    }

    @Test func rightToLeftText() throws {
        var f = try field("שלום עולם")
        let rect = f.textRect
        // Natural alignment puts it on the right; the caret at 0 is at its right edge.
        #expect(abs(try f.caretRect(at: 0).midX - rect.maxX) <= 0.5 + 1e-9 + 1)
        f.text = String(repeating: "שלום עולם ", count: 4) + "סוף"
        f.isEditing = true
        f.caretIndex = f.text.utf16.count
        let caret = try f.caretRect(at: f.caretIndex)
        #expect(caret.x >= rect.x - 1e-9 && caret.maxX <= rect.maxX + 1e-9)
        #expect(try f.resolvedScrollOffset() > 0)
    }

    /// A tap puts the caret at the nearest boundary: every boundary's caret, tapped, gives it back.
    @Test(arguments: ["Hit testing", "abc שלום def", "e\u{301}t\u{E9} fi"])
    func hitTesting(text: String) throws {
        let f = try field(text)
        let mid = f.textRect.y + f.textRect.height / 2
        for i in 0...text.utf16.count {
            let r = try f.caretRect(at: i)
            let hit = try f.caretIndex(at: Point(r.midX, mid))
            #expect(abs(try f.caretRect(at: hit).midX - r.midX) < 1e-6, "\(i) → \(hit)")
        }
        // Left of left-to-right text is its start, right of it its end.
        #expect(try f.caretIndex(at: Point(-100, mid)) == 0)
        #expect(try f.caretIndex(at: Point(1000, mid)) == text.utf16.count)
    }

    /// Shadows are not cropped where the frame has room: the text rectangle is inset by their
    /// reach, so the frame's outermost pixels stay clear while the shadow still shows.
    @Test func shadowsAreWhole() throws {
        var f = TextField(text: "Shadow", font: try TestFonts.sans(20), size: Size(width: 200, height: 60))
        f.shadows = [LabelShadow(color: .black, offset: Point(0, 3), sigma: 4)]
        f.textAlignment = .left
        let reach = GaussianBlur.margin(sigma: 4)
        #expect(f.textRect.x == reach && f.textRect.y == reach - 3 && f.textRect.maxY == 60 - reach - 3)
        let image = try f.image()
        for x in 0..<image.width { #expect(px(image, x, 0)[3] == 0 && px(image, x, image.height - 1)[3] == 0) }
        for y in 0..<image.height { #expect(px(image, 0, y)[3] == 0) }
        #expect((0..<image.height).contains { px(image, Int(reach) - 2, $0)[3] > 0 })
    }

    /// The sum of the alpha of every pixel.
    func inkSum(_ image: Image) -> Int {
        var sum = 0
        for y in 0..<image.height { for x in 0..<image.width { sum += Int(px(image, x, y)[3]) } }
        return sum
    }

    /// The text alone, drawn in opaque black by a label sized to it: what a field must show whole.
    func textInk(_ text: String, _ font: Font) throws -> Int {
        var label = Label(text, font: font, size: .zero)
        label.textColor = .black
        label.size = try label.sizeThatFits(.zero)
        return inkSum(try label.image())
    }

    /// Decorations never take the text's room (issue 49): a shadow, a glow or a stroke that
    /// reaches further than a small frame allows shrinks its inset and is cropped, and every
    /// glyph is still drawn whole — the field's text pixels (its shadows made transparent) sum to
    /// those of the text drawn alone. These fields drew nothing at all: the inset for the shadows
    /// left the text rectangle no height.
    @Test(arguments: [(60.0, 28.0, [LabelShadow(color: .black, offset: Point(0, 10), sigma: 10)]),
                      (40.0, 28.0, [LabelShadow(color: .black, offset: Point(0, 0), sigma: 6, spread: 2)]),
                      (34.0, 28.0, [LabelShadow(color: .black, offset: Point(-4, -6), sigma: 12)])])
    func decorationsNeverDropTheText(height: Double, size: Double, shadows: [LabelShadow]) throws {
        let font = try TestFonts.bold(size)
        var f = TextField(text: "Shadowy gyp", font: font, size: Size(width: 300, height: height))
        f.textColor = .black
        f.shadows = shadows
        let drawn = try f.image()
        #expect(inkSum(drawn) > 0)
        f.shadows = shadows.map { LabelShadow(color: Color(red: 0, green: 0, blue: 0, alpha: 0), offset: $0.offset, sigma: $0.sigma, spread: $0.spread) }
        #expect(inkSum(try f.image()) == (try textInk("Shadowy gyp", font)))
        #expect(f.textRect.height >= font.ascender + font.descender - 1e-9)
        // With a stroke too: the stroke stays inside the frame, so its pixels are all there.
        f.stroke = LabelStroke(width: 3, paint: .color(.black))
        let stroked = try f.image()
        for y in 0..<stroked.height { #expect(px(stroked, 0, y)[3] == 0 && px(stroked, stroked.width - 1, y)[3] == 0) }
    }

    /// A line taller than the font (Thai's stacked marks in the fallback face) stays inside the
    /// frame: 34-px Thai in a 48-px field draws all of its ink (the tone marks were cut at the
    /// top, the line's box being centred in a rectangle only the font's height fits).
    @Test func tallLinesStayInTheFrame() throws {
        let font = try TestFonts.sans(34), text = "ที่นี่ปั้นกุ้ง"
        var f = TextField(text: text, font: font, size: Size(width: 300, height: 48))
        f.textColor = .black
        #expect(inkSum(try f.image()) == (try textInk(text, font)))
    }

    /// The stroke and the caret stay whole inside the frame: the stroke's reach and half the caret
    /// are kept clear at the edges (a 4-px stroke filled column 0, the caret lost half its width).
    @Test func strokeAndCaretStayInTheFrame() throws {
        var f = try field("Stroke")
        f.textAlignment = .left
        f.stroke = LabelStroke(width: 4, paint: .color(.black))
        let image = try f.image()
        for y in 0..<image.height { #expect(px(image, 0, y)[3] == 0) }
        #expect((0..<image.height).contains { px(image, 1, $0)[3] > 0 || px(image, 2, $0)[3] > 0 || px(image, 3, $0)[3] > 0 })
        var plain = try field("Caret")
        plain.isEditing = true
        for alignment in [TextAlignment.left, .right] {
            plain.textAlignment = alignment
            for index in [0, 5] {
                let r = try plain.caretRect(at: index)
                #expect(r.x >= 0 && r.maxX <= plain.size.width, "\(alignment) \(index): \(r)")
            }
        }
    }

    /// While the placeholder shows, the caret stands where the first typed character will put it:
    /// at the right edge of a right-aligned field, in the middle of a centred one (it stood at the
    /// placeholder's start and jumped on the first keystroke).
    @Test func placeholderCaretStandsWhereTypingStarts() throws {
        for alignment in [TextAlignment.left, .right, .center, .natural] {
            var empty = try field("")
            empty.placeholder = "Search the web"
            empty.textAlignment = alignment
            empty.isEditing = true
            var typed = empty
            typed.text = "i"
            typed.caretIndex = 1
            // The typed character's start (left), its end (right), or either within half of it
            // (centre): the caret does not move across the field when typing starts.
            let before = try empty.caretRect(at: 0), start = try typed.caretRect(at: 0), end = try typed.caretRect(at: 1)
            let half = (end.midX - start.midX) / 2 + 1
            switch alignment {
            case .right: #expect(abs(before.midX - end.midX) <= 1, "right: \(before.midX) then \(end.midX)")
            case .center: #expect(abs(before.midX - start.midX) <= half && abs(before.midX - end.midX) <= half)
            default: #expect(abs(before.midX - start.midX) <= 1, "\(alignment): \(before.midX) then \(start.midX)")
            }
            #expect(abs(before.midY - end.midY) <= 1)
        }
    }

    /// `verticalAlignment` puts the line at the top, centre or bottom of the text rectangle (every
    /// field centred it): the caret, the placeholder's caret and the ink move with it, and the
    /// line keeps its height.
    @Test(arguments: [VerticalAlignment.top, .center, .bottom])
    func verticalAlignmentPlacesTheLine(_ alignment: VerticalAlignment) throws {
        var f = try field("Hello")
        f.size = Size(width: 220, height: 120)
        f.verticalAlignment = alignment
        f.isEditing = true
        let rect = f.textRect, caret = try f.caretRect(at: 5)
        var empty = f
        empty.text = ""
        empty.placeholder = "Search"
        let waiting = try empty.caretRect(at: 0)
        switch alignment {
        case .top: #expect(abs(caret.y - rect.y) <= 1, "top: caret at \(caret.y), rectangle at \(rect.y)")
        case .center: #expect(abs(caret.midY - rect.midY) <= 1, "centre: caret at \(caret.midY), rectangle's at \(rect.midY)")
        case .bottom: #expect(abs(caret.maxY - rect.maxY) <= 1, "bottom: caret to \(caret.maxY), rectangle to \(rect.maxY)")
        }
        #expect(abs(waiting.midY - caret.midY) <= 1, "the placeholder's caret at \(waiting.midY), the text's at \(caret.midY)")
        // The ink's rows lie where the caret is.
        f.isEditing = false
        let image = try f.image()
        let rows = (0..<image.height).filter { y in (0..<image.width).contains { image.pixel(x: $0, y: y)[3] != 0 } }
        let ink = try #require(rows.first)...(try #require(rows.last))
        #expect(Double(ink.lowerBound) >= caret.y - 1 && Double(ink.upperBound) <= caret.maxY + 1, "ink rows \(ink), caret \(caret)")
    }

    /// Selection handles stand at the outer edges of the selection's first and last characters:
    /// in Hebrew the start handle is right of the end handle; an empty range gives the caret
    /// twice; a secure field's handles are its bullets' edges.
    @Test func selectionHandlesStandAtTheSelectionsEdges() throws {
        let latin = try field("Hello world")
        let h = try latin.selectionHandles(for: 1..<4)
        let one = try latin.caretRect(at: 1), four = try latin.caretRect(at: 4), three = try latin.caretRect(at: 3)
        #expect(h.start == one && h.end == four)
        #expect(h.start.x < h.end.x)
        let hebrew = try field("שלום עולם")
        let rtl = try hebrew.selectionHandles(for: 0..<2)
        #expect(rtl.start.x > rtl.end.x, "start \(rtl.start.x), end \(rtl.end.x)")
        let empty = try latin.selectionHandles(for: 3..<3)
        #expect(empty.start == empty.end && empty.start == three)
        var secret = try field("p\u{E9}a")   // three characters, three bullets
        secret.isSecureTextEntry = true
        let s = try secret.selectionHandles(for: 1..<2)
        let bullet1 = try secret.caretRect(at: 1), bullet2 = try secret.caretRect(at: 2)
        #expect(s.start == bullet1 && s.end == bullet2 && s.start.x < s.end.x)
    }

    /// Marked text (an input method's composition) is underlined while editing: thin under the
    /// marked characters, thick under the selected clause, below the baseline at the font's
    /// underline position, in the text colour or the style's; nothing at rest; a clause outside
    /// the marked text, or one without it, is refused by name.
    @Test func markedTextIsUnderlined() throws {
        var f = try field("nihongo desu")
        f.fill = nil
        f.textColor = Self.blue
        f.isEditing = true
        f.caretIndex = 7
        f.markedRange = 0 ..< 7
        f.markedSelectedRange = 2 ..< 5
        let lines = try f.markedTextUnderlines()
        #expect(lines.map(\.height) == [1, 2, 1])
        let parts = [0 ..< 2, 2 ..< 5, 5 ..< 7]
        for (rect, part) in zip(lines, parts) {
            let covered = try f.selectionRects(for: part)
            #expect(covered.count == 1 && abs(covered[0].x - rect.x) < 1e-9 && abs(covered[0].width - rect.width) < 1e-9)
        }
        let caret = try f.caretRect(at: 0)
        // The caret's top is the line's ascender above its baseline; the underline hangs the
        // font's underline position below that.
        let top = caret.y + f.font.ascender - f.font.underlinePosition
        #expect(f.font.underlinePosition < 0 && lines.allSatisfy { abs($0.y - top) < 0.5 }, "\(lines): underline top \(top)")
        // Drawn: the underline's rows get the text colour where the plain field has none.
        var plain = f
        plain.markedRange = nil
        plain.markedSelectedRange = nil
        let marked = try f.image(), unmarked = try plain.image()
        let thick = lines[1], x = Int(thick.x + thick.width / 2), y = Int(thick.y + 1)
        #expect(marked.pixel(x: x, y: y) != unmarked.pixel(x: x, y: y))
        #expect(marked.pixel(x: x, y: y)[2] > marked.pixel(x: x, y: y)[0], "blue underline: \(marked.pixel(x: x, y: y))")
        var resting = f
        resting.isEditing = false
        plain.isEditing = false
        #expect(try resting.image().bytes == plain.image().bytes)
        // Refusals, by name.
        func refusal(_ change: (inout TextField) -> Void) -> String {
            var g = f
            change(&g)
            do { try g.validate(); return "" } catch { return "\(error)" }
        }
        #expect(refusal { $0.markedSelectedRange = 1 ..< 9 }.contains("markedSelectedRange"))
        #expect(refusal { $0.markedRange = nil }.contains("markedSelectedRange"))
        #expect(refusal { $0.markedRange = 0 ..< 99 }.contains("markedRange"))
        #expect(refusal { $0.markedTextStyle.thickness = 0 }.contains("markedTextStyle.thickness"))
        #expect(refusal { _ in }.isEmpty)
    }

    /// A selection or marked text along a line millions of pixels wide draws what the frame shows:
    /// its highlight and underline were masks of the whole rectangle, and past
    /// TextLayout.maximumMaskPixels (here 12,000 characters at 200 px, about 1.3 M × 233 px) the
    /// render threw.
    @Test func aSelectionAlongAVeryLongLineDraws() throws {
        let text = String(String(repeating: "lorem ipsum ", count: 1_000).prefix(12_000))
        var f = TextField(text: text, font: try TestFonts.sans(200), size: Size(width: 300, height: 260))
        f.isEditing = true
        f.selectedRange = 0 ..< text.utf16.count
        f.markedRange = 0 ..< text.utf16.count
        f.selectionColor = Self.red
        let rects = try f.selectionRects(for: 0 ..< text.utf16.count)
        #expect(rects.contains { $0.width * $0.height > Double(TextLayout.maximumMaskPixels) })
        let image = try f.image()
        let caret = try f.caretRect(at: 0)
        // A pixel of the highlight between glyphs, left of the text: the selection colour.
        let p = image.pixel(x: 2, y: Int(caret.y + 2))
        #expect(p[0] > p[2] && p[3] > 0, "\(p)")
    }

    /// At rest a text wider than the field ends in "…" at the text rectangle's edge and shows its
    /// start whatever the scroll offset was; editing, it scrolls (as UITextField).
    @Test func longTextAtRestEndsInAnEllipsis() throws {
        var f = try field("The quick brown fox jumps over the lazy dog", width: 150)
        f.scrollOffset = 80
        let (rest, scroll) = try f.content()
        #expect(scroll == 0)
        #expect(rest.layout.lines.count == 1 && rest.layout.lines[0].glyphs.contains { $0.sourceOffset < 0 })
        #expect(rest.layout.lines[0].typographicRect.maxX <= f.textRect.width + 1e-9)
        f.isEditing = true
        f.caretIndex = 20
        let (editing, scrolled) = try f.content()
        #expect(scrolled > 0 && !editing.layout.lines[0].glyphs.contains { $0.sourceOffset < 0 })
    }

    /// A newline in a field is drawn on its one line as a space (as UITextField shows pasted
    /// newlines) and every index after it is reachable: "line one…" was drawn and every caret
    /// after the break stood at the end of line one.
    @Test func newlinesStayOnTheLine() throws {
        for (text, spaced) in [("line one\nline two", "line one line two"), ("crlf\r\nnext", "crlf  next"),
                               ("para\u{2029}next\u{2028}end", "para next end")] {
            let f = try field(text, width: 400)
            var g = f
            g.text = spaced
            if text.contains("\r\n") {
                // CR LF is one character: one space, then nothing.
                #expect(try f.graphemeBoundary(atOrBefore: 5) == 4)
                #expect(try f.caretRect(at: 6).midX > f.caretRect(at: 4).midX)
            } else {
                #expect(try f.image().bytes == g.image().bytes)
            }
            let mid = f.textRect.y + f.textRect.height / 2
            var last = -Double.infinity
            for i in 0...text.utf16.count where try f.graphemeBoundary(atOrBefore: i) == i {
                let r = try f.caretRect(at: i)
                #expect(r.midX > last, "\(text.debugDescription) caret \(i) at \(r.midX)")
                last = r.midX
                #expect(try f.caretIndex(at: Point(r.midX, mid)) == i)
            }
        }
    }

    /// Taps at a direction boundary get the caret drawn where they were: in "abc שלום def" a tap
    /// just after "abc " gives offset 4 with trailing affinity, drawn after the space (it was
    /// drawn across the Hebrew word, 67 px away, at the offset's leading edge).
    @Test func caretAffinityAtDirectionBoundaries() throws {
        let f = try field("abc שלום def", width: 300)
        let mid = f.textRect.y + f.textRect.height / 2
        let glyphs = try TextLayout(AttributedText("abc שלום def", font: try TestFonts.sans(20))).lines[0].glyphs
        let widest = glyphs.map(\.advance).max() ?? 0
        var trailing = 0
        let end = try f.caretRect(at: 12, affinity: .trailing).midX
        for x in stride(from: f.textRect.x, through: f.textRect.maxX, by: 1) {
            let p = try f.caretPosition(at: Point(x, mid))
            let r = try f.caretRect(at: p.index, affinity: p.affinity)
            if p.affinity == .trailing { trailing += 1 }
            // The caret drawn for a tap is the boundary nearest it: within half a glyph, or the
            // text's end when the tap is past it.
            #expect(abs(r.midX - x) <= widest / 2 + 1e-6 || x > end,
                    "tap at \(x) → \(p) drawn at \(r.midX)")
        }
        #expect(trailing > 0)
        // Both sides of offset 4: after "abc " (trailing) and at the right of "שלום" (leading).
        let after = try f.caretRect(at: 4, affinity: .trailing), before = try f.caretRect(at: 4, affinity: .leading)
        #expect(before.midX - after.midX > 40)
    }

    /// Shadows and glows never cost the text its width: a text that fits the plain field fits it
    /// with a glow (what of the glow no longer fits is cropped at the frame) — "Shadowy gyp" in
    /// 220 px with a 12-px glow was "Shado…", "Tiny" in 60 × 40 with a shadow and a glow "…".
    /// A short text keeps the shadows' insets.
    @Test func shadowsGiveTheTextItsWidth() throws {
        let glow = LabelShadow(color: Color(rgba: 0xFF88_00FF), sigma: 12)
        let shadow = LabelShadow(color: Color(rgba: 0x0000_0080), offset: Point(2, 3), sigma: 4)
        for (text, size, width, height, shadows) in [("Shadowy gyp", 28.0, 220.0, 60.0, [glow]),
                                                     ("Tiny", 20.0, 60.0, 40.0, [shadow, glow])] {
            var f = TextField(text: text, font: try TestFonts.sans(size), size: Size(width: width, height: height))
            let plain = try f.content().content.layout
            #expect(!plain.lines[0].glyphs.contains { $0.sourceOffset < 0 }, "\(text) fits the plain field")
            f.shadows = shadows
            let (content, scroll) = try f.content()
            #expect(!content.layout.lines[0].glyphs.contains { $0.sourceOffset < 0 }, "\(text) ends in … beside its shadows")
            #expect(scroll == 0)
            #expect(content.origin.x >= 0 && Double(content.origin.x) + content.layout.lines[0].typographicRect.maxX <= width + 1)
        }
        var short = TextField(text: "ab", font: try TestFonts.sans(20), size: Size(width: 220, height: 60))
        short.shadows = [glow]
        #expect(try short.content().content.origin.x > 20, "a short text keeps the glow's inset")
    }

    /// A secure field's size is its bullets', whatever the characters: "iiiiiii" and "WWWWWWW"
    /// fit the same frame (it was 72 and 221 px wide), and the bullets fit in it unclipped.
    @Test func aSecureFieldIsSizedFromItsBullets() throws {
        var narrow = TextField(text: "iiiiiii", font: try TestFonts.sans(28), size: Size(width: 1, height: 1))
        narrow.isSecureTextEntry = true
        var wide = narrow
        wide.text = "WWWWWWW"
        let size = try narrow.sizeThatFits()
        #expect(size == (try wide.sizeThatFits()))
        var bullets = narrow
        bullets.isSecureTextEntry = false
        bullets.text = String(repeating: "\u{2022}", count: 7)
        #expect(size == (try bullets.sizeThatFits()))
        narrow.size = size
        #expect(try !narrow.content().content.layout.lines[0].glyphs.contains { $0.sourceOffset < 0 }, "the bullets end in …")
    }

    /// Secure entry draws a bullet per character — the field drawing "é👍🏽x" securely is the
    /// field drawing "•••" — while its indices stay the text's: the caret after "é" (offset 2)
    /// stands after the first bullet, a tap there gives 2 back, a selection of the emoji covers
    /// the second bullet; the text itself is never laid out or kept.
    @Test func secureEntryDrawsBullets() throws {
        let secret = "se\u{301}cr👍🏽t-\(UUID().uuidString.prefix(8))"
        var f = try field(secret)
        f.isSecureTextEntry = true
        f.isEditing = true
        var bullets = try field(String(repeating: "\u{2022}", count: secret.count))
        bullets.isEditing = true
        let graphemeOffsets = secret.indices.map { secret.utf16.distance(from: secret.startIndex, to: $0) }
        for (k, offset) in (graphemeOffsets + [secret.utf16.count]).enumerated() {
            f.caretIndex = offset
            bullets.caretIndex = k
            #expect(try f.image().bytes == bullets.image().bytes, "caret \(offset)")
            let r = try f.caretRect(at: offset)
            #expect(r == (try bullets.caretRect(at: k)))
            #expect(try f.caretIndex(at: Point(r.x + r.width / 2, r.y + r.height / 2)) == offset)
        }
        // Inside "e" + accent and inside the emoji: snapped back to the character's start.
        #expect(try f.caretRect(at: 2) == f.caretRect(at: 1))
        #expect(try f.graphemeBoundary(atOrBefore: 6) == 5)
        #expect(try f.selectionRects(for: 6..<7) == bullets.selectionRects(for: 4..<5))
        #expect(!LayoutCache.shared.holdsText(containing: String(secret.suffix(8))))
    }

    /// A disabled field draws at half its opacity with no caret; auto-shrink fits a long text
    /// in a smaller font before it would end in "…".
    @Test func disabledAndAutoShrink() throws {
        var f = try field("Disabled")
        f.isEditing = true
        f.isEnabled = false
        var resting = f
        resting.isEnabled = true
        resting.isEditing = false
        let opaque = try resting.image()
        let expected = try Image(width: opaque.width, height: opaque.height, format: .rgba8Premultiplied)
        try expected.withBuffer { d in try opaque.withReadOnlyBuffer { try d.composite(.image($0), coverage: .alpha(128)) } }
        #expect(try f.image().bytes == expected.bytes)
        var long = try field("A text too long for a field this narrow", width: 200)
        #expect(try long.content().content.layout.lines[0].glyphs.contains { $0.sourceOffset < 0 })
        long.adjustsFontSizeToFitWidth = true
        let shrunk = try long.content().content
        #expect(shrunk.label.font.size < 20 && shrunk.label.font.size >= 5)
        #expect(!shrunk.layout.lines[0].glyphs.contains { $0.sourceOffset < 0 })
        // Not below the minimum: then it scrolls or ends in "…" as usual.
        long.minimumFontSize = 18
        let floor = try long.content().content
        #expect(floor.label.font.size == 18 && floor.layout.lines[0].glyphs.contains { $0.sourceOffset < 0 })
        long.minimumFontSize = 30
        #expect(throws: LabelError.self) { _ = try long.image() }
    }

    /// Indices snap to grapheme clusters: a caret inside "👍🏽" or between "e" and its accent
    /// stands before the character, and a selection ending inside one covers all of it.
    @Test func indicesSnapToGraphemeClusters() throws {
        let text = "e\u{301}👍🏽x"   // é: 0..<2, 👍🏽: 2..<6, x: 6..<7
        let f = try field(text)
        #expect(try (0...7).map { try f.graphemeBoundary(atOrBefore: $0) } == [0, 0, 2, 2, 2, 2, 6, 7])
        #expect(try f.graphemeRange(enclosing: 1..<3) == 0..<6)
        #expect(try f.graphemeRange(enclosing: 3..<7) == 2..<7)
        #expect(try f.selectionRects(for: 3..<4) == f.selectionRects(for: 2..<6))
        #expect(try f.selectionRects(for: 1..<2) == f.selectionRects(for: 0..<2))
        #expect(try f.caretRect(at: 4) == f.caretRect(at: 2))
    }

    @Test func alphaFadesTheFieldAsAGroup() throws {
        var f = try field("Faded")
        f.backgroundColor = Color(rgba: 0xFFFF_FFFF)
        f.shadows = [LabelShadow(color: .black, offset: Point(1, 2), sigma: 2)]
        f.isEditing = true
        let opaque = try f.image()
        f.alpha = 0.5
        let faded = try f.image()
        let expected = try Image(width: opaque.width, height: opaque.height, format: .rgba8Premultiplied)
        try expected.withBuffer { d in try opaque.withReadOnlyBuffer { try d.composite(.image($0), coverage: .alpha(128)) } }
        #expect(faded.bytes == expected.bytes)
    }

    /// Three states in one golden: editing scrolled to a caret at the end of gradient text, an
    /// empty field's gradient placeholder with the caret, a selection at the start.
    @Test func goldenStates() throws {
        var f = TextField(text: "Gradient text while editing", font: try TestFonts.bold(28), size: Size(width: 300, height: 60))
        f.fill = .gradient(LabelGradient(colors: [Self.blue, Self.red]), extent: .ink)
        f.shadows = [LabelShadow(color: Color(rgba: 0x0000_0080), offset: Point(0, 3), sigma: 3)]
        f.backgroundColor = Color(rgba: 0xF2F2_F7FF)
        f.isEditing = true
        f.caretIndex = f.text.utf16.count
        var empty = f
        empty.text = ""
        empty.caretIndex = 0
        empty.placeholder = "Search…"
        empty.placeholderFill = .gradient(LabelGradient(colors: [Color(rgba: 0x8E8E_93FF), Color(rgba: 0xC7C7_CCFF)]), extent: .ink)
        var selecting = f
        selecting.selectedRange = 0..<8
        let canvas = try Image(width: 320, height: 200, format: .rgba8Premultiplied)
        try canvas.withBuffer { b in
            try b.composite(.color(.white), operator: .source)
            try f.render(into: b, at: (10, 5))
            try empty.render(into: b, at: (10, 70))
            try selecting.render(into: b, at: (10, 135))
        }
        #expect(try Golden.compare(canvas, "text-field", directory: Golden.directory()) == nil)
    }

    /// Bad values are refused by name and the destination is untouched; a larger buffer changes
    /// only inside the frame.
    @Test func badInputAndClipping() throws {
        let canvas = try Image(width: 300, height: 80, format: .rgba8Premultiplied)
        try canvas.withBuffer { try $0.composite(.color(Self.blue), operator: .source) }
        let before = canvas.bytes
        var f = try field("Field")
        for (name, change) in [("caretIndex", { (g: inout TextField) in g.caretIndex = 9 }),
                               ("selectedRange.upperBound", { (g: inout TextField) in g.selectedRange = 2..<40 }),
                               ("caretWidth", { (g: inout TextField) in g.caretWidth = 0 }),
                               ("scrollOffset", { (g: inout TextField) in g.scrollOffset = .nan }),
                               ("alpha", { (g: inout TextField) in g.alpha = 2 })] {
            var g = f
            change(&g)
            #expect { try canvas.withBuffer { try g.render(into: $0, at: (10, 10)) } } throws: { error in
                guard case let LabelError.invalidParameter(n, _, _) = error else { return false }
                return n == name
            }
        }
        #expect(canvas.bytes == before)
        // A field with no width or no height would show nothing: refused (it was accepted, and drew
        // nothing while its caret queries answered as if the text were there).
        for size in [Size(width: 0, height: 40), Size(width: 220, height: 0), Size(width: -1, height: 40)] {
            var g = f
            g.size = size
            #expect(throws: LabelError.invalidSize(width: size.width, height: size.height)) {
                try canvas.withBuffer { try g.render(into: $0, at: (10, 10)) }
            }
            #expect(throws: LabelError.self) { _ = try g.caretRect(at: 0) }
        }
        #expect(canvas.bytes == before)
        let a8 = try Image(width: 10, height: 10, format: .a8)
        #expect(throws: LabelError.unsupportedDestination(format: .a8)) { try a8.withBuffer { try f.render(into: $0) } }
        f.backgroundColor = .white
        f.shadows = [LabelShadow(color: .black, offset: Point(0, 0), sigma: 8)]
        f.insetsTextForShadows = false
        try canvas.withBuffer { try f.render(into: $0, at: (40, 20)) }
        for y in 0..<80 {
            for x in 0..<300 where !(x >= 40 && x < 260 && y >= 20 && y < 60) {
                #expect(px(canvas, x, y) == Array(before[(y * 300 + x) * 4..<(y * 300 + x) * 4 + 4]))
            }
        }
    }
}

private extension Rect {
    var midX: Double { x + width / 2 }
    var midY: Double { y + height / 2 }
}
