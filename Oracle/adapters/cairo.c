/* The oracle kit's adapter for cairo's image backend (Debian's libcairo2-dev): a one-row
 * CAIRO_FORMAT_ARGB32 surface (B, G, R, A bytes on a little-endian machine: the case's R, G, B, A
 * swapped) or CAIRO_FORMAT_A8, the paint a surface of the case's pixels, painted with
 * cairo_paint or, through coverage, cairo_mask_surface. cairo scales the paint by the mask for
 * the bounded operators; SOURCE and CLEAR interpolate (cairo clips them to the mask), which the
 * survey's "fits" column confirms. Gradients: cairo_pattern_create_linear and _radial (two-point
 * conical) with CAIRO_EXTEND_PAD, _REPEAT or _REFLECT, painted with CAIRO_OPERATOR_SOURCE; cairo
 * interpolates straight colour and has no sweep gradient. */
#include <string.h>

#include <cairo.h>
#include <sheen.h>

#include "sheen_oracle.h"

/* cairo's operator for each sheen_operator, in sheen.h's order (all 28 exist in cairo). */
static const cairo_operator_t operators[] = {
    CAIRO_OPERATOR_CLEAR, CAIRO_OPERATOR_SOURCE, CAIRO_OPERATOR_DEST, CAIRO_OPERATOR_OVER, CAIRO_OPERATOR_DEST_OVER,
    CAIRO_OPERATOR_IN, CAIRO_OPERATOR_DEST_IN, CAIRO_OPERATOR_OUT, CAIRO_OPERATOR_DEST_OUT, CAIRO_OPERATOR_ATOP,
    CAIRO_OPERATOR_DEST_ATOP, CAIRO_OPERATOR_XOR, CAIRO_OPERATOR_ADD, CAIRO_OPERATOR_MULTIPLY, CAIRO_OPERATOR_SCREEN,
    CAIRO_OPERATOR_OVERLAY, CAIRO_OPERATOR_DARKEN, CAIRO_OPERATOR_LIGHTEN, CAIRO_OPERATOR_COLOR_DODGE,
    CAIRO_OPERATOR_COLOR_BURN, CAIRO_OPERATOR_HARD_LIGHT, CAIRO_OPERATOR_SOFT_LIGHT, CAIRO_OPERATOR_DIFFERENCE,
    CAIRO_OPERATOR_EXCLUSION, CAIRO_OPERATOR_HSL_HUE, CAIRO_OPERATOR_HSL_SATURATION, CAIRO_OPERATOR_HSL_COLOR,
    CAIRO_OPERATOR_HSL_LUMINOSITY,
};

static int supports(int32_t op, int32_t format) {
    (void)format;
    return op >= 0 && op < (int32_t)(sizeof operators / sizeof operators[0]);
}

static int32_t coverage_rule(int32_t op) {
    return op == SHEEN_OP_SOURCE || op == SHEEN_OP_CLEAR ? SHEEN_COVERAGE_RULE_INTERPOLATES
                                                         : SHEEN_COVERAGE_RULE_SCALES_PAINT;
}

