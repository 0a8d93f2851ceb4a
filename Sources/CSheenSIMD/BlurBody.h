// The Gaussian blur's two passes, written once in clang vector extensions and compiled once per
// instruction-set level: Blur+AVX2.c and Blur+AVX512.c define SHEEN_BLOCK (bytes per integer
// vector: 32 or 64) and SHEEN_BLUR_ENTRY and include this file inside a target pragma.
//
// Two methods, chosen by the Swift side per σ (GaussianBlur+Method.swift) and identical in bits to
// their Swift twins (BlurConvolutionTwin.swift, BlurRecursiveTwin.swift):
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

#define BINLINE static inline __attribute__((always_inline))

enum { NV = SHEEN_BLOCK / 2, UNROLL = 64 / NV };

typedef uint16_t bu16 __attribute__((ext_vector_type(NV)));
typedef uint32_t bu32 __attribute__((ext_vector_type(NV)));
typedef uint8_t bu8 __attribute__((ext_vector_type(NV)));
typedef float f16v __attribute__((ext_vector_type(16)));
typedef float f8v __attribute__((ext_vector_type(8)));
typedef uint8_t u8x16 __attribute__((ext_vector_type(16)));
typedef uint8_t u8x8 __attribute__((ext_vector_type(8)));
typedef uint16_t u16x16 __attribute__((ext_vector_type(16)));
typedef uint16_t u16x8 __attribute__((ext_vector_type(8)));
typedef int32_t i16v __attribute__((ext_vector_type(16)));

// MARK: memory

BINLINE bu16 load_u16(const uint16_t *p) { bu16 v; memcpy(&v, p, sizeof v); return v; }
BINLINE void store_u16(uint16_t *p, bu16 v) { memcpy(p, &v, sizeof v); }
BINLINE bu8 load_u8(const uint8_t *p) { bu8 v; memcpy(&v, p, sizeof v); return v; }

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
#if SHEEN_BLOCK == 32
    return __builtin_shufflevector(v, v, 3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15, 15, 15, 15);
#else
    return __builtin_shufflevector(v, v, 3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15, 15, 15, 15,
                                   19, 19, 19, 19, 23, 23, 23, 23, 27, 27, 27, 27, 31, 31, 31, 31);
#endif
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
    const uint16_t *w = j->weightsX;
    const bu16 centre = w[0], offset = (uint16_t)j->offsetX;
    // 64 values (UNROLL vectors) at a time: each weight is broadcast once per four multiplies.
    for (i = 0; i < padded; i += 64) {
        bu16 acc[UNROLL];
        for (int u = 0; u < UNROLL; u++) {
            // Radius 0 (σ below the identity threshold): the value itself, weight 65536.
            const bu16 v = load_u16(mid + i + u * NV);
            acc[u] = offset + (r ? mulhi(v, centre) : v);
        }
        for (intptr_t k = 1; k <= r; k++) {
            const bu16 wk = w[k];
            const uint16_t *left = mid + i - k * c, *right = mid + i + k * c;
            for (int u = 0; u < UNROLL; u++) acc[u] += mulhi(average(load_u16(left + u * NV), load_u16(right + u * NV)), wk);
        }
        for (int u = 0; u < UNROLL; u++) store_u16(t + i + u * NV, acc[u]);
    }
}

