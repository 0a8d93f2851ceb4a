// Rows of the integer operators (the layer of CompositeBody.h after the Double and Float blend
// modes): blocks, chunks classified once, whole blocks, then one partial block on a zero-padded copy
// in registers, so nothing outside the span is read or written; and the opaque-colour-through-a-mask
// row (over_n_8_8888) that text takes.

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
/// its read-modify-write stream, so the spans ask themselves; frames that fit the cache are
/// unchanged, and asking for the coverage as well gained nothing (the figures, and what else was
/// tried, are in bench/kernel-notes.md). Past a row's end it touches the next row
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
/// without further branches (coverage 0 and 255 are exact there too) — or, where the last
/// block's coverage is all 0, on the covered blocks only: a stroke's or an outline's mask has a
/// few covered pixels in a chunk, and pixman's loops skip 4 uncovered pixels at a time (cairo's
/// strokes of an image at 512: ~6 % of the run).
INLINE void chunk32(int op, int paint_kind, int coverage_kind, uint8_t *d, const uint8_t *p, lanes solid,
                    const uint8_t *m, constant_coverage constant) {
    int full = 0;
    if (coverage_kind == COVERAGE_MASK) {
        int k = classify(m, CHUNK_PIXELS);
        if (k == COVER_NONE) return;
        full = k == COVER_FULL;
        // Only where the chunk's last block is uncovered (one test), so that a dense mask's
        // chunks pay next to nothing for it.
        if (!full && classify(m + (CHUNK_BLOCKS - 1) * PIXELS, PIXELS) == COVER_NONE) {
            for (unsigned left = live_blocks(m, CHUNK_BLOCKS); left; left &= left - 1) {
                const int b = __builtin_ctz(left);
                block32(op, paint_kind, coverage_kind, 0, d + b * BLOCK, paint_kind == PAINT_ROW ? p + b * BLOCK : p,
                        solid, m + b * PIXELS, constant);
            }
            return;
        }
    }
    // sourceOver of rows at full coverage, pixman's over_8888_8888 way: a chunk of opaque paint
    // is the paint (S + D·0), one of zero paint leaves the destination (0 + D·255/255) — exactly
    // the formula's result —, so an opaque image or its clear parts cost a copy or nothing. Tested
    // a chunk at a time, and the chunk only when its first block is either: a test of every block
    // cost translucent paint 12 %, of every chunk's blocks 3–10 %.
    if (op == OP_SOURCE_OVER && paint_kind == PAINT_ROW && (coverage_kind == COVERAGE_FULL || full)) {
        lanes first = load_lanes(p);
        if (all_opaque(first)) {
            lanes all = first;
#pragma clang loop unroll(full)
            for (int b = 1; b < CHUNK_BLOCKS; b++) all &= load_lanes(p + b * BLOCK);
            if (all_opaque(all)) {
#pragma clang loop unroll(full)
                for (int b = 0; b < CHUNK_BLOCKS; b++) store_lanes(d + b * BLOCK, load_lanes(p + b * BLOCK));
                return;
            }
        } else if (all_zero(first)) {
            lanes any = first;
#pragma clang loop unroll(full)
            for (int b = 1; b < CHUNK_BLOCKS; b++) any |= load_lanes(p + b * BLOCK);
            if (all_zero(any)) return;
        }
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
