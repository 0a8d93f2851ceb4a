/*
 * sheen.h — the C API of Sheen: SIMD gradient fills, coverage-mask compositing with every
 * Porter-Duff operator and W3C blend mode, Gaussian blur, text layout into coverage masks and
 * styled labels, on pixel memory the caller owns.
 *
 * Conventions
 * - Every function that can fail returns a sheen_status; SHEEN_OK is 0. On failure nothing is
 *   written: not the destination pixels, not the out-parameters (every one is checked before
 *   any is written), not the handle a setter was given. sheen_last_error_message() then gives,
 *   on the calling thread, the same sentence the Swift API's error would.
 * - A setter validates as drawing does: a value every later draw would refuse is refused by the
 *   setter, so a handle that was accepted can always be drawn.
 * - A call that allocates returns SHEEN_ERROR_OUT_OF_MEMORY when the memory is not available
 *   (the exact references included), and refuses a size whose bytes would not fit the address
 *   space; it never aborts the process.
 * - Text is UTF-8; ill-formed UTF-8 in a text is refused (SHEEN_ERROR_INVALID_ARGUMENT, naming
 *   the offset of its first bad byte), so that every byte index Sheen returns is the caller's.
 * - Pixels are premultiplied RGBA8, BGRA8 (4 bytes per pixel) or A8 coverage (1 byte), in
 *   memory the caller owns, described by a sheen_buffer: any alignment, any row padding.
 *   Sheen never keeps a pointer to it after a call returns.
 * - Objects (sheen_image, sheen_gradient, sheen_pattern, sheen_font, sheen_text_layout, sheen_label,
 *   sheen_text_field) are opaque handles made by a *_create function and released by the
 *   matching *_destroy. A handle is a slot in Sheen's table of live objects and that slot's
 *   generation, not an address: passing a destroyed handle, a handle of another kind or a value
 *   Sheen never handed out is SHEEN_ERROR_INVALID_ARGUMENT; *_destroy ignores NULL, a handle
 *   already destroyed, one Sheen never made and one of another kind (sheen_label_destroy of a
 *   font leaves the font alive). What stays undefined: a pointer into an object
 *   used after the object is destroyed (sheen_image_buffer's pixels), and a stale handle once
 *   2^32 more objects have been made in its slot. A handle may be used by several threads at
 *   once as long as none of them changes it; setters need exclusive use.
 * - size_t arguments above INTPTR_MAX are refused (SHEEN_ERROR_INVALID_ARGUMENT), never read
 *   as small or negative numbers.
 * - Error messages are single-line UTF-8 with control characters written as \u{…} and at
 *   most about 1,000 characters (a long value quoted from the input keeps its two ends).
 * - Enumerations are passed as int32_t so that any value can cross the ABI: an unknown value is
 *   SHEEN_ERROR_INVALID_ARGUMENT, never undefined behaviour.
 * - Lengths in pixels, angles as documented per function, colours as straight (not premultiplied)
 *   sRGB components in 0…1.
 *
 * Link with `pkg-config --cflags --libs sheen` (Scripts/install.sh installs the library, this
 * header and sheen.pc).
 */
#ifndef SHEEN_H
#define SHEEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SHEEN_VERSION_MAJOR 0
#define SHEEN_VERSION_MINOR 6
#define SHEEN_VERSION_PATCH 0
#define SHEEN_VERSION_STRING "0.6.0"

/* ---- Status and errors ------------------------------------------------------------------- */

typedef enum sheen_status {
    SHEEN_OK = 0,
    /** A required pointer was NULL. */
    SHEEN_ERROR_NULL_POINTER = 1,
    /** A value is NaN, infinite, out of its range, or an unknown enumeration value. */
    SHEEN_ERROR_INVALID_ARGUMENT = 2,
    /** A buffer with a negative size, too few bytes per row, an extent beyond the address
     *  space, or the wrong format or size for the call. */
    SHEEN_ERROR_INVALID_BUFFER = 3,
    /** A font that cannot be found, read or used (missing, not a font, corrupt glyph). */
    SHEEN_ERROR_FONT = 4,
    /** Memory for an image or intermediate could not be allocated. */
    SHEEN_ERROR_OUT_OF_MEMORY = 5,
    /** Not supported here: an operator for a pixel format, a SIMD level the CPU lacks. */
    SHEEN_ERROR_UNSUPPORTED = 6,
    /** A file could not be written. */
    SHEEN_ERROR_IO = 7,
    /** A failure inside a system library (FreeType, HarfBuzz, ICU, fontconfig, libpng). */
    SHEEN_ERROR_INTERNAL = 8
} sheen_status;

/** The message of the most recent failed call on this thread ("" if none has failed). Valid
 *  until the next failing call on the same thread; owned by Sheen. */
const char *sheen_last_error_message(void);

/** The library's version, "MAJOR.MINOR.PATCH" (equal to SHEEN_VERSION_STRING of the header it
 *  was built with). */
const char *sheen_version(void);

/** Frees memory Sheen returned to the caller (PNG bytes). NULL is ignored. */
void sheen_free(void *memory);

/* ---- Pixels ------------------------------------------------------------------------------ */

typedef enum sheen_format {
    SHEEN_FORMAT_RGBA8_PREMULTIPLIED = 0,
    SHEEN_FORMAT_BGRA8_PREMULTIPLIED = 1,
    SHEEN_FORMAT_A8 = 2
} sheen_format;

/** Pixel memory the caller owns. `pixels` may be NULL only when width or height is 0;
 *  bytes_per_row ≥ width × bytes per pixel (the last row needs no padding). */
typedef struct sheen_buffer {
    void *pixels;
    intptr_t width;
    intptr_t height;
    intptr_t bytes_per_row;
    int32_t format; /* sheen_format */
} sheen_buffer;

/** A straight-alpha sRGB colour, components in 0…1 (values outside are clamped when drawn). */
typedef struct sheen_color {
    float red, green, blue, alpha;
} sheen_color;

/** 0xRRGGBBAA → a colour. */
sheen_color sheen_color_from_rgba(uint32_t rgba);

/** An image whose pixels Sheen owns (zeroed when made). */
typedef struct sheen_image sheen_image;

/** A new transparent (zeroed) width × height image of `format`, rows tightly packed; each side
 *  0 … 2³¹ − 1 (SHEEN_ERROR_INVALID_ARGUMENT beyond), SHEEN_ERROR_OUT_OF_MEMORY when the memory is
 *  not available. */
sheen_status sheen_image_create(intptr_t width, intptr_t height, int32_t format, sheen_image **out);
/** The image's pixels as a buffer (valid until the image is destroyed). */
sheen_status sheen_image_get_buffer(const sheen_image *image, sheen_buffer *out);
void sheen_image_destroy(sheen_image *image);

/* ---- Gradients --------------------------------------------------------------------------- */

typedef enum sheen_spread { SHEEN_SPREAD_PAD = 0, SHEEN_SPREAD_REPEAT = 1, SHEEN_SPREAD_REFLECT = 2 } sheen_spread;
typedef enum sheen_color_space {
    SHEEN_COLOR_SPACE_SRGB = 0,
    SHEEN_COLOR_SPACE_LINEAR_SRGB = 1,
    SHEEN_COLOR_SPACE_OKLAB = 2
} sheen_color_space;
typedef enum sheen_alpha_interpolation {
    SHEEN_ALPHA_PREMULTIPLIED = 0,
    SHEEN_ALPHA_STRAIGHT = 1
} sheen_alpha_interpolation;

/** A colour stop: offset in 0…1 (clamped, CSS rules), colour. */
typedef struct sheen_gradient_stop {
    double offset;
    sheen_color color;
} sheen_gradient_stop;

/** A gradient: shape, stops (copied), spread, interpolation space, transform, dither.
 *  Defaults: pad, sRGB, premultiplied alpha, identity transform, no dither. */
typedef struct sheen_gradient sheen_gradient;

/** Linear from (x0, y0) to (x1, y1), in pixels. */
sheen_status sheen_gradient_create_linear(double x0, double y0, double x1, double y1,
                                          const sheen_gradient_stop *stops, size_t count, sheen_gradient **out);
/** Two-point conical: the circle (cx0, cy0, r0) at t = 0 to (cx1, cy1, r1) at t = 1, pixels. */
sheen_status sheen_gradient_create_radial(double cx0, double cy0, double r0, double cx1, double cy1, double r1,
                                          const sheen_gradient_stop *stops, size_t count, sheen_gradient **out);
