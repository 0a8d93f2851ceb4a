// The seven blend modes defined with divisions or square roots (colorDodge, colorBurn, softLight,
// hue, saturation, color, luminosity) on SHEEN_BLOCK / 8 pixels per step (4 at AVX2, 8 at
// AVX-512), one double lane per pixel. Included by CompositeBody.h, so it is built once per level.
//
// It performs exactly the IEEE operations of the Swift reference (CompositeReference+Double.swift)
// in the same order: the same expressions evaluated left to right, branches as selects whose
// untaken side is discarded, min/max with Swift.min/max's choice (`b < a ? b : a`,
// `b >= a ? b : a`), and no contraction into FMA (the pragma below: clang contracts a·b + c by
// default wherever the target has FMA). So every level equals the reference bit for bit, not
// within a bound. Rounding uses the 2^52 trick, round-half-to-even like `.toNearestOrEven`.

#pragma clang fp contract(off)

enum { DPIXELS = SHEEN_BLOCK / 8 };

typedef double dlanes __attribute__((ext_vector_type(SHEEN_BLOCK / 8)));
typedef int64_t dmask __attribute__((ext_vector_type(SHEEN_BLOCK / 8)));
typedef uint64_t dbits __attribute__((ext_vector_type(SHEEN_BLOCK / 8)));
typedef uint32_t dwords __attribute__((ext_vector_type(SHEEN_BLOCK / 8)));
typedef uint8_t dcover __attribute__((ext_vector_type(SHEEN_BLOCK / 8)));

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

/// ClipColor(C).
INLINE drgb clipped(drgb c) {
    dlanes l = lum(c), n = minimum(c), x = maximum(c);
    dmask low = n < 0, high = x > 1;
    c.r = dselect(low, l + ((c.r - l) * l) / (l - n), c.r);
    c.g = dselect(low, l + ((c.g - l) * l) / (l - n), c.g);
    c.b = dselect(low, l + ((c.b - l) * l) / (l - n), c.b);
    c.r = dselect(high, l + ((c.r - l) * (1 - l)) / (x - l), c.r);
    c.g = dselect(high, l + ((c.g - l) * (1 - l)) / (x - l), c.g);
    c.b = dselect(high, l + ((c.b - l) * (1 - l)) / (x - l), c.b);
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
    return (drgb){dselect(some, ((c.r - mn) * s) / (mx - mn), dsplat(0)),
                  dselect(some, ((c.g - mn) * s) / (mx - mn), dsplat(0)),
                  dselect(some, ((c.b - mn) * s) / (mx - mn), dsplat(0))};
}

