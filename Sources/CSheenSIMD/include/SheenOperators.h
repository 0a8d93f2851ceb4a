// The one declaration of Sheen's compositing operators: one row each, in index order (a job's
// `op`, sheen.h's SHEEN_OP_*, the order of CompositeOperator.allCases). Everything else is made
// from these rows: the kernels' OP_* names, op functions, dispatch and per-operator rules
// (CompositeOperators.h, CompositeEntry.h), the functions below that Swift reads the rules from,
// and — by Scripts/generate-operators.py, whose --check the tests run — CompositeOperator's cases
// with their doc comments and sheen.h's SHEEN_OP_* list.
//
// X(name, NAME, kind, coverage, alpha, SEPARABLE, channel formula, documentation):
// - kind: PORTER_DUFF (the formula applies to colour and alpha alike), BLEND_INTEGER (a W3C
//   blend mode in integer arithmetic) or BLEND_DOUBLE (one with divisions or square roots,
//   evaluated in Double by BlendDouble.h and BlendFloat.h; its formula column is unused).
// - coverage: LERPS (result = lerp(D, op(S, D), c)) or SCALES_PAINT (op(S·c, D)).
// - alpha: FORMULA (the channel formula with s = sa, d = da gives alpha) or UNION
//   (Sa + Da − Sa·Da, computed apart); blend modes whose B(1, 1) = 1 may say FORMULA.
// - form: SEPARABLE (B applies to each colour channel alone; every Porter-Duff operator) or
//   NON_SEPARABLE (B mixes the channels: hue, saturation, color, luminosity). A Double-evaluated
//   mode's B is BlendDouble.h's b_NAME (and, separable, BlendFloat.h's f_NAME), found by name.
// - channel formula: one lane of the operator in the integer kernels, in s, sa, d, da (levels,
//   16-bit lanes that wrap; every numerator is ≤ 65,025 for valid premultiplied input) with
//   CompositeOperators.h's helpers. CompositeReference.swift states the same in plain integers.
//   sourceOver saturates at 255, which only a paint level above its alpha reaches: pixman's
//   saturating over, so that the drop-in pixman need not check its sources for such pixels.
// - documentation: CompositeOperator's doc comment for the case (the W3C formula).
#ifndef SHEEN_OPERATORS_H
#define SHEEN_OPERATORS_H

#include <stdint.h>

