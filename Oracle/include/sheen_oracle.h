/* Sheen's oracle kit: fuzz and survey a compositing implementation against the exact result.
 *
 * You write an adapter — one C file that defines `sheen_oracle_adapter_get()` below and calls your
 * library — and build it with Oracle/driver.c against Sheen's C library (sheen.h, sheen.pc):
 *
 *   clang -fsanitize=fuzzer,address -IOracle/include Oracle/driver.c my_adapter.c \
 *         $(pkg-config --cflags --libs sheen) -o my-fuzz           (libFuzzer: stops at the first
 *                                                                   result beyond the tolerance
 *                                                                   and prints a C reproduction)
 *   cc -O2 -DSHEEN_ORACLE_SURVEY -IOracle/include Oracle/driver.c my_adapter.c \
 *         $(pkg-config --cflags --libs sheen) -o my-survey         (N seeded cases per operator:
 *                                                                   one table of errors in levels)
 *
 * Every result is measured against `sheen_exact_composite` (W3C Compositing and Blending Level 1,
 * unrounded), in levels: |result − exact| on the 0…255 scale. "Correctly rounded" is an error
 * ≤ ½ level; "within one level" an error < 1. Scripts/oracle.sh builds and runs the adapters
 * shipped in Oracle/adapters (Sheen, pixman, cairo, Blend2D, and a sabotageable sample).
 */
#ifndef SHEEN_ORACLE_H
#define SHEEN_ORACLE_H

#include <math.h>
#include <stdint.h>

#include <sheen.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The pixel formats an adapter is asked for (the values of sheen.h's sheen_format): premultiplied
 *  R, G, B, A bytes in that order in memory, or one alpha byte per pixel. */
enum { SHEEN_ORACLE_RGBA8 = 0, SHEEN_ORACLE_A8 = 2 };

/** Gradient shapes. */
enum { SHEEN_ORACLE_LINEAR = 0, SHEEN_ORACLE_RADIAL = 1, SHEEN_ORACLE_CONIC = 2 };

/** A gradient the driver asks a library to paint, in the HTML canvas's terms, sRGB. */
typedef struct sheen_oracle_gradient {
    /** SHEEN_ORACLE_LINEAR: from (x0, y0) at t = 0 to (x1, y1) at t = 1. SHEEN_ORACLE_RADIAL
     *  (two-point conical, createRadialGradient): circle (x0, y0, r0) at t = 0 to (x1, y1, r1) at
     *  t = 1. SHEEN_ORACLE_CONIC (createConicGradient): centre (x0, y0), start angle r0 radians
     *  (0 along +x, clockwise on screen). Pixels: pixel (x, y)'s centre is (x + 0.5, y + 0.5). */
    int32_t shape;
    double x0, y0, r0, x1, y1, r1;
    /** sheen.h's sheen_spread: pad, repeat or reflect (conic gradients always wrap). */
    int32_t spread;
    /** 1: colours interpolated premultiplied (CSS); 0: straight (unpremultiplied). */
    int32_t premultiplied;
    /** 2…8 stops, offsets increasing in 0…1, colours straight R, G, B, A in 0…1. */
    int32_t stop_count;
    double offsets[8];
    float colors[8][4];
} sheen_oracle_gradient;

/** What the driver needs from a library. Operators are sheen.h's sheen_operator values; coverage
 *  rules its sheen_coverage_rule values. */
typedef struct sheen_oracle_adapter {
    /** The library's name and version, for tables and reproductions (version may be NULL). */
    const char *name;
    const char *version;
    /** 1 when the library implements `op` on `format`, else 0 (the driver skips it). */
    int (*supports)(int32_t op, int32_t format);
    /** The coverage rule the library's mask follows for `op`: SHEEN_COVERAGE_RULE_SCALES_PAINT
     *  (the paint scaled by the mask, then the operator) or SHEEN_COVERAGE_RULE_INTERPOLATES
     *  (the result interpolated towards the destination), or SHEEN_COVERAGE_RULE_SHEEN. */
    int32_t (*coverage_rule)(int32_t op);
    /** The largest error in levels that is not a finding: with every pixel fully covered
     *  (0.5 for a correctly rounded library), and through partial coverage. */
    double tolerance_full, tolerance_partial;
    /** dst[i] = paint[i] op dst[i] through mask[i] for `count` (1…1024) pixels of `format`, in
     *  place; `mask` is NULL when every pixel is fully covered. Paint and destination are valid
     *  premultiplied pixels unless the driver runs with invalid input on. Returns 0 when done,
     *  anything else when the library refused (counted, not a finding). */
    int (*composite)(int32_t op, int32_t format, const uint8_t *paint, const uint8_t *mask, uint8_t *dst,
                     int32_t count);
    /** Optional (NULL: the library's gradients are not tested). 1 when the library paints
     *  `shape` with `spread`, interpolating as `premultiplied` says. */
    int (*supports_gradient)(int32_t shape, int32_t spread, int32_t premultiplied);
    /** Paints `g` into width × height premultiplied R, G, B, A pixels (rows packed, source copy,
     *  no dither). Returns 0 when done. */
    int (*fill_gradient)(const sheen_oracle_gradient *g, uint8_t *dst, int32_t width, int32_t height);
    /** The largest error in levels of a gradient pixel that is not a finding (1.0: within one level). */
    double tolerance_gradient;
    /** Optional (NULL: the library's blur is not tested). Blurs width × height premultiplied R, G,
     *  B, A pixels (rows packed) in place with a Gaussian of standard deviation `sigma` px on both
     *  axes. Returns 0 when done. */
    int (*blur)(uint8_t *pixels, int32_t width, int32_t height, double sigma);
    /** What the blur puts outside the image: sheen.h's SHEEN_BLUR_EDGES_TRANSPARENT or _CLAMP. */
    int32_t blur_edges;
    /** The largest error in levels of a blurred byte that is not a finding. */
    double tolerance_blur;
} sheen_oracle_adapter;

