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
    try TextLayout.validate(field.attributedText ?? AttributedText(field.text, font: field.font))
    try TextLayout.validate(AttributedText(field.placeholder, font: field.font))
}

/// The UTF-16 offset of UTF-8 byte offset `byte` of `text`; refused past the end or inside a
/// character. Native strings are UTF-8 and index their UTF-16 view through breadcrumbs, so this
/// is not a walk from the start (a caller asking for every line of a megabyte stays linear).
func utf16Offset(ofByte byte: Int, in text: String, _ name: String) throws -> Int {
    let utf8 = text.utf8
    guard byte >= 0, let i = utf8.index(utf8.startIndex, offsetBy: byte, limitedBy: utf8.endIndex),
          i.samePosition(in: text.unicodeScalars) != nil else {
        throw CAPIError.invalid("\(name) \(byte) is not a character boundary of the \(utf8.count)-byte text")
    }
    return text.utf16.distance(from: text.utf16.startIndex, to: i)
}

/// The UTF-8 byte offset of UTF-16 offset `unit` of `text` (clamped to it; a scalar boundary).
func byteOffset(ofUTF16 unit: Int, in text: String) -> Int {
    let utf16 = text.utf16
    let i = utf16.index(utf16.startIndex, offsetBy: max(0, unit), limitedBy: utf16.endIndex) ?? utf16.endIndex
    return text.utf8.distance(from: text.utf8.startIndex, to: i)
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
        $0.markedRange = nil
        $0.markedSelectedRange = nil
    }
}

/// `sheen_text_field_append_run` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
///
/// Amortised O(1) in the field's text, as `sheen_label_append_run`: the run is checked alone and
/// appended in place (run styles stay where they are: the new run is after them).
@_cdecl("sheen_text_field_append_run")
public func sheenTextFieldAppendRun(_ field: OpaquePointer?, _ text: UnsafePointer<CChar>?,
                                    _ stylePointer: UnsafePointer<sheen_run_style>?) -> sheen_status {
    capi {
        let box = try borrow(field, "field", as: FieldBox.self)
        let run = try checkedRun(text, stylePointer, font: box.field.font, appendingTo: box.field.attributedText, plain: box.field.text)
        // Taken out of the field, appended to and put back: the one reference, appended in place
        // (appending through the property, whose didSet keeps the plain text empty, copied the
        // whole text per run).
        var attributed = run.start ?? box.field.attributedText!
        box.field.attributedText = nil
        attributed.append(run.string, attributes: run.attributes)
        box.field.caretIndex = attributed.utf16.count
        box.field.attributedText = attributed
        box.field.selectedRange = nil
        box.field.markedRange = nil
        box.field.markedSelectedRange = nil
    }
}

/// `sheen_text_field_replace_text` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_replace_text")
public func sheenTextFieldReplaceText(_ field: OpaquePointer?, _ start: Int, _ end: Int, _ text: UnsafePointer<CChar>?) -> sheen_status {
    change(field) {
        let string = try wellFormedString(text, "text")
        let lo = try utf16Offset(ofByte: size(start, "start"), in: $0.text, "start")
        let hi = try utf16Offset(ofByte: size(end, "end"), in: $0.text, "end")
        guard lo <= hi else { throw CAPIError.invalid("start \(start) is after end \(end)") }
        try $0.replaceText(in: lo..<hi, with: string)
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
        guard start <= end else { throw CAPIError.invalid("selection_start \(start) is after selection_end \(end)") }
        let a = try utf16Offset(ofByte: start, in: $0.text, "selection_start")
        let b = try utf16Offset(ofByte: end, in: $0.text, "selection_end")
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
        let box = try borrow(field, "field", as: FieldBox.self)
        let out = try required(out, "out")
        out.pointee = try box.editable.resolvedScroll()
    }
}

/// `sheen_text_field_caret_index_at` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_caret_index_at")
public func sheenTextFieldCaretIndexAt(_ field: OpaquePointer?, _ x: Double, _ y: Double, _ out: UnsafeMutablePointer<Int>?) -> sheen_status {
    capi {
        let box = try borrow(field, "field", as: FieldBox.self)
        let out = try required(out, "out")
        let index = try box.editable.caretPosition(at: Point(try finite(x, "x"), try finite(y, "y"))).index
        out.pointee = byteOffset(ofUTF16: index, in: box.field.text)
    }
}

