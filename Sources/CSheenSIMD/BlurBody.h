// The Gaussian blur's two passes, written once in clang vector extensions and compiled once per
// instruction-set level: Blur+SIMD128.c, Blur+AVX2.c and Blur+AVX512.c define SHEEN_BLOCK (bytes
// per integer vector: 16, 32 or 64) and SHEEN_BLUR_ENTRY and include this file inside a target pragma.
//
// Two methods, chosen by the Swift side per σ (BlurMethod.swift) and identical in bits to
// their Swift twins (BlurConvolutionTwin.swift, BlurStripTwin.swift):
//
// Convolution (small σ): pass 1 along x, pass 2 along y, both in 16-bit integers. A value v is
// held as v·256 (8.8 fixed point); the weights are UInt16 fractions of 65536 summing to exactly
// 65536, the centre one alone and each symmetric pair through the rounded average of its two
// samples, so a tap is one pavgw and one pmulhuw (the floor of a·w / 65536). The offset added
// first centres those floors. Pass 1 writes 8.8 rows to tmp; pass 2 reads them and rounds to bytes.
//
// Recursion (larger σ): Deriche's two second-order sections forwards and backwards in Float, no
// FMA (fp contract off: the twin's multiplies and adds, in its order), on 16 lanes. Pass 1 runs
// down columns (16 consecutive values of each row), writing 8.8 rows to tmp; pass 2 runs along
// rows, 16 rows (A8) or 4 rows of 4 channels (RGBA) per band, gathered by transposing.
//
// Nothing here allocates; `scratch` is the caller's, `sheen_blur_scratch_bytes` long.

#include <stdint.h>
#include <string.h>

#pragma clang fp contract(off)

#define BINLINE SHEEN_INLINE
#include "ShortCopy.h"

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

// MARK: recursion

/// The coefficients of one axis (BlurLine), in this order.
enum { N00, N01, N10, N11, M01, M02, M11, M12, D01, D02, D11, D12, CG0, CG1, AG0, AG1 };

/// One step of one section: ((u − older·d2) − newer·d1), u its feed-forward part. The newest
/// output is subtracted last, so only one multiply and one subtraction wait for it.
#define SECTION(u, older, newer, d1, d2) (((u) - (older) * (d2)) - (newer) * (d1))

/// Levels → round(levels · 256) in [0, 65280] (the 8.8 intermediate), ties to even.
BINLINE u16x16 fixed88(f16v v) {
    f16v s = __builtin_elementwise_min(__builtin_elementwise_max(v * 256.0f, (f16v)0.0f), (f16v)65280.0f);
    return __builtin_convertvector(__builtin_convertvector(__builtin_elementwise_roundeven(s), i16v), u16x16);
}

/// One band of pass 2: the rows it writes and the lines the recursion reads and writes.
typedef struct BandContext {
    intptr_t w, rows;
    uint8_t *d[16];
    const uint16_t *tiles;
    f16v *in;
    const f16v *out;
} BandContext;

/// Reads (prepare) or writes (flush) the group of steps starting at a step of a band.
typedef void (*BandHook)(const struct BandContext *band, intptr_t first);

