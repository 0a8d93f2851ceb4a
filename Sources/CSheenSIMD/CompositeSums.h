// Coverage added up (the layer of CompositeBody.h after the integer rows): plus of an opaque
// colour through a mask onto A8 values, which is how the drop-in pixman adds a glyph run's mask
// up (SheenPixman's GlyphCalls.swift), as saturating byte sums — the operator's own result, in
// bytes rather than its 16-bit lanes.

/// Each of `height` rows of `width` A8 values at `dst` becomes its saturating sum with the
/// coverage at `mask` (the colour scaled by the coverage is the coverage itself, 255·c/255): per
/// row its whole blocks, then the rest — with AVX-512 one masked block (16 or 32 bytes where the
/// rest fits), else eight bytes at a time and single bytes (a glyph's rows are a few bytes: padded
/// copies through the stack cost more than the sums). Nothing past a row is read or written.
typedef uint8_t bytes8 __attribute__((ext_vector_type(8)));
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
        intptr_t i = at;
        for (; i + 8 <= width; i += 8) {
            bytes8 d, m;
            memcpy(&d, dst + i, 8);
            memcpy(&m, mask + i, 8);
            d = __builtin_elementwise_add_sat(d, m);
            memcpy(dst + i, &d, 8);
        }
        for (; i < width; i++) {
            const unsigned sum = (unsigned)dst[i] + mask[i];
            dst[i] = (uint8_t)(sum > 255 ? 255 : sum);
        }
#endif
    }
}

/// Whether a job's colour is added as coverage — plus of an opaque colour onto A8, drawn by
/// add_coverage_rows8 wherever a mask gives the coverage: the one rule run_rows and
/// composite_glyphs (CompositeEntry.h) both ask.
INLINE int adds_coverage(int op, const SheenCompositeJob *job) {
    return op == OP_PLUS && job->paint == NULL && job->bytesPerPixel == 1 && (job->solid & 0xFF) == 255;
}