/// `sheen_text_field_caret_rect` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_caret_rect")
public func sheenTextFieldCaretRect(_ field: OpaquePointer?, _ index: Int, _ out: UnsafeMutablePointer<Double>?) -> sheen_status {
    sheenTextFieldCaretRectWithAffinity(field, index, CaretAffinity.leading.cValue, out)
}

/// `sheen_text_field_set_font` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_set_font")
public func sheenTextFieldSetFont(_ field: OpaquePointer?, _ font: OpaquePointer?) -> sheen_status {
    change(field) { $0.font = try borrow(font, "font", as: FontBox.self).font }
}

/// `sheen_text_field_set_size` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_set_size")
public func sheenTextFieldSetSize(_ field: OpaquePointer?, _ width: Double, _ height: Double) -> sheen_status {
    change(field) { $0.size = Size(width: width, height: height) }
}

/// `sheen_text_field_size_that_fits` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_size_that_fits")
public func sheenTextFieldSizeThatFits(_ field: OpaquePointer?, _ out: UnsafeMutablePointer<Double>?) -> sheen_status {
    capi {
        let box = try borrow(field, "field", as: FieldBox.self)
        let out = try required(out, "out")
        let fit = try box.editable.fittingSize()
        out[0] = fit.width
        out[1] = fit.height
    }
}

/// `sheen_text_field_text_rect` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_text_rect")
public func sheenTextFieldTextRect(_ field: OpaquePointer?, _ out: UnsafeMutablePointer<Double>?) -> sheen_status {
    capi {
        let field = try borrow(field, "field", as: FieldBox.self).field
        let out = try required(out, "out")
        let r = field.textRect
        out[0] = r.x; out[1] = r.y; out[2] = r.width; out[3] = r.height
    }
}

/// `sheen_text_field_set_stroke` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_set_stroke")
public func sheenTextFieldSetStroke(_ field: OpaquePointer?, _ width: Double, _ c: sheen_color, _ placement: Int32) -> sheen_status {
    change(field) { $0.stroke = try stroke(width, c, placement) }
}

/// `sheen_text_field_clear_shadows` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_clear_shadows")
public func sheenTextFieldClearShadows(_ field: OpaquePointer?) -> sheen_status {
    change(field) { $0.shadows = [] }
}

/// `sheen_text_field_set_alignment` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_set_alignment")
public func sheenTextFieldSetAlignment(_ field: OpaquePointer?, _ alignment: Int32) -> sheen_status {
    change(field) { $0.textAlignment = try enumeration(alignment, "alignment") }
}

/// `sheen_text_field_set_insets` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_set_insets")
public func sheenTextFieldSetInsets(_ field: OpaquePointer?, _ top: Double, _ left: Double, _ bottom: Double,
                                    _ right: Double) -> sheen_status {
    change(field) { $0.insets = EdgeInsets(top: top, left: left, bottom: bottom, right: right) }
}

/// `sheen_text_field_set_insets_text_for_shadows` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_set_insets_text_for_shadows")
public func sheenTextFieldSetInsetsTextForShadows(_ field: OpaquePointer?, _ insets: Bool) -> sheen_status {
    change(field) { $0.insetsTextForShadows = insets }
}

/// `sheen_text_field_set_hinting` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_set_hinting")
public func sheenTextFieldSetHinting(_ field: OpaquePointer?, _ value: Int32) -> sheen_status {
    change(field) { $0.hinting = try enumeration(value, "hinting") }
}

/// `sheen_text_field_set_alpha` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_set_alpha")
public func sheenTextFieldSetAlpha(_ field: OpaquePointer?, _ alpha: Double) -> sheen_status {
    change(field) { $0.alpha = alpha }
}

/// `sheen_text_field_set_caret_style` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_set_caret_style")
public func sheenTextFieldSetCaretStyle(_ field: OpaquePointer?, _ c: sheen_color, _ width: Double) -> sheen_status {
    change(field) {
        $0.caretColor = try color(c, "color")
        $0.caretWidth = width
    }
}

