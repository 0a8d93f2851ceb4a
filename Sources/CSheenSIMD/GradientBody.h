// The gradient span kernel, written once in clang vector extensions and compiled once per
// instruction-set level: Gradient+SIMD128.c, Gradient+AVX2.c and Gradient+AVX512.c define
// SHEEN_GRADIENT_LANES (Float lanes per vector: 4, 8 or 16) and SHEEN_ENTRY and include this file
// inside their level's target pragma (CSheenSIMDTargets.h). An x86 level also defines
// SHEEN_CVT_ROUND (round-to-nearest-even Float → Int32, one instruction), the integer vector and
// pack intrinsics of sheen_pack (SHEEN_IVEC …) and SHEEN_STORE_RANGE (a lane range of a vector
// stored under a mask); where they are not defined (the 128-bit level off x86) the generic
// forms below, which give the same bits, are used. SHEEN_GRADIENT_FMA says whether the level has
// a fused multiply-add instruction; without one (x86-64-v2) FMA is computed exactly in Double.
//
// Every step is the one GradientKernelTwin.swift states in scalar Swift, in the same order; a
// multiply-add is fused exactly where the twin calls addingProduct (FMA below) and nowhere else
// (contraction is off), and no approximate instruction is used, so every level equals the twin
// bit for bit. Pixels come in blocks of 16 whose first x is a multiple of 16: the block's base (t for
// linear gradients, the gradient-space point for radial and conic ones) is computed in Double,
// each lane adds a Float offset. That keeps t exact to a few Float ulps however far the block is
// from the gradient's origin or however many times it repeats, and makes each pixel a function
// of its position alone (filling a rectangle in pieces gives the same bytes).

#include <math.h>
#include <stdint.h>
#include <string.h>

#pragma clang fp contract(off)

#define INLINE SHEEN_INLINE

enum { LANES = SHEEN_GRADIENT_LANES, BLOCK = 16, SUBS = BLOCK / SHEEN_GRADIENT_LANES };

typedef float vf __attribute__((ext_vector_type(SHEEN_GRADIENT_LANES)));
typedef int32_t vi __attribute__((ext_vector_type(SHEEN_GRADIENT_LANES)));
typedef uint8_t vb __attribute__((ext_vector_type(SHEEN_GRADIENT_LANES)));
typedef double vd __attribute__((ext_vector_type(SHEEN_GRADIENT_LANES)));

typedef int64_t vl __attribute__((ext_vector_type(SHEEN_GRADIENT_LANES)));

#if SHEEN_GRADIENT_FMA
/// a·b + c rounded once: the twin's `c.addingProduct(a, b)`.
#define FMA(a, b, c) __builtin_elementwise_fma((vf)(a), (vf)(b), (vf)(c))
#else
/// a·b + c rounded once, without a fused multiply-add instruction (where the compiler would call
/// libm's fmaf for every lane). The product of two Floats is exact in Double (24 + 24 bits), so
/// the only roundings are the Double sum's and the Double → Float conversion's. Rounding twice
/// can differ from rounding once only where the Double sum lies exactly halfway between two
/// Floats (normal range: its low 29 bits are 1 then 28 zeros) or below 2⁻¹²⁶, where Floats are
/// subnormal and ties sit elsewhere (a sum whose high 32 bits are zero but for the sign, far
/// below the smallest Float, rounds to a zero of the exact sum's sign either way). Such vectors
/// (one test, a branch mostly not taken) take the sum rounded to odd instead: an inexact sum
/// whose last bit is even is stepped one Double ulp towards the exact value, which its error
/// (Knuth's TwoSum) gives. Rounded to odd at 53 bits, then to nearest at 24 or fewer, is rounded
/// to nearest once (Boldo and Melquiond, 2008).
static inline __attribute__((always_inline)) vf fma_exact(vf a, vf b, vf c) {
    const vd p = __builtin_convertvector(a, vd) * __builtin_convertvector(b, vd);
    const vd cd = __builtin_convertvector(c, vd);
    vd s = p + cd;
    const vl bits = (vl)s;
    // The tests on 32-bit halves, all lanes in one vector: the low half's 29 bits for a tie, the
    // high half (sign, exponent, 20 bits) for a Float-subnormal sum (2⁻¹²⁶ is exponent 897).
    const vi low = __builtin_convertvector(bits, vi), high = __builtin_convertvector(bits >> 32, vi) & 0x7FFFFFFF;
    const vi tie = (low & 0x1FFFFFFF) == 0x10000000;
    const vi tiny = (high < (vi)(897 << 20)) & (high != 0);
    if (__builtin_expect(__builtin_reduce_or(tie | tiny) != 0, 0)) {
        const vd v = s - p;
        const vd e = (p - (s - v)) + (cd - v);
        // Inexact (and finite: NaN ≠ 0) with an even last bit: one ulp up in magnitude where the
        // error has the sum's sign, down where it has the other.
        const vl step = (e != 0.0) & (e == e) & ((bits & 1) == 0);
        const vl up = ~((e < 0.0) ^ (s < 0.0));
        s = (vd)(bits + (step & ((up & 2) - 1)));
    }
    return __builtin_convertvector(s, vf);
}
#define FMA(a, b, c) fma_exact((vf)(a), (vf)(b), (vf)(c))
#endif

