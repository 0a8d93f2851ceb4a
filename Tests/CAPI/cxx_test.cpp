// sheen.hpp from C++: built by Scripts/test-capi.sh with -std=c++17 -Wall -Wextra -Werror against
// the installed headers. Handles are owned and freed by RAII (AddressSanitizer's leak check runs
// it too), moves transfer ownership, errors arrive as sheen::Error with Sheen's message, and the
// label drawn through the wrappers equals the one drawn through the C calls, byte for byte.
#include <sheen.hpp>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <type_traits>
#include <utility>

static int failures = 0;
#define CHECK(condition)                                                          \
    do {                                                                          \
        if (!(condition)) {                                                       \
            std::fprintf(stderr, "cxx_test:%d: %s\n", __LINE__, #condition);      \
            failures++;                                                           \
        }                                                                         \
    } while (0)

static_assert(!std::is_copy_constructible<sheen::Label>::value, "handles do not copy");
static_assert(std::is_nothrow_move_constructible<sheen::Label>::value, "handles move");
static_assert(!std::is_copy_assignable<sheen::Image>::value, "images do not copy");

static const sheen::Font &sans_for_runs() {
    static const sheen::Font sans("DejaVu Sans", 28);
    return sans;
}

int main() {
    sheen::Font font("DejaVu Sans:bold", 48);
    const std::vector<sheen_color> colors = {sheen_color_from_rgba(0x3478F6FF), sheen_color_from_rgba(0xFF3B30FF)};
    sheen::Label label("Always correct gradient text", font, 1024, 160);
    label.fillGradient(colors).stroke(2, sheen_color_from_rgba(0x333333FF)).shadow(0, 4, 6, 0, sheen_color_from_rgba(0x00000080));
    sheen::Image image = label.image();

    // The same label through the C calls.
    sheen_label *plain = nullptr;
    sheen::check(sheen_label_create("Always correct gradient text", font.get(), 1024, 160, &plain));
    sheen::check(sheen_label_set_fill_gradient(plain, colors.data(), 2, 0, SHEEN_EXTENT_INK, SHEEN_COLOR_SPACE_SRGB));
    sheen::check(sheen_label_set_stroke(plain, 2, sheen_color_from_rgba(0x333333FF), SHEEN_STROKE_OUTSIDE));
    sheen::check(sheen_label_add_shadow(plain, 0, 4, 6, 0, sheen_color_from_rgba(0x00000080)));
    sheen_image *viaC = nullptr;
    sheen::check(sheen_label_image(plain, &viaC));
    sheen::Image other = sheen::Image::adopt(viaC);
    sheen_label_destroy(plain);
    const sheen_buffer a = image.buffer(), b = other.buffer();
    CHECK(a.width == b.width && a.height == b.height);
    bool same = true;
    for (intptr_t y = 0; y < a.height && same; y++) {
        same = std::memcmp(static_cast<const char *>(a.pixels) + y * a.bytes_per_row,
                           static_cast<const char *>(b.pixels) + y * b.bytes_per_row, static_cast<size_t>(a.width * 4)) == 0;
    }
    CHECK(same);
    CHECK(image.png().size() > 8);

    // The same label from a JSON spec; a broken spec throws sheen::Error naming the place.
    const sheen::Image fromSpec = sheen::Label::fromSpec(
        R"({"text": "Always correct gradient text", "font": "DejaVu Sans:bold", "size": 48, "canvas": [1024, 160],
            "fill": {"colors": ["#3478F6", "#FF3B30"]}, "stroke": {"width": 2, "color": "#333333"},
            "shadows": [{"color": "#00000080", "offset": [0, 4], "sigma": 6}]})").image();
    const sheen_buffer c = fromSpec.buffer();
    CHECK(c.width == a.width && c.height == a.height);
    for (intptr_t y = 0; y < a.height && same; y++) {
        same = std::memcmp(static_cast<const char *>(a.pixels) + y * a.bytes_per_row,
                           static_cast<const char *>(c.pixels) + y * c.bytes_per_row, static_cast<size_t>(a.width * 4)) == 0;
    }
    CHECK(same);
    bool threw = false;
    try {
        sheen::Label::fromSpec(R"({"text": "x",})");
    } catch (const sheen::Error &e) {
        threw = e.status() == SHEEN_ERROR_INVALID_ARGUMENT && std::string(e.what()).find("line 1, column") != std::string::npos;
    }
    CHECK(threw);

    // Moves hand ownership over; the moved-from handle is empty.
    sheen::Label moved = std::move(label);
    CHECK(moved.get() != nullptr && label.get() == nullptr);
    sheen::Image target(300, 120);
    moved.canvas(300, 120).align(SHEEN_ALIGN_CENTER).vertical(SHEEN_VALIGN_CENTER).render(target.buffer());

    // Errors: thrown with the status and the message; the label is unchanged.
    try {
        moved.stroke(1000, sheen_color_from_rgba(0x000000FF));
        CHECK(false);
    } catch (const sheen::Error &error) {
        CHECK(error.status() == SHEEN_ERROR_INVALID_ARGUMENT);
        CHECK(std::strstr(error.what(), "stroke.width") != nullptr);
    }
    try {
        sheen::Font missing = sheen::Font::fromFile("/nonexistent.ttf", 12);
        CHECK(false);
    } catch (const sheen::Error &error) {
        CHECK(std::strstr(error.what(), "/nonexistent.ttf") != nullptr);
    }

    // Attributed runs: a bold red run with a double underline after the label's own text.
    sheen::Label rich("Plain ", sans_for_runs(), 320, 50);
    const sheen_color runRed = sheen_color_from_rgba(0xFF3B30FF);
    sheen_run_style strong{};
    strong.font = font.get();
    strong.color = &runRed;
    strong.underline = SHEEN_DECORATION_DOUBLE;
    rich.appendRun("bold", strong).appendRun("!");
    CHECK(rich.image().buffer().width >= 320);

    // A gradient and a text field through the wrappers.
    sheen::Image strip(256, 4);
    sheen::Gradient::linear(0, 0, 256, 0, {{0, colors[0]}, {1, colors[1]}}).spread(SHEEN_SPREAD_REFLECT).fill(strip.buffer());
    sheen::Font sans("DejaVu Sans", 20);
    sheen::TextField field("caf\xC3\xA9", sans, 160, 36);
    field.fillGradient(colors).editing(true, 5);
    const auto caret = field.caretRect(5);
    CHECK(field.selectionRects(0, 3).size() == 1 && field.selectionRects(2, 2).empty());
    CHECK(field.moveCaret(0, SHEEN_AFFINITY_LEADING, SHEEN_MOVE_DOCUMENT_END).first == 5);
    CHECK(field.caretIndexAt(caret[0] + caret[2] / 2, caret[1] + caret[3] / 2) == 5);
    try {
        field.editing(true, 4);   // inside "é"
        CHECK(false);
    } catch (const sheen::Error &error) {
        CHECK(error.status() == SHEEN_ERROR_INVALID_ARGUMENT);
    }
    field.render(target.buffer(), 10, 10);

    // Sizes that fit and a label's lines: a two-line label sized within 120 px has two lines,
    // each showing its own bytes; a field sized to its text and styled like the CLI's.
    sheen::Label wrapped("Two lines of text", sans, 0, 0);
    wrapped.lineBreak(SHEEN_BREAK_WORD_WRAP, 0);
    const auto fit = wrapped.sizeThatFits(120, 0);
    wrapped.canvas(fit[0], fit[1]);
    const auto lines = wrapped.lines();
    CHECK(lines.size() == 2 && lines[0].start == 0 && lines[1].end == 17 && lines[1].baseline > lines[0].baseline);
    // Every property setter, each at a value that keeps the two lines.
    wrapped.lines(2).minScale(0).tighten(false).hyphenation("").baseline(SHEEN_BASELINE_CENTERS).lineHeight(1).lineSpacing(0)
        .insets(0, 0, 0, 0).insetShadows(false).highlight(colors[0]).noHighlight().clip(false);
    CHECK(wrapped.lines().size() == 2);
    bool linesRefused = false;
    try { wrapped.lines(100001); } catch (const sheen::Error &) { linesRefused = true; }
    CHECK(linesRefused);
    wrapped.set("lineSpacing", 0).setFlag("tighten", false).setWord("align", "natural");
    bool unknownRefused = false;
    try { wrapped.set("noSuchKey", 1); } catch (const sheen::Error &) { unknownRefused = true; }
    CHECK(unknownRefused);
    field.stroke(2, colors[0]).alignment(SHEEN_ALIGN_CENTER).insets(2, 4, 2, 4).caretStyle(colors[1], 3)
        .caretAffinity(SHEEN_AFFINITY_TRAILING).placeholderGradient(colors).alpha(0.5).hinting(SHEEN_HINTING_LIGHT)
        .secure(true).enabled(false).adjustsFontSize(true, 10);
    // Any label gradient: radial over the frame, dithered.
    const sheen_gradient_stop radialStops[2] = {{0, colors[0]}, {1, colors[1]}};
    sheen_label_gradient radial;
    sheen_label_gradient_default(&radial);
    radial.kind = SHEEN_LABEL_GRADIENT_RADIAL;
    radial.stops = radialStops;
    radial.count = 2;
    radial.extent = SHEEN_EXTENT_FRAME;
    radial.dither = true;
    wrapped.fill(&radial).fill(nullptr).fill(&radial);
    wrapped.fill(radial, SHEEN_GRADIENT_KIND_CONIC, {0.5, 0.5, 1.0});
    sheen::Gradient::shape(SHEEN_GRADIENT_KIND_RADIAL, {128, 2, 0, 128, 2, 100}, {{0, colors[0]}, {1, colors[1]}})
        .fill(strip.buffer());
    CHECK(wrapped.image().buffer().width >= 1);
    const auto fieldFit = field.sizeThatFits();
    field.size(fieldFit[0], fieldFit[1]).render(target.buffer(), 10, 60);

    // The exact references: what the C calls answer, and a refusal thrown.
    CHECK(sheen::operatorName(SHEEN_OP_MULTIPLY) == "multiply" && sheen::operatorName(99).empty());
    const std::vector<double> over = sheen::exactComposite(SHEEN_OP_SOURCE_OVER, SHEEN_COVERAGE_RULE_SHEEN,
                                                           SHEEN_FORMAT_RGBA8_PREMULTIPLIED, {255, 0, 0, 255}, {0, 0, 255, 255}, {51});
    CHECK(over.size() == 4 && std::fabs(over[0] - 51) < 1e-9 && std::fabs(over[2] - 204) < 1e-9 && std::fabs(over[3] - 255) < 1e-9);
    bool refused = false;
    try {
        sheen::exactComposite(99, SHEEN_COVERAGE_RULE_SHEEN, SHEEN_FORMAT_A8, {1}, {2});
    } catch (const sheen::Error &e) {
        refused = e.status() == SHEEN_ERROR_INVALID_ARGUMENT;
    }
    CHECK(refused);
    const auto line = sheen::Gradient::linear(0, 0, 10, 0, {{0, sheen_color_from_rgba(0x0000FFFF)}, {1, sheen_color_from_rgba(0xFF0000FF)}});
    const std::vector<double> at = line.exactColors({1, 2});
    CHECK(at.size() == 4 && at[0] > 0.1 * 255 - 1e-9 && at[0] < 0.1 * 255 + 1e-9);
    sheen::Image dot(5, 5, SHEEN_FORMAT_A8);
    const std::vector<double> spread = sheen::exactBlur(dot.buffer(), 1, 1, SHEEN_BLUR_EDGES_TRANSPARENT);
    CHECK(spread.size() == 25 && spread[12] == 0);

    if (failures) return 1;
    std::printf("cxx_test: all checks passed\n");
    return 0;
}
