/*
 * The C API from C: built by Scripts/test-capi.sh against the installed sheen.h and sheen.pc
 * (natively and with AddressSanitizer). It checks that bad input returns an error code with a
 * message and leaves every buffer as it was (fenced with guard bytes), then renders the seed
 * label and composites a gradient through a text mask into its own buffer, writing the results
 * into OUTPUT_DIR for SheenCTests to compare with the Swift API byte for byte. sheen_png_write is
 * checked on nodes it makes in a scratch directory of its own: a file's permissions kept, a
 * symbolic link kept, a FIFO and /dev/null written through, refusals with SHEEN_ERROR_IO.
 *
 *   capi_test OUTPUT_DIR
 */
#define _DEFAULT_SOURCE
#include <sheen.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int failures = 0;

#define CHECK(condition, ...)                                                            \
    do {                                                                                 \
        if (!(condition)) {                                                              \
            fprintf(stderr, "capi_test:%d: %s: ", __LINE__, #condition);                 \
            fprintf(stderr, __VA_ARGS__);                                                \
            fprintf(stderr, "\n");                                                       \
            failures++;                                                                  \
        }                                                                                \
    } while (0)

/* A call that must succeed. */
#define OK(call)                                                                         \
    do {                                                                                 \
        sheen_status status_ = (call);                                                   \
        CHECK(status_ == SHEEN_OK, "status %d: %s", (int)status_, sheen_last_error_message()); \
    } while (0)

/* A call that must fail with `expected` and a message mentioning `needle`. */
#define FAILS(call, expected, needle)                                                    \
    do {                                                                                 \
        sheen_status status_ = (call);                                                   \
        CHECK(status_ == (expected), "status %d, expected %d (%s)", (int)status_, (int)(expected), \
              sheen_last_error_message());                                               \
        CHECK(strstr(sheen_last_error_message(), (needle)) != NULL, "message \"%s\" lacks \"%s\"", \
              sheen_last_error_message(), (needle));                                     \
    } while (0)

enum { GUARD = 64, CANARY = 0xA5 };

/* Pixel memory with guard bytes on both sides and a misaligned base. */
typedef struct fenced {
    unsigned char *memory;
    size_t total;
    sheen_buffer buffer;
} fenced;

static fenced fenced_make(intptr_t width, intptr_t height, intptr_t padding, int32_t format, unsigned char fill) {
    fenced f;
    intptr_t bpp = format == SHEEN_FORMAT_A8 ? 1 : 4;
    intptr_t bpr = width * bpp + padding;
    f.total = (size_t)(2 * GUARD + bpr * height + 3);
    f.memory = malloc(f.total);
    memset(f.memory, CANARY, f.total);
    unsigned char *base = f.memory + GUARD + 3; /* misaligned on purpose */
    for (intptr_t y = 0; y < height; y++) memset(base + y * bpr, fill, (size_t)(width * bpp));
    f.buffer = (sheen_buffer){ base, width, height, bpr, format };
    return f;
}

static int fences_intact(const fenced *f) {
    const unsigned char *base = f->buffer.pixels;
    intptr_t bpp = f->buffer.format == SHEEN_FORMAT_A8 ? 1 : 4;
    for (const unsigned char *p = f->memory; p < base; p++) if (*p != CANARY) return 0;
    for (intptr_t y = 0; y < f->buffer.height; y++) {
        const unsigned char *row = base + y * f->buffer.bytes_per_row;
        for (intptr_t i = f->buffer.width * bpp; i < f->buffer.bytes_per_row; i++) if (row[i] != CANARY) return 0;
    }
    const unsigned char *end = base + f->buffer.bytes_per_row * f->buffer.height;
    for (const unsigned char *p = end; p < f->memory + f->total; p++) if (*p != CANARY) return 0;
    return 1;
}

static unsigned char *snapshot(const fenced *f) {
    unsigned char *copy = malloc(f->total);
    memcpy(copy, f->memory, f->total);
    return copy;
}

static int unchanged(const fenced *f, const unsigned char *before) { return memcmp(f->memory, before, f->total) == 0; }

/* Writes the buffer's rows (without padding) to DIR/NAME. */
static void write_rows(const char *dir, const char *name, const sheen_buffer *b) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *file = fopen(path, "wb");
    CHECK(file != NULL, "cannot create %s", path);
    if (!file) return;
    intptr_t bpp = b->format == SHEEN_FORMAT_A8 ? 1 : 4;
    for (intptr_t y = 0; y < b->height; y++)
        fwrite((const unsigned char *)b->pixels + y * b->bytes_per_row, 1, (size_t)(b->width * bpp), file);
    fclose(file);
}

/* Canvas compositing: copying a 2×2 red image into a grey buffer leaves red there and clears
 * everything else, as a canvas's "copy" does. */
/* The library's operators: the first value sheen_operator_name does not know. */
static int32_t operator_count(void) {
    int32_t n = 0;
    while (sheen_operator_name(n) != NULL) n++;
    return n;
}

static void canvas_copy(void) {
    fenced dst = fenced_make(6, 5, 4, SHEEN_FORMAT_RGBA8_PREMULTIPLIED, 0x80);
    sheen_image *small = NULL;
    OK(sheen_image_create(2, 2, SHEEN_FORMAT_RGBA8_PREMULTIPLIED, &small));
    sheen_buffer pixels;
    OK(sheen_image_get_buffer(small, &pixels));
    sheen_paint red = { .kind = SHEEN_PAINT_COLOR, .color = { 1, 0, 0, 1 } };
    OK(sheen_composite(&pixels, &red, SHEEN_OP_SOURCE, NULL));
    sheen_paint image = { .kind = SHEEN_PAINT_IMAGE, .image = &pixels, .image_x = 2, .image_y = 1 };
    OK(sheen_composite_canvas(&dst.buffer, &image, SHEEN_OP_SOURCE, NULL, 1));
    const unsigned char *base = dst.buffer.pixels;
    for (intptr_t y = 0; y < 5; y++) {
        for (intptr_t x = 0; x < 6; x++) {
            const unsigned char *p = base + y * dst.buffer.bytes_per_row + x * 4;
            int inside = x >= 2 && x < 4 && y >= 1 && y < 3;
            CHECK(inside ? (p[0] == 255 && p[3] == 255) : (p[0] == 0 && p[1] == 0 && p[2] == 0 && p[3] == 0),
                  "canvas copy at (%ld, %ld): %d %d %d %d", (long)x, (long)y, p[0], p[1], p[2], p[3]);
        }
    }
    CHECK(fences_intact(&dst), "canvas copy wrote outside the buffer");
    sheen_image_destroy(small);
    free(dst.memory);
}

