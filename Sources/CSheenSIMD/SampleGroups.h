// sample_bilinear's groups of 4 pixels of a scaled 32-bit image made in registers at AVX-512
// (SampleBilinearBody.h; Rows+AVX512.c defines SHEEN_SAMPLE_PERMUTE), where the scaled path
// takes them from a table of each group's columns and weights (sample_scaled_groups); and the
// group's coverage and store, which SampleWide.h's path from registers shares.

#ifdef SHEEN_SAMPLE_PERMUTE
/// What sample_scaled_groups works out for each group of 4 pixels.
typedef struct {
    int32_t base[SAMPLE_CHUNK / 4];         // the group's first column, from `lo`
    __mmask32 columns[SAMPLE_CHUNK / 4];    // the bytes of its 8 columns inside the image
    uint16_t index[SAMPLE_CHUNK / 4][32] __attribute__((aligned(64)));  // the permute
    int16_t weight[SAMPLE_CHUNK / 4][32] __attribute__((aligned(64)));  // the pairs' weights
} sample_groups;

/// Works out group `g`'s entries of `t` from its pixels' columns and weights; 0 where they read
/// more than 8 columns. A transparent column (`reach`: repeat none past an edge) reads a slot of
/// the 8 past the group's last column of the image, which the masked load leaves 0 — so a group
/// at the image's left edge, whose transparent columns lie far from its others, is made here too
/// (it sent the whole chunk down the blended-row path: cairo's magnified images start so).
SHEEN_INLINE int sample_group(sample_groups *t, int g, const int32_t *left, const int32_t *right, const uint16_t *ux,
                              int32_t reach) {
    // A group's eight (left, right) columns or weights, pixel by pixel, spread so that lane
    // 8p + 2c holds pixel p's left one and lane 8p + 2c + 1 its right one (channel c); the
    // channel added to each column makes the permute's index.
    const __m512i spread = _mm512_set_epi16(7, 6, 7, 6, 7, 6, 7, 6, 5, 4, 5, 4, 5, 4, 5, 4,
                                            3, 2, 3, 2, 3, 2, 3, 2, 1, 0, 1, 0, 1, 0, 1, 0);
    const __m512i channel = _mm512_set_epi16(3, 3, 2, 2, 1, 1, 0, 0, 3, 3, 2, 2, 1, 1, 0, 0,
                                             3, 3, 2, 2, 1, 1, 0, 0, 3, 3, 2, 2, 1, 1, 0, 0);
    // (sample_scaled repeats its last pixel past the chunk's end: computed, not stored.)
    __m128i l = _mm_loadu_si128((const __m128i *)(left + 4 * g));
    __m128i r = _mm_loadu_si128((const __m128i *)(right + 4 * g));
    // The group's columns of the image, [first, last]: transparent ones left out of both ends.
    const __m128i transparent = _mm_set1_epi32(reach);
    const __mmask8 noneL = _mm_cmpeq_epi32_mask(l, transparent), noneR = _mm_cmpeq_epi32_mask(r, transparent);
    __m128i lowest = _mm_min_epi32(_mm_mask_mov_epi32(l, noneL, _mm_set1_epi32(INT32_MAX)),
                                   _mm_mask_mov_epi32(r, noneR, _mm_set1_epi32(INT32_MAX)));
    __m128i highest = _mm_max_epi32(_mm_mask_mov_epi32(l, noneL, _mm_set1_epi32(-1)),
                                    _mm_mask_mov_epi32(r, noneR, _mm_set1_epi32(-1)));
    lowest = _mm_min_epi32(lowest, _mm_shuffle_epi32(lowest, 0x4E));
    lowest = _mm_min_epi32(lowest, _mm_shuffle_epi32(lowest, 0xB1));
    highest = _mm_max_epi32(highest, _mm_shuffle_epi32(highest, 0x4E));
    highest = _mm_max_epi32(highest, _mm_shuffle_epi32(highest, 0xB1));
    int32_t first = _mm_cvtsi128_si32(lowest), last = _mm_cvtsi128_si32(highest);
    // Every column transparent: the group reads one slot, loaded as 0.
    if (last < 0) first = last = 0;
    // The slot a transparent column reads: the one after the last column of the image.
    const int32_t hole = last + 1;
    if ((noneL | noneR) ? hole - first >= 8 : last - first >= 8) return 0;
    l = _mm_mask_mov_epi32(l, noneL, _mm_set1_epi32(hole));
    r = _mm_mask_mov_epi32(r, noneR, _mm_set1_epi32(hole));
    t->base[g] = first;
    // The columns loaded: the group's of the image, none at or past `hole` (nor past `reach`).
    const int32_t end = hole < reach ? hole : reach, inside = end - first < 8 ? end - first : 8;
    t->columns[g] = inside <= 0 ? 0 : inside == 8 ? 0xFFFFFFFFu : (1u << (4 * inside)) - 1;
    // Each pixel's (left, right) columns from the group's first, four bytes a column.
    const __m256i pairs = _mm256_set_m128i(_mm_unpackhi_epi32(l, r), _mm_unpacklo_epi32(l, r));
    const __m128i offsets = _mm256_cvtepi32_epi16(_mm256_slli_epi32(_mm256_sub_epi32(pairs, _mm256_set1_epi32(first)), 2));
    _mm512_store_si512(t->index[g], _mm512_add_epi16(_mm512_permutexvar_epi16(spread, _mm512_castsi128_si512(offsets)), channel));
    // Each pixel's (128 − ux, ux).
    const __m128i u = _mm_loadl_epi64((const __m128i *)(ux + 4 * g));
    const __m128i both = _mm_unpacklo_epi16(_mm_sub_epi16(_mm_set1_epi16(128), u), u);
    _mm512_store_si512(t->weight[g], _mm512_permutexvar_epi16(spread, _mm512_castsi128_si512(both)));
    return 1;
}

