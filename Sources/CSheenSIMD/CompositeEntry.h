// The composite entry of a level (the last layer of CompositeBody.h): the kernels of
// SheenKernels.h's composite fast paths — over_n_8_8888, and composite_8888, composite_8 and
// composite_double_8888 as one out-of-line function per operator — run per job by the fast path
// sheen_simd_composite_path picks (the only decision: a job no path matches is refused), and the
// entry SHEEN_ENTRY, which shades a gradient paint's rows with SHEEN_GRADIENT_ENTRY first.

/// Every row of a job of one paint and coverage kind (compile-time constants where this is
/// inlined), 32-bit pixels (`wide`) or A8: the colour and the constant coverage made only for the
/// kinds that read them. (Made for every job before the kind was chosen, they were most of what a
/// 2-pixel span of an image cost: cairo composites a shape's image a span at a time.)
INLINE void rows_of_kind(int op, int paint_kind, int coverage_kind, int wide, const SheenCompositeJob *job) {
    uint8_t *dst = job->dst;
    const uint8_t *paint = job->paint, *mask = job->mask;
    const uint32_t solid = paint_kind == PAINT_SOLID ? job->solid : 0;
    const uint32_t coverage = coverage_kind == COVERAGE_CONSTANT ? job->coverage : 0;
    const lanes solid32 = wide ? (lanes)(words)solid : (lanes)0;
    constant_coverage constant32 = {(lanes)0, {0}};
    if (wide && coverage_kind == COVERAGE_CONSTANT) {
        constant32 = (constant_coverage){(lanes)(words)(coverage * 0x10001u), constant_weights(coverage & 0xFF)};
    }
    const block solid8 = split((lanes)(uint16_t)(wide ? 0 : solid & 0xFF) * 0x0101);
    const block constant8 = split((lanes)(uint16_t)(wide ? 0 : coverage & 0xFF) * 0x0101);
    for (intptr_t y = 0; y < job->height; y++) {
        if (wide) span32(op, paint_kind, coverage_kind, dst, paint, solid32, mask, constant32, job->width);
        else span8(op, paint_kind, coverage_kind, dst, paint, solid8, mask, constant8, job->width);
        dst += job->dstStride;
        if (paint_kind == PAINT_ROW) paint += job->paintStride;
        if (coverage_kind == COVERAGE_MASK) mask += job->maskStride;
    }
}

/// Every row of a job with one integer operator (composite_8888 and composite_8): the paint and
/// coverage kinds are compile-time constants of each span.
INLINE void run_rows(int op, const SheenCompositeJob *job) {
    const int row_paint = job->paint != NULL, masked = job->mask != NULL;
    const int full = !masked && job->coverage == 255;
    // plus of an opaque colour through a mask onto A8: saturating byte sums (op is a constant of
    // each operator's function, so the test folds away for the others).
    if (masked && adds_coverage(op, job)) {
        add_coverage_rows8(job->dst, job->dstStride, job->mask, job->maskStride, job->width, job->height);
        return;
    }
#define ROWS32(P, C) rows_of_kind(op, P, C, 1, job)
#define ROWS8(P, C) rows_of_kind(op, P, C, 0, job)
    if (job->bytesPerPixel == 4) WITH_KINDS(ROWS32);
    else WITH_KINDS(ROWS8);
#undef ROWS32
#undef ROWS8
}

/// over_n_8_8888: an opaque colour through a mask onto 32-bit pixels (text), row by row, or
/// rows shorter than a chunk in the loop made for them.
static __attribute__((noinline)) LINE_ALIGNED void over_n_8_8888(const SheenCompositeJob *job) {
    uint8_t *dst = job->dst;
    const uint8_t *mask = job->mask;
    lanes solid32 = (lanes)(words)job->solid;
    if (job->width < CHUNK_PIXELS) {
        over_n_8_8888_short_rows(dst, job->dstStride, solid32, mask, job->maskStride, job->width, job->height);
        return;
    }
    for (intptr_t y = 0; y < job->height; y++) {
        over_n_8_8888_span(dst, solid32, mask, job->width);
        dst += job->dstStride;
        mask += job->maskStride;
    }
}

