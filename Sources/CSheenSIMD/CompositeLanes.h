// Blocks and lanes of the compositing kernels (the first layer of CompositeBody.h): a block of
// SHEEN_BLOCK bytes viewed as 16-bit lanes, split into even bytes `e` (R, B of each pixel; B, R in
// BGRA) and odd bytes `o` (G, A) by a mask and a shift, so products of two channels fit a lane and
// no shuffle is needed; loads and stores that touch only a block's first bytes; div255; the alpha
// shuffles.

#include <stdint.h>
#include <string.h>

#include "ShortCopy.h"

#define INLINE SHEEN_INLINE
/// The composite kernels' out-of-line functions start on a 64-byte line, so their loops sit the
/// same way in the instruction cache whatever code precedes them: a kernel growing elsewhere
/// moved op_sourceOver and its callers and made cairo-perf's fill of an image at 64 × 64 ~7 %
/// slower with not one of its instructions changed (bench/pixman.md, "Twentieth stage").
#define LINE_ALIGNED __attribute__((aligned(64)))

enum { BLOCK = SHEEN_BLOCK, PIXELS = SHEEN_BLOCK / 4 };

typedef uint16_t lanes __attribute__((ext_vector_type(SHEEN_BLOCK / 2)));
typedef int16_t lanemask __attribute__((ext_vector_type(SHEEN_BLOCK / 2)));
typedef uint32_t wide __attribute__((ext_vector_type(SHEEN_BLOCK / 2)));
typedef uint32_t words __attribute__((ext_vector_type(SHEEN_BLOCK / 4)));
typedef uint8_t pixelcov __attribute__((ext_vector_type(SHEEN_BLOCK / 4)));

INLINE lanes load_lanes(const void *p) {
    lanes v;
    memcpy(&v, p, BLOCK);
    return v;
}

INLINE void store_lanes(void *p, lanes v) { memcpy(p, &v, BLOCK); }

/// The first `bytes` (< BLOCK) bytes at `p` as a block, the rest zero; nothing past them is read.
/// AVX2 loads whole pixels (bytes a multiple of 4) with vpmaskmovd: built from the short copy's
/// narrow stores, the block's wide load waited on store forwarding, which made a glyph's rows
/// at AVX2 several times as slow as at AVX-512.
INLINE lanes load_partial_lanes(const void *p, intptr_t bytes) {
#if defined(SHEEN_AVX512BW)
    return (lanes)_mm512_maskz_loadu_epi8(_bzhi_u64(~0ull, (unsigned)bytes), p);
#else
#if SHEEN_X86 && SHEEN_BLOCK == 32
    if (bytes % 4 == 0) {
        const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
        return (lanes)_mm256_maskload_epi32((const int *)p, _mm256_cmpgt_epi32(_mm256_set1_epi32((int)(bytes / 4)), lane));
    }
#endif
    lanes v = (lanes)0;
    copy_short((uint8_t *)&v, p, (size_t)bytes);
    return v;
#endif
}

/// Stores the first `bytes` (< BLOCK) bytes of `v` at `p`; nothing past them is written.
INLINE void store_partial_lanes(void *p, lanes v, intptr_t bytes) {
#if defined(SHEEN_AVX512BW)
    _mm512_mask_storeu_epi8(p, _bzhi_u64(~0ull, (unsigned)bytes), (__m512i)v);
#else
    copy_short(p, (const uint8_t *)&v, (size_t)bytes);
#endif
}

/// Loads `n` (< PIXELS) coverage bytes at `m` into `cover` (PIXELS bytes, the rest zero);
/// returns whether any of them is non-zero.
INLINE int load_partial_coverage(uint8_t cover[PIXELS], const uint8_t *m, intptr_t n) {
#if defined(SHEEN_AVX512BW)
    __m128i v = _mm_maskz_loadu_epi8((__mmask16)_bzhi_u32(~0u, (unsigned)n), m);
    memcpy(cover, &v, 16);
    return !_mm_testz_si128(v, v);
#else
    if (PIXELS <= 8 && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__) {
        // Gathered in a register, so that the block's reads of `cover` are forwarded whole.
        uint64_t w = 0;
        unsigned o = 0;
        if (n & 4) { uint32_t t; memcpy(&t, m, 4); w = t; o = 4; }
        if (n & 2) { uint16_t t; memcpy(&t, m + o, 2); w |= (uint64_t)t << (8 * o); o += 2; }
        if (n & 1) w |= (uint64_t)m[o] << (8 * o);
        memcpy(cover, &w, PIXELS);
        return w != 0;
    }
    memset(cover, 0, PIXELS);
    copy_short(cover, m, (size_t)n);
    uint64_t any = 0;
    if (PIXELS < 8) {
        uint32_t w;
        memcpy(&w, cover, 4);
        any = w;
    }
    for (int i = 0; i + 8 <= PIXELS; i += 8) {
        uint64_t w;
        memcpy(&w, cover + i, 8);
        any |= w;
    }
    return any != 0;
#endif
}