/// `a` where `m` is all ones, else `b`.
INLINE vf sel(vi m, vf a, vf b) { return (vf)(((vi)a & m) | ((vi)b & ~m)); }
INLINE vi seli(vi m, vi a, vi b) { return (a & m) | (b & ~m); }
/// a < b ? a : b and a > b ? a : b: the twin's min and max (minps/maxps semantics).
INLINE vf vmin(vf a, vf b) { return sel(a < b, a, b); }
INLINE vf vmax(vf a, vf b) { return sel(a > b, a, b); }
INLINE vf vabs(vf a) { return (vf)((vi)a & 0x7FFFFFFF); }
INLINE vf vload(const float *p) {
    vf v;
    memcpy(&v, p, sizeof v);
    return v;
}

/// The linear block base reduced by the spread, in Double (the twin's `reducedBase`): repeat into
/// [−½, ½), reflect into [−1, 1) — centred on the wrap, so that a t just below or above it stays
/// a small number whose sign Float keeps — pad clamped to ±2²⁴.
INLINE double reduce_base(double T, uint32_t spread) {
    switch (spread) {
    case SHEEN_GRADIENT_REPEAT: return T - floor(T + 0.5);
    case SHEEN_GRADIENT_REFLECT: return T - 2.0 * floor(T * 0.5 + 0.5);
    default: return T < -16777216.0 ? -16777216.0 : (T > 16777216.0 ? 16777216.0 : T);
    }
}

/// A reduced linear base in Float, never rounded to zero from a non-zero value: below Float's
/// range it becomes the smallest subnormal of its sign, which is all that is left to know there
/// (which side of a wrap t is on). The twin's `linearBase`.
INLINE float keeping_sign(double d, uint32_t spread) {
    float f = (float)d;
    // Under pad a base of ±2⁻¹⁴⁹ clamps to the colour 0 gives: plain conversion is stated there.
    if (spread == SHEEN_GRADIENT_PAD) return f;
    if (f == 0.0f && d != 0.0) f = d < 0.0 ? -0x1p-149f : 0x1p-149f;
    return f;
}

INLINE vf keeping_sign_v(vd d, uint32_t spread) {
    vf f = __builtin_convertvector(d, vf);
    if (spread == SHEEN_GRADIENT_PAD) return f;
    vi nonzero = (f == 0.0f) & __builtin_convertvector(d != 0.0, vi);
    vi negative = __builtin_convertvector(d < 0.0, vi);
    return sel(nonzero, sel(negative, (vf)-0x1p-149f, (vf)0x1p-149f), f);
}