static int composite(int32_t op, int32_t format, const uint8_t *paint, const uint8_t *mask, uint8_t *dst, int32_t count) {
    static uint32_t src_bits[1024], dst_bits[1024], mask_bits[256];
    if (count > 1024) return 1;
    cairo_format_t f = format == SHEEN_ORACLE_A8 ? CAIRO_FORMAT_A8 : CAIRO_FORMAT_ARGB32;
    int stride = cairo_format_stride_for_width(f, count);
    if (format == SHEEN_ORACLE_A8) {
        memcpy(src_bits, paint, (size_t)count);
        memcpy(dst_bits, dst, (size_t)count);
    } else {
        sheen_oracle_swap_red_blue((uint8_t *)src_bits, paint, count);
        sheen_oracle_swap_red_blue((uint8_t *)dst_bits, dst, count);
    }
    cairo_surface_t *s = cairo_image_surface_create_for_data((unsigned char *)src_bits, f, count, 1, stride);
    cairo_surface_t *d = cairo_image_surface_create_for_data((unsigned char *)dst_bits, f, count, 1, stride);
    cairo_surface_t *m = NULL;
    if (mask) {
        memcpy(mask_bits, mask, (size_t)count);
        m = cairo_image_surface_create_for_data((unsigned char *)mask_bits, CAIRO_FORMAT_A8, count, 1,
                                                cairo_format_stride_for_width(CAIRO_FORMAT_A8, count));
    }
    cairo_t *cr = cairo_create(d);
    cairo_set_operator(cr, operators[op]);
    cairo_set_source_surface(cr, s, 0, 0);
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST);
    if (m) cairo_mask_surface(cr, m, 0, 0); else cairo_paint(cr);
    int failed = cairo_status(cr) != CAIRO_STATUS_SUCCESS;
    cairo_destroy(cr);
    cairo_surface_flush(d);
    cairo_surface_destroy(s);
    cairo_surface_destroy(d);
    if (m) cairo_surface_destroy(m);
    if (failed) return 1;
    if (format == SHEEN_ORACLE_A8) memcpy(dst, dst_bits, (size_t)count);
    else sheen_oracle_swap_red_blue(dst, (const uint8_t *)dst_bits, count);
    return 0;
}

static int supports_gradient(int32_t shape, int32_t spread, int32_t premultiplied) {
    (void)spread;
    return shape != SHEEN_ORACLE_CONIC && !premultiplied;
}

static int fill_gradient(const sheen_oracle_gradient *g, uint8_t *dst, int32_t width, int32_t height) {
    static uint32_t bits[4096];
    if (width * height > 4096) return 1;
    cairo_pattern_t *pattern = g->shape == SHEEN_ORACLE_LINEAR
        ? cairo_pattern_create_linear(g->x0, g->y0, g->x1, g->y1)
        : cairo_pattern_create_radial(g->x0, g->y0, g->r0, g->x1, g->y1, g->r1);
    for (int i = 0; i < g->stop_count; i++)
        cairo_pattern_add_color_stop_rgba(pattern, g->offsets[i], g->colors[i][0], g->colors[i][1], g->colors[i][2],
                                          g->colors[i][3]);
    static const cairo_extend_t extends[] = {CAIRO_EXTEND_PAD, CAIRO_EXTEND_REPEAT, CAIRO_EXTEND_REFLECT};
    cairo_pattern_set_extend(pattern, extends[g->spread]);
    cairo_surface_t *surface = cairo_image_surface_create_for_data((unsigned char *)bits, CAIRO_FORMAT_ARGB32, width,
                                                                   height, 4 * width);
    cairo_t *cr = cairo_create(surface);
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
    cairo_set_source(cr, pattern);
    cairo_paint(cr);
    int failed = cairo_status(cr) != CAIRO_STATUS_SUCCESS;
    cairo_destroy(cr);
    cairo_surface_flush(surface);
    cairo_surface_destroy(surface);
    cairo_pattern_destroy(pattern);
    if (!failed) sheen_oracle_swap_red_blue(dst, (const uint8_t *)bits, width * height);
    return failed;
}

const sheen_oracle_adapter *sheen_oracle_adapter_get(void) {
    static sheen_oracle_adapter a = {0};
    a.name = "cairo";
    a.version = cairo_version_string();
    a.supports = supports;
    a.coverage_rule = coverage_rule;
    /* Each tolerance has a margin of 1e-9 for the exact reference's own rounding noise (~3e-14
     * levels): a result exactly one level off is within one level, not beyond it. */
    a.tolerance_full = 1.0 + 1e-9;    /* within one level */
    a.tolerance_partial = 1.5 + 1e-9; /* and the half level the mask's own rounding may add */
    a.composite = composite;
    a.supports_gradient = supports_gradient;
    a.fill_gradient = fill_gradient;
    a.tolerance_gradient = 1.0 + 1e-9; /* within one level */
    return &a;
}