/// Pass 2 of the convolution for row `y`: tmp rows y − R … y + R filtered along y → bytes.
static void conv_row_y(const SheenBlurJob *j, intptr_t y, const uint16_t *zeros) {
    const intptr_t c = j->channels, n = j->width * c, r = j->radiusY, h = j->height;
    const uint16_t *rows[2 * SHEEN_BLUR_MAX_RADIUS + 1];
    for (intptr_t k = -r; k <= r; k++) {
        intptr_t yy = y + k;
        if (yy < 0 || yy >= h) {
            if (!j->clamp) { rows[k + r] = zeros; continue; }
            yy = yy < 0 ? 0 : h - 1;
        }
        rows[k + r] = j->tmp + yy * j->tmpStride;
    }
    const uint16_t *w = j->weightsY;
    const bu16 centre = w[0], offset = (uint16_t)(j->offsetY + 128);
    uint8_t *d = j->dst + y * j->dstStride;
    for (intptr_t i = 0; i < n; i += 64) {
        bu16 acc[UNROLL];
        for (int u = 0; u < UNROLL; u++) {
            const bu16 v = load_u16(rows[r] + i + u * NV);
            acc[u] = offset + (r ? mulhi(v, centre) : v);
        }
        for (intptr_t k = 1; k <= r; k++) {
            const bu16 wk = w[k];
            const uint16_t *above = rows[r - k] + i, *below = rows[r + k] + i;
            for (int u = 0; u < UNROLL; u++) acc[u] += mulhi(average(load_u16(above + u * NV), load_u16(below + u * NV)), wk);
        }
        for (int u = 0; u < UNROLL; u++) {
            bu16 v = acc[u] >> 8;
            // Rounding each channel alone could put a colour one level above its alpha.
            if (c == 4) v = __builtin_elementwise_min(v, broadcast_alpha(v));
            bu8 out = __builtin_convertvector(v, bu8);
            const intptr_t at = i + u * NV;
            if (n - at >= NV) memcpy(d + at, &out, sizeof out); else if (n > at) memcpy(d + at, &out, (size_t)(n - at));
        }
    }
}

// MARK: recursion

/// The coefficients of one axis (BlurLine), in this order.
enum { N00, N01, N10, N11, M01, M02, M11, M12, D01, D02, D11, D12, CG0, CG1, AG0, AG1 };

/// One step of one section: ((u − older·d2) − newer·d1), u its feed-forward part. The newest
/// output is subtracted last, so only one multiply and one subtraction wait for it.
#define SECTION(u, older, newer, d1, d2) (((u) - (older) * (d2)) - (newer) * (d1))

/// One section run forwards over `count` steps of 16 lanes (`n0`, `n1`, `d1`, `d2`, `gain`: its
/// coefficients), its output stored into `out` (`add`: added to what `out` holds).
/// One section at a time keeps the state of all 16 lanes in registers; unrolled by two with
/// the state variables' roles swapped, so nothing is copied.
BINLINE void forward_section(const f16v *in, f16v *out, intptr_t count, float n0s, float n1s, float d1s,
                             float d2s, float gain, int clamp, int add) {
    const f16v n0 = n0s, n1 = n1s, d1 = d1s, d2 = d2s, zero = 0;
    const f16v first = clamp ? in[0] : zero;
    f16v a = first * gain, b = a, xp = first;
    intptr_t n = 0;
    for (; n + 2 <= count; n += 2) {
        a = SECTION(in[n] * n0 + xp * n1, a, b, d1, d2);
        b = SECTION(in[n + 1] * n0 + in[n] * n1, b, a, d1, d2);
        out[n] = add ? out[n] + a : a;
        out[n + 1] = add ? out[n + 1] + b : b;
        xp = in[n + 1];
    }
    if (n < count) {
        a = SECTION(in[n] * n0 + xp * n1, a, b, d1, d2);
        out[n] = add ? out[n] + a : a;
    }
}

/// One section run backwards (taps on x[n+1], x[n+2]), its output added to `out`.
BINLINE void backward_section(const f16v *in, f16v *out, intptr_t count, float m1s, float m2s, float d1s,
                              float d2s, float gain, int clamp) {
    const f16v m1 = m1s, m2 = m2s, d1 = d1s, d2 = d2s, zero = 0;
    const f16v last = clamp ? in[count - 1] : zero;
    f16v a = last * gain, b = a, x1 = last, x2 = last;
    intptr_t n = count - 1;
    for (; n >= 1; n -= 2) {
        a = SECTION(x1 * m1 + x2 * m2, a, b, d1, d2);
        b = SECTION(in[n] * m1 + x1 * m2, b, a, d1, d2);
        out[n] = out[n] + a;
        out[n - 1] = out[n - 1] + b;
        x2 = in[n]; x1 = in[n - 1];
    }
    if (n == 0) out[0] = out[0] + SECTION(x1 * m1 + x2 * m2, a, b, d1, d2);
}

