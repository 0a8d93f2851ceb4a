// The text field of the C API (sheen_text_field_*): a TextField in a box. C indices are byte
// offsets into the caller's UTF-8 text (ill-formed UTF-8 is refused, so the field's text is the
// caller's byte for byte); the field's are UTF-16 offsets, converted here.

import CSheenAPI
import SheenLabel
import SheenRaster
import SheenText

/// Changes the field behind a handle, keeping the change only if the field validates (its text
/// and placeholder too: what drawing refuses is refused here, at once).
private func change(_ handle: OpaquePointer?, _ body: (inout TextField) throws -> Void) -> sheen_status {
    change(handle, "field", \FieldBox.field, validate: validate, body)
}

/// `TextField.validate()`, and the text and placeholder as layout will check them.
private func validate(_ field: TextField) throws {
    try field.validate()
    try TextLayout.validate(AttributedText(field.text, font: field.font))
    try TextLayout.validate(AttributedText(field.placeholder, font: field.font))
}

/// The UTF-16 offset of UTF-8 byte offset `byte` of `text`; refused past the end or inside a character.
func utf16Offset(ofByte byte: Int, in text: String, _ name: String) throws -> Int {
    var bytes = 0, units = 0
    for scalar in text.unicodeScalars {
        if bytes == byte { return units }
        if bytes > byte { break }
        bytes += UTF8.width(scalar)
        units += UTF16.width(scalar)
    }
    guard bytes == byte else {
        throw CAPIError.invalid("\(name) \(byte) is not a character boundary of the \(text.utf8.count)-byte text")
    }
    return units
}

/// The UTF-8 byte offset of UTF-16 offset `unit` of `text` (a scalar boundary).
func byteOffset(ofUTF16 unit: Int, in text: String) -> Int {
    var bytes = 0, units = 0
    for scalar in text.unicodeScalars where units < unit {
        bytes += UTF8.width(scalar)
        units += UTF16.width(scalar)
    }
    return bytes
}

/// `sheen_text_field_create` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_create")
public func sheenTextFieldCreate(_ text: UnsafePointer<CChar>?, _ font: OpaquePointer?, _ width: Double, _ height: Double,
                                 _ out: UnsafeMutablePointer<OpaquePointer?>?) -> sheen_status {
    capi {
        let string = try wellFormedString(text, "text")
        let font = try borrow(font, "font", as: FontBox.self).font
        let out = try required(out, "out")
        var field = TextField(text: string, font: font, size: Size(width: width, height: height))
        field.caretIndex = string.utf16.count
        try validate(field)
        store(FieldBox(field), into: out)
    }
}

/// `sheen_text_field_set_text` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_set_text")
public func sheenTextFieldSetText(_ field: OpaquePointer?, _ text: UnsafePointer<CChar>?) -> sheen_status {
    change(field) {
        $0.text = try wellFormedString(text, "text")
        $0.caretIndex = $0.text.utf16.count
        $0.selectedRange = nil
    }
}

/// `sheen_text_field_set_placeholder` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_set_placeholder")
public func sheenTextFieldSetPlaceholder(_ field: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ c: sheen_color) -> sheen_status {
    change(field) {
        $0.placeholder = try wellFormedString(text, "placeholder")
        $0.placeholderColor = try color(c, "color")
    }
}

/// `sheen_text_field_set_text_color` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_set_text_color")
public func sheenTextFieldSetTextColor(_ field: OpaquePointer?, _ c: sheen_color) -> sheen_status {
    change(field) { $0.textColor = try color(c, "color") }
}

/// `sheen_text_field_set_fill_gradient` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_set_fill_gradient")
public func sheenTextFieldSetFillGradient(_ field: OpaquePointer?, _ colors: UnsafePointer<sheen_color>?, _ count: Int,
                                          _ angle: Double, _ space: Int32) -> sheen_status {
    change(field) {
        guard try size(count, "count") > 0 else { $0.fill = nil; return }
        guard let colors else { throw CAPIError.null("colors") }
        guard count <= 1 << 20 else { throw CAPIError.invalid("count \(count) is more than 2^20 colours") }
        let list = try UnsafeBufferPointer(start: colors, count: count).enumerated().map { try color($1, "colors[\($0)]") }
        $0.fill = .gradient(LabelGradient(colors: list, geometry: .linear(angle: try finite(angle, "angle")),
                                          space: try colorSpace(space)), extent: .ink)
    }
}

