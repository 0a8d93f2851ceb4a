import CSheenAPI
import Foundation
import SheenC
import SheenLabel
import SheenTestSupport
import SheenText
import Testing

/// What crosses the C boundary is checked there: handles are live and of their kind, size_t
/// values above INTPTR_MAX are refused by their value, a field's indices are the caller's bytes,
/// setters refuse what drawing would, and messages are escaped and bounded. Each case is a
/// reproduction of a hostile-input run (a freed label's set_text returned OK; a freed field
/// crashed; set_editing(…, SIZE_MAX) returned OK; caret_index_at answered 9 for a 3-byte text).
@Suite struct CAPIBoundaryTests {
    static func font() throws -> OpaquePointer {
        var font: OpaquePointer?
        #expect(sheen_font_create_file(TestFonts.sansPath, 0, 20, &font) == SHEEN_OK)
        return try #require(font)
    }

    static var message: String { String(cString: sheen_last_error_message()) }

    @Test func destroyedAndWrongHandlesAreRefused() throws {
        let font = try Self.font()
        defer { sheen_font_destroy(font) }
        var label: OpaquePointer?, field: OpaquePointer?
        #expect(sheen_label_create("Hi", font, 100, 40, &label) == SHEEN_OK)
        #expect(sheen_text_field_create("Hi", font, 100, 40, &field) == SHEEN_OK)
        // A field where a label is expected, and a label where a font is.
        #expect(sheen_label_set_text(field, "x") == SHEEN_ERROR_INVALID_ARGUMENT && Self.message.contains("not a sheen_label"))
        #expect(sheen_label_set_font(label, label) == SHEEN_ERROR_INVALID_ARGUMENT && Self.message.contains("not a sheen_font"))
        sheen_label_destroy(label)
        sheen_text_field_destroy(field)
        // Used, and destroyed again, after destroy: refused or ignored, never undefined.
        #expect(sheen_label_set_text(label, "x") == SHEEN_ERROR_INVALID_ARGUMENT && Self.message.contains("not a live sheen_label"))
        var index = 0
        #expect(sheen_text_field_caret_index_at(field, 1, 1, &index) == SHEEN_ERROR_INVALID_ARGUMENT)
        sheen_label_destroy(label)
        sheen_text_field_destroy(field)
        // A new label may take the freed slot; the stale handle still does not reach it.
        var again: OpaquePointer?
        #expect(sheen_label_create("Again", font, 100, 40, &again) == SHEEN_OK)
        #expect(again != label)
        #expect(sheen_label_set_text(label, "x") == SHEEN_ERROR_INVALID_ARGUMENT)
        // A value Sheen never handed out.
        #expect(sheen_label_set_text(OpaquePointer(bitPattern: 0xDEAD_BEEF), "x") == SHEEN_ERROR_INVALID_ARGUMENT)
        sheen_label_destroy(again)
    }

    /// An inverted selection and insets that leave the text no room are refused, naming them,
    /// and change nothing (both were accepted: the one as a caret, the other as an empty field).
    @Test func invertedSelectionsAndOversizedInsetsAreRefused() throws {
        let font = try Self.font()
        defer { sheen_font_destroy(font) }
        var field: OpaquePointer?
        #expect(sheen_text_field_create("hello", font, 100, 40, &field) == SHEEN_OK)
        defer { sheen_text_field_destroy(field) }
        #expect(sheen_text_field_set_editing(field, true, 1, 4, 2) == SHEEN_ERROR_INVALID_ARGUMENT)
        #expect(Self.message.contains("selection_start 4 is after selection_end 2"))
        #expect(sheen_text_field_set_editing(field, true, 1, 2, 2) == SHEEN_OK)
        #expect(sheen_text_field_set_insets(field, 0, 60, 0, 40) == SHEEN_ERROR_INVALID_ARGUMENT)
        #expect(Self.message.contains("insets.left + insets.right"))
        #expect(sheen_text_field_set_insets(field, 25, 0, 15, 0) == SHEEN_ERROR_INVALID_ARGUMENT)
        #expect(sheen_text_field_set_insets(field, 5, 30, 5, 30) == SHEEN_OK)
    }

