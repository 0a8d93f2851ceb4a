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

/// `sheen_font_destroy` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_font_destroy")
public func sheenFontDestroy(_ font: OpaquePointer?) { release(font) }

/// Text alignment from its C value.
func textAlignment(_ value: Int32) throws -> TextAlignment {
    let all: [TextAlignment] = [.left, .right, .center, .justified, .natural]
    guard value >= 0, Int(value) < all.count else { throw CAPIError.invalid("alignment \(value) is not a sheen_text_alignment (0…4)") }
    return all[Int(value)]
}

/// Vertical alignment from its C value.
func verticalAlignment(_ value: Int32) throws -> VerticalAlignment {
    let all: [VerticalAlignment] = [.top, .center, .bottom]
    guard value >= 0, Int(value) < all.count else {
        throw CAPIError.invalid("vertical alignment \(value) is not a sheen_vertical_alignment (0…2)")
    }
    return all[Int(value)]
}

/// Line-break mode from its C value.
func lineBreak(_ value: Int32) throws -> LineBreakMode {
    let all: [LineBreakMode] = [.byWordWrapping, .byCharWrapping, .byClipping, .byTruncatingHead, .byTruncatingTail, .byTruncatingMiddle]
    guard value >= 0, Int(value) < all.count else { throw CAPIError.invalid("line break \(value) is not a sheen_line_break (0…5)") }
    return all[Int(value)]
}

/// `sheen_text_options_default` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_options_default")
public func sheenTextOptionsDefault(_ options: UnsafeMutablePointer<sheen_text_options>?) {
    let d = TextLayoutOptions()
    options?.pointee = sheen_text_options(
        width: 0, height: 0, alignment: Int32(SHEEN_ALIGN_NATURAL.rawValue), vertical_alignment: Int32(SHEEN_VALIGN_CENTER.rawValue),
        line_break: Int32(SHEEN_BREAK_TRUNCATE_TAIL.rawValue), number_of_lines: d.numberOfLines,
        line_height_multiple: d.lineHeightMultiple, line_spacing: d.lineSpacing,
        adjusts_font_size_to_fit: d.adjustsFontSizeToFitWidth, minimum_scale_factor: d.minimumScaleFactor)
}

/// `sheen_text_layout_create` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_text_layout_create")
public func sheenTextLayoutCreate(_ text: UnsafePointer<CChar>?, _ font: OpaquePointer?, _ options: UnsafePointer<sheen_text_options>?,
                                  _ out: UnsafeMutablePointer<OpaquePointer?>?) -> sheen_status {
    capi {
        let string = try string(text, "text")
        let font = try borrow(font, "font", as: FontBox.self).font
        let out = try required(out, "out")
        var layoutOptions = TextLayoutOptions()
        var bounds = Size(width: 0, height: 0)
        if let o = options?.pointee {
            layoutOptions.alignment = try textAlignment(o.alignment)
            layoutOptions.verticalAlignment = try verticalAlignment(o.vertical_alignment)
            layoutOptions.lineBreakMode = try lineBreak(o.line_break)
            layoutOptions.numberOfLines = o.number_of_lines
            layoutOptions.lineHeightMultiple = o.line_height_multiple
            layoutOptions.lineSpacing = o.line_spacing
            layoutOptions.adjustsFontSizeToFitWidth = o.adjusts_font_size_to_fit
            layoutOptions.minimumScaleFactor = o.minimum_scale_factor
            bounds = Size(width: o.width, height: o.height)
        }
        let layout = try TextLayout(AttributedText(string, font: font), bounds: bounds, options: layoutOptions)
        store(LayoutBox(layout), into: out)
    }
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
public func sheenTextLayoutDestroy(_ layout: OpaquePointer?) { release(layout) }
