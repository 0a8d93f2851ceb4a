// The operators on blocks (the second layer of CompositeBody.h): every operator computes its W3C
// numerator exactly (some rearranged, e.g. hard_light_numerator, so that a solid paint's part is
// computed once) and divides by 255 once per rounding of the Swift reference
// (CompositeReference.swift), so each level equals the reference bit for bit.

// The kernels' names of the operators, from SheenOperators.h's rows (the same indices).
enum {
#define OP_INDEX(name, NAME, ...) OP_##NAME = SHEEN_SIMD_OP_##NAME,
    SHEEN_OPERATORS(OP_INDEX)
#undef OP_INDEX
    /// sourceOver of a paint with no opaque pixel: the scaled form only, no per-block opacity
    /// test. The kernels' form of SheenKernels.h's over_n_8888 path (CompositeEntry.h's
    /// path_over_n_8888), not an operator: never in a job.
    OP_SOURCE_OVER_SCALED = SHEEN_SIMD_OP_COUNT
};

/// Coverage scales the paint (op(S·c, D)) instead of lerping: the rows' SCALES_PAINT.
INLINE int scales_paint(int op) {
    return op == OP_SOURCE_OVER_SCALED || sheen_simd_operator_coverage((uint32_t)op) == SHEEN_SIMD_SCALES_PAINT;
}

/// Blend modes take Sa + Da − Sa·Da as alpha; Porter-Duff operators apply their formula to alpha.
INLINE int is_blend_mode(int op) {
    const int kind = sheen_simd_operator_kind((uint32_t)op);
    return kind == SHEEN_SIMD_BLEND_INTEGER || kind == SHEEN_SIMD_BLEND_DOUBLE;
}

/// Sa + Da·(1 − Sa), rounded once.
INLINE lanes union_alpha(lanes sa, lanes da) { return sa + div255(da * (255 - sa)); }

/// s·(255 − da) + d·(255 − sa): the part of every blend mode outside the overlap.
INLINE lanes outside_terms(lanes s, lanes sa, lanes d, lanes da) { return s * (255 - da) + d * (255 - sa); }

/// 255·v, wrapping modulo 2^16.
INLINE lanes times255(lanes v) { return (v << 8) - v; }

/// The hard-light numerator, outside terms included, as 255·s plus an affine function of d and
/// da whose coefficients depend on the paint only (so they are computed once for a solid paint):
///   multiply branch: s·(255 − da) + d·(255 − sa) + 2·s·d = 255·s − s·da + d·(255 − sa + 2·s)
///   screen branch: s·(255 − da) + d·(255 − sa) + sa·da − 2·(da − d)·(sa − s)
///                  = 255·s + da·(s − sa) + d·(255 + sa − 2·s)
/// Coefficients and products may wrap modulo 2^16; the numerator itself lies in 0…65,025.
INLINE lanes hard_light_numerator(lanemask lower_half, lanes s, lanes sa, lanes d, lanes da) {
    lanes multiply = d * (255 - sa + (s << 1)) - s * da;
    lanes screen = da * (s - sa) + d * (255 + sa - (s << 1));
    return times255(s) + select_lanes(lower_half, multiply, screen);
}

/// The operator on one channel per lane (for Porter-Duff operators also on alpha, with s = sa and
/// d = da). Arithmetic wraps modulo 2^16 on purpose: every final numerator is ≤ 65,025 for valid
/// premultiplied input (the reference, CompositeReference.swift, gives each operator's formula).
INLINE lanes channel(int op, lanes s, lanes sa, lanes d, lanes da) {
    if (op == OP_SOURCE_OVER_SCALED) op = OP_SOURCE_OVER;
    switch (op) {
#define CHANNEL_PORTER_DUFF(NAME, formula) case OP_##NAME: return formula;
#define CHANNEL_BLEND_INTEGER(NAME, formula) case OP_##NAME: return formula;
#define CHANNEL_BLEND_DOUBLE(NAME, formula)
#define CHANNEL_CASE(name, NAME, kind, coverage, alpha, form, formula, ...) CHANNEL_##kind(NAME, formula)
        SHEEN_OPERATORS(CHANNEL_CASE)
#undef CHANNEL_CASE
#undef CHANNEL_PORTER_DUFF
#undef CHANNEL_BLEND_INTEGER
#undef CHANNEL_BLEND_DOUBLE
    }
    // A Double-evaluated mode has no integer formula (its rows are BlendRows.h's): no path runs
    // one here, and `op` is a constant of every caller, so this is never compiled in.
    __builtin_trap();
}

