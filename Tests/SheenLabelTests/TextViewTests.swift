import SheenRaster
import SheenTestSupport
import SheenText
import Testing
@testable import SheenLabel

/// The multi-line text view: wrapping, the empty line after a last line break, vertical
/// scrolling to the caret, taps and selections across lines, the placeholder, drawing only what
/// is in view.
@Suite struct TextViewTests {
    static let text = "A text view wraps its text at the width of its frame and scrolls to keep the caret in view. "
        + "Paragraphs begin at line breaks.\nSecond paragraph, with a few more words to wrap."

    func view(_ text: String = Self.text, width: Double = 220, height: Double = 120) throws -> TextView {
        TextView(text: text, font: try TestFonts.sans(18), size: Size(width: width, height: height))
    }

    @Test func wrapsAtTheFrameWidth() throws {
        let v = try view()
        let layout = try v.layout()
        #expect(layout.lines.count >= 6)
        #expect(layout.lines.allSatisfy { $0.typographicRect.maxX <= v.textRect.width + 1e-9 })
        #expect(!layout.isTruncated)
        // sizeThatFits for the width holds every line: no scrolling there.
        var fitted = v
        fitted.field.size = try v.sizeThatFits(width: 220)
        #expect(fitted.field.size.width == 220)
        fitted.isEditing = true
        fitted.caretIndex = Self.text.utf16.count
        #expect(try fitted.resolvedContentOffset() == 0)
    }

    /// The view aligns its lines as its `textAlignment` says (it drew every view left-aligned):
    /// right puts a short line's end at the text rectangle's right edge, centre its middle at
    /// the centre, and left puts a Hebrew line at the left.
    @Test func linesFollowTheAlignment() throws {
        var v = try view("Short")
        let width = v.textRect.width
        v.textAlignment = .right
        #expect(abs(try v.layout().lines[0].typographicRect.maxX - width) <= 1)
        v.textAlignment = .center
        #expect(abs(try v.layout().lines[0].typographicRect.x + (try v.layout().lines[0].typographicRect.width) / 2 - width / 2) <= 1)
        var hebrew = try view("שלום")
        hebrew.textAlignment = .left
        #expect(try hebrew.layout().lines[0].typographicRect.x <= 1)
        hebrew.textAlignment = .natural
        #expect(abs(try hebrew.layout().lines[0].typographicRect.maxX - width) <= 1)
    }

    /// After a hard line break the caret stands on the next line whatever its affinity: a tap on
    /// the empty last line of "Short\n" and index 6 with trailing affinity were drawn at the end
    /// of line 1; in "Short\nNext" too.
    @Test func afterALineBreakTheCaretIsOnTheNextLine() throws {
        for text in ["Short\n", "Short\nNext", "Short\r\nNext", "Short\u{2029}Next"] {
            let v = try view(text)
            let index = text.hasPrefix("Short\r\n") ? 7 : 6
            let leading = try v.caretRect(at: index, affinity: .leading)
            let trailing = try v.caretRect(at: index, affinity: .trailing)
            let first = try v.caretRect(at: 5)
            #expect(leading == trailing, "\(text.debugDescription)")
            #expect(trailing.y >= first.maxY - 1e-9, "\(text.debugDescription)")
        }
        let v = try view("Short\n")
        let line2 = try v.caretRect(at: 6)
        let tap = try v.caretPosition(at: Point(line2.x + 40, line2.y + line2.height / 2))
        #expect(tap.index == 6)
        #expect(try v.caretRect(at: tap.index, affinity: tap.affinity) == line2)
    }

    /// The placeholder does not scroll: an empty view that had scrolled shows its placeholder
    /// from the top with the caret in view (it showed the placeholder's end and no caret), and
    /// an empty field shows the placeholder's start, whatever its old scroll offset.
    @Test func thePlaceholderDoesNotScroll() throws {
        var v = try view("", width: 120, height: 50)
        v.placeholder = "A placeholder long enough to wrap onto several lines of this small view"
        v.isEditing = true
        v.contentOffset = 300
        #expect(try v.resolvedContentOffset() == 0)
        let caret = try v.caretRect(at: 0)
        #expect(caret.y >= 0 && caret.maxY <= 50)
        var f = TextField(text: "", font: try TestFonts.sans(20), size: Size(width: 120, height: 40))
        f.placeholder = "A placeholder wider than the field"
        f.isEditing = true
        f.scrollOffset = 80
        let (content, scroll) = try f.content()
        #expect(scroll == 0)
        #expect(content.layout.lines[0].glyphs.contains { $0.sourceOffset < 0 }, "the placeholder ends in …")
    }

