// colorDodge, colorBurn and softLight in Float lanes, still equal to the Double evaluation
// (BlendDouble.h, itself equal to the Swift reference) bit for bit. Included by
// CompositeBody.h after BlendDouble.h, whose lanes and pixel stores it uses, once per level.
//
// Each colour level is first computed in Float. Where the Float level is farther than
// FLOAT_BLEND_SLACK from a rounding tie (k + ½), it rounds to the same integer as the Double one,
// because the two never differ by more than the slack; a step with any level nearer a tie, or with
// a colour above its alpha (input that is not valid premultiplied colour, for which the bound was
// never established), returns 0 and is evaluated in Double instead.
//
// Why the Float level is that close. The branches are decided on the integer levels — cb = 0 is
// d = 0, cs ≥ 1 is s ≥ sa, cs ≤ ½ is 2s ≤ sa, cb ≤ ¼ is 4d ≤ da — which decide them exactly as the
// Double comparisons of the rounded quotients do (no quotient of levels lies within an ulp of
// ¼, ½ or 1 without equalling it). colorDodge's cb / (1 − cs) is formed as d·sa / (da·(sa − s))
// and colorBurn's (1 − cb) / cs as (da − d)·sa / (da·s): exact integer products and one rounding,
// so no cancellation near cs = 1. softLight's terms are products of quantities in [0, 1], each a
// few Float roundings off. So B is within a few ulps of 2⁻²⁴ of the true value, and the level
// q = (s·(255 − da) + d·(255 − sa) + sa·da·B) / 255 within about 10⁻⁴ (the sum's roundings near
// 2¹⁷ dominate), where the Double level is within 10⁻¹¹. The bound is not taken on trust:
// CompositeLongTests.separableModesEqualDoubleOnEveryInput runs this path against the Double one
// on every valid (s, sa, d, da).

/// How near a rounding tie a Float level may be and still decide the rounding (measured largest
/// difference from the Double level: CompositeLongTests.separableModesEqualDoubleOnEveryInput).
#define FLOAT_BLEND_SLACK (1.0f / 4096)

// Unlike the Double path, the Float path may contract a·b + c into FMA (3–7 % faster): its
// levels are bounded, not bit-identical, and the exhaustive test holds the bound as compiled. The
// two functions that compute levels say so with a pragma scoped to their body (the level's .c
// turns contraction off for everything else).

typedef float flanes __attribute__((ext_vector_type(DPIXELS)));
typedef int32_t fmask __attribute__((ext_vector_type(DPIXELS)));

/// The Double-evaluated modes that are separable, and so have a Float path. (SHEEN_DOUBLE_ONLY:
/// none, so every step is evaluated in Double: the test build that proves the Float path's bound.)
INLINE int is_separable_double(int op) {
#if defined(SHEEN_DOUBLE_ONLY)
    (void)op;
    return 0;
#else
    return sheen_simd_operator_kind((uint32_t)op) == SHEEN_SIMD_BLEND_DOUBLE &&
           sheen_simd_operator_form((uint32_t)op) == SHEEN_SIMD_SEPARABLE;
#endif
}

/// `a` where `m` is set, else `b`.
INLINE flanes fselect(fmask m, flanes a, flanes b) { return (flanes)(((dwords)m & (dwords)a) | (~(dwords)m & (dwords)b)); }

INLINE flanes flevels(dwords v) { return __builtin_convertvector((fmask)v, flanes); }

// B(Cb, Cs) of each separable Double-evaluated mode from one channel's levels (s ≤ sa, d ≤ da),
// finite: f_NAME after its row in SheenOperators.h. colorDodge's and colorBurn's denominators are
// zero only where a select then replaces the quotient (s = sa or da = 0, that is d = 0, for dodge;
// s = 0 or d = da = 0 for burn), or where sa·da = 0 leaves it unused (its term is sa·da·B); there
// they divide by 1 instead, so that no lane divides by zero: a host that traps division by zero
// (pixman's own tests do, under the drop-in) is never stopped by a value nobody reads.
INLINE flanes f_colorDodge(flanes s, flanes sa, flanes d, flanes da) {
#pragma clang fp contract(fast)
    const flanes one = 1, zero = 0;
    flanes v = __builtin_elementwise_min(one, (d * sa) / fselect((s < sa) & (da > 0), da * (sa - s), one));
    v = fselect(s >= sa, one, v);
    return fselect(d == 0, zero, v);
}
INLINE flanes f_colorBurn(flanes s, flanes sa, flanes d, flanes da) {
#pragma clang fp contract(fast)
    const flanes one = 1, zero = 0;
    flanes v = 1 - __builtin_elementwise_min(one, ((da - d) * sa) / fselect((s > 0) & (da > 0), da * s, one));
    v = fselect(s <= 0, zero, v);
    return fselect(d >= da, one, v);
}
INLINE flanes f_softLight(flanes s, flanes sa, flanes d, flanes da) {
#pragma clang fp contract(fast)
    const flanes one = 1;
    flanes cs = s / fselect(sa > 0, sa, one), cb = d / fselect(da > 0, da, one);
    flanes low = cb - (1 - 2 * cs) * cb * (1 - cb);
    flanes poly = ((16 * cb - 12) * cb + 4) * cb;
    flanes dcb = fselect(4 * d <= da, poly, __builtin_elementwise_sqrt(cb));
    flanes high = cb + (2 * cs - 1) * (dcb - cb);
    return fselect(2 * s <= sa, low, high);
}

