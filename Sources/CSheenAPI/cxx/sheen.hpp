/*
 * sheen.hpp — C++17 wrappers over sheen.h: the font, gradient, image, label and text field
 * handles each owned by a move-only RAII class (freed by its destructor, never copied; patterns
 * and text layouts have none yet), every failing call thrown as sheen::Error carrying the
 * status and Sheen's message. Header-only; link as for sheen.h (`pkg-config --libs sheen`).
 *
 *   sheen::Font font("DejaVu Sans:bold", 48);
 *   sheen::Label label("Always correct gradient text", font, 1024, 160);
 *   label.fillGradient({sheen_color_from_rgba(0x3478F6FF), sheen_color_from_rgba(0xFF3B30FF)})
 *        .shadow(0, 4, 6, 0, sheen_color_from_rgba(0x00000080));
 *   label.image().writePNG("label.png");
 */
#ifndef SHEEN_HPP
#define SHEEN_HPP

#include <sheen.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace sheen {

/** A refused or failed call: `status()` is its sheen_status, `what()` Sheen's sentence. */
class Error : public std::runtime_error {
public:
    Error(sheen_status status, const char *message) : std::runtime_error(message ? message : "sheen error"), status_(status) {}
    sheen_status status() const noexcept { return status_; }

private:
    sheen_status status_;
};

/** Throws Error for anything but SHEEN_OK. */
inline void check(sheen_status status) {
    if (status != SHEEN_OK) throw Error(status, sheen_last_error_message());
}

/** One owned handle of a C type, freed with `Destroy`; moves, never copies. */
template <typename T, void (*Destroy)(T *)>
class Handle {
public:
    Handle() noexcept = default;
    explicit Handle(T *pointer) noexcept : pointer_(pointer) {}
    ~Handle() { reset(); }
    Handle(const Handle &) = delete;
    Handle &operator=(const Handle &) = delete;
    Handle(Handle &&other) noexcept : pointer_(std::exchange(other.pointer_, nullptr)) {}
    Handle &operator=(Handle &&other) noexcept {
        if (this != &other) {
            reset();
            pointer_ = std::exchange(other.pointer_, nullptr);
        }
        return *this;
    }
    /** The C handle, still owned here. */
    T *get() const noexcept { return pointer_; }
    /** Gives up ownership: the caller frees the returned handle. */
    T *release() noexcept { return std::exchange(pointer_, nullptr); }
    /** Frees the handle now (if any). */
    void reset() noexcept {
        if (pointer_) Destroy(std::exchange(pointer_, nullptr));
    }
    explicit operator bool() const noexcept { return pointer_ != nullptr; }

private:
    T *pointer_ = nullptr;
};

/** An RGBA8 or BGRA8 premultiplied (or A8) image Sheen allocated. */
class Image {
public:
    Image(intptr_t width, intptr_t height, sheen_format format = SHEEN_FORMAT_RGBA8_PREMULTIPLIED) {
        sheen_image *out = nullptr;
        check(sheen_image_create(width, height, format, &out));
        handle_ = Handle<sheen_image, sheen_image_destroy>(out);
    }
    /** Takes ownership of an image a C call made. */
    static Image adopt(sheen_image *image) { return Image(image); }
    /** The pixels, as a buffer view valid while this image lives. */
    sheen_buffer buffer() const {
        sheen_buffer b;
        check(sheen_image_get_buffer(handle_.get(), &b));
        return b;
    }
    /** Writes the image as PNG. */
    void writePNG(const std::string &path) const {
        const sheen_buffer b = buffer();
        check(sheen_png_write(&b, path.c_str()));
    }
    /** The image as PNG bytes. */
    std::vector<uint8_t> png() const {
        const sheen_buffer b = buffer();
        uint8_t *bytes = nullptr;
        size_t count = 0;
        check(sheen_png_encode(&b, &bytes, &count));
        std::vector<uint8_t> out(bytes, bytes + count);
        sheen_free(bytes);
        return out;
    }
    sheen_image *get() const noexcept { return handle_.get(); }

private:
    explicit Image(sheen_image *image) : handle_(image) {}
    Handle<sheen_image, sheen_image_destroy> handle_;
};