    /// The placeholder takes the font and its own colour, not the text's stroke and shadows
    /// (UIKit), in the field and in the view; the text itself keeps them.
    @Test func thePlaceholderHasNoStrokeOrShadow() throws {
        var f = TextField(text: "", font: try TestFonts.sans(20), size: Size(width: 160, height: 40))
        f.placeholder = "Search"
        f.stroke = LabelStroke(width: 2, paint: .color(Color(rgba: 0xFF00_00FF)))
        f.shadows = [LabelShadow(color: .black, offset: Point(2, 2), sigma: 3)]
        let content = try f.content().content
        #expect(content.label.stroke == nil && content.label.shadows.isEmpty)
        var v = try view("")
        v.placeholder = "Type"
        v.stroke = f.stroke
        v.shadows = f.shadows
        let viewContent = try v.content().content
        #expect(viewContent.label.stroke == nil && viewContent.label.shadows.isEmpty)
        f.text = "Query"
        let text = try f.content().content
        #expect(text.label.stroke != nil && text.label.shadows.count == 1)
    }

    /// A selection's end is scrolled into view as the caret is (a field and a view scrolled only
    /// to a caret, so a selection at the end of a long text stayed out of view).
    @Test func aSelectionIsScrolledIntoView() throws {
        var f = TextField(text: "The quick brown fox jumps over the lazy dog", font: try TestFonts.sans(20),
                          size: Size(width: 150, height: 40))
        let n = f.text.utf16.count
        f.isEditing = true
        f.selectedRange = (n - 4)..<n
        #expect(try f.resolvedScrollOffset() > 0)
        let rects = try f.selectionRects(for: (n - 4)..<n)
        #expect(!rects.isEmpty && rects.allSatisfy { $0.x >= 0 && $0.x + $0.width <= 150 + 1 })
        var v = try view(Self.text, width: 220, height: 60)
        let m = Self.text.utf16.count
        v.isEditing = true
        v.selectedRange = (m - 5)..<m
        #expect(try v.resolvedContentOffset() > 0)
        let last = try v.selectionRects(for: (m - 5)..<m)
        #expect(!last.isEmpty && last.allSatisfy { $0.y >= 0 && $0.y + $0.height <= 60 + 1 })
    }

    /// A view refuses secure entry, which it would draw in clear.
    @Test func secureEntryIsRefused() throws {
        var v = try view("secret")
        v.isSecureTextEntry = true
        #expect(throws: LabelError.self) { _ = try v.image() }
        #expect(throws: LabelError.self) { _ = try v.sizeThatFits(width: 100) }
    }

    /// A last line break begins an empty line, where the caret after it stands (UITextView);
    /// a label draws no such line.
    @Test func aLastLineBreakBeginsALine() throws {
        let v = try view("abc\n")
        let before = try v.caretRect(at: 3), after = try v.caretRect(at: 4)
        #expect(after.y >= before.maxY - 1e-9)
        #expect(abs(after.x + after.width / 2 - v.textRect.x) <= 1)
        #expect(try v.layout().lines.count == 2)
    }

    /// Editing scrolls the caret's line into view and no further; at rest the offset is kept,
    /// clamped to the text.
    @Test func scrollsToTheCaret() throws {
        var v = try view()
        v.isEditing = true
        v.caretIndex = Self.text.utf16.count
        let end = try v.resolvedContentOffset()
        #expect(end > 0)
        let caret = try v.caretRect(at: v.caretIndex)
        #expect(caret.y >= v.textRect.y - 1 && caret.maxY <= v.textRect.maxY + 1)
        v.contentOffset = end
        v.caretIndex = 0
        #expect(try v.resolvedContentOffset() == 0)
        v.isEditing = false
        v.contentOffset = 1e6
        #expect(try v.resolvedContentOffset() == end)
        // The drawn pixels follow the offset.
        v.contentOffset = 0
        let top = try v.image()
        v.contentOffset = end
        #expect(try v.image().bytes != top.bytes)
    }

    /// A tap on any caret gives its index back, on every line; selections cover each line.
    @Test func tapsAndSelectionsAcrossLines() throws {
        let v = try view(height: 400)
        let count = Self.text.utf16.count
        for i in stride(from: 0, through: count, by: 7) {
            let r = try v.caretRect(at: i)
            let p = try v.caretPosition(at: Point(r.x + r.width / 2, r.y + r.height / 2))
            let back = try v.caretRect(at: p.index, affinity: p.affinity)
            #expect(abs(back.x - r.x) < 1e-6 && abs(back.y - r.y) < 1e-6, "\(i) → \(p)")
        }
        let lines = try v.layout().lines.count
        #expect(try v.selectionRects(for: 0..<count).count >= lines - 1)
    }

