// Rows of a gradient (the last layer of GradientBody.h): blocks whose base is computed in Double,
// windows of 16 pixels cut by the span's ends, rows, columns of one colour per row, and the entry
// SHEEN_ENTRY with each shape and spread a loop of its own (the point shapes from their rows in
// CSheenSIMD.h).

/// The base of the aligned block whose first pixel's centre is X in a row whose x-independent
/// Double terms are `row`: the reduced t (linear) or the gradient-space point (radial, conic) in
/// Float, to which each lane adds its offset.
INLINE void block_base(const SheenGradientJob *j, double X, const double row[4], const uint32_t shape,
                       const uint32_t spread, float *fx, float *fy) {
    if (shape == SHEEN_GRADIENT_LINEAR) {
        *fx = keeping_sign(reduce_base(j->g[0] * X + row[0], spread), spread);
        *fy = 0;
    } else {
        *fx = (float)(j->g[0] * X + row[0]);
        *fy = (float)(j->g[3] * X + row[1]);
    }
}

/// Sixteen consecutive pixels of a row (a window), stored as lanes [0, hi) at `out` (the address
/// of the window's first pixel, 4 bytes a pixel or 1 for A8); nothing else is written. Pixels
/// belong to 16-aligned blocks, whose bases are computed in Double: the window's first `split`
/// lanes lie in the block with base (ax, ay), the others in the next block (bx, by), and the lane
/// tables `lx`, `ly` and `dither` are rotated to the window's start, so every pixel gets exactly
/// the base and lane offset it has in its own block. A window on a block (split = BLOCK) folds
/// the selection away. A window cut by the span's end is stored under a lane mask straight from
/// the register (SHEEN_STORE_RANGE), never through memory, where reloading part of a 64-byte store
/// would stall on store forwarding.
INLINE void shade_window(const SheenGradientJob *j, float ax, float ay, float bx, float by, const int split,
                         const float *lx, const float *ly, const float *dither, uintptr_t out, const int hi,
                         const uint32_t shape, const uint32_t spread, const int single, const int opaque,
                         const int quad, const int fast) {
    const int a8 = !fast && j->bytesPerPixel == 1;
    const int dithered = !fast && j->dither;
    vi iota;
    for (int k = 0; k < LANES; k++) iota[k] = k;
    for (int s = 0; s < SUBS; s++) {
        // This sub-vector's lanes [0, shi) of the window's [0, hi).
        const int shi = hi < (s + 1) * LANES ? hi - s * LANES : LANES;
        if (shi <= 0) continue;
        const vi first = split >= BLOCK ? (vi)-1 : (iota + s * LANES) < split;
        vf lane_x = vload(lx + s * LANES);
        vf d = dithered ? vload(dither + s * LANES) : (vf)0.0f;
        vi painted = -1;
        vf t;
        if (shape == SHEEN_GRADIENT_LINEAR) {
            t = linear_t(sel(first, (vf)ax, (vf)bx), lane_x, spread);
        } else {
            t = point_t(j, sel(first, (vf)ax, (vf)bx) + lane_x, sel(first, (vf)ay, (vf)by) + vload(ly + s * LANES),
                        shape, spread, &painted);
        }
        vi v = shade(j, t, d, a8, dithered, single, opaque, quad) & painted;
        const uintptr_t sub = out + (uintptr_t)(s * LANES * (a8 ? 1 : 4));
        if (shi == LANES) {
            if (a8) {
                vb bytes = __builtin_convertvector(v, vb);
                memcpy((void *)sub, &bytes, sizeof bytes);
            } else {
                memcpy((void *)sub, &v, sizeof v);
            }
        } else {
            SHEEN_STORE_RANGE(sub, v, a8, 0, shi);
        }
    }
}

