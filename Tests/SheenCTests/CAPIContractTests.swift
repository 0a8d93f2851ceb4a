import CSheenAPI
import Foundation
import SheenC
import SheenTestSupport
import Testing
import SheenRaster

/// sheen.h's conventions held generically, for every function it declares (a function missing
/// from `entries` fails `everyFunctionIsListed`): a failing call writes nothing (every
/// out-parameter holds a canary, and each argument is made NULL or invalid in turn); a setter
/// validates as drawing does (each number, count, enumeration and text of every setter given
/// each hostile value: refused by the setter, or drawn); destroy functions check the handle's
/// kind; sizes beyond the address space and allocations that cannot be met are errors, not
/// traps. Reproductions: set_hyphenation("xx_YY") and a radial radius of 1e308 were accepted
/// and then refused by every render; grapheme_range wrote out_start before refusing a NULL
/// out_end; sheen_label_destroy of a font destroyed the font; exact_gradient of INTPTR_MAX/2+1
/// points trapped.
@Suite struct CAPIContractTests {
    /// A function called through a probe; `setter`: it changes a label, field or gradient,
    /// which must then draw whenever it accepted the change.
    struct Entry: Sendable {
        let name: String
        var setter = false
        let call: @Sendable (Probe, World) -> sheen_status
    }

    static func e(_ name: String, setter: Bool = false, _ call: @escaping @Sendable (Probe, World) -> sheen_status) -> Entry {
        Entry(name: name, setter: setter, call: call)
    }

    static let stops = [sheen_gradient_stop(offset: 0, color: sheen_color_from_rgba(0xFF00_00FF)),
                        sheen_gradient_stop(offset: 1, color: sheen_color_from_rgba(0x0000_FFFF))]
    static let colors = [sheen_color_from_rgba(0x3478_F6FF), sheen_color_from_rgba(0xFF3B_30FF)]

    /// A colour through the probe: each component a number (NaN refused).
    static func color(_ p: Probe, _ name: String) -> sheen_color {
        sheen_color(red: Float(p.number(name + ".red", 0.2)), green: Float(p.number(name + ".green", 0.4)),
                    blue: Float(p.number(name + ".blue", 0.6)), alpha: Float(p.number(name + ".alpha", 1)))
    }

    /// A label gradient through the probe (radial, so that its centre and radius are probed).
    static func labelGradient(_ p: Probe) -> UnsafePointer<sheen_label_gradient>? {
        var g = sheen_label_gradient()
        sheen_label_gradient_default(&g)
        g.kind = p.int32("kind", Int32(SHEEN_LABEL_GRADIENT_RADIAL.rawValue))
        g.angle = p.number("angle", 30, invalid: nil)
        g.cx = p.number("cx", 0.5)
        g.cy = p.number("cy", 0.5)
        g.radius = p.number("radius", 0.5)
        g.stops = p.input("stops", stops)
        g.count = p.int("count", 2)
        g.spread = p.int32("spread", 0)
        g.space = p.int32("space", 0)
        g.extent = p.int32("extent", 0)
        return p.input("gradient", [g], nullable: true)
    }

    static func buffer(_ p: Probe, _ name: String, _ b: sheen_buffer, invalidWidth: Int = -1) -> UnsafePointer<sheen_buffer>? {
        var b = b
        b.width = p.int(name + ".width", b.width, invalid: invalidWidth)
        b.format = p.int32(name + ".format", b.format)
        return p.input(name, [b])
    }

    static let rgbaFormat = Int32(SHEEN_FORMAT_RGBA8_PREMULTIPLIED.rawValue)
    static let over = Int32(SHEEN_OP_SOURCE_OVER.rawValue)