static void bad_input(void) {
    fenced dst = fenced_make(40, 20, 12, SHEEN_FORMAT_RGBA8_PREMULTIPLIED, 0x40);
    unsigned char *before = snapshot(&dst);
    sheen_paint red = { .kind = SHEEN_PAINT_COLOR, .color = { 1, 0, 0, 1 } };

    FAILS(sheen_composite(NULL, &red, SHEEN_OP_SOURCE_OVER, NULL), SHEEN_ERROR_NULL_POINTER, "destination");
    FAILS(sheen_composite(&dst.buffer, NULL, SHEEN_OP_SOURCE_OVER, NULL), SHEEN_ERROR_NULL_POINTER, "paint");
    FAILS(sheen_composite(&dst.buffer, &red, 999, NULL), SHEEN_ERROR_INVALID_ARGUMENT, "operator 999");
    FAILS(sheen_composite(&dst.buffer, &red, -1, NULL), SHEEN_ERROR_INVALID_ARGUMENT, "operator -1");
    {
        uint8_t p[4] = {1, 2, 3, 4}, d[4] = {5, 6, 7, 8};
        double out[4] = {-1, -1, -1, -1};
        char past[32];
        snprintf(past, sizeof past, "operator %d", (int)operator_count());
        FAILS(sheen_exact_composite(operator_count(), 0, 0, p, NULL, d, 1, out), SHEEN_ERROR_INVALID_ARGUMENT, past);
        FAILS(sheen_exact_composite(3, 3, 0, p, NULL, d, 1, out), SHEEN_ERROR_INVALID_ARGUMENT, "rule 3");
        FAILS(sheen_exact_composite(3, 0, 7, p, NULL, d, 1, out), SHEEN_ERROR_INVALID_ARGUMENT, "format 7");
        FAILS(sheen_exact_composite(3, 0, 0, p, NULL, d, -1, out), SHEEN_ERROR_INVALID_ARGUMENT, "count -1");
        FAILS(sheen_exact_composite(3, 0, 0, NULL, NULL, d, 1, out), SHEEN_ERROR_NULL_POINTER, "paint");
        FAILS(sheen_exact_composite(3, 0, 0, p, NULL, d, 1, NULL), SHEEN_ERROR_NULL_POINTER, "out");
        CHECK(out[0] == -1 && out[3] == -1, "a refused sheen_exact_composite wrote its output");
        OK(sheen_exact_composite(3, 0, 0, NULL, NULL, NULL, 0, NULL));
        CHECK(sheen_operator_name(-1) == NULL && operator_count() > SHEEN_OP_LUMINOSITY, "sheen_operator_name past the operators");
        CHECK(strcmp(sheen_operator_name(SHEEN_OP_SOURCE_OVER), "sourceOver") == 0, "sheen_operator_name(SOURCE_OVER)");
    }
    FAILS(sheen_composite_canvas(&dst.buffer, &red, SHEEN_OP_SOURCE, NULL, NAN), SHEEN_ERROR_INVALID_ARGUMENT, "globalAlpha");
    FAILS(sheen_composite_canvas(&dst.buffer, &red, SHEEN_OP_SOURCE, NULL, 1.5), SHEEN_ERROR_INVALID_ARGUMENT, "globalAlpha");
    sheen_paint odd = { .kind = 42 };
    FAILS(sheen_composite(&dst.buffer, &odd, SHEEN_OP_SOURCE_OVER, NULL), SHEEN_ERROR_INVALID_ARGUMENT, "paint->kind 42");
    sheen_paint nan_paint = { .kind = SHEEN_PAINT_COLOR, .color = { NAN, 0, 0, 1 } };
    FAILS(sheen_composite(&dst.buffer, &nan_paint, SHEEN_OP_SOURCE_OVER, NULL), SHEEN_ERROR_INVALID_ARGUMENT, "red");
    sheen_paint bad_premultiplied = { .kind = SHEEN_PAINT_PREMULTIPLIED, .premultiplied = { 200, 0, 0, 100 } };
    FAILS(sheen_composite(&dst.buffer, &bad_premultiplied, SHEEN_OP_SOURCE_OVER, NULL), SHEEN_ERROR_INVALID_ARGUMENT, "premultiplied");

    sheen_buffer negative = dst.buffer; negative.width = -5;
    FAILS(sheen_composite(&negative, &red, SHEEN_OP_SOURCE_OVER, NULL), SHEEN_ERROR_INVALID_BUFFER, "-5");
    sheen_buffer narrow = dst.buffer; narrow.bytes_per_row = 10;
    FAILS(sheen_composite(&narrow, &red, SHEEN_OP_SOURCE_OVER, NULL), SHEEN_ERROR_INVALID_BUFFER, "10");
    sheen_buffer no_pixels = dst.buffer; no_pixels.pixels = NULL;
    FAILS(sheen_composite(&no_pixels, &red, SHEEN_OP_SOURCE_OVER, NULL), SHEEN_ERROR_NULL_POINTER, "pixels");
    sheen_buffer bad_format = dst.buffer; bad_format.format = 7;
    FAILS(sheen_composite(&bad_format, &red, SHEEN_OP_SOURCE_OVER, NULL), SHEEN_ERROR_INVALID_ARGUMENT, "format 7");
    sheen_buffer huge = dst.buffer; huge.height = INTPTR_MAX / 2;
    FAILS(sheen_composite(&huge, &red, SHEEN_OP_SOURCE_OVER, NULL), SHEEN_ERROR_INVALID_BUFFER, "");
    sheen_coverage no_mask = { .kind = SHEEN_COVERAGE_MASK, .alpha = 255 };
    FAILS(sheen_composite(&dst.buffer, &red, SHEEN_OP_SOURCE_OVER, &no_mask), SHEEN_ERROR_NULL_POINTER, "mask");
    sheen_coverage rgba_mask = { .kind = SHEEN_COVERAGE_MASK, .alpha = 255, .mask = &dst.buffer };
    FAILS(sheen_composite(&dst.buffer, &red, SHEEN_OP_SOURCE_OVER, &rgba_mask), SHEEN_ERROR_INVALID_BUFFER, "");

    FAILS(sheen_blur(&dst.buffer, NAN, 2, SHEEN_BLUR_EDGES_TRANSPARENT), SHEEN_ERROR_INVALID_ARGUMENT, "nan");
    FAILS(sheen_blur(&dst.buffer, INFINITY, 2, SHEEN_BLUR_EDGES_TRANSPARENT), SHEEN_ERROR_INVALID_ARGUMENT, "inf");
    FAILS(sheen_blur(&dst.buffer, 1000, 2, SHEEN_BLUR_EDGES_TRANSPARENT), SHEEN_ERROR_INVALID_ARGUMENT, "1000");
    FAILS(sheen_blur(&dst.buffer, 2, 2, 5), SHEEN_ERROR_INVALID_ARGUMENT, "edges 5");

    sheen_gradient *gradient = (sheen_gradient *)0x1;
    FAILS(sheen_gradient_create_linear(0, 0, 10, 0, NULL, 0, &gradient), SHEEN_ERROR_INVALID_ARGUMENT, "");
    CHECK(gradient == (sheen_gradient *)0x1, "a failed create wrote its out-parameter");
    sheen_gradient_stop stops[2] = { { 0, { 0, 0, 1, 1 } }, { NAN, { 1, 0, 0, 1 } } };
    FAILS(sheen_gradient_create_linear(0, 0, 10, 0, stops, 2, &gradient), SHEEN_ERROR_INVALID_ARGUMENT, "stops[1].offset");
    stops[1].offset = 1;
    FAILS(sheen_gradient_create_linear(0, 0, 10, 0, stops, 2, NULL), SHEEN_ERROR_NULL_POINTER, "out");
    FAILS(sheen_gradient_create_radial(5, 5, 0, 5, 5, NAN, stops, 2, &gradient), SHEEN_ERROR_INVALID_ARGUMENT, "");
    OK(sheen_gradient_create_linear(0, 0, 10, 0, stops, 2, &gradient));
    FAILS(sheen_gradient_set_spread(gradient, 3), SHEEN_ERROR_INVALID_ARGUMENT, "spread 3");
    double singular[6] = { 0, 0, 0, 0, 0, 0 };
    FAILS(sheen_gradient_set_transform(gradient, singular), SHEEN_ERROR_INVALID_ARGUMENT, "");
    FAILS(sheen_fill_gradient(&negative, gradient), SHEEN_ERROR_INVALID_BUFFER, "");
    FAILS(sheen_fill_gradient(&dst.buffer, NULL), SHEEN_ERROR_NULL_POINTER, "gradient");
    sheen_pattern *pattern = NULL;
    FAILS(sheen_pattern_create(gradient, SHEEN_PATTERN_ROW, 0, 0, SHEEN_FORMAT_RGBA8_PREMULTIPLIED, &pattern), SHEEN_ERROR_INVALID_ARGUMENT, "length");
    FAILS(sheen_pattern_create(gradient, 9, 16, 0, SHEEN_FORMAT_RGBA8_PREMULTIPLIED, &pattern), SHEEN_ERROR_INVALID_ARGUMENT, "axis 9");
    CHECK(pattern == NULL, "a failed create wrote its out-parameter");
    OK(sheen_pattern_create(gradient, SHEEN_PATTERN_ROW, 16, 0, SHEEN_FORMAT_A8, &pattern));
    FAILS(sheen_fill_pattern(&dst.buffer, pattern), SHEEN_ERROR_INVALID_BUFFER, "");
    sheen_pattern_destroy(pattern);
    {
        double at[4] = {1, 2, NAN, 0}, out[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
        FAILS(sheen_exact_gradient(NULL, at, 1, true, out), SHEEN_ERROR_NULL_POINTER, "gradient");
        FAILS(sheen_exact_gradient(gradient, NULL, 1, true, out), SHEEN_ERROR_NULL_POINTER, "points");
        FAILS(sheen_exact_gradient(gradient, at, 1, true, NULL), SHEEN_ERROR_NULL_POINTER, "out");
        FAILS(sheen_exact_gradient(gradient, at, -1, true, out), SHEEN_ERROR_INVALID_ARGUMENT, "count -1");
        FAILS(sheen_exact_gradient(gradient, at, 2, true, out), SHEEN_ERROR_INVALID_ARGUMENT, "points[2]");
        CHECK(out[0] == -1 && out[7] == -1, "a refused sheen_exact_gradient wrote its output");
        OK(sheen_exact_gradient(gradient, at, 1, true, out));
        CHECK(fabs(out[2] - 0.9 * 255) < 1e-9 && fabs(out[0] - 0.1 * 255) < 1e-9 && out[3] == 255,
              "sheen_exact_gradient at (1, 2) of a blue-to-red line over 10 px");
    }
    sheen_gradient_destroy(gradient);
    sheen_gradient_destroy(NULL);

    sheen_font *font = NULL;
    FAILS(sheen_font_create_file("/nonexistent/font.ttf", 0, 12, &font), SHEEN_ERROR_FONT, "/nonexistent/font.ttf");
    FAILS(sheen_font_create_file("/etc/hostname", 0, 12, &font), SHEEN_ERROR_FONT, "not a usable font");
    FAILS(sheen_font_create_named("DejaVu Sans", NAN, &font), SHEEN_ERROR_INVALID_ARGUMENT, "font size");
    FAILS(sheen_font_create_named(NULL, 12, &font), SHEEN_ERROR_NULL_POINTER, "pattern");
    OK(sheen_font_create_named("DejaVu Sans", 14, &font));
    sheen_label *label = NULL;
    OK(sheen_label_create("x", font, 40, 20, &label));
    /* A font handle is not a label: a clear error, not undefined behaviour. */
    FAILS(sheen_label_render((const sheen_label *)font, &dst.buffer, 0, 0), SHEEN_ERROR_INVALID_ARGUMENT, "not a sheen_label");
    OK(sheen_label_set_background(label, &(sheen_color){ 0, 0, 1, 1 }));
    /* Setters refuse what drawing would refuse, at once, and leave the label as it was. */
    FAILS(sheen_label_add_shadow(label, 0, 0, NAN, 0, (sheen_color){ 0, 0, 0, 1 }), SHEEN_ERROR_INVALID_ARGUMENT, "sigma");
    FAILS(sheen_label_add_shadow(label, NAN, 0, 2, 0, (sheen_color){ 0, 0, 0, 1 }), SHEEN_ERROR_INVALID_ARGUMENT, "offset.x");
    FAILS(sheen_label_set_stroke(label, 1000, (sheen_color){ 0, 0, 0, 1 }, SHEEN_STROKE_OUTSIDE), SHEEN_ERROR_INVALID_ARGUMENT,
          "stroke.width");
    FAILS(sheen_label_set_size(label, -1, 20), SHEEN_ERROR_INVALID_ARGUMENT, "size");
    FAILS(sheen_label_set_insets(label, NAN, 0, 0, 0), SHEEN_ERROR_INVALID_ARGUMENT, "insets.top");
    FAILS(sheen_label_set_alpha(label, NAN), SHEEN_ERROR_INVALID_ARGUMENT, "alpha");
    FAILS(sheen_label_set_alpha(label, 1.5), SHEEN_ERROR_INVALID_ARGUMENT, "alpha");
    FAILS(sheen_label_set_hinting(label, 3), SHEEN_ERROR_INVALID_ARGUMENT, "hinting 3");
    FAILS(sheen_label_create("x", font, -5, 20, &(sheen_label *){ NULL }), SHEEN_ERROR_INVALID_ARGUMENT, "size");
    sheen_rect drawn;   /* the label kept its valid state: 40×20 with no shadow or stroke */
    OK(sheen_label_drawn_bounds(label, &drawn));
    CHECK(drawn.width == 40 && drawn.height == 20, "a refused setter changed the label");
    FAILS(sheen_label_set_alignment(label, 17, 0), SHEEN_ERROR_INVALID_ARGUMENT, "alignment 17");
    FAILS(sheen_label_set_fill_gradient(label, NULL, 0, 0, SHEEN_EXTENT_INK, SHEEN_COLOR_SPACE_SRGB), SHEEN_ERROR_INVALID_ARGUMENT, "");
    sheen_buffer a8 = dst.buffer; a8.format = SHEEN_FORMAT_A8;
    FAILS(sheen_label_render(label, &a8, 0, 0), SHEEN_ERROR_INVALID_BUFFER, "");
    sheen_label_destroy(label);

    sheen_text_layout *layout = NULL;
    sheen_text_options options;
    sheen_text_options_default(&options);
    options.line_break = 99;
    FAILS(sheen_text_layout_create("text", font, &options, &layout), SHEEN_ERROR_INVALID_ARGUMENT, "line break 99");
    options.line_break = SHEEN_BREAK_WORD_WRAP;
    options.width = NAN;
    FAILS(sheen_text_layout_create("text", font, &options, &layout), SHEEN_ERROR_INVALID_ARGUMENT, "");
    CHECK(layout == NULL, "a failed create wrote its out-parameter");
    sheen_font_destroy(font);

    uint8_t *png = NULL;
    size_t png_size = 0;
    sheen_buffer empty = { NULL, 0, 0, 0, SHEEN_FORMAT_RGBA8_PREMULTIPLIED };
    FAILS(sheen_png_encode(&empty, &png, &png_size), SHEEN_ERROR_INVALID_ARGUMENT, "empty");
    FAILS(sheen_png_write(&dst.buffer, "/nonexistent/dir/x.png"), SHEEN_ERROR_IO, "/nonexistent/dir/x.png");
    sheen_image *image = NULL;
    FAILS(sheen_image_create(-1, 5, SHEEN_FORMAT_A8, &image), SHEEN_ERROR_INVALID_ARGUMENT, "width -1 is outside");
    FAILS(sheen_image_create(INTPTR_MAX, INTPTR_MAX, SHEEN_FORMAT_A8, &image), SHEEN_ERROR_INVALID_ARGUMENT, "width 9223372036854775807 is outside");
    FAILS(sheen_image_create((intptr_t)1 << 30, (intptr_t)1 << 30, SHEEN_FORMAT_RGBA8_PREMULTIPLIED, &image), SHEEN_ERROR_OUT_OF_MEMORY, "");
    CHECK(image == NULL, "a failed create wrote its out-parameter");

    CHECK(fences_intact(&dst), "a failed call wrote outside the buffer");
    CHECK(unchanged(&dst, before), "a failed call changed the destination");
    free(before);
    free(dst.memory);
}

/* Every operator and coverage kind on both colour formats, within the buffer's fences. */
static void every_operator(void) {
    sheen_gradient_stop stops[2] = { { 0, { 0.2f, 0.5f, 1, 0.8f } }, { 1, { 1, 0.2f, 0.1f, 1 } } };
    sheen_gradient *gradient = NULL;
    OK(sheen_gradient_create_linear(0, 0, 37, 0, stops, 2, &gradient));
    fenced mask = fenced_make(16, 9, 5, SHEEN_FORMAT_A8, 0x80);
    for (int32_t format = 0; format <= 2; format++) {
        for (int32_t op = SHEEN_OP_CLEAR; op < operator_count(); op++) {
            for (int32_t coverage_kind = 0; coverage_kind <= 2; coverage_kind++) {
                fenced dst = fenced_make(37, 11, 7, format, 0x30);
                sheen_paint paint = { .kind = op % 2 ? SHEEN_PAINT_GRADIENT : SHEEN_PAINT_COLOR, .color = { 0.1f, 0.9f, 0.3f, 0.7f },
                                      .gradient = gradient };
                sheen_coverage coverage = { .kind = coverage_kind, .alpha = 200, .mask = &mask.buffer, .mask_x = 30, .mask_y = -3 };
                sheen_status status = sheen_composite(&dst.buffer, &paint, op, &coverage);
                /* Porter-Duff operators come first; SHEEN_OP_* values are ABI, so later operators are appended blend modes. */
                int blend = op >= SHEEN_OP_MULTIPLY;
                CHECK(status == (blend && format == SHEEN_FORMAT_A8 ? SHEEN_ERROR_UNSUPPORTED : SHEEN_OK),
                      "operator %d format %d coverage %d: status %d (%s)", op, format, coverage_kind, (int)status,
                      sheen_last_error_message());
                CHECK(fences_intact(&dst), "operator %d format %d wrote outside the buffer", op, format);
                free(dst.memory);
            }
        }
    }
    CHECK(fences_intact(&mask), "the mask was written");
    free(mask.memory);
    sheen_gradient_destroy(gradient);
}

/* The seed label, and a gradient composited through a text mask into the program's own buffer:
 * written to DIR for SheenCTests to compare with the Swift API. */
static void render(const char *dir) {
    sheen_font *font = NULL;
    OK(sheen_font_create_named("DejaVu Sans:bold", 48, &font));
    sheen_label *label = NULL;
    OK(sheen_label_create("Always correct gradient text", font, 1024, 160, &label));
    sheen_color colors[2] = { sheen_color_from_rgba(0x3478F6FF), sheen_color_from_rgba(0xFF3B30FF) };
    OK(sheen_label_set_fill_gradient(label, colors, 2, 0, SHEEN_EXTENT_INK, SHEEN_COLOR_SPACE_SRGB));
    OK(sheen_label_set_stroke(label, 2, sheen_color_from_rgba(0x333333FF), SHEEN_STROKE_OUTSIDE));
    OK(sheen_label_add_shadow(label, 0, 4, 6, 0, sheen_color_from_rgba(0x00000080)));
    sheen_image *image = NULL;
    OK(sheen_label_image(label, &image));
    sheen_buffer pixels;
    OK(sheen_image_get_buffer(image, &pixels));
    /* Left-aligned, the "A"'s stroke and the shadow overhang the label's left edge: the image
     * holds its drawn bounds, the label's corner at (-bounds.x, -bounds.y). */
    sheen_rect bounds;
    OK(sheen_label_drawn_bounds(label, &bounds));
    CHECK(bounds.x < 0 && bounds.y == 0 && bounds.x + bounds.width == 1024 && bounds.height == 160,
          "drawn bounds %ld %ld %ldx%ld", (long)bounds.x, (long)bounds.y, (long)bounds.width, (long)bounds.height);
    CHECK(pixels.width == bounds.width && pixels.height == bounds.height, "label image %ldx%ld",
          (long)pixels.width, (long)pixels.height);
    write_rows(dir, "label.rgba", &pixels);
    char path[4096];
    snprintf(path, sizeof path, "%s/label.png", dir);
    OK(sheen_png_write(&pixels, path));
    uint8_t *png = NULL;
    size_t png_size = 0;
    OK(sheen_png_encode(&pixels, &png, &png_size));
    CHECK(png_size > 8 && memcmp(png, "\x89PNG", 4) == 0, "PNG bytes");
    sheen_free(png);

    /* The same label drawn into the program's own BGRA buffer over a background, at an origin
     * partly outside it. */
    fenced own = fenced_make(700, 120, 16, SHEEN_FORMAT_BGRA8_PREMULTIPLIED, 0xFF);
    OK(sheen_label_render(label, &own.buffer, -100, -20));
    CHECK(fences_intact(&own), "the label was drawn outside the buffer");
    write_rows(dir, "label-own.bgra", &own.buffer);
    free(own.memory);

    /* The same label read from a JSON spec equals it byte for byte; only `length` bytes are read
     * (the text after them is not JSON). */
    static const char spec[] =
        "{\"text\": \"Always correct gradient text\", \"font\": \"DejaVu Sans:bold\", \"size\": 48,\n"
        " \"canvas\": [1024, 160], \"fill\": {\"colors\": [\"#3478F6\", \"#FF3B30\"], \"extent\": \"ink\"},\n"
        " \"stroke\": {\"width\": 2, \"color\": \"#333333\"},\n"
        " \"shadows\": [{\"color\": \"#00000080\", \"offset\": [0, 4], \"sigma\": 6}]} and not JSON";
    const size_t spec_length = strlen(spec) - strlen(" and not JSON");
    sheen_label *from_spec = NULL;
    OK(sheen_label_create_from_spec(spec, spec_length, &from_spec));
    sheen_image *spec_image = NULL;
    OK(sheen_label_image(from_spec, &spec_image));
    sheen_buffer spec_pixels;
    OK(sheen_image_get_buffer(spec_image, &spec_pixels));
    CHECK(spec_pixels.width == pixels.width && spec_pixels.height == pixels.height, "spec label %ldx%ld",
          (long)spec_pixels.width, (long)spec_pixels.height);
    int same = spec_pixels.width == pixels.width && spec_pixels.height == pixels.height;
    for (intptr_t y = 0; same && y < pixels.height; y++) {
        same = memcmp((const uint8_t *)spec_pixels.pixels + y * spec_pixels.bytes_per_row,
                      (const uint8_t *)pixels.pixels + y * pixels.bytes_per_row, (size_t)pixels.width * 4) == 0;
    }
    CHECK(same, "the spec's label differs from the label made with setters");
    write_rows(dir, "spec-label.rgba", &spec_pixels);
    sheen_image_destroy(spec_image);
    sheen_label_destroy(from_spec);
    /* Refusals name where: the line and column of broken JSON, the field of a wrong value; the
     * out-parameter is left alone. */
    sheen_label *untouched = (sheen_label *)&failures;
    FAILS(sheen_label_create_from_spec(spec, strlen(spec), &untouched), SHEEN_ERROR_INVALID_ARGUMENT,
          "unexpected text after the document at line 4, column");
    FAILS(sheen_label_create_from_spec("{\"text\": \"x\", \"colour\": 1}", 26, &untouched), SHEEN_ERROR_INVALID_ARGUMENT,
          "unknown field \"colour\"");
    FAILS(sheen_label_create_from_spec("{\"runs\": [{\"text\": \"x\", \"underline\": \"wavy\"}]}", 46, &untouched),
          SHEEN_ERROR_INVALID_ARGUMENT, "runs[0].underline");
    FAILS(sheen_label_create_from_spec("", 0, &untouched), SHEEN_ERROR_INVALID_ARGUMENT, "unexpected end of the document");
    FAILS(sheen_label_create_from_spec(NULL, 4, &untouched), SHEEN_ERROR_NULL_POINTER, "json");
    CHECK(untouched == (sheen_label *)&failures, "a refused spec wrote its out-parameter");

    sheen_label_destroy(label);
    sheen_image_destroy(image);

    /* A text field while editing, "naïve café" with the caret after "café"'s é (byte 12), into
     * a fenced buffer at an origin inside it; hit testing and a caret rectangle in bytes. */
    sheen_font *sans = NULL;
    OK(sheen_font_create_named("DejaVu Sans", 24, &sans));
    sheen_text_field *field = NULL;
    OK(sheen_text_field_create("na\xC3\xAFve caf\xC3\xA9", sans, 200, 44, &field));
    OK(sheen_text_field_set_fill_gradient(field, colors, 2, 0, SHEEN_COLOR_SPACE_SRGB));
    OK(sheen_text_field_add_shadow(field, 0, 2, 2, 0, sheen_color_from_rgba(0x00000080)));
    OK(sheen_text_field_set_background(field, &(sheen_color){ 0.95, 0.95, 0.97, 1 }));
    OK(sheen_text_field_set_editing(field, true, 12, 0, 0));
    /* Refused, the field unchanged: a byte inside "ï", past the end, a NaN scroll offset. */
    FAILS(sheen_text_field_set_editing(field, true, 3, 0, 0), SHEEN_ERROR_INVALID_ARGUMENT, "not a character boundary");
    FAILS(sheen_text_field_set_editing(field, true, 40, 0, 0), SHEEN_ERROR_INVALID_ARGUMENT, "caret");
    FAILS(sheen_text_field_set_scroll_offset(field, NAN), SHEEN_ERROR_INVALID_ARGUMENT, "scrollOffset");
    fenced boxed = fenced_make(240, 60, 8, SHEEN_FORMAT_RGBA8_PREMULTIPLIED, 0xFF);
    FAILS(sheen_text_field_render((const sheen_text_field *)sans, &boxed.buffer, 0, 0), SHEEN_ERROR_INVALID_ARGUMENT,
          "not a sheen_text_field");
    double caret[4];
    OK(sheen_text_field_caret_rect(field, 12, caret));
    size_t hit = 0;
    OK(sheen_text_field_caret_index_at(field, caret[0] + caret[2] / 2, caret[1] + caret[3] / 2, &hit));
    CHECK(hit == 12, "caret index at the caret's middle: %zu", hit);
    OK(sheen_text_field_caret_index_at(field, caret[0] - 1000, caret[1], &hit));
    CHECK(hit == 0, "caret index left of the text: %zu", hit);
    OK(sheen_text_field_render(field, &boxed.buffer, 20, 8));
    CHECK(fences_intact(&boxed), "the field was drawn outside the buffer");
    write_rows(dir, "field.rgba", &boxed.buffer);

    /* Any label gradient from C: a conic, dithered OKLab fill over the lines' ink and a radial
     * placeholder fill, as the CLI's --gradient, --space, --dither and --extent describe them. */
    sheen_gradient_stop conic_stops[3] = { { 0, colors[0] }, { 0.5, sheen_color_from_rgba(0xFF9500FF) }, { 1, colors[1] } };
    sheen_label_gradient conic;
    sheen_label_gradient_default(&conic);
    conic.kind = SHEEN_LABEL_GRADIENT_CONIC;
    conic.angle = 30;
    conic.stops = conic_stops;
    conic.count = 3;
    conic.space = SHEEN_COLOR_SPACE_OKLAB;
    conic.extent = SHEEN_EXTENT_LINES;
    conic.dither = true;
    sheen_text_field *styled = NULL;
    OK(sheen_text_field_create("Conic field", sans, 200, 44, &styled));
    OK(sheen_text_field_set_fill(styled, &conic));
    sheen_label_gradient bad = conic;
    bad.kind = 7;
    FAILS(sheen_text_field_set_fill(styled, &bad), SHEEN_ERROR_INVALID_ARGUMENT, "sheen_label_gradient_kind");
    bad = conic;
    bad.count = 0;
    FAILS(sheen_text_field_set_fill(styled, &bad), SHEEN_ERROR_INVALID_ARGUMENT, "stop");
    fenced conic_box = fenced_make(200, 44, 8, SHEEN_FORMAT_RGBA8_PREMULTIPLIED, 0xFF);
    OK(sheen_text_field_render(styled, &conic_box.buffer, 0, 0));
    CHECK(fences_intact(&conic_box), "the conic field was drawn outside the buffer");
    write_rows(dir, "field-conic.rgba", &conic_box.buffer);
    free(conic_box.memory);
    sheen_text_field_destroy(styled);
    free(boxed.memory);
    sheen_text_field_destroy(field);
    sheen_font_destroy(sans);

    /* A conic gradient in OKLab, reflected, composited sourceOver through a blurred text mask. */
    sheen_text_options options;
    sheen_text_options_default(&options);
    options.width = 300;
    options.number_of_lines = 0;
    options.line_break = SHEEN_BREAK_WORD_WRAP;
    options.alignment = SHEEN_ALIGN_CENTER;
    sheen_text_layout *layout = NULL;
    OK(sheen_text_layout_create("Sheen from C: gradients through text", font, &options, &layout));
    sheen_image *mask_image = NULL;
    intptr_t mask_x = 0, mask_y = 0;
    OK(sheen_text_layout_mask(layout, &mask_image, &mask_x, &mask_y));
    sheen_buffer mask;
    OK(sheen_image_get_buffer(mask_image, &mask));
    OK(sheen_blur(&mask, 1.5, 1.5, SHEEN_BLUR_EDGES_TRANSPARENT));
    sheen_gradient_stop stops[3] = { { 0, sheen_color_from_rgba(0x3478F6FF) }, { 0.5, sheen_color_from_rgba(0xFF9500FF) },
                                     { 1, sheen_color_from_rgba(0xAF52DEFF) } };
    sheen_gradient *gradient = NULL;
    OK(sheen_gradient_create_conic(150, 60, 0.5, stops, 3, &gradient));
    {
        /* Any kind by its numbers: the same conic, pixel for pixel; a count that is not the
         * kind's is refused and writes nothing. */
        const double numbers[3] = { 150, 60, 0.5 };
        sheen_gradient *by_shape = NULL, *untouched = NULL;
        OK(sheen_gradient_create_shape(SHEEN_GRADIENT_KIND_CONIC, numbers, 3, stops, 3, &by_shape));
        CHECK(sheen_gradient_create_shape(SHEEN_GRADIENT_KIND_CONIC, numbers, 2, stops, 3, &untouched) ==
                  SHEEN_ERROR_INVALID_ARGUMENT && untouched == NULL, "a conic with 2 numbers was not refused");
        fenced a = fenced_make(40, 9, 5, SHEEN_FORMAT_RGBA8_PREMULTIPLIED, 0);
        fenced b = fenced_make(40, 9, 5, SHEEN_FORMAT_RGBA8_PREMULTIPLIED, 0);
        OK(sheen_fill_gradient(&a.buffer, gradient));
        OK(sheen_fill_gradient(&b.buffer, by_shape));
        CHECK(memcmp(a.memory, b.memory, a.total) == 0, "sheen_gradient_create_shape's conic differs from _conic's");
        free(a.memory);
        free(b.memory);
        sheen_gradient_destroy(by_shape);
    }
    OK(sheen_gradient_set_spread(gradient, SHEEN_SPREAD_REFLECT));
    OK(sheen_gradient_set_color_space(gradient, SHEEN_COLOR_SPACE_OKLAB));
    fenced canvas = fenced_make(320, 130, 24, SHEEN_FORMAT_RGBA8_PREMULTIPLIED, 0);
    sheen_paint background = { .kind = SHEEN_PAINT_PREMULTIPLIED, .premultiplied = { 20, 24, 30, 255 } };
    OK(sheen_composite(&canvas.buffer, &background, SHEEN_OP_SOURCE, NULL));
    sheen_paint paint = { .kind = SHEEN_PAINT_GRADIENT, .gradient = gradient };
    sheen_coverage coverage = { .kind = SHEEN_COVERAGE_MASK, .alpha = 255, .mask = &mask, .mask_x = mask_x + 10, .mask_y = mask_y + 5 };
    OK(sheen_composite(&canvas.buffer, &paint, SHEEN_OP_SOURCE_OVER, &coverage));
    /* The text itself on top, drawn into an A8 copy of its coverage. */
    fenced coverage_a8 = fenced_make(320, 130, 3, SHEEN_FORMAT_A8, 0);
    OK(sheen_text_layout_draw(layout, &coverage_a8.buffer, 10, 5));
    sheen_coverage text = { .kind = SHEEN_COVERAGE_MASK, .alpha = 255, .mask = &coverage_a8.buffer };
    sheen_paint white = { .kind = SHEEN_PAINT_COLOR, .color = { 1, 1, 1, 1 } };
    OK(sheen_composite(&canvas.buffer, &white, SHEEN_OP_SOURCE_OVER, &text));
    CHECK(fences_intact(&canvas) && fences_intact(&coverage_a8), "composite wrote outside the buffer");
    write_rows(dir, "composite.rgba", &canvas.buffer);
    free(canvas.memory);
    free(coverage_a8.memory);
    sheen_gradient_destroy(gradient);
    sheen_image_destroy(mask_image);
    sheen_text_layout_destroy(layout);
    sheen_font_destroy(font);
}

/* The shared corpus: what layout, a label and a field answer from C — line metrics, carets on
 * both sides of every character boundary, taps across every line, sizes that fit — written as
 * text (doubles as %a, exact) into OUTPUT_DIR/layout-corpus.txt with each text's bytes, for
 * SheenCTests to ask Swift the same questions and compare answer for answer. */
static const char *const corpus[] = {
    "Hello, world",
    "abc \xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D def",                                     /* abc שלום def */
    "\xE0\xB8\x97\xE0\xB8\xB5\xE0\xB9\x88\xE0\xB8\x99\xE0\xB8\xB5\xE0\xB9\x88\nAgjy", /* ที่นี่\nAgjy */
    "e\xCC\x81\xF0\x9F\x91\x8D\xF0\x9F\x8F\xBDx",                                   /* é👍🏽x */
    "\xD9\x85\xD8\xB1\xD8\xAD\xD8\xA8\xD8\xA7 123 \xD8\xA8\xD8\xA7\xD9\x84\xD8\xB9\xD8\xA7\xD9\x84\xD9\x85", /* مرحبا 123 بالعالم */
    "\xE4\xB8\xAD\xE6\x96\x87\xE6\x8E\x92\xE7\x89\x88\xE6\xB5\x8B\xE8\xAF\x95\xEF\xBC\x8C\xE7\xAC\xAC\xE4\xBA\x8C\xE8\xA1\x8C", /* 中文排版测试，第二行 */
    "\xED\x95\x9C\xEA\xB5\xAD\xEC\x96\xB4 \xEB\xAC\xB8\xEC\x9E\xA5 \xEB\xB0\xB0\xEC\xB9\x98", /* 한국어 문장 배치 */
    "Wrapped words over several lines of text, then a trailing newline\n",
    "",
};

static void corpus_answers(const char *dir) {
    char path[1024];
    snprintf(path, sizeof path, "%s/layout-corpus.txt", dir);
    FILE *out = fopen(path, "w");
    CHECK(out != NULL, "cannot write %s", path);
    if (!out) return;
    sheen_font *font = NULL;
    OK(sheen_font_create_named("DejaVu Sans", 20, &font));
    sheen_text_options options;
    sheen_text_options_default(&options);
    options.width = 160;
    options.line_break = SHEEN_BREAK_WORD_WRAP;
    options.number_of_lines = 0;
    for (size_t t = 0; t < sizeof corpus / sizeof corpus[0]; t++) {
        const char *text = corpus[t];
        size_t length = strlen(text);
        fprintf(out, "text ");
        for (size_t i = 0; i < length; i++) fprintf(out, "%02x", (unsigned char)text[i]);
        fprintf(out, "\n");
        sheen_text_layout *layout = NULL;
        OK(sheen_text_layout_create(text, font, &options, &layout));
        size_t count = 0;
        OK(sheen_text_layout_line_count(layout, &count));
        fprintf(out, "lines %zu\n", count);
        for (size_t i = 0; i < count; i++) {
            sheen_line_info l;
            OK(sheen_text_layout_line_info(layout, i, &l));
            fprintf(out, "line %zu %a %a %a %a %a %a %a %zu %zu %d %d\n", i, l.x, l.y, l.width, l.height, l.baseline, l.box_y,
                    l.box_height, l.start, l.end, l.truncated, l.right_to_left);
            for (double x = -10; x <= 175; x += 7) {
                size_t index = 0;
                int32_t affinity = 0;
                OK(sheen_text_layout_caret_at(layout, x, l.y + l.height / 2, &index, &affinity));
                fprintf(out, "hit %a %a %zu %d\n", x, l.y + l.height / 2, index, (int)affinity);
            }
        }
        sheen_text_field *field = NULL;
        OK(sheen_text_field_create(text, font, 200, 44, &field));
        size_t previous = 0;   /* the character boundary before b */
        for (size_t b = 0; b <= length; b++) {
            if (b < length && ((unsigned char)text[b] & 0xC0) == 0x80) continue;   /* inside a character */
            for (int32_t affinity = 0; affinity <= 1; affinity++) {
                size_t line = 0;
                double x = 0, r[4];
                if (count > 0) {
                    OK(sheen_text_layout_caret(layout, b, affinity, &line, &x));
                    fprintf(out, "caret %zu %d %zu %a\n", b, (int)affinity, line, x);
                }
                OK(sheen_text_field_caret_rect_with_affinity(field, b, affinity, r));
                fprintf(out, "field-caret %zu %d %a %a %a %a\n", b, (int)affinity, r[0], r[1], r[2], r[3]);
            }
            size_t lo = 0, hi = 0;
            OK(sheen_text_layout_grapheme_range(layout, previous, b, &lo, &hi));
            fprintf(out, "grapheme %zu %zu %zu\n", b, lo, hi);
            previous = b;
        }
        for (double x = -10; x <= 210; x += 9) {
            size_t index = 0;
            int32_t affinity = 0;
            OK(sheen_text_field_caret_position_at(field, x, 22, &index, &affinity));
            fprintf(out, "field-hit %a %zu %d\n", x, index, (int)affinity);
        }
        /* Secure entry: bullets, indices still the text's bytes; auto-shrink in a narrow field. */
        sheen_text_field *secret = NULL;
        OK(sheen_text_field_create(text, font, 120, 44, &secret));
        OK(sheen_text_field_set_secure(secret, true));
        OK(sheen_text_field_set_adjusts_font_size(secret, true, 8));
        for (size_t b = 0; b <= length; b++) {
            if (b < length && ((unsigned char)text[b] & 0xC0) == 0x80) continue;
            double r[4];
            OK(sheen_text_field_caret_rect(secret, b, r));
            fprintf(out, "secure-caret %zu %a %a %a %a\n", b, r[0], r[1], r[2], r[3]);
        }
        sheen_text_field_destroy(secret);
        /* Multi-line mode: a text view 160 px wide, carets on every line, its fitting height. */
        sheen_text_field *view = NULL;
        OK(sheen_text_field_create(text, font, 160, 60, &view));
        OK(sheen_text_field_set_multiline(view, true));
        OK(sheen_text_field_set_editing(view, true, length, 0, 0));
        for (size_t b = 0; b <= length; b++) {
            if (b < length && ((unsigned char)text[b] & 0xC0) == 0x80) continue;
            double r[4];
            OK(sheen_text_field_caret_rect(view, b, r));
            size_t hit = 0;
            int32_t side = 0;
            OK(sheen_text_field_caret_position_at(view, r[0] + r[2] / 2, r[1] + r[3] / 2, &hit, &side));
            fprintf(out, "view-caret %zu %a %a %a %a %zu %d\n", b, r[0], r[1], r[2], r[3], hit, (int)side);
            /* The selection handles from here to 7 bytes on (the next boundary at or after it). */
            size_t e = b + 7 < length ? b + 7 : length;
            while (e < length && ((unsigned char)text[e] & 0xC0) == 0x80) e++;
            double h[8], fh[8];
            OK(sheen_text_field_selection_handles(view, b, e, h));
            OK(sheen_text_field_selection_handles(field, b, e, fh));
            fprintf(out, "handles %zu %zu %a %a %a %a %a %a %a %a %a %a\n", b, e, h[0], h[1], h[3], h[4], h[5], h[7], fh[0], fh[1],
                    fh[4], fh[5]);
            /* Every movement from here, both affinities; up and down at x 40 (and their own x). */
            for (int32_t affinity = 0; affinity <= 1; affinity++) {
                for (int32_t movement = SHEEN_MOVE_LEFT; movement <= SHEEN_MOVE_DOCUMENT_END; movement++) {
                    size_t to = 0;
                    int32_t to_side = 0;
                    OK(sheen_text_field_move_caret(view, b, affinity, movement, NAN, &to, &to_side));
                    fprintf(out, "view-move %zu %d %d %zu %d\n", b, (int)affinity, (int)movement, to, (int)to_side);
                }
                size_t to = 0;
                int32_t to_side = 0;
                OK(sheen_text_field_move_caret(view, b, affinity, SHEEN_MOVE_DOWN, 40, &to, &to_side));
                fprintf(out, "view-move-x %zu %d %zu %d\n", b, (int)affinity, to, (int)to_side);
            }
        }
        double scrolled = 0, view_fit[2];
        OK(sheen_text_field_resolved_scroll_offset(view, &scrolled));
        OK(sheen_text_field_size_that_fits(view, view_fit));
        fprintf(out, "view-fit %a %a %a\n", scrolled, view_fit[0], view_fit[1]);
        sheen_text_field_destroy(view);
        /* A spaced view: lines 1.5 high, 3 px apart, paragraphs 2 px before and 7 px after, its
         * short lines at the bottom; a field with its line at the top. */
        sheen_text_field *spaced = NULL;
        OK(sheen_text_field_create(text, font, 160, 400, &spaced));
        OK(sheen_text_field_set_multiline(spaced, true));
        OK(sheen_text_field_set_line_spacing(spaced, 1.5, 3));
        OK(sheen_text_field_set_paragraph_spacing(spaced, 2, 7));
        OK(sheen_text_field_set_vertical_alignment(spaced, SHEEN_VALIGN_BOTTOM));
        OK(sheen_text_field_set_vertical_alignment(field, SHEEN_VALIGN_TOP));
        for (size_t b = 0; b <= length; b++) {
            if (b < length && ((unsigned char)text[b] & 0xC0) == 0x80) continue;
            double r[4], f[4];
            OK(sheen_text_field_caret_rect(spaced, b, r));
            OK(sheen_text_field_caret_rect(field, b, f));
            fprintf(out, "spaced-caret %zu %a %a %a %a %a\n", b, r[0], r[1], r[2], r[3], f[1]);
        }
        OK(sheen_text_field_size_that_fits(spaced, view_fit));
        fprintf(out, "spaced-fit %a %a\n", view_fit[0], view_fit[1]);
        OK(sheen_text_field_set_vertical_alignment(field, SHEEN_VALIGN_CENTER));
        /* Marked text: the middle third of the text, its middle byte's clause selected (both moved
         * to character boundaries), in the one-line field and the view. */
        size_t m0 = length / 3, m1 = 2 * length / 3, s0 = length / 2;
        while (m0 > 0 && ((unsigned char)text[m0] & 0xC0) == 0x80) m0--;
        while (m1 < length && ((unsigned char)text[m1] & 0xC0) == 0x80) m1++;
        while (s0 > m0 && ((unsigned char)text[s0] & 0xC0) == 0x80) s0--;
        OK(sheen_text_field_set_marked_text(field, m0, m1, m0, s0));
        OK(sheen_text_field_set_marked_text(spaced, m0, m1, s0, m1));
        sheen_text_field *marked[2] = {field, spaced};
        for (int k = 0; k < 2; k++) {
            OK(sheen_text_field_set_editing(marked[k], true, m1, 0, 0));
            size_t n = 0;
            OK(sheen_text_field_marked_underlines(marked[k], NULL, 0, &n));
            double u[4 * 8];
            size_t kept = n < 8 ? n : 8;
            OK(sheen_text_field_marked_underlines(marked[k], u, kept, &n));
            fprintf(out, "marked %d %zu %zu %zu %zu", k, m0, m1, s0, n);
            for (size_t i = 0; i < kept; i++) fprintf(out, " %a %a %a %a", u[4 * i], u[4 * i + 1], u[4 * i + 2], u[4 * i + 3]);
            fprintf(out, "\n");
        }
        OK(sheen_text_field_set_editing(field, false, 0, 0, 0));
        OK(sheen_text_field_set_marked_text(field, 0, 0, 0, 0));
        sheen_text_field_destroy(spaced);
        /* Attributed text: the text's halves appended as runs (the second tracked 2 px, raised
         * 3 px, underlined), then U+00AB U+00BB typed at the join; carets at every boundary. */
        size_t half = length / 2;
        while (half > 0 && ((unsigned char)text[half] & 0xC0) == 0x80) half--;
        char rich_text[256];
        CHECK(length + 5 <= sizeof rich_text, "corpus text %zu too long", t);
        memcpy(rich_text, text, half);
        rich_text[half] = 0;
        sheen_text_field *rich = NULL;
        OK(sheen_text_field_create("", font, 200, 44, &rich));
        sheen_run_style raised = {0};
        raised.tracking = 2;
        raised.baseline_offset = 3;
        raised.underline = SHEEN_DECORATION_SINGLE;
        OK(sheen_text_field_append_run(rich, rich_text, NULL));
        OK(sheen_text_field_append_run(rich, text + half, &raised));
        OK(sheen_text_field_replace_text(rich, half, half, "\xC2\xAB\xC2\xBB"));
        memcpy(rich_text + half, "\xC2\xAB\xC2\xBB", 4);
        memcpy(rich_text + half + 4, text + half, length - half + 1);
        for (size_t b = 0; b <= length + 4; b++) {
            if (b < length + 4 && ((unsigned char)rich_text[b] & 0xC0) == 0x80) continue;
            double r[4];
            OK(sheen_text_field_caret_rect(rich, b, r));
            fprintf(out, "rich-caret %zu %a %a %a %a\n", b, r[0], r[1], r[2], r[3]);
        }
        sheen_text_field_destroy(rich);
        double fit[2], rect[4];
        OK(sheen_text_field_size_that_fits(field, fit));
        OK(sheen_text_field_text_rect(field, rect));
        fprintf(out, "field-fit %a %a %a %a %a %a\n", fit[0], fit[1], rect[0], rect[1], rect[2], rect[3]);
        OK(sheen_text_size_that_fits(text, font, &options, fit));
        fprintf(out, "text-fit %a %a\n", fit[0], fit[1]);
        sheen_label *label = NULL;
        OK(sheen_label_create(text, font, 0, 0, &label));
        OK(sheen_label_set_line_break(label, SHEEN_BREAK_WORD_WRAP, 0));
        OK(sheen_label_size_that_fits(label, 160, 0, fit));
        fprintf(out, "label-fit %a %a\n", fit[0], fit[1]);
        OK(sheen_label_set_size(label, fit[0], fit[1]));
        sheen_text_layout *drawn = NULL;
        intptr_t ox = 0, oy = 0;
        OK(sheen_label_layout(label, &drawn, &ox, &oy));
        size_t drawn_lines = 0;
        OK(sheen_text_layout_line_count(drawn, &drawn_lines));
        fprintf(out, "label-lines %zu %zd %zd\n", drawn_lines, (ssize_t)ox, (ssize_t)oy);
        sheen_text_layout_destroy(drawn);
        sheen_label_destroy(label);
        sheen_text_field_destroy(field);
        sheen_text_layout_destroy(layout);
    }
    /* Refusals: a line past the end, an index inside a character, a bad affinity, a field of no size. */
    sheen_text_layout *layout = NULL;
    OK(sheen_text_layout_create("na\xC3\xAFve", font, NULL, &layout));
    sheen_line_info info;
    FAILS(sheen_text_layout_line_info(layout, 1, &info), SHEEN_ERROR_INVALID_ARGUMENT, "not a line");
    size_t line = 0;
    double x = 0;
    FAILS(sheen_text_layout_caret(layout, 3, 0, &line, &x), SHEEN_ERROR_INVALID_ARGUMENT, "not a character boundary");
    FAILS(sheen_text_layout_caret(layout, 2, 7, &line, &x), SHEEN_ERROR_INVALID_ARGUMENT, "sheen_caret_affinity");
    sheen_text_field *field = NULL;
    FAILS(sheen_text_field_create("x", font, 0, 44, &field), SHEEN_ERROR_INVALID_ARGUMENT, "size");
    CHECK(field == NULL, "a field of no width was made");
    sheen_text_layout_destroy(layout);
    sheen_font_destroy(font);
    fclose(out);
}

static mode_t node_type(const char *path) {
    struct stat info;
    return lstat(path, &info) == 0 ? (info.st_mode & S_IFMT) : 0;
}

static int starts_png(const char *path) {
    unsigned char head[4] = {0};
    FILE *file = fopen(path, "rb");
    if (!file) return 0;
    size_t n = fread(head, 1, 4, file);
    fclose(file);
    return n == 4 && memcmp(head, "\x89PNG", 4) == 0;
}

/* sheen_png_write writes as the command line does, on nodes made here. */
static void png_files(void) {
    char dir[] = "/tmp/sheen-capi-XXXXXX";
    CHECK(mkdtemp(dir) != NULL, "mkdtemp: %s", strerror(errno));
    unsigned char pixels[4 * 4 * 2];
    memset(pixels, 0x80, sizeof pixels);
    sheen_buffer image = {pixels, 4, 2, 16, SHEEN_FORMAT_RGBA8_PREMULTIPLIED};
    char path[512], link_path[512], fifo[512];

    // A file's permission bits survive its replacement.
    snprintf(path, sizeof path, "%s/private.png", dir);
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600);
    CHECK(fd >= 0 && write(fd, "old", 3) == 3 && fchmod(fd, 0600) == 0, "cannot make %s", path);
    if (fd >= 0) close(fd);
    OK(sheen_png_write(&image, path));
    struct stat info;
    CHECK(stat(path, &info) == 0 && (info.st_mode & 07777) == 0600, "private.png is now %o", (unsigned)(info.st_mode & 07777));
    CHECK(starts_png(path), "private.png is not a PNG");

    // A symbolic link stays a link; the file it names is replaced.
    snprintf(link_path, sizeof link_path, "%s/link.png", dir);
    CHECK(symlink("private.png", link_path) == 0, "symlink: %s", strerror(errno));
    OK(sheen_png_write(&image, link_path));
    CHECK(node_type(link_path) == S_IFLNK, "the link was replaced");
    CHECK(starts_png(path), "the link's target is not a PNG");

    // A FIFO is written through (its reader is open first; the PNG fits the pipe's buffer).
    snprintf(fifo, sizeof fifo, "%s/pipe.png", dir);
    CHECK(mkfifo(fifo, 0600) == 0, "mkfifo: %s", strerror(errno));
    int reader = open(fifo, O_RDONLY | O_NONBLOCK);
    CHECK(reader >= 0, "cannot open the FIFO's read end");
    OK(sheen_png_write(&image, fifo));
    unsigned char head[8] = {0};
    CHECK(reader >= 0 && read(reader, head, sizeof head) == (ssize_t)sizeof head && memcmp(head, "\x89PNG", 4) == 0,
          "the FIFO did not carry the PNG");
    if (reader >= 0) close(reader);
    CHECK(node_type(fifo) == S_IFIFO, "the FIFO was replaced");

    // A character device is written through, never replaced.
    OK(sheen_png_write(&image, "/dev/null"));
    CHECK(node_type("/dev/null") == S_IFCHR, "/dev/null is no longer a device");

    // Paths that cannot take a file: SHEEN_ERROR_IO naming the path and the reason.
    FAILS(sheen_png_write(&image, dir), SHEEN_ERROR_IO, "is a directory");
    snprintf(path, sizeof path, "%s/missing/x.png", dir);
    FAILS(sheen_png_write(&image, path), SHEEN_ERROR_IO, "does not exist");
    FAILS(sheen_png_write(&image, path), SHEEN_ERROR_IO, path);

    // Nothing left behind: no temporary file in the directory.
    DIR *listing = opendir(dir);
    struct dirent *entry;
    int leftovers = 0;
    while (listing && (entry = readdir(listing)) != NULL) {
        if (strstr(entry->d_name, ".sheen-")) leftovers++;
        if (entry->d_name[0] != '.' || strstr(entry->d_name, ".sheen-")) {
            char doomed[1024];
            snprintf(doomed, sizeof doomed, "%s/%s", dir, entry->d_name);
            unlink(doomed);
        }
    }
    if (listing) closedir(listing);
    CHECK(leftovers == 0, "%d temporary files left", leftovers);
    CHECK(rmdir(dir) == 0, "cannot remove %s: %s", dir, strerror(errno));
}