/// B(Cb, Cs) of a separable Double mode.
INLINE dlanes separable_double(int op, dlanes cs, dlanes cb) {
    const dlanes one = dsplat(1), zero = dsplat(0);
    if (op == OP_COLOR_DODGE) {
        dlanes v = dmin(one, cb / (1 - cs));
        v = dselect(cs >= 1, one, v);
        return dselect(cb == 0, zero, v);
    }
    if (op == OP_COLOR_BURN) {
        dlanes v = 1 - dmin(one, (1 - cb) / cs);
        v = dselect(cs <= 0, zero, v);
        return dselect(cb >= 1, one, v);
    }
    dlanes low = cb - (1 - 2 * cs) * cb * (1 - cb);
    dlanes poly = ((16 * cb - 12) * cb + 4) * cb;
    dlanes dcb = dselect(cb <= 0.25, poly, __builtin_elementwise_sqrt(cb));
    dlanes high = cb + (2 * cs - 1) * (dcb - cb);
    return dselect(cs <= 0.5, low, high);
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

/// DPIXELS 32-bit pixels at `d` with paint words `sp`, coverage `cov`, red at byte `red` (0 or 2).
INLINE void double_blend_step(int op, uint8_t *d, dwords sp, dwords cov, unsigned red) {
    dwords dp;
    memcpy(&dp, d, sizeof dp);
    const unsigned blue = 2 - red;
#define CH(w, byte) (((w) >> (8 * (byte))) & 0xFF)
    dwords sri = CH(sp, red), sgi = CH(sp, 1), sbi = CH(sp, blue), sai = CH(sp, 3);
    dwords dri = CH(dp, red), dgi = CH(dp, 1), dbi = CH(dp, blue), dai = CH(dp, 3);
#undef CH
    dlanes sr = __builtin_convertvector(sri, dlanes), sg = __builtin_convertvector(sgi, dlanes);
    dlanes sb = __builtin_convertvector(sbi, dlanes), sa = __builtin_convertvector(sai, dlanes);
    dlanes dr = __builtin_convertvector(dri, dlanes), dg = __builtin_convertvector(dgi, dlanes);
    dlanes db = __builtin_convertvector(dbi, dlanes), da = __builtin_convertvector(dai, dlanes);
    dmask sopaque = sa > 0, dopaque = da > 0;
    drgb cs = {dselect(sopaque, sr / sa, dsplat(0)), dselect(sopaque, sg / sa, dsplat(0)), dselect(sopaque, sb / sa, dsplat(0))};
    drgb cb = {dselect(dopaque, dr / da, dsplat(0)), dselect(dopaque, dg / da, dsplat(0)), dselect(dopaque, db / da, dsplat(0))};
    drgb b;
    switch (op) {
    case OP_COLOR_DODGE:
    case OP_COLOR_BURN:
    case OP_SOFT_LIGHT:
        b = (drgb){separable_double(op, cs.r, cb.r), separable_double(op, cs.g, cb.g), separable_double(op, cs.b, cb.b)};
        break;
    case OP_HUE: b = with_lum(with_sat(cs, maximum(cb) - minimum(cb)), lum(cb)); break;
    case OP_SATURATION: b = with_lum(with_sat(cb, maximum(cs) - minimum(cs)), lum(cb)); break;
    case OP_COLOR: b = with_lum(cs, lum(cb)); break;
    default: b = with_lum(cb, lum(cs)); break; // luminosity
    }
    dlanes sada = sa * da, isa = 255 - sa, ida = 255 - da;
    dwords rr = blend_level(sr, dr, b.r, ida, isa, sada);
    dwords rg = blend_level(sg, dg, b.g, ida, isa, sada);
    dwords rb = blend_level(sb, db, b.b, ida, isa, sada);
    dwords ra = div255_words(255 * sai + dai * (255 - sai));
    dwords ic = 255 - cov;
    // The coverage lerp, rounded once: round((R·c + D·(255 − c)) / 255) per channel.
    rr = div255_words(rr * cov + dri * ic);
    rg = div255_words(rg * cov + dgi * ic);
    rb = div255_words(rb * cov + dbi * ic);
    ra = div255_words(ra * cov + dai * ic);
    dwords out = (rr << (8 * red)) | (rg << 8) | (rb << (8 * blue)) | (ra << 24);
    memcpy(d, &out, sizeof out);
}

/// One row of `count` pixels with a Double-evaluated mode.
INLINE void double_span32(int op, int paint_kind, int coverage_kind, uint8_t *dst, const uint8_t *paint,
                          uint32_t solid, const uint8_t *mask, uint32_t constant, unsigned red, intptr_t count) {
    for (intptr_t i = 0; i < count; i += DPIXELS) {
        intptr_t n = count - i < DPIXELS ? count - i : DPIXELS;
        dwords sp = (dwords)solid, cov = (dwords)constant;
        uint8_t d[4 * DPIXELS] = {0};
        memcpy(d, dst + 4 * i, (size_t)(4 * n));
        if (paint_kind == PAINT_ROW) {
            uint32_t p[DPIXELS] = {0};
            memcpy(p, paint + 4 * i, (size_t)(4 * n));
            memcpy(&sp, p, sizeof sp);
        }
        if (coverage_kind == COVERAGE_FULL) {
            cov = (dwords)255;
        } else if (coverage_kind == COVERAGE_MASK) {
            uint8_t m[DPIXELS] = {0};
            memcpy(m, mask + i, (size_t)n);
            dcover c8;
            memcpy(&c8, m, sizeof c8);
            if (__builtin_reduce_or(c8) == 0) continue;
            cov = __builtin_convertvector(c8, dwords);
        }
        double_blend_step(op, d, sp, cov, red);
        memcpy(dst + 4 * i, d, (size_t)(4 * n));
    }
}

/// Every row of a job with a Double-evaluated mode (32-bit destinations only).
INLINE void run_double_rows(int op, const SheenCompositeJob *job) {
    uint8_t *dst = job->dst;
    const uint8_t *paint = job->paint, *mask = job->mask;
    const int row_paint = paint != NULL, masked = mask != NULL;
    const int full = !masked && job->coverage == 255;
    const unsigned red = job->redByte;
#define DSPAN(P, C) double_span32(op, P, C, dst, paint, job->solid, mask, job->coverage, red, job->width)
    for (intptr_t y = 0; y < job->height; y++) {
        WITH_KINDS(DSPAN);
        dst += job->dstStride;
        if (row_paint) paint += job->paintStride;
        if (masked) mask += job->maskStride;
    }
#undef DSPAN
}
