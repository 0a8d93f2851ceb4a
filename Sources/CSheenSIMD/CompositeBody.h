// The integer compositing kernels, written once in clang vector extensions and compiled once per
// instruction-set level: Composite+SIMD128.c, Composite+AVX2.c and Composite+AVX512.c define
// SHEEN_BLOCK (bytes per block: 16, 32 or 64), SHEEN_ENTRY (the exported name) and
// SHEEN_GRADIENT_ENTRY (the same level's gradient span kernel, which shades a gradient paint's
// rows) and include this file inside their level's target pragma (CSheenSIMDTargets.h), so every
// function here is built for that level. The few x86 instructions used by name (pshufb,
// pmaddubsw, ptest, AVX-512 masks) sit behind SHEEN_X86; the 128-bit level off x86 takes the
// generic form beside each, which gives the same bits.
//
// The layout: a block of SHEEN_BLOCK bytes is viewed as 16-bit lanes, split into even bytes `e`
// (R, B of each pixel; B, R in BGRA) and odd bytes `o` (G, A) by a mask and a shift, so products
// of two channels fit a lane and no shuffle is needed.
// Every operator computes its W3C numerator exactly (some rearranged, e.g. hard_light_numerator,
// so that a solid paint's part is computed once) and divides by 255 once per rounding of the
// Swift reference (CompositeReference.swift), so each level equals the reference bit for bit.
//
// Coverage 0 leaves a pixel unchanged for every operator, so blocks whose coverage is all 0 are
// skipped and blocks whose coverage is all 255 skip the coverage arithmetic. A row runs in chunks
// of blocks, then whole blocks, then one partial block (fewer than SHEEN_BLOCK bytes) on a
// zero-padded copy in registers (masked loads and stores at AVX-512, ShortCopy.h's bounded copy
// elsewhere; never a libc call): nothing outside the spans is read or written.

#include <stdint.h>
#include <string.h>

#define INLINE SHEEN_INLINE
#include "ShortCopy.h"

enum { BLOCK = SHEEN_BLOCK, PIXELS = SHEEN_BLOCK / 4 };

typedef uint16_t lanes __attribute__((ext_vector_type(SHEEN_BLOCK / 2)));
typedef int16_t lanemask __attribute__((ext_vector_type(SHEEN_BLOCK / 2)));
typedef uint32_t wide __attribute__((ext_vector_type(SHEEN_BLOCK / 2)));
typedef uint32_t words __attribute__((ext_vector_type(SHEEN_BLOCK / 4)));
typedef uint8_t pixelcov __attribute__((ext_vector_type(SHEEN_BLOCK / 4)));

// Operator indices: the order of CompositeOperator.allCases.
enum {
    OP_CLEAR, OP_SOURCE, OP_DESTINATION, OP_SOURCE_OVER, OP_DESTINATION_OVER, OP_SOURCE_IN,
    OP_DESTINATION_IN, OP_SOURCE_OUT, OP_DESTINATION_OUT, OP_SOURCE_ATOP, OP_DESTINATION_ATOP, OP_XOR,
    OP_PLUS, OP_MULTIPLY, OP_SCREEN, OP_OVERLAY, OP_DARKEN, OP_LIGHTEN, OP_COLOR_DODGE, OP_COLOR_BURN,
    OP_HARD_LIGHT, OP_SOFT_LIGHT, OP_DIFFERENCE, OP_EXCLUSION, OP_HUE, OP_SATURATION, OP_COLOR, OP_LUMINOSITY,
    /// sourceOver of a paint with no opaque pixel (a translucent solid colour): the scaled form
    /// only, no per-block opacity test. Internal; never sent by the caller.
    OP_SOURCE_OVER_SCALED = 100
};

/// Coverage scales the paint (op(S·c, D)) instead of lerping (CompositeOperator.coverageScalesPaint).
INLINE int scales_paint(int op) {
    return op == OP_DESTINATION || op == OP_DESTINATION_OVER || op == OP_PLUS || op == OP_DESTINATION_OUT ||
           op == OP_SOURCE_ATOP || op == OP_SOURCE_OVER || op == OP_XOR || op == OP_SOURCE_OVER_SCALED;
}

/// Blend modes take Sa + Da − Sa·Da as alpha; Porter-Duff operators apply their formula to alpha.
INLINE int is_blend_mode(int op) { return op >= OP_MULTIPLY && op <= OP_LUMINOSITY; }

// MARK: lanes

INLINE lanes load_lanes(const void *p) {
    lanes v;
    memcpy(&v, p, BLOCK);
    return v;
}

INLINE void store_lanes(void *p, lanes v) { memcpy(p, &v, BLOCK); }