/* A field drawn from a field spec: the frame's size, a refused field named. */
static void field_from_spec(void) {
    const char *good = "{\"text\": \"Field\", \"canvas\": [120, 0], \"editing\": true, \"caret\": 2, \"size\": 20}";
    sheen_image *image = NULL;
    sheen_buffer buffer;
    OK(sheen_text_field_image_from_spec(good, strlen(good), &image));
    if (image) {
        OK(sheen_image_get_buffer(image, &buffer));
        CHECK(buffer.width == 120 && buffer.height > 20, "field %zdx%zd", buffer.width, buffer.height);
        sheen_image_destroy(image);
    }
    const char *bad = "{\"text\": \"x\", \"selection\": [3, 1]}";
    image = NULL;
    FAILS(sheen_text_field_image_from_spec(bad, strlen(bad), &image), SHEEN_ERROR_INVALID_ARGUMENT, "spec: selection");
    CHECK(image == NULL, "an image for a refused spec");
    FAILS(sheen_text_field_image_from_spec(NULL, 0, &image), SHEEN_ERROR_NULL_POINTER, "json");
}

/* Caret moves refuse what they cannot take, by name. */
static void caret_moves(void) {
    sheen_font *font = NULL;
    sheen_text_field *field = NULL;
    OK(sheen_font_create_file("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 0, 20, &font));
    OK(sheen_text_field_create("caf\xC3\xA9 au lait", font, 200, 40, &field));
    size_t to = 0;
    int32_t side = 0;
    OK(sheen_text_field_move_caret(field, 0, SHEEN_AFFINITY_LEADING, SHEEN_MOVE_WORD_FORWARD, NAN, &to, &side));
    CHECK(to == 5 && side == SHEEN_AFFINITY_LEADING, "word forward from 0: %zu %d", to, (int)side);
    OK(sheen_text_field_move_caret(field, 5, SHEEN_AFFINITY_LEADING, SHEEN_MOVE_BACKWARD, NAN, &to, &side));
    CHECK(to == 3, "backward from 5 (after the two-byte \"\xC3\xA9\"): %zu", to);
    FAILS(sheen_text_field_move_caret(field, 0, 0, 99, NAN, &to, &side), SHEEN_ERROR_INVALID_ARGUMENT, "movement");
    FAILS(sheen_text_field_move_caret(field, 0, 7, 0, NAN, &to, &side), SHEEN_ERROR_INVALID_ARGUMENT, "affinity");
    FAILS(sheen_text_field_move_caret(field, 4, 0, 0, NAN, &to, &side), SHEEN_ERROR_INVALID_ARGUMENT, "index");
    FAILS(sheen_text_field_move_caret(field, 0, 0, SHEEN_MOVE_UP, INFINITY, &to, &side), SHEEN_ERROR_INVALID_ARGUMENT,
          "preferred_x");
    FAILS(sheen_text_field_move_caret(field, 0, 0, 0, NAN, NULL, &side), SHEEN_ERROR_NULL_POINTER, "out_index");
    FAILS(sheen_text_field_move_caret(NULL, 0, 0, 0, NAN, &to, &side), SHEEN_ERROR_NULL_POINTER, "field");
    sheen_text_field_destroy(field);
    sheen_font_destroy(font);
}

/* Fonts added from a directory are found by pattern (run last: the family it adds stays added for
 * the process). "Sheen COLR Test" is the family of the test fixture, installed nowhere else. */
static void added_fonts(void) {
    sheen_font *font = NULL;
    FAILS(sheen_font_add_directory(NULL), SHEEN_ERROR_NULL_POINTER, "path");
    FAILS(sheen_font_add_directory("/nonexistent/sheen-fonts"), SHEEN_ERROR_FONT, "/nonexistent/sheen-fonts");
    FAILS(sheen_font_add_directory("Tests/CAPI/capi_test.c"), SHEEN_ERROR_FONT, "not a directory");
    FAILS(sheen_font_create_named_strict("Sheen COLR Test", 20, &font), SHEEN_ERROR_FONT, "Sheen COLR Test");
    OK(sheen_font_add_directory("Tests/SheenTextTests/Fixtures"));
    OK(sheen_font_create_named_strict("Sheen COLR Test", 20, &font));
    sheen_font_destroy(font);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: capi_test OUTPUT_DIR\n");
        return 2;
    }
    CHECK(strcmp(sheen_version(), SHEEN_VERSION_STRING) == 0, "library %s, header %s", sheen_version(), SHEEN_VERSION_STRING);
    CHECK(strcmp(sheen_last_error_message(), "") == 0, "an error before any call");
    bad_input();
    canvas_copy();
    every_operator();
    png_files();
    render(argv[1]);
    corpus_answers(argv[1]);
    field_from_spec();
    caret_moves();
    added_fonts();
    if (failures) {
        fprintf(stderr, "capi_test: %d failure(s)\n", failures);
        return 1;
    }
    printf("capi_test: all checks passed (sheen %s)\n", sheen_version());
    return 0;
}
