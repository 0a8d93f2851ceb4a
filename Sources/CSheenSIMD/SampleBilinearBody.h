// sample_bilinear, compiled per level like the other row bodies (Rows+SIMD128.c, Rows+AVX2.c,
// Rows+AVX512.c define SHEEN_ROW_VECTOR, the bytes of one vector, and SHEEN_SAMPLE_ENTRY, the
// entry's name): an image under an affine transform sampled with pixman's bilinear filter
// (SheenBilinearJob, CSheenSIMD.h, states the arithmetic; BilinearSampling.swift is its twin).
// A vector of pixels at a time: positions, weights and the four weighted sums per channel in
// 32-bit lanes (every sum is below 2²⁴); the four pixels of each lane are read one lane at a
// time — a lane whose four pixels all lie inside the image reads them directly, the others
// through the repeat's placement, transparent where repeat none puts them outside. An image
// that is only scaled and translated (cairo's scaled masks and surface patterns) takes a row
// path of its own, sample_scaled, to the same bytes. A job with `over` composites each sample
// onto the destination through its coverage instead of writing it (sample_over1, sample_over4).

#include <stdint.h>
#include <string.h>

#define SAMPLE_LANES (SHEEN_ROW_VECTOR / 4)
typedef int32_t samplevec __attribute__((ext_vector_type(SAMPLE_LANES)));
typedef uint32_t sampleuvec __attribute__((ext_vector_type(SAMPLE_LANES)));

/// Coordinate `c` of an image `n` pixels long placed by `repeat`; -1 (transparent) outside for
/// SHEEN_SAMPLE_NONE. pixman-inlines.h's repeat(): normal wraps, pad clamps, reflect mirrors
/// every other period.
SHEEN_INLINE int32_t sample_place(int32_t c, int32_t n, uint32_t repeat) {
    switch (repeat) {
    case SHEEN_SAMPLE_NORMAL: {
        // Within a period of the image, no division.
        if (c >= 0 && c < n) return c;
        if (c < 0 && c >= -n) return c + n;
        if (c >= n && c - n < n) return c - n;
        int32_t m = c % n;
        return m < 0 ? m + n : m;
    }
    case SHEEN_SAMPLE_PAD: return c < 0 ? 0 : c >= n ? n - 1 : c;
    case SHEEN_SAMPLE_REFLECT: {
        if (c >= 0 && c < n) return c;
        int32_t m = c % (2 * n);
        if (m < 0) m += 2 * n;
        return m >= n ? 2 * n - m - 1 : m;
    }
    default: return c >= 0 && c < n ? c : -1;
    }
}