/// t of one sub-vector of a linear block: base + lane offset (each reduced alike), then the Float
/// half of the spread.
INLINE vf linear_t(vf base, vf lane, uint32_t spread) {
    vf t = base + lane;
    switch (spread) {
    // t in [−1, 1): one period added below 0 (a t rounded up to 1 is the limit from below).
    case SHEEN_GRADIENT_REPEAT: return sel(t < 0.0f, t + 1.0f, t);
    case SHEEN_GRADIENT_REFLECT: {
        vf v = vabs(t);   // in [0, 2]: mirrored about 1
        return sel(v > 1.0f, 2.0f - v, v);
    }
    default: return vmin(vmax(t, 0.0f), 1.0f);
    }
}

/// The spread of a t computed whole (radial gradients).
INLINE vf spread_t(vf t, uint32_t spread) {
    switch (spread) {
    case SHEEN_GRADIENT_REPEAT: return t - __builtin_elementwise_floor(t);
    case SHEEN_GRADIENT_REFLECT: {
        vf u = t - 2.0f * __builtin_elementwise_floor(t * 0.5f);
        return 1.0f - vabs(u - 1.0f);
    }
    default: return vmin(vmax(t, 0.0f), 1.0f);
    }
}

/// Two-point conical t at gradient-space offsets (px, py) from the start centre; `painted` all
/// ones where the pixel lies on a circle of non-negative radius.
INLINE vf radial_t(const SheenGradientJob *j, vf px, vf py, vi *painted) {
    float cdx = j->p[0], cdy = j->p[1], r0 = j->p[2], dr = j->p[3], a = j->p[4], invA = j->p[5];
    float r0dr = j->p[6], r0sq = j->p[7];
    vf b = (px * cdx + py * cdy) + r0dr;
    vf c = (px * px + py * py) - r0sq;
    vf disc = b * b - a * c;
    vf root = __builtin_elementwise_sqrt(vmax(disc, 0.0f));
    vf q = sel(b < 0.0f, b - root, b + root);
    vf t1 = q * invA;
    vf t2 = c / q;
    const float inf = __builtin_inff();
    vi ok1 = (vabs(t1) < inf) & ((r0 + t1 * dr) >= 0.0f);
    vi ok2 = (vabs(t2) < inf) & ((r0 + t2 * dr) >= 0.0f);
    *painted = (disc >= 0.0f) & (ok1 | ok2);
    return sel(ok1 & (~ok2 | (t1 > t2)), t1, t2);
}

/// Conic t: the angle of (dx, dy) in turns from a polynomial atan (error 1.7·10⁻⁶ rad), minus the
/// start, wrapped into [0, 1].
INLINE vf conic_t(float start, vf dx, vf dy) {
    vf ax = vabs(dx), ay = vabs(dy);
    vf mx = vmax(ax, ay), mn = vmin(ax, ay);
    vf q = mn / sel(mx == 0.0f, 1.0f, mx);
    vf s = q * q;
    vf p = -0.0018671389f;
    p = FMA(p, s, 0.0083845339f);
    p = FMA(p, s, -0.0185352993f);
    p = FMA(p, s, 0.0308052923f);
    p = FMA(p, s, -0.0529389941f);
    p = FMA(p, s, 0.1591513382f);
    p = p * q;
    p = sel(ay > ax, 0.25f - p, p);
    p = sel(dx < 0.0f, 0.5f - p, p);
    p = sel(dy < 0.0f, -p, p);
    vf v = p - start;
    return v - __builtin_elementwise_floor(v);
}

/// t of a radial or conic gradient at gradient-space offsets (px, py), spread; `painted` as in
/// radial_t (all ones for the other shapes).
INLINE vf point_t(const SheenGradientJob *j, vf px, vf py, const uint32_t shape, const uint32_t spread, vi *painted) {
    switch (shape) {
    case SHEEN_GRADIENT_RADIAL: return spread_t(radial_t(j, px, py, painted), spread);
    case SHEEN_GRADIENT_RADIAL_CONCENTRIC:
        return spread_t((__builtin_elementwise_sqrt(px * px + py * py) - j->p[2]) * j->p[8], spread);
    default: return conic_t(j->p[0], px, py);
    }
}