/** Sweep around (cx, cy) from start_angle radians (0 along +x, clockwise on screen). */
sheen_status sheen_gradient_create_conic(double cx, double cy, double start_angle,
                                         const sheen_gradient_stop *stops, size_t count, sheen_gradient **out);
/** The same three gradients under the HTML canvas rules (createLinearGradient,
 *  createRadialGradient, createConicGradient, then addColorStop), as SheenRaster's
 *  Paint.canvasGradient: `count` may be 0 (`stops` may then be NULL) — the gradient paints
 *  transparent black, whatever its shape and setters, as a canvas does — and a stop offset
 *  outside 0…1 is SHEEN_ERROR_INVALID_ARGUMENT (canvas's IndexSizeError) where the functions
 *  above clamp it, when made and when a setter changes the gradient. */
sheen_status sheen_gradient_create_canvas_linear(double x0, double y0, double x1, double y1,
                                                 const sheen_gradient_stop *stops, size_t count, sheen_gradient **out);
sheen_status sheen_gradient_create_canvas_radial(double cx0, double cy0, double r0, double cx1, double cy1, double r1,
                                                 const sheen_gradient_stop *stops, size_t count, sheen_gradient **out);
sheen_status sheen_gradient_create_canvas_conic(double cx, double cy, double start_angle,
                                                const sheen_gradient_stop *stops, size_t count, sheen_gradient **out);
/** The shape kinds of sheen_gradient_create_shape and sheen_label_set_fill_shape, each with its
 *  numbers in order (a point's x then y). */
typedef enum sheen_gradient_kind {
    /** `linear`: numbers start.x, start.y, end.x, end.y. */
    SHEEN_GRADIENT_KIND_LINEAR = 0,
    /** `radial`: numbers startCenter.x, startCenter.y, startRadius (≥ 0), endCenter.x, endCenter.y, endRadius (≥ 0). */
    SHEEN_GRADIENT_KIND_RADIAL = 1,
    /** `conic`: numbers center.x, center.y, startAngle (radians). */
    SHEEN_GRADIENT_KIND_CONIC = 2
} sheen_gradient_kind;
/** A gradient of any shape: `kind` (a sheen_gradient_kind) from exactly its `count` numbers, in
 *  the order its constant lists them, in pixels (lengths ≥ 0, angles in radians, clockwise on
 *  screen from +x); sheen_gradient_create_linear, _radial and _conic are three of them. */
sheen_status sheen_gradient_create_shape(int32_t kind, const double *numbers, size_t count,
                                         const sheen_gradient_stop *stops, size_t stop_count, sheen_gradient **out);
/** The kind's word ("radial"), or NULL for a value that is not a sheen_gradient_kind; with
 *  sheen_gradient_kind_numbers, how bindings learn the kinds without a list of their own. The
 *  string is static. */
const char *sheen_gradient_kind_name(int32_t kind);
/** The names of the kind's numbers in order, comma-separated ("center.x,center.y,startAngle"),
 *  or NULL for a value that is not a sheen_gradient_kind. The string is static. */
const char *sheen_gradient_kind_numbers(int32_t kind);
sheen_status sheen_gradient_set_spread(sheen_gradient *gradient, int32_t spread);
sheen_status sheen_gradient_set_color_space(sheen_gradient *gradient, int32_t space);
sheen_status sheen_gradient_set_alpha_interpolation(sheen_gradient *gradient, int32_t interpolation);
/** The affine map from gradient space to pixels: x' = a·x + c·y + tx, y' = b·x + d·y + ty
 *  (m = {a, b, c, d, tx, ty}); it must be invertible. */
sheen_status sheen_gradient_set_transform(sheen_gradient *gradient, const double m[6]);
/** Ordered dither that removes 8-bit banding. */
sheen_status sheen_gradient_set_dither(sheen_gradient *gradient, bool dither);
void sheen_gradient_destroy(sheen_gradient *gradient);

/** Writes the gradient into every pixel of `destination` (any format; A8 takes the alpha). A
 *  gradient is prepared once, when made or changed by a setter, and every fill, composite and
 *  pattern reuses it: keep the handle to draw the same gradient again. */
sheen_status sheen_fill_gradient(const sheen_buffer *destination, const sheen_gradient *gradient);
/** The same for the pixels of `rect` (clipped to the destination; a negative width or height is
 *  SHEEN_ERROR_INVALID_ARGUMENT). Gradient coordinates stay the destination's, so rectangles
 *  filled one by one join seamlessly. `sheen_rect` is declared below, with text layout. */
struct sheen_rect;
sheen_status sheen_fill_gradient_rect(const sheen_buffer *destination, const sheen_gradient *gradient,
                                      const struct sheen_rect *rect);

/** A gradient baked once into a 1-pixel-wide column or 1-pixel-tall row and painted by
 *  repetition: exact for gradients constant along the repeated direction (vertical for a
 *  column, horizontal for a row), an approximation otherwise; never dithered. */
typedef struct sheen_pattern sheen_pattern;

typedef enum sheen_pattern_axis {
    /** 1 × length pixels (column `position` of the gradient), repeated across every row. */
    SHEEN_PATTERN_COLUMN = 0,
    /** length × 1 pixels (row `position`), repeated down every column. */
    SHEEN_PATTERN_ROW = 1
} sheen_pattern_axis;

/** Bakes `length` (≥ 1) pixels of `gradient` along `axis`, stored in `format`. */
sheen_status sheen_pattern_create(const sheen_gradient *gradient, int32_t axis, intptr_t length, intptr_t position,
                                  int32_t format, sheen_pattern **out);
/** Fills every pixel of `destination` (the pattern's format) by repeating the strip. */
sheen_status sheen_fill_pattern(const sheen_buffer *destination, const sheen_pattern *pattern);
void sheen_pattern_destroy(sheen_pattern *pattern);

/* ---- Compositing ------------------------------------------------------------------------- */

typedef enum sheen_operator {
    /* BEGIN generated by Scripts/generate-operators.py from SheenOperators.h (Sheen's sources) */
    SHEEN_OP_CLEAR = 0,
    SHEEN_OP_SOURCE = 1,
    SHEEN_OP_DESTINATION = 2,
    SHEEN_OP_SOURCE_OVER = 3,
    SHEEN_OP_DESTINATION_OVER = 4,
    SHEEN_OP_SOURCE_IN = 5,
    SHEEN_OP_DESTINATION_IN = 6,
    SHEEN_OP_SOURCE_OUT = 7,
    SHEEN_OP_DESTINATION_OUT = 8,
    SHEEN_OP_SOURCE_ATOP = 9,
    SHEEN_OP_DESTINATION_ATOP = 10,
    SHEEN_OP_XOR = 11,
    SHEEN_OP_PLUS = 12,
    SHEEN_OP_MULTIPLY = 13,
    SHEEN_OP_SCREEN = 14,
    SHEEN_OP_OVERLAY = 15,
    SHEEN_OP_DARKEN = 16,
    SHEEN_OP_LIGHTEN = 17,
    SHEEN_OP_COLOR_DODGE = 18,
    SHEEN_OP_COLOR_BURN = 19,
    SHEEN_OP_HARD_LIGHT = 20,
    SHEEN_OP_SOFT_LIGHT = 21,
    SHEEN_OP_DIFFERENCE = 22,
    SHEEN_OP_EXCLUSION = 23,
    SHEEN_OP_HUE = 24,
    SHEEN_OP_SATURATION = 25,
    SHEEN_OP_COLOR = 26,
    SHEEN_OP_LUMINOSITY = 27
    /* END generated */
} sheen_operator;

/** The operator's name as Swift and sheen-bench spell it ("sourceOver", "colorDodge"), or NULL for
 *  a value that is not a sheen_operator. The string is static. */
const char *sheen_operator_name(int32_t op);

typedef enum sheen_paint_kind {
    /** `color`, straight sRGB. */
    SHEEN_PAINT_COLOR = 0,
    /** `premultiplied`: RGBA bytes already premultiplied (each colour ≤ alpha). */
    SHEEN_PAINT_PREMULTIPLIED = 1,
    /** `gradient`. */
    SHEEN_PAINT_GRADIENT = 2,
    /** `image`: its pixel (0, 0) lands on destination pixel (image_x, image_y); outside it the
     *  paint is transparent. */
    SHEEN_PAINT_IMAGE = 3,
    /** `pattern`, repeated from destination pixel (0, 0). */
    SHEEN_PAINT_PATTERN = 4
} sheen_paint_kind;