/// Filters `count` steps of 16 lanes: out[n] = ((s0 + s1) + t0) + t1, the forward (s) and
/// backward (t) outputs of both sections.
static void recurse(const f16v *in, f16v *out, intptr_t count, const float *k, int clamp) {
    const f16v zero = 0;
    const f16v first = clamp ? in[0] : zero;
    f16v a0 = first * k[CG0], b0 = a0, a1 = first * k[CG1], b1 = a1;
    // The coefficients are read from memory at every use (the empty asm makes the compiler
    // forget them): kept in registers they pushed the state out and put a store and a reload
    // on the recursion's critical path.
#define K(i) ((f16v)k[i])
#define FORGET() __asm__ volatile("" ::: "memory")
    intptr_t n = 0;
    const f16v *xp = &first;
    for (; n + 2 <= count; n += 2) {
        FORGET();
        a0 = SECTION(in[n] * K(N00) + *xp * K(N01), a0, b0, K(D01), K(D02));
        a1 = SECTION(in[n] * K(N10) + *xp * K(N11), a1, b1, K(D11), K(D12));
        out[n] = a0 + a1;
        FORGET();
        b0 = SECTION(in[n + 1] * K(N00) + in[n] * K(N01), b0, a0, K(D01), K(D02));
        b1 = SECTION(in[n + 1] * K(N10) + in[n] * K(N11), b1, a1, K(D11), K(D12));
        out[n + 1] = b0 + b1;
        xp = &in[n + 1];
    }
    if (n < count) {
        a0 = SECTION(in[n] * K(N00) + *xp * K(N01), a0, b0, K(D01), K(D02));
        a1 = SECTION(in[n] * K(N10) + *xp * K(N11), a1, b1, K(D11), K(D12));
        out[n] = a0 + a1;
    }
    const f16v last = clamp ? in[count - 1] : zero;
    a0 = last * k[AG0]; b0 = a0; a1 = last * k[AG1]; b1 = a1;
    n = count - 1;
    const f16v *x1 = &last, *x2 = &last;
    for (; n >= 1; n -= 2) {
        FORGET();
        a0 = SECTION(*x1 * K(M01) + *x2 * K(M02), a0, b0, K(D01), K(D02));
        a1 = SECTION(*x1 * K(M11) + *x2 * K(M12), a1, b1, K(D11), K(D12));
        out[n] = out[n] + (a0 + a1);
        FORGET();
        b0 = SECTION(in[n] * K(M01) + *x1 * K(M02), b0, a0, K(D01), K(D02));
        b1 = SECTION(in[n] * K(M11) + *x1 * K(M12), b1, a1, K(D11), K(D12));
        out[n - 1] = out[n - 1] + (b0 + b1);
        x2 = &in[n]; x1 = &in[n - 1];
    }
    if (n == 0) {
        a0 = SECTION(*x1 * K(M01) + *x2 * K(M02), a0, b0, K(D01), K(D02));
        a1 = SECTION(*x1 * K(M11) + *x2 * K(M12), a1, b1, K(D11), K(D12));
        out[0] = out[0] + (a0 + a1);
    }
#undef K
#undef FORGET
}

/// Levels → round(levels · 256) in [0, 65280] (the 8.8 intermediate), ties to even.
BINLINE u16x16 fixed88(f16v v) {
    f16v s = __builtin_elementwise_min(__builtin_elementwise_max(v * 256.0f, (f16v)0.0f), (f16v)65280.0f);
    return __builtin_convertvector(__builtin_convertvector(__builtin_elementwise_roundeven(s), i16v), u16x16);
}

/// 8.8 values → round(v / 256) in [0, 255], ties to even, as Floats.
BINLINE f16v level8(f16v v) {
    f16v s = __builtin_elementwise_min(__builtin_elementwise_max(v * (1.0f / 256.0f), (f16v)0.0f), (f16v)255.0f);
    return __builtin_elementwise_roundeven(s);
}