/// B of separable Double-evaluated mode `op` in Float lanes: the f_NAME of each row of kind
/// BLEND_DOUBLE whose form is SEPARABLE (is_separable_double's set; `op` is a constant of every
/// caller, so the trap is never compiled in).
INLINE flanes separable_float(int op, flanes s, flanes sa, flanes d, flanes da) {
#define FLOAT_B_SEPARABLE(name, NAME) case OP_##NAME: return f_##name(s, sa, d, da);
#define FLOAT_B_NON_SEPARABLE(name, NAME)
#define FLOAT_B_PORTER_DUFF(name, NAME, form)
#define FLOAT_B_BLEND_INTEGER(name, NAME, form)
#define FLOAT_B_BLEND_DOUBLE(name, NAME, form) FLOAT_B_##form(name, NAME)
#define FLOAT_B_CASE(name, NAME, kind, coverage, alpha, form, ...) FLOAT_B_##kind(name, NAME, form)
    switch (op) {
        SHEEN_OPERATORS(FLOAT_B_CASE)
    }
#undef FLOAT_B_CASE
#undef FLOAT_B_BLEND_DOUBLE
#undef FLOAT_B_BLEND_INTEGER
#undef FLOAT_B_PORTER_DUFF
#undef FLOAT_B_NON_SEPARABLE
#undef FLOAT_B_SEPARABLE
    __builtin_trap();
}

/// One colour level round((s·(255 − da) + d·(255 − sa) + sa·da·B) / 255); its distance from the
/// nearest integer is folded into `off` (a maximum). Valid input keeps q within 10⁻⁴ of 0…255,
/// so the rounded level needs no clamp (input that is not valid is sent to the Double path).
INLINE dwords float_level(int op, dwords si, dwords sai, dwords di, dwords dai, flanes *off) {
#pragma clang fp contract(fast)
    flanes s = flevels(si), sa = flevels(sai), d = flevels(di), da = flevels(dai);
    flanes q = (s * (255 - da) + d * (255 - sa) + (sa * da) * separable_float(op, s, sa, d, da)) * (1.0f / 255);
    flanes r = (q + 8388608.0f) - 8388608.0f; // nearest integer, ties to even (|q| < 2²²)
    *off = __builtin_elementwise_max(*off, __builtin_elementwise_abs(q - r));
    return (dwords)__builtin_convertvector(r, fmask);
}

/// DPIXELS pixels at `d` with a separable mode in Float lanes (see `double_blend_step` for the
/// parameters). Returns 0, having stored nothing, when some level is too near a tie to decide
/// or some colour exceeds its alpha.
INLINE int float_blend_step(int op, uint8_t *d, dwords sp, step_coverage c, unsigned red) {
    dwords dp;
    memcpy(&dp, d, sizeof dp);
    dchannels s = channels_of(sp, red), t = channels_of(dp, red);
    flanes off = 0;
    dwords rr = float_level(op, s.r, s.a, t.r, t.a, &off);
    dwords rg = float_level(op, s.g, s.a, t.g, t.a, &off);
    dwords rb = float_level(op, s.b, s.a, t.b, t.a, &off);
    fmask invalid = (fmask)((s.r > s.a) | (s.g > s.a) | (s.b > s.a) | (t.r > t.a) | (t.g > t.a) | (t.b > t.a));
    fmask decided = (fmask)(off < 0.5f - FLOAT_BLEND_SLACK) & ~invalid;
    if (__builtin_reduce_and(decided) == 0) return 0;
    store_blended(d, rr, rg, rb, s, t, dp, c, red);
    return 1;
}