/** `g` as a Sheen gradient (for its exact colours): SHEEN_OK, or the status of the call that
 *  refused it. Destroy it with sheen_gradient_destroy. */
static inline sheen_status sheen_oracle_make_gradient(const sheen_oracle_gradient *g, sheen_gradient **out) {
    sheen_gradient_stop stops[8];
    for (int32_t i = 0; i < g->stop_count && i < 8; i++) {
        stops[i].offset = g->offsets[i];
        stops[i].color.red = g->colors[i][0];
        stops[i].color.green = g->colors[i][1];
        stops[i].color.blue = g->colors[i][2];
        stops[i].color.alpha = g->colors[i][3];
    }
    size_t n = (size_t)(g->stop_count < 8 ? g->stop_count : 8);
    sheen_status s = g->shape == SHEEN_ORACLE_LINEAR ? sheen_gradient_create_linear(g->x0, g->y0, g->x1, g->y1, stops, n, out)
                   : g->shape == SHEEN_ORACLE_RADIAL
                       ? sheen_gradient_create_radial(g->x0, g->y0, g->r0, g->x1, g->y1, g->r1, stops, n, out)
                       : sheen_gradient_create_conic(g->x0, g->y0, g->r0, stops, n, out);
    if (s != SHEEN_OK) return s;
    if ((s = sheen_gradient_set_spread(*out, g->spread)) != SHEEN_OK ||
        (s = sheen_gradient_set_alpha_interpolation(*out, g->premultiplied ? SHEEN_ALPHA_PREMULTIPLIED
                                                                           : SHEEN_ALPHA_STRAIGHT)) != SHEEN_OK) {
        sheen_gradient_destroy(*out);
        *out = NULL;
    }
    return s;
}

/** The error in levels of `got` (a premultiplied R, G, B, A pixel painted at (x, y)) against the
 *  exact colour of `gradient`, per channel: the smallest over the pixel's centre and the four
 *  points 1.5·10⁻³ px from it along the axes, so that a pixel on a discontinuity (a repeat's wrap,
 *  a cone's edge) may take either side's colour. SHEEN_OK or the failing call's status. */
static inline sheen_status sheen_oracle_gradient_error(const sheen_gradient *gradient, int32_t x, int32_t y,
                                                       const uint8_t got[4], double error[4]) {
    const double d = 1.5e-3, cx = x + 0.5, cy = y + 0.5;
    const double points[10] = {cx, cy, cx - d, cy, cx + d, cy, cx, cy - d, cx, cy + d};
    double exact[5][4];
    sheen_status s = sheen_exact_gradient(gradient, points, 5, true, &exact[0][0]);
    if (s != SHEEN_OK) return s;
    for (int k = 0; k < 4; k++) {
        error[k] = got[k] - exact[0][k];
        for (int p = 1; p < 5; p++)
            if (fabs(got[k] - exact[p][k]) < fabs(error[k])) error[k] = got[k] - exact[p][k];
    }
    return SHEEN_OK;
}

/** For adapters of libraries that keep pixels as B, G, R, A bytes (cairo's ARGB32 and Blend2D's
 *  PRGB32 on a little-endian machine): copies `count` pixels from `from` to `to` with the first and
 *  third bytes exchanged (its own inverse: R, G, B, A ↔ B, G, R, A). */
static inline void sheen_oracle_swap_red_blue(uint8_t *to, const uint8_t *from, int32_t count) {
    for (int32_t i = 0; i < count; i++) {
        uint8_t r = from[4 * i], g = from[4 * i + 1], b = from[4 * i + 2], a = from[4 * i + 3];
        to[4 * i] = b;
        to[4 * i + 1] = g;
        to[4 * i + 2] = r;
        to[4 * i + 3] = a;
    }
}

/** Defined by each adapter: the adapter the driver runs. Called once, before any case. */
const sheen_oracle_adapter *sheen_oracle_adapter_get(void);

#ifdef __cplusplus
}
#endif

#endif