#ifndef SHEEN_CVT_ROUND
/// Round to nearest even, Float → Int32, with x86's answer for NaN and out-of-range values
/// (INT32_MIN), which the twin states (cvtps2dq on x86; frintn, a range test and a select here).
INLINE vi cvt_round(vf v) {
    const vf r = __builtin_elementwise_roundeven(v);
    const vi inside = (r >= -2147483648.0f) & (r < 2147483648.0f);
    return seli(inside, __builtin_convertvector(sel(inside, r, (vf)0.0f), vi), (vi)INT32_MIN);
}
#define SHEEN_CVT_ROUND(v) cvt_round(v)
#endif

/// A rounded level (x86's INT32_MIN for NaN and out-of-range values) clamped to 0…255.
INLINE vi clamp_level(vi v) {
    v = seli(v < 0, (vi)0, v);
    return seli(v > 255, (vi)255, v);
}

/// Four vectors of rounded levels (channels in memory order, alpha last) → packed pixels: each
/// level clamped to 0…255 by the saturating packs (int32 → int16 → uint8, per 128-bit lane), then
/// one byte shuffle per 128-bit lane turns [r0..r3 g0..g3 b0..b3 a0..a3] into [r0 g0 b0 a0 …];
/// with `clamp`, every colour byte is then limited to its pixel's alpha.
#ifdef SHEEN_IVEC
INLINE vi sheen_pack(vi r, vi g, vi b, vi a, int clamp) {
    SHEEN_IVEC rg = SHEEN_PACKS_EPI32((SHEEN_IVEC)r, (SHEEN_IVEC)g);
    SHEEN_IVEC ba = SHEEN_PACKS_EPI32((SHEEN_IVEC)b, (SHEEN_IVEC)a);
    const SHEEN_IVEC order = SHEEN_BROADCAST_128(_mm_setr_epi8(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15));
    SHEEN_IVEC v = SHEEN_SHUFFLE_EPI8(SHEEN_PACKUS_EPI16(rg, ba), order);
    if (clamp) {
        const SHEEN_IVEC alpha = SHEEN_BROADCAST_128(_mm_setr_epi8(3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15, 15, 15, 15));
        v = SHEEN_MIN_EPU8(v, SHEEN_SHUFFLE_EPI8(v, alpha));
    }
    return (vi)v;
}
#else
/// The same without x86's packs: each level clamped to 0…255 (what the two saturating packs do),
/// limited to its pixel's alpha with `clamp`, then shifted into its byte.
INLINE vi sheen_pack(vi r, vi g, vi b, vi a, int clamp) {
    a = clamp_level(a);
    r = clamp_level(r); g = clamp_level(g); b = clamp_level(b);
    if (clamp) {
        r = seli(r > a, a, r); g = seli(g > a, a, g); b = seli(b > a, a, b);
    }
    typedef uint32_t vu __attribute__((ext_vector_type(SHEEN_GRADIENT_LANES)));
    return (vi)((vu)r | ((vu)g << 8) | ((vu)b << 16) | ((vu)a << 24));
}
#endif

#ifndef SHEEN_STORE_RANGE
/// Lanes [lo, hi) of v stored at address p: 32-bit pixels, or each lane's low byte for A8, one
/// lane at a time (no lane mask store at this level); nothing outside them is written.
#define SHEEN_STORE_RANGE(p, v, a8, lo, hi)                                                        \
    do {                                                                                         \
        for (int k_ = (lo); k_ < (hi); k_++) {                                                   \
            if (a8) {                                                                            \
                ((uint8_t *)(p))[k_] = (uint8_t)(v)[k_];                                          \
            } else {                                                                             \
                const uint32_t w_ = (uint32_t)(v)[k_];                                           \
                memcpy((uint8_t *)(p) + 4 * k_, &w_, 4);                                          \
            }                                                                                    \
        }                                                                                        \
    } while (0)
#endif

/// Gathers `table[index]` lane by lane.
INLINE vf gather(const float *table, vi index) {
    vf v;
    for (int k = 0; k < LANES; k++) v[k] = table[index[k]];
    return v;
}

