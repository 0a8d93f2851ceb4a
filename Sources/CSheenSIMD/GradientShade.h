// The colour ramp at t (the third layer of GradientBody.h): the piece of every lane (selected
// among a few, or through the cell table), its colour by one multiply-add per channel, rounding,
// packing into pixels and the lane-range store.

#if !defined(SHEEN_CVT_ROUND) && SHEEN_NEON
/// Round to nearest even, Float → Int32, with x86's answer for NaN and out-of-range values
/// (INT32_MIN), which the twin states: ASIMD's fcvtns rounds the same way where |v| < 2³¹ (facgt
/// tells, false for NaN) and saturates elsewhere, where the select puts INT32_MIN.
INLINE vi cvt_round(vf v) {
    const uint32x4_t inside = vcagtq_f32(vdupq_n_f32(2147483648.0f), (float32x4_t)v);
    return (vi)vbslq_s32(inside, vcvtnq_s32_f32((float32x4_t)v), vdupq_n_s32(INT32_MIN));
}
#define SHEEN_CVT_ROUND(v) cvt_round(v)
#endif

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
#elif SHEEN_NEON
/// The same with ASIMD's saturating narrows, which clamp as x86's packs do (sqxtn: int32 → int16,
/// sqxtun: int16 → uint8), and its table lookup for the byte shuffles (tbl).
INLINE vi sheen_pack(vi r, vi g, vi b, vi a, int clamp) {
    const int16x8_t rg = vqmovn_high_s32(vqmovn_s32((int32x4_t)r), (int32x4_t)g);
    const int16x8_t ba = vqmovn_high_s32(vqmovn_s32((int32x4_t)b), (int32x4_t)a);
    const uint8x16_t order = {0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15};
    uint8x16_t v = vqtbl1q_u8(vqmovun_high_s16(vqmovun_s16(rg), ba), order);
    if (clamp) {
        const uint8x16_t alpha = {3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15, 15, 15, 15};
        v = vminq_u8(v, vqtbl1q_u8(v, alpha));
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
/// With `quad`, each piece also has a curvature per channel (rows 9…12): colour = base +
/// u·(slope + u·curve), two fused multiply-adds, as the twin states it.
INLINE vi shade(const SheenGradientJob *j, vf t, vf d, const int a8, const int dithered, const int single,
                const int opaque, const int quad) {
    const uint32_t n = single ? 1 : j->segments;
    const float *P = j->pieces;
    vf o, b0, b1, b2, b3, s0, s1, s2, s3, q0 = 0.0f, q1 = 0.0f, q2 = 0.0f, q3 = 0.0f;
#ifdef SHEEN_TABLE_LOOKUP
    const int table = n > SHEEN_TABLE_LOOKUP_MIN && n <= SHEEN_TABLE_LOOKUP_MAX;
#else
    const int table = 0;
#endif
    if (n <= SHEEN_GRADIENT_BROADCAST_SEGMENTS && !table) {
        o = P[0]; b0 = P[n]; b1 = P[2 * n]; b2 = P[3 * n]; b3 = P[4 * n];
        s0 = P[5 * n]; s1 = P[6 * n]; s2 = P[7 * n]; s3 = P[8 * n];
        if (quad) {
            q3 = P[12 * n];
            if (!a8) { q0 = P[9 * n]; q1 = P[10 * n]; q2 = P[11 * n]; }
        }
        for (uint32_t i = 1; i < n; i++) {
            vi m = t >= j->bounds[i];
            o = sel(m, P[i], o);
            b3 = sel(m, P[4 * n + i], b3); s3 = sel(m, P[8 * n + i], s3);
            if (!a8) {
                b0 = sel(m, P[n + i], b0); b1 = sel(m, P[2 * n + i], b1); b2 = sel(m, P[3 * n + i], b2);
                s0 = sel(m, P[5 * n + i], s0); s1 = sel(m, P[6 * n + i], s1); s2 = sel(m, P[7 * n + i], s2);
            }
            if (quad) {
                q3 = sel(m, P[12 * n + i], q3);
                if (!a8) { q0 = sel(m, P[9 * n + i], q0); q1 = sel(m, P[10 * n + i], q1); q2 = sel(m, P[11 * n + i], q2); }
            }
        }
    }
#ifdef SHEEN_TABLE_LOOKUP
    else if (table) {
        // A ramp of 5 to a few dozen pieces (an OKLab or linear-light ramp's chords, a straight
        // ramp of many stops) fits in a level's registers (run() lays it out as
        // SHEEN_TABLE_LOOKUP_MAX Floats a field, then the bounds, padded with +∞): the piece is
        // found by a binary search of the bounds — the twin's last bound ≤ t (NaN: none, piece 0)
        // — and each field is one permute across its table, where the selects above cost a blend
        // per field and piece and the cell table below a scalar load per lane and field.
        const float *T = P;
        vi s = (vi)0;
        for (uint32_t step = SHEEN_TABLE_LOOKUP_MAX / 2; step > 0; step >>= 1) {
            if (step >= n) continue;
            const vi c = s + (int32_t)step;
            s = seli(t >= SHEEN_TABLE_LOOKUP(T + 13 * SHEEN_TABLE_LOOKUP_MAX, c), c, s);
        }
        o = SHEEN_TABLE_LOOKUP(T, s);
        b3 = SHEEN_TABLE_LOOKUP(T + 4 * SHEEN_TABLE_LOOKUP_MAX, s); s3 = SHEEN_TABLE_LOOKUP(T + 8 * SHEEN_TABLE_LOOKUP_MAX, s);
        if (!a8) {
            b0 = SHEEN_TABLE_LOOKUP(T + 1 * SHEEN_TABLE_LOOKUP_MAX, s); b1 = SHEEN_TABLE_LOOKUP(T + 2 * SHEEN_TABLE_LOOKUP_MAX, s);
            b2 = SHEEN_TABLE_LOOKUP(T + 3 * SHEEN_TABLE_LOOKUP_MAX, s); s0 = SHEEN_TABLE_LOOKUP(T + 5 * SHEEN_TABLE_LOOKUP_MAX, s);
            s1 = SHEEN_TABLE_LOOKUP(T + 6 * SHEEN_TABLE_LOOKUP_MAX, s); s2 = SHEEN_TABLE_LOOKUP(T + 7 * SHEEN_TABLE_LOOKUP_MAX, s);
        }
        if (quad) {
            q3 = SHEEN_TABLE_LOOKUP(T + 12 * SHEEN_TABLE_LOOKUP_MAX, s);
            if (!a8) {
                q0 = SHEEN_TABLE_LOOKUP(T + 9 * SHEEN_TABLE_LOOKUP_MAX, s); q1 = SHEEN_TABLE_LOOKUP(T + 10 * SHEEN_TABLE_LOOKUP_MAX, s);
                q2 = SHEEN_TABLE_LOOKUP(T + 11 * SHEEN_TABLE_LOOKUP_MAX, s);
            }
        }
    }
#endif
    else {
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
        if (quad) {
            q3 = gather(P + 12 * n, s);
            if (!a8) { q0 = gather(P + 9 * n, s); q1 = gather(P + 10 * n, s); q2 = gather(P + 11 * n, s); }
        }
    }
    // A single piece always starts at 0 (GradientRamp): t − 0 is t.
    vf u = single ? t : t - o;
    if (quad) {
        s3 = FMA(u, q3, s3);
        if (!a8) { s0 = FMA(u, q0, s0); s1 = FMA(u, q1, s1); s2 = FMA(u, q2, s2); }
    }
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