    /// Every function of sheen.h that returns a status.
    static let entries: [Entry] = [
        e("sheen_image_create") { p, _ in
            sheen_image_create(p.int("width", 8, invalid: -1), p.int("height", 8, invalid: -1), p.int32("format", rgbaFormat),
                               p.out("out", OpaquePointer?.self))
        },
        e("sheen_image_get_buffer") { p, w in
            sheen_image_get_buffer(p.handle("image", w.image, wrong: w.label), p.out("out", sheen_buffer.self))
        },
        e("sheen_gradient_create_linear") { p, _ in
            sheen_gradient_create_linear(p.number("x0", 0), p.number("y0", 0), p.number("x1", 10), p.number("y1", 0),
                                         p.input("stops", stops), p.int("count", 2), p.out("out", OpaquePointer?.self))
        },
        e("sheen_gradient_create_radial") { p, _ in
            sheen_gradient_create_radial(p.number("cx0", 5), p.number("cy0", 5), p.number("r0", 0, invalid: -1), p.number("cx1", 5),
                                         p.number("cy1", 5), p.number("r1", 5, invalid: -1), p.input("stops", stops), p.int("count", 2),
                                         p.out("out", OpaquePointer?.self))
        },
        e("sheen_gradient_create_conic") { p, _ in
            sheen_gradient_create_conic(p.number("cx", 5), p.number("cy", 5), p.number("start_angle", 0), p.input("stops", stops),
                                        p.int("count", 2), p.out("out", OpaquePointer?.self))
        },
        e("sheen_gradient_create_shape") { p, _ in
            sheen_gradient_create_shape(p.int32("kind", Int32(SHEEN_GRADIENT_KIND_CONIC.rawValue)),
                                        p.input("numbers", [p.number("numbers[0]", 5), p.number("numbers[1]", 5), p.number("numbers[2]", 1)]),
                                        p.int("count", 3), p.input("stops", stops), p.int("stop_count", 2),
                                        p.out("out", OpaquePointer?.self))
        },
        e("sheen_gradient_create_canvas_linear") { p, _ in
            sheen_gradient_create_canvas_linear(p.number("x0", 0), p.number("y0", 0), p.number("x1", 10), p.number("y1", 0),
                                                p.input("stops", stops), p.int("count", 2), p.out("out", OpaquePointer?.self))
        },
        e("sheen_gradient_create_canvas_radial") { p, _ in
            sheen_gradient_create_canvas_radial(p.number("cx0", 5), p.number("cy0", 5), p.number("r0", 0, invalid: -1), p.number("cx1", 5),
                                                p.number("cy1", 5), p.number("r1", 5, invalid: -1), p.input("stops", stops),
                                                p.int("count", 2), p.out("out", OpaquePointer?.self))
        },
        e("sheen_gradient_create_canvas_conic") { p, _ in
            sheen_gradient_create_canvas_conic(p.number("cx", 5), p.number("cy", 5), p.number("start_angle", 0), p.input("stops", stops),
                                               p.int("count", 2), p.out("out", OpaquePointer?.self))
        },
        e("sheen_gradient_set_spread", setter: true) { p, w in
            sheen_gradient_set_spread(p.handle("gradient", w.gradient, wrong: w.label), p.int32("spread", 1))
        },
        e("sheen_gradient_set_color_space", setter: true) { p, w in
            sheen_gradient_set_color_space(p.handle("gradient", w.gradient, wrong: w.label), p.int32("space", 2))
        },
        e("sheen_gradient_set_alpha_interpolation", setter: true) { p, w in
            sheen_gradient_set_alpha_interpolation(p.handle("gradient", w.gradient, wrong: w.label), p.int32("interpolation", 1))
        },
        e("sheen_gradient_set_transform", setter: true) { p, w in
            let m = [p.number("a", 1), p.number("b", 0), p.number("c", 0), p.number("d", 1), p.number("tx", 2), p.number("ty", 3)]
            return sheen_gradient_set_transform(p.handle("gradient", w.gradient, wrong: w.label), p.input("m", m))
        },
        e("sheen_gradient_set_dither", setter: true) { p, w in
            sheen_gradient_set_dither(p.handle("gradient", w.gradient, wrong: w.label), true)
        },
        e("sheen_fill_gradient") { p, w in
            sheen_fill_gradient(buffer(p, "destination", w.rgba), p.handle("gradient", w.gradient, wrong: w.label))
        },
        e("sheen_fill_gradient_rect") { p, w in
            let rect = sheen_rect(x: p.int("rect.x", 1, invalid: nil), y: p.int("rect.y", 1, invalid: nil), width: p.int("rect.width", 8, invalid: -1),
                                  height: p.int("rect.height", 4, invalid: -1))
            return sheen_fill_gradient_rect(buffer(p, "destination", w.rgba), p.handle("gradient", w.gradient, wrong: w.label),
                                            p.input("rect", [rect]))
        },
        e("sheen_pattern_create") { p, w in
            sheen_pattern_create(p.handle("gradient", w.gradient, wrong: w.label), p.int32("axis", 0), p.int("length", 32, invalid: -1),
                                 p.int("position", 0, invalid: nil), p.int32("format", rgbaFormat), p.out("out", OpaquePointer?.self))
        },
        e("sheen_fill_pattern") { p, w in
            sheen_fill_pattern(buffer(p, "destination", w.rgba), p.handle("pattern", w.pattern, wrong: w.gradient))
        },
        e("sheen_composite") { p, w in
            var paint = sheen_paint()
            paint.kind = p.int32("paint.kind", Int32(SHEEN_PAINT_COLOR.rawValue))
            paint.color = color(p, "paint.color")
            var coverage = sheen_coverage()
            coverage.kind = p.int32("coverage.kind", Int32(SHEEN_COVERAGE_ALPHA.rawValue))
            coverage.alpha = 128
            return sheen_composite(buffer(p, "destination", w.rgba), p.input("paint", [paint]), p.int32("op", over),
                                   p.input("coverage", [coverage], nullable: true))
        },
        e("sheen_composite_canvas") { p, w in
            var paint = sheen_paint()
            paint.kind = Int32(SHEEN_PAINT_GRADIENT.rawValue)
            paint.gradient = p.handle("paint.gradient", w.gradient, wrong: w.image)
            return sheen_composite_canvas(buffer(p, "destination", w.rgba), p.input("paint", [paint]), p.int32("op", over),
                                          p.input("coverage", [sheen_coverage](), nullable: true), p.number("global_alpha", 0.5))
        },
        e("sheen_composite_glyphs") { p, w in
            var paint = sheen_paint()
            paint.kind = Int32(SHEEN_PAINT_PATTERN.rawValue)
            paint.pattern = p.handle("paint.pattern", w.pattern, wrong: w.label)
            let mask = buffer(p, "glyph.mask", w.a8)
            let glyphs = [sheen_glyph(mask: mask, x: p.int("glyph.x", 2, invalid: nil), y: p.int("glyph.y", 3, invalid: nil))]
            return sheen_composite_glyphs(buffer(p, "destination", w.rgba), p.input("paint", [paint]), p.int32("op", over),
                                          p.input("glyphs", glyphs), p.int("count", 1))
        },
        e("sheen_exact_composite") { p, _ in
            sheen_exact_composite(p.int32("op", over), p.int32("rule", 0), p.int32("format", rgbaFormat),
                                  p.input("paint", [UInt8](repeating: 100, count: 8)), p.input("coverage", [UInt8](repeating: 9, count: 2), nullable: true),
                                  p.input("destination", [UInt8](repeating: 50, count: 8)), p.int("count", 2, invalid: Int.max / 2 + 1),
                                  p.out("out", Double.self, count: 8))
        },
        e("sheen_exact_gradient") { p, w in
            sheen_exact_gradient(p.handle("gradient", w.gradient, wrong: w.label), p.input("points", [p.number("x", 1.5), 2.5]),
                                 p.int("count", 1, invalid: Int.max / 2 + 1), true, p.out("out", Double.self, count: 4))
        },
        e("sheen_blur") { p, w in
            sheen_blur(buffer(p, "buffer", w.rgba), p.number("sigma_x", 2, invalid: -1), p.number("sigma_y", 1), p.int32("edges", 0))
        },
        e("sheen_exact_blur") { p, w in
            sheen_exact_blur(buffer(p, "source", w.a8), p.number("sigma_x", 2, invalid: -1), p.number("sigma_y", 1), p.int32("edges", 1),
                             p.out("out", Double.self, count: 32 * 24))
        },
        e("sheen_blur_grown") { p, w in
            sheen_blur_grown(buffer(p, "source", w.a8), p.number("sigma_x", 2, invalid: -1), p.number("sigma_y", 1),
                             p.out("out", OpaquePointer?.self), p.out("offset_x", Int.self), p.out("offset_y", Int.self))
        },
        e("sheen_font_create_named") { p, _ in
            sheen_font_create_named(p.text("pattern", "DejaVu Sans", invalid: nil), p.number("size", 12, invalid: -1),
                                    p.out("out", OpaquePointer?.self))
        },
        e("sheen_font_create_named_strict") { p, _ in
            sheen_font_create_named_strict(p.text("pattern", "DejaVu Sans", invalid: Array("NoSuchFamily".utf8)),
                                           p.number("size", 12, invalid: -1), p.out("out", OpaquePointer?.self))
        },
        e("sheen_font_create_file") { p, _ in
            sheen_font_create_file(p.text("path", TestFonts.sansPath, invalid: Array("/nonexistent.ttf".utf8)), p.int("face_index", 0, invalid: 7),
                                   p.number("size", 12, invalid: -1), p.out("out", OpaquePointer?.self))
        },
        e("sheen_font_add_directory") { p, _ in
            // An empty directory: nothing is added, so no other test's fonts are looked up again.
            let empty = FileManager.default.temporaryDirectory.appendingPathComponent("sheen-contract-fonts-\(getpid())").path
            try? FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
            return sheen_font_add_directory(p.text("path", empty, invalid: Array("/nonexistent-dir".utf8)))
        },
        e("sheen_text_layout_create") { p, w in
            var o = sheen_text_options()
            sheen_text_options_default(&o)
            o.width = p.number("options.width", 200, invalid: -1)
            o.number_of_lines = p.int("options.number_of_lines", 2, invalid: -1)
            o.line_break = p.int32("options.line_break", 0)
            return sheen_text_layout_create(p.text("text", "Layout me"), p.handle("font", w.font, wrong: w.label),
                                            p.input("options", [o], nullable: true), p.out("out", OpaquePointer?.self))
        },
        e("sheen_text_layout_ink_rect") { p, w in
            sheen_text_layout_ink_rect(p.handle("layout", w.layout, wrong: w.label), p.out("out", sheen_rect.self))
        },
        e("sheen_text_layout_mask") { p, w in
            sheen_text_layout_mask(p.handle("layout", w.layout, wrong: w.label), p.out("out", OpaquePointer?.self), p.out("x", Int.self),
                                   p.out("y", Int.self))
        },
        e("sheen_text_layout_draw") { p, w in
            sheen_text_layout_draw(p.handle("layout", w.layout, wrong: w.label), buffer(p, "destination", w.a8), p.int("x", 1, invalid: nil), p.int("y", 2, invalid: nil))
        },
        e("sheen_text_layout_line_count") { p, w in
            sheen_text_layout_line_count(p.handle("layout", w.layout, wrong: w.label), p.out("out", Int.self))
        },
        e("sheen_text_layout_line_info") { p, w in
            sheen_text_layout_line_info(p.handle("layout", w.layout, wrong: w.label), p.int("index", 0, invalid: 1),
                                        p.out("out", sheen_line_info.self))
        },
        e("sheen_text_layout_caret") { p, w in
            sheen_text_layout_caret(p.handle("layout", w.layout, wrong: w.label), p.int("index", 3, invalid: 99), p.int32("affinity", 0),
                                    p.out("line", Int.self), p.out("x", Double.self))
        },
        e("sheen_text_layout_caret_at") { p, w in
            sheen_text_layout_caret_at(p.handle("layout", w.layout, wrong: w.label), p.number("x", 10), p.number("y", 5),
                                       p.out("index", Int.self), p.out("affinity", Int32.self))
        },
        e("sheen_text_layout_grapheme_range") { p, w in
            sheen_text_layout_grapheme_range(p.handle("layout", w.layout, wrong: w.label), p.int("start", 0), p.int("end", 2, invalid: 99),
                                             p.out("out_start", Int.self), p.out("out_end", Int.self))
        },
        e("sheen_text_size_that_fits") { p, w in
            sheen_text_size_that_fits(p.text("text", "Fit me"), p.handle("font", w.font, wrong: w.label),
                                      p.input("options", [sheen_text_options](), nullable: true), p.out("out", Double.self, count: 2))
        },
        e("sheen_label_create") { p, w in
            sheen_label_create(p.text("text", "Label"), p.handle("font", w.font, wrong: w.label), p.number("width", 100, invalid: -1),
                               p.number("height", 40, invalid: -1), p.out("out", OpaquePointer?.self))
        },
        e("sheen_label_create_from_spec") { p, _ in
            let json = "{\"text\": \"Spec\", \"size\": 20}"
            return sheen_label_create_from_spec(p.text("json", json, invalid: Array("{\"text\": 1}".utf8)),
                                                p.int("length", json.utf8.count), p.out("out", OpaquePointer?.self))
        },
        e("sheen_text_field_image_from_spec") { p, _ in
            let json = "{\"text\": \"Field\", \"size\": 20, \"canvas\": [80, 0]}"
            return sheen_text_field_image_from_spec(p.text("json", json, invalid: Array("{\"caret\": -1}".utf8)),
                                                    p.int("length", json.utf8.count), p.out("out", OpaquePointer?.self))
        },
        e("sheen_label_set_text", setter: true) { p, w in sheen_label_set_text(p.handle("label", w.label, wrong: w.field), p.text("text", "New")) },
        e("sheen_label_append_run", setter: true) { p, w in
            var style = sheen_run_style()
            style.tracking = p.number("style.tracking", 1)
            style.baseline_offset = p.number("style.baseline_offset", 2)
            style.underline = p.int32("style.underline", 1)
            return sheen_label_append_run(p.handle("label", w.label, wrong: w.field), p.text("text", " run"),
                                          p.input("style", [style], nullable: true))
        },
        e("sheen_label_set_font", setter: true) { p, w in
            sheen_label_set_font(p.handle("label", w.label, wrong: w.field), p.handle("font", w.font, wrong: w.label))
        },
        e("sheen_label_set_size", setter: true) { p, w in
            sheen_label_set_size(p.handle("label", w.label, wrong: w.field), p.number("width", 90, invalid: -1), p.number("height", 30))
        },
        e("sheen_label_set_text_color", setter: true) { p, w in
            sheen_label_set_text_color(p.handle("label", w.label, wrong: w.field), color(p, "color"))
        },
        e("sheen_label_set_fill_color", setter: true) { p, w in
            sheen_label_set_fill_color(p.handle("label", w.label, wrong: w.field), color(p, "color"))
        },
        e("sheen_label_set_fill_gradient", setter: true) { p, w in
            sheen_label_set_fill_gradient(p.handle("label", w.label, wrong: w.field), p.input("colors", colors), p.int("count", 2),
                                          p.number("angle", 10), p.int32("extent", 0), p.int32("space", 0))
        },
        e("sheen_label_set_fill", setter: true) { p, w in sheen_label_set_fill(p.handle("label", w.label, wrong: w.field), labelGradient(p)) },
        e("sheen_label_set_fill_shape", setter: true) { p, w in
            sheen_label_set_fill_shape(p.handle("label", w.label, wrong: w.field), labelGradient(p),
                                       p.int32("shape_kind", Int32(SHEEN_GRADIENT_KIND_RADIAL.rawValue)),
                                       p.input("numbers", [0.5, 0.5, 0, 0.5, 0.5, p.number("numbers[5]", 0.5, invalid: -1)]),
                                       p.int("numbers_count", 6))
        },
        e("sheen_label_set_stroke", setter: true) { p, w in
            sheen_label_set_stroke(p.handle("label", w.label, wrong: w.field), p.number("width", 2, invalid: -1), color(p, "color"),
                                   p.int32("placement", 0))
        },
        e("sheen_label_add_shadow", setter: true) { p, w in
            sheen_label_add_shadow(p.handle("label", w.label, wrong: w.field), p.number("dx", 1), p.number("dy", 2),
                                   p.number("sigma", 3, invalid: -1), p.number("spread", 0, invalid: -1), color(p, "color"))
        },
        e("sheen_label_clear_shadows", setter: true) { p, w in sheen_label_clear_shadows(p.handle("label", w.label, wrong: w.field)) },
        e("sheen_label_set_background", setter: true) { p, w in
            sheen_label_set_background(p.handle("label", w.label, wrong: w.field), p.input("color", [color(p, "color")], nullable: true))
        },
        e("sheen_label_set_alignment", setter: true) { p, w in
            sheen_label_set_alignment(p.handle("label", w.label, wrong: w.field), p.int32("alignment", 2), p.int32("vertical_alignment", 1))
        },
        e("sheen_label_set_line_break", setter: true) { p, w in
            sheen_label_set_line_break(p.handle("label", w.label, wrong: w.field), p.int32("line_break", 2), p.int("number_of_lines", 2, invalid: -1))
        },
        e("sheen_label_set_adjusts_font_size", setter: true) { p, w in
            sheen_label_set_adjusts_font_size(p.handle("label", w.label, wrong: w.field), true, p.number("minimum_scale_factor", 0.5))
        },
        e("sheen_label_set_insets", setter: true) { p, w in
            sheen_label_set_insets(p.handle("label", w.label, wrong: w.field), p.number("top", 1, invalid: -1), p.number("left", 2),
                                   p.number("bottom", 3), p.number("right", 4))
        },
        e("sheen_label_set_enabled", setter: true) { p, w in sheen_label_set_enabled(p.handle("label", w.label, wrong: w.field), false) },
        e("sheen_label_set_alpha", setter: true) { p, w in sheen_label_set_alpha(p.handle("label", w.label, wrong: w.field), p.number("alpha", 0.5)) },
        e("sheen_label_set_hinting", setter: true) { p, w in sheen_label_set_hinting(p.handle("label", w.label, wrong: w.field), p.int32("hinting", 2)) },
        e("sheen_label_set_clips_to_bounds", setter: true) { p, w in
            sheen_label_set_clips_to_bounds(p.handle("label", w.label, wrong: w.field), true)
        },
        e("sheen_label_set_canvas", setter: true) { p, w in
            sheen_label_set_canvas(p.handle("label", w.label, wrong: w.field), p.number("width", 100, invalid: -1), p.number("height", 0))
        },
        e("sheen_label_set_align", setter: true) { p, w in sheen_label_set_align(p.handle("label", w.label, wrong: w.field), p.int32("alignment", 1)) },
        e("sheen_label_set_vertical", setter: true) { p, w in
            sheen_label_set_vertical(p.handle("label", w.label, wrong: w.field), p.int32("vertical_alignment", 2))
        },
        e("sheen_label_set_lines", setter: true) { p, w in
            sheen_label_set_lines(p.handle("label", w.label, wrong: w.field), p.int("lines", 3, invalid: -1))
        },
        e("sheen_label_set_min_scale", setter: true) { p, w in
            sheen_label_set_min_scale(p.handle("label", w.label, wrong: w.field), p.number("minimum_scale", 0.5))
        },
        e("sheen_label_set_tighten", setter: true) { p, w in sheen_label_set_tighten(p.handle("label", w.label, wrong: w.field), true) },
        e("sheen_label_set_hyphenation", setter: true) { p, w in
            sheen_label_set_hyphenation(p.handle("label", w.label, wrong: w.field),
                                        p.text("language", "en_US", nullable: true, invalid: Array("xx_YY".utf8)))
        },
        e("sheen_label_set_baseline", setter: true) { p, w in sheen_label_set_baseline(p.handle("label", w.label, wrong: w.field), p.int32("baseline", 1)) },
        e("sheen_label_set_line_height", setter: true) { p, w in
            sheen_label_set_line_height(p.handle("label", w.label, wrong: w.field), p.number("multiple", 1.2))
        },
        e("sheen_label_set_line_spacing", setter: true) { p, w in
            sheen_label_set_line_spacing(p.handle("label", w.label, wrong: w.field), p.number("spacing", 2))
        },
        e("sheen_label_set_inset_shadows", setter: true) { p, w in sheen_label_set_inset_shadows(p.handle("label", w.label, wrong: w.field), false) },
        e("sheen_label_set_clip", setter: true) { p, w in sheen_label_set_clip(p.handle("label", w.label, wrong: w.field), true) },
        e("sheen_label_set_number", setter: true) { p, w in
            sheen_label_set_number(p.handle("label", w.label, wrong: w.field), p.text("key", "lineSpacing", invalid: Array("align".utf8)),
                                   p.number("value", 2))
        },
        e("sheen_label_set_flag", setter: true) { p, w in
            sheen_label_set_flag(p.handle("label", w.label, wrong: w.field), p.text("key", "tighten", invalid: Array("lines".utf8)), true)
        },
        e("sheen_label_set_word", setter: true) { p, w in
            sheen_label_set_word(p.handle("label", w.label, wrong: w.field), p.text("key", "align", invalid: Array("clip".utf8)),
                                 p.text("word", "center", invalid: Array("sideways".utf8)))
        },
        e("sheen_label_set_highlight", setter: true) { p, w in
            sheen_label_set_highlight(p.handle("label", w.label, wrong: w.field), p.input("color", [color(p, "color")], nullable: true))
        },
        e("sheen_label_size_that_fits") { p, w in
            sheen_label_size_that_fits(p.handle("label", w.label, wrong: w.field), p.number("width", 100), p.number("height", 0),
                                       p.out("out", Double.self, count: 2))
        },
        e("sheen_label_layout") { p, w in
            sheen_label_layout(p.handle("label", w.label, wrong: w.field), p.out("out", OpaquePointer?.self), p.out("x", Int.self),
                               p.out("y", Int.self))
        },
        e("sheen_label_drawn_bounds") { p, w in
            sheen_label_drawn_bounds(p.handle("label", w.label, wrong: w.field), p.out("out", sheen_rect.self))
        },
        e("sheen_label_render") { p, w in
            sheen_label_render(p.handle("label", w.label, wrong: w.field), buffer(p, "destination", w.rgba), p.int("x", 0, invalid: nil), p.int("y", 0, invalid: nil))
        },
        e("sheen_label_image") { p, w in sheen_label_image(p.handle("label", w.label, wrong: w.field), p.out("out", OpaquePointer?.self)) },
        e("sheen_text_field_create") { p, w in
            sheen_text_field_create(p.text("text", "Field"), p.handle("font", w.font, wrong: w.label), p.number("width", 100, invalid: 0),
                                    p.number("height", 40, invalid: 0), p.out("out", OpaquePointer?.self))
        },
        e("sheen_text_field_set_text", setter: true) { p, w in
            sheen_text_field_set_text(p.handle("field", w.field, wrong: w.label), p.text("text", "Typed"))
        },
        e("sheen_text_field_set_placeholder", setter: true) { p, w in
            sheen_text_field_set_placeholder(p.handle("field", w.field, wrong: w.label), p.text("placeholder", "Search…"), color(p, "color"))
        },
        e("sheen_text_field_set_text_color", setter: true) { p, w in
            sheen_text_field_set_text_color(p.handle("field", w.field, wrong: w.label), color(p, "color"))
        },
        e("sheen_text_field_set_fill_gradient", setter: true) { p, w in
            sheen_text_field_set_fill_gradient(p.handle("field", w.field, wrong: w.label), p.input("colors", colors), p.int("count", 2),
                                               p.number("angle_degrees", 10), p.int32("color_space", 1))
        },
        e("sheen_text_field_add_shadow", setter: true) { p, w in
            sheen_text_field_add_shadow(p.handle("field", w.field, wrong: w.label), p.number("dx", 1), p.number("dy", 1),
                                        p.number("sigma", 2, invalid: -1), p.number("spread", 0, invalid: -1), color(p, "color"))
        },
        e("sheen_text_field_set_background", setter: true) { p, w in
            sheen_text_field_set_background(p.handle("field", w.field, wrong: w.label), p.input("color", [color(p, "color")], nullable: true))
        },
        e("sheen_text_field_set_editing", setter: true) { p, w in
            sheen_text_field_set_editing(p.handle("field", w.field, wrong: w.label), true, p.int("caret", 2, invalid: 999),
                                         p.int("selection_start", 1), p.int("selection_end", 3))
        },
        e("sheen_text_field_set_scroll_offset", setter: true) { p, w in
            sheen_text_field_set_scroll_offset(p.handle("field", w.field, wrong: w.label), p.number("offset", 3, invalid: -1))
        },
        e("sheen_text_field_resolved_scroll_offset") { p, w in
            sheen_text_field_resolved_scroll_offset(p.handle("field", w.field, wrong: w.label), p.out("out", Double.self))
        },
        e("sheen_text_field_caret_index_at") { p, w in
            sheen_text_field_caret_index_at(p.handle("field", w.field, wrong: w.label), p.number("x", 20), p.number("y", 10), p.out("out", Int.self))
        },
        e("sheen_text_field_caret_rect") { p, w in
            sheen_text_field_caret_rect(p.handle("field", w.field, wrong: w.label), p.int("index", 2, invalid: 999), p.out("out", Double.self, count: 4))
        },
        e("sheen_text_field_set_font", setter: true) { p, w in
            sheen_text_field_set_font(p.handle("field", w.field, wrong: w.label), p.handle("font", w.font, wrong: w.label))
        },
        e("sheen_text_field_set_size", setter: true) { p, w in
            sheen_text_field_set_size(p.handle("field", w.field, wrong: w.label), p.number("width", 150, invalid: 0), p.number("height", 50))
        },
        e("sheen_text_field_size_that_fits") { p, w in
            sheen_text_field_size_that_fits(p.handle("field", w.field, wrong: w.label), p.out("out", Double.self, count: 2))
        },
        e("sheen_text_field_text_rect") { p, w in
            sheen_text_field_text_rect(p.handle("field", w.field, wrong: w.label), p.out("out", Double.self, count: 4))
        },
        e("sheen_text_field_set_stroke", setter: true) { p, w in
            sheen_text_field_set_stroke(p.handle("field", w.field, wrong: w.label), p.number("width", 1, invalid: -1), color(p, "color"),
                                        p.int32("placement", 1))
        },
        e("sheen_text_field_clear_shadows", setter: true) { p, w in sheen_text_field_clear_shadows(p.handle("field", w.field, wrong: w.label)) },
        e("sheen_text_field_set_alignment", setter: true) { p, w in
            sheen_text_field_set_alignment(p.handle("field", w.field, wrong: w.label), p.int32("alignment", 2))
        },
        e("sheen_text_field_set_insets", setter: true) { p, w in
            sheen_text_field_set_insets(p.handle("field", w.field, wrong: w.label), p.number("top", 1, invalid: -1), p.number("left", 2),
                                        p.number("bottom", 1), p.number("right", 2))
        },
        e("sheen_text_field_set_insets_text_for_shadows", setter: true) { p, w in
            sheen_text_field_set_insets_text_for_shadows(p.handle("field", w.field, wrong: w.label), false)
        },
        e("sheen_text_field_set_hinting", setter: true) { p, w in
            sheen_text_field_set_hinting(p.handle("field", w.field, wrong: w.label), p.int32("hinting", 1))
        },
        e("sheen_text_field_set_alpha", setter: true) { p, w in
            sheen_text_field_set_alpha(p.handle("field", w.field, wrong: w.label), p.number("alpha", 0.7))
        },
        e("sheen_text_field_set_caret_style", setter: true) { p, w in
            sheen_text_field_set_caret_style(p.handle("field", w.field, wrong: w.label), color(p, "color"), p.number("width", 2, invalid: -1))
        },
        e("sheen_text_field_set_selection_color", setter: true) { p, w in
            sheen_text_field_set_selection_color(p.handle("field", w.field, wrong: w.label), color(p, "color"))
        },
        e("sheen_text_field_set_placeholder_gradient", setter: true) { p, w in
            sheen_text_field_set_placeholder_gradient(p.handle("field", w.field, wrong: w.label), p.input("colors", colors), p.int("count", 2),
                                                      p.number("angle_degrees", 10), p.int32("color_space", 2))
        },
        e("sheen_text_field_set_fill", setter: true) { p, w in sheen_text_field_set_fill(p.handle("field", w.field, wrong: w.label), labelGradient(p)) },
        e("sheen_text_field_set_placeholder_fill", setter: true) { p, w in
            sheen_text_field_set_placeholder_fill(p.handle("field", w.field, wrong: w.label), labelGradient(p))
        },
        e("sheen_text_field_set_caret_affinity", setter: true) { p, w in
            sheen_text_field_set_caret_affinity(p.handle("field", w.field, wrong: w.label), p.int32("affinity", 1))
        },
        e("sheen_text_field_caret_position_at") { p, w in
            sheen_text_field_caret_position_at(p.handle("field", w.field, wrong: w.label), p.number("x", 20), p.number("y", 10),
                                               p.out("index", Int.self), p.out("affinity", Int32.self))
        },
        e("sheen_text_field_caret_rect_with_affinity") { p, w in
            sheen_text_field_caret_rect_with_affinity(p.handle("field", w.field, wrong: w.label), p.int("index", 2, invalid: 999),
                                                      p.int32("affinity", 1), p.out("out", Double.self, count: 4))
        },
        e("sheen_text_field_move_caret") { p, w in
            sheen_text_field_move_caret(p.handle("field", w.field, wrong: w.label), p.int("index", 2, invalid: 999),
                                        p.int32("affinity", 1), p.int32("movement", 2), p.number("preferred_x", 20, invalid: .infinity),
                                        p.out("out_index", Int.self), p.out("out_affinity", Int32.self))
        },
        e("sheen_text_field_selection_rects") { p, w in
            sheen_text_field_selection_rects(p.handle("field", w.field, wrong: w.label), p.int("start", 0), p.int("end", 2, invalid: 999),
                                             p.out("rects", Double.self, count: 8), p.int("capacity", 2), p.out("out_count", Int.self))
        },
        e("sheen_text_field_set_marked_text", setter: true) { p, w in
            sheen_text_field_set_marked_text(p.handle("field", w.field, wrong: w.label), p.int("start", 0), p.int("end", 2, invalid: 999),
                                             p.int("selected_start", 1), p.int("selected_end", 2, invalid: 3))
        },
        e("sheen_text_field_set_marked_style", setter: true) { p, w in
            sheen_text_field_set_marked_style(p.handle("field", w.field, wrong: w.label), p.input("color", [color(p, "color")], nullable: true),
                                              p.number("thickness", 1.5, invalid: 0), p.number("selected_thickness", 3, invalid: 17))
        },
        e("sheen_text_field_marked_underlines") { p, w in
            sheen_text_field_marked_underlines(p.handle("field", w.field, wrong: w.label), p.out("rects", Double.self, count: 8),
                                               p.int("capacity", 2), p.out("out_count", Int.self))
        },
        e("sheen_text_field_append_run", setter: true) { p, w in
            var style = sheen_run_style()
            style.tracking = p.number("style.tracking", 1)
            style.underline = p.int32("style.underline", 1)
            return sheen_text_field_append_run(p.handle("field", w.field, wrong: w.label), p.text("text", " run"),
                                               p.input("style", [style], nullable: true))
        },
        e("sheen_text_field_replace_text", setter: true) { p, w in
            sheen_text_field_replace_text(p.handle("field", w.field, wrong: w.label), p.int("start", 1), p.int("end", 2, invalid: 999),
                                          p.text("text", "xy"))
        },
        e("sheen_text_field_selection_handles") { p, w in
            sheen_text_field_selection_handles(p.handle("field", w.field, wrong: w.label), p.int("start", 0), p.int("end", 2, invalid: 999),
                                               p.out("out", Double.self, count: 8))
        },
        e("sheen_text_field_grapheme_range") { p, w in
            sheen_text_field_grapheme_range(p.handle("field", w.field, wrong: w.label), p.int("start", 0), p.int("end", 2, invalid: 999),
                                            p.out("out_start", Int.self), p.out("out_end", Int.self))
        },
        e("sheen_text_field_set_secure", setter: true) { p, w in sheen_text_field_set_secure(p.handle("field", w.field, wrong: w.label), true) },
        e("sheen_text_field_set_enabled", setter: true) { p, w in sheen_text_field_set_enabled(p.handle("field", w.field, wrong: w.label), false) },
        e("sheen_text_field_set_adjusts_font_size", setter: true) { p, w in
            sheen_text_field_set_adjusts_font_size(p.handle("field", w.field, wrong: w.label), true, p.number("minimum_font_size", 8, invalid: -1))
        },
        e("sheen_text_field_set_multiline", setter: true) { p, w in
            sheen_text_field_set_multiline(p.handle("field", w.field, wrong: w.label), true)
        },
        e("sheen_text_field_set_vertical_alignment", setter: true) { p, w in
            sheen_text_field_set_vertical_alignment(p.handle("field", w.field, wrong: w.label), p.int32("vertical_alignment", 2))
        },
        e("sheen_text_field_set_line_spacing", setter: true) { p, w in
            sheen_text_field_set_line_spacing(p.handle("field", w.field, wrong: w.label), p.number("multiple", 1.5, invalid: 0),
                                              p.number("spacing", 4, invalid: 2000))
        },
        e("sheen_text_field_set_paragraph_spacing", setter: true) { p, w in
            sheen_text_field_set_paragraph_spacing(p.handle("field", w.field, wrong: w.label), p.number("before", 2, invalid: -1),
                                                   p.number("after", 6, invalid: 1001))
        },
        e("sheen_text_field_render") { p, w in
            sheen_text_field_render(p.handle("field", w.field, wrong: w.label), buffer(p, "destination", w.rgba), p.int("x", 0, invalid: nil), p.int("y", 0, invalid: nil))
        },
        e("sheen_png_encode") { p, w in
            let status = sheen_png_encode(buffer(p, "buffer", w.rgba), p.out("bytes", UnsafeMutablePointer<UInt8>?.self),
                                          p.out("count", Int.self))
            return status
        },
        e("sheen_png_write") { p, w in
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("sheen-contract-\(getpid()).png").path
            defer { unlink(path) }
            return sheen_png_write(buffer(p, "buffer", w.rgba), p.text("path", path, invalid: Array("/nonexistent-dir/x.png".utf8)))
        },
    ]