    /// The placeholder shows when empty, its caret at the top-left of the text rectangle.
    @Test func placeholderAndItsCaret() throws {
        var v = try view("")
        v.placeholder = "Write something…"
        v.isEditing = true
        let caret = try v.caretRect(at: 0)
        #expect(abs(caret.x + caret.width / 2 - v.textRect.x) <= 1 && caret.y <= v.textRect.y + 6)
        let image = try v.image()
        #expect(image.bytes.enumerated().contains { $0.offset % 4 == 3 && $0.element > 0 })
    }

    /// A long text (thousands of lines) draws only the lines in view, as the whole layout
    /// cropped to the frame would.
    @Test func drawsOnlyWhatIsInView() throws {
        let long = (0..<400).map { "Line \($0) of a long text" }.joined(separator: "\n")
        var v = try view(long)
        v.contentOffset = 3000
        let drawn = try v.image()
        let (content, offset) = try v.content()
        #expect(offset == 3000)
        let shown = content.layout.lines.filter { $0.lineBox.maxY > offset && $0.lineBox.y < offset + 120 }
        #expect(!shown.isEmpty && shown.count < 12)
        #expect(drawn.bytes.enumerated().contains { $0.offset % 4 == 3 && $0.element > 0 })
        // The whole layout drawn and cropped to the frame gives the same pixels.
        let whole = try Image(width: drawn.width, height: drawn.height, format: .rgba8Premultiplied)
        try whole.withBuffer { b in
            try LabelRenderer(validated: content.label, layout: content.layout, cache: .shared)
                .render(into: b, at: (content.origin.x, content.origin.y))
        }
        #expect(whole.bytes == drawn.bytes)
    }