typedef struct sheen_paint {
    int32_t kind; /* sheen_paint_kind */
    sheen_color color;
    uint8_t premultiplied[4]; /* R, G, B, A */
    const sheen_gradient *gradient;
    const sheen_buffer *image;
    intptr_t image_x, image_y;
    const sheen_pattern *pattern;
} sheen_paint;

typedef enum sheen_coverage_kind {
    /** Every pixel fully covered. */
    SHEEN_COVERAGE_FULL = 0,
    /** Every pixel covered `alpha` / 255. */
    SHEEN_COVERAGE_ALPHA = 1,
    /** An A8 mask whose pixel (0, 0) lies on destination pixel (mask_x, mask_y), scaled by
     *  `alpha`; outside the mask nothing is covered. */
    SHEEN_COVERAGE_MASK = 2
} sheen_coverage_kind;

typedef struct sheen_coverage {
    int32_t kind; /* sheen_coverage_kind */
    uint8_t alpha;
    const sheen_buffer *mask;
    intptr_t mask_x, mask_y;
} sheen_coverage;

/** destination = paint `op` destination, through `coverage` (NULL: full). Alpha-only operators
 *  work on every format; blend modes need RGBA8 or BGRA8. */
sheen_status sheen_composite(const sheen_buffer *destination, const sheen_paint *paint, int32_t op,
                             const sheen_coverage *coverage);
/** As an HTML canvas composites (globalCompositeOperation): the paint scaled by the coverage and
 *  by `global_alpha` (0…1) is the source at every pixel of the destination, transparent where
 *  the paint or mask does not reach, so copy (SHEEN_OP_SOURCE), source-in, source-out,
 *  destination-in, destination-atop and clear change pixels outside the shape as a canvas does.
 *  Each result is within 1.5 levels of the real value. */
sheen_status sheen_composite_canvas(const sheen_buffer *destination, const sheen_paint *paint, int32_t op,
                                    const sheen_coverage *coverage, double global_alpha);

/** One glyph of a run: an A8 mask whose pixel (0, 0) lies on destination pixel (x, y). */
typedef struct sheen_glyph {
    const sheen_buffer *mask;
    intptr_t x, y;
} sheen_glyph;

/** Composites `paint` through each of the `count` glyphs' masks in order: the same pixels as one
 *  sheen_composite per glyph with SHEEN_COVERAGE_MASK at alpha 255, in one call (text runs). Every
 *  glyph is checked (non-NULL A8 mask, placement within intptr_t) before any pixel is written;
 *  `glyphs` may be NULL only when `count` is 0. */
sheen_status sheen_composite_glyphs(const sheen_buffer *destination, const sheen_paint *paint, int32_t op,
                                    const sheen_glyph *glyphs, size_t count);

/* ---- Exact references (an oracle for compositing) ----------------------------------------- */

/** How coverage (a mask value c, 0…1) enters an operator in `sheen_exact_composite`. */
typedef enum sheen_coverage_rule {
    /** Sheen's own rule: the paint is scaled for source-over, destination-over, destination,
     *  destination-out, source-atop, xor and plus, the result interpolated for the others. */
    SHEEN_COVERAGE_RULE_SHEEN = 0,
    /** op(S·c, D): the paint scaled first (Porter-Duff's (S in M) op D; pixman's, cairo's and
     *  Blend2D's masks). */
    SHEEN_COVERAGE_RULE_SCALES_PAINT = 1,
    /** D + (op(S, D) − D)·c: the result interpolated towards the destination (a clip). */
    SHEEN_COVERAGE_RULE_INTERPOLATES = 2
} sheen_coverage_rule;

/** The exact, unrounded result of compositing `count` pixels — W3C Compositing and Blending
 *  Level 1 (its Porter-Duff operators, lighter as plus, and its blend modes) on premultiplied values read as
 *  level / 255 — written to `out` in levels (0…255 as a real number; within 1e-9 level of the
 *  true value): 4 doubles per pixel in `format`'s channel order for RGBA8/BGRA8, 1 per pixel for
 *  A8 (the alpha channel of the same formula). `paint` and `destination` hold `count` pixels of
 *  `format`; `coverage` holds `count` bytes (NULL: every pixel fully covered), applied by `rule`.
 *  Every operator is defined on every format here. Nothing is read or written when `count` is 0.
 *  SHEEN_ERROR_INVALID_ARGUMENT for an unknown op, rule or format, a negative count or one whose
 *  output would not fit the address space;
 *  SHEEN_ERROR_NULL_POINTER for a NULL `paint`, `destination` or `out` when `count` > 0. Nothing
 *  is written when it fails. */
sheen_status sheen_exact_composite(int32_t op, int32_t rule, int32_t format, const uint8_t *paint,
                                   const uint8_t *coverage, const uint8_t *destination, intptr_t count, double *out);

/** The exact colour of `gradient` at `count` points of pixel space (`points`: x, y pairs; a
 *  pixel's centre is (x + 0.5, y + 0.5)) into `out`, 4 doubles per point: R, G, B, A levels
 *  0…255, unrounded and never dithered (the gradient's dither setting is ignored) — premultiplied,
 *  or straight (colour divided by alpha, 0 where alpha is 0) when `premultiplied` is false. The
 *  geometry is the HTML canvas's, the colour at t CSS Images 4's (stop fixup, interpolation in the
 *  gradient's space and alpha mode): what every fill of the gradient approximates.
 *  SHEEN_ERROR_NULL_POINTER for a NULL gradient, or NULL points or out when `count` > 0;
 *  SHEEN_ERROR_INVALID_ARGUMENT for a negative count, one whose output would not fit the address
 *  space, or a non-finite coordinate (nothing is written then). */
sheen_status sheen_exact_gradient(const sheen_gradient *gradient, const double *points, intptr_t count,
                                  bool premultiplied, double *out);

/* ---- Blur -------------------------------------------------------------------------------- */

typedef enum sheen_blur_edges {
    /** Outside the buffer is transparent (shadows, glows). */
    SHEEN_BLUR_EDGES_TRANSPARENT = 0,
    /** Outside the buffer repeats the nearest edge pixel. */
    SHEEN_BLUR_EDGES_CLAMP = 1
} sheen_blur_edges;

/** Gaussian blur in place, σ in pixels per axis, each 0 or in (0, 256] (below 0.25: that axis is
 *  unchanged). Every byte is within 1 level of the exact sampled Gaussian. */
sheen_status sheen_blur(const sheen_buffer *buffer, double sigma_x, double sigma_y, int32_t edges);
/** The exact blur of `source` into `out`, unrounded: width × height × (4 or 1) doubles in memory
 *  order, rows packed — the sampled Gaussian e^(−k²/2σ²) over |k| ≤ ⌈5σ⌉ (the truncation),
 *  normalised to sum 1, along x then y in double, `edges` deciding what lies outside. Every byte
 *  of sheen_blur is within 1 level of it. Same σ rules and errors as sheen_blur; `out` may be NULL
 *  only for an empty source. It is computed in `out` itself with one line of working memory
 *  (SHEEN_ERROR_OUT_OF_MEMORY when even that is not available). */
sheen_status sheen_exact_blur(const sheen_buffer *source, double sigma_x, double sigma_y, int32_t edges, double *out);
/** The blur of `source` in a new image grown by ⌈3σ⌉ on every side (transparent edges); its
 *  top-left pixel lies at (*offset_x, *offset_y) relative to the source's (both ≤ 0). */
sheen_status sheen_blur_grown(const sheen_buffer *source, double sigma_x, double sigma_y,
                              sheen_image **out, intptr_t *offset_x, intptr_t *offset_y);

/* ---- Fonts and text ---------------------------------------------------------------------- */

typedef struct sheen_font sheen_font;

/** A font found by fontconfig ("DejaVu Sans:bold") at `size` pixels, 0.015625…4096 (1/64 to
 *  4096), with fontconfig's fallback chain for characters it lacks. */