/** A font at a pixel size, with fontconfig's fallback chain. */
class Font {
public:
    /** A fontconfig pattern ("DejaVu Sans:bold") at `size` pixels. */
    Font(const std::string &pattern, double size) {
        sheen_font *out = nullptr;
        check(sheen_font_create_named(pattern.c_str(), size, &out));
        handle_ = Handle<sheen_font, sheen_font_destroy>(out);
    }
    /** Face `faceIndex` of a font file at `size` pixels. */
    static Font fromFile(const std::string &path, double size, intptr_t faceIndex = 0) {
        sheen_font *out = nullptr;
        check(sheen_font_create_file(path.c_str(), faceIndex, size, &out));
        return Font(out);
    }
    /** Adds the fonts of a directory to those patterns find, for the process (sheen_font_add_directory). */
    static void addDirectory(const std::string &path) { check(sheen_font_add_directory(path.c_str())); }
    sheen_font *get() const noexcept { return handle_.get(); }

private:
    explicit Font(sheen_font *font) : handle_(font) {}
    Handle<sheen_font, sheen_font_destroy> handle_;
};

/** A gradient, prepared once, filled into any buffer. */
class Gradient {
public:
    static Gradient linear(double x0, double y0, double x1, double y1, const std::vector<sheen_gradient_stop> &stops) {
        sheen_gradient *out = nullptr;
        check(sheen_gradient_create_linear(x0, y0, x1, y1, stops.data(), stops.size(), &out));
        return Gradient(out);
    }
    static Gradient radial(double cx0, double cy0, double r0, double cx1, double cy1, double r1,
                           const std::vector<sheen_gradient_stop> &stops) {
        sheen_gradient *out = nullptr;
        check(sheen_gradient_create_radial(cx0, cy0, r0, cx1, cy1, r1, stops.data(), stops.size(), &out));
        return Gradient(out);
    }
    static Gradient conic(double cx, double cy, double startAngle, const std::vector<sheen_gradient_stop> &stops) {
        sheen_gradient *out = nullptr;
        check(sheen_gradient_create_conic(cx, cy, startAngle, stops.data(), stops.size(), &out));
        return Gradient(out);
    }
    /** Any shape kind from its numbers (sheen_gradient_create_shape). */
    static Gradient shape(sheen_gradient_kind kind, const std::vector<double> &numbers,
                          const std::vector<sheen_gradient_stop> &stops) {
        sheen_gradient *out = nullptr;
        check(sheen_gradient_create_shape(kind, numbers.data(), numbers.size(), stops.data(), stops.size(), &out));
        return Gradient(out);
    }
    /** The canvas rules (sheen_gradient_create_canvas_*): no stops paint transparent black, an
     *  offset outside 0…1 throws. */
    static Gradient canvasLinear(double x0, double y0, double x1, double y1, const std::vector<sheen_gradient_stop> &stops) {
        sheen_gradient *out = nullptr;
        check(sheen_gradient_create_canvas_linear(x0, y0, x1, y1, stops.data(), stops.size(), &out));
        return Gradient(out);
    }
    static Gradient canvasRadial(double cx0, double cy0, double r0, double cx1, double cy1, double r1,
                                 const std::vector<sheen_gradient_stop> &stops) {
        sheen_gradient *out = nullptr;
        check(sheen_gradient_create_canvas_radial(cx0, cy0, r0, cx1, cy1, r1, stops.data(), stops.size(), &out));
        return Gradient(out);
    }
    static Gradient canvasConic(double cx, double cy, double startAngle, const std::vector<sheen_gradient_stop> &stops) {
        sheen_gradient *out = nullptr;
        check(sheen_gradient_create_canvas_conic(cx, cy, startAngle, stops.data(), stops.size(), &out));
        return Gradient(out);
    }
    Gradient &spread(sheen_spread spread) { check(sheen_gradient_set_spread(get(), spread)); return *this; }
    Gradient &colorSpace(sheen_color_space space) { check(sheen_gradient_set_color_space(get(), space)); return *this; }
    Gradient &transform(const std::array<double, 6> &m) { check(sheen_gradient_set_transform(get(), m.data())); return *this; }
    Gradient &dither(bool on) { check(sheen_gradient_set_dither(get(), on)); return *this; }
    /** Fills all of `destination`. */
    void fill(const sheen_buffer &destination) const { check(sheen_fill_gradient(&destination, get())); }
    /** Fills `rect` of `destination` (gradient coordinates stay the buffer's). */
    void fill(const sheen_buffer &destination, const sheen_rect &rect) const {
        check(sheen_fill_gradient_rect(&destination, get(), &rect));
    }
    /** The exact colour at each of `points` (x, y pairs in pixels; a pixel's centre is x + 0.5,
     *  y + 0.5): 4 levels per point, unrounded (sheen_exact_gradient). */
    std::vector<double> exactColors(const std::vector<double> &points, bool premultiplied = true) const {
        std::vector<double> out(points.size() / 2 * 4);
        check(sheen_exact_gradient(get(), points.data(), static_cast<intptr_t>(points.size() / 2), premultiplied, out.data()));
        return out;
    }
    sheen_gradient *get() const noexcept { return handle_.get(); }

private:
    explicit Gradient(sheen_gradient *gradient) : handle_(gradient) {}
    Handle<sheen_gradient, sheen_gradient_destroy> handle_;
};

