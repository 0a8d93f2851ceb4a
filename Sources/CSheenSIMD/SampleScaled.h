// sample_bilinear's path for an image only scaled and translated, and the level's entry
// (SampleBilinearBody.h).

/// An image only scaled and translated (no rotation or skew): every destination row reads one
/// pair of source rows and every column the same source columns in each row. So a chunk of
/// columns has its placed columns and weights worked out once, and each row first blends its
/// two source rows, byte by byte, over the columns the chunk reads (tl·vy + bl·uy ≤ 255·128, a
/// vector loop) and then each pixel's pair of blended columns, channel by channel:
/// vx·(tl·vy + bl·uy) + ux·(tr·vy + br·uy) is the same integer as the four-term sum, so the
/// bytes are sample_span's. `bpp` (1 for A8, 4 for a 32-bit image) is a constant where this is
/// inlined, so each form's loops are its own.
SHEEN_INLINE void sample_scaled(const SheenBilinearJob *job, const int bpp) {
#ifdef SHEEN_SAMPLE_PERMUTE
    // Up to 16 rows (a span, a glyph run's mask) or 16 columns (a glyph's box) of a magnified
    // image, in registers (SampleWide.h), before the job is copied (its copy waited on the
    // caller's stores).
    if (bpp == 4 && (job->height <= 16 || job->width <= 16) && sample_scaled_wide(job, job->over)) return;
#endif
#ifdef SHEEN_SAMPLE_QUADS
    // A magnified image's groups of 4 pixels from 4 columns (SampleQuads.h).
    if (bpp == 4 && sample_scaled_quads(job)) return;
#endif
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
