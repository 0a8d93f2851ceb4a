// Labels across the C boundary: a label handle, setters, rendering and images. Every setter
// checks the label it would leave (Label.validate, what drawing checks first) and refuses a bad
// value at once, as sheen.h's convention asks, leaving the label as it was.

import CSheenAPI
import SheenLabel
import SheenRaster
import SheenText

/// Changes the label behind a handle, keeping the change only if the label validates.
private func change(_ handle: OpaquePointer?, _ body: (inout Label) throws -> Void) -> sheen_status {
    change(handle, "label", \LabelBox.label, validate: { try $0.validate() }, body)
}

/// `sheen_label_create` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_create")
public func sheenLabelCreate(_ text: UnsafePointer<CChar>?, _ font: OpaquePointer?, _ width: Double, _ height: Double,
                             _ out: UnsafeMutablePointer<OpaquePointer?>?) -> sheen_status {
    capi {
        let string = try wellFormedString(text, "text")
        let font = try borrow(font, "font", as: FontBox.self).font
        let out = try required(out, "out")
        let label = Label(string, font: font, size: Size(width: width, height: height))
        try label.validate()
        try TextLayout.validate(label.effectiveText)
        store(LabelBox(label), into: out)
    }
}

/// `sheen_label_create_from_spec` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_create_from_spec")
public func sheenLabelCreateFromSpec(_ json: UnsafePointer<CChar>?, _ length: Int, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> sheen_status {
    capi {
        guard let json else { throw CAPIError.null("json") }
        let out = try required(out, "out")
        let bytes = [UInt8](UnsafeRawBufferPointer(start: json, count: try size(length, "length")))
        let spec: LabelSpec
        do throws(LabelSpecError) { spec = try LabelSpec(json: bytes) } catch { throw CAPIError.invalid("spec: \(error.message)") }
        store(LabelBox(spec.label), into: out)
    }
}

/// `sheen_label_set_text` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_set_text")
public func sheenLabelSetText(_ label: OpaquePointer?, _ text: UnsafePointer<CChar>?) -> sheen_status {
    change(label) {
        $0.text = try wellFormedString(text, "text")
        try TextLayout.validate($0.effectiveText)
    }
}

/// A C decoration value as a decoration (nil for none).
private func decoration(_ value: Int32, _ name: String) throws -> TextDecoration? {
    switch value {
    case Int32(SHEEN_DECORATION_NONE.rawValue): return nil
    case Int32(SHEEN_DECORATION_SINGLE.rawValue): return TextDecoration(.single)
    case Int32(SHEEN_DECORATION_DOUBLE.rawValue): return TextDecoration(.double)
    case Int32(SHEEN_DECORATION_THICK.rawValue): return TextDecoration(.thick)
    default: throw CAPIError.invalid("\(name) \(value) is not a sheen_decoration (0…3)")
    }
}

/// The attributes a C run style describes, `font` where it names none.
func runAttributes(_ stylePointer: UnsafePointer<sheen_run_style>?, font: Font) throws -> TextAttributes {
    let style = stylePointer?.pointee ?? sheen_run_style()
    var attributes = TextAttributes(font: font)
    if let font = style.font { attributes.font = try borrow(font, "style->font", as: FontBox.self).font }
    attributes.color = try style.color.map { try color($0.pointee, "style->color") }
    attributes.backgroundColor = try style.background.map { try color($0.pointee, "style->background") }
    attributes.tracking = try finite(style.tracking, "style->tracking")
    attributes.baselineOffset = try finite(style.baseline_offset, "style->baseline_offset")
    attributes.underline = try decoration(style.underline, "style->underline")
    attributes.strikethrough = try decoration(style.strikethrough, "style->strikethrough")
    return attributes
}

/// `sheen_label_append_run` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
///
/// Amortised O(1) in the label's text: the run is checked alone (`TextLayout.validate(appending:)`:
/// its attributes, the length, a run of marks across the join) and appended in place — a copy
/// of the label to validate, as the other setters make, copied the whole text per run (65,535
/// runs took 52 s).
@_cdecl("sheen_label_append_run")
public func sheenLabelAppendRun(_ label: OpaquePointer?, _ text: UnsafePointer<CChar>?,
                                _ stylePointer: UnsafePointer<sheen_run_style>?) -> sheen_status {
    capi {
        let box = try borrow(label, "label", as: LabelBox.self)
        let run = try checkedRun(text, stylePointer, font: box.label.font, appendingTo: box.label.attributedText, plain: box.label.text)
        if let start = run.start { box.label.attributedText = start }
        // In place: nothing else holds the text now.
        box.label.attributedText!.append(run.string, attributes: run.attributes)
    }
}

/// A C run (UTF-8 `text` in `stylePointer`'s style) checked alone for appending to `attributed`
/// (`TextLayout.validate(appending:)`: its attributes, the length, a run of marks across the
/// join), and when `attributed` is nil the text it starts from: `plain` in `font` (asked only
/// then — a copy of the text held across the append would make the append copy it).
func checkedRun(_ text: UnsafePointer<CChar>?, _ stylePointer: UnsafePointer<sheen_run_style>?, font: Font,
                appendingTo attributed: AttributedText?, plain: @autoclosure () -> String) throws
    -> (string: String, attributes: TextAttributes, start: AttributedText?) {
    let string = try wellFormedString(text, "text")
    let attributes = try runAttributes(stylePointer, font: font)
    if let attributed {
        try TextLayout.validate(appending: string, attributes: attributes, to: attributed)
        return (string, attributes, nil)
    }
    let plain = plain()
    let start = plain.isEmpty ? AttributedText() : AttributedText(plain, font: font)
    try TextLayout.validate(appending: string, attributes: attributes, to: start)
    return (string, attributes, start)
}

/// `sheen_label_set_font` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_set_font")
public func sheenLabelSetFont(_ label: OpaquePointer?, _ font: OpaquePointer?) -> sheen_status {
    change(label) { $0.font = try borrow(font, "font", as: FontBox.self).font }
}

/// `sheen_label_set_size` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_set_size")
public func sheenLabelSetSize(_ label: OpaquePointer?, _ width: Double, _ height: Double) -> sheen_status {
    change(label) { $0.size = Size(width: width, height: height) }
}

/// `sheen_label_set_text_color` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_set_text_color")
public func sheenLabelSetTextColor(_ label: OpaquePointer?, _ c: sheen_color) -> sheen_status {
    change(label) { $0.textColor = try color(c, "color") }
}

/// `sheen_label_set_fill_color` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_set_fill_color")
public func sheenLabelSetFillColor(_ label: OpaquePointer?, _ c: sheen_color) -> sheen_status {
    change(label) { $0.fill = .color(try color(c, "color")) }
}

/// `sheen_label_set_fill_gradient` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_set_fill_gradient")
public func sheenLabelSetFillGradient(_ label: OpaquePointer?, _ colors: UnsafePointer<sheen_color>?, _ count: Int, _ angle: Double,
                                      _ extent: Int32, _ space: Int32) -> sheen_status {
    change(label) {
        guard let gradient = try linearGradient(colors, count, angle, space) else { throw RasterError.emptyGradient }
        $0.fill = .gradient(gradient, extent: try enumeration(extent, "extent"))
    }
}

/// `sheen_label_set_stroke` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_set_stroke")
public func sheenLabelSetStroke(_ label: OpaquePointer?, _ width: Double, _ c: sheen_color, _ placement: Int32) -> sheen_status {
    change(label) { $0.stroke = try stroke(width, c, placement) }
}

/// A C stroke: nil for width 0 (none), else a stroke of one colour placed by `placement`.
func stroke(_ width: Double, _ c: sheen_color, _ placement: Int32) throws -> LabelStroke? {
    let place = try enumeration(placement, "placement", as: TextStroke.Placement.self)
    return width == 0 ? nil : LabelStroke(width: width, paint: .color(try color(c, "color")), placement: place)
}

/// A linear gradient of `count` evenly spaced C colours at `angle` degrees in colour space
/// `space`; nil for no colours.
func linearGradient(_ colors: UnsafePointer<sheen_color>?, _ count: Int, _ angle: Double, _ space: Int32) throws -> LabelGradient? {
    guard try size(count, "count") > 0 else { return nil }
    guard let colors else { throw CAPIError.null("colors") }
    guard count <= 1 << 20 else { throw CAPIError.invalid("count \(count) is more than 2^20 colours") }
    let list = try UnsafeBufferPointer(start: colors, count: count).enumerated().map { try color($1, "colors[\($0)]") }
    return LabelGradient(colors: list, geometry: .linear(angle: try finite(angle, "angle")), space: try colorSpace(space))
}

/// A label paint from a C label gradient: nil for NULL (the text's colour).
func labelPaint(_ g: UnsafePointer<sheen_label_gradient>?) throws -> LabelPaint? {
    guard let g = g?.pointee else { return nil }
    let geometry: LabelGradient.Geometry
    switch UInt32(bitPattern: g.kind) {
    case SHEEN_LABEL_GRADIENT_LINEAR.rawValue: geometry = .linear(angle: try finite(g.angle, "angle"))
    case SHEEN_LABEL_GRADIENT_RADIAL.rawValue:
        geometry = .radial(center: Point(try finite(g.cx, "cx"), try finite(g.cy, "cy")), radius: try finite(g.radius, "radius"))
    case SHEEN_LABEL_GRADIENT_CONIC.rawValue:
        geometry = .conic(center: Point(try finite(g.cx, "cx"), try finite(g.cy, "cy")), startAngle: try finite(g.angle, "angle"))
    default: throw CAPIError.invalid("kind \(g.kind) is not a sheen_label_gradient_kind (0…2)")
    }
    let gradient = LabelGradient(stops: try stops(g.stops, g.count), geometry: geometry, spread: try spread(g.spread),
                                 space: try colorSpace(g.space), dither: g.dither)
    return .gradient(gradient, extent: try enumeration(g.extent, "extent"))
}

/// `sheen_label_set_fill_shape` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_set_fill_shape")
public func sheenLabelSetFillShape(_ label: OpaquePointer?, _ gradient: UnsafePointer<sheen_label_gradient>?, _ kind: Int32,
                                   _ numbers: UnsafePointer<Double>?, _ count: Int) -> sheen_status {
    change(label) {
        guard let gradient else { throw CAPIError.null("gradient") }
        guard case let .gradient(g, extent)? = try labelPaint(gradient) else { return }
        var shaped = g
        shaped.geometry = .shape(try shape(kind, numbers, count))
        $0.fill = .gradient(shaped, extent: extent)
    }
}

/// `sheen_label_gradient_default` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_gradient_default")
public func sheenLabelGradientDefault(_ gradient: UnsafeMutablePointer<sheen_label_gradient>?) {
    gradient?.pointee = sheen_label_gradient(
        kind: Int32(SHEEN_LABEL_GRADIENT_LINEAR.rawValue), angle: 0, cx: 0.5, cy: 0.5, radius: 0.5, stops: nil, count: 0,
        spread: Int32(SHEEN_SPREAD_PAD.rawValue), space: Int32(SHEEN_COLOR_SPACE_SRGB.rawValue),
        extent: GradientExtent.ink.cValue, dither: false)
}

/// `sheen_label_set_fill` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_set_fill")
public func sheenLabelSetFill(_ label: OpaquePointer?, _ gradient: UnsafePointer<sheen_label_gradient>?) -> sheen_status {
    change(label) { $0.fill = try labelPaint(gradient) }
}

/// `sheen_label_add_shadow` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_add_shadow")
public func sheenLabelAddShadow(_ label: OpaquePointer?, _ dx: Double, _ dy: Double, _ sigma: Double, _ spread: Double,
                                _ c: sheen_color) -> sheen_status {
    change(label) { $0.shadows.append(LabelShadow(color: try color(c, "color"), offset: Point(dx, dy), sigma: sigma, spread: spread)) }
}

/// `sheen_label_clear_shadows` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_clear_shadows")
public func sheenLabelClearShadows(_ label: OpaquePointer?) -> sheen_status {
    change(label) { $0.shadows = [] }
}

/// `sheen_label_set_background` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_set_background")
public func sheenLabelSetBackground(_ label: OpaquePointer?, _ c: UnsafePointer<sheen_color>?) -> sheen_status {
    change(label) { $0.backgroundColor = try c.map { try color($0.pointee, "color") } }
}

/// `sheen_label_set_alignment` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_set_alignment")
public func sheenLabelSetAlignment(_ label: OpaquePointer?, _ alignment: Int32, _ vertical: Int32) -> sheen_status {
    change(label) {
        $0.textAlignment = try enumeration(alignment, "alignment")
        $0.verticalAlignment = try enumeration(vertical, "vertical alignment")
    }
}

/// A C line count in `TextLayoutOptions.numberOfLinesRange`, refused naming `lines` otherwise.
/// Checked as an integer: 2^53 + 1 as a Double would be misquoted as 9007199254740992.0.
func lineCount(_ lines: Int) throws -> Int {
    let range = TextLayoutOptions.numberOfLinesRange
    guard range.contains(lines) else { throw CAPIError.invalid("lines \(lines) is outside \(range.lowerBound)…\(range.upperBound)") }
    return lines
}

/// `sheen_label_set_line_break` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_set_line_break")
public func sheenLabelSetLineBreak(_ label: OpaquePointer?, _ mode: Int32, _ lines: Int) -> sheen_status {
    change(label) {
        $0.lineBreakMode = try enumeration(mode, "line break")
        $0.numberOfLines = try lineCount(lines)
    }
}

/// `sheen_label_set_adjusts_font_size` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_set_adjusts_font_size")
public func sheenLabelSetAdjustsFontSize(_ label: OpaquePointer?, _ adjusts: Bool, _ minimumScale: Double) -> sheen_status {
    change(label) {
        $0.adjustsFontSizeToFitWidth = adjusts
        $0.minimumScaleFactor = minimumScale
    }
}

/// `sheen_label_set_insets` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_set_insets")
public func sheenLabelSetInsets(_ label: OpaquePointer?, _ top: Double, _ left: Double, _ bottom: Double, _ right: Double) -> sheen_status {
    change(label) { $0.insets = EdgeInsets(top: top, left: left, bottom: bottom, right: right) }
}

/// `sheen_label_set_enabled` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_set_enabled")
public func sheenLabelSetEnabled(_ label: OpaquePointer?, _ enabled: Bool) -> sheen_status {
    change(label) { $0.isEnabled = enabled }
}

/// `sheen_label_set_alpha` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_set_alpha")
public func sheenLabelSetAlpha(_ label: OpaquePointer?, _ alpha: Double) -> sheen_status {
    change(label) { $0.alpha = alpha }
}

/// `sheen_label_set_hinting` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_set_hinting")
public func sheenLabelSetHinting(_ label: OpaquePointer?, _ hinting: Int32) -> sheen_status {
    change(label) { $0.hinting = try enumeration(hinting, "hinting") }
}

/// `sheen_label_set_clips_to_bounds` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_set_clips_to_bounds")
public func sheenLabelSetClipsToBounds(_ label: OpaquePointer?, _ clips: Bool) -> sheen_status {
    change(label) { $0.clipsToBounds = clips }
}

/// `sheen_label_size_that_fits` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_size_that_fits")
public func sheenLabelSizeThatFits(_ label: OpaquePointer?, _ width: Double, _ height: Double,
                                   _ out: UnsafeMutablePointer<Double>?) -> sheen_status {
    capi {
        let label = try borrow(label, "label", as: LabelBox.self).label
        let out = try required(out, "out")
        for (name, v) in [("width", width), ("height", height)] where !(v.isFinite && v >= 0) {
            throw CAPIError.invalid("\(name) \(v) is not a size ≥ 0 (0: unconstrained)")
        }
        var probe = label
        probe.size = Size(width: 1, height: 1)
        try probe.validate()
        let fit = try label.sizeThatFits(Size(width: width, height: height))
        out[0] = fit.width
        out[1] = fit.height
    }
}

/// `sheen_label_layout` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_layout")
public func sheenLabelLayout(_ label: OpaquePointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?,
                             _ x: UnsafeMutablePointer<Int>?, _ y: UnsafeMutablePointer<Int>?) -> sheen_status {
    capi {
        let label = try borrow(label, "label", as: LabelBox.self).label
        let (out, x, y) = (try required(out, "out"), try required(x, "x"), try required(y, "y"))
        let layout = try label.layout()
        (x.pointee, y.pointee) = label.textOrigin
        store(LayoutBox(layout), into: out)
    }
}

/// `sheen_label_drawn_bounds` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_drawn_bounds")
public func sheenLabelDrawnBounds(_ label: OpaquePointer?, _ out: UnsafeMutablePointer<sheen_rect>?) -> sheen_status {
    capi {
        let label = try borrow(label, "label", as: LabelBox.self).label
        let out = try required(out, "out")
        out.pointee = cRect(try label.drawnBounds())
    }
}

/// `sheen_label_render` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_render")
public func sheenLabelRender(_ label: OpaquePointer?, _ destination: UnsafePointer<sheen_buffer>?, _ x: Int, _ y: Int) -> sheen_status {
    capi {
        let label = try borrow(label, "label", as: LabelBox.self).label
        try label.render(into: try rasterBuffer(destination, "destination"), at: (x, y))
    }
}

/// `sheen_label_image` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_image")
public func sheenLabelImage(_ label: OpaquePointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> sheen_status {
    capi {
        let label = try borrow(label, "label", as: LabelBox.self).label
        let out = try required(out, "out")
        store(ImageBox(try label.image()), into: out)
    }
}

/// `sheen_label_destroy` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_destroy")
public func sheenLabelDestroy(_ label: OpaquePointer?) { release(label, as: LabelBox.self) }

// One setter per label property, named after its key (LabelProperty: `lineHeight` is
// sheen_label_set_line_height), each number checked against the property's range there.

/// `value` when it lies in the range `LabelProperty` gives `key`, else the error naming both.
private func inRange(_ value: Double, _ key: String) throws -> Double {
    let range = LabelProperty.named(key)!.range!
    guard value.isFinite, range.contains(value) else {
        throw CAPIError.invalid("\(key) \(value) is outside \(range.lowerBound)…\(range.upperBound)")
    }
    return value
}

/// `sheen_label_set_canvas` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_set_canvas")
public func sheenLabelSetCanvas(_ label: OpaquePointer?, _ width: Double, _ height: Double) -> sheen_status {
    change(label) { $0.size = Size(width: try inRange(width, "canvas"), height: try inRange(height, "canvas")) }
}

/// `sheen_label_set_align` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_set_align")
public func sheenLabelSetAlign(_ label: OpaquePointer?, _ alignment: Int32) -> sheen_status {
    change(label) { $0.textAlignment = try enumeration(alignment, "alignment") }
}

/// `sheen_label_set_vertical` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_set_vertical")
public func sheenLabelSetVertical(_ label: OpaquePointer?, _ vertical: Int32) -> sheen_status {
    change(label) { $0.verticalAlignment = try enumeration(vertical, "vertical alignment") }
}

/// `sheen_label_set_lines` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_set_lines")
public func sheenLabelSetLines(_ label: OpaquePointer?, _ lines: Int) -> sheen_status {
    change(label) { $0.numberOfLines = try lineCount(lines) }
}

/// `sheen_label_set_min_scale` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_set_min_scale")
public func sheenLabelSetMinScale(_ label: OpaquePointer?, _ scale: Double) -> sheen_status {
    change(label) {
        $0.minimumScaleFactor = try inRange(scale, "minScale")
        $0.adjustsFontSizeToFitWidth = scale > 0
    }
}

/// `sheen_label_set_tighten` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_set_tighten")
public func sheenLabelSetTighten(_ label: OpaquePointer?, _ tighten: Bool) -> sheen_status {
    change(label) { $0.allowsDefaultTighteningForTruncation = tighten }
}

/// `sheen_label_set_hyphenation` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_set_hyphenation")
public func sheenLabelSetHyphenation(_ label: OpaquePointer?, _ language: UnsafePointer<CChar>?) -> sheen_status {
    change(label) { $0.hyphenationLanguage = language.map { String(cString: $0) } }
}

/// The label property `key` names (a spec key) when its access is of a kind `matches` accepts;
/// refused, listing the keys of that kind, otherwise.
private func accessible(_ key: UnsafePointer<CChar>?, _ kind: String,
                        _ matches: (LabelProperty.Access) -> Bool) throws -> LabelProperty {
    let name = try string(key, "key")
    let fitting = LabelProperty.accessible.filter { matches($0.access!) }
    guard let property = fitting.first(where: { $0.key == name }) else {
        throw CAPIError.invalid("key \(name.quotedExcerpt) is not a \(kind) property: \(fitting.map(\.key).joined(separator: ", "))")
    }
    return property
}

/// A property's own refusal (its range, a word it does not know) as the C API's, naming it.
private func setting(_ property: LabelProperty, _ body: () throws(LabelSpecError) -> Void) throws {
    do { try body() } catch { throw CAPIError.invalid("\(property.key): \(error.message)") }
}

/// `sheen_label_set_number` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_set_number")
public func sheenLabelSetNumber(_ label: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ value: Double) -> sheen_status {
    change(label) { l in
        let property = try accessible(key, "number") {
            switch $0 { case .number, .count: true; default: false }
        }
        try setting(property) { () throws(LabelSpecError) in try property.set(value, on: &l) }
    }
}

/// `sheen_label_set_flag` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_set_flag")
public func sheenLabelSetFlag(_ label: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ value: Bool) -> sheen_status {
    change(label) { l in
        let property = try accessible(key, "flag") { if case .flag = $0 { true } else { false } }
        try setting(property) { () throws(LabelSpecError) in try property.set(value, on: &l) }
    }
}

/// `sheen_label_set_word` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_set_word")
public func sheenLabelSetWord(_ label: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ word: UnsafePointer<CChar>?) -> sheen_status {
    change(label) { l in
        let property = try accessible(key, "word") { if case .word = $0 { true } else { false } }
        let text = try string(word, "word")
        try setting(property) { () throws(LabelSpecError) in try property.set(text, on: &l) }
    }
}

/// `sheen_label_set_baseline` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_set_baseline")
public func sheenLabelSetBaseline(_ label: OpaquePointer?, _ baseline: Int32) -> sheen_status {
    change(label) {
        $0.baselineAdjustment = try enumeration(baseline, "baseline")
    }
}

/// `sheen_label_set_line_height` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_set_line_height")
public func sheenLabelSetLineHeight(_ label: OpaquePointer?, _ multiple: Double) -> sheen_status {
    change(label) { $0.lineHeightMultiple = try inRange(multiple, "lineHeight") }
}

/// `sheen_label_set_line_spacing` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_set_line_spacing")
public func sheenLabelSetLineSpacing(_ label: OpaquePointer?, _ spacing: Double) -> sheen_status {
    change(label) { $0.lineSpacing = try inRange(spacing, "lineSpacing") }
}

/// `sheen_label_set_inset_shadows` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_set_inset_shadows")
public func sheenLabelSetInsetShadows(_ label: OpaquePointer?, _ inset: Bool) -> sheen_status {
    change(label) { $0.insetsTextForShadows = inset }
}

/// `sheen_label_set_clip` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_set_clip")
public func sheenLabelSetClip(_ label: OpaquePointer?, _ clip: Bool) -> sheen_status {
    change(label) { $0.clipsToBounds = clip }
}

/// `sheen_label_set_highlight` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_label_set_highlight")
public func sheenLabelSetHighlight(_ label: OpaquePointer?, _ c: UnsafePointer<sheen_color>?) -> sheen_status {
    change(label) {
        $0.highlightedTextColor = try c.map { try color($0.pointee, "color") }
        $0.isHighlighted = c != nil
    }
}