/// `sheen_text_field_add_shadow` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_add_shadow")
public func sheenTextFieldAddShadow(_ field: OpaquePointer?, _ dx: Double, _ dy: Double, _ sigma: Double, _ spread: Double,
                                    _ c: sheen_color) -> sheen_status {
    change(field) { $0.shadows.append(LabelShadow(color: try color(c, "color"), offset: Point(dx, dy), sigma: sigma, spread: spread)) }
}

/// `sheen_text_field_set_background` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_set_background")
public func sheenTextFieldSetBackground(_ field: OpaquePointer?, _ c: UnsafePointer<sheen_color>?) -> sheen_status {
    change(field) { $0.backgroundColor = try c.map { try color($0.pointee, "color") } }
}

/// `sheen_text_field_set_editing` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_set_editing")
public func sheenTextFieldSetEditing(_ field: OpaquePointer?, _ editing: Bool, _ caret: Int, _ start: Int, _ end: Int) -> sheen_status {
    change(field) {
        $0.isEditing = editing
        $0.caretIndex = try utf16Offset(ofByte: size(caret, "caret"), in: $0.text, "caret")
        let start = try size(start, "selection_start"), end = try size(end, "selection_end")
        let a = try utf16Offset(ofByte: start, in: $0.text, "selection_start")
        let b = try utf16Offset(ofByte: max(start, end), in: $0.text, "selection_end")
        $0.selectedRange = a < b ? a..<b : nil
    }
}

/// `sheen_text_field_set_scroll_offset` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_set_scroll_offset")
public func sheenTextFieldSetScrollOffset(_ field: OpaquePointer?, _ offset: Double) -> sheen_status {
    change(field) { $0.scrollOffset = offset }
}

/// `sheen_text_field_resolved_scroll_offset` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_resolved_scroll_offset")
public func sheenTextFieldResolvedScrollOffset(_ field: OpaquePointer?, _ out: UnsafeMutablePointer<Double>?) -> sheen_status {
    capi {
        let field = try borrow(field, "field", as: FieldBox.self).field
        let out = try required(out, "out")
        out.pointee = try field.resolvedScrollOffset()
    }
}

/// `sheen_text_field_caret_index_at` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_caret_index_at")
public func sheenTextFieldCaretIndexAt(_ field: OpaquePointer?, _ x: Double, _ y: Double, _ out: UnsafeMutablePointer<Int>?) -> sheen_status {
    capi {
        let field = try borrow(field, "field", as: FieldBox.self).field
        let out = try required(out, "out")
        let index = try field.caretIndex(at: Point(try finite(x, "x"), try finite(y, "y")))
        out.pointee = byteOffset(ofUTF16: index, in: field.text)
    }
}

/// `sheen_text_field_caret_rect` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_caret_rect")
public func sheenTextFieldCaretRect(_ field: OpaquePointer?, _ index: Int, _ out: UnsafeMutablePointer<Double>?) -> sheen_status {
    capi {
        let field = try borrow(field, "field", as: FieldBox.self).field
        let out = try required(out, "out")
        let r = try field.caretRect(at: try utf16Offset(ofByte: size(index, "index"), in: field.text, "index"))
        out[0] = r.x; out[1] = r.y; out[2] = r.width; out[3] = r.height
    }
}

/// `sheen_text_field_render` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_render")
public func sheenTextFieldRender(_ field: OpaquePointer?, _ destination: UnsafePointer<sheen_buffer>?, _ x: Int, _ y: Int) -> sheen_status {
    capi {
        let field = try borrow(field, "field", as: FieldBox.self).field
        try field.render(into: try rasterBuffer(destination, "destination"), at: (x, y))
    }
}

/// `sheen_text_field_destroy` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_destroy")
public func sheenTextFieldDestroy(_ field: OpaquePointer?) { release(field) }
