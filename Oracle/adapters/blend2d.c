/* The oracle kit's adapter for Blend2D (its JIT pipelines, from the static libblend2d.a that
 * PyPI's blend2d-python wheel carries; Scripts/oracle.sh builds it, declaring the few functions
 * it calls with blend2d_api.h, beside it). A one-row PRGB32 image (B, G, R, A bytes on a
 * little-endian machine) or A8 image is the target, the paint a pattern of the case's pixels,
 * filled whole (blContextFillAllExt) or through an A8 mask (blContextFillMaskIExt). Blend2D has
 * no hue, saturation, color or luminosity mode. Gradients: blGradientInitAs — linear (x0, y0, x1,
 * y1), radial as (end centre, focal centre, end radius, focal radius), conic (centre, angle) —
 * with pad, repeat or reflect extend, filled with SRC_COPY (stop colours as 16-bit BLRgba64). */
#include <math.h>
#include <string.h>

#include <sheen.h>

#include "blend2d_api.h"
#include "sheen_oracle.h"

#ifndef BLEND2D_VERSION
#define BLEND2D_VERSION NULL
#endif

/* Blend2D's BLCompOp for each sheen_operator up to exclusion (−1: none). */
static const int operators[] = {
    11 /* CLEAR */, 1 /* SRC_COPY */, 6 /* DST_COPY */, 0 /* SRC_OVER */, 5 /* DST_OVER */, 2 /* SRC_IN */,
    7 /* DST_IN */, 3 /* SRC_OUT */, 8 /* DST_OUT */, 4 /* SRC_ATOP */, 9 /* DST_ATOP */, 10 /* XOR */,
    12 /* PLUS */, 15 /* MULTIPLY */, 16 /* SCREEN */, 17 /* OVERLAY */, 18 /* DARKEN */, 19 /* LIGHTEN */,
    20 /* COLOR_DODGE */, 21 /* COLOR_BURN */, 25 /* HARD_LIGHT */, 26 /* SOFT_LIGHT */, 27 /* DIFFERENCE */,
    28 /* EXCLUSION */,
};

static int supports(int32_t op, int32_t format) {
    return format == SHEEN_ORACLE_RGBA8 && op >= 0 && op < (int32_t)(sizeof operators / sizeof operators[0]);
}

/* Blend2D clips the unbounded operators to the mask (the result interpolated towards the
 * destination: the survey's "fits" column shows it) and scales the paint for the others. */
static int32_t coverage_rule(int32_t op) {
    switch (op) {
    case SHEEN_OP_CLEAR: case SHEEN_OP_SOURCE: case SHEEN_OP_SOURCE_IN: case SHEEN_OP_DESTINATION_IN:
    case SHEEN_OP_SOURCE_OUT: case SHEEN_OP_DESTINATION_ATOP:
        return SHEEN_COVERAGE_RULE_INTERPOLATES;
    default:
        return SHEEN_COVERAGE_RULE_SCALES_PAINT;
    }
}

static int composite(int32_t op, int32_t format, const uint8_t *paint, const uint8_t *mask, uint8_t *dst, int32_t count) {
    static uint32_t src_bits[1024], dst_bits[1024], mask_bits[256];
    (void)format;
    if (count > 1024) return 1;
    sheen_oracle_swap_red_blue((uint8_t *)src_bits, paint, count);
    sheen_oracle_swap_red_blue((uint8_t *)dst_bits, dst, count);
    BLObjectCore source, target, pattern, context, coverage;
    BLResult r = blImageInitAsFromData(&source, count, 1, FORMAT_PRGB32, src_bits, 4 * count, ACCESS_RW, NULL, NULL);
    r |= blImageInitAsFromData(&target, count, 1, FORMAT_PRGB32, dst_bits, 4 * count, ACCESS_RW, NULL, NULL);
    if (mask) {
        memcpy(mask_bits, mask, (size_t)count);
        r |= blImageInitAsFromData(&coverage, count, 1, FORMAT_A8, mask_bits, count, ACCESS_RW, NULL, NULL);
    }
    r |= blPatternInitAs(&pattern, &source, NULL, 0, NULL);
    r |= blContextInitAs(&context, &target, NULL);
    r |= blContextSetCompOp(&context, (uint32_t)operators[op]);
    if (mask) {
        BLPointI origin = {0, 0};
        BLRectI area = {0, 0, count, 1};
        r |= blContextFillMaskIExt(&context, &origin, &coverage, &area, &pattern);
    } else {
        r |= blContextFillAllExt(&context, &pattern);
    }
    r |= blContextFlush(&context, FLUSH_SYNC);
    blContextDestroy(&context);
    blPatternDestroy(&pattern);
    if (mask) blImageDestroy(&coverage);
    blImageDestroy(&target);
    blImageDestroy(&source);
    if (r) return 1;
    sheen_oracle_swap_red_blue(dst, (const uint8_t *)dst_bits, count);
    return 0;
}

static int supports_gradient(int32_t shape, int32_t spread, int32_t premultiplied) {
    (void)shape, (void)spread;
    return !premultiplied; /* Blend2D interpolates straight colour (the survey: premultiplied ramps 47+ levels off) */
}

static int fill_gradient(const sheen_oracle_gradient *g, uint8_t *dst, int32_t width, int32_t height) {
    static uint32_t bits[4096];
    if (width * height > 4096) return 1;
    BLGradientStop stops[8];
    for (int i = 0; i < g->stop_count; i++) {
        uint64_t r = (uint64_t)lround(g->colors[i][0] * 65535.0), gr = (uint64_t)lround(g->colors[i][1] * 65535.0),
                 b = (uint64_t)lround(g->colors[i][2] * 65535.0), a = (uint64_t)lround(g->colors[i][3] * 65535.0);
        stops[i].offset = g->offsets[i];
        stops[i].rgba64 = a << 48 | r << 32 | gr << 16 | b;
    }
    double values[6];
    if (g->shape == SHEEN_ORACLE_LINEAR) {
        values[0] = g->x0, values[1] = g->y0, values[2] = g->x1, values[3] = g->y1;
    } else if (g->shape == SHEEN_ORACLE_RADIAL) {
        values[0] = g->x1, values[1] = g->y1, values[2] = g->x0, values[3] = g->y0, values[4] = g->r1, values[5] = g->r0;
    } else {
        values[0] = g->x0, values[1] = g->y0, values[2] = g->r0, values[3] = 1;
    }
    BLObjectCore gradient, target, context;
    BLResult r = blGradientInitAs(&gradient, (uint32_t)g->shape, values, (uint32_t)g->spread, stops, (size_t)g->stop_count,
                                  NULL);
    r |= blImageInitAsFromData(&target, width, height, FORMAT_PRGB32, bits, 4 * width, ACCESS_RW, NULL, NULL);
    r |= blContextInitAs(&context, &target, NULL);
    r |= blContextSetCompOp(&context, COMP_SRC_COPY);
    r |= blContextFillAllExt(&context, &gradient);
    r |= blContextFlush(&context, FLUSH_SYNC);
    blContextDestroy(&context);
    blImageDestroy(&target);
    blGradientDestroy(&gradient);
    if (r) return 1;
    sheen_oracle_swap_red_blue(dst, (const uint8_t *)bits, width * height);
    return 0;
}

const sheen_oracle_adapter *sheen_oracle_adapter_get(void) {
    static sheen_oracle_adapter a = {0};
    a.name = "Blend2D";
    a.version = BLEND2D_VERSION;
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