/// `sheen_text_field_set_selection_color` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_set_selection_color")
public func sheenTextFieldSetSelectionColor(_ field: OpaquePointer?, _ c: sheen_color) -> sheen_status {
    change(field) { $0.selectionColor = try color(c, "color") }
}

/// `sheen_text_field_set_placeholder_gradient` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_set_placeholder_gradient")
public func sheenTextFieldSetPlaceholderGradient(_ field: OpaquePointer?, _ colors: UnsafePointer<sheen_color>?, _ count: Int,
                                                 _ angle: Double, _ space: Int32) -> sheen_status {
    change(field) { $0.placeholderFill = try linearGradient(colors, count, angle, space).map { .gradient($0, extent: .ink) } }
}

/// `sheen_text_field_set_fill` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_set_fill")
public func sheenTextFieldSetFill(_ field: OpaquePointer?, _ gradient: UnsafePointer<sheen_label_gradient>?) -> sheen_status {
    change(field) { $0.fill = try labelPaint(gradient) }
}

/// `sheen_text_field_set_placeholder_fill` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_set_placeholder_fill")
public func sheenTextFieldSetPlaceholderFill(_ field: OpaquePointer?, _ gradient: UnsafePointer<sheen_label_gradient>?) -> sheen_status {
    change(field) { $0.placeholderFill = try labelPaint(gradient) }
}

/// `sheen_text_field_set_caret_affinity` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_set_caret_affinity")
public func sheenTextFieldSetCaretAffinity(_ field: OpaquePointer?, _ affinity: Int32) -> sheen_status {
    change(field) { $0.caretAffinity = try enumeration(affinity, "affinity", as: CaretAffinity.self) }
}

/// `sheen_text_field_caret_position_at` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_caret_position_at")
public func sheenTextFieldCaretPositionAt(_ field: OpaquePointer?, _ x: Double, _ y: Double, _ index: UnsafeMutablePointer<Int>?,
                                          _ affinity: UnsafeMutablePointer<Int32>?) -> sheen_status {
    capi {
        let box = try borrow(field, "field", as: FieldBox.self)
        let (index, affinity) = (try required(index, "index"), try required(affinity, "affinity"))
        let p = try box.editable.caretPosition(at: Point(try finite(x, "x"), try finite(y, "y")))
        index.pointee = byteOffset(ofUTF16: p.index, in: box.field.text)
        affinity.pointee = p.affinity.cValue
    }
}

/// `sheen_text_field_caret_rect_with_affinity` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_caret_rect_with_affinity")
public func sheenTextFieldCaretRectWithAffinity(_ field: OpaquePointer?, _ index: Int, _ affinity: Int32,
                                                _ out: UnsafeMutablePointer<Double>?) -> sheen_status {
    capi {
        let box = try borrow(field, "field", as: FieldBox.self)
        let out = try required(out, "out")
        let r = try box.editable.caretRect(at: try utf16Offset(ofByte: size(index, "index"), in: box.field.text, "index"),
                                           affinity: try enumeration(affinity, "affinity", as: CaretAffinity.self))
        out[0] = r.x; out[1] = r.y; out[2] = r.width; out[3] = r.height
    }
}

/// `sheen_text_field_move_caret` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_move_caret")
public func sheenTextFieldMoveCaret(_ field: OpaquePointer?, _ index: Int, _ affinity: Int32, _ movement: Int32,
                                    _ preferredX: Double, _ outIndex: UnsafeMutablePointer<Int>?,
                                    _ outAffinity: UnsafeMutablePointer<Int32>?) -> sheen_status {
    capi {
        let box = try borrow(field, "field", as: FieldBox.self)
        let (outIndex, outAffinity) = (try required(outIndex, "out_index"), try required(outAffinity, "out_affinity"))
        let from = try utf16Offset(ofByte: size(index, "index"), in: box.field.text, "index")
        let p = try box.editable.position(from: from, affinity: try enumeration(affinity, "affinity", as: CaretAffinity.self),
                                          moving: try enumeration(movement, "movement", as: CaretMovement.self),
                                          preferredX: preferredX.isNaN ? nil : try finite(preferredX, "preferred_x"))
        outIndex.pointee = byteOffset(ofUTF16: p.index, in: box.field.text)
        outAffinity.pointee = p.affinity.cValue
    }
}