/// Whether the operator's channel formula, given s = sa and d = da, is the blend modes' alpha
/// Sa + Da − Sa·Da rounded once: its numerator is then 255·(sa + da) − sa·da, the reference's
/// (CompositeReference.unionAlpha), because B(1, 1) = 1 (and screen's s + d − round(s·d/255)
/// equals it: x/255 is never a tie). difference and exclusion have B(1, 1) = 0.
INLINE int alpha_by_channel(int op) {
    return sheen_simd_operator_kind((uint32_t)op) == SHEEN_SIMD_BLEND_INTEGER &&
           sheen_simd_operator_alpha((uint32_t)op) == SHEEN_SIMD_FORMULA;
}

/// The operator on split blocks whose alphas (in both lanes of each pixel) are `sa` and `da`.
INLINE block blend_pixels_with(int op, block s, lanes sa, block d, lanes da) {
    lanes o = channel(op, s.o, sa, d.o, da);
    if (is_blend_mode(op) && !alpha_by_channel(op)) o = replace_alpha(o, union_alpha(sa, da));
    return (block){channel(op, s.e, sa, d.e, da), o};
}

/// The operator on a block of 32-bit pixels, full coverage.
INLINE block blend_pixels(int op, block s, block d) {
    lanes sa = broadcast_alpha(s.o), da = broadcast_alpha(d.o);
    return blend_pixels_with(op, s, sa, d, da);
}

/// S·c + D·(255 − c) per lane, with one multiply: 255·D + (S − D)·c. The product may be
/// negative and every step wraps modulo 2^16, but the sum lies in 0…65,025, so the wrapped
/// result is exact.
INLINE lanes lerp_numerator(lanes s, lanes d, lanes c) { return (d << 8) - d + (s - d) * c; }

/// round(S·c / 255) per lane: a paint scaled by its coverage (c per lane of `e` and of `o`).
INLINE block scaled_by(block s, lanes ce, lanes co) { return (block){div255(s.e * ce), div255(s.o * co)}; }

/// round((S·c + D·(255 − c)) / 255) per lane: the lerp of a paint and the destination, rounded once.
INLINE block lerp_pixels(block s, block d, lanes c) {
    return (block){div255(lerp_numerator(s.e, d.e, c)), div255(lerp_numerator(s.o, d.o, c))};
}

/// The operator on a block of whole 32-bit pixels `s` (paint) and `d` through coverage lanes `c`
/// (c in both lanes of a pixel). sourceOver lerps opaque paint pixels (rounded once) and scales
/// the others, as the reference does (CompositeReference.pixel); a block whose paint is all
/// translucent computes the scaled form only. (A block whose paint is all opaque, and source,
/// take `lerp_bytes` before this.) The alphas are taken by the shuffles that measured fastest
/// for each kind of operator.
INLINE block blend_pixels_covered(int op, lanes s, lanes d, lanes c) {
    block ss = split(s), sd = split(d);
    if (op == OP_SOURCE_OVER) {
        lanemask opaque = (lanemask)(broadcast_alpha(ss.o) == 255);
        block scaled = blend_pixels(op, scaled_by(ss, c, c), sd);
        if (__builtin_reduce_or(opaque) == 0) return scaled;
        block l = lerp_pixels(ss, sd, c);
        return (block){select_lanes(opaque, l.e, scaled.e), select_lanes(opaque, l.o, scaled.o)};
    }
    if (scales_paint(op)) {
        block scaled = scaled_by(ss, c, c);
        return blend_pixels_with(op, scaled, broadcast_alpha(scaled.o), sd, broadcast_alpha_by_shifts(sd.o));
    }
    // The operator at full coverage, then the lerp with the destination. (On whole pixels with
    // `lerp_bytes` this measured slower for every operator but source: packing the result back
    // costs more than the two multiplies it saves.)
    return lerp_pixels(blend_pixels_with(op, ss, alphas_of(s), sd, alphas_of(d)), sd, c);
}

/// The operator on a block of A8 values, one per lane.
INLINE block blend_alphas(int op, block s, block d) {
    return (block){channel(op, s.e, s.e, d.e, d.e), channel(op, s.o, s.o, d.o, d.o)};
}

INLINE block blend_alphas_covered(int op, block s, block d, block c) {
    if (scales_paint(op)) return blend_alphas(op, scaled_by(s, c.e, c.o), d);
    block r = blend_alphas(op, s, d);
    return (block){div255(lerp_numerator(r.e, d.e, c.e)), div255(lerp_numerator(r.o, d.o, c.o))};
}