/// The first `bytes` (< BLOCK) bytes at `p` as a block, the rest zero; nothing past them is read.
INLINE lanes load_partial_lanes(const void *p, intptr_t bytes) {
#if defined(SHEEN_AVX512BW)
    return (lanes)_mm512_maskz_loadu_epi8(_bzhi_u64(~0ull, (unsigned)bytes), p);
#else
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

/// Sa + Da·(1 − Sa), rounded once.
INLINE lanes union_alpha(lanes sa, lanes da) { return sa + div255(da * (255 - sa)); }

// MARK: operators

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
    switch (op) {
    case OP_CLEAR: return (lanes)0;
    case OP_SOURCE: return s;
    case OP_DESTINATION: return d;
    case OP_SOURCE_OVER:
    case OP_SOURCE_OVER_SCALED: return s + div255(d * (255 - sa));
    case OP_DESTINATION_OVER: return d + div255(s * (255 - da));
    case OP_SOURCE_IN: return div255(s * da);
    case OP_DESTINATION_IN: return div255(d * sa);
    case OP_SOURCE_OUT: return div255(s * (255 - da));
    case OP_DESTINATION_OUT: return div255(d * (255 - sa));
    case OP_SOURCE_ATOP: return div255(s * da + d * (255 - sa));
    case OP_DESTINATION_ATOP: return div255(s * (255 - da) + d * sa);
    case OP_XOR: return div255(outside_terms(s, sa, d, da));
    case OP_PLUS: return lanes_min(s + d, (lanes)255);
    case OP_MULTIPLY: return div255(times255(s) - s * da + d * (255 - sa + s));
    case OP_SCREEN: return s + d - div255(s * d);
    case OP_OVERLAY: return div255(hard_light_numerator((lanemask)((d << 1) <= da), s, sa, d, da));
    case OP_DARKEN: return div255(times255(s + d) - lanes_max(s * da, d * sa));
    case OP_LIGHTEN: return div255(times255(s + d) - lanes_min(s * da, d * sa));
    case OP_HARD_LIGHT: return div255(hard_light_numerator((lanemask)((s << 1) <= sa), s, sa, d, da));
    case OP_DIFFERENCE: return div255(times255(s + d) - (lanes_min(s * da, d * sa) << 1));
    case OP_EXCLUSION: return div255((s + d) * 255 - ((s * d) << 1));
    default: return d;
    }
}