/// Filters `count` steps of 16 lanes: ((s0 + s1) + t0) + t1, the forward (s) and backward (t)
/// outputs of both sections. Step n's input is `in[n]`, or with `bytes` the 16 bytes at
/// `bytes + n · byteStride` (converted as they are needed, so pass 1 keeps no Float copy of its
/// column). The result goes to `out[n]`, or with `tiles` as 8.8 values to row n of a column of
/// tiles (`tiles + (n / 16) · tileRowStride + (n % 16) · 16`): stored as soon as the backward
/// sweep finishes each step, its conversion and store overlap the recursion instead of taking a
/// sweep of their own. `out` holds the forward sums in between either way.
/// With `band` (pass 2), `prepare` fills in[n …< n + group) just before the forward sweep needs
/// step n, and `flush` writes steps [n, n + group) out as soon as the backward sweep has finished
/// the lowest of them: reading tiles and writing pixels overlap the recursion too.
/// Inlined into each caller with its arguments constant, so the choices cost nothing.
BINLINE void blur_strip_core(const f16v *in, const uint8_t *bytes, intptr_t byteStride, f16v *out, uint16_t *tiles,
                          intptr_t tileRowStride, intptr_t count, const float *k, int clamp,
                          const struct BandContext *band, BandHook prepare, BandHook flush, intptr_t group) {
#define IN(n) (bytes ? load_step(bytes, byteStride, (n)) : in[n])
#define FINISH(n, value) do { \
        const f16v done_ = (value); \
        if (tiles) { \
            const u16x16 q_ = fixed88(done_); \
            memcpy(tiles + ((n) >> 4) * tileRowStride + ((n) & 15) * 16, &q_, sizeof q_); \
        } else { \
            out[n] = done_; \
        } \
    } while (0)
    const f16v zero = 0;
    if (prepare) prepare(band, 0);
    const f16v first = clamp ? IN(0) : zero;
    f16v a0 = first * k[CG0], b0 = a0, a1 = first * k[CG1], b1 = a1;
    // The coefficients are read from memory at every use (the empty asm makes the compiler
    // forget them): kept in registers they pushed the state out and put a store and a reload
    // on the recursion's critical path.
#define K(i) ((f16v)k[i])
#define FORGET() __asm__ volatile("" ::: "memory")
    intptr_t n = 0;
    f16v xp = first;
    for (; n + 2 <= count; n += 2) {
        if (prepare && n > 0 && (n & (group - 1)) == 0) prepare(band, n);
        FORGET();
        const f16v x0 = IN(n), x1 = IN(n + 1);
        a0 = SECTION(x0 * K(N00) + xp * K(N01), a0, b0, K(D01), K(D02));
        a1 = SECTION(x0 * K(N10) + xp * K(N11), a1, b1, K(D11), K(D12));
        out[n] = a0 + a1;
        FORGET();
        b0 = SECTION(x1 * K(N00) + x0 * K(N01), b0, a0, K(D01), K(D02));
        b1 = SECTION(x1 * K(N10) + x0 * K(N11), b1, a1, K(D11), K(D12));
        out[n + 1] = b0 + b1;
        xp = x1;
    }
    if (n < count) {
        if (prepare && n > 0 && (n & (group - 1)) == 0) prepare(band, n);
        const f16v x0 = IN(n);
        a0 = SECTION(x0 * K(N00) + xp * K(N01), a0, b0, K(D01), K(D02));
        a1 = SECTION(x0 * K(N10) + xp * K(N11), a1, b1, K(D11), K(D12));
        out[n] = a0 + a1;
    }
    const f16v last = clamp ? IN(count - 1) : zero;
    a0 = last * k[AG0]; b0 = a0; a1 = last * k[AG1]; b1 = a1;
    n = count - 1;
    f16v x1 = last, x2 = last;
    for (; n >= 1; n -= 2) {
        FORGET();
        const f16v xn = IN(n), xm = IN(n - 1);
        a0 = SECTION(x1 * K(M01) + x2 * K(M02), a0, b0, K(D01), K(D02));
        a1 = SECTION(x1 * K(M11) + x2 * K(M12), a1, b1, K(D11), K(D12));
        FINISH(n, out[n] + (a0 + a1));
        if (flush && (n & (group - 1)) == 0) flush(band, n);
        FORGET();
        b0 = SECTION(xn * K(M01) + x1 * K(M02), b0, a0, K(D01), K(D02));
        b1 = SECTION(xn * K(M11) + x1 * K(M12), b1, a1, K(D11), K(D12));
        FINISH(n - 1, out[n - 1] + (b0 + b1));
        if (flush && ((n - 1) & (group - 1)) == 0) flush(band, n - 1);
        x2 = xn; x1 = xm;
    }
    if (n == 0) {
        a0 = SECTION(x1 * K(M01) + x2 * K(M02), a0, b0, K(D01), K(D02));
        a1 = SECTION(x1 * K(M11) + x2 * K(M12), a1, b1, K(D11), K(D12));
        FINISH(0, out[0] + (a0 + a1));
        if (flush) flush(band, 0);
    }