    /// The destroy functions, in the order of `World.handles`' kinds.
    nonisolated(unsafe) static let destroyers: [(name: String, destroy: (OpaquePointer?) -> Void)] = [
        ("sheen_image_destroy", { sheen_image_destroy($0) }), ("sheen_gradient_destroy", { sheen_gradient_destroy($0) }),
        ("sheen_pattern_destroy", { sheen_pattern_destroy($0) }), ("sheen_text_layout_destroy", { sheen_text_layout_destroy($0) }),
        ("sheen_label_destroy", { sheen_label_destroy($0) }), ("sheen_text_field_destroy", { sheen_text_field_destroy($0) }),
        ("sheen_font_destroy", { sheen_font_destroy($0) }),
    ]

    /// Functions without a status, each held to its own contract in `functionsWithoutAStatus`.
    static let withoutStatus = ["sheen_last_error_message", "sheen_version", "sheen_free", "sheen_color_from_rgba",
                                "sheen_operator_name", "sheen_text_options_default", "sheen_label_gradient_default",
                                "sheen_gradient_kind_name", "sheen_gradient_kind_numbers"]

    /// Every function sheen.h declares is listed here: one added without being listed fails.
    @Test func everyFunctionIsListed() throws {
        let header = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources/CSheenAPI/include/sheen.h")
        var source = try String(contentsOf: header, encoding: .utf8)
        // Comments out, then every declaration "… sheen_name(" at the start of a line.
        while let open = source.range(of: "/*"), let close = source.range(of: "*/", range: open.upperBound ..< source.endIndex) {
            source.removeSubrange(open.lowerBound ..< close.upperBound)
        }
        let regex = try NSRegularExpression(pattern: #"^[A-Za-z_][\w \*]*?\b(sheen_\w+)\("#, options: .anchorsMatchLines)
        let declared = Set(regex.matches(in: source, range: NSRange(source.startIndex..., in: source)).map {
            String(source[Range($0.range(at: 1), in: source)!])
        })
        let listed = Set(Self.entries.map(\.name) + Self.destroyers.map(\.name) + Self.withoutStatus)
        #expect(declared.count > 120)
        #expect(declared.subtracting(listed).sorted() == [], "declared in sheen.h, not held to the contract here")
        #expect(listed.subtracting(declared).sorted() == [], "listed here, not in sheen.h")
        #expect(Self.entries.count == Set(Self.entries.map(\.name)).count)
    }

    /// Each function succeeds with valid arguments; with each pointer NULL and each argument
    /// invalid in turn it fails and writes no out-parameter (nor leaves a setter's handle
    /// undrawable).
    @Test(arguments: entries.map(\.name)) func aFailingCallWritesNothing(name: String) throws {
        let entry = try #require(Self.entries.first { $0.name == name })
        let valid = Probe()
        let status = entry.call(valid, World())
        #expect(status == SHEEN_OK, "\(name) with valid arguments: \(String(cString: sheen_last_error_message()))")
        for (i, argument) in valid.arguments.enumerated() {
            var faults: [Probe.Fault] = []
            if argument.nullRefused { faults.append(.null(i)) }
            if argument.hasInvalid { faults.append(.invalid(i)) }
            for fault in faults {
                let probe = Probe(fault), world = World()
                let status = entry.call(probe, world)
                #expect(status != SHEEN_OK, "\(name): \(argument.name) \(fault) was accepted")
                #expect(!String(cString: sheen_last_error_message()).isEmpty)
                #expect(probe.outsUntouched, "\(name) failed with \(argument.name) \(fault) but wrote an out-parameter")
                if entry.setter {
                    let drawn = world.draw()
                    #expect(drawn.label == SHEEN_OK && drawn.field == SHEEN_OK, "\(name): a refused change left its handle undrawable")
                }
            }
        }
    }

    /// Every setter given each hostile value of each number, count, enumeration and text either
    /// refuses it or leaves a label and a field that draw: nothing a setter accepts is refused
    /// later by every draw.
    @Test(arguments: entries.filter(\.setter).map(\.name)) func aSetterRefusesWhatDrawingRefuses(name: String) throws {
        let entry = try #require(Self.entries.first { $0.name == name })
        let valid = Probe()
        _ = entry.call(valid, World())
        for (i, argument) in valid.arguments.enumerated() {
            for k in 0 ..< argument.hostileCount {
                let probe = Probe(.hostile(i, value: k)), world = World()
                guard entry.call(probe, world) == SHEEN_OK else {
                    #expect(probe.outsUntouched)
                    continue
                }
                let drawn = world.draw()
                #expect(drawn.label == SHEEN_OK && drawn.field == SHEEN_OK,
                        "\(name) accepted \(argument.name) = hostile value \(k), then drawing refused: \(String(cString: sheen_last_error_message()))")
            }
        }
    }

