// sample_bilinear's path for a magnified 32-bit image at AVX2 (SampleBilinearBody.h; Rows+AVX2.c
// defines SHEEN_SAMPLE_QUADS), where AVX-512's word permutes (SampleGroups.h, SampleWide.h) do not
// exist: a group of 4 pixels reads 4 columns, picked as quadwords by a doubleword permute.

#ifdef SHEEN_SAMPLE_QUADS
/// Pixels a chunk of sample_scaled_quads works out at once (a multiple of 8).
#define SAMPLE_QUAD_CHUNK 256

/// What sample_scaled_quads works out for each group of 4 pixels of a chunk: the group's first
/// column (its pixel 0's left one), whether its 4 columns from there lie inside the image, the
/// permute that puts pixel p's left column in quadword p of a blended window (the right ones are
/// the next column: 2 doublewords on), and its pixels' weights (128 − ux, ux) as pairs of words:
/// pixels 0 and 2 in one vector, 1 and 3 in the other (how sample_quad_sums' unpacks pair
/// them), each over its 4 channels.
typedef struct {
    __m256i index[SAMPLE_QUAD_CHUNK / 4];
    __m256i weights02[SAMPLE_QUAD_CHUNK / 4];
    __m256i weights13[SAMPLE_QUAD_CHUNK / 4];
    int32_t base[SAMPLE_QUAD_CHUNK / 4];
    uint8_t inside[SAMPLE_QUAD_CHUNK / 4];
} sample_quads;

/// Groups g and g + 1 of `t` from the position of their first pixel, `X` (16.16, less 0x8000:
/// sample_scaled's), each pixel `dxdi` on (`steps`: p·dxdi in lane p).
SHEEN_INLINE void sample_quads_make(sample_quads *t, int g, int32_t X, int32_t dxdi, int32_t srcWidth, __m256i steps) {
    const __m256i x = _mm256_add_epi32(_mm256_set1_epi32(X), steps);
    const __m256i columns = _mm256_srai_epi32(x, 16);
    const __m256i ux = _mm256_and_si256(_mm256_srli_epi32(x, 9), _mm256_set1_epi32(127));
    const __m256i w = _mm256_or_si256(_mm256_sub_epi32(_mm256_set1_epi32(128), ux), _mm256_slli_epi32(ux, 16));
    const __m256i firsts = _mm256_permutevar8x32_epi32(columns, _mm256_setr_epi32(0, 0, 0, 0, 4, 4, 4, 4));
    const __m256i twice = _mm256_slli_epi32(_mm256_sub_epi32(columns, firsts), 1);
    const __m256i odd = _mm256_setr_epi32(0, 1, 0, 1, 0, 1, 0, 1);
    // Quadword p: pixel p's left column (words 4c…4c + 3 of the window: doublewords 2c, 2c + 1).
    t->index[g] = _mm256_add_epi32(_mm256_permutevar8x32_epi32(twice, _mm256_setr_epi32(0, 0, 1, 1, 2, 2, 3, 3)), odd);
    t->index[g + 1] = _mm256_add_epi32(_mm256_permutevar8x32_epi32(twice, _mm256_setr_epi32(4, 4, 5, 5, 6, 6, 7, 7)), odd);
    t->weights02[g] = _mm256_permutevar8x32_epi32(w, _mm256_setr_epi32(0, 0, 0, 0, 2, 2, 2, 2));
    t->weights13[g] = _mm256_permutevar8x32_epi32(w, _mm256_setr_epi32(1, 1, 1, 1, 3, 3, 3, 3));
    t->weights02[g + 1] = _mm256_permutevar8x32_epi32(w, _mm256_setr_epi32(4, 4, 4, 4, 6, 6, 6, 6));
    t->weights13[g + 1] = _mm256_permutevar8x32_epi32(w, _mm256_setr_epi32(5, 5, 5, 5, 7, 7, 7, 7));
    for (int h = 0; h < 2; h++) {
        const int32_t base = (int32_t)(X + 4 * h * dxdi) >> 16;
        t->base[g + h] = base;
        t->inside[g + h] = base >= 0 && base <= srcWidth - 4;
    }
}