/// The colour ramp at t (in [0, 1] wherever painted): 32-bit pixels, or A8 values in the low byte.
INLINE vi shade(const SheenGradientJob *j, vf t, vf d, const int a8, const int dithered, const int single,
                const int opaque) {
    const uint32_t n = single ? 1 : j->segments;
    const float *P = j->pieces;
    vf o, b0, b1, b2, b3, s0, s1, s2, s3;
    if (n <= SHEEN_GRADIENT_BROADCAST_SEGMENTS) {
        o = P[0]; b0 = P[n]; b1 = P[2 * n]; b2 = P[3 * n]; b3 = P[4 * n];
        s0 = P[5 * n]; s1 = P[6 * n]; s2 = P[7 * n]; s3 = P[8 * n];
        for (uint32_t i = 1; i < n; i++) {
            vi m = t >= j->bounds[i];
            o = sel(m, P[i], o);
            b3 = sel(m, P[4 * n + i], b3); s3 = sel(m, P[8 * n + i], s3);
            if (!a8) {
                b0 = sel(m, P[n + i], b0); b1 = sel(m, P[2 * n + i], b1); b2 = sel(m, P[3 * n + i], b2);
                s0 = sel(m, P[5 * n + i], s0); s1 = sel(m, P[6 * n + i], s1); s2 = sel(m, P[7 * n + i], s2);
            }
        }
    } else {
        // Unpainted lanes may hold NaN: clamp (NaN → 0) before t becomes an index.
        vf tc = vmin(vmax(t, 0.0f), 1.0f);
        vi cell = __builtin_convertvector(tc * (float)j->cellCount, vi);
        cell = seli(cell > (vi)(int32_t)(j->cellCount - 1), (vi)(int32_t)(j->cellCount - 1), cell);
        vi s;
        for (int k = 0; k < LANES; k++) s[k] = (int32_t)j->cells[cell[k]];
        for (uint32_t step = 0; step < j->cellSteps; step++) s -= (tc >= gather(j->bounds, s + 1));
        o = gather(P, s);
        b3 = gather(P + 4 * n, s); s3 = gather(P + 8 * n, s);
        if (!a8) {
            b0 = gather(P + n, s); b1 = gather(P + 2 * n, s); b2 = gather(P + 3 * n, s);
            s0 = gather(P + 5 * n, s); s1 = gather(P + 6 * n, s); s2 = gather(P + 7 * n, s);
        }
    }
    // A single piece always starts at 0 (GradientRamp): t − 0 is t.
    vf u = single ? t : t - o;
    if (a8) {
        vf c3 = FMA(u, s3, b3);
        if (dithered) c3 = c3 + d;
        return clamp_level(SHEEN_CVT_ROUND(c3));
    }
    vf c0 = FMA(u, s0, b0), c1 = FMA(u, s1, b1), c2 = FMA(u, s2, b2);
    vf c3 = opaque ? (vf)255.0f : FMA(u, s3, b3);
    if (dithered) {
        c0 = c0 + d; c1 = c1 + d; c2 = c2 + d;
        if (!opaque) c3 = c3 + d;
    }
    // Round, then clamp to 0…255 by saturation while packing; colour ≤ alpha after.
    return sheen_pack(SHEEN_CVT_ROUND(c0), SHEEN_CVT_ROUND(c1), SHEEN_CVT_ROUND(c2), SHEEN_CVT_ROUND(c3), !opaque);
}

/// The base of the aligned block whose first pixel's centre is X in a row whose x-independent
/// Double terms are `row`: the reduced t (linear) or the gradient-space point (radial, conic) in
/// Float, to which each lane adds its offset.
INLINE void block_base(const SheenGradientJob *j, double X, const double row[4], const uint32_t shape,
                       const uint32_t spread, float *fx, float *fy) {
    if (shape == SHEEN_GRADIENT_LINEAR) {
        *fx = keeping_sign(reduce_base(j->g[0] * X + row[0], spread), spread);
        *fy = 0;
    } else {
        *fx = (float)(j->g[0] * X + row[0]);
        *fy = (float)(j->g[3] * X + row[1]);
    }
}