/// round(x / 255) for 0 ≤ x ≤ 65,025, exact: the high half of (x + 128)·257 (one pmulhuw).
INLINE lanes div255(lanes x) {
    wide t = __builtin_convertvector(x + 128, wide) * 257;
    return __builtin_convertvector(t >> 16, lanes);
}

INLINE lanes lanes_min(lanes a, lanes b) { return __builtin_elementwise_min(a, b); }
INLINE lanes lanes_max(lanes a, lanes b) { return __builtin_elementwise_max(a, b); }

/// `a` where `m` is set, else `b`.
INLINE lanes select_lanes(lanemask m, lanes a, lanes b) { return ((lanes)m & a) | (~(lanes)m & b); }

/// A block split into even and odd bytes, one per 16-bit lane.
typedef struct {
    lanes e, o;
} block;

INLINE block split(lanes v) { return (block){v & 0xFF, v >> 8}; }
INLINE block load_block(const void *p) { return split(load_lanes(p)); }
/// The whole pixels of a split block (the inverse of `split`).
INLINE lanes join(block b) { return b.e | (b.o << 8); }
INLINE void store_block(void *p, block b) { store_lanes(p, join(b)); }

/// Each pixel's alpha (the odd lane of its pair in `o`) in both lanes of the pair.
/// (Two word shuffles, vpshuflw and vpshufhw: on the paint, this measured faster than the
/// shifts and masks of `broadcast_alpha_by_shifts`.)
INLINE lanes broadcast_alpha(lanes o) {
#if SHEEN_BLOCK == 16
    return __builtin_shufflevector(o, o, 1, 1, 3, 3, 5, 5, 7, 7);
#elif SHEEN_BLOCK == 32
    return __builtin_shufflevector(o, o, 1, 1, 3, 3, 5, 5, 7, 7, 9, 9, 11, 11, 13, 13, 15, 15);
#else
    return __builtin_shufflevector(o, o, 1, 1, 3, 3, 5, 5, 7, 7, 9, 9, 11, 11, 13, 13, 15, 15, 17, 17, 19, 19, 21, 21,
                                   23, 23, 25, 25, 27, 27, 29, 29, 31, 31);
#endif
}

/// `broadcast_alpha` by a shift, a mask and an or (three ALU operations, no shuffle): faster
/// than the shuffles for the destination of the operators that scale the paint, where the
/// shuffle unit is busy with the paint's and the coverage's shuffles.
INLINE lanes broadcast_alpha_by_shifts(lanes o) {
    words w = (words)o;
    return (lanes)((w >> 16) | (w & 0xFFFF0000u));
}

/// `o` with each pixel's alpha lane taken from `alpha`.
INLINE lanes replace_alpha(lanes o, lanes alpha) {
    return (lanes)(((words)o & 0x0000FFFFu) | ((words)alpha & 0xFFFF0000u));
}

typedef uint8_t bytes __attribute__((ext_vector_type(SHEEN_BLOCK)));

/// Each pixel's alpha in both 16-bit lanes of the pixel, from whole pixels: one in-lane byte shuffle.
INLINE lanes alphas_of(lanes whole) {
    bytes v = (bytes)whole;
#if SHEEN_BLOCK == 16
    return (lanes)__builtin_shufflevector(v, (bytes)0, 3, 16, 3, 16, 7, 16, 7, 16, 11, 16, 11, 16, 15, 16, 15, 16);
#elif SHEEN_BLOCK == 32
    return (lanes)__builtin_shufflevector(v, (bytes)0, 3, 32, 3, 32, 7, 32, 7, 32, 11, 32, 11, 32, 15, 32, 15, 32, 19, 32, 19, 32, 23, 32, 23, 32, 27, 32, 27, 32, 31, 32, 31, 32);
#else
    return (lanes)__builtin_shufflevector(v, (bytes)0, 3, 64, 3, 64, 7, 64, 7, 64, 11, 64, 11, 64, 15, 64, 15, 64, 19, 64, 19, 64, 23, 64, 23, 64, 27, 64, 27, 64, 31, 64, 31, 64, 35, 64, 35, 64, 39, 64, 39, 64, 43, 64, 43, 64, 47, 64, 47, 64, 51, 64, 51, 64, 55, 64, 55, 64, 59, 64, 59, 64, 63, 64, 63, 64);
#endif
}