    /// A destroy function releases its own kind only: given a handle of any other kind, that
    /// object lives on (`destroyers` is in the order of `World.handles`).
    @Test func destroyChecksTheHandlesKind() throws {
        for (own, d) in Self.destroyers.enumerated() {
            let world = World()
            for (kind, handle) in world.handles.enumerated() where kind != own { d.destroy(handle) }
            for (kind, alive) in world.alive.enumerated() where kind != own {
                #expect(alive(), "\(d.name) of a \(World.kinds[kind]) destroyed it")
            }
            // Its own kind it destroys.
            if own < 6 {
                d.destroy(world.handles[own])
                #expect(!world.alive[own](), "\(d.name) left its \(World.kinds[own]) alive")
            }
        }
    }

    /// The functions without a status take any value: NULL and unknown values give an answer or
    /// nothing, never a crash.
    @Test func functionsWithoutAStatus() throws {
        #expect(String(cString: sheen_version()) == SHEEN_VERSION_STRING)
        _ = sheen_last_error_message()
        sheen_free(nil)
        #expect(sheen_color_from_rgba(0xFF00_0080).alpha > 0.5)
        #expect(String(cString: sheen_operator_name(Self.over)) == "sourceOver")
        _ = sheen_operator_name(99)
        for kind in GradientShape.Kind.listed {
            #expect(String(cString: sheen_gradient_kind_name(kind.value.cValue)) == kind.word)
            #expect(String(cString: sheen_gradient_kind_numbers(kind.value.cValue)).split(separator: ",").count == kind.value.numberCount)
        }
        #expect(sheen_gradient_kind_name(-1) == nil && sheen_gradient_kind_numbers(Int32(GradientShape.Kind.listed.count)) == nil)
        _ = sheen_operator_name(-1)
        sheen_text_options_default(nil)
        sheen_label_gradient_default(nil)
    }