sheen_status sheen_font_create_named(const char *pattern, double size, sheen_font **out);
/** As sheen_font_create_named, but refusing (SHEEN_ERROR_FONT) a pattern none of whose families
 *  is installed, where sheen_font_create_named takes fontconfig's nearest family instead (a
 *  generic family, "sans-serif", takes what fontconfig maps it to in both). */
sheen_status sheen_font_create_named_strict(const char *pattern, double size, sheen_font **out);
/** Face `face_index` (0…65535) of the font file at `path`, at `size` pixels, with fallback. */
sheen_status sheen_font_create_file(const char *path, intptr_t face_index, double size, sheen_font **out);
void sheen_font_destroy(sheen_font *font);
/** Adds the fonts (TTF, OTF, TTC) in directory `path` and its subdirectories to those
 *  sheen_font_create_named and fallback find, for the rest of the process: fonts an application
 *  ships, or a fallback where fontconfig finds none (no fonts or no fontconfig configuration on the
 *  machine). Patterns are looked up again afterwards (a family that fell back to the default
 *  before is found); fonts made before keep their faces.
 *  SHEEN_ERROR_FONT when `path` is not a readable directory. Thread-safe. */
sheen_status sheen_font_add_directory(const char *path);

typedef enum sheen_text_alignment {
    /** `left`. */
    SHEEN_ALIGN_LEFT = 0,
    /** `right`. */
    SHEEN_ALIGN_RIGHT = 1,
    /** `center`. */
    SHEEN_ALIGN_CENTER = 2,
    /** `justified`: all lines but a paragraph's last stretched to the width. */
    SHEEN_ALIGN_JUSTIFIED = 3,
    /** `natural`: left or right by the paragraph's base direction. */
    SHEEN_ALIGN_NATURAL = 4
} sheen_text_alignment;
typedef enum sheen_vertical_alignment {
    /** `top`. */
    SHEEN_VALIGN_TOP = 0,
    /** `center`. */
    SHEEN_VALIGN_CENTER = 1,
    /** `bottom`. */
    SHEEN_VALIGN_BOTTOM = 2
} sheen_vertical_alignment;
typedef enum sheen_line_break {
    /** `word`: wrap at word boundaries. */
    SHEEN_BREAK_WORD_WRAP = 0,
    /** `char`: wrap at grapheme clusters. */
    SHEEN_BREAK_CHAR_WRAP = 1,
    /** `clip`: the last line cut at the frame. */
    SHEEN_BREAK_CLIP = 2,
    /** `head`: "…" replaces the start of the last line. */
    SHEEN_BREAK_TRUNCATE_HEAD = 3,
    /** `tail`: "…" replaces the end of the last line. */
    SHEEN_BREAK_TRUNCATE_TAIL = 4,
    /** `middle`: "…" replaces the middle of the last line. */
    SHEEN_BREAK_TRUNCATE_MIDDLE = 5
} sheen_line_break;

/** How text is laid out (UILabel's rules). Fill with sheen_text_options_default first. */
typedef struct sheen_text_options {
    double width, height;           /* bounds in pixels; 0 = unconstrained */
    int32_t alignment;              /* sheen_text_alignment; default NATURAL */
    int32_t vertical_alignment;     /* sheen_vertical_alignment; default CENTER */
    int32_t line_break;             /* sheen_line_break; default TRUNCATE_TAIL */
    intptr_t number_of_lines;       /* 0 = as many as fit; default 1 */
    double line_height_multiple;    /* default 1 */
    double line_spacing;            /* extra pixels between lines; default 0 */
    bool adjusts_font_size_to_fit;  /* auto-shrink; default false */
    double minimum_scale_factor;    /* 0…1; default 0 */
} sheen_text_options;

void sheen_text_options_default(sheen_text_options *options);

/** Integer pixel rectangle. */
typedef struct sheen_rect {
    intptr_t x, y, width, height;
} sheen_rect;

typedef struct sheen_text_layout sheen_text_layout;

/** Shapes, breaks and places UTF-8 `text` (invalid sequences become U+FFFD) in `font`;
 *  `options` NULL means defaults with unconstrained bounds. */
sheen_status sheen_text_layout_create(const char *text, const sheen_font *font, const sheen_text_options *options,
                                      sheen_text_layout **out);
/** The bounding box of the inked pixels, in layout pixels (empty for blank text). */
sheen_status sheen_text_layout_ink_rect(const sheen_text_layout *layout, sheen_rect *out);
/** An A8 coverage mask of all the text's ink; its pixel (0, 0) is layout pixel (*x, *y). */
sheen_status sheen_text_layout_mask(const sheen_text_layout *layout, sheen_image **out, intptr_t *x, intptr_t *y);
/** Draws the coverage into an A8 buffer with layout pixel (0, 0) at buffer pixel (x, y),
 *  sourceOver: coverage already there is kept and united with the text's. */
sheen_status sheen_text_layout_draw(const sheen_text_layout *layout, const sheen_buffer *destination,
                                    intptr_t x, intptr_t y);
/** How many lines the layout placed: an empty text places one empty line (where its caret
 *  stands, as UILabel measures it one line tall). */
sheen_status sheen_text_layout_line_count(const sheen_text_layout *layout, size_t *out);

/** One placed line. Boxes are layout pixels, y downwards; `start` and `end` are byte offsets into
 *  the layout's UTF-8 text (the caller's bytes when they are well-formed UTF-8: ill-formed
 *  sequences were laid out as U+FFFD, three bytes each) of the characters the line shows — an
 *  inserted "…" and trailing white space the line does not draw excluded. */
typedef struct sheen_line_info {
    double x, y, width, height;     /* the typographic box: ascender to descender of its faces */
    double baseline;                /* y of the baseline */
    double box_y, box_height;       /* the whole line box, leading included, as lines are stacked */
    size_t start, end;              /* source bytes shown */
    bool truncated;                 /* "…" replaced part of the line */
    bool right_to_left;             /* the paragraph's base direction */
} sheen_line_info;

/** Line `index` (0 ≤ index < line count) of the layout. */
sheen_status sheen_text_layout_line_info(const sheen_text_layout *layout, size_t index, sheen_line_info *out);

/** Which side of an index the caret belongs to where one index has two places: a boundary
 *  between left-to-right and right-to-left text, or a wrap point. LEADING (downstream, the
 *  default) stands at the leading edge of the character after the index; TRAILING (upstream)
 *  at the trailing edge of the character before it. */
typedef enum sheen_caret_affinity {
    /** `leading`: the next character's edge. */
    SHEEN_AFFINITY_LEADING = 0,
    /** `trailing`: the previous character's edge. */
    SHEEN_AFFINITY_TRAILING = 1
} sheen_caret_affinity;

/** Where the caret for byte index `index` stands: its line and x (layout pixels). `index` must be
 *  a character boundary of the text (others are refused); it is moved back to the start of its
 *  grapheme cluster, as a caret never stands inside "é" or "👍🏽". A layout without lines is
 *  refused. */
sheen_status sheen_text_layout_caret(const sheen_text_layout *layout, size_t index, int32_t affinity, size_t *line,
                                     double *x);
/** The caret position nearest to layout point (x, y), as a tap places it: a byte index on a
 *  grapheme cluster boundary and the affinity that draws its caret on the tapped side. */
sheen_status sheen_text_layout_caret_at(const sheen_text_layout *layout, double x, double y, size_t *index,
                                        int32_t *affinity);
/** `[start, end)` (bytes, character boundaries) widened to whole grapheme clusters: what a
 *  selection of it covers. */
sheen_status sheen_text_layout_grapheme_range(const sheen_text_layout *layout, size_t start, size_t end,
                                              size_t *out_start, size_t *out_end);
/** UILabel's sizeThatFits for `text` in `font` laid out with `options` (NULL: defaults), whose
 *  width and height are the size offered (0: unconstrained): width and height in pixels into
 *  `out[2]`, rounded up. */
sheen_status sheen_text_size_that_fits(const char *text, const sheen_font *font, const sheen_text_options *options,
                                       double out[2]);
void sheen_text_layout_destroy(sheen_text_layout *layout);

/* ---- Labels ------------------------------------------------------------------------------ */

/** A styled label: text in a rectangle with fill (colour or gradient over the real ink),
 *  stroke, shadows and glows, background — UILabel's layout rules. Its create function and
 *  every setter check the label they would leave (size, insets, offsets and σ finite and in
 *  range, stroke width at most 256, colours finite, at most 64 shadows) and return
 *  SHEEN_ERROR_INVALID_ARGUMENT naming the value at once, leaving the label as it was. */