/** The operator's name ("sourceOver"), or an empty string for a value that is not one. */
inline std::string operatorName(int32_t op) {
    const char *name = sheen_operator_name(op);
    return name ? name : "";
}

/** The exact result of compositing `paint` over `destination` (pixels of `format`, the same
 *  count) through `coverage` (one byte per pixel; empty: fully covered) by `rule`, unrounded:
 *  sheen_exact_composite. */
inline std::vector<double> exactComposite(int32_t op, sheen_coverage_rule rule, sheen_format format,
                                          const std::vector<uint8_t> &paint, const std::vector<uint8_t> &destination,
                                          const std::vector<uint8_t> &coverage = {}) {
    const size_t channels = format == SHEEN_FORMAT_A8 ? 1 : 4, count = paint.size() / channels;
    if (destination.size() != paint.size() || (!coverage.empty() && coverage.size() != count))
        throw Error(SHEEN_ERROR_INVALID_ARGUMENT, "exactComposite: paint, destination and coverage differ in length");
    std::vector<double> out(paint.size());
    check(sheen_exact_composite(op, rule, format, paint.data(), coverage.empty() ? nullptr : coverage.data(),
                                destination.data(), static_cast<intptr_t>(count), out.data()));
    return out;
}

/** The exact Gaussian blur of `source`, unrounded, bytes-per-pixel values per pixel in memory
 *  order (sheen_exact_blur). */
inline std::vector<double> exactBlur(const sheen_buffer &source, double sigmaX, double sigmaY, sheen_blur_edges edges) {
    const size_t channels = source.format == SHEEN_FORMAT_A8 ? 1 : 4;
    std::vector<double> out(source.width > 0 && source.height > 0 ? static_cast<size_t>(source.width) * static_cast<size_t>(source.height) * channels : 0);
    check(sheen_exact_blur(&source, sigmaX, sigmaY, edges, out.empty() ? nullptr : out.data()));
    return out;
}

