// Coverage added up (the layer of CompositeBody.h after the integer rows): plus of an opaque
// colour through a mask onto A8 values, which is how the drop-in pixman adds a glyph run's mask
// up (SheenPixman's GlyphCalls.swift), as saturating byte sums — the operator's own result, in
// bytes rather than its 16-bit lanes.

/// Each of `height` rows of `width` A8 values at `dst` becomes its saturating sum with the
/// coverage at `mask` (the colour scaled by the coverage is the coverage itself, 255·c/255): per
/// row its whole blocks, then the rest — with AVX-512 one masked block (16 or 32 bytes where the
/// rest fits), else add_coverage_short (a glyph's rows are a few bytes: padded copies through the
/// stack cost more than the sums). Nothing past a row is read or written.
typedef uint8_t bytes2 __attribute__((ext_vector_type(2)));
typedef uint8_t bytes4 __attribute__((ext_vector_type(4)));
typedef uint8_t bytes8 __attribute__((ext_vector_type(8)));
typedef uint8_t bytes16 __attribute__((ext_vector_type(16)));

/// The saturating sums of `n` bytes at `d` and `m` into `d` (a row's rest under a block: up to 63
/// bytes where a 64-byte block is built without AVX-512, as KernelWidthTests' build is): 16 at a
/// time down to 32, then two pieces of the widest of 16, 8, 4 or 2 bytes that the rest holds,
/// from its start and to its end, both read before either is written (the bytes they share get
/// the same sum twice): no byte past the `n` touched and no loop a byte at a time (which, with
/// the 8-byte steps before it, was 12 % of cairo's text of an image through a glyph run's mask on
/// an AMD EPYC at AVX2).
INLINE void add_coverage_short(uint8_t *d, const uint8_t *m, intptr_t n) {
    for (; n > 32; d += 16, m += 16, n -= 16) {
        bytes16 a, x;
        memcpy(&a, d, sizeof a);
        memcpy(&x, m, sizeof x);
        a = __builtin_elementwise_add_sat(a, x);
        memcpy(d, &a, sizeof a);
    }
#define ADD_COVERAGE_PIECES(type)                                                                                  \
    do {                                                                                                           \
        type a, b, x, y;                                                                                           \
        memcpy(&a, d, sizeof a); memcpy(&b, d + n - sizeof b, sizeof b);                                          \
        memcpy(&x, m, sizeof x); memcpy(&y, m + n - sizeof y, sizeof y);                                          \
        a = __builtin_elementwise_add_sat(a, x); b = __builtin_elementwise_add_sat(b, y);                          \
        memcpy(d, &a, sizeof a); memcpy(d + n - sizeof b, &b, sizeof b);                                          \
    } while (0)
    if (n >= 16) ADD_COVERAGE_PIECES(bytes16);
    else if (n >= 8) ADD_COVERAGE_PIECES(bytes8);
    else if (n >= 4) ADD_COVERAGE_PIECES(bytes4);
    else if (n >= 2) ADD_COVERAGE_PIECES(bytes2);
    else if (n == 1) { const unsigned sum = (unsigned)d[0] + m[0]; d[0] = (uint8_t)(sum > 255 ? 255 : sum); }
#undef ADD_COVERAGE_PIECES
}
INLINE void add_coverage_rows8(uint8_t *dst, intptr_t dstStride, const uint8_t *mask, intptr_t maskStride, intptr_t width,
                               intptr_t height) {
    const intptr_t blocks = width / BLOCK, at = blocks * BLOCK;
    for (intptr_t y = 0; y < height; y++, dst += dstStride, mask += maskStride) {
        for (intptr_t b = 0; b < blocks; b++) {
            uint8_t *d = dst + b * BLOCK;
            store_lanes(d, (lanes)__builtin_elementwise_add_sat((bytes)load_lanes(d), (bytes)load_lanes(mask + b * BLOCK)));
        }
#if defined(SHEEN_AVX512BW)
        const intptr_t n = width - at;
        if (n == 0) continue;
        // A glyph row's few bytes in 16- or 32-byte registers: the 64-byte masked loads and store
        // cost twice theirs on AMD EPYC.
        if (n <= 16) {
            const __mmask16 k = (__mmask16)_bzhi_u32(~0u, (unsigned)n);
            _mm_mask_storeu_epi8(dst + at, k, _mm_adds_epu8(_mm_maskz_loadu_epi8(k, dst + at), _mm_maskz_loadu_epi8(k, mask + at)));
            continue;
        }
        if (n <= 32) {
            const __mmask32 k = (__mmask32)_bzhi_u32(~0u, (unsigned)n);
            _mm256_mask_storeu_epi8(dst + at, k, _mm256_adds_epu8(_mm256_maskz_loadu_epi8(k, dst + at), _mm256_maskz_loadu_epi8(k, mask + at)));
            continue;
        }
        bytes sum = __builtin_elementwise_add_sat((bytes)load_partial_lanes(dst + at, n), (bytes)load_partial_lanes(mask + at, n));
        store_partial_lanes(dst + at, (lanes)sum, n);
#else
        add_coverage_short(dst + at, mask + at, width - at);
#endif
    }
}

/// Whether a job's colour is added as coverage — plus of an opaque colour onto A8, drawn by
/// add_coverage_rows8 wherever a mask gives the coverage: the one rule run_rows and
/// composite_glyphs (CompositeEntry.h) both ask.
INLINE int adds_coverage(int op, const SheenCompositeJob *job) {
    return op == OP_PLUS && job->paint == NULL && job->bytesPerPixel == 1 && (job->solid & 0xFF) == 255;
}