typedef struct sheen_label sheen_label;

typedef enum sheen_gradient_extent {
    /** `ink`: spans the text's inked pixels (the end colours land on the outermost ink). */
    SHEEN_EXTENT_INK = 0,
    /** `lines`: each line its own gradient over its own ink. */
    SHEEN_EXTENT_LINES = 1,
    /** `typographic`: the typographic text rectangle. */
    SHEEN_EXTENT_TYPOGRAPHIC = 2,
    /** `frame`: the label's whole rectangle. */
    SHEEN_EXTENT_FRAME = 3
} sheen_gradient_extent;

/** Where a stroke lies: outside the glyphs (drawn under the fill), centred on the outline or
 *  inside the glyphs (both drawn over the fill, so the whole width shows). */
typedef enum sheen_stroke_placement {
    /** `outside`. */
    SHEEN_STROKE_OUTSIDE = 0,
    /** `centered`. */
    SHEEN_STROKE_CENTERED = 1,
    /** `inside`. */
    SHEEN_STROKE_INSIDE = 2
} sheen_stroke_placement;

/** Glyph hinting: exact outlines (the default), FreeType's light auto-hinter (rows snapped,
 *  widths kept) or full hinting (fitted to whole pixels). Layout is the same in every mode. */
typedef enum sheen_hinting {
    /** `none`: exact outlines. */
    SHEEN_HINTING_NONE = 0,
    /** `light`: rows snapped. */
    SHEEN_HINTING_LIGHT = 1,
    /** `full`: the font's instructions, whole pixels. */
    SHEEN_HINTING_FULL = 2
} sheen_hinting;

/** A label of UTF-8 `text` in `font` (copied), width × height pixels; black text, no style. */
sheen_status sheen_label_create(const char *text, const sheen_font *font, double width, double height, sheen_label **out);
/** A whole label read from a JSON label spec (docs/label-spec.md: text or attributed runs, font,
 *  fill, stroke, shadows, layout — what `sheen render --spec` draws): `json` is `length` bytes of
 *  UTF-8, not necessarily NUL-terminated. Without "canvas" the label is sized to its text. An
 *  "animation" is read and checked, and the label is its first frame (the spec's own fields).
 *  A document that is not JSON, a wrong or unknown field, or a font it names that cannot be
 *  found is SHEEN_ERROR_INVALID_ARGUMENT, with a message naming the line and column or the
 *  field ("runs[1].underline: …"). */
sheen_status sheen_label_create_from_spec(const char *json, size_t length, sheen_label **out);
sheen_status sheen_label_set_text(sheen_label *label, const char *text);

/** Underline and strikethrough styles of a run. */
typedef enum sheen_decoration {
    SHEEN_DECORATION_NONE = 0, SHEEN_DECORATION_SINGLE = 1, SHEEN_DECORATION_DOUBLE = 2, SHEEN_DECORATION_THICK = 3
} sheen_decoration;

/** The style of one run of attributed text. All zero (or NULL) means the label's font and text
 *  colour, no tracking, offset or decoration. */
typedef struct sheen_run_style {
    const sheen_font *font;         /* NULL: the label's font */
    const sheen_color *color;       /* NULL: the label's text colour */
    const sheen_color *background;  /* NULL: none; else the run's background, the line's height */
    double tracking;                /* pixels added after every character */
    double baseline_offset;         /* pixels up (negative: down) */
    int32_t underline;              /* sheen_decoration, in the run's colour */
    int32_t strikethrough;          /* sheen_decoration, in the run's colour */
} sheen_run_style;

/** Appends UTF-8 `text` as a run in `style` (NULL: all defaults) to the label's text, which
 *  becomes attributed text: what it showed before stays as the first run (in the label's font
 *  and colour). sheen_label_set_text makes it plain text again. Refused at once, as drawing
 *  would refuse it: a tracking or baseline offset beyond ±1000 px, a text that would pass 2^20
 *  UTF-16 units, more than 128 combining marks in a row. Amortised O(1) in the label's text. */
sheen_status sheen_label_append_run(sheen_label *label, const char *text, const sheen_run_style *style);
sheen_status sheen_label_set_font(sheen_label *label, const sheen_font *font);
sheen_status sheen_label_set_size(sheen_label *label, double width, double height);
/** Plain text colour (used when no fill is set). */
sheen_status sheen_label_set_text_color(sheen_label *label, sheen_color color);
/** A solid fill. */
sheen_status sheen_label_set_fill_color(sheen_label *label, sheen_color color);
/** A linear gradient fill at `angle` degrees (0 left→right, 90 top→bottom) through evenly
 *  spaced `colors` (count ≥ 1) over `extent`, interpolated in `space` (sheen_color_space). */
sheen_status sheen_label_set_fill_gradient(sheen_label *label, const sheen_color *colors, size_t count, double angle,
                                           int32_t extent, int32_t space);
/** The geometry of a label gradient inside its extent rectangle (SheenLabel's
 *  LabelGradient.Geometry). */
typedef enum sheen_label_gradient_kind {
    SHEEN_LABEL_GRADIENT_LINEAR = 0,  /* through the rectangle's centre at `angle` degrees (0: left to right) */
    SHEEN_LABEL_GRADIENT_RADIAL = 1,  /* centred at (cx, cy), the end colour at `radius`: unit coordinates */
    SHEEN_LABEL_GRADIENT_CONIC = 2    /* a sweep around (cx, cy) from `angle` degrees, clockwise */
} sheen_label_gradient_kind;

/** Any gradient a label or field paints with, as the CLI's --fill, --gradient, --angle, --extent,
 *  --space and --dither describe it. Unit coordinates: (0, 0) the extent rectangle's top-left,
 *  (1, 1) its bottom-right. Start from sheen_label_gradient_default. */
typedef struct sheen_label_gradient {
    int32_t kind;                       /* sheen_label_gradient_kind */
    double angle;                       /* degrees: linear direction, conic start */
    double cx, cy, radius;              /* radial and conic centre, radial radius (unit coordinates) */
    const sheen_gradient_stop *stops;   /* at least one (offsets clamped and sorted as CSS does) */
    size_t count;
    int32_t spread;                     /* sheen_spread */
    int32_t space;                      /* sheen_color_space */
    int32_t extent;                     /* sheen_gradient_extent: what rectangle it spans */
    bool dither;
} sheen_label_gradient;

/** Linear at 0°, centre (0.5, 0.5), radius 0.5, pad, sRGB, over the ink, no dither, no stops. */
void sheen_label_gradient_default(sheen_label_gradient *gradient);
/** Paints the text with `gradient` (copied); NULL paints it in its text colour again. */
sheen_status sheen_label_set_fill(sheen_label *label, const sheen_label_gradient *gradient);
/** Paints the text with `gradient`'s stops, spread, space, extent and dither (its kind, angle,
 *  cx, cy and radius unused) on a shape of any sheen_gradient_kind `kind` with its `count`
 *  numbers in unit coordinates of the extent rectangle, stretched onto it (a length of 0.5
 *  reaches half its width across and half its height down; angles in radians). */
sheen_status sheen_label_set_fill_shape(sheen_label *label, const sheen_label_gradient *gradient, int32_t kind,
                                        const double *numbers, size_t count);
/** A stroke `width` pixels wide, 0…256 (0 removes it). */
sheen_status sheen_label_set_stroke(sheen_label *label, double width, sheen_color color, int32_t placement);
/** Adds a shadow offset (dx, dy) px, blurred by σ `sigma` px (0…256), grown by `spread` px
 *  (0…256); a glow is a shadow at offset 0. Drawn in the order added, below the stroke and fill;
 *  a label takes 0…64 shadows. */
sheen_status sheen_label_add_shadow(sheen_label *label, double dx, double dy, double sigma, double spread,
                                    sheen_color color);