/// One out-of-line function per operator (op_sourceOver, …), so each is compiled with its
/// operator folded in: the integer operators through run_rows, the Double-evaluated blend modes
/// through run_double_rows.
#define RUN_PORTER_DUFF run_rows
#define RUN_BLEND_INTEGER run_rows
#define RUN_BLEND_DOUBLE run_double_rows
#define OP_FUNCTION(name, NAME, kind, ...) \
    static __attribute__((noinline)) LINE_ALIGNED void op_##name(const SheenCompositeJob *job) { RUN_##kind(OP_##NAME, job); }
SHEEN_OPERATORS(OP_FUNCTION)
#undef OP_FUNCTION

/// The operators' functions by index (a job's `op`).
static void (*const op_functions[SHEEN_SIMD_OP_COUNT])(const SheenCompositeJob *job) = {
#define OP_ENTRY(name, NAME, ...) [OP_##NAME] = op_##name,
    SHEEN_OPERATORS(OP_ENTRY)
#undef OP_ENTRY
};

// The functions of SheenKernels.h's fast paths, path_NAME for each row.
/// destination: every pixel stays as it is.
INLINE void path_leave_8888(const SheenCompositeJob *job) { (void)job; }
INLINE void path_leave_8(const SheenCompositeJob *job) { (void)job; }
INLINE void path_over_n_8_8888(const SheenCompositeJob *job) { over_n_8_8888(job); }
/// sourceOver of a translucent colour: the scaled form only, no per-block opacity test.
static __attribute__((noinline)) void path_over_n_8888(const SheenCompositeJob *job) {
    run_rows(OP_SOURCE_OVER_SCALED, job);
}
/// The operator's own function (the rows whose operator column is a set).
INLINE void path_by_operator(const SheenCompositeJob *job) { op_functions[job->op](job); }
INLINE void path_blend_double_8888(const SheenCompositeJob *job) { path_by_operator(job); }
INLINE void path_operator_8888(const SheenCompositeJob *job) { path_by_operator(job); }
INLINE void path_operator_8(const SheenCompositeJob *job) { path_by_operator(job); }

/// The fast path of a job whose paint is solid (`solid`) or rows.
INLINE int job_path(const SheenCompositeJob *job, int solid) {
    return sheen_simd_composite_path(job->op, solid, job->solid >> 24 == 255, job->mask != NULL, job->bytesPerPixel);
}

/// A job (one rectangle, or one row of composite_rows) through its fast path (SheenKernels.h),
/// the only decision made: 0, or SHEEN_COMPOSITE_NO_PATH with nothing written.
static LINE_ALIGNED int composite_job(const SheenCompositeJob *job) {
    switch (job_path(job, job->paint == NULL)) {
#define PATH_CASE(path, ...) \
    case SHEEN_PATH_##path: path_##path(job); return 0;
        SHEEN_COMPOSITE_PATHS(PATH_CASE)
#undef PATH_CASE
    default: return SHEEN_COMPOSITE_NO_PATH;
    }
}

/// A mask row scaled by `alpha` into `out`: round(m · alpha / 255) per byte, rounded once.
INLINE void scale_mask_row(const uint8_t *m, uint32_t alpha, intptr_t width, uint8_t *out) {
    for (intptr_t i = 0; i < width; i++) {
        const uint32_t t = m[i] * alpha + 128;
        out[i] = (uint8_t)((t + (t >> 8)) >> 8);
    }
}

