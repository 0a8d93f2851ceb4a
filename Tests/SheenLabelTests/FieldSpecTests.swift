import SheenLabel
import SheenRaster
import SheenTestSupport
import Testing

/// A field spec read from JSON draws the field its options describe, and refuses what a field
/// cannot take by name (the Python package's TextField and C's sheen_text_field_image_from_spec
/// read it; Python/tests/test_field.py holds them to `sheen field` byte for byte).
@Suite struct FieldSpecTests {
    private func spec(_ json: String) throws(LabelSpecError) -> FieldSpec { try FieldSpec(json: Array(json.utf8)) }

    @Test func readsEveryFieldOfItsOwn() throws {
        let s = try spec("""
            {"text": "Hello", "canvas": [200, 0], "placeholder": "p", "placeholderFill": "#FF0000", "editing": true,
             "caret": 2, "caretAffinity": "trailing", "selection": [1, 3], "scroll": 4, "caretColor": "#00FF00",
             "secure": true, "disabled": true, "minFontSize": 10, "size": 30, "insets": [1, 2, 3, 4]}
            """)
        #expect(s.style.text == "Hello" && s.style.font.size == 30)
        #expect(s.width == 200 && s.height == 0 && s.hasInsets)
        let red = try Color(css: "#FF0000"), green = try Color(css: "#00FF00")
        #expect(s.placeholder == "p" && s.placeholderFill == .color(red))
        #expect(s.isEditing && s.caretIndex == 2 && s.caretAffinity == .trailing && s.selectedRange == 1..<3)
        #expect(s.scrollOffset == 4 && s.caretColor == green)
        #expect(s.isSecure && !s.isEnabled && s.minimumFontSize == 10 && !s.isMultiline)
        let field = try s.field()
        #expect(field.size.width == 200 && field.size.height > 0)  // the height fitted to the text
    }

    @Test func refusesByName() {
        let cases: [(String, String)] = [
            (#"{"text": "x", "lines": 2}"#, #"unknown field "lines""#),
            (#"{"text": "x", "numberOfLines": 2}"#, #"unknown field "numberOfLines""#),
            (#"{"text": "x", "runs": [{"text": "y"}]}"#, #"give "text" or "runs", not both"#),
            (#"{"runs": []}"#, "runs: needs at least one run"),
            (#"{"text": "x", "selection": [3, 1]}"#, "selection: the start 3 is after the end 1"),
            (#"{"text": "x", "selection": [1]}"#, "selection: expected [start, end]"),
            (#"{"text": "x", "caret": -1}"#, "caret:"),
            (#"{"text": "x", "canvas": [10, 20000]}"#, "canvas[1]:"),
            (#"{"text": "x", "caretAffinity": "up"}"#, "caretAffinity:"),
            (#"{"text": "x", "secure": true, "multiline": true}"#, "secure: a multiline text view has no secure entry"),
            (#"{"text": "x", "size": -3}"#, "size:"),
            (#"["x"]"#, "the top level must be an object"),
            (#"{"text": "x", "lineHeight": 2}"#, "lineHeight: a one-line field has no lines to space"),
            (#"{"text": "x", "paragraph": {"spacingAfter": 4}}"#, "paragraph: a one-line field has no lines to space"),
            (#"{"text": "x", "multiline": true, "paragraph": {"alignment": "right"}}"#, "paragraph.alignment:"),
            (#"{"text": "x", "multiline": true, "lineSpacing": 1e9}"#, "lineSpacing:"),
            (#"{"text": "x", "vertical": "middle"}"#, "vertical:"),
            (#"{"text": "x", "marked": [1, 0]}"#, "marked: the start 1 is after the end 0"),
            (#"{"text": "x", "markedSelection": [0]}"#, "markedSelection: expected [start, end]"),
        ]
        for (json, needle) in cases {
            do {
                _ = try spec(json)
                Issue.record("accepted \(json)")
            } catch {
                #expect(error.message.contains(needle), "\(json): \(error.message)")
            }
        }
    }

    /// A view's spacing, either kind's vertical alignment and marked text reach the field or view
    /// drawn; a view without "vertical" starts at its top, a field centres its line.
    @Test func readsSpacingVerticalAlignmentAndMarkedText() throws {
        let view = try spec("""
            {"text": "x", "multiline": true, "lineHeight": 1.5, "lineSpacing": 4, "vertical": "bottom",
             "paragraph": {"spacingBefore": 2, "spacingAfter": 6}, "canvas": [100, 100]}
            """).view()
        #expect(view.lineHeightMultiple == 1.5 && view.lineSpacing == 4 && view.verticalAlignment == .bottom)
        #expect(view.paragraphStyle.paragraphSpacingBefore == 2 && view.paragraphStyle.paragraphSpacing == 6)
        #expect(try spec(#"{"text": "x", "multiline": true}"#).view().verticalAlignment == .top)
        #expect(try spec(#"{"text": "x"}"#).field().verticalAlignment == .center)
        #expect(try spec(#"{"text": "x", "vertical": "top"}"#).field().verticalAlignment == .top)
        let marked = try spec(##"{"text": "kana", "marked": [0, 4], "markedSelection": [1, 3], "markedColor": "#FF0000"}"##).field()
        #expect(marked.markedRange == 0..<4 && marked.markedSelectedRange == 1..<3)
        #expect(marked.markedTextStyle.color == (try Color(css: "#FF0000")))
    }

    /// Insets given as null are absent: a view keeps its container insets.
    /// "runs" gives a field or a view attributed text and run styles, as a label spec's runs do.
    @Test func readsRuns() throws {
        let s = try spec("""
            {"runs": [{"text": "Red ", "color": "#FF0000"}, {"text": "Big", "size": 32, "underline": "single",
             "fill": ["#FF0000", "#0000FF"]}], "size": 16, "multiline": true, "canvas": [200, 0]}
            """)
        let view = try s.view()
        #expect(view.text == "Red Big" && view.attributedText?.runs.count == 2)
        #expect(view.attributedText?.attributes(at: 5)?.font.size == 32 && view.attributedText?.attributes(at: 0)?.font.size == 16)
        #expect(view.runStyles.map(\.range) == [4..<7])
        let field = try s.field()
        #expect(field.attributedText == view.attributedText && field.runStyles == view.runStyles)
    }

    @Test func nullInsetsAreAbsent() throws {
        #expect(try !spec(#"{"text": "x", "insets": null}"#).hasInsets)
        #expect(try spec(#"{"text": "x", "insets": [1, 2, 3, 4]}"#).hasInsets)
    }

    /// Without "text" the field is empty and shows its placeholder; the picture is the frame.
    @Test func drawsTheFrame() throws {
        let image = try spec(#"{"placeholder": "Search", "canvas": [120, 30], "size": 16}"#).image()
        #expect(image.width == 120 && image.height == 30)
    }
}