/// `sheen_text_field_set_marked_text` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_set_marked_text")
public func sheenTextFieldSetMarkedText(_ field: OpaquePointer?, _ start: Int, _ end: Int, _ selectedStart: Int,
                                       _ selectedEnd: Int) -> sheen_status {
    change(field) {
        let marked = try utf16Range(start, end, in: $0.text)
        let selected = try utf16Range(selectedStart, selectedEnd, in: $0.text)
        $0.markedRange = marked.isEmpty ? nil : marked
        $0.markedSelectedRange = marked.isEmpty || selected.isEmpty ? nil : selected
    }
}

/// `sheen_text_field_set_marked_style` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_set_marked_style")
public func sheenTextFieldSetMarkedStyle(_ field: OpaquePointer?, _ c: UnsafePointer<sheen_color>?, _ thickness: Double,
                                        _ selectedThickness: Double) -> sheen_status {
    change(field) {
        $0.markedTextStyle = MarkedTextStyle(color: try c.map { try color($0.pointee, "color") }, thickness: thickness,
                                             selectedThickness: selectedThickness)
    }
}

/// `sheen_text_field_marked_underlines` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_marked_underlines")
public func sheenTextFieldMarkedUnderlines(_ field: OpaquePointer?, _ rects: UnsafeMutablePointer<Double>?, _ capacity: Int,
                                          _ outCount: UnsafeMutablePointer<Int>?) -> sheen_status {
    capi {
        let box = try borrow(field, "field", as: FieldBox.self)
        let capacity = try size(capacity, "capacity")
        let outCount = try required(outCount, "out_count")
        if capacity > 0, rects == nil { throw CAPIError.null("rects") }
        let found = try box.editable.markedTextUnderlines()
        for (i, r) in found.prefix(capacity).enumerated() {
            rects![4 * i] = r.x; rects![4 * i + 1] = r.y; rects![4 * i + 2] = r.width; rects![4 * i + 3] = r.height
        }
        outCount.pointee = found.count
    }
}

/// `sheen_text_field_selection_rects` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_selection_rects")
public func sheenTextFieldSelectionRects(_ field: OpaquePointer?, _ start: Int, _ end: Int, _ rects: UnsafeMutablePointer<Double>?,
                                         _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?) -> sheen_status {
    capi {
        let box = try borrow(field, "field", as: FieldBox.self)
        let range = try utf16Range(start, end, in: box.field.text)
        let capacity = try size(capacity, "capacity")
        let outCount = try required(outCount, "out_count")
        if capacity > 0, rects == nil { throw CAPIError.null("rects") }
        let found = try box.editable.selectionRects(for: range)
        for (i, r) in found.prefix(capacity).enumerated() {
            rects![4 * i] = r.x; rects![4 * i + 1] = r.y; rects![4 * i + 2] = r.width; rects![4 * i + 3] = r.height
        }
        outCount.pointee = found.count
    }
}

/// `sheen_text_field_selection_handles` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_selection_handles")
public func sheenTextFieldSelectionHandles(_ field: OpaquePointer?, _ start: Int, _ end: Int,
                                           _ out: UnsafeMutablePointer<Double>?) -> sheen_status {
    capi {
        let box = try borrow(field, "field", as: FieldBox.self)
        let range = try utf16Range(start, end, in: box.field.text)
        let out = try required(out, "out")
        let (first, last) = try box.editable.selectionHandles(for: range)
        for (i, v) in [first.x, first.y, first.width, first.height, last.x, last.y, last.width, last.height].enumerated() {
            out[i] = v
        }
    }
}

/// `sheen_text_field_grapheme_range` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_grapheme_range")
public func sheenTextFieldGraphemeRange(_ field: OpaquePointer?, _ start: Int, _ end: Int, _ outStart: UnsafeMutablePointer<Int>?,
                                        _ outEnd: UnsafeMutablePointer<Int>?) -> sheen_status {
    capi {
        let field = try borrow(field, "field", as: FieldBox.self).field
        let range = try utf16Range(start, end, in: field.text)
        let r = try field.graphemeRange(enclosing: range)
        // Both checked before either is written: a failing call writes nothing.
        let (outStart, outEnd) = (try required(outStart, "out_start"), try required(outEnd, "out_end"))
        outStart.pointee = byteOffset(ofUTF16: r.lowerBound, in: field.text)
        outEnd.pointee = byteOffset(ofUTF16: r.upperBound, in: field.text)
    }
}