    /// sheen_font_create_named takes fontconfig's nearest family for one not installed;
    /// sheen_font_create_named_strict refuses it and writes nothing.
    @Test func aStrictFontRefusesAFamilyNotInstalled() throws {
        var font: OpaquePointer?
        #expect(sheen_font_create_named("NoSuchFamily", 12, &font) == SHEEN_OK)
        sheen_font_destroy(font)
        font = nil
        #expect(sheen_font_create_named_strict("NoSuchFamily", 12, &font) == SHEEN_ERROR_FONT && font == nil)
        #expect(Self.message.contains("NoSuchFamily"))
        #expect(sheen_font_create_named_strict("DejaVu Sans:bold", 12, &font) == SHEEN_OK)
        sheen_font_destroy(font)
    }

    /// sheen_text_field_selection_rects answers what Swift's selectionRects does (bytes in, one
    /// rectangle per line and direction run), its count first when asked with no room.
    @Test func selectionRectanglesFromC() throws {
        let font = try Self.font()
        defer { sheen_font_destroy(font) }
        let text = "abc שלום def"
        var field: OpaquePointer?
        #expect(sheen_text_field_create(text, font, 300, 40, &field) == SHEEN_OK)
        defer { sheen_text_field_destroy(field) }
        // "c ש": across the direction boundary, so two rectangles apart (bytes 2..<6).
        var count = -1
        #expect(sheen_text_field_selection_rects(field, 2, 6, nil, 0, &count) == SHEEN_OK)
        #expect(count >= 2, "a Latin and a Hebrew run")
        var rects = [Double](repeating: -1, count: 4 * count)
        var again = 0
        #expect(sheen_text_field_selection_rects(field, 2, 6, &rects, count, &again) == SHEEN_OK && again == count)
        let swift = TextField(text: text, font: try Font(path: TestFonts.sansPath, size: 20), size: Size(width: 300, height: 40))
        let expected = try swift.selectionRects(for: 2..<5).flatMap { [$0.x, $0.y, $0.width, $0.height] }
        #expect(rects == expected)
        #expect(sheen_text_field_selection_rects(field, 3, 1, &rects, count, &again) == SHEEN_ERROR_INVALID_ARGUMENT)
        #expect(sheen_text_field_selection_rects(field, 0, 2, nil, 1, &again) == SHEEN_ERROR_NULL_POINTER)
    }

    @Test func sizesAboveIntptrMaxAreRefused() throws {
        let font = try Self.font()
        defer { sheen_font_destroy(font) }
        var field: OpaquePointer?
        #expect(sheen_text_field_create("hello", font, 100, 40, &field) == SHEEN_OK)
        defer { sheen_text_field_destroy(field) }
        #expect(sheen_text_field_set_editing(field, true, 0, 0, Int(bitPattern: UInt.max)) == SHEEN_ERROR_INVALID_ARGUMENT)
        #expect(Self.message.contains("18446744073709551615"))
        #expect(sheen_text_field_set_editing(field, true, Int(bitPattern: UInt.max), 0, 0) == SHEEN_ERROR_INVALID_ARGUMENT)
        var rect = [Double](repeating: 0, count: 4)
        #expect(sheen_text_field_caret_rect(field, Int(bitPattern: UInt.max), &rect) == SHEEN_ERROR_INVALID_ARGUMENT)
        var colour = sheen_color(red: 0, green: 0, blue: 0, alpha: 1)
        #expect(sheen_text_field_set_fill_gradient(field, &colour, Int(bitPattern: UInt.max), 0, 0) == SHEEN_ERROR_INVALID_ARGUMENT)
        #expect(sheen_label_create_from_spec("{}", Int(bitPattern: UInt.max), nil) != SHEEN_OK)
    }

