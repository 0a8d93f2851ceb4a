/* The oracle kit's adapter for Sheen itself: sheen_composite on a one-row buffer, the paint an
 * image of the case's pixels, the coverage an A8 mask. Sheen's stated contract (RoundingPolicy
 * in the SheenRaster documentation): correctly rounded at full coverage (½ level; the modes
 * evaluated in Double round that Double, so a hair more), within 1.5 levels through coverage.
 * Gradients: sheen_fill_gradient of a sheen_gradient made from the case, and blur: sheen_blur
 * with transparent edges (each within one level). */
#include <sheen.h>

#include "sheen_oracle.h"

static int supports(int32_t op, int32_t format) {
    /* Blend modes need colour: Sheen refuses them on A8. */
    return format == SHEEN_ORACLE_RGBA8 || op <= SHEEN_OP_PLUS;
}

static int32_t coverage_rule(int32_t op) {
    (void)op;
    return SHEEN_COVERAGE_RULE_SHEEN;
}

static int composite(int32_t op, int32_t format, const uint8_t *paint, const uint8_t *mask, uint8_t *dst, int32_t count) {
    intptr_t bpp = format == SHEEN_ORACLE_A8 ? 1 : 4;
    sheen_buffer destination = {dst, count, 1, count * bpp, format};
    sheen_buffer image = {(void *)paint, count, 1, count * bpp, format};
    sheen_buffer coverage_mask = {(void *)mask, count, 1, count, SHEEN_FORMAT_A8};
    sheen_paint p = {0};
    p.kind = SHEEN_PAINT_IMAGE;
    p.image = &image;
    sheen_coverage c = {0};
    c.kind = SHEEN_COVERAGE_MASK;
    c.alpha = 255;
    c.mask = &coverage_mask;
    return sheen_composite(&destination, &p, op, mask ? &c : NULL) == SHEEN_OK ? 0 : 1;
}

static int supports_gradient(int32_t shape, int32_t spread, int32_t premultiplied) {
    (void)shape, (void)spread, (void)premultiplied;
    return 1;
}

static int fill_gradient(const sheen_oracle_gradient *g, uint8_t *dst, int32_t width, int32_t height) {
    sheen_gradient *gradient = NULL;
    if (sheen_oracle_make_gradient(g, &gradient) != SHEEN_OK) return 1;
    sheen_buffer destination = {dst, width, height, 4 * (intptr_t)width, SHEEN_FORMAT_RGBA8_PREMULTIPLIED};
    sheen_status s = sheen_fill_gradient(&destination, gradient);
    sheen_gradient_destroy(gradient);
    return s == SHEEN_OK ? 0 : 1;
}

static int blur(uint8_t *pixels, int32_t width, int32_t height, double sigma) {
    sheen_buffer buffer = {pixels, width, height, 4 * (intptr_t)width, SHEEN_FORMAT_RGBA8_PREMULTIPLIED};
    return sheen_blur(&buffer, sigma, sigma, SHEEN_BLUR_EDGES_TRANSPARENT) == SHEEN_OK ? 0 : 1;
}

const sheen_oracle_adapter *sheen_oracle_adapter_get(void) {
    static sheen_oracle_adapter a = {0};
    a.name = "Sheen";
    a.version = sheen_version();
    a.supports = supports;
    a.coverage_rule = coverage_rule;
    /* Each tolerance has a margin (1e-9) for the exact reference's own rounding noise (~3e-14
     * levels): a result exactly at the contract's bound is within it. */
    a.tolerance_full = 0.5 + 1e-9;
    a.tolerance_partial = 1.5 + 1e-9;
    a.composite = composite;
    a.supports_gradient = supports_gradient;
    a.fill_gradient = fill_gradient;
    /* Within one level of the exact colour (GradientFill's documentation). */
    a.tolerance_gradient = 1.0 + 1e-9;
    /* sheen_blur: within one level of the exact sampled Gaussian. */
    a.blur = blur;
    a.blur_edges = SHEEN_BLUR_EDGES_TRANSPARENT;
    a.tolerance_blur = 1.0 + 1e-9;
    return &a;
}