/// Sixteen consecutive pixels of a row (a window), stored as lanes [0, hi) at `out` (the address
/// of the window's first pixel, 4 bytes a pixel or 1 for A8); nothing else is written. Pixels
/// belong to 16-aligned blocks, whose bases are computed in Double: the window's first `split`
/// lanes lie in the block with base (ax, ay), the others in the next block (bx, by), and the lane
/// tables `lx`, `ly` and `dither` are rotated to the window's start, so every pixel gets exactly
/// the base and lane offset it has in its own block. A window on a block (split = BLOCK) folds
/// the selection away. A window cut by the span's end is stored under a lane mask straight from
/// the register (SHEEN_STORE_RANGE), never through memory, where reloading part of a 64-byte store
/// would stall on store forwarding.
INLINE void shade_window(const SheenGradientJob *j, float ax, float ay, float bx, float by, const int split,
                         const float *lx, const float *ly, const float *dither, uintptr_t out, const int hi,
                         const uint32_t shape, const uint32_t spread, const int single, const int opaque,
                         const int fast) {
    const int a8 = !fast && j->bytesPerPixel == 1;
    const int dithered = !fast && j->dither;
    vi iota;
    for (int k = 0; k < LANES; k++) iota[k] = k;
    for (int s = 0; s < SUBS; s++) {
        // This sub-vector's lanes [0, shi) of the window's [0, hi).
        const int shi = hi < (s + 1) * LANES ? hi - s * LANES : LANES;
        if (shi <= 0) continue;
        const vi first = split >= BLOCK ? (vi)-1 : (iota + s * LANES) < split;
        vf lane_x = vload(lx + s * LANES);
        vf d = dithered ? vload(dither + s * LANES) : (vf)0.0f;
        vi painted = -1;
        vf t;
        if (shape == SHEEN_GRADIENT_LINEAR) {
            t = linear_t(sel(first, (vf)ax, (vf)bx), lane_x, spread);
        } else {
            t = point_t(j, sel(first, (vf)ax, (vf)bx) + lane_x, sel(first, (vf)ay, (vf)by) + vload(ly + s * LANES),
                        shape, spread, &painted);
        }
        vi v = shade(j, t, d, a8, dithered, single, opaque) & painted;
        const uintptr_t sub = out + (uintptr_t)(s * LANES * (a8 ? 1 : 4));
        if (shi == LANES) {
            if (a8) {
                vb bytes = __builtin_convertvector(v, vb);
                memcpy((void *)sub, &bytes, sizeof bytes);
            } else {
                memcpy((void *)sub, &v, sizeof v);
            }
        } else {
            SHEEN_STORE_RANGE(sub, v, a8, 0, shi);
        }
    }
}

/// One row's windows, from x0 to x1 in steps of 16; `split` is BLOCK − (x0 mod 16), or BLOCK
/// itself for a row that starts on a block (inlined apart, so that selection folds away).
INLINE void shade_row(const SheenGradientJob *j, const double row[4], intptr_t x0, intptr_t x1, uint8_t *d,
                      const int split, const float *lx, const float *ly, const float *dither,
                      const uint32_t shape, const uint32_t spread, const int single, const int opaque,
                      const int fast) {
    const intptr_t bpp = j->bytesPerPixel;
    // The aligned block's centre X carried in Double (exact: it stays an integer + ½ far below
    // 2⁵²), which keeps an integer conversion off each block's dependency chain.
    double X = (double)(x0 & ~(intptr_t)(BLOCK - 1)) + 0.5;
    float ax, ay, bx = 0, by = 0;
    block_base(j, X, row, shape, spread, &ax, &ay);
    for (intptr_t xs = x0; xs < x1; xs += BLOCK) {
        X += BLOCK;
        if (split < BLOCK) block_base(j, X, row, shape, spread, &bx, &by);
        const int hi = x1 - xs < BLOCK ? (int)(x1 - xs) : BLOCK;
        shade_window(j, ax, ay, bx, by, split, lx, ly, dither, (uintptr_t)(d + (xs - x0) * bpp), hi, shape, spread,
                     single, opaque, fast);
        if (split < BLOCK) {
            ax = bx; ay = by;
        } else {
            block_base(j, X, row, shape, spread, &ax, &ay);
        }
    }
}