sheen_status sheen_label_clear_shadows(sheen_label *label);
/** A background filling the label's rectangle; NULL removes it. */
sheen_status sheen_label_set_background(sheen_label *label, const sheen_color *color);
sheen_status sheen_label_set_alignment(sheen_label *label, int32_t alignment, int32_t vertical_alignment);
/** A sheen_line_break and the maximum lines, 0…100000 (0 = unlimited), as `lines` takes them. */
sheen_status sheen_label_set_line_break(sheen_label *label, int32_t line_break, intptr_t number_of_lines);
/** Auto-shrink to fit the width, down to `minimum_scale_factor` (0…1) of the font size. */
sheen_status sheen_label_set_adjusts_font_size(sheen_label *label, bool adjusts, double minimum_scale_factor);
/** Insets of the text area from the label's rectangle, pixels, each 0…16384. */
sheen_status sheen_label_set_insets(sheen_label *label, double top, double left, double bottom, double right);
/** Disabled labels draw at half their alpha. */
sheen_status sheen_label_set_enabled(sheen_label *label, bool enabled);
/** Opacity of the whole label, 0…1 (1 by default): below 1 the label is drawn, then composited
 *  once at this opacity, so a shadow never shows through the letters. Refuses NaN and values
 *  outside 0…1 with SHEEN_ERROR_INVALID_ARGUMENT, changing nothing. */
sheen_status sheen_label_set_alpha(sheen_label *label, double alpha);
/** How the label's glyphs are hinted (`sheen_hinting`); other values are refused. */
sheen_status sheen_label_set_hinting(sheen_label *label, int32_t hinting);
/** Clip everything drawn to the label's rectangle (off by default: ink, strokes and shadows that
 *  overhang it are drawn wherever the destination has pixels). */
sheen_status sheen_label_set_clips_to_bounds(sheen_label *label, bool clips);

/* One setter per label property, named after its JSON spec key (docs/label-spec.md lists every
 * property with its key, flag, setter and range). Numbers outside the property's range are
 * refused with SHEEN_ERROR_INVALID_ARGUMENT, changing nothing. sheen_label_set_size,
 * _set_alignment, _set_adjusts_font_size and _set_clips_to_bounds are the older names (kept this
 * release). */

/* Any property docs/label-spec.md marks with a generic setter, by its spec key: the properties
 * added to the table take these, without a setter of their own. An unknown key, or one of
 * another kind, is refused naming the keys of this kind. */
/** Number (or whole-number) property `key` ("lineHeight", "lines") to `value`, in its range. */
sheen_status sheen_label_set_number(sheen_label *label, const char *key, double value);
/** On/off property `key` ("tighten", "clip"). */
sheen_status sheen_label_set_flag(sheen_label *label, const char *key, bool value);
/** Word property `key` ("align") to `word` ("center"), as the spec spells it. */
sheen_status sheen_label_set_word(sheen_label *label, const char *key, const char *word);

/** Shrunk text's baseline (`baseline`). */
typedef enum sheen_baseline {
    /** `baselines`: the shrunk baseline where the full-size one would be. */
    SHEEN_BASELINE_BASELINES = 0,
    /** `centers`: the shrunk line's centre where the full-size one's would be. */
    SHEEN_BASELINE_CENTERS = 1,
    /** `none`: the shrunk line's top where the full-size one's would be. */
    SHEEN_BASELINE_NONE = 2
} sheen_baseline;

/** `canvas`: the label's frame in pixels, each side 0…16384. */
sheen_status sheen_label_set_canvas(sheen_label *label, double width, double height);
/** `align`: a sheen_text_alignment. */
sheen_status sheen_label_set_align(sheen_label *label, int32_t alignment);
/** `vertical`: a sheen_vertical_alignment. */
sheen_status sheen_label_set_vertical(sheen_label *label, int32_t vertical_alignment);
/** `lines`: maximum lines, 0…100000 (0 = unlimited). */
sheen_status sheen_label_set_lines(sheen_label *label, intptr_t lines);
/** `minScale`: auto-shrink down to this fraction of the font size, 0…1 (0: off). */
sheen_status sheen_label_set_min_scale(sheen_label *label, double minimum_scale);
/** `tighten`: tighten letter spacing before truncating. */
sheen_status sheen_label_set_tighten(sheen_label *label, bool tighten);
/** `hyphenation`: hyphenate in this language ("en_US"; libhyphen's dictionaries, loaded when the
 *  label is laid out), or NULL for none. */
sheen_status sheen_label_set_hyphenation(sheen_label *label, const char *language);
/** `baseline`: a sheen_baseline. */
sheen_status sheen_label_set_baseline(sheen_label *label, int32_t baseline);
/** `lineHeight`: the line height multiple, 0.01…10. */
sheen_status sheen_label_set_line_height(sheen_label *label, double multiple);
/** `lineSpacing`: extra pixels between lines, −1000…1000. */
sheen_status sheen_label_set_line_spacing(sheen_label *label, double spacing);
/** `insetShadows`: inset the text so its shadows fit the frame. */
sheen_status sheen_label_set_inset_shadows(sheen_label *label, bool inset);
/** `clip`: clip everything drawn to the frame. */
sheen_status sheen_label_set_clip(sheen_label *label, bool clip);
/** `highlight`: draw highlighted in `color`, or not highlighted (NULL). */
sheen_status sheen_label_set_highlight(sheen_label *label, const sheen_color *color);
/** The pixels drawing the label can change, relative to its top-left corner (x or y negative
 *  where something overhangs the left or top): its rectangle, the ink of fill and stroke, and
 *  every shadow out to ⌈3σ⌉ of blur. */
/** UILabel's sizeThatFits: the size (whole pixels, insets included) that holds the label's text
 *  within `width` × `height` (0: unconstrained in that direction), into `out[2]`. A label made
 *  with size 0 × 0 shows nothing; size it with this first. */
sheen_status sheen_label_size_that_fits(const sheen_label *label, double width, double height, double out[2]);
/** The label's layout in its text area (a new handle: line count, line info, carets, masks), and
 *  where its layout pixel (0, 0) lies in the label (*x, *y). */
sheen_status sheen_label_layout(const sheen_label *label, sheen_text_layout **out, intptr_t *x, intptr_t *y);
sheen_status sheen_label_drawn_bounds(const sheen_label *label, sheen_rect *out);

/** Draws the label with its top-left corner at destination pixel (x, y) (which may lie outside
 *  it), sourceOver what is there; RGBA8 or BGRA8. On an error nothing is drawn. */
sheen_status sheen_label_render(const sheen_label *label, const sheen_buffer *destination, intptr_t x, intptr_t y);
/** The label in a new transparent RGBA8 image covering sheen_label_drawn_bounds: the label's
 *  top-left corner is image pixel (−bounds.x, −bounds.y). Without overhangs (or when clipped)
 *  that is the label's size rounded up, the corner at (0, 0). */
sheen_status sheen_label_image(const sheen_label *label, sheen_image **out);
void sheen_label_destroy(sheen_label *label);

/* ---- Text fields ------------------------------------------------------------------------- */

/** A single-line text field (SheenLabel's TextField): its text, or when empty a placeholder;
 *  while editing a caret or a selection; scrolled to keep the caret in view. Indices are byte
 *  offsets into the caller's UTF-8 text, on character boundaries (others are refused); the text
 *  and placeholder must be well-formed UTF-8 (an ill-formed one is refused, naming the offset of
 *  its first bad byte), so an index Sheen returns is always one into the caller's own bytes.
 *  Setters refuse what drawing would refuse (text longer than 2^20 UTF-16 units, more than 128
 *  combining marks in a row, bad numbers), at once, and leave the field as it was. */
typedef struct sheen_text_field sheen_text_field;

/** A field of UTF-8 `text` in `font` (copied), width × height pixels (both > 0: a field of no
 *  size shows nothing, so it is refused; see sheen_text_field_size_that_fits); black text. */
sheen_status sheen_text_field_create(const char *text, const sheen_font *font, double width, double height,
                                     sheen_text_field **out);
/** Replaces the text; the caret moves to its end and the selection is cleared. */
sheen_status sheen_text_field_set_text(sheen_text_field *field, const char *text);
/** Appends UTF-8 `text` as a run in `style` (NULL: all defaults; as sheen_label_append_run) to
 *  the field's text, which becomes attributed text: what it held before stays as the first run
 *  (in the field's font and text colour); sheen_text_field_set_text makes it plain again. The
 *  caret moves to the end, the selection and marked text are cleared. Refused at once as the
 *  label's is (tracking or offset beyond ±1000 px, a text past 2^20 UTF-16 units, more than 128
 *  marks in a row). Amortised O(1) in the field's text. */