/// The pixel (or A8 value) at placed coordinates; 0 where either is -1.
SHEEN_INLINE uint32_t sample_read(const SheenBilinearJob *j, int32_t c, int32_t r) {
    if (c < 0 || r < 0) return 0;
    const uint8_t *p = j->src + r * j->srcStride + (intptr_t)c * j->bytesPerPixel;
    if (j->bytesPerPixel == 1) return *p;
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

/// ⌊Σ value·weight / 2¹⁴⌋ of one channel (its byte `shift` bits up in each value).
SHEEN_INLINE sampleuvec sample_channel(sampleuvec tl, sampleuvec tr, sampleuvec bl, sampleuvec br, sampleuvec w00,
                                       sampleuvec w10, sampleuvec w01, sampleuvec w11, int shift) {
    const sampleuvec m = (sampleuvec)255u;
    return (((tl >> shift) & m) * w00 + ((tr >> shift) & m) * w10 + ((bl >> shift) & m) * w01
            + ((br >> shift) & m) * w11) >> 14;
}

// Four 32-bit pixels as sixteen channels (32-bit lanes), and as their bytes.
typedef uint32_t sample16 __attribute__((ext_vector_type(16)));
typedef uint8_t sample16b __attribute__((ext_vector_type(16)));
typedef uint32_t sample4u __attribute__((ext_vector_type(4)));
// The same in 16-bit lanes (sample_over4's arithmetic), and four coverage values so.
typedef uint16_t sample16x __attribute__((ext_vector_type(16)));
typedef uint16_t sample4x __attribute__((ext_vector_type(4)));

/// ⌊x / 255⌉ (x ≤ 255²): Div255.swift's roundDiv255, on one value and (a macro: a vector wider
/// than some levels' registers is no function argument) on sixteen 16-bit lanes, where x + 128 +
/// (x + 128) / 256 still fits.
SHEEN_INLINE uint32_t sample_div255(uint32_t x) {
    const uint32_t t = x + 128;
    return (t + (t >> 8)) >> 8;
}
#define SAMPLE_DIV255_16(x) ({ const sample16x t_ = (x) + 128; (t_ + (t_ >> 8)) >> 8; })

/// sourceOver of sample `p` (a 32-bit pixel, alpha its fourth byte) onto the pixel at `d`
/// through coverage `c` (0…255), as SheenBilinearJob's `over` states it (CompositeReference's
/// sourceOver through coverage: an opaque sample lerped, rounded once; any other scaled by the
/// coverage, then over, saturating).
SHEEN_INLINE void sample_over1(uint8_t *d, uint32_t p, uint32_t c) {
    if (p >> 24 == 255) {
        for (int k = 0; k < 4; k++) d[k] = (uint8_t)sample_div255(((p >> (8 * k)) & 255) * c + d[k] * (255 - c));
        return;
    }
    uint32_t scaled[4];
    for (int k = 0; k < 4; k++) scaled[k] = sample_div255(((p >> (8 * k)) & 255) * c);
    for (int k = 0; k < 4; k++) {
        const uint32_t v = scaled[k] + sample_div255(d[k] * (255 - scaled[3]));
        d[k] = (uint8_t)(v > 255 ? 255 : v);
    }
}

/// sample_over1 of four samples (`*samples`: their sixteen channels, each 0…255) onto the four
/// pixels `bytes` through coverage `c4`, the composited pixels returned, in vectors of 16-bit
/// lanes (every product and sum of the arithmetic is at most 255² + 255 + 255: 16 bits hold it).
SHEEN_INLINE sample16b sample_over_bytes(sample16b bytes, const sample16 *samples, sample4u c4) {
    const sample16x s = __builtin_convertvector(*samples, sample16x);
    const sample16x dv = __builtin_convertvector(bytes, sample16x);
    const sample4x c4x = __builtin_convertvector(c4, sample4x);
    const sample16x c = __builtin_shufflevector(c4x, c4x, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3);
    const sample16x alpha = __builtin_shufflevector(s, s, 3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15, 15, 15, 15);
    const sample16x lerped = SAMPLE_DIV255_16(s * c + dv * (255 - c));
    const sample16x scaled = SAMPLE_DIV255_16(s * c);
    const sample16x scaledAlpha = __builtin_shufflevector(scaled, scaled, 3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15, 15, 15, 15);
    const sample16x over = __builtin_elementwise_min(scaled + SAMPLE_DIV255_16(dv * (255 - scaledAlpha)), (sample16x)255);
    // Each form packed to bytes, then chosen: the choice packed in one (a masked narrowing
    // store) ran slower (AMD EPYC).
    const sample16b opaque = (sample16b)(__builtin_convertvector(alpha, sample16b) == 255);
    return (__builtin_convertvector(lerped, sample16b) & opaque) | (__builtin_convertvector(over, sample16b) & ~opaque);
}

/// sample_over_bytes onto the four pixels at `d`.
SHEEN_INLINE void sample_over4(uint8_t *d, const sample16 *samples, sample4u c4) {
    sample16b bytes;
    memcpy(&bytes, d, sizeof bytes);
    bytes = sample_over_bytes(bytes, samples, c4);
    memcpy(d, &bytes, sizeof bytes);
}

/// Pixels [begin, end) of row r, a vector of lanes at a time (lanes past `end` are computed and
/// not stored).
static void sample_span(const SheenBilinearJob *job, intptr_t r, intptr_t begin, intptr_t end) {
    const SheenBilinearJob j = *job;
    const int32_t w = j.srcWidth, h = j.srcHeight;
    samplevec iota;
    for (int k = 0; k < SAMPLE_LANES; k++) iota[k] = k;
    const int32_t rx = j.x + (int32_t)r * j.dxdr, ry = j.y + (int32_t)r * j.dydr;
    uint8_t *out = j.dst + r * j.dstStride;
    const uint8_t *cov = j.coverage ? j.coverage + r * j.coverageStride : NULL;
    for (intptr_t i0 = begin; i0 < end; i0 += SAMPLE_LANES) {
        const int n = end - i0 < SAMPLE_LANES ? (int)(end - i0) : SAMPLE_LANES;
        // Each lane's coverage (0 past `n`), and the lanes all 0: written as 0 (left as they
        // are, with `over`), not sampled.
        sampleuvec covered = (sampleuvec)255u;
        if (cov) {
            for (int k = 0; k < SAMPLE_LANES; k++) covered[k] = k < n ? cov[i0 + k] : 0;
            if (__builtin_reduce_or(covered) == 0) {
                if (!j.over) memset(out + i0 * j.bytesPerPixel, 0, (size_t)n * j.bytesPerPixel);
                continue;
            }
        }
        const sampleuvec keep = (sampleuvec)(covered != 0);
        const samplevec lane = iota + (int32_t)i0;
        const samplevec X = rx + lane * j.dxdi - 0x8000, Y = ry + lane * j.dydi - 0x8000;
        const samplevec wx = (X >> 9) & 127, wy = (Y >> 9) & 127;
        const samplevec cx = X >> 16, cy = Y >> 16;
        // The four pixels of each lane, read into plain arrays (a lane at a time; one vector
        // load of each array after), whose stores the compiler keeps scalar and cheap.
        uint32_t ptl[SAMPLE_LANES], ptr[SAMPLE_LANES], pbl[SAMPLE_LANES], pbr[SAMPLE_LANES];
        int32_t ax[SAMPLE_LANES], ay[SAMPLE_LANES];
        memcpy(ax, &cx, sizeof ax);
        memcpy(ay, &cy, sizeof ay);
        for (int k = 0; k < SAMPLE_LANES; k++) {
            const int32_t c = ax[k], rr = ay[k];
            if (k >= n) {
                ptl[k] = ptr[k] = pbl[k] = pbr[k] = 0;
            } else if (c >= 0 && c < w - 1 && rr >= 0 && rr < h - 1) {
                const uint8_t *p0 = j.src + rr * j.srcStride, *p1 = p0 + j.srcStride;
                if (j.bytesPerPixel == 1) {
                    ptl[k] = p0[c]; ptr[k] = p0[c + 1]; pbl[k] = p1[c]; pbr[k] = p1[c + 1];
                } else {
                    memcpy(&ptl[k], p0 + 4 * (intptr_t)c, 4); memcpy(&ptr[k], p0 + 4 * (intptr_t)c + 4, 4);
                    memcpy(&pbl[k], p1 + 4 * (intptr_t)c, 4); memcpy(&pbr[k], p1 + 4 * (intptr_t)c + 4, 4);
                }
            } else {
                const int32_t c0 = sample_place(c, w, j.repeat), c1 = sample_place(c + 1, w, j.repeat);
                const int32_t r0 = sample_place(rr, h, j.repeat), r1 = sample_place(rr + 1, h, j.repeat);
                ptl[k] = sample_read(&j, c0, r0);
                ptr[k] = sample_read(&j, c1, r0);
                pbl[k] = sample_read(&j, c0, r1);
                pbr[k] = sample_read(&j, c1, r1);
            }
        }
        sampleuvec tl, tr, bl, br;
        memcpy(&tl, ptl, sizeof tl); memcpy(&tr, ptr, sizeof tr);
        memcpy(&bl, pbl, sizeof bl); memcpy(&br, pbr, sizeof br);
        // The weights (0…128 each way) as unsigned lanes, like the sums they make.
        const sampleuvec ux = (sampleuvec)wx, uy = (sampleuvec)wy, vx = 128u - ux, vy = 128u - uy;
        const sampleuvec w00 = vx * vy, w10 = ux * vy, w01 = vx * uy, w11 = ux * uy;
        if (j.bytesPerPixel == 1) {
            typedef uint8_t samplebytes __attribute__((ext_vector_type(SAMPLE_LANES)));
            const samplebytes v = __builtin_convertvector(sample_channel(tl, tr, bl, br, w00, w10, w01, w11, 0) & keep, samplebytes);
            memcpy(out + i0, &v, (size_t)n);
        } else {
            const sampleuvec v = (sample_channel(tl, tr, bl, br, w00, w10, w01, w11, 0)
                | sample_channel(tl, tr, bl, br, w00, w10, w01, w11, 8) << 8
                | sample_channel(tl, tr, bl, br, w00, w10, w01, w11, 16) << 16
                | sample_channel(tl, tr, bl, br, w00, w10, w01, w11, 24) << 24) & keep;
            if (j.over) {
                for (int k = 0; k < n; k++) {
                    if (covered[k]) sample_over1(out + 4 * (i0 + k), v[k], covered[k]);
                }
            } else if (n == SAMPLE_LANES) {
                memcpy(out + 4 * i0, &v, sizeof v);
            } else {
                for (int k = 0; k < n; k++) {
                    const uint32_t p = v[k];
                    memcpy(out + 4 * (i0 + k), &p, 4);
                }
            }
        }
    }
}

/// Columns a chunk of the scaled path works out at once, and how far apart (in source columns)
/// the columns it reads may lie: a chunk reading more goes through sample_span (a minification
/// beyond 4×, or a repeat's wrap across a wide image).
#define SAMPLE_CHUNK 256
#define SAMPLE_CHUNK_REACH (4 * SAMPLE_CHUNK + 8)

#ifdef SHEEN_SAMPLE_PERMUTE
/// What sample_scaled_groups works out for each group of 4 pixels.
typedef struct {
    int32_t base[SAMPLE_CHUNK / 4];         // the group's first column, from `lo`
    __mmask32 columns[SAMPLE_CHUNK / 4];    // the bytes of its 8 columns inside the image
    uint16_t index[SAMPLE_CHUNK / 4][32] __attribute__((aligned(64)));  // the permute
    int16_t weight[SAMPLE_CHUNK / 4][32] __attribute__((aligned(64)));  // the pairs' weights
} sample_groups;

/// Works out group `g`'s entries of `t` from its pixels' columns and weights; 0 where they read
/// more than 8 columns.
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
    const __m128i l = _mm_loadu_si128((const __m128i *)(left + 4 * g));
    const __m128i r = _mm_loadu_si128((const __m128i *)(right + 4 * g));
    __m128i lowest = _mm_min_epi32(l, r), highest = _mm_max_epi32(l, r);
    lowest = _mm_min_epi32(lowest, _mm_shuffle_epi32(lowest, 0x4E));
    lowest = _mm_min_epi32(lowest, _mm_shuffle_epi32(lowest, 0xB1));
    highest = _mm_max_epi32(highest, _mm_shuffle_epi32(highest, 0x4E));
    highest = _mm_max_epi32(highest, _mm_shuffle_epi32(highest, 0xB1));
    const int32_t first = _mm_cvtsi128_si32(lowest), last = _mm_cvtsi128_si32(highest);
    if (last - first >= 8) return 0;
    t->base[g] = first;
    // The group's columns inside the image: those from `reach` on are transparent, zeros.
    const int32_t inside = reach - first < 8 ? reach - first : 8;
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
                // Four pixels of coverage 0 are written as 0 (left as they are, with `over`)
                // without their arithmetic (a glyph's box is mostly uncovered), others where
                // their coverage is 0.
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
/// them): sample_scaled draws the chunk. `allInside`: every column of the chunk lies inside the
/// image.
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

/// An image only scaled and translated (no rotation or skew): every destination row reads one
/// pair of source rows and every column the same source columns in each row. So a chunk of
/// columns has its placed columns and weights worked out once, and each row first blends its
/// two source rows, byte by byte, over the columns the chunk reads (tl·vy + bl·uy ≤ 255·128, a
/// vector loop) and then each pixel's pair of blended columns, channel by channel:
/// vx·(tl·vy + bl·uy) + ux·(tr·vy + br·uy) is the same integer as the four-term sum, so the
/// bytes are sample_span's. `bpp` (1 for A8, 4 for a 32-bit image) is a constant where this is
/// inlined, so each form's loops are its own.
SHEEN_INLINE void sample_scaled(const SheenBilinearJob *job, const int bpp) {
    const SheenBilinearJob j = *job;
    const int32_t w = j.srcWidth, h = j.srcHeight;
    // Offsets into blend, in pixels, and weights (3 more: a group of 4 past the chunk's end
    // repeats its last pixel).
    int32_t left[SAMPLE_CHUNK + 3], right[SAMPLE_CHUNK + 3];
    uint16_t ux[SAMPLE_CHUNK + 3];
    // A 32-bit image's weights, each repeated for the four channels of its pixel.
    uint16_t vx4[4 * SAMPLE_CHUNK], ux4[4 * SAMPLE_CHUNK];
    uint16_t blend[(SAMPLE_CHUNK_REACH + 1) * 4];
    for (intptr_t begin = 0; begin < j.width; begin += SAMPLE_CHUNK) {
        const int n = j.width - begin < SAMPLE_CHUNK ? (int)(j.width - begin) : SAMPLE_CHUNK;
        // The columns and weights, in loops without branches (vectors): a column pair inside the
        // image is where every repeat places it; only a chunk reaching past an edge places its
        // columns one by one. (Placing each column cost half of a one-row job's time: cairo
        // samples a scaled image a span at a time.)
        uint32_t outside = 0;
        for (int k = 0; k < n; k++) {
            const int32_t X = j.x + (int32_t)(begin + k) * j.dxdi - 0x8000, c = X >> 16;
            left[k] = c; right[k] = c + 1; ux[k] = (uint16_t)((X >> 9) & 127);
            outside |= (uint32_t)c >= (uint32_t)(w - 1);
        }
        // The columns the chunk reads, [lo, hi] (none: hi -1): inside the image the columns step
        // one way, so the ends are the first and last pairs'.
        int32_t lo, hi;
        if (outside) {
            for (int k = 0; k < n; k++) {
                const int32_t c = left[k];
                left[k] = sample_place(c, w, j.repeat); right[k] = sample_place(c + 1, w, j.repeat);
            }
            // Reductions the compiler makes vectors of: -1 (transparent) is the largest unsigned
            // value and the smallest signed one.
            uint32_t ulo = UINT32_MAX;
            hi = -1;
            for (int k = 0; k < n; k++) {
                const uint32_t a = (uint32_t)left[k], b = (uint32_t)right[k];
                ulo = a < ulo ? a : ulo; ulo = b < ulo ? b : ulo;
                hi = left[k] > hi ? left[k] : hi; hi = right[k] > hi ? right[k] : hi;
            }
            lo = hi < 0 ? INT32_MAX : (int32_t)ulo;
        } else {
            lo = left[0] < left[n - 1] ? left[0] : left[n - 1];
            hi = right[0] > right[n - 1] ? right[0] : right[n - 1];
        }
        // Every column transparent (repeat none): so is every pixel.
        const int32_t reach = hi < 0 ? 0 : hi - lo + 1;
        if (reach > SAMPLE_CHUNK_REACH) {
            for (intptr_t r = 0; r < j.height; r++) sample_span(&j, r, begin, begin + n);
            continue;
        }
        // A transparent column reads the zeros after the blended ones.
        for (int k = 0; k < n; k++) {
            left[k] = left[k] < 0 ? reach : left[k] - lo;
            right[k] = right[k] < 0 ? reach : right[k] - lo;
        }
#ifdef SHEEN_SAMPLE_PERMUTE
        if (bpp == 4) {
            for (int k = n; k < n + 3; k++) { left[k] = left[n - 1]; right[k] = right[n - 1]; ux[k] = ux[n - 1]; }
            if (sample_scaled_groups(&j, begin, n, left, right, ux, lo, reach, !outside)) continue;
        }
#endif
        if (bpp == 4) {
            for (int k = 0; k < n; k++) {
                for (int c = 0; c < 4; c++) { vx4[4 * k + c] = (uint16_t)(128 - ux[k]); ux4[4 * k + c] = ux[k]; }
            }
        }
        const int32_t bytes = reach * bpp;
        for (int c = 0; c < bpp; c++) blend[bytes + c] = 0;
        for (intptr_t r = 0; r < j.height; r++) {
            const int32_t Y = j.y + (int32_t)r * j.dydr - 0x8000, cy = Y >> 16;
            const uint16_t uy = (uint16_t)((Y >> 9) & 127), vy = (uint16_t)(128 - uy);
            const int32_t r0 = sample_place(cy, h, j.repeat), r1 = sample_place(cy + 1, h, j.repeat);
            const uint8_t *p0 = r0 >= 0 ? j.src + r0 * j.srcStride + (intptr_t)lo * bpp : NULL;
            const uint8_t *p1 = r1 >= 0 ? j.src + r1 * j.srcStride + (intptr_t)lo * bpp : NULL;
            if (p0 && p1) {
                for (int32_t c = 0; c < bytes; c++) blend[c] = (uint16_t)(p0[c] * vy + p1[c] * uy);
            } else if (p0 || p1) {
                const uint8_t *p = p0 ? p0 : p1;
                const uint16_t weight = p0 ? vy : uy;
                for (int32_t c = 0; c < bytes; c++) blend[c] = (uint16_t)(p[c] * weight);
            } else {
                memset(blend, 0, sizeof(uint16_t) * (size_t)bytes);
            }
            uint8_t *out = j.dst + r * j.dstStride + begin * bpp;
            const uint8_t *cov = j.coverage ? j.coverage + r * j.coverageStride + begin : NULL;
            if (bpp == 1) {
                // The loop without coverage kept apart: a test per pixel stopped its vectorising.
                for (int k = 0; k < n; k++) {
                    out[k] = (uint8_t)(((uint32_t)blend[left[k]] * (uint32_t)(128 - ux[k]) + (uint32_t)blend[right[k]] * ux[k]) >> 14);
                }
                if (cov) for (int k = 0; k < n; k++) out[k] = cov[k] ? out[k] : 0;
            } else {
                // Four pixels at a time, their sixteen channels in 32-bit lanes: the four
                // pixels' left and right blends gathered into vectors, times the chunk's weights
                // (each spread over a pixel's four channels, worked out with the columns).
                typedef uint16_t sample4h __attribute__((ext_vector_type(4)));
                typedef uint16_t sample8h __attribute__((ext_vector_type(8)));
                typedef uint16_t sample16h __attribute__((ext_vector_type(16)));
                int k = 0;
                for (; k + 4 <= n; k += 4) {
                    // Four pixels of coverage 0 are written as 0 (left as they are, with `over`)
                    // without their arithmetic (a glyph's box is mostly uncovered), others where
                    // their coverage is 0.
                    sample4u c = (sample4u)255u, keep = (sample4u)~0u;
                    if (cov) {
                        c = (sample4u){cov[k], cov[k + 1], cov[k + 2], cov[k + 3]};
                        if (__builtin_reduce_or(c) == 0) {
                            if (!j.over) memset(out + 4 * k, 0, 16);
                            continue;
                        }
                        keep = (sample4u)(c != 0);
                    }
                    sample4h l0, l1, l2, l3, r0, r1, r2, r3;
                    memcpy(&l0, blend + 4 * left[k], 8); memcpy(&l1, blend + 4 * left[k + 1], 8);
                    memcpy(&l2, blend + 4 * left[k + 2], 8); memcpy(&l3, blend + 4 * left[k + 3], 8);
                    memcpy(&r0, blend + 4 * right[k], 8); memcpy(&r1, blend + 4 * right[k + 1], 8);
                    memcpy(&r2, blend + 4 * right[k + 2], 8); memcpy(&r3, blend + 4 * right[k + 3], 8);
                    const sample8h la = __builtin_shufflevector(l0, l1, 0, 1, 2, 3, 4, 5, 6, 7);
                    const sample8h lb = __builtin_shufflevector(l2, l3, 0, 1, 2, 3, 4, 5, 6, 7);
                    const sample8h ra = __builtin_shufflevector(r0, r1, 0, 1, 2, 3, 4, 5, 6, 7);
                    const sample8h rb = __builtin_shufflevector(r2, r3, 0, 1, 2, 3, 4, 5, 6, 7);
                    const sample16h L = __builtin_shufflevector(la, lb, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
                    const sample16h R = __builtin_shufflevector(ra, rb, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
                    sample16h VX, UX;
                    memcpy(&VX, vx4 + 4 * k, sizeof VX);
                    memcpy(&UX, ux4 + 4 * k, sizeof UX);
                    const sample16 v = (__builtin_convertvector(L, sample16) * __builtin_convertvector(VX, sample16)
                                        + __builtin_convertvector(R, sample16) * __builtin_convertvector(UX, sample16)) >> 14;
                    if (j.over) {
                        sample_over4(out + 4 * k, &v, c);
                    } else {
                        const sample4u pixels = (sample4u)__builtin_convertvector(v, sample16b) & keep;
                        memcpy(out + 4 * k, &pixels, sizeof pixels);
                    }
                }
                // The rest a pixel at a time.
                for (; k < n; k++) {
                    const uint32_t c = cov ? cov[k] : 255;
                    if (c == 0) {
                        if (!j.over) memset(out + 4 * k, 0, 4);
                        continue;
                    }
                    uint32_t v = 0;
                    for (int ch = 0; ch < 4; ch++) {
                        v |= (((uint32_t)blend[4 * left[k] + ch] * vx4[4 * k] + (uint32_t)blend[4 * right[k] + ch] * ux4[4 * k]) >> 14) << (8 * ch);
                    }
                    if (j.over) sample_over1(out + 4 * k, v, c); else memcpy(out + 4 * k, &v, 4);
                }
            }
        }
    }
}

void SHEEN_SAMPLE_ENTRY(const SheenBilinearJob *job) {
    if (job->srcWidth <= 0 || job->srcHeight <= 0 || (job->over && job->bytesPerPixel != 4)) return;
    if (job->dydi == 0 && job->dxdr == 0) {
        if (job->bytesPerPixel == 1) sample_scaled(job, 1); else sample_scaled(job, 4);
        return;
    }
    for (intptr_t r = 0; r < job->height; r++) sample_span(job, r, 0, job->width);
}

#undef SAMPLE_LANES
#undef SAMPLE_CHUNK
#undef SAMPLE_CHUNK_REACH
#undef SAMPLE_DIV255_16
