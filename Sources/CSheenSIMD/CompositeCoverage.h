// Coverage of a block (the third layer of CompositeBody.h): the classification that lets a chunk
// skip coverage 0 and drop the arithmetic for coverage 255, coverage in the pixel layout, and the
// lerp of paint and destination in whole bytes (lerp_bytes) with its weights. The few x86
// instructions used by name (pshufb, pmaddubsw, ptest, AVX-512 masks) sit behind SHEEN_X86 or
// SHEEN_AVX512BW; the 128-bit level off x86 takes the generic form beside each, same bits.

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

/// Classifies the `n` coverage bytes at `m` (n is 4 — a block of the 128-bit level — or a multiple
/// of 8, and a constant wherever this is inlined), reading those n bytes and no more: the block
/// may end where the caller's mask row ends, at an unmapped page. On x86 whole runs of a ptest's
/// width are tested with it (all zero: ZF; all 255: CF against all-ones), a few instructions
/// instead of a scalar and/or tree.
INLINE int classify(const uint8_t *m, int n) {
    if (n == 4) {
        uint32_t w;
        memcpy(&w, m, 4);
        return w == 0 ? COVER_NONE : w == ~(uint32_t)0 ? COVER_FULL : COVER_MIXED;
    }
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

/// Which of the `blocks` blocks of coverage at `m` (PIXELS bytes each) are not all 0: bit b for
/// block b; reads those bytes and no more. On x86 one test of the chunk's words (AVX-512's gives
/// a bit a word, two a block, gathered by pext, fast on every CPU with AVX-512): a scalar test
/// of each block had cost a gradient through a dense mask 10 % (sheen-bench).
INLINE unsigned live_blocks(const uint8_t *m, int blocks) {
#if defined(SHEEN_AVX512BW)
    if (blocks == 4) {
        __m512i v = _mm512_loadu_si512((const void *)m);
        v = _mm512_or_si512(v, _mm512_bsrli_epi128(v, 8));
        return _pext_u32((unsigned)_mm512_test_epi64_mask(v, v), 0x55u);
    }
#elif SHEEN_X86 && SHEEN_BLOCK == 32
    if (blocks == 4) {
        const __m256i v = _mm256_loadu_si256((const __m256i *)m);
        return ~(unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(v, _mm256_setzero_si256()))) & 0xFu;
    }
#elif SHEEN_X86 && SHEEN_BLOCK == 16
    if (blocks == 8) {
        const __m128i a = _mm_loadu_si128((const __m128i *)m), b = _mm_loadu_si128((const __m128i *)(m + 16)), z = _mm_setzero_si128();
        const int zero = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(a, z))) | _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(b, z))) << 4;
        return ~(unsigned)zero & 0xFFu;
    }
#endif
    unsigned live = 0;
    for (int b = 0; b < blocks; b++) {
        uint32_t any = 0, w; // PIXELS is a multiple of 4
        for (int i = 0; i < PIXELS; i += 4) memcpy(&w, m + b * PIXELS + i, 4), any |= w;
        live |= (unsigned)(any != 0) << b;
    }
    return live;
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

/// Whether every byte of a whole block is 0 (paint that changes nothing in sourceOver): one
/// vptest (zero: v & v == 0) per 16 or 32 bytes on x86, the reduction elsewhere.
#if SHEEN_X86
INLINE int all_zero(lanes v) {
#if SHEEN_BLOCK == 16
    return _mm_testz_si128((__m128i)v, (__m128i)v);
#elif SHEEN_BLOCK == 32
    return __builtin_ia32_ptestz256((__m256i)v, (__m256i)v);
#elif defined(SHEEN_AVX512BW)
    return _mm512_test_epi32_mask((__m512i)v, (__m512i)v) == 0;
#else
    __m256i x[2];
    memcpy(x, &v, 64);
    return __builtin_ia32_ptestz256(x[0], x[0]) & __builtin_ia32_ptestz256(x[1], x[1]);
#endif
}
#else
INLINE int all_zero(lanes v) { return __builtin_reduce_or((words)v) == 0; }
#endif