/// A group's 4 pixels from its window of 4 columns in each source row (`top`, `bottom`: their
/// 16 bytes) under weights `vy`, `uy` (every word): each channel's sum ⌊Σ value·weight / 2¹⁴⌋
/// as words, pixels 0, 1 in the low half and 2, 3 in the high one.
SHEEN_INLINE __m256i sample_quad_sums(__m128i top, __m128i bottom, __m256i vy, __m256i uy, __m256i index, __m256i w02,
                                      __m256i w13) {
    // Down the rows: tl·vy + bl·uy ≤ 255·128 fits a signed word.
    const __m256i blended = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_cvtepu8_epi16(top), vy),
                                             _mm256_mullo_epi16(_mm256_cvtepu8_epi16(bottom), uy));
    const __m256i left = _mm256_permutevar8x32_epi32(blended, index);
    const __m256i right = _mm256_permutevar8x32_epi32(blended, _mm256_add_epi32(index, _mm256_set1_epi32(2)));
    // Each channel's (left, right) pair against the pixel's (128 − ux, ux): pixels 0 | 2, 1 | 3.
    const __m256i s02 = _mm256_srli_epi32(_mm256_madd_epi16(_mm256_unpacklo_epi16(left, right), w02), 14);
    const __m256i s13 = _mm256_srli_epi32(_mm256_madd_epi16(_mm256_unpackhi_epi16(left, right), w13), 14);
    return _mm256_packus_epi32(s02, s13);
}

/// Group g's window in the two rows, its columns placed one by one by the job's repeat (a
/// transparent one 0): the window reaches past an edge of the image.
SHEEN_INLINE void sample_quad_edge(const SheenBilinearJob *j, int32_t base, const uint8_t *p0, const uint8_t *p1, __m128i *top,
                                   __m128i *bottom) {
    uint32_t a[4], b[4];
    for (int i = 0; i < 4; i++) {
        const int32_t c = sample_place(base + i, j->srcWidth, j->repeat);
        a[i] = b[i] = 0;
        if (c >= 0) {
            memcpy(a + i, p0 + 4 * (intptr_t)c, 4);
            memcpy(b + i, p1 + 4 * (intptr_t)c, 4);
        }
    }
    *top = _mm_loadu_si128((const __m128i *)a);
    *bottom = _mm_loadu_si128((const __m128i *)b);
}

/// ⌊x / 255⌉ of each 16-bit lane x ≤ 65,407: SampleOver.h's SAMPLE_DIV255_16, (t + ⌊t / 256⌋) >> 8
/// of t = x + 128, as the high half of t · 257 — ⌊(t + t / 256) / 256⌋, the same integer, since
/// t + ⌊t / 256⌋ and t + t / 256 lie below the same multiple of 256 — in 2 instructions for 4.
SHEEN_INLINE __m256i sample_quad_div255(__m256i x) {
    return _mm256_mulhi_epu16(_mm256_add_epi16(x, _mm256_set1_epi16(128)), _mm256_set1_epi16(257));
}

/// sample_over_bytes of a group's 4 samples (`s`: sample_quad_sums' words) onto its 4 pixels
/// `bytes` through coverage `c` (its 4 values, a byte each): the same arithmetic in one vector of
/// 16-bit lanes, each form worked out only where some sample takes it — a group's samples are
/// as a rule all opaque or none (an image's flat parts, a glyph's coverage over them), and the
/// two forms and their choice were half the group's instructions.
SHEEN_INLINE __m128i sample_quad_over(__m256i s, __m128i bytes, uint32_t c) {
    const __m256i full = _mm256_set1_epi16(255);
    const __m256i d = _mm256_cvtepu8_epi16(bytes);
    const __m256i cover = _mm256_cvtepu8_epi16(_mm_shuffle_epi8(_mm_cvtsi32_si128((int)c), _mm_setr_epi8(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3)));
    const __m256i sc = _mm256_mullo_epi16(s, cover);
    // The samples' opaque alphas: the high bytes' mask bits of words 3, 7, 11 and 15.
    const unsigned opaque = (unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi16(s, full)) & 0xC0C0C0C0u;
    __m256i chosen;
    if (opaque == 0xC0C0C0C0u) {
        chosen = sample_quad_div255(_mm256_add_epi16(sc, _mm256_mullo_epi16(d, _mm256_sub_epi16(full, cover))));
    } else {
        const __m256i scaled = sample_quad_div255(sc);
        const __m256i scaledAlpha = _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(scaled, 0xFF), 0xFF);
        chosen = _mm256_min_epu16(_mm256_add_epi16(scaled, sample_quad_div255(_mm256_mullo_epi16(d, _mm256_sub_epi16(full, scaledAlpha)))), full);
        if (opaque != 0) {
            const __m256i lerped = sample_quad_div255(_mm256_add_epi16(sc, _mm256_mullo_epi16(d, _mm256_sub_epi16(full, cover))));
            const __m256i each = _mm256_cmpeq_epi16(_mm256_shufflehi_epi16(_mm256_shufflelo_epi16(s, 0xFF), 0xFF), full);
            chosen = _mm256_blendv_epi8(chosen, lerped, each);
        }
    }
    return _mm256_castsi256_si128(_mm256_permute4x64_epi64(_mm256_packus_epi16(chosen, chosen), 0x08));
}