/// Pass 1 of the recursion for strip `s`: values [16s, 16s + 16) of every row filtered along y.
static void recurse_strip_y(const SheenBlurJob *j, intptr_t s, f16v *in, f16v *out) {
    const intptr_t n = j->width * j->channels, h = j->height, v0 = s * 16;
    const intptr_t count = n - v0 < 16 ? n - v0 : 16;
    // Each strip touches one new cache line per row, rows apart: the hardware prefetchers do not
    // follow that stride across pages, so fetch 16 rows ahead (for the strips sharing the line).
    for (intptr_t y = 0; y < h; y++) {
        const uint8_t *p = j->src + y * j->srcStride + v0;
        if (y + 16 < h) __builtin_prefetch(p + 16 * j->srcStride);
        u8x16 b = 0;
        if (count == 16) memcpy(&b, p, 16); else memcpy(&b, p, (size_t)count);
        in[y] = __builtin_convertvector(b, f16v);
    }
    uint16_t *t = j->tmp + v0;
    if (!j->lineY) {
        for (intptr_t y = 0; y < h; y++) {
            u16x16 v = __builtin_convertvector(in[y], u16x16) << 8;
            memcpy(t + y * j->tmpStride, &v, sizeof v);
        }
        return;
    }
    recurse(in, out, h, j->lineY, j->clamp);
    for (intptr_t y = 0; y < h; y++) {
        if (y + 16 < h) __builtin_prefetch(t + (y + 16) * j->tmpStride, 1);
        u16x16 v = fixed88(out[y]);
        memcpy(t + y * j->tmpStride, &v, sizeof v);
    }
}

/// The 8×8 transpose of eight rows of eight Floats.
BINLINE void transpose8(f8v r[8]) {
    f8v t[8], u[8];
    for (int i = 0; i < 4; i++) {
        t[2 * i] = __builtin_shufflevector(r[2 * i], r[2 * i + 1], 0, 8, 1, 9, 4, 12, 5, 13);
        t[2 * i + 1] = __builtin_shufflevector(r[2 * i], r[2 * i + 1], 2, 10, 3, 11, 6, 14, 7, 15);
    }
    for (int i = 0; i < 2; i++) {
        f8v a = t[4 * i], b = t[4 * i + 1], c = t[4 * i + 2], d = t[4 * i + 3];
        u[4 * i] = __builtin_shufflevector(a, c, 0, 1, 8, 9, 4, 5, 12, 13);
        u[4 * i + 1] = __builtin_shufflevector(a, c, 2, 3, 10, 11, 6, 7, 14, 15);
        u[4 * i + 2] = __builtin_shufflevector(b, d, 0, 1, 8, 9, 4, 5, 12, 13);
        u[4 * i + 3] = __builtin_shufflevector(b, d, 2, 3, 10, 11, 6, 7, 14, 15);
    }
    for (int i = 0; i < 4; i++) {
        r[i] = __builtin_shufflevector(u[i], u[i + 4], 0, 1, 2, 3, 8, 9, 10, 11);
        r[i + 4] = __builtin_shufflevector(u[i], u[i + 4], 4, 5, 6, 7, 12, 13, 14, 15);
    }
}

BINLINE f8v load8_u16(const uint16_t *p) {
    u16x8 v; memcpy(&v, p, sizeof v);
    return __builtin_convertvector(v, f8v);
}