/// Whether the operator's channel formula, given s = sa and d = da, is the blend modes' alpha
/// Sa + Da − Sa·Da rounded once: its numerator is then 255·(sa + da) − sa·da, the reference's
/// (CompositeReference.unionAlpha), because B(1, 1) = 1 (and screen's s + d − round(s·d/255)
/// equals it: x/255 is never a tie). difference and exclusion have B(1, 1) = 0.
INLINE int alpha_by_channel(int op) {
    return op == OP_MULTIPLY || op == OP_SCREEN || op == OP_OVERLAY || op == OP_DARKEN || op == OP_LIGHTEN ||
           op == OP_HARD_LIGHT;
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

// MARK: coverage of a block

/// Which coverage a block has: all 0, all 255, or mixed.
enum { COVER_NONE, COVER_FULL, COVER_MIXED };

#if SHEEN_X86
/// x86's ptest at the level's width: 16 bytes at the 128-bit level, 32 above (AVX-512 has none
/// wider that sets flags).
#if SHEEN_BLOCK == 16
typedef long long testvec __attribute__((vector_size(16)));
#define TEST_ZERO(v) __builtin_ia32_ptestz128((v), (v))
#define TEST_ONES(v, ones) __builtin_ia32_ptestc128((v), (ones))
#else
typedef long long testvec __attribute__((vector_size(32)));
#define TEST_ZERO(v) __builtin_ia32_ptestz256((v), (v))
#define TEST_ONES(v, ones) __builtin_ia32_ptestc256((v), (ones))
#endif
#endif

/// Classifies `n` (a multiple of 8) coverage bytes at `m`. On x86 whole runs of a ptest's width
/// are tested with it (all zero: ZF; all 255: CF against all-ones), a few instructions instead
/// of a scalar and/or tree.
INLINE int classify(const uint8_t *m, int n) {
#if SHEEN_X86
    if (n % (int)sizeof(testvec) == 0) {
        const testvec ones = (testvec){0} - 1;
        int none = 1, full = 1;
        for (int i = 0; i < n; i += (int)sizeof(testvec)) {
            testvec v;
            memcpy(&v, m + i, sizeof v);
            none &= TEST_ZERO(v);
            full &= TEST_ONES(v, ones);
        }
        return none ? COVER_NONE : full ? COVER_FULL : COVER_MIXED;
    }
#endif
    uint64_t any = 0, all = ~(uint64_t)0;
    for (int i = 0; i < n; i += 8) {
        uint64_t w;
        memcpy(&w, m + i, 8);
        any |= w;
        all &= w;
    }
    return any == 0 ? COVER_NONE : all == ~(uint64_t)0 ? COVER_FULL : COVER_MIXED;
}

/// The PIXELS coverage bytes at `m` repeated in every 128-bit lane (one vpbroadcast), so that
/// in-lane shuffles can pick any pixel's coverage.
INLINE bytes coverage_in_every_lane(const uint8_t *m) {
#if SHEEN_BLOCK == 16
    uint32_t w;
    memcpy(&w, m, 4);
    return (bytes)(words)w;
#elif SHEEN_BLOCK == 32
    typedef uint64_t quads __attribute__((ext_vector_type(4)));
    uint64_t w;
    memcpy(&w, m, 8);
    return (bytes)(quads)w;
#else
    typedef uint64_t quads __attribute__((ext_vector_type(8)));
    uint64_t a, b;
    memcpy(&a, m, 8);
    memcpy(&b, m + 8, 8);
    return (bytes)(quads){a, b, a, b, a, b, a, b};
#endif
}

/// The coverage of a block of 32-bit pixels in the pixel layout: c in both 16-bit lanes of a
/// pixel. Each 128-bit lane picks its pixels' bytes with an in-lane shuffle (one vpshufb; no
/// widening chain).
INLINE lanes pixel_coverage(const uint8_t *m) {
    bytes v = coverage_in_every_lane(m);
#if SHEEN_BLOCK == 16
    return (lanes)__builtin_shufflevector(v, (bytes)0, 0, 16, 0, 16, 1, 16, 1, 16, 2, 16, 2, 16, 3, 16, 3, 16);
#elif SHEEN_BLOCK == 32
    return (lanes)__builtin_shufflevector(v, (bytes)0, 0, 32, 0, 32, 1, 32, 1, 32, 2, 32, 2, 32, 3, 32, 3, 32, 20, 32, 20, 32, 21, 32, 21, 32, 22, 32, 22, 32, 23, 32, 23, 32);
#else
    return (lanes)__builtin_shufflevector(v, (bytes)0, 0, 64, 0, 64, 1, 64, 1, 64, 2, 64, 2, 64, 3, 64, 3, 64, 20, 64, 20, 64, 21, 64, 21, 64, 22, 64, 22, 64, 23, 64, 23, 64, 40, 64, 40, 64, 41, 64, 41, 64, 42, 64, 42, 64, 43, 64, 43, 64, 60, 64, 60, 64, 61, 64, 61, 64, 62, 64, 62, 64, 63, 64, 63, 64);
#endif
}

// MARK: the once-rounded lerp on whole pixels (pmaddubsw on x86)

#if SHEEN_X86
/// A byte-wise x86 operation that works within 128-bit lanes, at the block's width: the SSE,
/// AVX2 or AVX-512BW instruction, or (the 64-byte body built for AVX2 by the width check) the
/// AVX2 one on each half, which is the same per-lane operation.
#if SHEEN_BLOCK == 16
#define LANEWISE(f128, f256, f512, a, b) ((lanes)f128((__m128i)(a), (__m128i)(b)))
#elif SHEEN_BLOCK == 32
#define LANEWISE(f128, f256, f512, a, b) ((lanes)f256((__m256i)(a), (__m256i)(b)))
#elif defined(SHEEN_AVX512BW)
#define LANEWISE(f128, f256, f512, a, b) ((lanes)f512((__m512i)(a), (__m512i)(b)))
#else
#define LANEWISE(f128, f256, f512, a, b)                                                                 \
    ({                                                                                                   \
        lanes a_ = (lanes)(a), b_ = (lanes)(b), r_;                                                      \
        __m256i x_[2], y_[2];                                                                            \
        memcpy(x_, &a_, 64);                                                                             \
        memcpy(y_, &b_, 64);                                                                             \
        x_[0] = f256(x_[0], y_[0]);                                                                      \
        x_[1] = f256(x_[1], y_[1]);                                                                      \
        memcpy(&r_, x_, 64);                                                                             \
        r_;                                                                                              \
    })
#endif
/// The weights of a block's lerp, as pmaddubsw takes them: for every channel byte the pair
/// (255 − c, c) of its pixel, for the pixels that `unpacklo` (`lo`) and `unpackhi` (`hi`) of the
/// block's bytes hold.
typedef struct {
    lanes lo, hi;
} lerp_weights;

/// Which coverage byte each weight pair takes: in 128-bit lane L, unpacklo holds pixels 4L and
/// 4L + 1 (eight bytes each: four channels × two weights), unpackhi pixels 4L + 2 and 4L + 3.
static const uint8_t weight_pixel_lo[64] = {
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 4, 4, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5, 5,
    8, 8, 8, 8, 8, 8, 8, 8, 9, 9, 9, 9, 9, 9, 9, 9, 12, 12, 12, 12, 12, 12, 12, 12, 13, 13, 13, 13, 13, 13, 13, 13};
static const uint8_t weight_pixel_hi[64] = {
    2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 6, 6, 6, 6, 6, 6, 6, 6, 7, 7, 7, 7, 7, 7, 7, 7,
    10, 10, 10, 10, 10, 10, 10, 10, 11, 11, 11, 11, 11, 11, 11, 11, 14, 14, 14, 14, 14, 14, 14, 14, 15, 15, 15, 15, 15, 15, 15, 15};

/// The lerp weights of the PIXELS coverage bytes at `m`: c picked per byte, then 255 − c in the
/// even byte of each pair by an xor (c ^ 255 = 255 − c).
INLINE lerp_weights mask_weights(const uint8_t *m) {
    bytes v = coverage_in_every_lane(m);
    lanes plo = load_lanes(weight_pixel_lo), phi = load_lanes(weight_pixel_hi);
#if SHEEN_BLOCK == 16
    // Left as constants, clang lowers the two pshufb to six word and dword shuffles (punpcklbw,
    // pshuflw, pshufd), which the shuffle port pays for; hidden from it, they stay two.
    __asm__("" : "+x"(plo), "+x"(phi));
#endif
    lanes lo = LANEWISE(_mm_shuffle_epi8, _mm256_shuffle_epi8, _mm512_shuffle_epi8, v, plo);
    lanes hi = LANEWISE(_mm_shuffle_epi8, _mm256_shuffle_epi8, _mm512_shuffle_epi8, v, phi);
    return (lerp_weights){lo ^ 0x00FF, hi ^ 0x00FF};
}

/// The lerp weights of a constant coverage c (0–255).
INLINE lerp_weights constant_weights(uint32_t c) {
    lanes w = (lanes)(uint16_t)((c << 8) | (255 - c));
    return (lerp_weights){w, w};
}

#if SHEEN_BLOCK == 16
/// The lerp weights of the four blocks whose 16 coverage bytes are at `m`, as `mask_weights`
/// gives them one block at a time: the (255 − c, c) pairs of eight pixels made by one unpack per
/// half, moved down 8 bytes for the odd blocks, then one pshufb per weight vector. (The index
/// tables are hidden from clang as in mask_weights, which would otherwise lower the pshufb to
/// longer word shuffles.)
INLINE void mask_weights4(const uint8_t *m, lerp_weights w[4]) {
    __m128i c, first = _mm_setr_epi8(0, 1, 0, 1, 0, 1, 0, 1, 2, 3, 2, 3, 2, 3, 2, 3),
               second = _mm_setr_epi8(4, 5, 4, 5, 4, 5, 4, 5, 6, 7, 6, 7, 6, 7, 6, 7);
    memcpy(&c, m, 16);
    __asm__("" : "+x"(first), "+x"(second));
    const __m128i inverse = _mm_xor_si128(c, _mm_set1_epi8(-1));
    const __m128i pairs[2] = {_mm_unpacklo_epi8(inverse, c), _mm_unpackhi_epi8(inverse, c)};
    for (int b = 0; b < 4; b++) {
        // Block b's pixels 4b … 4b + 3 are pairs 4(b % 2) … of its half: 8 bytes further on for odd b.
        const __m128i pixels = (b & 1) ? _mm_srli_si128(pairs[b >> 1], 8) : pairs[b >> 1];
        w[b] = (lerp_weights){(lanes)_mm_shuffle_epi8(pixels, first), (lanes)_mm_shuffle_epi8(pixels, second)};
    }
}
#endif

/// round((S·c + D·(255 − c)) / 255) for every channel of a block of 32-bit pixels, taken and
/// returned whole (unsplit): the lerp of paint `s` and destination `d`, rounded once, equal to
/// `lerp_pixels`. Both pixels' bytes are offset by −128 into signed bytes and interleaved (D, S),
/// so one pmaddubsw against the (255 − c, c) weights yields S·c + D·(255 − c) − 128·255 per
/// channel: the sum lies in [−32,640, 32,385] and never saturates. Adding 32,640 back (modulo
/// 2^16) gives the numerator for div255, and one pack returns the bytes in pixel order. Four
/// multiplies per block where the split form takes six, on the port that bounds this loop.
INLINE lanes lerp_bytes(lanes s, lanes d, lerp_weights w) {
    bytes sx = (bytes)s ^ 0x80, dx = (bytes)d ^ 0x80;
    lanes lo = LANEWISE(_mm_unpacklo_epi8, _mm256_unpacklo_epi8, _mm512_unpacklo_epi8, dx, sx);
    lanes hi = LANEWISE(_mm_unpackhi_epi8, _mm256_unpackhi_epi8, _mm512_unpackhi_epi8, dx, sx);
    lanes xlo = LANEWISE(_mm_maddubs_epi16, _mm256_maddubs_epi16, _mm512_maddubs_epi16, w.lo, lo) + 32640;
    lanes xhi = LANEWISE(_mm_maddubs_epi16, _mm256_maddubs_epi16, _mm512_maddubs_epi16, w.hi, hi) + 32640;
    return LANEWISE(_mm_packus_epi16, _mm256_packus_epi16, _mm512_packus_epi16, div255(xlo), div255(xhi));
}

#else
#if SHEEN_BLOCK != 16
#error "the generic lerp is written for the 128-bit level's 16-byte blocks"
#endif
/// The weights of a block's lerp: each channel byte's coverage c (its pixel's).
typedef struct {
    bytes c;
} lerp_weights;

/// The lerp weights of the PIXELS coverage bytes at `m`: each pixel's byte in its four channels.
INLINE lerp_weights mask_weights(const uint8_t *m) {
    bytes v = coverage_in_every_lane(m);
    return (lerp_weights){__builtin_shufflevector(v, v, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3)};
}

/// The lerp weights of a constant coverage c (0–255).
INLINE lerp_weights constant_weights(uint32_t c) { return (lerp_weights){(bytes)(uint8_t)c}; }

/// round((S·c + D·(255 − c)) / 255) for every channel of a block of 32-bit pixels, taken and
/// returned whole: widened to 16 bits (ASIMD's umull/umlal), the numerator (≤ 65,025) divided
/// by 255 as (t + (t >> 8)) >> 8 with t = x + 128, exact there, and narrowed back. Equal to
/// `lerp_pixels` and to the x86 levels' pmaddubsw form.
INLINE lanes lerp_bytes(lanes s, lanes d, lerp_weights w) {
    typedef uint16_t wide_bytes __attribute__((ext_vector_type(SHEEN_BLOCK)));
    const wide_bytes sc = __builtin_convertvector((bytes)s, wide_bytes), dc = __builtin_convertvector((bytes)d, wide_bytes);
    const wide_bytes c = __builtin_convertvector(w.c, wide_bytes);
    const wide_bytes t = sc * c + dc * (255 - c) + 128;
    return (lanes)__builtin_convertvector((t + (t >> 8)) >> 8, bytes);
}
#endif

/// Whether every pixel of a whole block is opaque (alpha 255). On x86 no alpha bit clear, one
/// vptest (carry: ~v & alphas == 0) per 16 or 32 bytes, where a horizontal reduction costs several
/// shuffles; elsewhere the reduction (ASIMD's uminv).
#if SHEEN_X86
INLINE int all_opaque(lanes v) {
    const words alphas = (words)0xFF000000u;
#if SHEEN_BLOCK == 16
    return _mm_testc_si128((__m128i)v, (__m128i)alphas);
#elif SHEEN_BLOCK == 32
    return __builtin_ia32_ptestc256((__m256i)v, (__m256i)alphas);
#elif defined(SHEEN_AVX512BW)
    return _mm512_test_epi32_mask((__m512i)~v, (__m512i)alphas) == 0;
#else
    __m256i x[2], a[2];
    memcpy(x, &v, 64);
    memcpy(a, &alphas, 64);
    return __builtin_ia32_ptestc256(x[0], a[0]) & __builtin_ia32_ptestc256(x[1], a[1]);
#endif
}
#else
INLINE int all_opaque(lanes v) { return __builtin_reduce_and((words)v | 0x00FFFFFFu) == 0xFFFFFFFFu; }
#endif

// MARK: spans

enum { PAINT_SOLID, PAINT_ROW };
enum { COVERAGE_FULL, COVERAGE_CONSTANT, COVERAGE_MASK };

/// A constant coverage (0–255) in the forms the 32-bit kernels take: per lane, and as lerp weights.
typedef struct {
    lanes lanes;
    lerp_weights weights;
} constant_coverage;

/// The operator on one block of 32-bit pixels: paint `s` over destination `v`, whose coverage is
/// full or constant (`kind` COVERAGE_FULL or COVERAGE_CONSTANT), or the PIXELS bytes at `m`,
/// known to be all 255 (`COVERAGE_MASK` with `full` set) or mixed. Paint and coverage kinds are
/// compile-time constants at every call site, so each combination becomes its own straight loop.
INLINE lanes blend_block32(int op, int coverage_kind, int full, lanes s, lanes v, const uint8_t *m,
                           constant_coverage constant) {
    if (coverage_kind == COVERAGE_FULL || (coverage_kind == COVERAGE_MASK && full)) {
        return join(blend_pixels(op, split(s), split(v)));
    } else if (op == OP_SOURCE_OVER && all_opaque(s)) {
        return lerp_bytes(s, v, coverage_kind == COVERAGE_CONSTANT ? constant.weights : mask_weights(m));
    } else if (op == OP_SOURCE) {
        return lerp_bytes(s, v, coverage_kind == COVERAGE_CONSTANT ? constant.weights : mask_weights(m));
    } else {
        lanes c = coverage_kind == COVERAGE_CONSTANT ? constant.lanes : pixel_coverage(m);
        return join(blend_pixels_covered(op, s, v, c));
    }
}

/// One block of 32-bit pixels at `d` (see `blend_block32`); `solid` is the paint colour as a
/// whole block.
INLINE void block32(int op, int paint_kind, int coverage_kind, int full, uint8_t *d, const uint8_t *p, lanes solid,
                    const uint8_t *m, constant_coverage constant) {
    lanes s = paint_kind == PAINT_SOLID ? solid : load_lanes(p);
    store_lanes(d, blend_block32(op, coverage_kind, full, s, load_lanes(d), m, constant));
}

/// The first `n` (0 < n < PIXELS) pixels of a block at `d`: paint, destination and coverage
/// loaded zero-padded, the block's operator, and only those `n` pixels stored. Padding lanes
/// compute garbage that is never stored.
INLINE void partial_block32(int op, int paint_kind, int coverage_kind, uint8_t *d, const uint8_t *p, lanes solid,
                            const uint8_t *m, constant_coverage constant, intptr_t n) {
    uint8_t cover[PIXELS];
    if (coverage_kind == COVERAGE_MASK && !load_partial_coverage(cover, m, n)) return;
    lanes v = load_partial_lanes(d, 4 * n);
    lanes s = paint_kind == PAINT_SOLID ? solid : load_partial_lanes(p, 4 * n);
    store_partial_lanes(d, blend_block32(op, coverage_kind, 0, s, v, cover, constant), 4 * n);
}

/// Blocks per chunk of 32-bit pixels: one coverage test per CHUNK_BLOCKS blocks (32 pixels at
/// AVX2, one vptest) keeps the test's cost small and its branch predictable on text, whose runs
/// are shorter than a chunk. The 128-bit level tests 32 pixels too (eight blocks, two ptests).
enum { CHUNK_BLOCKS = SHEEN_BLOCK == 16 ? 8 : 4, CHUNK_PIXELS = CHUNK_BLOCKS * PIXELS };

/// How far ahead of the chunk in hand the 32-bit spans (span32, over_n_8_8888_span) ask for
/// destination bytes. Once the destination comes from DRAM the hardware prefetcher fell behind
/// its read-modify-write stream: at 3840×2160 on Zen 4 W3 (beside a gradient's 15 KB paint row)
/// took about three quarters of the time with it and W2 (text in a solid colour) about nine
/// tenths, 1920×1080 unchanged; asking for the coverage as well gained nothing (the figures, and
/// what else was tried, are in bench/kernel-notes.md). Past a row's end it touches the next row
/// or padding, or lies past the buffer: a prefetch never faults, and the address is made as an
/// integer, so no pointer past the buffer is formed.
enum { PREFETCH_AHEAD = 4096 };

/// Asks for the destination lines of the chunk PREFETCH_AHEAD bytes after the one at `d`.
INLINE void prefetch_chunk_ahead(const uint8_t *d) {
    for (int b = 0; b < CHUNK_BLOCKS * BLOCK; b += 64) {
        __builtin_prefetch((const void *)((uintptr_t)d + PREFETCH_AHEAD + (uintptr_t)b), 1, 3);
    }
}

/// A chunk of CHUNK_BLOCKS blocks with their coverage classified once: all 0 skips the chunk, all
/// 255 drops the coverage arithmetic, anything else runs the covered formula on every block
/// without further branches (coverage 0 and 255 are exact there too).
INLINE void chunk32(int op, int paint_kind, int coverage_kind, uint8_t *d, const uint8_t *p, lanes solid,
                    const uint8_t *m, constant_coverage constant) {
    int full = 0;
    if (coverage_kind == COVERAGE_MASK) {
        int k = classify(m, CHUNK_PIXELS);
        if (k == COVER_NONE) return;
        full = k == COVER_FULL;
    }
#pragma clang loop unroll(full)
    for (int b = 0; b < CHUNK_BLOCKS; b++) {
        block32(op, paint_kind, coverage_kind, full, d + b * BLOCK, paint_kind == PAINT_ROW ? p + b * BLOCK : p, solid,
                coverage_kind == COVERAGE_MASK ? m + b * PIXELS : m, constant);
    }
}

/// One row of `count` 32-bit pixels.
INLINE void span32(int op, int paint_kind, int coverage_kind, uint8_t *dst, const uint8_t *paint, lanes solid,
                   const uint8_t *mask, constant_coverage constant, intptr_t count) {
    intptr_t i = 0;
    for (; i + CHUNK_PIXELS <= count; i += CHUNK_PIXELS) {
        prefetch_chunk_ahead(dst + 4 * i);
        chunk32(op, paint_kind, coverage_kind, dst + 4 * i, paint_kind == PAINT_ROW ? paint + 4 * i : paint, solid,
                coverage_kind == COVERAGE_MASK ? mask + i : mask, constant);
    }
    for (; i + PIXELS <= count; i += PIXELS) {
        int full = 0;
        if (coverage_kind == COVERAGE_MASK) {
            int k = classify(mask + i, PIXELS);
            if (k == COVER_NONE) continue;
            full = k == COVER_FULL;
        }
        block32(op, paint_kind, coverage_kind, full, dst + 4 * i, paint_kind == PAINT_ROW ? paint + 4 * i : paint,
                solid, coverage_kind == COVERAGE_MASK ? mask + i : mask, constant);
    }
    if (i < count) {
        partial_block32(op, paint_kind, coverage_kind, dst + 4 * i, paint_kind == PAINT_ROW ? paint + 4 * i : paint,
                        solid, coverage_kind == COVERAGE_MASK ? mask + i : mask, constant, count - i);
    }
}

/// One block of A8 values at `d` (see `block32`).
INLINE void block8(int op, int paint_kind, int coverage_kind, uint8_t *d, const uint8_t *p, block solid,
                   const uint8_t *m, block constant) {
    block s = paint_kind == PAINT_SOLID ? solid : load_block(p);
    if (coverage_kind == COVERAGE_FULL) {
        store_block(d, blend_alphas(op, s, load_block(d)));
    } else if (coverage_kind == COVERAGE_CONSTANT) {
        store_block(d, blend_alphas_covered(op, s, load_block(d), constant));
    } else {
        int k = classify(m, BLOCK);
        if (k == COVER_NONE) return;
        block v = load_block(d);
        store_block(d, k == COVER_FULL ? blend_alphas(op, s, v) : blend_alphas_covered(op, s, v, load_block(m)));
    }
}

/// One row of `count` A8 values.
INLINE void span8(int op, int paint_kind, int coverage_kind, uint8_t *dst, const uint8_t *paint, block solid,
                  const uint8_t *mask, block constant, intptr_t count) {
    intptr_t i = 0;
    for (; i + BLOCK <= count; i += BLOCK) {
        block8(op, paint_kind, coverage_kind, dst + i, paint_kind == PAINT_ROW ? paint + i : paint, solid,
               coverage_kind == COVERAGE_MASK ? mask + i : mask, constant);
    }
    if (i < count) {
        intptr_t n = count - i;
        uint8_t d[BLOCK], p[BLOCK], m[BLOCK];
        store_lanes(d, load_partial_lanes(dst + i, n));
        if (paint_kind == PAINT_ROW) store_lanes(p, load_partial_lanes(paint + i, n));
        if (coverage_kind == COVERAGE_MASK) store_lanes(m, load_partial_lanes(mask + i, n));
        block8(op, paint_kind, coverage_kind, d, p, solid, m, constant);
        store_partial_lanes(dst + i, load_lanes(d), n);
    }
}

// MARK: over_n_8_8888: the opaque solid sourceOver fast path (text)

/// sourceOver of an opaque colour through a mask, one chunk: coverage all 0 skips it, all 255
/// stores the paint without reading the destination, anything else lerps every block
/// (`lerp_bytes`, rounded once; exact for c = 0 and 255 too) without further branches.
INLINE void over_n_8_8888_chunk(uint8_t *d, lanes solid, const uint8_t *m) {
    int k = classify(m, CHUNK_PIXELS);
    if (k == COVER_NONE) return;
    if (k == COVER_FULL) {
        for (int b = 0; b < CHUNK_BLOCKS; b++) store_lanes(d + b * BLOCK, solid);
        return;
    }
#if SHEEN_X86 && SHEEN_BLOCK == 16
    // Four blocks' weights from one 16-byte load: 14 instructions where four mask_weights take 20.
#pragma clang loop unroll(full)
    for (int g = 0; g < CHUNK_BLOCKS; g += 4) {
        lerp_weights w[4];
        mask_weights4(m + g * PIXELS, w);
#pragma clang loop unroll(full)
        for (int b = 0; b < 4; b++) {
            uint8_t *p = d + (g + b) * BLOCK;
            store_lanes(p, lerp_bytes(solid, load_lanes(p), w[b]));
        }
    }
#else
#pragma clang loop unroll(full)
    for (int b = 0; b < CHUNK_BLOCKS; b++) {
        store_lanes(d + b * BLOCK, lerp_bytes(solid, load_lanes(d + b * BLOCK), mask_weights(m + b * PIXELS)));
    }
#endif
}

/// sourceOver of an opaque colour through a mask, one row: chunks (classified, which pays over
/// CHUNK_PIXELS), then whole blocks lerped without a test of their coverage — on glyph-sized
/// rows such tests branch on the mask's content and mispredict more than the lerp they might
/// save costs — then the partial block, skipped only when its coverage is all 0 (measured
/// faster on text, whose short rows are often empty there).
INLINE void over_n_8_8888_span(uint8_t *dst, lanes solid, const uint8_t *mask, intptr_t count) {
    intptr_t i = 0;
    for (; i + CHUNK_PIXELS <= count; i += CHUNK_PIXELS) {
        prefetch_chunk_ahead(dst + 4 * i);
        over_n_8_8888_chunk(dst + 4 * i, solid, mask + i);
    }
    for (; i + PIXELS <= count; i += PIXELS) {
        store_lanes(dst + 4 * i, lerp_bytes(solid, load_lanes(dst + 4 * i), mask_weights(mask + i)));
    }
    if (i < count) {
        intptr_t n = count - i;
        uint8_t cover[PIXELS];
        if (!load_partial_coverage(cover, mask + i, n)) return;
        uint8_t *d = dst + 4 * i;
        store_partial_lanes(d, lerp_bytes(solid, load_partial_lanes(d, 4 * n), mask_weights(cover)), 4 * n);
    }
}

/// sourceOver of an opaque colour through a mask whose rows are shorter than a chunk (a glyph):
/// per row its whole blocks lerped without a test, then its partial block, skipped when its
/// coverage is all 0, with the lane masks made once for the job rather than once per row.
INLINE void over_n_8_8888_short_rows(uint8_t *dst, intptr_t dstStride, lanes solid, const uint8_t *mask,
                                   intptr_t maskStride, intptr_t width, intptr_t height) {
    const intptr_t blocks = width / PIXELS, n = width % PIXELS, at = blocks * PIXELS;
#if defined(SHEEN_AVX512BW)
    const __mmask16 kc = (__mmask16)_bzhi_u32(~0u, (unsigned)n);
    const __mmask64 kd = _bzhi_u64(~0ull, (unsigned)(4 * n));
#endif
    for (intptr_t y = 0; y < height; y++, dst += dstStride, mask += maskStride) {
        for (intptr_t b = 0; b < blocks; b++) {
            uint8_t *d = dst + 4 * PIXELS * b;
            store_lanes(d, lerp_bytes(solid, load_lanes(d), mask_weights(mask + PIXELS * b)));
        }
        if (n == 0) continue;
        uint8_t cover[PIXELS];
#if defined(SHEEN_AVX512BW)
        __m128i c = _mm_maskz_loadu_epi8(kc, mask + at);
        if (_mm_testz_si128(c, c)) continue;
        memcpy(cover, &c, 16);
        lanes d = (lanes)_mm512_maskz_loadu_epi8(kd, dst + 4 * at);
        _mm512_mask_storeu_epi8(dst + 4 * at, kd, (__m512i)lerp_bytes(solid, d, mask_weights(cover)));
#else
        if (!load_partial_coverage(cover, mask + at, n)) continue;
        store_partial_lanes(dst + 4 * at, lerp_bytes(solid, load_partial_lanes(dst + 4 * at, 4 * n), mask_weights(cover)), 4 * n);
#endif
    }
}

// MARK: the job

/// Runs SPAN(paint kind, coverage kind) with the job's kinds as compile-time constants, so each of
/// the six combinations is its own loop; the branch taken is the same on every row.
#define WITH_KINDS(SPAN)                                                                                  \
    do {                                                                                                 \
        if (row_paint) {                                                                                 \
            if (masked) SPAN(PAINT_ROW, COVERAGE_MASK);                                                  \
            else if (full) SPAN(PAINT_ROW, COVERAGE_FULL);                                               \
            else SPAN(PAINT_ROW, COVERAGE_CONSTANT);                                                     \
        } else {                                                                                         \
            if (masked) SPAN(PAINT_SOLID, COVERAGE_MASK);                                                \
            else if (full) SPAN(PAINT_SOLID, COVERAGE_FULL);                                             \
            else SPAN(PAINT_SOLID, COVERAGE_CONSTANT);                                                   \
        }                                                                                                \
    } while (0)

/// Every row of a job with one operator.
INLINE void run_rows(int op, const SheenCompositeJob *job) {
    uint8_t *dst = job->dst;
    const uint8_t *paint = job->paint, *mask = job->mask;
    const int row_paint = paint != NULL, masked = mask != NULL;
    const int full = !masked && job->coverage == 255;
    const int wide = job->bytesPerPixel == 4;
    const int opaque_text = wide && op == OP_SOURCE_OVER && !row_paint && masked && job->solid >> 24 == 255;
    lanes solid32 = (lanes)(words)job->solid;
    constant_coverage constant32 = {(lanes)(words)(job->coverage * 0x10001u), constant_weights(job->coverage & 0xFF)};
    block solid8 = split((lanes)(uint16_t)(job->solid & 0xFF) * 0x0101);
    block constant8 = split((lanes)(uint16_t)(job->coverage & 0xFF) * 0x0101);
#define SPAN32(P, C) span32(op, P, C, dst, paint, solid32, mask, constant32, job->width)
#define SPAN8(P, C) span8(op, P, C, dst, paint, solid8, mask, constant8, job->width)
    if (opaque_text && job->width < CHUNK_PIXELS) {
        over_n_8_8888_short_rows(dst, job->dstStride, solid32, mask, job->maskStride, job->width, job->height);
        return;
    }
    for (intptr_t y = 0; y < job->height; y++) {
        if (opaque_text) over_n_8_8888_span(dst, solid32, mask, job->width);
        else if (wide) WITH_KINDS(SPAN32);
        else WITH_KINDS(SPAN8);
        dst += job->dstStride;
        if (row_paint) paint += job->paintStride;
        if (masked) mask += job->maskStride;
    }
#undef SPAN32
#undef SPAN8
}

#include "BlendDoubleBody.h"
#include "BlendFloatBody.h"
#include "BlendRows.h"

/// One out-of-line function per operator, so each is compiled with its operator folded in.
#define SHEEN_OP_FN(name, index) \
    static __attribute__((noinline)) void name(const SheenCompositeJob *job) { run_rows(index, job); }
SHEEN_OP_FN(op_clear, OP_CLEAR)
SHEEN_OP_FN(op_source, OP_SOURCE)
SHEEN_OP_FN(op_source_over, OP_SOURCE_OVER)
SHEEN_OP_FN(op_source_over_scaled, OP_SOURCE_OVER_SCALED)
SHEEN_OP_FN(op_destination_over, OP_DESTINATION_OVER)
SHEEN_OP_FN(op_source_in, OP_SOURCE_IN)
SHEEN_OP_FN(op_destination_in, OP_DESTINATION_IN)
SHEEN_OP_FN(op_source_out, OP_SOURCE_OUT)
SHEEN_OP_FN(op_destination_out, OP_DESTINATION_OUT)
SHEEN_OP_FN(op_source_atop, OP_SOURCE_ATOP)
SHEEN_OP_FN(op_destination_atop, OP_DESTINATION_ATOP)
SHEEN_OP_FN(op_xor, OP_XOR)
SHEEN_OP_FN(op_plus, OP_PLUS)
SHEEN_OP_FN(op_multiply, OP_MULTIPLY)
SHEEN_OP_FN(op_screen, OP_SCREEN)
SHEEN_OP_FN(op_overlay, OP_OVERLAY)
SHEEN_OP_FN(op_darken, OP_DARKEN)
SHEEN_OP_FN(op_lighten, OP_LIGHTEN)
SHEEN_OP_FN(op_hard_light, OP_HARD_LIGHT)
SHEEN_OP_FN(op_difference, OP_DIFFERENCE)
SHEEN_OP_FN(op_exclusion, OP_EXCLUSION)
#define SHEEN_DOUBLE_OP_FN(name, index) \
    static __attribute__((noinline)) void name(const SheenCompositeJob *job) { run_double_rows(index, job); }
SHEEN_DOUBLE_OP_FN(op_color_dodge, OP_COLOR_DODGE)
SHEEN_DOUBLE_OP_FN(op_color_burn, OP_COLOR_BURN)
SHEEN_DOUBLE_OP_FN(op_soft_light, OP_SOFT_LIGHT)
SHEEN_DOUBLE_OP_FN(op_hue, OP_HUE)
SHEEN_DOUBLE_OP_FN(op_saturation, OP_SATURATION)
SHEEN_DOUBLE_OP_FN(op_color, OP_COLOR)
SHEEN_DOUBLE_OP_FN(op_luminosity, OP_LUMINOSITY)

static void composite_job(const SheenCompositeJob *job) {
    switch (job->op) {
    case OP_CLEAR: op_clear(job); break;
    case OP_SOURCE: op_source(job); break;
    case OP_DESTINATION: break;
    case OP_SOURCE_OVER:
        if (job->paint == NULL && job->bytesPerPixel == 4 && job->solid >> 24 != 255) op_source_over_scaled(job);
        else op_source_over(job);
        break;
    case OP_DESTINATION_OVER: op_destination_over(job); break;
    case OP_SOURCE_IN: op_source_in(job); break;
    case OP_DESTINATION_IN: op_destination_in(job); break;
    case OP_SOURCE_OUT: op_source_out(job); break;
    case OP_DESTINATION_OUT: op_destination_out(job); break;
    case OP_SOURCE_ATOP: op_source_atop(job); break;
    case OP_DESTINATION_ATOP: op_destination_atop(job); break;
    case OP_XOR: op_xor(job); break;
    case OP_PLUS: op_plus(job); break;
    case OP_MULTIPLY: op_multiply(job); break;
    case OP_SCREEN: op_screen(job); break;
    case OP_OVERLAY: op_overlay(job); break;
    case OP_DARKEN: op_darken(job); break;
    case OP_LIGHTEN: op_lighten(job); break;
    case OP_HARD_LIGHT: op_hard_light(job); break;
    case OP_DIFFERENCE: op_difference(job); break;
    case OP_EXCLUSION: op_exclusion(job); break;
    case OP_COLOR_DODGE: op_color_dodge(job); break;
    case OP_COLOR_BURN: op_color_burn(job); break;
    case OP_SOFT_LIGHT: op_soft_light(job); break;
    case OP_HUE: op_hue(job); break;
    case OP_SATURATION: op_saturation(job); break;
    case OP_COLOR: op_color(job); break;
    case OP_LUMINOSITY: op_luminosity(job); break;
    default: break;
    }
}

/// A job whose paint is a gradient: each row shaded by this level's span kernel
/// (SHEEN_GRADIENT_ENTRY) into the scratch row, or as the row's one colour, then composited, so
/// that the caller crosses into C once for the whole rectangle.
static void composite_gradient_rows(const SheenCompositeJob *job) {
    SheenGradientJob shading = *job->gradient;
    SheenCompositeJob row = *job;
    row.gradient = NULL;
    row.height = 1;
    const int one_colour = shading.width == 1 && shading.bytesPerPixel == 4;
    uint32_t colour = 0;
    shading.dst = one_colour ? (uint8_t *)&colour : (uint8_t *)job->scratch;
    shading.dstStride = 0;
    shading.height = 1;
    row.paint = one_colour ? NULL : job->scratch;
    row.paintStride = 0;
    for (intptr_t r = 0; r < job->height; r++) {
        shading.y = job->gradient->y + r;
        SHEEN_GRADIENT_ENTRY(&shading);
        if (one_colour) row.solid = job->bytesPerPixel == 1 ? colour >> 24 : colour;
        row.dst = (uint8_t *)job->dst + r * job->dstStride;
        row.mask = job->mask ? job->mask + r * job->maskStride : NULL;
        composite_job(&row);
    }
}

void SHEEN_ENTRY(const SheenCompositeJob *job) {
    if (job->width <= 0 || job->height <= 0) return;
    if (job->gradient) composite_gradient_rows(job);
    else composite_job(job);
}
