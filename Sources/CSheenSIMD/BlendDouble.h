// The seven blend modes defined with divisions or square roots (colorDodge, colorBurn, softLight,
// hue, saturation, color, luminosity) on 16 pixels per step, one double lane per pixel. Included
// by CompositeBody.h, so it is built once per level, before BlendFloat.h (the three separable
// ones first try Float lanes, and come here only for the steps whose rounding the Float result
// cannot decide) and BlendRows.h (the rows that choose between the two).
//
// It performs exactly the IEEE operations of the Swift reference (CompositeReference+Double.swift)
// in the same order: the same expressions evaluated left to right, branches as selects whose
// untaken side is discarded, min/max with Swift.min/max's choice (`b < a ? b : a`,
// `b >= a ? b : a`), and no contraction into FMA (the level's SHEEN_BEGIN_… turns it off: clang
// contracts a·b + c by default wherever the target has FMA). So every level equals the reference bit for bit, not
// within a bound. Rounding uses the 2^52 trick, round-half-to-even like `.toNearestOrEven`.

/// Pixels per step: 16 at every level (four ymm or two zmm registers per Double variable). The
/// evaluation is one long chain of dependent divisions; several independent registers per
/// variable let the core overlap the chains (steps of 8 pixels at AVX2 measured 10–20 % slower).
enum { DPIXELS = 16, DBLOCKS = DPIXELS / PIXELS };

typedef double dlanes __attribute__((ext_vector_type(DPIXELS)));
typedef int64_t dmask __attribute__((ext_vector_type(DPIXELS)));
typedef uint64_t dbits __attribute__((ext_vector_type(DPIXELS)));
typedef uint32_t dwords __attribute__((ext_vector_type(DPIXELS)));
typedef uint8_t dcover __attribute__((ext_vector_type(DPIXELS)));

/// `a` where `m` is set, else `b`.
INLINE dlanes dselect(dmask m, dlanes a, dlanes b) { return (dlanes)(((dbits)m & (dbits)a) | (~(dbits)m & (dbits)b)); }
/// Swift.min(a, b) per lane.
INLINE dlanes dmin(dlanes a, dlanes b) { return dselect(b < a, b, a); }
/// Swift.max(a, b) per lane.
INLINE dlanes dmax(dlanes a, dlanes b) { return dselect(b >= a, b, a); }
INLINE dlanes dsplat(double v) { return (dlanes)v; }

/// Unpremultiplied colours, one pixel per lane (the twin of UnitRGB).
typedef struct {
    dlanes r, g, b;
} drgb;

INLINE dlanes lum(drgb c) { return 0.3 * c.r + 0.59 * c.g + 0.11 * c.b; }
INLINE dlanes minimum(drgb c) { return dmin(dmin(c.r, c.g), c.b); }
INLINE dlanes maximum(drgb c) { return dmax(dmax(c.r, c.g), c.b); }

/// Whether any lane of `m` is set.
INLINE int any(dmask m) { return __builtin_reduce_or(m) != 0; }

/// ClipColor(C). Each branch's three divisions run only when some lane takes it: the untaken
/// side of a select is discarded, so skipping it when no lane takes it changes nothing. Lanes
/// that do not take it divide by 1, as every division here does where its quotient is
/// discarded: no lane divides by zero, so a host that traps division by zero is never stopped.
INLINE drgb clipped(drgb c) {
    dlanes l = lum(c), n = minimum(c), x = maximum(c);
    dmask low = n < 0, high = x > 1;
    if (any(low)) {
        dlanes den = dselect(low, l - n, dsplat(1));
        c.r = dselect(low, l + ((c.r - l) * l) / den, c.r);
        c.g = dselect(low, l + ((c.g - l) * l) / den, c.g);
        c.b = dselect(low, l + ((c.b - l) * l) / den, c.b);
    }
    if (any(high)) {
        dlanes den = dselect(high, x - l, dsplat(1));
        c.r = dselect(high, l + ((c.r - l) * (1 - l)) / den, c.r);
        c.g = dselect(high, l + ((c.g - l) * (1 - l)) / den, c.g);
        c.b = dselect(high, l + ((c.b - l) * (1 - l)) / den, c.b);
    }
    return c;
}

/// SetLum(C, l).
INLINE drgb with_lum(drgb c, dlanes l) {
    dlanes d = l - lum(c);
    return clipped((drgb){c.r + d, c.g + d, c.b + d});
}