sheen_status sheen_text_field_append_run(sheen_text_field *field, const char *text, const sheen_run_style *style);
/** Replaces bytes `start`…`end` of the text (character boundaries, start ≤ end) with UTF-8
 *  `text`, as an editor types, pastes or deletes: attributed text keeps its runs, the new text
 *  taking the attributes of the first character replaced (of the one before an insertion); the
 *  caret stands after the new text, the selection is cleared, marked text the edit touches is
 *  unmarked. Linear in the field's text. */
sheen_status sheen_text_field_replace_text(sheen_text_field *field, size_t start, size_t end, const char *text);
/** The placeholder shown when the text is empty, in `color`. */
sheen_status sheen_text_field_set_placeholder(sheen_text_field *field, const char *placeholder, sheen_color color);
sheen_status sheen_text_field_set_text_color(sheen_text_field *field, sheen_color color);
/** A linear gradient over the text's ink (as sheen_label_set_fill_gradient); `count` 0 removes it. */
sheen_status sheen_text_field_set_fill_gradient(sheen_text_field *field, const sheen_color *colors, size_t count,
                                                double angle_degrees, int32_t color_space);
/** Adds a shadow (as sheen_label_add_shadow: σ 0…256, spread 0…256); the text rectangle is inset
 *  so it fits the field. */
sheen_status sheen_text_field_add_shadow(sheen_text_field *field, double dx, double dy, double sigma, double spread,
                                         sheen_color color);
/** A background filling the field; NULL removes it. */
sheen_status sheen_text_field_set_background(sheen_text_field *field, const sheen_color *color);
/** The editing state: the caret at byte `caret`, or when `selection_start` < `selection_end` that
 *  range selected (bytes; a start after the end is refused). Not editing, neither is drawn. */
sheen_status sheen_text_field_set_editing(sheen_text_field *field, bool editing, size_t caret, size_t selection_start,
                                          size_t selection_end);
/** The scroll offset the field had (pixels ≥ 0); drawing moves it only to show the caret. */
sheen_status sheen_text_field_set_scroll_offset(sheen_text_field *field, double offset);
/** The scroll offset drawing uses, to keep with sheen_text_field_set_scroll_offset between draws. */
sheen_status sheen_text_field_resolved_scroll_offset(const sheen_text_field *field, double *out);
/** The caret index (a byte offset) nearest to field point (x, y), as a tap places the caret. */
sheen_status sheen_text_field_caret_index_at(const sheen_text_field *field, double x, double y, size_t *out);
/** The caret's rectangle for byte index `index`, field pixels: x, y, width, height into `out[4]`. */
sheen_status sheen_text_field_caret_rect(const sheen_text_field *field, size_t index, double out[4]);
/** Replaces the font of the text and placeholder (copied). */
sheen_status sheen_text_field_set_font(sheen_text_field *field, const sheen_font *font);
/** The field's frame, width × height pixels (both > 0, at most 16384). */
sheen_status sheen_text_field_set_size(sheen_text_field *field, double width, double height);
/** UITextField's sizeThatFits: the smallest frame (whole pixels) showing the longer of text and
 *  placeholder on its line, with the insets and the whole insets of stroke, caret and shadows;
 *  the field's own size does not matter. Into `out[2]`. */
sheen_status sheen_text_field_size_that_fits(const sheen_text_field *field, double out[2]);
/** The text rectangle (frame less insets and decoration insets), field pixels, into `out[4]`. */
sheen_status sheen_text_field_text_rect(const sheen_text_field *field, double out[4]);
/** A stroke `width` pixels wide, 0…256 (0 removes it), placed by `placement`. */
sheen_status sheen_text_field_set_stroke(sheen_text_field *field, double width, sheen_color color, int32_t placement);
/** Removes every shadow and glow. */
sheen_status sheen_text_field_clear_shadows(sheen_text_field *field);
/** Horizontal alignment of text that fits (sheen_text_alignment); wider text scrolls. */
sheen_status sheen_text_field_set_alignment(sheen_text_field *field, int32_t alignment);
/** Insets of the text rectangle from the frame, pixels ≥ 0, left + right below the width and top +
 *  bottom below the height. */
sheen_status sheen_text_field_set_insets(sheen_text_field *field, double top, double left, double bottom, double right);
/** Whether the text rectangle is inset further by the shadows' reach (default true). */
sheen_status sheen_text_field_set_insets_text_for_shadows(sheen_text_field *field, bool insets);
/** Glyph hinting (sheen_hinting). */
sheen_status sheen_text_field_set_hinting(sheen_text_field *field, int32_t hinting);
/** Opacity of the whole field, 0…1: drawn, then composited once at it. */
sheen_status sheen_text_field_set_alpha(sheen_text_field *field, double alpha);
/** The caret's colour and width in pixels (0 < width ≤ 64; default #007AFF, 2). */
sheen_status sheen_text_field_set_caret_style(sheen_text_field *field, sheen_color color, double width);
/** The selection highlight's colour (default #007AFF at 20 %). */
sheen_status sheen_text_field_set_selection_color(sheen_text_field *field, sheen_color color);
/** Marked text (UITextInput's setMarkedText): bytes [start, end) of the text (character
 *  boundaries) are an input method's composition, underlined while editing, and
 *  [selected_start, selected_end) inside them the clause being converted, underlined thicker
 *  (equal ends: none). An empty [start, end) removes the marked text (unmarkText), as setting
 *  the text does. */
sheen_status sheen_text_field_set_marked_text(sheen_text_field *field, size_t start, size_t end, size_t selected_start,
                                              size_t selected_end);
/** How marked text is underlined: in `*color` (NULL: the text colour), `thickness` pixels under
 *  the marked text and `selected_thickness` under the selected clause (0.25…16 each; defaults 1
 *  and 2). */
sheen_status sheen_text_field_set_marked_style(sheen_text_field *field, const sheen_color *color, double thickness,
                                               double selected_thickness);
/** The rectangles drawn under the marked text while editing, field coordinates, as {x, y, width,
 *  height} in `rects`: per line and direction run, thin ones and the selected clause's thick
 *  ones, the first min(`capacity`, count) written and the count in `*out_count` (capacity 0 and
 *  rects NULL to learn it; 0 without marked text). */
sheen_status sheen_text_field_marked_underlines(const sheen_text_field *field, double *rects, size_t capacity,
                                                size_t *out_count);
/** A linear gradient over the placeholder's ink (as sheen_text_field_set_fill_gradient); `count`
 *  0 paints it in its colour again. */
sheen_status sheen_text_field_set_placeholder_gradient(sheen_text_field *field, const sheen_color *colors, size_t count,
                                                       double angle_degrees, int32_t color_space);
/** Paints the text with any label gradient (sheen_label_set_fill); NULL: the text colour. */
sheen_status sheen_text_field_set_fill(sheen_text_field *field, const sheen_label_gradient *gradient);
/** Paints the placeholder with any label gradient; NULL: its colour. */
sheen_status sheen_text_field_set_placeholder_fill(sheen_text_field *field, const sheen_label_gradient *gradient);
/** Which side of a direction boundary the caret is drawn on (sheen_caret_affinity). */
sheen_status sheen_text_field_set_caret_affinity(sheen_text_field *field, int32_t affinity);
/** The caret position nearest to field point (x, y): a byte index on a grapheme cluster boundary
 *  and the affinity that draws the caret where the tap was (keep both for drawing). */
sheen_status sheen_text_field_caret_position_at(const sheen_text_field *field, double x, double y, size_t *index,
                                                int32_t *affinity);
/** sheen_text_field_caret_rect on the side `affinity` says. */
sheen_status sheen_text_field_caret_rect_with_affinity(const sheen_text_field *field, size_t index, int32_t affinity,
                                                       double out[4]);
/** How the caret moves (SheenText's CaretMovement): an arrow, word, line or paragraph key, as
 *  UITextInput's positions and UITextInputTokenizer's units answer them. */
