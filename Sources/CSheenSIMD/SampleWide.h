// sample_bilinear's path for a magnified 32-bit image from registers alone at AVX-512
// (SampleBilinearBody.h; Rows+AVX512.c defines SHEEN_SAMPLE_PERMUTE): sample_scaled takes it
// for up to 16 rows of any width (spans, a glyph run's mask) and any height up to 16 pixels wide
// (a glyph's box).

#ifdef SHEEN_SAMPLE_PERMUTE
/// What one destination row of sample_scaled_wide reads: its two source rows (a transparent one,
/// repeat none, loads nothing: its mask 0, its address the image's), their weights, and what
/// columns −1 and srcWidth read in each (pad: the row's first and last pixels; else 0).
typedef struct {
    const uint8_t *p0, *p1;
    __mmask16 rows0, rows1;
    int16_t vy, uy;
    uint32_t left0, left1, right0, right1;
} sample_wide_row;

/// Row `r`'s sample_wide_row.
SHEEN_INLINE sample_wide_row sample_wide_row_at(const SheenBilinearJob *j, intptr_t r, int pad) {
    sample_wide_row v;
    const int32_t Y = j->y + (int32_t)r * j->dydr - 0x8000, cy = Y >> 16;
    v.uy = (int16_t)((Y >> 9) & 127);
    v.vy = (int16_t)(128 - v.uy);
    const int32_t r0 = sample_place(cy, j->srcHeight, j->repeat), r1 = sample_place(cy + 1, j->srcHeight, j->repeat);
    v.p0 = r0 >= 0 ? j->src + r0 * j->srcStride : j->src;
    v.p1 = r1 >= 0 ? j->src + r1 * j->srcStride : j->src;
    v.rows0 = r0 >= 0 ? 0xFFFF : 0;
    v.rows1 = r1 >= 0 ? 0xFFFF : 0;
    v.left0 = v.left1 = v.right0 = v.right1 = 0;
    if (pad) {
        memcpy(&v.left0, v.p0, 4);
        memcpy(&v.left1, v.p1, 4);
        memcpy(&v.right0, v.p0 + 4 * (intptr_t)(j->srcWidth - 1), 4);
        memcpy(&v.right1, v.p1 + 4 * (intptr_t)(j->srcWidth - 1), 4);
    }
    return v;
}

/// Lane p's position in a block of 16 pixels from X (16.16; `steps`: p·dxdi), as the block's
/// (left column − c0)·4 in each of its first 16 words (`*at`) and each pixel's (128 − ux, ux) in
/// words 2p and 2p + 1 (`*both`).
SHEEN_INLINE void sample_wide_columns(int32_t X, int32_t c0, __m512i steps, __m512i *at, __m512i *both) {
    const __m512i interleave = _mm512_set_epi16(47, 15, 46, 14, 45, 13, 44, 12, 43, 11, 42, 10, 41, 9, 40, 8,
                                                39, 7, 38, 6, 37, 5, 36, 4, 35, 3, 34, 2, 33, 1, 32, 0);
    const __m512i x = _mm512_add_epi32(_mm512_set1_epi32(X), steps);
    const __m512i columns = _mm512_slli_epi32(_mm512_sub_epi32(_mm512_srai_epi32(x, 16), _mm512_set1_epi32(c0)), 2);
    *at = _mm512_castsi256_si512(_mm512_cvtepi32_epi16(columns));
    const __m512i ux = _mm512_castsi256_si512(_mm512_cvtepi32_epi16(_mm512_and_si512(_mm512_srli_epi32(x, 9), _mm512_set1_epi32(127))));
    *both = _mm512_permutex2var_epi16(_mm512_sub_epi16(_mm512_set1_epi16(128), ux), interleave, ux);
}

/// Group g's permute of a block's blended columns: lane 8p + 2c + s holds pixel 4g + p's
/// channel c of its left (s 0) or right (s 1) column, word 4·column + c + 4s of the blend.
SHEEN_INLINE __m512i sample_wide_index(__m512i at, int g) {
    const __m512i lanes = _mm512_set_epi16(7, 3, 6, 2, 5, 1, 4, 0, 7, 3, 6, 2, 5, 1, 4, 0,
                                           7, 3, 6, 2, 5, 1, 4, 0, 7, 3, 6, 2, 5, 1, 4, 0);
    const __m512i pixel = _mm512_set_epi16(3, 3, 3, 3, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2, 2, 2,
                                           1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0);
    return _mm512_add_epi16(_mm512_permutexvar_epi16(_mm512_add_epi16(pixel, _mm512_set1_epi16((short)(4 * g))), at), lanes);
}