/// One row's windows, from x0 to x1 in steps of 16; `split` is BLOCK − (x0 mod 16), or BLOCK
/// itself for a row that starts on a block (inlined apart, so that selection folds away).
INLINE void shade_row(const SheenGradientJob *j, const double row[4], intptr_t x0, intptr_t x1, uint8_t *d,
                      const int split, const float *lx, const float *ly, const float *dither,
                      const uint32_t shape, const uint32_t spread, const int single, const int opaque,
                      const int quad, const int fast) {
    const intptr_t bpp = j->bytesPerPixel;
    // The aligned block's centre X carried in Double (exact: it stays an integer + ½ far below
    // 2⁵²), which keeps an integer conversion off each block's dependency chain.
    double X = (double)(x0 & ~(intptr_t)(BLOCK - 1)) + 0.5;
    float ax, ay, bx = 0, by = 0;
    block_base(j, X, row, shape, spread, &ax, &ay);
    for (intptr_t xs = x0; xs < x1; xs += BLOCK) {
        X += BLOCK;
        if (split < BLOCK) block_base(j, X, row, shape, spread, &bx, &by);
        const int hi = x1 - xs < BLOCK ? (int)(x1 - xs) : BLOCK;
        shade_window(j, ax, ay, bx, by, split, lx, ly, dither, (uintptr_t)(d + (xs - x0) * bpp), hi, shape, spread,
                     single, opaque, quad, fast);
        if (split < BLOCK) {
            ax = bx; ay = by;
        } else {
            block_base(j, X, row, shape, spread, &ax, &ay);
        }
    }
}

/// A column of pixels at x (width-1 jobs: the vertical gradient's colours, the 1-pixel column
/// pattern): LANES rows per vector, every row's base computed in Double as in shade_block, all
/// with lane x & 15. Each pixel equals the one shade_block gives at (x, y).
INLINE void shade_column(const SheenGradientJob *j, const uint32_t shape, const uint32_t spread, const int single,
                         const int opaque, const int quad, const int fast) {
    const int a8 = !fast && j->bytesPerPixel == 1;
    const int dithered = !fast && j->dither;
    const intptr_t bpp = j->bytesPerPixel;
    const int lane = (int)(j->x & (BLOCK - 1));
    const double X = (double)(j->x & ~(intptr_t)(BLOCK - 1)) + 0.5;
    const float lx = j->laneX[lane], ly = j->laneY[lane];
    vd iota;
    for (int k = 0; k < LANES; k++) iota[k] = (double)k;
    for (intptr_t r0 = 0; r0 < j->height; r0 += LANES) {
        const intptr_t y0 = j->y + r0;
        const vd Y = (iota + (double)y0) + 0.5;
        vf d = 0.0f;
        if (dithered) {
            for (int k = 0; k < LANES; k++) d[k] = j->ditherTable[((y0 + k) & 7) * BLOCK + lane];
        }
        vi painted = -1;
        vf t;
        if (shape == SHEEN_GRADIENT_LINEAR) {
            vd T = j->g[0] * X + (j->g[1] * Y + j->g[2]);
            switch (spread) {
            case SHEEN_GRADIENT_REPEAT: T = T - __builtin_elementwise_floor(T + 0.5); break;
            case SHEEN_GRADIENT_REFLECT: T = T - 2.0 * __builtin_elementwise_floor(T * 0.5 + 0.5); break;
            default: {
                vl lo = T < -16777216.0, hi = T > 16777216.0;
                T = (vd)(((vl)(vd)(-16777216.0) & lo) | (~lo & (((vl)(vd)16777216.0 & hi) | ((vl)T & ~hi))));
            }
            }
            t = linear_t(keeping_sign_v(T, spread), (vf)lx, spread);
        } else {
            vf px = __builtin_convertvector(j->g[0] * X + (j->g[1] * Y + j->g[2]), vf) + lx;
            vf py = __builtin_convertvector(j->g[3] * X + (j->g[4] * Y + j->g[5]), vf) + ly;
            t = point_t(j, px, py, shape, spread, &painted);
        }
        vi v = shade(j, t, d, a8, dithered, single, opaque, quad) & painted;
        const intptr_t n = j->height - r0 < LANES ? j->height - r0 : LANES;
        uint8_t *out = j->dst + r0 * j->dstStride;
        if (bpp == 4 && j->dstStride == 4 && n == LANES) {
            memcpy(out, &v, sizeof v);
        } else {
            for (intptr_t k = 0; k < n; k++) {
                if (bpp == 4) {
                    uint32_t w = (uint32_t)v[k];
                    memcpy(out + k * j->dstStride, &w, 4);
                } else {
                    out[k * j->dstStride] = (uint8_t)v[k];
                }
            }
        }
    }
}