#undef K
#undef FORGET
#undef IN
#undef FINISH
}

/// `blur_strip_core` on byte steps into a column of tiles (pass 1).
static void blur_strip_bytes_to_tiles(const uint8_t *bytes, intptr_t byteStride, f16v *out, uint16_t *tiles,
                                   intptr_t tileRowStride, intptr_t count, const float *k, int clamp) {
    blur_strip_core(NULL, bytes, byteStride, out, tiles, tileRowStride, count, k, clamp, NULL, NULL, NULL, 0);
}

/// 8.8 values → round(v / 256) in [0, 255], ties to even, as Floats.
BINLINE f16v level8(f16v v) {
    f16v s = __builtin_elementwise_min(__builtin_elementwise_max(v * (1.0f / 256.0f), (f16v)0.0f), (f16v)255.0f);
    return __builtin_elementwise_roundeven(s);
}

/// The recursion's tmp is in tiles of 16 rows × 16 values (512 contiguous bytes), row of tiles
/// after row of tiles: the value at row y, index v is at `tile_at(j, y, v)`. Pass 1 then writes
/// 8 whole cache lines per tile instead of a line per row, and pass 2 reads a band of 16 rows
/// (A8) in one sequential sweep, a band of 4 rows (RGBA) in 128-byte pieces 512 bytes apart.
/// In rows, every strip of pass 1 touched a new cache line (RGBA: a new page) per row.
BINLINE intptr_t tile_at(const SheenBlurJob *j, intptr_t y, intptr_t v) {
    return (y >> 4) * (j->tmpStride * 16) + (v >> 4) * 256 + (y & 15) * 16 + (v & 15);
}

/// Strips pass 1 gathers together: 256 bytes (four cache lines) of each row.
enum { GATHERED = 16 };

/// Pass 1 of the recursion for strips [s0, s0 + count), count ≤ GATHERED: values [16s, 16s + 16)
/// of every row filtered along y. `bytes` holds GATHERED · 16 bytes per row, `out` a line of
/// steps.
static void blur_strip_pass_y(const SheenBlurJob *j, intptr_t s0, intptr_t count, uint8_t *bytes, f16v *out) {
    const intptr_t n = j->width * j->channels, h = j->height, v0 = s0 * 16;
    const intptr_t values = n - v0 < 16 * count ? n - v0 : 16 * count;
    enum { ROW = 16 * GATHERED };
    // The source is read down its columns: gathering 256 bytes of each row at once (a sequential
    // run the prefetcher follows) costs one row's cache and TLB misses per 16 strips. Read 64
    // bytes at a time, the misses were most of pass 1 (RGBA rows are 7,680 bytes apart).
    for (intptr_t y = 0; y < h; y++) {
        const uint8_t *p = j->src + y * j->srcStride + v0;
        uint8_t *row = bytes + y * ROW;
        if (values == ROW) {
            memcpy(row, p, ROW);
        } else {
            memcpy(row, p, (size_t)values);
            // Lanes past the row's end are filtered with the rest and never stored: keep them 0.
            memset(row + values, 0, (size_t)(ROW - values));
        }
    }
    for (intptr_t k = 0; k < count; k++) {
        const intptr_t v = v0 + 16 * k;
        uint16_t *t = j->tmp + tile_at(j, 0, v);
        // The rows past the last of the last band are read by pass 2 and never stored: zero them.
        for (intptr_t y = h; y < (h + 15) / 16 * 16; y++) memset(j->tmp + tile_at(j, y, v), 0, 32);
        if (j->lineY) {
            blur_strip_bytes_to_tiles(bytes + 16 * k, ROW, out, t, j->tmpStride * 16, h, j->lineY, j->clamp);
        } else {
            for (intptr_t y = 0; y < h; y++) {
                u8x16 b;
                memcpy(&b, bytes + y * ROW + 16 * k, sizeof b);
                const u16x16 q = __builtin_convertvector(b, u16x16) << 8;
                memcpy(t + tile_at(j, y, 0), &q, sizeof q);
            }
        }
    }
}