/** A styled label; setters return the label, so they chain. */
class Label {
public:
    Label(const std::string &text, const Font &font, double width, double height) {
        sheen_label *out = nullptr;
        check(sheen_label_create(text.c_str(), font.get(), width, height, &out));
        handle_ = Handle<sheen_label, sheen_label_destroy>(out);
    }
    /** A whole label read from a JSON label spec (sheen_label_create_from_spec). */
    static Label fromSpec(const std::string &json) {
        sheen_label *out = nullptr;
        check(sheen_label_create_from_spec(json.data(), json.size(), &out));
        return Label(out);
    }
    Label &text(const std::string &text) { check(sheen_label_set_text(get(), text.c_str())); return *this; }
    /** Appends a run of attributed text in `style` (all zero: the label's font and colour). */
    Label &appendRun(const std::string &text, const sheen_run_style &style = sheen_run_style{}) {
        check(sheen_label_append_run(get(), text.c_str(), &style));
        return *this;
    }
    Label &font(const Font &font) { check(sheen_label_set_font(get(), font.get())); return *this; }
    /** `canvas`: the label's frame, pixels. */
    Label &canvas(double width, double height) { check(sheen_label_set_canvas(get(), width, height)); return *this; }
    [[deprecated("use canvas")]] Label &size(double width, double height) { return canvas(width, height); }
    Label &textColor(sheen_color color) { check(sheen_label_set_text_color(get(), color)); return *this; }
    Label &fillColor(sheen_color color) { check(sheen_label_set_fill_color(get(), color)); return *this; }
    /** A linear gradient over `extent` (the ink by default), `angle` degrees. */
    Label &fillGradient(const std::vector<sheen_color> &colors, double angle = 0,
                        sheen_gradient_extent extent = SHEEN_EXTENT_INK, sheen_color_space space = SHEEN_COLOR_SPACE_SRGB) {
        check(sheen_label_set_fill_gradient(get(), colors.data(), colors.size(), angle, extent, space));
        return *this;
    }
    Label &stroke(double width, sheen_color color, sheen_stroke_placement placement = SHEEN_STROKE_OUTSIDE) {
        check(sheen_label_set_stroke(get(), width, color, placement));
        return *this;
    }
    Label &shadow(double dx, double dy, double sigma, double spread, sheen_color color) {
        check(sheen_label_add_shadow(get(), dx, dy, sigma, spread, color));
        return *this;
    }
    Label &clearShadows() { check(sheen_label_clear_shadows(get())); return *this; }
    Label &background(sheen_color color) { check(sheen_label_set_background(get(), &color)); return *this; }
    Label &noBackground() { check(sheen_label_set_background(get(), nullptr)); return *this; }
    Label &align(sheen_text_alignment alignment) { check(sheen_label_set_align(get(), alignment)); return *this; }
    Label &vertical(sheen_vertical_alignment vertical) { check(sheen_label_set_vertical(get(), vertical)); return *this; }
    [[deprecated("use align and vertical")]] Label &alignment(sheen_text_alignment alignment,
                                                            sheen_vertical_alignment vertical = SHEEN_VALIGN_CENTER) {
        return align(alignment).vertical(vertical);
    }
    /** `lines`: maximum lines, 0 = unlimited. */
    Label &lines(intptr_t lines) { check(sheen_label_set_lines(get(), lines)); return *this; }
    Label &lineBreak(sheen_line_break mode, intptr_t lines) { check(sheen_label_set_line_break(get(), mode, lines)); return *this; }
    /** `minScale`: auto-shrink down to this fraction of the font size (0: off). */
    Label &minScale(double scale) { check(sheen_label_set_min_scale(get(), scale)); return *this; }
    Label &tighten(bool tighten) { check(sheen_label_set_tighten(get(), tighten)); return *this; }
    /** `hyphenation`: a language ("en_US"), or empty for none. */
    Label &hyphenation(const std::string &language) {
        check(sheen_label_set_hyphenation(get(), language.empty() ? nullptr : language.c_str()));
        return *this;
    }
    Label &baseline(sheen_baseline baseline) { check(sheen_label_set_baseline(get(), baseline)); return *this; }
    Label &lineHeight(double multiple) { check(sheen_label_set_line_height(get(), multiple)); return *this; }
    Label &lineSpacing(double spacing) { check(sheen_label_set_line_spacing(get(), spacing)); return *this; }
    Label &insets(double top, double left, double bottom, double right) {
        check(sheen_label_set_insets(get(), top, left, bottom, right));
        return *this;
    }
    Label &insetShadows(bool inset) { check(sheen_label_set_inset_shadows(get(), inset)); return *this; }
    Label &highlight(sheen_color color) { check(sheen_label_set_highlight(get(), &color)); return *this; }
    Label &noHighlight() { check(sheen_label_set_highlight(get(), nullptr)); return *this; }
    Label &alpha(double alpha) { check(sheen_label_set_alpha(get(), alpha)); return *this; }
    Label &hinting(sheen_hinting hinting) { check(sheen_label_set_hinting(get(), hinting)); return *this; }
    Label &enabled(bool enabled) { check(sheen_label_set_enabled(get(), enabled)); return *this; }
    /** Any number, whole-number, on/off or word property by its spec key ("lineHeight", "tighten",
     *  "align"): what a property without a setter of its own takes. */
    Label &set(const std::string &key, double value) { check(sheen_label_set_number(get(), key.c_str(), value)); return *this; }
    Label &setFlag(const std::string &key, bool value) { check(sheen_label_set_flag(get(), key.c_str(), value)); return *this; }
    Label &setWord(const std::string &key, const std::string &word) {
        check(sheen_label_set_word(get(), key.c_str(), word.c_str()));
        return *this;
    }
    /** `clip`: clip everything drawn to the frame. */
    Label &clip(bool clip) { check(sheen_label_set_clip(get(), clip)); return *this; }
    [[deprecated("use clip")]] Label &clipsToBounds(bool clips) { return clip(clips); }
    /** Any label gradient (radial, conic, stops, spread, extent, dither); nullptr: the text colour. */
    Label &fill(const sheen_label_gradient *gradient) { check(sheen_label_set_fill(get(), gradient)); return *this; }
    /** `gradient` on a shape of any kind, its numbers in unit coordinates (sheen_label_set_fill_shape). */
    Label &fill(const sheen_label_gradient &gradient, sheen_gradient_kind kind, const std::vector<double> &numbers) {
        check(sheen_label_set_fill_shape(get(), &gradient, kind, numbers.data(), numbers.size()));
        return *this;
    }
    /** UILabel's sizeThatFits within width × height (0: unconstrained): {width, height}. */
    std::array<double, 2> sizeThatFits(double width = 0, double height = 0) const {
        std::array<double, 2> out{};
        check(sheen_label_size_that_fits(get(), width, height, out.data()));
        return out;
    }
    /** The label's lines: line info of each (layout pixels; add textOrigin for the label's). */
    std::vector<sheen_line_info> lines(intptr_t *originX = nullptr, intptr_t *originY = nullptr) const {
        sheen_text_layout *layout = nullptr;
        intptr_t x = 0, y = 0;
        check(sheen_label_layout(get(), &layout, &x, &y));
        Handle<sheen_text_layout, sheen_text_layout_destroy> owned(layout);
        size_t count = 0;
        check(sheen_text_layout_line_count(layout, &count));
        std::vector<sheen_line_info> out(count);
        for (size_t i = 0; i < count; ++i) check(sheen_text_layout_line_info(layout, i, &out[i]));
        if (originX) *originX = x;
        if (originY) *originY = y;
        return out;
    }
    /** The pixels a render can change, relative to the label's top-left corner. */
    sheen_rect drawnBounds() const {
        sheen_rect r;
        check(sheen_label_drawn_bounds(get(), &r));
        return r;
    }
    /** Draws into `destination` with the label's top-left corner at (x, y). */
    void render(const sheen_buffer &destination, intptr_t x = 0, intptr_t y = 0) const {
        check(sheen_label_render(get(), &destination, x, y));
    }
    /** The label in a new image covering drawnBounds(). */
    Image image() const {
        sheen_image *out = nullptr;
        check(sheen_label_image(get(), &out));
        return Image::adopt(out);
    }
    sheen_label *get() const noexcept { return handle_.get(); }

private:
    explicit Label(sheen_label *label) : handle_(label) {}
    Handle<sheen_label, sheen_label_destroy> handle_;
};