/// SetSat(C, s), per channel: the maximum becomes s, the minimum 0, the middle scales.
INLINE drgb with_sat(drgb c, dlanes s) {
    dlanes mn = minimum(c), mx = maximum(c);
    dmask some = mx > mn;
    dlanes den = dselect(some, mx - mn, dsplat(1));
    return (drgb){dselect(some, ((c.r - mn) * s) / den, dsplat(0)),
                  dselect(some, ((c.g - mn) * s) / den, dsplat(0)),
                  dselect(some, ((c.b - mn) * s) / den, dsplat(0))};
}

// B(Cb, Cs) of each Double-evaluated mode, b_NAME after its row in SheenOperators.h: per channel
// for the separable ones, on whole colours for the others.
INLINE dlanes b_colorDodge(dlanes cs, dlanes cb) {
    const dlanes one = dsplat(1), zero = dsplat(0);
    dlanes v = dmin(one, cb / dselect(cs < 1, 1 - cs, one));
    v = dselect(cs >= 1, one, v);
    return dselect(cb == 0, zero, v);
}
INLINE dlanes b_colorBurn(dlanes cs, dlanes cb) {
    const dlanes one = dsplat(1), zero = dsplat(0);
    dlanes v = 1 - dmin(one, (1 - cb) / dselect(cs > 0, cs, one));
    v = dselect(cs <= 0, zero, v);
    return dselect(cb >= 1, one, v);
}
INLINE dlanes b_softLight(dlanes cs, dlanes cb) {
    dlanes low = cb - (1 - 2 * cs) * cb * (1 - cb);
    dlanes poly = ((16 * cb - 12) * cb + 4) * cb;
    dlanes dcb = dselect(cb <= 0.25, poly, __builtin_elementwise_sqrt(cb));
    dlanes high = cb + (2 * cs - 1) * (dcb - cb);
    return dselect(cs <= 0.5, low, high);
}
INLINE drgb b_hue(drgb cs, drgb cb) { return with_lum(with_sat(cs, maximum(cb) - minimum(cb)), lum(cb)); }
INLINE drgb b_saturation(drgb cs, drgb cb) { return with_lum(with_sat(cb, maximum(cs) - minimum(cs)), lum(cb)); }
INLINE drgb b_color(drgb cs, drgb cb) { return with_lum(cs, lum(cb)); }
INLINE drgb b_luminosity(drgb cs, drgb cb) { return with_lum(cb, lum(cs)); }

/// B(Cb, Cs) of Double-evaluated mode `op`: the b_NAME of each row of kind BLEND_DOUBLE, channel
/// by channel where the row says SEPARABLE. `op` is a constant of every caller; no other
/// operator reaches here (the fast paths send only BLEND_DOUBLE rows), so the trap is never
/// compiled in.
INLINE drgb double_b(int op, drgb cs, drgb cb) {
#define DOUBLE_B_SEPARABLE(name) (drgb){b_##name(cs.r, cb.r), b_##name(cs.g, cb.g), b_##name(cs.b, cb.b)}
#define DOUBLE_B_NON_SEPARABLE(name) b_##name(cs, cb)
#define DOUBLE_B_PORTER_DUFF(name, NAME, form)
#define DOUBLE_B_BLEND_INTEGER(name, NAME, form)
#define DOUBLE_B_BLEND_DOUBLE(name, NAME, form) case OP_##NAME: return DOUBLE_B_##form(name);
#define DOUBLE_B_CASE(name, NAME, kind, coverage, alpha, form, ...) DOUBLE_B_##kind(name, NAME, form)
    switch (op) {
        SHEEN_OPERATORS(DOUBLE_B_CASE)
    }
#undef DOUBLE_B_CASE
#undef DOUBLE_B_BLEND_DOUBLE
#undef DOUBLE_B_BLEND_INTEGER
#undef DOUBLE_B_PORTER_DUFF
#undef DOUBLE_B_NON_SEPARABLE
#undef DOUBLE_B_SEPARABLE
    __builtin_trap();
}