/// The 16×16 transpose of 16-bit values: `col[i]` gets element i of every `row`. Four rounds of
/// interleaving (16-, 32-, 64-bit, then 128-bit halves), 64 shuffles for 256 values.
BINLINE void transpose16(const u16x16 row[16], u16x16 col[16]) {
#define LO16(a, b) __builtin_shufflevector(a, b, 0, 16, 1, 17, 2, 18, 3, 19, 8, 24, 9, 25, 10, 26, 11, 27)
#define HI16(a, b) __builtin_shufflevector(a, b, 4, 20, 5, 21, 6, 22, 7, 23, 12, 28, 13, 29, 14, 30, 15, 31)
#define LO32(a, b) __builtin_shufflevector(a, b, 0, 1, 16, 17, 2, 3, 18, 19, 8, 9, 24, 25, 10, 11, 26, 27)
#define HI32(a, b) __builtin_shufflevector(a, b, 4, 5, 20, 21, 6, 7, 22, 23, 12, 13, 28, 29, 14, 15, 30, 31)
#define LO64(a, b) __builtin_shufflevector(a, b, 0, 1, 2, 3, 16, 17, 18, 19, 8, 9, 10, 11, 24, 25, 26, 27)
#define HI64(a, b) __builtin_shufflevector(a, b, 4, 5, 6, 7, 20, 21, 22, 23, 12, 13, 14, 15, 28, 29, 30, 31)
#define LO128(a, b) __builtin_shufflevector(a, b, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23)
#define HI128(a, b) __builtin_shufflevector(a, b, 8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31)
    u16x16 s[16], u[16];
    // s[k], s[k + 8]: rows 2k and 2k + 1 interleaved, elements 0–3 | 8–11 and 4–7 | 12–15.
    for (int k = 0; k < 8; k++) { s[k] = LO16(row[2 * k], row[2 * k + 1]); s[k + 8] = HI16(row[2 * k], row[2 * k + 1]); }
    // u[4g + m]: rows 4m … 4m + 3 of elements 2g, 2g + 1 (low halves) and 2g + 8, 2g + 9 (high).
    for (int m = 0; m < 4; m++) {
        u[m] = LO32(s[2 * m], s[2 * m + 1]);
        u[m + 4] = HI32(s[2 * m], s[2 * m + 1]);
        u[m + 8] = LO32(s[8 + 2 * m], s[9 + 2 * m]);
        u[m + 12] = HI32(s[8 + 2 * m], s[9 + 2 * m]);
    }
    for (int g = 0; g < 4; g++) {
        const u16x16 a = LO64(u[4 * g], u[4 * g + 1]), b = HI64(u[4 * g], u[4 * g + 1]);
        const u16x16 c = LO64(u[4 * g + 2], u[4 * g + 3]), d = HI64(u[4 * g + 2], u[4 * g + 3]);
        col[2 * g] = LO128(a, c); col[2 * g + 8] = HI128(a, c);
        col[2 * g + 1] = LO128(b, d); col[2 * g + 9] = HI128(b, d);
    }
#undef LO16
#undef HI16
#undef LO32
#undef HI32
#undef LO64
#undef HI64
#undef LO128
#undef HI128
}