// clang-format off
#define SHEEN_OPERATORS(X) \
    X(clear, CLEAR, PORTER_DUFF, LERPS, FORMULA, SEPARABLE, (lanes)0, \
      "`Dca' = 0`, `Da' = 0`.") \
    X(source, SOURCE, PORTER_DUFF, LERPS, FORMULA, SEPARABLE, s, \
      "`Dca' = Sca`, `Da' = Sa`.") \
    X(destination, DESTINATION, PORTER_DUFF, SCALES_PAINT, FORMULA, SEPARABLE, d, \
      "`Dca' = Dca`, `Da' = Da` (leaves the destination as it is).") \
    X(sourceOver, SOURCE_OVER, PORTER_DUFF, SCALES_PAINT, FORMULA, SEPARABLE, lanes_min(s + div255(d * (255 - sa)), (lanes)255), \
      "`Dca' = Sca + Dca × (1 − Sa)` — the usual \"paint over\".") \
    X(destinationOver, DESTINATION_OVER, PORTER_DUFF, SCALES_PAINT, FORMULA, SEPARABLE, d + div255(s * (255 - da)), \
      "`Dca' = Sca × (1 − Da) + Dca`.") \
    X(sourceIn, SOURCE_IN, PORTER_DUFF, LERPS, FORMULA, SEPARABLE, div255(s * da), \
      "`Dca' = Sca × Da`.") \
    X(destinationIn, DESTINATION_IN, PORTER_DUFF, LERPS, FORMULA, SEPARABLE, div255(d * sa), \
      "`Dca' = Dca × Sa`.") \
    X(sourceOut, SOURCE_OUT, PORTER_DUFF, LERPS, FORMULA, SEPARABLE, div255(s * (255 - da)), \
      "`Dca' = Sca × (1 − Da)`.") \
    X(destinationOut, DESTINATION_OUT, PORTER_DUFF, SCALES_PAINT, FORMULA, SEPARABLE, div255(d * (255 - sa)), \
      "`Dca' = Dca × (1 − Sa)`.") \
    X(sourceAtop, SOURCE_ATOP, PORTER_DUFF, SCALES_PAINT, FORMULA, SEPARABLE, div255(s * da + d * (255 - sa)), \
      "`Dca' = Sca × Da + Dca × (1 − Sa)`, `Da' = Da`.") \
    X(destinationAtop, DESTINATION_ATOP, PORTER_DUFF, LERPS, FORMULA, SEPARABLE, div255(s * (255 - da) + d * sa), \
      "`Dca' = Sca × (1 − Da) + Dca × Sa`, `Da' = Sa`.") \
    X(xor, XOR, PORTER_DUFF, SCALES_PAINT, FORMULA, SEPARABLE, div255(outside_terms(s, sa, d, da)), \
      "`Dca' = Sca × (1 − Da) + Dca × (1 − Sa)`.") \
    X(plus, PLUS, PORTER_DUFF, SCALES_PAINT, FORMULA, SEPARABLE, lanes_min(s + d, (lanes)255), \
      "`Dca' = min(1, Sca + Dca)` (saturating add; \"lighter\" in Canvas).") \
    X(multiply, MULTIPLY, BLEND_INTEGER, LERPS, FORMULA, SEPARABLE, div255(times255(s) - s * da + d * (255 - sa + s)), \
      "`B = Cs × Cb`.") \
    X(screen, SCREEN, BLEND_INTEGER, LERPS, FORMULA, SEPARABLE, s + d - div255(s * d), \
      "`B = Cs + Cb − Cs × Cb`.") \
    X(overlay, OVERLAY, BLEND_INTEGER, LERPS, FORMULA, SEPARABLE, \
      div255(hard_light_numerator((lanemask)((d << 1) <= da), s, sa, d, da)), \
      "`B = hardLight(Cb, Cs)` (hard light with the layers swapped).") \
    X(darken, DARKEN, BLEND_INTEGER, LERPS, FORMULA, SEPARABLE, div255(times255(s + d) - lanes_max(s * da, d * sa)), \
      "`B = min(Cs, Cb)`.") \
    X(lighten, LIGHTEN, BLEND_INTEGER, LERPS, FORMULA, SEPARABLE, div255(times255(s + d) - lanes_min(s * da, d * sa)), \
      "`B = max(Cs, Cb)`.") \
    X(colorDodge, COLOR_DODGE, BLEND_DOUBLE, LERPS, UNION, SEPARABLE, 0, \
      "`B = 0 if Cb = 0; 1 if Cs = 1; else min(1, Cb / (1 − Cs))`.") \
    X(colorBurn, COLOR_BURN, BLEND_DOUBLE, LERPS, UNION, SEPARABLE, 0, \
      "`B = 1 if Cb = 1; 0 if Cs = 0; else 1 − min(1, (1 − Cb) / Cs)`.") \
    X(hardLight, HARD_LIGHT, BLEND_INTEGER, LERPS, FORMULA, SEPARABLE, \
      div255(hard_light_numerator((lanemask)((s << 1) <= sa), s, sa, d, da)), \
      "`B = 2·Cs·Cb if Cs ≤ ½, else screen(Cb, 2·Cs − 1)`.") \
    X(softLight, SOFT_LIGHT, BLEND_DOUBLE, LERPS, UNION, SEPARABLE, 0, \
      "W3C soft light: `Cb − (1 − 2Cs)·Cb·(1 − Cb)` if Cs ≤ ½, else `Cb + (2Cs − 1)·(D(Cb) − Cb)` " \
      "with `D(x) = ((16x − 12)x + 4)x` for x ≤ ¼ and `√x` above.") \
    X(difference, DIFFERENCE, BLEND_INTEGER, LERPS, UNION, SEPARABLE, \
      div255(times255(s + d) - (lanes_min(s * da, d * sa) << 1)), \
      "`B = |Cs − Cb|`.") \
    X(exclusion, EXCLUSION, BLEND_INTEGER, LERPS, UNION, SEPARABLE, div255((s + d) * 255 - ((s * d) << 1)), \
      "`B = Cs + Cb − 2·Cs·Cb`.") \
    X(hue, HUE, BLEND_DOUBLE, LERPS, UNION, NON_SEPARABLE, 0, \
      "`B = SetLum(SetSat(Cs, Sat(Cb)), Lum(Cb))`.") \
    X(saturation, SATURATION, BLEND_DOUBLE, LERPS, UNION, NON_SEPARABLE, 0, \
      "`B = SetLum(SetSat(Cb, Sat(Cs)), Lum(Cb))`.") \
    X(color, COLOR, BLEND_DOUBLE, LERPS, UNION, NON_SEPARABLE, 0, \
      "`B = SetLum(Cs, Lum(Cb))`.") \
    X(luminosity, LUMINOSITY, BLEND_DOUBLE, LERPS, UNION, NON_SEPARABLE, 0, \
      "`B = SetLum(Cb, Lum(Cs))`.")