    @Test func badInputIsRefused() throws {
        var v = try view()
        v.contentOffset = .nan
        #expect { _ = try v.image() } throws: { error in
            guard case let LabelError.invalidParameter(name, _, _) = error else { return false }
            return name == "contentOffset"
        }
    }

    /// A field's and a view's tap refuse a point that is not finite, by name, rather than trap.
    @Test func aTapAtNaNIsRefused() throws {
        let font = try TestFonts.sans(16)
        var field = TextField(text: "Tap here", font: font, size: Size(width: 120, height: 40))
        field.isEditing = true
        var view = TextView(text: "Tap\nhere", font: font, size: Size(width: 120, height: 80))
        view.isEditing = true
        for point in [Point(.nan, 5), Point(5, .infinity)] {
            #expect(throws: LabelError.self) { try field.caretPosition(at: point) }
            #expect(throws: LabelError.self) { try view.caretPosition(at: point) }
        }
        #expect(try field.caretPosition(at: Point(1e300, 5)).index == 8)
    }

    /// Line height multiple, line spacing and paragraph spacing space a view's lines (a view drew
    /// every line at the font's height): extra spacing between lines, before and after each
    /// paragraph but not inside one, taller line boxes; sizeThatFits grows by as much.
    @Test func spacesItsLinesAndParagraphs() throws {
        let plain = try view("One\nTwo three four five six seven eight nine ten eleven", width: 120, height: 400)
        let base = try plain.layout().lines.map(\.lineBox)
        #expect(base.count >= 3)
        var spaced = plain
        spaced.lineSpacing = 10
        let s = try spaced.layout().lines.map(\.lineBox.y)
        for i in base.indices { #expect(abs(s[i] - base[i].y - 10 * Double(i)) < 1e-6, "line \(i): \(s[i]) after \(base[i].y)") }
        var paragraphs = plain
        paragraphs.paragraphStyle = ParagraphStyle(paragraphSpacing: 12, paragraphSpacingBefore: 5)
        let p = try paragraphs.layout().lines.map(\.lineBox.y)
        for i in base.indices { #expect(abs(p[i] - base[i].y - (i == 0 ? 0 : 17)) < 1e-6, "line \(i): \(p[i]) after \(base[i].y)") }
        var tall = plain
        tall.lineHeightMultiple = 2
        let t = try tall.layout().lines.map(\.lineBox)
        for i in base.indices { #expect(abs(t[i].height - 2 * base[i].height) <= 1, "line \(i): \(t[i].height) from \(base[i].height)") }
        let fitted = try plain.sizeThatFits(width: 120).height
        #expect(try spaced.sizeThatFits(width: 120).height == fitted + 10 * Double(base.count - 1))
        #expect(try paragraphs.sizeThatFits(width: 120).height == fitted + 17)
        // The caret follows the spaced lines.
        spaced.isEditing = true
        let last = spaced.text.utf16.count
        #expect(abs(try spaced.caretRect(at: last).y - (try plain.caretRect(at: last).y) - 10 * Double(base.count - 1)) <= 1)
    }

    /// A view's lines start at its top; with `verticalAlignment` they sit at the centre or the
    /// bottom of the text rectangle while they are shorter than it, and scroll from the top as
    /// before when they are not.
    @Test func shortTextSitsWhereVerticalAlignmentSays() throws {
        var v = try view("Short", width: 220, height: 200)
        #expect(v.verticalAlignment == .top)
        let rect = v.textRect
        #expect(abs(try v.caretRect(at: 0).y - rect.y) <= 1)
        v.verticalAlignment = .bottom
        #expect(abs(try v.caretRect(at: 0).maxY - rect.maxY) <= 1)
        v.verticalAlignment = .center
        let c = try v.caretRect(at: 0)
        #expect(abs(c.y + c.height / 2 - (rect.y + rect.height / 2)) <= 1)
        // A tap on the line finds it where it is drawn.
        #expect(try v.caretPosition(at: Point(rect.maxX - 1, c.y + c.height / 2)).index == 5)
        var long = try view(width: 220, height: 60)
        long.verticalAlignment = .bottom
        #expect(abs(try long.caretRect(at: 0).y - long.textRect.y) <= 1, "text taller than the view starts at the top")
    }

    /// Spacing out of range, not a number, or a paragraph alignment (the lines follow
    /// `textAlignment`) is refused by name.
    @Test func badSpacingIsRefusedByName() throws {
        let v = try view()
        func refusal(_ change: (inout TextView) -> Void) -> String {
            var w = v
            change(&w)
            do { _ = try w.image(); return "" } catch { return "\(error)" }
        }
        #expect(refusal { $0.lineSpacing = .nan }.contains("lineSpacing"))
        #expect(refusal { $0.lineHeightMultiple = 0 }.contains("lineHeightMultiple"))
        #expect(refusal { $0.paragraphStyle.paragraphSpacing = -1 }.contains("paragraphSpacing"))
        #expect(refusal { $0.paragraphStyle.alignment = .right }.contains("paragraphStyle.alignment"))
        #expect(refusal { _ in }.isEmpty)
    }

    /// Selection handles: the start on the line the selection starts on, the end on the line it
    /// ends on — a selection ending where a line wraps keeps its end handle at that line's end,
    /// not at the next line's start (the caret's own leading side there).
    @Test func selectionHandlesStayOnTheirLines() throws {
        let v = try view()
        let layout = try v.layout()
        let wrap = layout.lines[1].sourceRange.lowerBound   // the first line's end: the second's start
        let h = try v.selectionHandles(for: 2..<wrap)
        let firstLine = try v.caretRect(at: 2), secondLine = try v.caretRect(at: wrap, affinity: .leading)
        #expect(h.start == firstLine)
        #expect(layout.lines[0].sourceRange.upperBound <= wrap)
        #expect(abs(h.end.y - firstLine.y) < 1e-9 && h.end.x > firstLine.x, "end handle \(h.end), first line \(firstLine)")
        #expect(h.end != secondLine)
        // Across lines: the end handle on the later line.
        let across = try v.selectionHandles(for: 2..<(wrap + 3))
        #expect(abs(across.end.y - secondLine.y) < 1e-9)
    }

    /// Marked text across a wrap is underlined on both lines, each at its own baseline.
    @Test func markedTextAcrossLinesIsUnderlinedOnEach() throws {
        var v = try view()
        let layout = try v.layout()
        let wrap = layout.lines[1].sourceRange.lowerBound
        v.isEditing = true
        v.markedRange = wrap - 4 ..< wrap + 4
        let lines = try v.markedTextUnderlines()
        #expect(lines.count == 2)
        let first = try v.caretRect(at: wrap - 4), second = try v.caretRect(at: wrap + 1)
        #expect(lines.count == 2 && lines[0].y > first.y && lines[0].y < first.maxY && lines[1].y > second.y && lines[1].y < second.maxY)
    }
}