/// The row loop, inlined once per (shape, spread) and, for `fast` jobs (32-bit pixels, no dither),
/// per (single piece, opaque, quadratic), so that every test on them folds away in the hot loop.
INLINE void run(const SheenGradientJob *job, const uint32_t shape, const uint32_t spread, const int single,
                const int opaque, const int quad, const int fast) {
    SheenGradientJob j = *job;
    // The ramp's rows: origin, base, slope, and for a quadratic ramp the curvature (CSheenSIMD.h).
    const uint32_t fields = quad ? 13 : 9;
    // Broadcast ramps are read from a local copy: the byte stores to dst may alias the caller's
    // table, which would make the compiler reload every constant for every block.
    float pieces[13 * SHEEN_GRADIENT_BROADCAST_SEGMENTS];
#ifdef SHEEN_TABLE_LOOKUP
    // A ramp that shade() reads by permutes: each field and then the bounds (row 13) at
    // SHEEN_TABLE_LOOKUP_MAX Floats, padded (fields with 0, bounds with +∞, which no t reaches),
    // from a local copy whose loads the compiler keeps out of the loop.
    float table[14 * SHEEN_TABLE_LOOKUP_MAX];
    if (j.segments > SHEEN_TABLE_LOOKUP_MIN && j.segments <= SHEEN_TABLE_LOOKUP_MAX) {
        const uint32_t n = j.segments;
        for (uint32_t k = 0; k < fields; k++) {
            for (uint32_t i = 0; i < SHEEN_TABLE_LOOKUP_MAX; i++)
                table[k * SHEEN_TABLE_LOOKUP_MAX + i] = i < n ? j.pieces[k * n + i] : 0.0f;
        }
        for (uint32_t i = 0; i < SHEEN_TABLE_LOOKUP_MAX; i++)
            table[13 * SHEEN_TABLE_LOOKUP_MAX + i] = i < n ? j.bounds[i] : __builtin_inff();
        j.pieces = table;
    } else
#endif
    if (j.segments <= SHEEN_GRADIENT_BROADCAST_SEGMENTS) {
        memcpy(pieces, j.pieces, sizeof(float) * fields * j.segments);
        j.pieces = pieces;
    }
    if (j.width == 1) {
        shade_column(&j, shape, spread, single, opaque, quad, fast);
        return;
    }
    const intptr_t x0 = j.x, x1 = j.x + j.width;
    // Windows start at x0, not on a block: a span that starts mid-block is shaded in ⌈width/16⌉
    // windows (not one more), with the lane tables rotated by x0's phase in the block.
    const int phase = (int)(x0 & (BLOCK - 1));
    float rotated[10 * BLOCK];
    const float *lx = j.laneX, *ly = j.laneY, *dither = j.ditherTable;
    if (phase != 0) {
        for (int k = 0; k < BLOCK; k++) {
            rotated[k] = j.laneX[(k + phase) & (BLOCK - 1)];
            rotated[BLOCK + k] = j.laneY[(k + phase) & (BLOCK - 1)];
        }
        lx = rotated;
        ly = rotated + BLOCK;
        if (j.ditherTable) {
            for (int k = 0; k < 8 * BLOCK; k++)
                rotated[2 * BLOCK + k] = j.ditherTable[(k & ~(BLOCK - 1)) | ((k + phase) & (BLOCK - 1))];
            dither = rotated + 2 * BLOCK;
        }
    }
    for (intptr_t r = 0; r < j.height; r++) {
        const intptr_t y = j.y + r;
        const double Y = (double)y + 0.5;
        // Per row: the Double terms of the block base that do not depend on x.
        const double row[4] = {j.g[1] * Y + j.g[2], j.g[4] * Y + j.g[5], 0, 0};
        const float *dither_row = dither ? dither + (y & 7) * BLOCK : NULL;
        uint8_t *d = j.dst + r * j.dstStride;
        if (phase == 0) {
            shade_row(&j, row, x0, x1, d, BLOCK, lx, ly, dither_row, shape, spread, single, opaque, quad, fast);
        } else {
            shade_row(&j, row, x0, x1, d, BLOCK - phase, lx, ly, dither_row, shape, spread, single, opaque, quad, fast);
        }
    }
}