/// Pass 2 of the recursion for band `b` of an A8 image: rows [16b, 16b + 16) filtered along x.
static void recurse_band_x_a8(const SheenBlurJob *j, intptr_t b, f16v *in, f16v *out, const uint16_t *zeros) {
    const intptr_t w = j->width, h = j->height, y0 = b * 16;
    const intptr_t rows = h - y0 < 16 ? h - y0 : 16;
    const uint16_t *src[16];
    for (intptr_t r = 0; r < 16; r++) src[r] = r < rows ? j->tmp + (y0 + r) * j->tmpStride : zeros;
    // tmp rows are padded to a multiple of 16 values, so 8-value groups never leave them.
    for (intptr_t x = 0; x < w; x += 8) {
        f8v lo[8], hi[8];
        for (int r = 0; r < 8; r++) { lo[r] = load8_u16(src[r] + x); hi[r] = load8_u16(src[r + 8] + x); }
        transpose8(lo); transpose8(hi);
        for (int i = 0; i < 8; i++) {
            in[x + i] = __builtin_shufflevector(lo[i], hi[i], 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        }
    }
    const f16v *res = in;
    if (j->lineX) { recurse(in, out, w, j->lineX, j->clamp); res = out; }
    for (intptr_t x = 0; x < w; x += 8) {
        f8v lo[8], hi[8];
        for (int i = 0; i < 8; i++) {
            f16v v = level8(res[x + i]);
            lo[i] = __builtin_shufflevector(v, v, 0, 1, 2, 3, 4, 5, 6, 7);
            hi[i] = __builtin_shufflevector(v, v, 8, 9, 10, 11, 12, 13, 14, 15);
        }
        transpose8(lo); transpose8(hi);
        const intptr_t count = w - x < 8 ? w - x : 8;
        for (intptr_t r = 0; r < rows; r++) {
            u8x8 bytes = __builtin_convertvector(r < 8 ? lo[r] : hi[r - 8], u8x8);
            uint8_t *d = j->dst + (y0 + r) * j->dstStride + x;
            // A constant length is a single store; a variable one a call.
            if (count == 8) memcpy(d, &bytes, 8); else memcpy(d, &bytes, (size_t)count);
        }
    }
}

/// Pass 2 of the recursion for band `b` of an RGBA image: rows [4b, 4b + 4), 4 channels each.
static void recurse_band_x_rgba(const SheenBlurJob *j, intptr_t b, f16v *in, f16v *out, const uint16_t *zeros) {
    const intptr_t w = j->width, h = j->height, y0 = b * 4;
    const intptr_t rows = h - y0 < 4 ? h - y0 : 4;
    const uint16_t *src[4];
    for (intptr_t r = 0; r < 4; r++) src[r] = r < rows ? j->tmp + (y0 + r) * j->tmpStride : zeros;
    for (intptr_t x = 0; x < w; x += 2) {
        f8v r0 = load8_u16(src[0] + 4 * x), r1 = load8_u16(src[1] + 4 * x);
        f8v r2 = load8_u16(src[2] + 4 * x), r3 = load8_u16(src[3] + 4 * x);
        f8v a = __builtin_shufflevector(r0, r1, 0, 1, 2, 3, 8, 9, 10, 11);
        f8v c = __builtin_shufflevector(r2, r3, 0, 1, 2, 3, 8, 9, 10, 11);
        in[x] = __builtin_shufflevector(a, c, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        a = __builtin_shufflevector(r0, r1, 4, 5, 6, 7, 12, 13, 14, 15);
        c = __builtin_shufflevector(r2, r3, 4, 5, 6, 7, 12, 13, 14, 15);
        in[x + 1] = __builtin_shufflevector(a, c, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    }
    const f16v *res = in;
    if (j->lineX) { recurse(in, out, w, j->lineX, j->clamp); res = out; }
    for (intptr_t x = 0; x < w; x++) {
        f16v v = level8(res[x]);
        // Rounding each channel alone could put a colour one level above its alpha.
        f16v alpha = __builtin_shufflevector(v, v, 3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15, 15, 15, 15);
        u8x16 bytes = __builtin_convertvector(__builtin_elementwise_min(v, alpha), u8x16);
        for (intptr_t r = 0; r < rows; r++) memcpy(j->dst + (y0 + r) * j->dstStride + 4 * x, (const uint8_t *)&bytes + 4 * r, 4);
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
            for (intptr_t y = begin; y < end; y++) conv_row_y(j, y, zeros);
        }
        return;
    }
    const intptr_t longest = j->width > j->height ? j->width : j->height;
    f16v *in = (f16v *)scratch, *out = in + (longest + 8);
    uint16_t *zeros = (uint16_t *)(out + (longest + 8));
    // Steps past the line's end are converted with the rest and never stored: keep them numbers.
    for (intptr_t i = 0; i < longest + 8; i++) out[i] = 0;
    if (pass == 1) {
        for (intptr_t s = begin; s < end; s++) recurse_strip_y(j, s, in, out);
        return;
    }
    memset(zeros, 0, (size_t)padded * 2);
    for (intptr_t b = begin; b < end; b++) {
        if (j->channels == 1) recurse_band_x_a8(j, b, in, out, zeros); else recurse_band_x_rgba(j, b, in, out, zeros);
    }
}