    /// Sizes beyond the address space are refused by name, and allocations that cannot be met
    /// are SHEEN_ERROR_OUT_OF_MEMORY: never a trap (exact_gradient of INTPTR_MAX / 2 + 1 points
    /// was SIGILL; exact_blur built its own image-sized array before copying).
    @Test func hugeSizesAreErrorsNotTraps() throws {
        let world = World()
        var out = [Double](repeating: 0, count: 8)
        #expect(sheen_exact_gradient(world.gradient, [1, 1], Int.max / 2 + 1, true, &out) == SHEEN_ERROR_INVALID_ARGUMENT)
        #expect(sheen_exact_composite(Self.over, 0, Self.rgbaFormat, [0], nil, [0], Int.max / 4 + 1, &out) == SHEEN_ERROR_INVALID_ARGUMENT)
        var image: OpaquePointer?
        #expect(sheen_image_create(1 << 21, 1 << 21, Self.rgbaFormat, &image) == SHEEN_ERROR_OUT_OF_MEMORY)
        #expect(image == nil)
        // The exact blur computes in the caller's output: one pixel's 200 levels, spread and kept whole.
        var a8 = world.a8
        a8.pixels.storeBytes(of: 200, toByteOffset: 12 * a8.bytes_per_row + 16, as: UInt8.self)
        var exact = [Double](repeating: -1, count: 32 * 24)
        #expect(sheen_exact_blur(&a8, 1.5, 2, 0, &exact) == SHEEN_OK)
        #expect(abs(exact.reduce(0, +) - 200) < 1e-9 && exact[12 * 32 + 16] > 10)
    }
}