/** A single-line text field; indices are byte offsets into the UTF-8 text. */
class TextField {
public:
    TextField(const std::string &text, const Font &font, double width, double height) {
        sheen_text_field *out = nullptr;
        check(sheen_text_field_create(text.c_str(), font.get(), width, height, &out));
        handle_ = Handle<sheen_text_field, sheen_text_field_destroy>(out);
    }
    TextField &text(const std::string &text) { check(sheen_text_field_set_text(get(), text.c_str())); return *this; }
    /** Appends a run of attributed text in `style` (all zero: the field's font and colour). */
    TextField &appendRun(const std::string &text, const sheen_run_style &style = sheen_run_style{}) {
        check(sheen_text_field_append_run(get(), text.c_str(), &style));
        return *this;
    }
    /** Replaces bytes start…end of the text with `text`, keeping the attributes of the text it touches. */
    TextField &replaceText(size_t start, size_t end, const std::string &text) {
        check(sheen_text_field_replace_text(get(), start, end, text.c_str()));
        return *this;
    }
    TextField &placeholder(const std::string &text, sheen_color color) {
        check(sheen_text_field_set_placeholder(get(), text.c_str(), color));
        return *this;
    }
    TextField &textColor(sheen_color color) { check(sheen_text_field_set_text_color(get(), color)); return *this; }
    TextField &fillGradient(const std::vector<sheen_color> &colors, double angle = 0,
                            sheen_color_space space = SHEEN_COLOR_SPACE_SRGB) {
        check(sheen_text_field_set_fill_gradient(get(), colors.data(), colors.size(), angle, space));
        return *this;
    }
    TextField &shadow(double dx, double dy, double sigma, double spread, sheen_color color) {
        check(sheen_text_field_add_shadow(get(), dx, dy, sigma, spread, color));
        return *this;
    }
    TextField &background(sheen_color color) { check(sheen_text_field_set_background(get(), &color)); return *this; }
    TextField &font(const Font &font) { check(sheen_text_field_set_font(get(), font.get())); return *this; }
    TextField &size(double width, double height) { check(sheen_text_field_set_size(get(), width, height)); return *this; }
    TextField &stroke(double width, sheen_color color, sheen_stroke_placement placement = SHEEN_STROKE_OUTSIDE) {
        check(sheen_text_field_set_stroke(get(), width, color, placement));
        return *this;
    }
    TextField &clearShadows() { check(sheen_text_field_clear_shadows(get())); return *this; }
    /** Any label gradient for the text; nullptr: the text colour. */
    TextField &fill(const sheen_label_gradient *gradient) { check(sheen_text_field_set_fill(get(), gradient)); return *this; }
    /** Any label gradient for the placeholder; nullptr: its colour. */
    TextField &placeholderFill(const sheen_label_gradient *gradient) {
        check(sheen_text_field_set_placeholder_fill(get(), gradient));
        return *this;
    }
    TextField &secure(bool secure) { check(sheen_text_field_set_secure(get(), secure)); return *this; }
    /** Multi-line mode: a text view (wrapped lines, vertical scrolling). */
    TextField &multiline(bool multiline) { check(sheen_text_field_set_multiline(get(), multiline)); return *this; }
    TextField &enabled(bool enabled) { check(sheen_text_field_set_enabled(get(), enabled)); return *this; }
    /** Where the line sits in the text rectangle's height (a view's lines, while shorter than it). */
    TextField &verticalAlignment(sheen_vertical_alignment vertical) {
        check(sheen_text_field_set_vertical_alignment(get(), vertical));
        return *this;
    }
    /** Multi-line mode's line height multiple and extra pixels between lines. */
    TextField &lineSpacing(double multiple, double spacing) { check(sheen_text_field_set_line_spacing(get(), multiple, spacing)); return *this; }
    /** Multi-line mode's extra pixels before and after paragraphs. */
    TextField &paragraphSpacing(double before, double after) {
        check(sheen_text_field_set_paragraph_spacing(get(), before, after));
        return *this;
    }
    TextField &adjustsFontSize(bool adjusts, double minimumFontSize = 0) {
        check(sheen_text_field_set_adjusts_font_size(get(), adjusts, minimumFontSize));
        return *this;
    }
    TextField &alignment(sheen_text_alignment alignment) { check(sheen_text_field_set_alignment(get(), alignment)); return *this; }
    TextField &insets(double top, double left, double bottom, double right) {
        check(sheen_text_field_set_insets(get(), top, left, bottom, right));
        return *this;
    }
    TextField &hinting(sheen_hinting hinting) { check(sheen_text_field_set_hinting(get(), hinting)); return *this; }
    TextField &alpha(double alpha) { check(sheen_text_field_set_alpha(get(), alpha)); return *this; }
    TextField &caretStyle(sheen_color color, double width = 2) { check(sheen_text_field_set_caret_style(get(), color, width)); return *this; }
    TextField &caretAffinity(sheen_caret_affinity affinity) { check(sheen_text_field_set_caret_affinity(get(), affinity)); return *this; }
    TextField &placeholderGradient(const std::vector<sheen_color> &colors, double angle = 0,
                                   sheen_color_space space = SHEEN_COLOR_SPACE_SRGB) {
        check(sheen_text_field_set_placeholder_gradient(get(), colors.data(), colors.size(), angle, space));
        return *this;
    }
    /** UITextField's sizeThatFits: {width, height}. */
    std::array<double, 2> sizeThatFits() const {
        std::array<double, 2> out{};
        check(sheen_text_field_size_that_fits(get(), out.data()));
        return out;
    }
    /** Editing with the caret at byte `caret`, or bytes [selectionStart, selectionEnd) selected. */
    TextField &editing(bool editing, size_t caret, size_t selectionStart = 0, size_t selectionEnd = 0) {
        check(sheen_text_field_set_editing(get(), editing, caret, selectionStart, selectionEnd));
        return *this;
    }
    TextField &scrollOffset(double offset) { check(sheen_text_field_set_scroll_offset(get(), offset)); return *this; }
    double resolvedScrollOffset() const {
        double out = 0;
        check(sheen_text_field_resolved_scroll_offset(get(), &out));
        return out;
    }
    /** The caret index (a byte offset) nearest to field point (x, y). */
    size_t caretIndexAt(double x, double y) const {
        size_t out = 0;
        check(sheen_text_field_caret_index_at(get(), x, y, &out));
        return out;
    }
    /** The caret's rectangle for byte `index`: x, y, width, height in field pixels. */
    std::array<double, 4> caretRect(size_t index) const {
        std::array<double, 4> out{};
        check(sheen_text_field_caret_rect(get(), index, out.data()));
        return out;
    }
    /** Where the caret at byte `index` goes with `movement` (sheen_text_field_move_caret): the new
     *  byte index and affinity. `preferredX` (field pixels) for up and down; NaN: the caret's x. */
    std::pair<size_t, int32_t> moveCaret(size_t index, int32_t affinity, int32_t movement,
                                         double preferredX = std::numeric_limits<double>::quiet_NaN()) const {
        std::pair<size_t, int32_t> out{0, 0};
        check(sheen_text_field_move_caret(get(), index, affinity, movement, preferredX, &out.first, &out.second));
        return out;
    }
    /** The rectangles a selection of bytes [start, end) highlights (sheen_text_field_selection_rects). */
    std::vector<std::array<double, 4>> selectionRects(size_t start, size_t end) const {
        size_t count = 0;
        check(sheen_text_field_selection_rects(get(), start, end, nullptr, 0, &count));
        std::vector<std::array<double, 4>> out(count);
        if (count > 0) check(sheen_text_field_selection_rects(get(), start, end, out[0].data(), count, &count));
        return out;
    }
    /** Marked text: bytes [start, end) an input method's composition, [selectedStart, selectedEnd)
     *  its clause being converted (sheen_text_field_set_marked_text; an empty range unmarks). */
    TextField &markedText(size_t start, size_t end, size_t selectedStart = 0, size_t selectedEnd = 0) {
        check(sheen_text_field_set_marked_text(get(), start, end, selectedStart, selectedEnd));
        return *this;
    }
    /** The marked text's underlines: colour (nullptr: the text colour) and thicknesses in pixels. */
    TextField &markedStyle(const sheen_color *color, double thickness = 1, double selectedThickness = 2) {
        check(sheen_text_field_set_marked_style(get(), color, thickness, selectedThickness));
        return *this;
    }
    /** The rectangles drawn under the marked text while editing (sheen_text_field_marked_underlines). */
    std::vector<std::array<double, 4>> markedUnderlines() const {
        size_t count = 0;
        check(sheen_text_field_marked_underlines(get(), nullptr, 0, &count));
        std::vector<std::array<double, 4>> out(count);
        if (count > 0) check(sheen_text_field_marked_underlines(get(), out[0].data(), count, &count));
        return out;
    }
    /** Where the selection handles of bytes [start, end) stand: the start's caret rectangle, then
     *  the end's (sheen_text_field_selection_handles). */
    std::array<double, 8> selectionHandles(size_t start, size_t end) const {
        std::array<double, 8> out{};
        check(sheen_text_field_selection_handles(get(), start, end, out.data()));
        return out;
    }
    void render(const sheen_buffer &destination, intptr_t x = 0, intptr_t y = 0) const {
        check(sheen_text_field_render(get(), &destination, x, y));
    }
    sheen_text_field *get() const noexcept { return handle_.get(); }

private:
    Handle<sheen_text_field, sheen_text_field_destroy> handle_;
};

}  // namespace sheen

#endif
