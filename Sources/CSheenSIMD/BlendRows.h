// The rows of the seven Double-evaluated blend modes: each step of 16 pixels through the Float
// path (BlendFloat.h) where it decides every level, else through the Double one
// (BlendDouble.h). Included by CompositeBody.h after both, so it is built once per level.

/// DPIXELS whole pixels at `d` (paint at `p` for row paint, coverage at `m` for a mask) with a
/// Double-evaluated mode: the separable ones in Float lanes where that decides every level.
INLINE void double_blend_block(int op, int paint_kind, int coverage_kind, uint8_t *d, const uint8_t *p,
                               uint32_t solid, const uint8_t *m, uint32_t constant, unsigned red) {
    dwords sp = (dwords)solid;
    if (paint_kind == PAINT_ROW) memcpy(&sp, p, sizeof sp);
    step_coverage c = {coverage_kind == COVERAGE_FULL};
    for (int h = 0; h < DBLOCKS; h++) c.weights[h] = constant_weights(constant);
    if (coverage_kind == COVERAGE_MASK) {
        dcover c8;
        memcpy(&c8, m, sizeof c8);
        if (__builtin_reduce_or(c8) == 0) return;
        for (int h = 0; h < DBLOCKS; h++) c.weights[h] = mask_weights(m + h * PIXELS);
    }
    if (!is_separable_double(op) || !float_blend_step(op, d, sp, c, red)) double_blend_step(op, d, sp, c, red);
}

/// One row of `count` pixels with a Double-evaluated mode; the tail (fewer than DPIXELS) runs on
/// zero-padded stack copies (copy_short, no libc call), so nothing outside the row is read or written.
INLINE void double_span32(int op, int paint_kind, int coverage_kind, uint8_t *dst, const uint8_t *paint,
                          uint32_t solid, const uint8_t *mask, uint32_t constant, unsigned red, intptr_t count) {
    intptr_t i = 0;
    for (; i + DPIXELS <= count; i += DPIXELS) {
        double_blend_block(op, paint_kind, coverage_kind, dst + 4 * i, paint_kind == PAINT_ROW ? paint + 4 * i : paint,
                           solid, coverage_kind == COVERAGE_MASK ? mask + i : mask, constant, red);
    }
    if (i < count) {
        intptr_t n = count - i;
        uint8_t d[4 * DPIXELS] = {0}, p[4 * DPIXELS] = {0}, m[DPIXELS] = {0};
        copy_short(d, dst + 4 * i, (size_t)(4 * n));
        if (paint_kind == PAINT_ROW) copy_short(p, paint + 4 * i, (size_t)(4 * n));
        if (coverage_kind == COVERAGE_MASK) copy_short(m, mask + i, (size_t)n);
        double_blend_block(op, paint_kind, coverage_kind, d, p, solid, m, constant, red);
        copy_short(dst + 4 * i, d, (size_t)(4 * n));
    }
}

/// Every row of a job with a Double-evaluated mode (32-bit destinations only).
INLINE void run_double_rows(int op, const SheenCompositeJob *job) {
    uint8_t *dst = job->dst;
    const uint8_t *paint = job->paint, *mask = job->mask;
    const int row_paint = paint != NULL, masked = mask != NULL;
    const int full = !masked && job->coverage == 255;
    const unsigned red = job->redByte;
#define DSPAN(P, C) double_span32(op, P, C, dst, paint, job->solid, mask, job->coverage, red, job->width)
    for (intptr_t y = 0; y < job->height; y++) {
        WITH_KINDS(DSPAN);
        dst += job->dstStride;
        if (row_paint) paint += job->paintStride;
        if (masked) mask += job->maskStride;
    }
#undef DSPAN
}