/// A group's coverage, at `cov` (NULL: none): 0 where its four pixels are all uncovered (then
/// written as 0, or left as they are with `over`, without their arithmetic: a glyph's box is
/// mostly uncovered), else 1 with `*c` the four coverage values and `*keep` the covered lanes.
SHEEN_INLINE int sample_group_covered(uint8_t *out, const uint8_t *cov, __mmask16 pixels, const int over, __m128i *c,
                                      __m128i *keep) {
    *keep = _mm_set1_epi32(-1);
    *c = _mm_set1_epi32(255);
    if (!cov) return 1;
    *c = _mm_cvtepu8_epi32(_mm_maskz_loadu_epi8(pixels, cov));
    if (_mm_testz_si128(*c, *c)) {
        if (!over) _mm_mask_storeu_epi32(out, pixels, _mm_setzero_si128());
        return 0;
    }
    *keep = _mm_xor_si128(_mm_cmpeq_epi32(*c, _mm_setzero_si128()), *keep);
    return 1;
}

/// A group's `sums` (each channel's weighted sum, 2¹⁴ times the sample) written to its pixels
/// at `out`: 0 where `keep` is not set, or composited with `over` through coverage `c`.
SHEEN_INLINE void sample_group_store(uint8_t *out, __mmask16 pixels, __m512i sums, __m128i c, __m128i keep, const int over) {
    if (over) {
        const sample16 samples = (sample16)_mm512_srli_epi32(sums, 14);
        const sample16b composed = sample_over_bytes((sample16b)_mm_maskz_loadu_epi32(pixels, out), &samples, (sample4u)c);
        _mm_mask_storeu_epi32(out, pixels, (__m128i)composed);
    } else {
        _mm_mask_storeu_epi32(out, pixels, _mm_and_si128(_mm512_cvtepi32_epi8(_mm512_srli_epi32(sums, 14)), keep));
    }
}

