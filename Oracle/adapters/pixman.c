/* The oracle kit's adapter for pixman (Debian's libpixman-1-dev): pixman_image_composite32 on a
 * one-row image, the paint an image of the case's pixels (PIXMAN_a8b8g8r8: R, G, B, A bytes on a
 * little-endian machine; PIXMAN_a8), the coverage a PIXMAN_a8 mask. pixman's mask is
 * Porter-Duff's (S in M) op D for every operator: the paint scaled by the mask. Gradients: its
 * linear and radial (two-point conical) gradient images, 16.16 fixed-point geometry and 16-bit
 * stop colours, composited with PIXMAN_OP_SRC; pixman interpolates straight colour. Its conical
 * gradient is a sweep of another convention (degrees, its own direction) and is not adapted. */
#include <math.h>
#include <string.h>

#include <pixman.h>
#include <sheen.h>

#include "sheen_oracle.h"

/* pixman's operator for each sheen_operator, in sheen.h's order (all 28 exist in pixman). */
static const pixman_op_t operators[] = {
    PIXMAN_OP_CLEAR, PIXMAN_OP_SRC, PIXMAN_OP_DST, PIXMAN_OP_OVER, PIXMAN_OP_OVER_REVERSE, PIXMAN_OP_IN,
    PIXMAN_OP_IN_REVERSE, PIXMAN_OP_OUT, PIXMAN_OP_OUT_REVERSE, PIXMAN_OP_ATOP, PIXMAN_OP_ATOP_REVERSE, PIXMAN_OP_XOR,
    PIXMAN_OP_ADD, PIXMAN_OP_MULTIPLY, PIXMAN_OP_SCREEN, PIXMAN_OP_OVERLAY, PIXMAN_OP_DARKEN, PIXMAN_OP_LIGHTEN,
    PIXMAN_OP_COLOR_DODGE, PIXMAN_OP_COLOR_BURN, PIXMAN_OP_HARD_LIGHT, PIXMAN_OP_SOFT_LIGHT, PIXMAN_OP_DIFFERENCE,
    PIXMAN_OP_EXCLUSION, PIXMAN_OP_HSL_HUE, PIXMAN_OP_HSL_SATURATION, PIXMAN_OP_HSL_COLOR, PIXMAN_OP_HSL_LUMINOSITY,
};

static int supports(int32_t op, int32_t format) {
    (void)format;
    return op >= 0 && op < (int32_t)(sizeof operators / sizeof operators[0]);
}

static int32_t coverage_rule(int32_t op) {
    (void)op;
    return SHEEN_COVERAGE_RULE_SCALES_PAINT;
}

static int composite(int32_t op, int32_t format, const uint8_t *paint, const uint8_t *mask, uint8_t *dst, int32_t count) {
    /* pixman wants 4-byte aligned rows: the case's bytes are copied into aligned buffers. */
    static uint32_t src_bits[1024], dst_bits[1024], mask_bits[256];
    int bpp = format == SHEEN_ORACLE_A8 ? 1 : 4;
    if (count > 1024) return 1;
    int stride = (count * bpp + 3) & ~3;
    pixman_format_code_t f = format == SHEEN_ORACLE_A8 ? PIXMAN_a8 : PIXMAN_a8b8g8r8;
    memcpy(src_bits, paint, (size_t)(count * bpp));
    memcpy(dst_bits, dst, (size_t)(count * bpp));
    pixman_image_t *s = pixman_image_create_bits(f, count, 1, src_bits, stride);
    pixman_image_t *d = pixman_image_create_bits(f, count, 1, dst_bits, stride);
    pixman_image_t *m = NULL;
    if (mask) {
        memcpy(mask_bits, mask, (size_t)count);
        m = pixman_image_create_bits(PIXMAN_a8, count, 1, mask_bits, (count + 3) & ~3);
    }
    int failed = !s || !d || (mask && !m);
    if (!failed) pixman_image_composite32(operators[op], s, m, d, 0, 0, 0, 0, 0, 0, count, 1);
    if (s) pixman_image_unref(s);
    if (d) pixman_image_unref(d);
    if (m) pixman_image_unref(m);
    if (!failed) memcpy(dst, dst_bits, (size_t)(count * bpp));
    return failed;
}

static int supports_gradient(int32_t shape, int32_t spread, int32_t premultiplied) {
    (void)spread;
    return shape != SHEEN_ORACLE_CONIC && !premultiplied;
}

static int fill_gradient(const sheen_oracle_gradient *g, uint8_t *dst, int32_t width, int32_t height) {
    pixman_gradient_stop_t stops[8];
    for (int i = 0; i < g->stop_count; i++) {
        stops[i].x = pixman_double_to_fixed(g->offsets[i]);
        stops[i].color.red = (uint16_t)lround(g->colors[i][0] * 65535.0);
        stops[i].color.green = (uint16_t)lround(g->colors[i][1] * 65535.0);
        stops[i].color.blue = (uint16_t)lround(g->colors[i][2] * 65535.0);
        stops[i].color.alpha = (uint16_t)lround(g->colors[i][3] * 65535.0);
    }
    pixman_point_fixed_t p0 = {pixman_double_to_fixed(g->x0), pixman_double_to_fixed(g->y0)};
    pixman_point_fixed_t p1 = {pixman_double_to_fixed(g->x1), pixman_double_to_fixed(g->y1)};
    pixman_image_t *source = g->shape == SHEEN_ORACLE_LINEAR
        ? pixman_image_create_linear_gradient(&p0, &p1, stops, g->stop_count)
        : pixman_image_create_radial_gradient(&p0, &p1, pixman_double_to_fixed(g->r0), pixman_double_to_fixed(g->r1),
                                              stops, g->stop_count);
    pixman_image_t *target = pixman_image_create_bits(PIXMAN_a8b8g8r8, width, height, (uint32_t *)dst, 4 * width);
    int failed = !source || !target || ((uintptr_t)dst & 3);
    if (!failed) {
        static const pixman_repeat_t repeats[] = {PIXMAN_REPEAT_PAD, PIXMAN_REPEAT_NORMAL, PIXMAN_REPEAT_REFLECT};
        pixman_image_set_repeat(source, repeats[g->spread]);
        pixman_image_composite32(PIXMAN_OP_SRC, source, NULL, target, 0, 0, 0, 0, 0, 0, width, height);
    }
    if (source) pixman_image_unref(source);
    if (target) pixman_image_unref(target);
    return failed;
}

const sheen_oracle_adapter *sheen_oracle_adapter_get(void) {
    static sheen_oracle_adapter a = {0};
    a.name = "pixman";
    a.version = pixman_version_string();
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