/// The smaller promises of the last review: messages quote the caller's value, an empty canvas
/// gradient's transform is checked, and an empty text's line count is what sheen.h says.
@Suite struct CAPIMessageTests {
    @Test func messagesQuoteTheCallersValues() throws {
        let world = World()
        var destination = world.rgba
        var paint = sheen_paint()
        paint.kind = Int32(SHEEN_PAINT_COLOR.rawValue)
        #expect(sheen_composite_glyphs(&destination, &paint, CAPIContractTests.over, nil, Int(bitPattern: UInt.max)) == SHEEN_ERROR_INVALID_ARGUMENT)
        #expect(String(cString: sheen_last_error_message()).contains("18446744073709551615"))
        #expect(sheen_label_set_lines(world.label, (1 << 53) + 1) == SHEEN_ERROR_INVALID_ARGUMENT)
        #expect(String(cString: sheen_last_error_message()).contains("9007199254740993"))
    }

    @Test func anEmptyCanvasGradientChecksItsTransform() throws {
        var gradient: OpaquePointer?
        #expect(sheen_gradient_create_canvas_linear(0, 0, 10, 0, nil, 0, &gradient) == SHEEN_OK)
        defer { sheen_gradient_destroy(gradient) }
        #expect(sheen_gradient_set_transform(gradient, [Double.nan, 0, 0, 1, 0, 0]) == SHEEN_ERROR_INVALID_ARGUMENT)
        #expect(sheen_gradient_set_transform(gradient, [1, 2, 2, 4, 0, 0]) == SHEEN_ERROR_INVALID_ARGUMENT)
        #expect(sheen_gradient_set_transform(gradient, [2, 0, 0, 2, 1, 1]) == SHEEN_OK)
    }

    @Test func anEmptyTextPlacesOneLine() throws {
        var layout: OpaquePointer?, count = 7
        #expect(sheen_text_layout_create("", World.font, nil, &layout) == SHEEN_OK)
        defer { sheen_text_layout_destroy(layout) }
        #expect(sheen_text_layout_line_count(layout, &count) == SHEEN_OK && count == 1)
    }
}