/// The one row walker: a job whose paint or coverage is made row by row — a gradient shaded by
/// this level's span kernel (SHEEN_GRADIENT_ENTRY) into the scratch row, or as the row's one
/// colour; a paint column; paint rows converted to the destination's format; a mask scaled by
/// an alpha — runs one row at a time through composite_job (SHEEN_ENTRY hands any other job to
/// composite_job as one rectangle). So the caller crosses into C once per job. Out of line, so
/// that its frame costs nothing to the rectangles, a glyph's above all.
static __attribute__((noinline)) int composite_rows(const SheenCompositeJob *job) {
    // A row's paint is rows or a solid colour of either opacity: refused before any row is
    // written unless each of those has a path.
    const int masked = job->mask != NULL;
    if (sheen_simd_composite_path(job->op, 0, 0, masked, job->bytesPerPixel) < 0 ||
        sheen_simd_composite_path(job->op, 1, 0, masked, job->bytesPerPixel) < 0 ||
        sheen_simd_composite_path(job->op, 1, 1, masked, job->bytesPerPixel) < 0) {
        return SHEEN_COMPOSITE_NO_PATH;
    }
    const int scaled = job->mask != NULL && job->coverage < 255;
    uint8_t *const paint_row = (uint8_t *)job->scratch;
    uint8_t *const mask_row = paint_row + sheen_composite_scratch_mask_offset(job->width);
    SheenCompositeJob row = *job;
    row.gradient = NULL;
    row.paintColumn = NULL;
    row.paintConversion = SHEEN_PAINT_AS_IS;
    row.height = 1;
    row.paintStride = 0;
    row.coverage = job->mask ? 255 : job->coverage;
    SheenGradientJob shading;
    uint32_t colour = 0;
    const int one_colour = job->gradient && job->gradient->width == 1 && job->gradient->bytesPerPixel == 4;
    if (job->gradient) {
        shading = *job->gradient;
        shading.dst = one_colour ? (uint8_t *)&colour : paint_row;
        shading.dstStride = 0;
        shading.height = 1;
    }
    // Rows of a gradient through a mask of a coverage byte a pixel shaded where covered.
    const int by_runs = job->gradient && !one_colour && job->mask && !job->componentAlpha && job->width >= 64;
    for (intptr_t r = 0; r < job->height; r++) {
        if (job->gradient) {
            shading.y = job->gradient->y + r;
            if (by_runs) shade_covered_runs(shading, paint_row, job->mask + r * job->maskStride, job->width, job->bytesPerPixel);
            else SHEEN_GRADIENT_ENTRY(&shading);
            row.paint = one_colour ? NULL : paint_row;
            if (one_colour) row.solid = job->bytesPerPixel == 1 ? colour >> 24 : colour;
        } else if (job->paintColumn) {
            row.paint = NULL;
            row.solid = job->paintColumn[r];
        } else if (job->paint) {
            const uint8_t *p = (const uint8_t *)job->paint + r * job->paintStride;
            if (job->paintConversion) convert_paint_pixels(job->paintConversion, p, paint_row, job->width);
            row.paint = job->paintConversion ? paint_row : p;
        }
        if (job->mask) {
            const uint8_t *m = job->mask + r * job->maskStride;
            if (scaled) scale_mask_row(m, job->coverage, job->width, mask_row);
            row.mask = scaled ? mask_row : m;
        }
        row.dst = (uint8_t *)job->dst + r * job->dstStride;
        if (job->componentAlpha) over_component_alpha_rows(&row); else composite_job(&row);
    }
    return 0;
}

/// Source of 32-bit paint rows in the other byte order or with padding (pixman's x8 images
/// copied, cairo's most common composite of an image) at full coverage: each row converted
/// straight into the destination's — what converting into scratch and copying writes, without
/// the second pass over a row.
static __attribute__((noinline)) LINE_ALIGNED int copy_converted_rows(const SheenCompositeJob *job) {
    const uint8_t *paint = job->paint;
    uint8_t *dst = job->dst;
    // Rows that follow one another in both images (a whole image painted onto a whole image of its
    // width: cairo's paint of an image) are one row: the set-up, head and tail once, not per row.
    if (job->paintStride == 4 * job->width && job->dstStride == 4 * job->width) {
        const intptr_t n = job->width * job->height;
        // Up to 16 KB of paint (and as much of destination) stays in the L1 cache: wider steps.
        if (job->paintConversion == SHEEN_PAINT_OPAQUE && n >= 16 && n <= 4096 && (uintptr_t)dst % 4 == 0) {
            opaque_pixels_cached(paint, dst, n, 0xFF000000u);
        } else {
            convert_paint_pixels(job->paintConversion, paint, dst, n);
        }
        return 0;
    }
    for (intptr_t r = 0; r < job->height; r++) {
        convert_paint_pixels(job->paintConversion, paint, dst, job->width);
        paint += job->paintStride;
        dst += job->dstStride;
    }
    return 0;
}