/// Group g of a chunk's row (`out`, `cov`: the chunk's first pixel and coverage byte in it;
/// `p0`, `p1`: the source rows under weights `top`, `bottom`), its first `count` pixels (1…4),
/// inlined with `over` and `covered` (a job with coverage) constants; the groups drawn: 2 where
/// `pair` (the next group whole) lets a plain sample take two in one store, else 1. A whole group's
/// pixels are loaded and stored plainly, a part group's with masks (a masked store of every group
/// ran ~8 % of a glyph run's time on an AMD EPYC).
SHEEN_INLINE int sample_quad_group(const SheenBilinearJob *j, const sample_quads *t, int g, const uint8_t *p0, const uint8_t *p1,
                                   __m256i top, __m256i bottom, uint8_t *out, const uint8_t *cov, const int count, const int pair,
                                   const int over, const int covered) {
    const int k = 4 * g;
    uint32_t c = 0xFFFFFFFFu;
    if (covered) {
        // A part group's bytes one by one (a copy of `count` bytes was a library call, its
        // result read back through a store it could not forward).
        if (count == 4) {
            memcpy(&c, cov + k, 4);
        } else {
            c = cov[k];
            if (count > 1) c |= (uint32_t)cov[k + 1] << 8;
            if (count > 2) c |= (uint32_t)cov[k + 2] << 16;
        }
        if (c == 0) {
            if (!over) memset(out + 4 * k, 0, 4 * (size_t)count);
            return 1;
        }
    }
    __m128i a, b;
    if (t->inside[g]) {
        a = _mm_loadu_si128((const __m128i *)(p0 + 4 * (intptr_t)t->base[g]));
        b = _mm_loadu_si128((const __m128i *)(p1 + 4 * (intptr_t)t->base[g]));
    } else {
        sample_quad_edge(j, t->base[g], p0, p1, &a, &b);
    }
    const __m256i sums = sample_quad_sums(a, b, top, bottom, t->index[g], t->weights02[g], t->weights13[g]);
    if (!over && !covered && pair && t->inside[g + 1]) {
        // Two groups a store.
        const __m128i a1 = _mm_loadu_si128((const __m128i *)(p0 + 4 * (intptr_t)t->base[g + 1]));
        const __m128i b1 = _mm_loadu_si128((const __m128i *)(p1 + 4 * (intptr_t)t->base[g + 1]));
        const __m256i sums1 = sample_quad_sums(a1, b1, top, bottom, t->index[g + 1], t->weights02[g + 1], t->weights13[g + 1]);
        _mm256_storeu_si256((__m256i *)(out + 4 * k), _mm256_permute4x64_epi64(_mm256_packus_epi16(sums, sums1), 0xD8));
        return 2;
    }
    const __m128i lanes = _mm_cmpgt_epi32(_mm_set1_epi32(count), _mm_setr_epi32(0, 1, 2, 3));
    __m128i pixels;
    if (over) {
        const __m128i bytes = count == 4 ? _mm_loadu_si128((const __m128i *)(out + 4 * k)) : _mm_maskload_epi32((const int *)(out + 4 * k), lanes);
        pixels = sample_quad_over(sums, bytes, c);
    } else {
        pixels = _mm256_castsi256_si128(_mm256_permute4x64_epi64(_mm256_packus_epi16(sums, sums), 0x08));
        // Pixels of coverage 0 written as 0.
        if (covered) pixels = _mm_andnot_si128(_mm_cmpeq_epi32(_mm_cvtepu8_epi32(_mm_cvtsi32_si128((int)c)), _mm_setzero_si128()), pixels);
    }
    if (count == 4) {
        _mm_storeu_si128((__m128i *)(out + 4 * k), pixels);
    } else {
        _mm_maskstore_epi32((int *)(out + 4 * k), lanes, pixels);
    }
    return 1;
}