/// Group g's weights: lane 8p + 2c + s is word 2(4g + p) + s of `both`.
SHEEN_INLINE __m512i sample_wide_weights(__m512i both, int g) {
    const __m512i weightLanes = _mm512_set_epi16(7, 6, 7, 6, 7, 6, 7, 6, 5, 4, 5, 4, 5, 4, 5, 4,
                                                 3, 2, 3, 2, 3, 2, 3, 2, 1, 0, 1, 0, 1, 0, 1, 0);
    return _mm512_permutexvar_epi16(_mm512_add_epi16(weightLanes, _mm512_set1_epi16((short)(8 * g))), both);
}

/// A block's 16 columns from c0 (`load`: those left of the image's right edge, `inImage` of
/// them) blended down row `v`'s two source rows (`top`, `bottom`: their weights in every lane),
/// channels in 16-bit lanes: columns c0…c0 + 7 in `*low`, the rest in `*high`.
SHEEN_INLINE void sample_wide_blend(const sample_wide_row *v, __m512i top, __m512i bottom, int32_t c0, __mmask16 load,
                                    int32_t inImage, int pad, __m512i *low, __m512i *high) {
    __m512i a, b;
    if (c0 >= 0) {
        a = _mm512_maskz_loadu_epi32(load & v->rows0, v->p0 + 4 * (intptr_t)c0);
        b = _mm512_maskz_loadu_epi32(load & v->rows1, v->p1 + 4 * (intptr_t)c0);
    } else {
        // The first block from column −1: the row from column 0 (no address left of it
        // formed), moved up a lane over what column −1 reads.
        a = _mm512_alignr_epi32(_mm512_maskz_loadu_epi32((__mmask16)(load >> 1) & v->rows0, v->p0), _mm512_set1_epi32((int)v->left0), 15);
        b = _mm512_alignr_epi32(_mm512_maskz_loadu_epi32((__mmask16)(load >> 1) & v->rows1, v->p1), _mm512_set1_epi32((int)v->left1), 15);
    }
    if (pad && inImage < 16) {
        a = _mm512_mask_mov_epi32(a, (__mmask16)~load, _mm512_set1_epi32((int)v->right0));
        b = _mm512_mask_mov_epi32(b, (__mmask16)~load, _mm512_set1_epi32((int)v->right1));
    }
    *low = _mm512_add_epi16(_mm512_mullo_epi16(_mm512_cvtepu8_epi16(_mm512_castsi512_si256(a)), top),
                            _mm512_mullo_epi16(_mm512_cvtepu8_epi16(_mm512_castsi512_si256(b)), bottom));
    *high = _mm512_add_epi16(_mm512_mullo_epi16(_mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64(a, 1)), top),
                             _mm512_mullo_epi16(_mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64(b, 1)), bottom));
}

/// Pixels k…k + 3 of a row `width` wide (`out`, `cov`: its first pixel and coverage, NULL for
/// none) from a block's blended columns `low` and `high` through group permute `index` and its
/// `weights`: sample_group_store's pixels, none where sample_group_covered skips the group.
SHEEN_INLINE void sample_wide_group(uint8_t *out, const uint8_t *cov, intptr_t width, intptr_t k, __m512i low, __m512i high,
                                    __m512i index, __m512i weights, const int over) {
    const __mmask16 pixels = (__mmask16)(width - k < 4 ? (1u << (width - k)) - 1 : 15u);
    __m128i keep, c;
    if (!sample_group_covered(out + 4 * k, cov ? cov + k : NULL, pixels, over, &c, &keep)) return;
    sample_group_store(out + 4 * k, pixels, _mm512_madd_epi16(_mm512_permutex2var_epi16(low, index, high), weights), c, keep, over);
}

