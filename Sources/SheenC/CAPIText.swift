// Fonts and text layout across the C boundary.

import CSheenAPI
import SheenRaster
import SheenText

/// `sheen_font_create_named` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_font_create_named")
public func sheenFontCreateNamed(_ pattern: UnsafePointer<CChar>?, _ size: Double, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> sheen_status {
    capi {
        let name = try string(pattern, "pattern")
        let out = try required(out, "out")
        store(FontBox(try Font(named: name, size: size)), into: out)
    }
}

/// `sheen_font_create_named_strict` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_font_create_named_strict")
public func sheenFontCreateNamedStrict(_ pattern: UnsafePointer<CChar>?, _ size: Double,
                                       _ out: UnsafeMutablePointer<OpaquePointer?>?) -> sheen_status {
    capi {
        let name = try string(pattern, "pattern")
        let out = try required(out, "out")
        store(FontBox(try Font(named: name, size: size, requiringFamily: true)), into: out)
    }
}

/// `sheen_font_create_file` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_font_create_file")
public func sheenFontCreateFile(_ path: UnsafePointer<CChar>?, _ faceIndex: Int, _ size: Double,
                                _ out: UnsafeMutablePointer<OpaquePointer?>?) -> sheen_status {
    capi {
        let file = try string(path, "path")
        let out = try required(out, "out")
        store(FontBox(try Font(path: file, size: size, faceIndex: faceIndex)), into: out)
    }
}

/// `sheen_font_add_directory` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_font_add_directory")
public func sheenFontAddDirectory(_ path: UnsafePointer<CChar>?) -> sheen_status {
    capi { try Font.addDirectory(try string(path, "path")) }
}

/// `sheen_font_destroy` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_font_destroy")
public func sheenFontDestroy(_ font: OpaquePointer?) { release(font, as: FontBox.self) }

/// `sheen_text_options_default` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_options_default")
public func sheenTextOptionsDefault(_ options: UnsafeMutablePointer<sheen_text_options>?) {
    let d = TextLayoutOptions()
    options?.pointee = sheen_text_options(
        width: 0, height: 0, alignment: d.alignment.cValue, vertical_alignment: d.verticalAlignment.cValue,
        line_break: d.lineBreakMode.cValue, number_of_lines: d.numberOfLines,
        line_height_multiple: d.lineHeightMultiple, line_spacing: d.lineSpacing,
        adjusts_font_size_to_fit: d.adjustsFontSizeToFitWidth, minimum_scale_factor: d.minimumScaleFactor)
}

/// `sheen_text_layout_create` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_layout_create")
public func sheenTextLayoutCreate(_ text: UnsafePointer<CChar>?, _ font: OpaquePointer?, _ options: UnsafePointer<sheen_text_options>?,
                                  _ out: UnsafeMutablePointer<OpaquePointer?>?) -> sheen_status {
    capi {
        let string = try wellFormedString(text, "text")
        let font = try borrow(font, "font", as: FontBox.self).font
        let out = try required(out, "out")
        let (bounds, layoutOptions) = try layoutOptions(options)
        let layout = try TextLayout(AttributedText(string, font: font), bounds: bounds, options: layoutOptions)
        store(LayoutBox(layout), into: out)
    }
}

/// The bounds and layout options of C text options (NULL: unconstrained, defaults).
private func layoutOptions(_ options: UnsafePointer<sheen_text_options>?) throws -> (Size, TextLayoutOptions) {
    var layoutOptions = TextLayoutOptions()
    guard let o = options?.pointee else { return (Size(width: 0, height: 0), layoutOptions) }
    layoutOptions.alignment = try enumeration(o.alignment, "alignment")
    layoutOptions.verticalAlignment = try enumeration(o.vertical_alignment, "vertical alignment")
    layoutOptions.lineBreakMode = try enumeration(o.line_break, "line break")
    layoutOptions.numberOfLines = o.number_of_lines
    layoutOptions.lineHeightMultiple = o.line_height_multiple
    layoutOptions.lineSpacing = o.line_spacing
    layoutOptions.adjustsFontSizeToFitWidth = o.adjusts_font_size_to_fit
    layoutOptions.minimumScaleFactor = o.minimum_scale_factor
    return (Size(width: o.width, height: o.height), layoutOptions)
}

/// `sheen_text_size_that_fits` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_size_that_fits")
public func sheenTextSizeThatFits(_ text: UnsafePointer<CChar>?, _ font: OpaquePointer?, _ options: UnsafePointer<sheen_text_options>?,
                                  _ out: UnsafeMutablePointer<Double>?) -> sheen_status {
    capi {
        let string = try wellFormedString(text, "text")
        let font = try borrow(font, "font", as: FontBox.self).font
        let out = try required(out, "out")
        let (bounds, layoutOptions) = try layoutOptions(options)
        let fit = try TextLayout.sizeThatFits(AttributedText(string, font: font), bounds, options: layoutOptions)
        out[0] = fit.width.rounded(.up)
        out[1] = fit.height.rounded(.up)
    }
}

/// `sheen_text_layout_line_count` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_layout_line_count")
public func sheenTextLayoutLineCount(_ layout: OpaquePointer?, _ out: UnsafeMutablePointer<Int>?) -> sheen_status {
    capi {
        let layout = try borrow(layout, "layout", as: LayoutBox.self).layout
        try required(out, "out").pointee = layout.lines.count
    }
}

/// `sheen_text_layout_line_info` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_layout_line_info")
public func sheenTextLayoutLineInfo(_ layout: OpaquePointer?, _ index: Int, _ out: UnsafeMutablePointer<sheen_line_info>?) -> sheen_status {
    capi {
        let layout = try borrow(layout, "layout", as: LayoutBox.self).layout
        let out = try required(out, "out")
        let i = try size(index, "index")
        guard i < layout.lines.count else { throw CAPIError.invalid("index \(i) is not a line of the \(layout.lines.count)-line layout") }
        let line = layout.lines[i], text = layout.text.string
        let r = line.typographicRect
        out.pointee = sheen_line_info(x: r.x, y: r.y, width: r.width, height: r.height, baseline: line.baseline,
                                      box_y: line.lineBox.y, box_height: line.lineBox.height,
                                      start: byteOffset(ofUTF16: line.sourceRange.lowerBound, in: text),
                                      end: byteOffset(ofUTF16: line.sourceRange.upperBound, in: text),
                                      truncated: line.isTruncated, right_to_left: line.isRightToLeft)
    }
}

/// `sheen_text_layout_caret` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_layout_caret")
public func sheenTextLayoutCaret(_ layout: OpaquePointer?, _ index: Int, _ affinity: Int32, _ line: UnsafeMutablePointer<Int>?,
                                 _ x: UnsafeMutablePointer<Double>?) -> sheen_status {
    capi {
        let layout = try borrow(layout, "layout", as: LayoutBox.self).layout
        let (line, x) = (try required(line, "line"), try required(x, "x"))
        let offset = try utf16Offset(ofByte: size(index, "index"), in: layout.text.string, "index")
        guard let caret = layout.caret(at: offset, affinity: try enumeration(affinity, "affinity", as: CaretAffinity.self)) else {
            throw CAPIError.invalid("the layout has no lines: no caret stands in it")
        }
        (line.pointee, x.pointee) = caret
    }
}

/// `sheen_text_layout_caret_at` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_layout_caret_at")
public func sheenTextLayoutCaretAt(_ layout: OpaquePointer?, _ x: Double, _ y: Double, _ index: UnsafeMutablePointer<Int>?,
                                   _ affinity: UnsafeMutablePointer<Int32>?) -> sheen_status {
    capi {
        let layout = try borrow(layout, "layout", as: LayoutBox.self).layout
        let (index, affinity) = (try required(index, "index"), try required(affinity, "affinity"))
        let p = layout.caretPosition(at: Point(try finite(x, "x"), try finite(y, "y")))
        index.pointee = byteOffset(ofUTF16: p.offset, in: layout.text.string)
        affinity.pointee = p.affinity.cValue
    }
}

/// `sheen_text_layout_grapheme_range` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_layout_grapheme_range")
public func sheenTextLayoutGraphemeRange(_ layout: OpaquePointer?, _ start: Int, _ end: Int, _ outStart: UnsafeMutablePointer<Int>?,
                                         _ outEnd: UnsafeMutablePointer<Int>?) -> sheen_status {
    capi {
        let layout = try borrow(layout, "layout", as: LayoutBox.self).layout
        let text = layout.text.string
        let range = try utf16Range(start, end, in: text)
        let r = layout.graphemeRange(enclosing: range)
        // Both checked before either is written: a failing call writes nothing.
        let (outStart, outEnd) = (try required(outStart, "out_start"), try required(outEnd, "out_end"))
        outStart.pointee = byteOffset(ofUTF16: r.lowerBound, in: text)
        outEnd.pointee = byteOffset(ofUTF16: r.upperBound, in: text)
    }
}

/// C byte range [start, end) of `text` as UTF-16 offsets; both must be character boundaries and
/// start ≤ end.
func utf16Range(_ start: Int, _ end: Int, in text: String) throws -> Range<Int> {
    let (a, b) = (try size(start, "start"), try size(end, "end"))
    guard a <= b else { throw CAPIError.invalid("start \(a) is after end \(b)") }
    return try utf16Offset(ofByte: a, in: text, "start")..<utf16Offset(ofByte: b, in: text, "end")
}

/// A PixelRect as a sheen_rect.
func cRect(_ r: PixelRect) -> sheen_rect { sheen_rect(x: r.x, y: r.y, width: r.width, height: r.height) }

/// `sheen_text_layout_ink_rect` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_layout_ink_rect")
public func sheenTextLayoutInkRect(_ layout: OpaquePointer?, _ out: UnsafeMutablePointer<sheen_rect>?) -> sheen_status {
    capi {
        let layout = try borrow(layout, "layout", as: LayoutBox.self).layout
        let out = try required(out, "out")
        out.pointee = cRect(try layout.inkRect())
    }
}

/// `sheen_text_layout_mask` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_layout_mask")
public func sheenTextLayoutMask(_ layout: OpaquePointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?,
                                _ x: UnsafeMutablePointer<Int>?, _ y: UnsafeMutablePointer<Int>?) -> sheen_status {
    capi {
        let layout = try borrow(layout, "layout", as: LayoutBox.self).layout
        let (out, x, y) = (try required(out, "out"), try required(x, "x"), try required(y, "y"))
        let ink = try layout.inkRect()
        // Blank text has no ink: a 0×0 mask at the origin.
        let mask = try layout.mask(region: ink.isEmpty ? PixelRect(x: 0, y: 0, width: 0, height: 0) : ink)
        x.pointee = mask.region.x
        y.pointee = mask.region.y
        store(ImageBox(mask.image), into: out)
    }
}

/// `sheen_text_layout_draw` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_layout_draw")
public func sheenTextLayoutDraw(_ layout: OpaquePointer?, _ destination: UnsafePointer<sheen_buffer>?, _ x: Int, _ y: Int) -> sheen_status {
    capi {
        let layout = try borrow(layout, "layout", as: LayoutBox.self).layout
        try layout.draw(into: try rasterBuffer(destination, "destination"), origin: (x, y))
    }
}

/// `sheen_text_layout_destroy` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_layout_destroy")
public func sheenTextLayoutDestroy(_ layout: OpaquePointer?) { release(layout, as: LayoutBox.self) }