/// The variants run: every (single, opaque) of a linear ramp, and a quadratic ramp (straight
/// alpha, never opaque in a ramp GradientRamp builds) single or not; the rest with its tests left in.
#define SHEEN_RUN_VARIANTS(SHAPE, SPREAD)                                                              \
    do {                                                                                               \
        if (!fast || (quad && opaque)) run(job, SHAPE, SPREAD, single, opaque, quad, 0);              \
        else if (quad && single) run(job, SHAPE, SPREAD, 1, 0, 1, 1);                                 \
        else if (quad) run(job, SHAPE, SPREAD, 0, 0, 1, 1);                                           \
        else if (single && opaque) run(job, SHAPE, SPREAD, 1, 1, 0, 1);                               \
        else if (single) run(job, SHAPE, SPREAD, 1, 0, 0, 1);                                         \
        else if (opaque) run(job, SHAPE, SPREAD, 0, 1, 0, 1);                                         \
        else run(job, SHAPE, SPREAD, 0, 0, 0, 1);                                                     \
    } while (0)

#define SHEEN_RUN_SPREADS(SHAPE)                                                                       \
    do {                                                                                               \
        switch (job->spread) {                                                                         \
        case SHEEN_GRADIENT_REPEAT: SHEEN_RUN_VARIANTS(SHAPE, SHEEN_GRADIENT_REPEAT); break;           \
        case SHEEN_GRADIENT_REFLECT: SHEEN_RUN_VARIANTS(SHAPE, SHEEN_GRADIENT_REFLECT); break;         \
        default: SHEEN_RUN_VARIANTS(SHAPE, SHEEN_GRADIENT_PAD); break;                                 \
        }                                                                                              \
    } while (0)

/// A row's `spreads` column as the entry runs it: every spread, or the wrapped t alone.
#define SHEEN_RUN_SPREAD(SHAPE) SHEEN_RUN_SPREADS(SHAPE)
#define SHEEN_RUN_WRAPS(SHAPE) SHEEN_RUN_VARIANTS(SHAPE, SHEEN_GRADIENT_WRAPPED)

/// Runs the job; a shape that is neither linear nor a row of SHEEN_GRADIENT_POINT_SHAPES writes
/// nothing (KernelGradient never makes one).
void SHEEN_ENTRY(const SheenGradientJob *job) {
    const int single = job->segments == 1, opaque = job->opaque != 0, quad = job->quadratic != 0;
    const int fast = job->bytesPerPixel == 4 && !job->dither;
    switch (job->shape) {
    case SHEEN_GRADIENT_LINEAR: SHEEN_RUN_SPREADS(SHEEN_GRADIENT_LINEAR); break;
#define SHEEN_ENTRY_CASE(constant, function, spreads)                                                 \
    case constant: SHEEN_RUN_##spreads(constant); break;
    SHEEN_GRADIENT_POINT_SHAPES(SHEEN_ENTRY_CASE)
#undef SHEEN_ENTRY_CASE
    default: break;
    }
}
