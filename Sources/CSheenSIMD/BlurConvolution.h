// The blur's vectors and its convolution (the first layer of BlurBody.h): loads and stores, and
// both passes of the 16-bit fixed-point convolution (one pavgw and one pmulhuw a tap).

#include <stdint.h>
#include <string.h>

#include "ShortCopy.h"

#define BINLINE SHEEN_INLINE

enum { NV = SHEEN_BLOCK / 2, UNROLL = 64 / NV };

typedef uint16_t bu16 __attribute__((ext_vector_type(NV)));
typedef uint32_t bu32 __attribute__((ext_vector_type(NV)));
typedef uint8_t bu8 __attribute__((ext_vector_type(NV)));
typedef float f16v __attribute__((ext_vector_type(16)));
typedef uint8_t u8x16 __attribute__((ext_vector_type(16)));
typedef uint16_t u16x16 __attribute__((ext_vector_type(16)));
typedef int32_t i16v __attribute__((ext_vector_type(16)));

// MARK: memory

BINLINE bu16 load_u16(const uint16_t *p) { bu16 v; memcpy(&v, p, sizeof v); return v; }
BINLINE void store_u16(uint16_t *p, bu16 v) { memcpy(p, &v, sizeof v); }
BINLINE bu8 load_u8(const uint8_t *p) { bu8 v; memcpy(&v, p, sizeof v); return v; }
/// 16 bytes at `bytes + n · stride` as Floats (a step of pass 1's recursion).
BINLINE f16v load_step(const uint8_t *bytes, intptr_t stride, intptr_t n) {
    u8x16 b;
    memcpy(&b, bytes + n * stride, sizeof b);
    return __builtin_convertvector(b, f16v);
}

// MARK: convolution

/// floor(a·w / 65536): pmulhuw.
BINLINE bu16 mulhi(bu16 a, bu16 w) {
    return __builtin_convertvector((__builtin_convertvector(a, bu32) * __builtin_convertvector(w, bu32)) >> 16, bu16);
}

/// (a + b + 1) / 2: pavgw.
BINLINE bu16 average(bu16 a, bu16 b) {
    return __builtin_convertvector((__builtin_convertvector(a, bu32) + __builtin_convertvector(b, bu32) + 1) >> 1, bu16);
}

/// Each pixel's alpha (lane 4p + 3) in all four of its lanes.
BINLINE bu16 broadcast_alpha(bu16 v) {
#if SHEEN_BLOCK == 16
    return __builtin_shufflevector(v, v, 3, 3, 3, 3, 7, 7, 7, 7);
#elif SHEEN_BLOCK == 32
    return __builtin_shufflevector(v, v, 3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15, 15, 15, 15);
#else
    return __builtin_shufflevector(v, v, 3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15, 15, 15, 15,
                                   19, 19, 19, 19, 23, 23, 23, 23, 27, 27, 27, 27, 31, 31, 31, 31);
#endif
}

/// Pass 1's taps for values [i, i + U·NV) of one row: `mid` (8.8, with its margins) → `t`.
/// U is a constant wherever this is inlined.
BINLINE void conv_x_chunk(const uint16_t *mid, uint16_t *t, intptr_t i, const uint16_t *w, uint16_t offsetValue,
                         intptr_t r, intptr_t c, int U) {
    const bu16 centre = w[0], offset = offsetValue;
    bu16 acc[2 * UNROLL];
    for (int u = 0; u < U; u++) {
        // Radius 0 (σ below the identity threshold): the value itself, weight 65536.
        const bu16 v = load_u16(mid + i + u * NV);
        acc[u] = offset + (r ? mulhi(v, centre) : v);
    }
    for (intptr_t k = 1; k <= r; k++) {
        const bu16 wk = w[k];
        const uint16_t *left = mid + i - k * c, *right = mid + i + k * c;
        for (int u = 0; u < U; u++) acc[u] += mulhi(average(load_u16(left + u * NV), load_u16(right + u * NV)), wk);
    }
    for (int u = 0; u < U; u++) store_u16(t + i + u * NV, acc[u]);
}