// clang-format on

/// The operators' indices (a composite job's `op`), SHEEN_SIMD_OP_COUNT after the last.
enum {
#define SHEEN_OPERATOR_INDEX(name, NAME, ...) SHEEN_SIMD_OP_##NAME,
    SHEEN_OPERATORS(SHEEN_OPERATOR_INDEX)
#undef SHEEN_OPERATOR_INDEX
    SHEEN_SIMD_OP_COUNT
};

/// The kinds of operator (the rows' third column).
enum { SHEEN_SIMD_PORTER_DUFF = 0, SHEEN_SIMD_BLEND_INTEGER = 1, SHEEN_SIMD_BLEND_DOUBLE = 2 };
/// How coverage enters (the fourth column).
enum { SHEEN_SIMD_LERPS = 0, SHEEN_SIMD_SCALES_PAINT = 1 };
/// Where alpha comes from (the fifth column).
enum { SHEEN_SIMD_FORMULA = 0, SHEEN_SIMD_UNION = 1 };
/// Whether B works channel by channel (the sixth column).
enum { SHEEN_SIMD_SEPARABLE = 0, SHEEN_SIMD_NON_SEPARABLE = 1 };

/// The kind of operator `op` (SHEEN_SIMD_PORTER_DUFF, _BLEND_INTEGER or _BLEND_DOUBLE); -1 past
/// the last.
static inline int sheen_simd_operator_kind(uint32_t op) {
    switch (op) {
#define SHEEN_OPERATOR_KIND(name, NAME, kind, ...) case SHEEN_SIMD_OP_##NAME: return SHEEN_SIMD_##kind;
        SHEEN_OPERATORS(SHEEN_OPERATOR_KIND)
#undef SHEEN_OPERATOR_KIND
    default: return -1;
    }
}

/// How coverage enters operator `op`: SHEEN_SIMD_LERPS or SHEEN_SIMD_SCALES_PAINT; -1 past the last.
static inline int sheen_simd_operator_coverage(uint32_t op) {
    switch (op) {
#define SHEEN_OPERATOR_COVERAGE(name, NAME, kind, coverage, ...) case SHEEN_SIMD_OP_##NAME: return SHEEN_SIMD_##coverage;
        SHEEN_OPERATORS(SHEEN_OPERATOR_COVERAGE)
#undef SHEEN_OPERATOR_COVERAGE
    default: return -1;
    }
}

/// Where operator `op`'s alpha comes from: SHEEN_SIMD_FORMULA or SHEEN_SIMD_UNION; -1 past the last.
static inline int sheen_simd_operator_alpha(uint32_t op) {
    switch (op) {
#define SHEEN_OPERATOR_ALPHA(name, NAME, kind, coverage, alpha, ...) case SHEEN_SIMD_OP_##NAME: return SHEEN_SIMD_##alpha;
        SHEEN_OPERATORS(SHEEN_OPERATOR_ALPHA)
#undef SHEEN_OPERATOR_ALPHA
    default: return -1;
    }
}

/// Whether operator `op` works channel by channel: SHEEN_SIMD_SEPARABLE or
/// SHEEN_SIMD_NON_SEPARABLE; -1 past the last.
static inline int sheen_simd_operator_form(uint32_t op) {
    switch (op) {
#define SHEEN_OPERATOR_FORM(name, NAME, kind, coverage, alpha, form, ...) case SHEEN_SIMD_OP_##NAME: return SHEEN_SIMD_##form;
        SHEEN_OPERATORS(SHEEN_OPERATOR_FORM)
#undef SHEEN_OPERATOR_FORM
    default: return -1;
    }
}

/// Operator `op`'s name as CompositeOperator writes it ("sourceOver"); NULL past the last.
static inline const char *sheen_simd_operator_name(uint32_t op) {
    switch (op) {
#define SHEEN_OPERATOR_NAME(name, NAME, ...) case SHEEN_SIMD_OP_##NAME: return #name;
        SHEEN_OPERATORS(SHEEN_OPERATOR_NAME)
#undef SHEEN_OPERATOR_NAME
    default: return 0;
    }
}

#endif