/// round((s·(255 − da) + d·(255 − sa) + sa·da·B) / 255) clamped to 0…255 (NaN, which only
/// input that is not valid premultiplied colour produces, becomes 0).
INLINE dwords blend_level(dlanes sv, dlanes dv, dlanes bv, dlanes ida, dlanes isa, dlanes sada) {
    dlanes q = (sv * ida + dv * isa + sada * bv) / 255;
    q = dselect(q != q, dsplat(0), q);
    q = dmin(dmax(q, dsplat(0)), dsplat(255));
    dbits bits = (dbits)(q + 4503599627370496.0);
    return __builtin_convertvector(bits & 0xFF, dwords);
}

/// round(n / 255) for 0 ≤ n ≤ 65,025 on 32-bit lanes.
INLINE dwords div255_words(dwords n) {
    dwords t = n + 128;
    return (t + (t >> 8)) >> 8;
}

/// The channels of DPIXELS 32-bit pixels, one level (0–255) per lane.
typedef struct {
    dwords r, g, b, a;
} dchannels;

/// The channels of packed pixels `p` whose red is at byte `red` (0 or 2).
INLINE dchannels channels_of(dwords p, unsigned red) {
    return (dchannels){(p >> (8 * red)) & 0xFF, (p >> 8) & 0xFF, (p >> (8 * (2 - red))) & 0xFF, p >> 24};
}

/// The coverage of a step: full (nothing to apply) or the lerp weights of its pixels.
typedef struct {
    int full;
    lerp_weights weights[DBLOCKS];
} step_coverage;

/// Stores at `d` the blended colour levels `rr`, `rg`, `rb` of paint `s` over destination pixels
/// `dp` (channels `dc`): alpha Sa + Da·(1 − Sa) rounded once, then the coverage lerp
/// round((R·c + D·(255 − c)) / 255) per channel, on whole pixels (`lerp_bytes`).
INLINE void store_blended(uint8_t *d, dwords rr, dwords rg, dwords rb, dchannels s, dchannels dc, dwords dp,
                          step_coverage c, unsigned red) {
    dwords ra = s.a + div255_words(dc.a * (255 - s.a));
    dwords out = (rr << (8 * red)) | (rg << 8) | (rb << (8 * (2 - red))) | (ra << 24);
    for (int h = 0; h < DBLOCKS; h++) {
        lanes o = load_lanes((const uint8_t *)&out + h * BLOCK);
        if (!c.full) o = lerp_bytes(o, load_lanes((const uint8_t *)&dp + h * BLOCK), c.weights[h]);
        store_lanes(d + h * BLOCK, o);
    }
}

/// DPIXELS 32-bit pixels at `d` with paint words `sp`, coverage `c`, red at byte `red` (0 or 2).
INLINE void double_blend_step(int op, uint8_t *d, dwords sp, step_coverage c, unsigned red) {
    dwords dp;
    memcpy(&dp, d, sizeof dp);
    dchannels si = channels_of(sp, red), di = channels_of(dp, red);
    dwords sri = si.r, sgi = si.g, sbi = si.b, sai = si.a;
    dwords dri = di.r, dgi = di.g, dbi = di.b, dai = di.a;
    dlanes sr = __builtin_convertvector(sri, dlanes), sg = __builtin_convertvector(sgi, dlanes);
    dlanes sb = __builtin_convertvector(sbi, dlanes), sa = __builtin_convertvector(sai, dlanes);
    dlanes dr = __builtin_convertvector(dri, dlanes), dg = __builtin_convertvector(dgi, dlanes);
    dlanes db = __builtin_convertvector(dbi, dlanes), da = __builtin_convertvector(dai, dlanes);
    dmask sopaque = sa > 0, dopaque = da > 0;
    dlanes sd = dselect(sopaque, sa, dsplat(1)), dd = dselect(dopaque, da, dsplat(1));
    drgb cs = {dselect(sopaque, sr / sd, dsplat(0)), dselect(sopaque, sg / sd, dsplat(0)), dselect(sopaque, sb / sd, dsplat(0))};
    drgb cb = {dselect(dopaque, dr / dd, dsplat(0)), dselect(dopaque, dg / dd, dsplat(0)), dselect(dopaque, db / dd, dsplat(0))};
    drgb b = double_b(op, cs, cb);
    dlanes sada = sa * da, isa = 255 - sa, ida = 255 - da;
    store_blended(d, blend_level(sr, dr, b.r, ida, isa, sada), blend_level(sg, dg, b.g, ida, isa, sada),
                  blend_level(sb, db, b.b, ida, isa, sada), si, di, dp, c, red);
}