/// A 32-bit image magnified at least 1.23× along its rows (0 < dxdi ≤ 53,248), in a job of at
/// most 16 rows (cairo's spans, and the mask of a glyph run, pixman_composite_glyphs: a text
/// line's 8–12 rows), or of any height at most 16 pixels wide (a glyph's box: cairo draws text
/// of a magnified image a glyph at a time, pixman_composite_glyphs_no_mask), whose every column read
/// lies inside the image — or, with repeat none or pad, one column past either edge (a 64 × 1
/// span reaching both edges went through the table at 0.53× pixman's speed on an Intel Xeon,
/// and runs at 1.25× here): sixteen pixels then read at most 15 columns, one masked 64-byte load
/// from each source row (none past the row's last pixel), blended down the rows in 16-bit
/// lanes; each group of 4 pixels' (left, right) pairs are picked from those columns by one
/// two-register permute and summed by one multiply-add — sample_scaled_groups' integers, with
/// each block's indices and weights made in registers from its positions instead of a table,
/// which for one or two rows cost more than the rows (cairo fills a magnified image a span, or
/// two rows, at a time: on an Intel Xeon a 480-pixel span ran at 0.80× pixman's speed through
/// the blended row, two rows at 0.84× in groups). A job of three rows or more makes them once
/// for all its rows, block by block (cairo's 8-pixel text of a magnified image, through the
/// run's mask, went from 0.95× to 1.09× pixman's speed so at 128 × 128). 0, nothing written,
/// where it does not apply.
__attribute__((noinline)) static int sample_scaled_wide(const SheenBilinearJob *job, const int over) {
    // The job read field by field where used, not copied whole: its caller (Swift) has just
    // stored it, and a whole copy's 64-byte loads waited on those stores (4 % of cairo's text of
    // a magnified image, a glyph a call, on an Intel Xeon). `restrict`: no store of the job's
    // reaches it, so its fields stay in registers.
    const SheenBilinearJob *const restrict jp = job;
    const intptr_t width = jp->width, height = jp->height;
    if ((height > 16 && width > 16) || height <= 0 || width <= 0 || jp->dxdi <= 0 || jp->dxdi > 53248) return 0;
    const int64_t first = (int64_t)jp->x - 0x8000, last = first + (int64_t)(width - 1) * jp->dxdi;
    // Columns −1 and srcWidth, one past an edge, read as transparent (none) or as the edge's own
    // pixel (pad); the other repeats' lie elsewhere in the image.
    const int pad = jp->repeat == SHEEN_SAMPLE_PAD, edges = pad || jp->repeat == SHEEN_SAMPLE_NONE;
    if (first < (edges ? -0x10000 : 0) || last > INT32_MAX || (last >> 16) + 1 > (int64_t)jp->srcWidth - (edges ? 0 : 1)) return 0;
    const __m512i steps = _mm512_mullo_epi32(_mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0),
                                             _mm512_set1_epi32(jp->dxdi));
    if (height > 2) {
        // A glyph's box (one block), or a glyph run's mask (up to 16 rows): block by block, each
        // block's columns, and each group's permute and weights, made once for its rows (a table
        // of four on the stack, read back per group; groups past the box's width are made and
        // not used); the rows' source rows worked out once for all blocks of a box wider than
        // one.
        sample_wide_row rows[16];
        const int kept = height <= 16 && width > 16;
        for (intptr_t r = 0; kept && r < height; r++) rows[r] = sample_wide_row_at(jp, r, pad);
        for (intptr_t k0 = 0; k0 < width; k0 += 16) {
            const int32_t X = (int32_t)(first + (int64_t)k0 * jp->dxdi), c0 = X >> 16, inImage = jp->srcWidth - c0;
            const __mmask16 load = inImage >= 16 ? 0xFFFF : (__mmask16)((1u << inImage) - 1);
            __m512i at, both, index[4], weights[4];
            sample_wide_columns(X, c0, steps, &at, &both);
            for (int g = 0; g < 4; g++) {
                index[g] = sample_wide_index(at, g);
                weights[g] = sample_wide_weights(both, g);
            }
            for (intptr_t r = 0; r < height; r++) {
                const sample_wide_row v = kept ? rows[r] : sample_wide_row_at(jp, r, pad);
                __m512i low, high;
                sample_wide_blend(&v, _mm512_set1_epi16(v.vy), _mm512_set1_epi16(v.uy), c0, load, inImage, pad, &low, &high);
                uint8_t *out = jp->dst + r * jp->dstStride;
                const uint8_t *cov = jp->coverage ? jp->coverage + r * jp->coverageStride : NULL;
                for (int g = 0; g < 4; g++) {
                    if (k0 + 4 * g < width) sample_wide_group(out, cov, width, k0 + 4 * g, low, high, index[g], weights[g], over);
                }
            }
        }
        return 1;
    }
    for (intptr_t r = 0; r < height; r++) {
        const sample_wide_row v = sample_wide_row_at(jp, r, pad);
        const __m512i top = _mm512_set1_epi16(v.vy), bottom = _mm512_set1_epi16(v.uy);
        uint8_t *out = jp->dst + r * jp->dstStride;
        const uint8_t *cov = jp->coverage ? jp->coverage + r * jp->coverageStride : NULL;
        for (intptr_t k0 = 0; k0 < width; k0 += 16) {
            const int32_t X = (int32_t)(first + (int64_t)k0 * jp->dxdi), c0 = X >> 16, inImage = jp->srcWidth - c0;
            const __mmask16 load = inImage >= 16 ? 0xFFFF : (__mmask16)((1u << inImage) - 1);
            __m512i at, both, low, high;
            sample_wide_columns(X, c0, steps, &at, &both);
            sample_wide_blend(&v, top, bottom, c0, load, inImage, pad, &low, &high);
            // (Each group's permute and weights made where it is covered: all four made first
            // spilled the registers this loop keeps.)
            for (int g = 0; g < 4 && k0 + 4 * g < width; g++) {
                sample_wide_group(out, cov, width, k0 + 4 * g, low, high, sample_wide_index(at, g), sample_wide_weights(both, g), over);
            }
        }
    }
    return 1;
}
#endif