/// A column of pixels at x (width-1 jobs: the vertical gradient's colours, the 1-pixel column
/// pattern): LANES rows per vector, every row's base computed in Double as in shade_block, all
/// with lane x & 15. Each pixel equals the one shade_block gives at (x, y).
INLINE void shade_column(const SheenGradientJob *j, const uint32_t shape, const uint32_t spread, const int single,
                         const int opaque, const int fast) {
    const int a8 = !fast && j->bytesPerPixel == 1;
    const int dithered = !fast && j->dither;
    const intptr_t bpp = j->bytesPerPixel;
    const int lane = (int)(j->x & (BLOCK - 1));
    const double X = (double)(j->x & ~(intptr_t)(BLOCK - 1)) + 0.5;
    const float lx = j->laneX[lane], ly = j->laneY[lane];
    vd iota;
    for (int k = 0; k < LANES; k++) iota[k] = (double)k;
    for (intptr_t r0 = 0; r0 < j->height; r0 += LANES) {
        const intptr_t y0 = j->y + r0;
        const vd Y = (iota + (double)y0) + 0.5;
        vf d = 0.0f;
        if (dithered) {
            for (int k = 0; k < LANES; k++) d[k] = j->ditherTable[((y0 + k) & 7) * BLOCK + lane];
        }
        vi painted = -1;
        vf t;
        if (shape == SHEEN_GRADIENT_LINEAR) {
            vd T = j->g[0] * X + (j->g[1] * Y + j->g[2]);
            switch (spread) {
            case SHEEN_GRADIENT_REPEAT: T = T - __builtin_elementwise_floor(T + 0.5); break;
            case SHEEN_GRADIENT_REFLECT: T = T - 2.0 * __builtin_elementwise_floor(T * 0.5 + 0.5); break;
            default: {
                vl lo = T < -16777216.0, hi = T > 16777216.0;
                T = (vd)(((vl)(vd)(-16777216.0) & lo) | (~lo & (((vl)(vd)16777216.0 & hi) | ((vl)T & ~hi))));
            }
            }
            t = linear_t(keeping_sign_v(T, spread), (vf)lx, spread);
        } else {
            vf px = __builtin_convertvector(j->g[0] * X + (j->g[1] * Y + j->g[2]), vf) + lx;
            vf py = __builtin_convertvector(j->g[3] * X + (j->g[4] * Y + j->g[5]), vf) + ly;
            t = point_t(j, px, py, shape, spread, &painted);
        }
        vi v = shade(j, t, d, a8, dithered, single, opaque) & painted;
        const intptr_t n = j->height - r0 < LANES ? j->height - r0 : LANES;
        uint8_t *out = j->dst + r0 * j->dstStride;
        if (bpp == 4 && j->dstStride == 4 && n == LANES) {
            memcpy(out, &v, sizeof v);
        } else {
            for (intptr_t k = 0; k < n; k++) {
                if (bpp == 4) {
                    uint32_t w = (uint32_t)v[k];
                    memcpy(out + k * j->dstStride, &w, 4);
                } else {
                    out[k * j->dstStride] = (uint8_t)v[k];
                }
            }
        }
    }
}