/// The rows of a chunk of sample_scaled_quads (`n` pixels from column `begin`, its groups in
/// `t`), inlined with `over` and `covered` constants: the whole groups, then a last part one (a
/// group's count a constant in the loop: worked out in it, it was ~8 instructions a group).
SHEEN_INLINE void sample_quad_rows(const SheenBilinearJob *j, const sample_quads *t, intptr_t begin, int n, const int over,
                                   const int covered) {
    const int whole = n / 4;
    for (intptr_t r = 0; r < j->height; r++) {
        const int32_t Y = j->y + (int32_t)r * j->dydr - 0x8000, cy = Y >> 16;
        int16_t uy = (int16_t)((Y >> 9) & 127), vy = (int16_t)(128 - uy);
        const int32_t r0 = sample_place(cy, j->srcHeight, j->repeat), r1 = sample_place(cy + 1, j->srcHeight, j->repeat);
        // A transparent row (repeat none) is read as the other one, or the image's first, under
        // weight 0: the same sums as reading zeros.
        const uint8_t *p0 = r0 >= 0 ? j->src + r0 * j->srcStride : NULL;
        const uint8_t *p1 = r1 >= 0 ? j->src + r1 * j->srcStride : NULL;
        if (!p0) { p0 = p1 ? p1 : j->src; vy = 0; }
        if (!p1) { p1 = p0; uy = 0; }
        const __m256i top = _mm256_set1_epi16(vy), bottom = _mm256_set1_epi16(uy);
        uint8_t *out = j->dst + r * j->dstStride + begin * 4;
        const uint8_t *cov = covered ? j->coverage + r * j->coverageStride + begin : NULL;
        int g = 0;
        while (g < whole) g += sample_quad_group(j, t, g, p0, p1, top, bottom, out, cov, 4, g + 1 < whole, over, covered);
        if (n % 4) sample_quad_group(j, t, whole, p0, p1, top, bottom, out, cov, n % 4, 0, over, covered);
    }
}

/// A 32-bit image only scaled and translated and magnified at least 1.5× along its rows
/// (0 < dxdi ≤ SHEEN_SAMPLE_QUAD_STEP): 4 pixels then read at most 4 columns from their first
/// pixel's left one.
/// Each group's window of 4 columns is loaded from both source rows (16 bytes each; placed
/// column by column where it reaches past an edge), blended down the rows in 16-bit lanes, its
/// pixels' left and right columns picked by two doubleword permutes and each channel's pair
/// summed by one multiply-add — sample_scaled's integers, with the group's columns and weights
/// worked out once a chunk for all its rows. sample_scaled's blended row and its pixels' columns
/// gathered 8 bytes at a time ran cairo's paint of an image magnified 2× at 0.69× pixman's
/// speed on an AMD EPYC without AVX-512. 0, nothing written, where it does not apply.
__attribute__((noinline)) static int sample_scaled_quads(const SheenBilinearJob *job) {
    const SheenBilinearJob j = *job;
    if (j.width <= 0 || j.height <= 0 || j.dxdi <= 0 || j.dxdi > SHEEN_SAMPLE_QUAD_STEP) return 0;
    // Every position worked out, up to 7 past the row's last pixel (a chunk's last groups), fits
    // 32 bits.
    const int64_t first = (int64_t)j.x - 0x8000, last = first + (int64_t)(j.width + 7) * j.dxdi;
    if (first < INT32_MIN || last > INT32_MAX) return 0;
    sample_quads t;
    const __m256i steps = _mm256_mullo_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), _mm256_set1_epi32(j.dxdi));
    for (intptr_t begin = 0; begin < j.width; begin += SAMPLE_QUAD_CHUNK) {
        const int n = j.width - begin < SAMPLE_QUAD_CHUNK ? (int)(j.width - begin) : SAMPLE_QUAD_CHUNK;
        for (int k = 0; k < n; k += 8) sample_quads_make(&t, k / 4, (int32_t)(first + (begin + k) * (int64_t)j.dxdi), j.dxdi, j.srcWidth, steps);
        if (j.over) {
            if (j.coverage) sample_quad_rows(&j, &t, begin, n, 1, 1); else sample_quad_rows(&j, &t, begin, n, 1, 0);
        } else {
            if (j.coverage) sample_quad_rows(&j, &t, begin, n, 0, 1); else sample_quad_rows(&j, &t, begin, n, 0, 0);
        }
    }
    return 1;
}
#undef SAMPLE_QUAD_CHUNK
#endif