typedef enum sheen_caret_movement {
    /** `left`: one place left on screen. */
    SHEEN_MOVE_LEFT = 0,
    /** `right`: one place right on screen. */
    SHEEN_MOVE_RIGHT = 1,
    /** `forward`: the next character. */
    SHEEN_MOVE_FORWARD = 2,
    /** `backward`: the previous character. */
    SHEEN_MOVE_BACKWARD = 3,
    /** `wordForward`: the end of the next word. */
    SHEEN_MOVE_WORD_FORWARD = 4,
    /** `wordBackward`: the start of the previous word. */
    SHEEN_MOVE_WORD_BACKWARD = 5,
    /** `lineStart`: the start of the line. */
    SHEEN_MOVE_LINE_START = 6,
    /** `lineEnd`: the end of the line. */
    SHEEN_MOVE_LINE_END = 7,
    /** `paragraphStart`: the start of the paragraph. */
    SHEEN_MOVE_PARAGRAPH_START = 8,
    /** `paragraphEnd`: the end of the paragraph. */
    SHEEN_MOVE_PARAGRAPH_END = 9,
    /** `up`: the line above, at the preferred x. */
    SHEEN_MOVE_UP = 10,
    /** `down`: the line below, at the preferred x. */
    SHEEN_MOVE_DOWN = 11,
    /** `documentStart`: the start of the text. */
    SHEEN_MOVE_DOCUMENT_START = 12,
    /** `documentEnd`: the end of the text. */
    SHEEN_MOVE_DOCUMENT_END = 13
} sheen_caret_movement;

/** Where the caret at byte `index` (a character boundary; moved back to its grapheme cluster's
 *  start), drawn on the side `affinity` says, goes with `movement` (sheen_caret_movement): left
 *  and right by the screen through bidi text (each place a caret can be drawn once, to the
 *  neighbouring line at a line's end), forward and backward by grapheme cluster, by word (ICU), to
 *  the line's or paragraph's start or end, up and down a line at `preferred_x` (field pixels; NaN:
 *  the caret's own x — keep the first one's x through a run of vertical moves), to the text's
 *  start or end. A one-line field's up and down go to the text's start and end; moves past the
 *  ends stay there; while the placeholder shows every move gives 0. The new byte index (on a
 *  grapheme cluster boundary) into `*out_index`, the affinity that draws it into
 *  `*out_affinity`; keep both for drawing (sheen_text_field_set_editing,
 *  sheen_text_field_set_caret_affinity). */
sheen_status sheen_text_field_move_caret(const sheen_text_field *field, size_t index, int32_t affinity, int32_t movement,
                                         double preferred_x, size_t *out_index, int32_t *out_affinity);
/** The rectangles a selection of `[start, end)` (bytes, character boundaries) highlights, field
 *  coordinates, as {x, y, width, height} in `rects`: one per line and direction run (bidi text
 *  has several on a line), the first min(`capacity`, count) of them written and the count in
 *  `*out_count` (call with capacity 0 and rects NULL to learn it). */
sheen_status sheen_text_field_selection_rects(const sheen_text_field *field, size_t start, size_t end, double *rects,
                                              size_t capacity, size_t *out_count);
/** Where the selection handles of `[start, end)` (bytes, character boundaries) stand, field
 *  coordinates, into `out[8]`: the caret rectangle {x, y, width, height} at the selection's
 *  start on the side of its first character, then the one at its end on the side of its last
 *  (a selection ending at a wrap keeps its end handle on its last line; in bidi text each stands
 *  at its character's outer edge). Widened to whole grapheme clusters; an empty range gives the
 *  caret's rectangle twice. */
sheen_status sheen_text_field_selection_handles(const sheen_text_field *field, size_t start, size_t end, double out[8]);
/** `[start, end)` (bytes, character boundaries) widened to whole grapheme clusters, as a
 *  selection of it is drawn; with start == end, the caret index it snaps to (moved back). */
sheen_status sheen_text_field_grapheme_range(const sheen_text_field *field, size_t start, size_t end, size_t *out_start,
                                             size_t *out_end);
/** Secure entry: every character (grapheme cluster) drawn as a bullet; only the bullets are laid
 *  out or cached. Indices stay byte offsets into the text. */
sheen_status sheen_text_field_set_secure(sheen_text_field *field, bool secure);
/** Disabled: drawn at half its opacity, no caret or selection (queries still answer). */
sheen_status sheen_text_field_set_enabled(sheen_text_field *field, bool enabled);
/** Auto-shrink: a text wider than the text rectangle is drawn in a smaller font, down to
 *  `minimum_font_size` pixels (0: a quarter of the font's size; at most the font's size). */
sheen_status sheen_text_field_set_adjusts_font_size(sheen_text_field *field, bool adjusts, double minimum_font_size);
/** Multi-line mode: the field is drawn and answers as a text view (SheenLabel's TextView,
 *  UITextView) — the text wraps at its width into as many lines as it needs, line breaks begin
 *  paragraphs, the scroll offset (set_scroll_offset, resolved_scroll_offset) is vertical and
 *  scrolls to the caret's line, caret rects and taps work on every line, size_that_fits gives
 *  the height holding every line at the field's width. Turning it on gives zero insets
 *  UITextView's text container insets (8, 5, 8, 5); secure entry and auto-shrink do not apply. */
sheen_status sheen_text_field_set_multiline(sheen_text_field *field, bool multiline);
/** Where the line sits in the text rectangle's height (sheen_vertical_alignment): centred by
 *  default; in multi-line mode, where lines shorter than the rectangle sit (turning multi-line
 *  mode on makes a centred field's TOP, UITextView's, and off again CENTER). */
sheen_status sheen_text_field_set_vertical_alignment(sheen_text_field *field, int32_t vertical_alignment);
/** Multi-line mode's line spacing: each line's box is the font's line height times `multiple`
 *  (0.01…10, default 1), with `spacing` extra pixels between lines (−1000…1000, default 0). A
 *  one-line field keeps them for multi-line mode and does not use them. */
sheen_status sheen_text_field_set_line_spacing(sheen_text_field *field, double multiple, double spacing);
/** Multi-line mode's paragraph spacing: `before` extra pixels before each paragraph but the
 *  first, `after` after each but the last (0…1000 each, default 0). A one-line field keeps them
 *  for multi-line mode and does not use them. */
sheen_status sheen_text_field_set_paragraph_spacing(sheen_text_field *field, double before, double after);
/** Draws the field with its top-left corner at destination pixel (x, y), sourceOver what is
 *  there; RGBA8 or BGRA8. Everything is drawn inside the field. On an error nothing is drawn. */
sheen_status sheen_text_field_render(const sheen_text_field *field, const sheen_buffer *destination, intptr_t x, intptr_t y);
/** A text field, or a text view with "multiline", drawn from a field spec: `length` bytes of JSON
 *  (docs/label-spec.md, "Field specs": the label's style fields, "canvas" with 0 for a side sized
 *  to the text, placeholder, editing, caret and selection as UTF-16 offsets, …), what
 *  `sheen field` draws from the same options. A new premultiplied RGBA8 image of the frame's size
 *  into `*out` (free with sheen_image_destroy). A refused spec is SHEEN_ERROR_INVALID_ARGUMENT
 *  naming its field ("spec: caret: …"). */
sheen_status sheen_text_field_image_from_spec(const char *json, size_t length, sheen_image **out);
void sheen_text_field_destroy(sheen_text_field *field);

/* ---- PNG --------------------------------------------------------------------------------- */

/** Encodes a buffer as PNG (RGBA, un-premultiplied; A8 as grey) into new memory the caller
 *  frees with sheen_free. */
sheen_status sheen_png_encode(const sheen_buffer *buffer, uint8_t **bytes, size_t *count);
/** Encodes a buffer as PNG into the file at `path`, as the `sheen` command line writes its output:
 *  a regular file (or a new one) is replaced atomically through a temporary file in its
 *  directory and keeps its permission bits; a device or FIFO is written through, never replaced;
 *  a symbolic link is followed and stays a link. SHEEN_ERROR_IO, with a message naming the path
 *  and the reason, when the path cannot take a file or writing fails (a regular file is then
 *  left as it was). A FIFO that no process has open for reading is refused at once (it is never
 *  waited for); a file larger than the process's file-size limit (RLIMIT_FSIZE) is refused
 *  before a byte is written, so no SIGXFSZ is raised, and no signal disposition of the process
 *  is changed. Temporary files are named .NAME.sheen-PID-N; one left by a writer that was
 *  killed is removed by the next write beside it. */
sheen_status sheen_png_write(const sheen_buffer *buffer, const char *path);

#ifdef __cplusplus
}
#endif

#endif /* SHEEN_H */