/// The 4×4 transpose of 64-bit blocks (one RGBA pixel of 16-bit values each): `out[p]` gets
/// block p of every `in` row. Its own inverse.
BINLINE void transpose_pixels(const u16x16 in[4], u16x16 out[4]) {
    const u16x16 a = __builtin_shufflevector(in[0], in[1], 0, 1, 2, 3, 16, 17, 18, 19, 8, 9, 10, 11, 24, 25, 26, 27);
    const u16x16 b = __builtin_shufflevector(in[0], in[1], 4, 5, 6, 7, 20, 21, 22, 23, 12, 13, 14, 15, 28, 29, 30, 31);
    const u16x16 c = __builtin_shufflevector(in[2], in[3], 0, 1, 2, 3, 16, 17, 18, 19, 8, 9, 10, 11, 24, 25, 26, 27);
    const u16x16 d = __builtin_shufflevector(in[2], in[3], 4, 5, 6, 7, 20, 21, 22, 23, 12, 13, 14, 15, 28, 29, 30, 31);
    out[0] = __builtin_shufflevector(a, c, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23);
    out[2] = __builtin_shufflevector(a, c, 8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31);
    out[1] = __builtin_shufflevector(b, d, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23);
    out[3] = __builtin_shufflevector(b, d, 8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31);
}

/// A8 band: steps [x, x + 16) from a tile of 16 columns × 16 rows, transposed.
BINLINE void a8_prepare(const BandContext *c, intptr_t x) {
    u16x16 tile[16], col[16];
    memcpy(tile, c->tiles + x * 16, sizeof tile);
    transpose16(tile, col);
    for (int i = 0; i < 16; i++) c->in[x + i] = __builtin_convertvector(col[i], f16v);
}

/// A8 band: steps [x, x + 16) rounded to bytes, transposed back into 16 bytes of each row.
BINLINE void a8_flush(const BandContext *c, intptr_t x) {
    u16x16 col[16], row[16];
    for (int i = 0; i < 16; i++) col[i] = __builtin_convertvector(__builtin_convertvector(level8(c->out[x + i]), i16v), u16x16);
    transpose16(col, row);
    const intptr_t count = c->w - x < 16 ? c->w - x : 16;
    for (intptr_t r = 0; r < c->rows; r++) {
        const u8x16 bytes = __builtin_convertvector(row[r], u8x16);
        // A constant length is a single store; a variable one a few (copy_short, no call).
        if (count == 16) memcpy(c->d[r] + x, &bytes, 16); else copy_short(c->d[r] + x, (const uint8_t *)&bytes, (size_t)count);
    }
}

/// RGBA band: steps [x, x + 4) (4 pixels of 4 rows) from 4 rows of a tile, transposed.
BINLINE void rgba_prepare(const BandContext *c, intptr_t x) {
    // The 128 bytes read here lie 512 bytes after the last: too far apart for the hardware
    // prefetcher to run ahead, so ask for the ones 16 tiles on.
    if (x + 64 < c->w) {
        const uint16_t *ahead = c->tiles + (x + 64) * 64;
        __builtin_prefetch(ahead);
        __builtin_prefetch(ahead + 32);
    }
    u16x16 tile[4], steps[4];
    memcpy(tile, c->tiles + x * 64, sizeof tile);
    transpose_pixels(tile, steps);
    for (int p = 0; p < 4; p++) c->in[x + p] = __builtin_convertvector(steps[p], f16v);
}

/// RGBA band: steps [x, x + 4) rounded to bytes (no colour above its alpha), transposed back into
/// 4 pixels of each row.
BINLINE void rgba_flush(const BandContext *c, intptr_t x) {
    u16x16 steps[4], row[4];
    for (int p = 0; p < 4; p++) {
        const f16v v = level8(c->out[x + p]);
        // Rounding each channel alone could put a colour one level above its alpha.
        const f16v alpha = __builtin_shufflevector(v, v, 3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15, 15, 15, 15);
        steps[p] = __builtin_convertvector(__builtin_convertvector(__builtin_elementwise_min(v, alpha), i16v), u16x16);
    }
    transpose_pixels(steps, row);
    if (x + 4 <= c->w && c->rows == 4) {
        // The common case: four 16-byte stores (a constant length is a single store).
        for (int r = 0; r < 4; r++) {
            const u8x16 pixels = __builtin_convertvector(row[r], u8x16);
            memcpy(c->d[r] + 4 * x, &pixels, 16);
        }
    } else {
        const intptr_t bytes = c->w - x < 4 ? 4 * (c->w - x) : 16;
        for (intptr_t r = 0; r < c->rows; r++) {
            const u8x16 pixels = __builtin_convertvector(row[r], u8x16);
            copy_short(c->d[r] + 4 * x, (const uint8_t *)&pixels, (size_t)bytes);
        }
    }
}