/// sourceOver of x8 paint rows through a mask (sheen_composite_over_opaque_rows): per row its whole
/// blocks made opaque and lerped by their coverage (skipped at all 0, stored at all 255: the
/// exact results of that lerp, as in chunk32), its last partial block converted into a block on
/// the stack and drawn by partial_block32 — so every pixel gets what converting the row into
/// scratch and compositing it with op_sourceOver gives, without composite_rows' pass and set-up
/// (cairo's edge spans are two or three pixels).
static __attribute__((noinline)) int over_opaque_rows(const SheenCompositeJob *job) {
    const lanes opaque = (lanes)(words)0xFF000000u;
    const constant_coverage unused = {0};
    const intptr_t blocks = job->width / PIXELS, n = job->width % PIXELS;
    uint8_t *dst = job->dst;
    const uint8_t *paint = job->paint, *mask = job->mask;
    for (intptr_t y = 0; y < job->height; y++) {
        for (intptr_t b = 0; b < blocks; b++) {
            const uint8_t *m = mask + b * PIXELS;
            const int k = classify(m, PIXELS);
            if (k == COVER_NONE) continue;
            uint8_t *d = dst + b * BLOCK;
            const lanes s = load_lanes(paint + b * BLOCK) | opaque;
            store_lanes(d, k == COVER_FULL ? s : lerp_bytes(s, load_lanes(d), mask_weights(m)));
        }
        if (n) {
            uint8_t converted[BLOCK];
            convert_paint_pixels(SHEEN_PAINT_OPAQUE, paint + blocks * BLOCK, converted, n);
            partial_block32(OP_SOURCE_OVER, PAINT_ROW, COVERAGE_MASK, dst + blocks * BLOCK, converted, opaque,
                            mask + blocks * PIXELS, unused, n);
        }
        dst += job->dstStride;
        paint += job->paintStride;
        mask += job->maskStride;
    }
    return 0;
}

/// A glyph run (the job's `glyphs`): each glyph's part inside the job's rectangle through its
/// mask, in order, on the path chosen once — text's over_n_8_8888 called directly. Through
/// component-alpha masks, CompositeComponentAlpha.h's loop.
static __attribute__((noinline)) int composite_glyphs(const SheenCompositeJob *job) {
    if (job->componentAlpha) return composite_component_alpha_glyphs(job);
    const int path = sheen_composite_glyph_path(job);
    if (path < 0) return SHEEN_COMPOSITE_NO_PATH;
    SheenCompositeJob part = *job;
    part.glyphs = NULL;
    part.glyphCount = 0;
    // A glyph run's mask added up (plus of an opaque colour onto A8): run_rows' saturating sums
    // called directly, as text's over_n_8_8888 is.
    const int adds = adds_coverage((int)job->op, job);
    const intptr_t bpp = job->bytesPerPixel;
    for (intptr_t i = 0; i < job->glyphCount; i++) {
        if (!glyph_part(job, &job->glyphs[i], bpp, 1, &part)) continue;
        if (path == SHEEN_PATH_over_n_8_8888) over_n_8_8888(&part);
        else if (adds) add_coverage_rows8(part.dst, part.dstStride, part.mask, part.maskStride, part.width, part.height);
        else composite_job(&part);
    }
    return 0;
}

LINE_ALIGNED int SHEEN_ENTRY(const SheenCompositeJob *job) {
    if (job->glyphCount > 0) return composite_glyphs(job);
    if (job->componentAlpha) return composite_component_alpha(job, composite_rows);
    if (job->width <= 0 || job->height <= 0) return job_path(job, job->paint == NULL) < 0 ? SHEEN_COMPOSITE_NO_PATH : 0;
    if (sheen_composite_converts_in_place(job)) return copy_converted_rows(job);
    if (sheen_composite_over_opaque_rows(job)) return over_opaque_rows(job);
    if (job->gradient || job->paintColumn || (job->paint && job->paintConversion) || (job->mask && job->coverage < 255)) {
        return composite_rows(job);
    }
    return composite_job(job);
}
