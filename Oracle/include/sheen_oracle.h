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

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The pixel formats an adapter is asked for (the values of sheen.h's sheen_format): premultiplied
 *  R, G, B, A bytes in that order in memory, or one alpha byte per pixel. */
enum { SHEEN_ORACLE_RGBA8 = 0, SHEEN_ORACLE_A8 = 2 };

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
} sheen_oracle_adapter;

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