    /// Ill-formed UTF-8 is refused by a field, naming the byte; indices it returns are the
    /// caller's bytes.
    @Test func fieldIndicesAreTheCallersBytes() throws {
        let font = try Self.font()
        defer { sheen_font_destroy(font) }
        var field: OpaquePointer?
        let bad: [CChar] = [CChar(bitPattern: 0x61), CChar(bitPattern: 0xFF), CChar(bitPattern: 0xFE), 0]
        #expect(sheen_text_field_create(bad, font, 200, 40, &field) == SHEEN_ERROR_INVALID_ARGUMENT)
        #expect(field == nil && Self.message.contains("byte 1 of 3"))
        #expect(sheen_text_field_create("é👍🏽x", font, 200, 40, &field) == SHEEN_OK)
        defer { sheen_text_field_destroy(field) }
        #expect(sheen_text_field_set_text(field, bad) == SHEEN_ERROR_INVALID_ARGUMENT)
        var index = 0
        #expect(sheen_text_field_caret_index_at(field, 1000, 20, &index) == SHEEN_OK)
        #expect(index == "é👍🏽x".utf8.count)
    }

    /// Setters refuse at once what every draw would refuse, and leave the object as it was.
    @Test func settersRefuseWhatDrawingRefuses() throws {
        let font = try Self.font()
        defer { sheen_font_destroy(font) }
        var label: OpaquePointer?
        #expect(sheen_label_create("Hi", font, 100, 40, &label) == SHEEN_OK)
        defer { sheen_label_destroy(label) }
        var style = sheen_run_style()
        style.tracking = 1e308
        #expect(sheen_label_append_run(label, "x", &style) == SHEEN_ERROR_INVALID_ARGUMENT && Self.message.contains("tracking"))
        var image: OpaquePointer?
        #expect(sheen_label_image(label, &image) == SHEEN_OK)
        sheen_image_destroy(image)
        let long = String(repeating: "a", count: TextLayout.maximumLength + 1)
        #expect(sheen_label_set_text(label, long) == SHEEN_ERROR_INVALID_ARGUMENT && Self.message.contains("1048577"))
        #expect(sheen_label_append_run(label, long, nil) == SHEEN_ERROR_INVALID_ARGUMENT)
        // Marks continuing a run across an append are counted whole.
        #expect(sheen_label_append_run(label, "a" + String(repeating: "\u{301}", count: 100), nil) == SHEEN_OK)
        #expect(sheen_label_append_run(label, String(repeating: "\u{301}", count: 29), nil) == SHEEN_ERROR_INVALID_ARGUMENT)
        #expect(Self.message.contains("combining"))
        #expect(sheen_label_image(label, &image) == SHEEN_OK)
        sheen_image_destroy(image)
        var field: OpaquePointer?
        #expect(sheen_text_field_create(long, font, 100, 40, &field) == SHEEN_ERROR_INVALID_ARGUMENT)
        // A field of no width draws nothing: refused at once, as a bad size.
        #expect(sheen_text_field_create("Hi", font, 0, 40, &field) == SHEEN_ERROR_INVALID_ARGUMENT && field == nil)
        #expect(Self.message.contains("size"), "\(Self.message)")
    }

    /// Messages keep no control character (an ESC from the input, a NUL that would cut the C
    /// string) and stay short whatever value they quote.
    @Test func messagesAreEscapedAndBounded() throws {
        // JSON escapes: the values hold a real ESC and a real NUL.
        let spec = "{\"text\": \"x\", \"fill\": \"\\u001B[31m" + String(repeating: "q", count: 100_000) + "\"}"
        var label: OpaquePointer?
        #expect(sheen_label_create_from_spec(spec, spec.utf8.count, &label) == SHEEN_ERROR_INVALID_ARGUMENT)
        let message = Self.message
        #expect(!message.unicodeScalars.contains { $0.value < 0x20 } && message.contains("\\u{1B}"))
        #expect(message.count <= LabelError.maximumMessageLength + 40)
        let withNul = "{\"text\": \"x\", \"nope\\u0000after\": 1}"
        #expect(sheen_label_create_from_spec(withNul, withNul.utf8.count, &label) == SHEEN_ERROR_INVALID_ARGUMENT)
        #expect(Self.message.contains("nope\\u{0}after"), "\(Self.message)")
    }
}