/// Pass 1 of the convolution for row `y`: source bytes → 8.8 values filtered along x → tmp.
/// `line` holds the row as 8.8 with R·c values of edge (or zero) on each side.
static void conv_row_x(const SheenBlurJob *j, intptr_t y, uint16_t *line) {
    const intptr_t c = j->channels, n = j->width * c, r = j->radiusX, m = r * c;
    const intptr_t padded = (n + 63) / 64 * 64;
    const uint8_t *s = j->src + y * j->srcStride;
    uint16_t *mid = line + m;
    intptr_t i = 0;
    for (; i + NV <= n; i += NV) {
        bu16 v = __builtin_convertvector(load_u8(s + i), bu16) << 8;
        store_u16(mid + i, v);
    }
    for (; i < n; i++) mid[i] = (uint16_t)(s[i] << 8);
    for (intptr_t k = 1; k <= m; k++) mid[-k] = j->clamp ? mid[(c - k % c) % c] : 0;
    for (intptr_t k = n; k < padded + m; k++) mid[k] = j->clamp ? mid[n - c + k % c] : 0;
    uint16_t *t = j->tmp + y * j->tmpStride;
    const uint16_t *w = j->weightsX, offset = (uint16_t)j->offsetX;
    // AVX-512: 128 values (2·UNROLL vectors) at a time while they last, then 64: each weight is
    // broadcast once per 8 multiplies and the loop's own instructions are spread over more of
    // them. AVX2 has half the registers: its 8 accumulators spilled (1.3× slower), so it keeps 64.
    enum { WIDE = SHEEN_BLOCK == 64 ? 2 : 1 };
    for (i = 0; i < padded; ) {
        if (i + 64 * WIDE <= padded) { conv_x_chunk(mid, t, i, w, offset, r, c, WIDE * UNROLL); i += 64 * WIDE; }
        else { conv_x_chunk(mid, t, i, w, offset, r, c, UNROLL); i += 64; }
    }
}

/// Rows of pass 2 filtered together, one column chunk at a time (see conv_rows_y).
enum { CONV_BAND = 32 };

/// Pass 2 of the convolution for rows [begin, end): tmp rows y − R … y + R filtered along y →
/// bytes. A band of up to CONV_BAND rows is done 64 values across at a time, all its rows down:
/// the band's 2R + CONV_BAND tmp rows are then read from L2 once per chunk and their chunk stays
/// in L1 for the 2R + 1 rows that use it, where row after row read each of them 2R + 1 times.
static void conv_rows_y(const SheenBlurJob *j, intptr_t begin, intptr_t end, const uint16_t *zeros) {
    const intptr_t c = j->channels, n = j->width * c, r = j->radiusY, h = j->height;
    const uint16_t *w = j->weightsY;
    const bu16 centre = w[0], offset = (uint16_t)(j->offsetY + 128);
    const uint16_t *rows[CONV_BAND + 2 * SHEEN_BLUR_MAX_RADIUS];
    for (intptr_t y0 = begin; y0 < end; y0 += CONV_BAND) {
        const intptr_t count = end - y0 < CONV_BAND ? end - y0 : CONV_BAND;
        // rows[m] is tmp row y0 − R + m (clamped to the image or zeros outside it).
        for (intptr_t m = 0; m < count + 2 * r; m++) {
            intptr_t yy = y0 - r + m;
            if (yy < 0 || yy >= h) {
                if (!j->clamp) { rows[m] = zeros; continue; }
                yy = yy < 0 ? 0 : h - 1;
            }
            rows[m] = j->tmp + yy * j->tmpStride;
        }
        for (intptr_t i = 0; i < n; i += 64) {
            for (intptr_t t = 0; t < count; t++) {
                const uint16_t *const *around = rows + t + r;
                bu16 acc[UNROLL];
                for (int u = 0; u < UNROLL; u++) {
                    const bu16 v = load_u16(around[0] + i + u * NV);
                    acc[u] = offset + (r ? mulhi(v, centre) : v);
                }
                for (intptr_t k = 1; k <= r; k++) {
                    const bu16 wk = w[k];
                    const uint16_t *above = around[-k] + i, *below = around[k] + i;
                    for (int u = 0; u < UNROLL; u++) acc[u] += mulhi(average(load_u16(above + u * NV), load_u16(below + u * NV)), wk);
                }
                uint8_t *d = j->dst + (y0 + t) * j->dstStride;
                for (int u = 0; u < UNROLL; u++) {
                    bu16 v = acc[u] >> 8;
                    // Rounding each channel alone could put a colour one level above its alpha.
                    if (c == 4) v = __builtin_elementwise_min(v, broadcast_alpha(v));
                    bu8 out = __builtin_convertvector(v, bu8);
                    const intptr_t at = i + u * NV;
                    if (n - at >= NV) memcpy(d + at, &out, sizeof out); else if (n > at) copy_short(d + at, (const uint8_t *)&out, (size_t)(n - at));
                }
            }
        }
    }
}