/// The rows of sample_scaled_groups, its groups worked out in `t` (or, `lazy`, where `ready`
/// says not yet): a function of its own, inlined with `over` a constant, so that the loop
/// without it keeps its values in registers (the composite inlined in it made it spill).
SHEEN_INLINE void sample_group_rows(const SheenBilinearJob *job, sample_groups *t, uint8_t *ready, int lazy, intptr_t begin,
                                    int n, const int32_t *left, const int32_t *right, const uint16_t *ux, int32_t lo,
                                    int32_t reach, const int over) {
    const SheenBilinearJob j = *job;
    const int groups = (n + 3) / 4;
    for (intptr_t r = 0; r < j.height; r++) {
        const int32_t Y = j.y + (int32_t)r * j.dydr - 0x8000, cy = Y >> 16;
        const int16_t uy = (int16_t)((Y >> 9) & 127), vy = (int16_t)(128 - uy);
        const int32_t r0 = sample_place(cy, j.srcHeight, j.repeat), r1 = sample_place(cy + 1, j.srcHeight, j.repeat);
        // A transparent row (repeat none) loads nothing.
        const uint8_t *p0 = r0 >= 0 ? j.src + r0 * j.srcStride + (intptr_t)lo * 4 : j.src;
        const uint8_t *p1 = r1 >= 0 ? j.src + r1 * j.srcStride + (intptr_t)lo * 4 : j.src;
        const __mmask32 rows0 = r0 >= 0 ? 0xFFFFFFFFu : 0, rows1 = r1 >= 0 ? 0xFFFFFFFFu : 0;
        const __m512i top = _mm512_set1_epi16(vy), bottom = _mm512_set1_epi16(uy);
        uint8_t *out = j.dst + r * j.dstStride + begin * 4;
        const uint8_t *cov = j.coverage ? j.coverage + r * j.coverageStride + begin : NULL;
        for (int g = 0; g < groups; g++) {
            const int k = 4 * g;
            // The group's pixels in the chunk: masked loads and stores touch none past its end.
            const __mmask16 pixels = (__mmask16)(n - k < 4 ? (1u << (n - k)) - 1 : 15u);
            __m128i keep = _mm_set1_epi32(-1), c = _mm_set1_epi32(255);
            if (cov) {
                // As sample_group_covered, and the group worked out where `lazy` asks (kept
                // here: the helper's form ran this path 15–20 % slower on an Intel Xeon).
                c = _mm_cvtepu8_epi32(_mm_maskz_loadu_epi8(pixels, cov + k));
                if (_mm_testz_si128(c, c)) {
                    if (!over) _mm_mask_storeu_epi32(out + 4 * k, pixels, _mm_setzero_si128());
                    continue;
                }
                keep = _mm_xor_si128(_mm_cmpeq_epi32(c, _mm_setzero_si128()), keep);
                if (lazy && !ready[g]) {
                    sample_group(t, g, left, right, ux, reach);
                    ready[g] = 1;
                }
            }
            const __m512i a = _mm512_cvtepu8_epi16(_mm256_maskz_loadu_epi8(t->columns[g] & rows0, p0 + 4 * t->base[g]));
            const __m512i b = _mm512_cvtepu8_epi16(_mm256_maskz_loadu_epi8(t->columns[g] & rows1, p1 + 4 * t->base[g]));
            const __m512i blended = _mm512_add_epi16(_mm512_mullo_epi16(a, top), _mm512_mullo_epi16(b, bottom));
            const __m512i pairs = _mm512_permutexvar_epi16(_mm512_load_si512(t->index[g]), blended);
            const __m512i sums = _mm512_madd_epi16(pairs, _mm512_load_si512(t->weight[g]));
            if (over) {
                const sample16 samples = (sample16)_mm512_srli_epi32(sums, 14);
                const sample16b composed = sample_over_bytes((sample16b)_mm_maskz_loadu_epi32(pixels, out + 4 * k), &samples, (sample4u)c);
                _mm_mask_storeu_epi32(out + 4 * k, pixels, (__m128i)composed);
            } else {
                _mm_mask_storeu_epi32(out + 4 * k, pixels, _mm_and_si128(_mm512_cvtepi32_epi8(_mm512_srli_epi32(sums, 14)), keep));
            }
        }
    }
}

/// A 32-bit image's chunk of sample_scaled (`n` pixels from column `begin`; `left` and `right`
/// each pixel's columns counted from `lo`, `reach` for a transparent one; `ux` its weights)
/// drawn four pixels at a time straight from the two source rows: each group's columns (at
/// most 8) loaded from both rows by a masked load, which reads nothing outside the columns the
/// chunk reads (so nothing past the image's row), blended down the rows in 16-bit lanes,
/// permuted into each channel's (left, right) pair and summed with the pair's weights by one
/// multiply-add — sample_scaled's integers, without its blended row in memory (whose unaligned
/// reloads waited on the stores that had just made it). 0, nothing written, where a group's
/// pixels read more than 8 columns (a minification beyond about 2×, a repeat's wrap between
/// them), or the chunk is a single row not worked out lazily: sample_scaled draws the chunk.
/// `allInside`: every column of the chunk lies inside the image.
static int sample_scaled_groups(const SheenBilinearJob *job, intptr_t begin, int n, const int32_t *left,
                                const int32_t *right, const uint16_t *ux, int32_t lo, int32_t reach, int allInside) {
    const SheenBilinearJob j = *job;
    sample_groups t;
    const int groups = (n + 3) / 4;
    // Under coverage, with every column inside the image and a step below 2 columns (a group's
    // columns then span at most 7), a group is worked out where a row first covers it: cairo
    // strokes a shape a few rows at a time, most groups of each covered by none. Otherwise
    // every group first, to find one reading too far before anything is written.
    const int lazy = j.coverage && allInside && j.dxdi > -131072 && j.dxdi < 131072;
    // A single row whose groups would all be worked out first is the blended row's: every group
    // of the chunk for one row cost more than the row (cairo fills a shape of a magnified image
    // a span at a time: fill-eo-noaa of one at 512 × 512 ran at 0.87× pixman's speed in groups,
    // 1.2× so).
    if (!lazy && j.height < 2) return 0;
    uint8_t ready[SAMPLE_CHUNK / 4];
    if (lazy) {
        memset(ready, 0, (size_t)groups);
    } else {
        for (int g = 0; g < groups; g++) {
            if (!sample_group(&t, g, left, right, ux, reach)) return 0;
        }
    }
    if (j.over) sample_group_rows(&j, &t, ready, lazy, begin, n, left, right, ux, lo, reach, 1);
    else sample_group_rows(&j, &t, ready, lazy, begin, n, left, right, ux, lo, reach, 0);
    return 1;
}
#endif