/// Pass 2 of the recursion for band `b`: rows [16b, 16b + 16) of an A8 image, or [4b, 4b + 4)
/// of an RGBA one (4 channels each), filtered along x. A tile holds 16 columns of 16 rows (A8)
/// or 4 pixels of 16 rows (RGBA: 4 rows of it are a 4×4 matrix of 64-bit pixels).
static void blur_strip_band_x(const SheenBlurJob *j, intptr_t b, f16v *in, f16v *out) {
    const int a8 = j->channels == 1;
    const intptr_t bandRows = a8 ? 16 : 4, y0 = b * bandRows;
    BandContext c = { .w = j->width, .rows = j->height - y0 < bandRows ? j->height - y0 : bandRows,
                      .tiles = j->tmp + tile_at(j, y0, 0), .in = in, .out = out };
    for (intptr_t r = 0; r < 16; r++) c.d[r] = r < c.rows ? j->dst + (y0 + r) * j->dstStride : NULL;
    const intptr_t group = a8 ? 16 : 4;
    if (!j->lineX) {
        // σ below the identity threshold along x: each step as it is.
        c.out = in;
        for (intptr_t x = 0; x < c.w; x += group) {
            if (a8) { a8_prepare(&c, x); a8_flush(&c, x); } else { rgba_prepare(&c, x); rgba_flush(&c, x); }
        }
        return;
    }
    if (a8) {
        // A8's groups are 16 steps and a 16×16 transpose each way: inside the recursion they
        // slowed it (1,057 → 1,107 µs at 1920×1080 on AVX-512), so they keep sweeps of their own.
        for (intptr_t x = 0; x < c.w; x += 16) a8_prepare(&c, x);
        blur_strip_core(in, NULL, 0, out, NULL, 0, c.w, j->lineX, j->clamp, NULL, NULL, NULL, 0);
        for (intptr_t x = 0; x < c.w; x += 16) a8_flush(&c, x);
    } else {
        blur_strip_core(in, NULL, 0, out, NULL, 0, c.w, j->lineX, j->clamp, &c, rgba_prepare, rgba_flush, 4);
    }
}

// MARK: entry

void SHEEN_BLUR_ENTRY(const SheenBlurJob *j, int pass, intptr_t begin, intptr_t end, void *scratch) {
    const intptr_t n = j->width * j->channels, padded = (n + 63) / 64 * 64;
    if (j->method == SHEEN_BLUR_CONVOLUTION) {
        uint16_t *zeros = (uint16_t *)scratch;
        if (pass == 1) {
            for (intptr_t y = begin; y < end; y++) conv_row_x(j, y, (uint16_t *)scratch);
        } else {
            memset(zeros, 0, (size_t)padded * 2);
            conv_rows_y(j, begin, end, zeros);
        }
        return;
    }
    const intptr_t longest = j->width > j->height ? j->width : j->height, steps = longest + 16;
    f16v *out = (f16v *)scratch, *in = out + steps;
    // Steps past the line's end are converted with the rest and never stored: keep them numbers.
    for (intptr_t i = 0; i < 2 * steps; i++) out[i] = 0;
    if (pass == 1) {
        // Pass 1 converts its steps from the gathered bytes, so they take the input line's place.
        uint8_t *bytes = (uint8_t *)in;
        for (intptr_t s = begin; s < end; s += GATHERED) {
            blur_strip_pass_y(j, s, end - s < GATHERED ? end - s : GATHERED, bytes, out);
        }
        return;
    }
    for (intptr_t b = begin; b < end; b++) {
        blur_strip_band_x(j, b, in, out);
    }
}