/// `sheen_text_field_set_secure` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_set_secure")
public func sheenTextFieldSetSecure(_ field: OpaquePointer?, _ secure: Bool) -> sheen_status {
    change(field) { $0.isSecureTextEntry = secure }
}

/// `sheen_text_field_set_enabled` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_set_enabled")
public func sheenTextFieldSetEnabled(_ field: OpaquePointer?, _ enabled: Bool) -> sheen_status {
    change(field) { $0.isEnabled = enabled }
}

/// `sheen_text_field_set_adjusts_font_size` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_set_adjusts_font_size")
public func sheenTextFieldSetAdjustsFontSize(_ field: OpaquePointer?, _ adjusts: Bool, _ minimum: Double) -> sheen_status {
    change(field) {
        $0.adjustsFontSizeToFitWidth = adjusts
        $0.minimumFontSize = minimum
    }
}

/// `sheen_text_field_set_multiline` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_set_multiline")
public func sheenTextFieldSetMultiline(_ field: OpaquePointer?, _ multiline: Bool) -> sheen_status {
    capi {
        let box = try borrow(field, "field", as: FieldBox.self)
        guard box.multiline != multiline else { return }
        box.multiline = multiline
        // UITextView's text container insets in multi-line mode, a field's none out of it, unless
        // the caller set other insets.
        let container = TextView(font: box.field.font, size: box.field.size).insets
        if multiline, box.field.insets == .zero { box.field.insets = container }
        if !multiline, box.field.insets == container { box.field.insets = .zero }
        // Likewise UITextView's top-aligned lines, unless the caller chose an alignment.
        if multiline, box.field.verticalAlignment == .center { box.field.verticalAlignment = .top }
        if !multiline, box.field.verticalAlignment == .top { box.field.verticalAlignment = .center }
    }
}

/// `sheen_text_field_set_vertical_alignment` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_set_vertical_alignment")
public func sheenTextFieldSetVerticalAlignment(_ field: OpaquePointer?, _ vertical: Int32) -> sheen_status {
    change(field) { $0.verticalAlignment = try enumeration(vertical, "vertical alignment") }
}

/// `sheen_text_field_set_line_spacing` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_set_line_spacing")
public func sheenTextFieldSetLineSpacing(_ field: OpaquePointer?, _ multiple: Double, _ spacing: Double) -> sheen_status {
    change(field) {
        $0.lineHeightMultiple = multiple
        $0.lineSpacing = spacing
    }
}

/// `sheen_text_field_set_paragraph_spacing` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_set_paragraph_spacing")
public func sheenTextFieldSetParagraphSpacing(_ field: OpaquePointer?, _ before: Double, _ after: Double) -> sheen_status {
    change(field) {
        $0.paragraphStyle.paragraphSpacingBefore = before
        $0.paragraphStyle.paragraphSpacing = after
    }
}

/// `sheen_text_field_render` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_render")
public func sheenTextFieldRender(_ field: OpaquePointer?, _ destination: UnsafePointer<sheen_buffer>?, _ x: Int, _ y: Int) -> sheen_status {
    capi {
        let box = try borrow(field, "field", as: FieldBox.self)
        try box.editable.render(into: try rasterBuffer(destination, "destination"), at: (x, y), cache: .shared)
    }
}

/// `sheen_text_field_destroy` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_destroy")
public func sheenTextFieldDestroy(_ field: OpaquePointer?) { release(field, as: FieldBox.self) }

/// `sheen_text_field_image_from_spec` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_field_image_from_spec")
public func sheenTextFieldImageFromSpec(_ json: UnsafePointer<CChar>?, _ length: Int, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> sheen_status {
    capi {
        guard let json else { throw CAPIError.null("json") }
        let out = try required(out, "out")
        let bytes = [UInt8](UnsafeRawBufferPointer(start: json, count: try size(length, "length")))
        let spec: FieldSpec
        do throws(LabelSpecError) { spec = try FieldSpec(json: bytes) } catch { throw CAPIError.invalid("spec: \(error.message)") }
        store(ImageBox(try spec.image()), into: out)
    }
}
