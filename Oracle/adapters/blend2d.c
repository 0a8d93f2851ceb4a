/* The oracle kit's adapter for Blend2D (its JIT pipelines, from the static libblend2d.a that
 * PyPI's blend2d-python wheel carries; Scripts/oracle.sh builds it, declaring the few functions
 * it calls with Scripts/peerbench/blend2d_api.h). A one-row PRGB32 image (B, G, R, A bytes on a
 * little-endian machine) or A8 image is the target, the paint a pattern of the case's pixels,
 * filled whole (blContextFillAllExt) or through an A8 mask (blContextFillMaskIExt). Blend2D has
 * no hue, saturation, color or luminosity mode. */
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

const sheen_oracle_adapter *sheen_oracle_adapter_get(void) {
    static sheen_oracle_adapter a = {0};
    a.name = "Blend2D";
    a.version = BLEND2D_VERSION;
    a.supports = supports;
    a.coverage_rule = coverage_rule;
    a.tolerance_full = 1.0;    /* within one level */
    a.tolerance_partial = 1.5; /* and the half level the mask's own rounding may add */
    a.composite = composite;
    return &a;
}