/// The row loop, inlined once per (shape, spread) and, for `fast` jobs (32-bit pixels, no dither),
/// per (single piece, opaque), so that every test on them folds away in the hot loop.
INLINE void run(const SheenGradientJob *job, const uint32_t shape, const uint32_t spread, const int single,
                const int opaque, const int fast) {
    SheenGradientJob j = *job;
    // Broadcast ramps are read from a local copy: the byte stores to dst may alias the caller's
    // table, which would make the compiler reload every constant for every block.
    float pieces[9 * SHEEN_GRADIENT_BROADCAST_SEGMENTS];
    if (j.segments <= SHEEN_GRADIENT_BROADCAST_SEGMENTS) {
        memcpy(pieces, j.pieces, sizeof(float) * 9 * j.segments);
        j.pieces = pieces;
    }
    if (j.width == 1) {
        shade_column(&j, shape, spread, single, opaque, fast);
        return;
    }
    const intptr_t x0 = j.x, x1 = j.x + j.width;
    // Windows start at x0, not on a block: a span that starts mid-block is shaded in ⌈width/16⌉
    // windows (not one more), with the lane tables rotated by x0's phase in the block.
    const int phase = (int)(x0 & (BLOCK - 1));
    float rotated[10 * BLOCK];
    const float *lx = j.laneX, *ly = j.laneY, *dither = j.ditherTable;
    if (phase != 0) {
        for (int k = 0; k < BLOCK; k++) {
            rotated[k] = j.laneX[(k + phase) & (BLOCK - 1)];
            rotated[BLOCK + k] = j.laneY[(k + phase) & (BLOCK - 1)];
        }
        lx = rotated;
        ly = rotated + BLOCK;
        if (j.ditherTable) {
            for (int k = 0; k < 8 * BLOCK; k++)
                rotated[2 * BLOCK + k] = j.ditherTable[(k & ~(BLOCK - 1)) | ((k + phase) & (BLOCK - 1))];
            dither = rotated + 2 * BLOCK;
        }
    }
    for (intptr_t r = 0; r < j.height; r++) {
        const intptr_t y = j.y + r;
        const double Y = (double)y + 0.5;
        // Per row: the Double terms of the block base that do not depend on x.
        const double row[4] = {j.g[1] * Y + j.g[2], j.g[4] * Y + j.g[5], 0, 0};
        const float *dither_row = dither ? dither + (y & 7) * BLOCK : NULL;
        uint8_t *d = j.dst + r * j.dstStride;
        if (phase == 0) {
            shade_row(&j, row, x0, x1, d, BLOCK, lx, ly, dither_row, shape, spread, single, opaque, fast);
        } else {
            shade_row(&j, row, x0, x1, d, BLOCK - phase, lx, ly, dither_row, shape, spread, single, opaque, fast);
        }
    }
}

#define SHEEN_RUN_VARIANTS(SHAPE, SPREAD)                                                              \
    do {                                                                                               \
        if (!fast) run(job, SHAPE, SPREAD, single, opaque, 0);                                        \
        else if (single && opaque) run(job, SHAPE, SPREAD, 1, 1, 1);                                  \
        else if (single) run(job, SHAPE, SPREAD, 1, 0, 1);                                            \
        else if (opaque) run(job, SHAPE, SPREAD, 0, 1, 1);                                            \
        else run(job, SHAPE, SPREAD, 0, 0, 1);                                                        \
    } while (0)

#define SHEEN_RUN_SPREADS(SHAPE)                                                                       \
    do {                                                                                               \
        switch (job->spread) {                                                                         \
        case SHEEN_GRADIENT_REPEAT: SHEEN_RUN_VARIANTS(SHAPE, SHEEN_GRADIENT_REPEAT); break;           \
        case SHEEN_GRADIENT_REFLECT: SHEEN_RUN_VARIANTS(SHAPE, SHEEN_GRADIENT_REFLECT); break;         \
        default: SHEEN_RUN_VARIANTS(SHAPE, SHEEN_GRADIENT_PAD); break;                                 \
        }                                                                                              \
    } while (0)

void SHEEN_ENTRY(const SheenGradientJob *job) {
    const int single = job->segments == 1, opaque = job->opaque != 0;
    const int fast = job->bytesPerPixel == 4 && !job->dither;
    switch (job->shape) {
    case SHEEN_GRADIENT_LINEAR: SHEEN_RUN_SPREADS(SHEEN_GRADIENT_LINEAR); break;
    case SHEEN_GRADIENT_RADIAL: SHEEN_RUN_SPREADS(SHEEN_GRADIENT_RADIAL); break;
    case SHEEN_GRADIENT_RADIAL_CONCENTRIC: SHEEN_RUN_SPREADS(SHEEN_GRADIENT_RADIAL_CONCENTRIC); break;
    default: SHEEN_RUN_VARIANTS(SHEEN_GRADIENT_CONIC, SHEEN_GRADIENT_WRAPPED); break;
    }
}
