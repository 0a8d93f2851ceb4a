// Pass 2 of the recursion along rows (the third layer of BlurBody.h): 16 rows (A8) or 4 rows of 4
// channels (RGBA) per band, gathered into lanes and scattered back by 16×16 transposes.

/// The 16×16 transpose of 16-bit values: `col[i]` gets element i of every `row`. Four rounds of
/// interleaving (16-, 32-, 64-bit, then 128-bit halves), 64 shuffles for 256 values.
BINLINE void transpose16(const u16x16 row[16], u16x16 col[16]) {
#define LO16(a, b) __builtin_shufflevector(a, b, 0, 16, 1, 17, 2, 18, 3, 19, 8, 24, 9, 25, 10, 26, 11, 27)
#define HI16(a, b) __builtin_shufflevector(a, b, 4, 20, 5, 21, 6, 22, 7, 23, 12, 28, 13, 29, 14, 30, 15, 31)
#define LO32(a, b) __builtin_shufflevector(a, b, 0, 1, 16, 17, 2, 3, 18, 19, 8, 9, 24, 25, 10, 11, 26, 27)
#define HI32(a, b) __builtin_shufflevector(a, b, 4, 5, 20, 21, 6, 7, 22, 23, 12, 13, 28, 29, 14, 15, 30, 31)
#define LO64(a, b) __builtin_shufflevector(a, b, 0, 1, 2, 3, 16, 17, 18, 19, 8, 9, 10, 11, 24, 25, 26, 27)
#define HI64(a, b) __builtin_shufflevector(a, b, 4, 5, 6, 7, 20, 21, 22, 23, 12, 13, 14, 15, 28, 29, 30, 31)
#define LO128(a, b) __builtin_shufflevector(a, b, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23)
#define HI128(a, b) __builtin_shufflevector(a, b, 8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31)
    u16x16 s[16], u[16];
    // s[k], s[k + 8]: rows 2k and 2k + 1 interleaved, elements 0–3 | 8–11 and 4–7 | 12–15.
    for (int k = 0; k < 8; k++) { s[k] = LO16(row[2 * k], row[2 * k + 1]); s[k + 8] = HI16(row[2 * k], row[2 * k + 1]); }
    // u[4g + m]: rows 4m … 4m + 3 of elements 2g, 2g + 1 (low halves) and 2g + 8, 2g + 9 (high).
    for (int m = 0; m < 4; m++) {
        u[m] = LO32(s[2 * m], s[2 * m + 1]);
        u[m + 4] = HI32(s[2 * m], s[2 * m + 1]);
        u[m + 8] = LO32(s[8 + 2 * m], s[9 + 2 * m]);
        u[m + 12] = HI32(s[8 + 2 * m], s[9 + 2 * m]);
    }
    for (int g = 0; g < 4; g++) {
        const u16x16 a = LO64(u[4 * g], u[4 * g + 1]), b = HI64(u[4 * g], u[4 * g + 1]);
        const u16x16 c = LO64(u[4 * g + 2], u[4 * g + 3]), d = HI64(u[4 * g + 2], u[4 * g + 3]);
        col[2 * g] = LO128(a, c); col[2 * g + 8] = HI128(a, c);
        col[2 * g + 1] = LO128(b, d); col[2 * g + 9] = HI128(b, d);
    }
#undef LO16
#undef HI16
#undef LO32
#undef HI32
#undef LO64
#undef HI64
#undef LO128
#undef HI128
}

/// The 4×4 transpose of 64-bit blocks (one RGBA pixel of 16-bit values each): `out[p]` gets
/// block p of every `in` row. Its own inverse.
BINLINE void transpose_pixels(const u16x16 in[4], u16x16 out[4]) {
    const u16x16 a = __builtin_shufflevector(in[0], in[1], 0, 1, 2, 3, 16, 17, 18, 19, 8, 9, 10, 11, 24, 25, 26, 27);
    const u16x16 b = __builtin_shufflevector(in[0], in[1], 4, 5, 6, 7, 20, 21, 22, 23, 12, 13, 14, 15, 28, 29, 30, 31);
    const u16x16 c = __builtin_shufflevector(in[2], in[3], 0, 1, 2, 3, 16, 17, 18, 19, 8, 9, 10, 11, 24, 25, 26, 27);
    const u16x16 d = __builtin_shufflevector(in[2], in[3], 4, 5, 6, 7, 20, 21, 22, 23, 12, 13, 14, 15, 28, 29, 30, 31);
    out[0] = __builtin_shufflevector(a, c, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23);
    out[2] = __builtin_shufflevector(a, c, 8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31);
    out[1] = __builtin_shufflevector(b, d, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23);
    out[3] = __builtin_shufflevector(b, d, 8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31);
}

/// A8 band: steps [x, x + 16) from a tile of 16 columns × 16 rows, transposed.
BINLINE void a8_prepare(const BandContext *c, intptr_t x) {
    u16x16 tile[16], col[16];
    memcpy(tile, c->tiles + x * 16, sizeof tile);
    transpose16(tile, col);
    for (int i = 0; i < 16; i++) c->in[x + i] = __builtin_convertvector(col[i], f16v);
}

/// A8 band: steps [x, x + 16) rounded to bytes, transposed back into 16 bytes of each row.
BINLINE void a8_flush(const BandContext *c, intptr_t x) {
    u16x16 col[16], row[16];
    for (int i = 0; i < 16; i++) col[i] = __builtin_convertvector(__builtin_convertvector(level8(c->out[x + i]), i16v), u16x16);
    transpose16(col, row);
    const intptr_t count = c->w - x < 16 ? c->w - x : 16;
    for (intptr_t r = 0; r < c->rows; r++) {
        const u8x16 bytes = __builtin_convertvector(row[r], u8x16);
        // A constant length is a single store; a variable one a few (copy_short, no call).
        if (count == 16) memcpy(c->d[r] + x, &bytes, 16); else copy_short(c->d[r] + x, (const uint8_t *)&bytes, (size_t)count);
    }
}

/// RGBA band: steps [x, x + 4) (4 pixels of 4 rows) from 4 rows of a tile, transposed.
BINLINE void rgba_prepare(const BandContext *c, intptr_t x) {
    // The 128 bytes read here lie 512 bytes after the last: too far apart for the hardware
    // prefetcher to run ahead, so ask for the ones 16 tiles on.
    if (x + 64 < c->w) {
        const uint16_t *ahead = c->tiles + (x + 64) * 64;
        __builtin_prefetch(ahead);
        __builtin_prefetch(ahead + 32);
    }
    u16x16 tile[4], steps[4];
    memcpy(tile, c->tiles + x * 64, sizeof tile);
    transpose_pixels(tile, steps);
    for (int p = 0; p < 4; p++) c->in[x + p] = __builtin_convertvector(steps[p], f16v);
}

/// RGBA band: steps [x, x + 4) rounded to bytes (no colour above its alpha), transposed back into
/// 4 pixels of each row.
BINLINE void rgba_flush(const BandContext *c, intptr_t x) {
    u16x16 steps[4], row[4];
    for (int p = 0; p < 4; p++) {
        const f16v v = level8(c->out[x + p]);
        // Rounding each channel alone could put a colour one level above its alpha.
        const f16v alpha = __builtin_shufflevector(v, v, 3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15, 15, 15, 15);
        steps[p] = __builtin_convertvector(__builtin_convertvector(__builtin_elementwise_min(v, alpha), i16v), u16x16);
    }
    transpose_pixels(steps, row);
    if (x + 4 <= c->w && c->rows == 4) {
        // The common case: four 16-byte stores (a constant length is a single store).
        for (int r = 0; r < 4; r++) {
            const u8x16 pixels = __builtin_convertvector(row[r], u8x16);
            memcpy(c->d[r] + 4 * x, &pixels, 16);
        }
    } else {
        const intptr_t bytes = c->w - x < 4 ? 4 * (c->w - x) : 16;
        for (intptr_t r = 0; r < c->rows; r++) {
            const u8x16 pixels = __builtin_convertvector(row[r], u8x16);
            copy_short(c->d[r] + 4 * x, (const uint8_t *)&pixels, (size_t)bytes);
        }
    }
}

/// Pass 2 of the recursion for band `b`: rows [16b, 16b + 16) of an A8 image, or [4b, 4b + 4)
/// of an RGBA one (4 channels each), filtered along x. A tile holds 16 columns of 16 rows (A8)
/// or 4 pixels of 16 rows (RGBA: 4 rows of it are a 4×4 matrix of 64-bit pixels).
static void blur_strip_band_x(const SheenBlurJob *j, intptr_t b, f16v *in, f16v *out) {
    const int a8 = j->channels == 1;
    const intptr_t bandRows = a8 ? 16 : 4, y0 = b * bandRows;
    BandContext c = { .w = j->width, .rows = j->height - y0 < bandRows ? j->height - y0 : bandRows,
                      .tiles = j->tmp + tile_at(j, y0, 0), .in = in, .out = out };
    for (intptr_t r = 0; r < 16; r++) c.d[r] = r < c.rows ? j->dst + (y0 + r) * j->dstStride : NULL;
    const intptr_t group = a8 ? 16 : 4;
    if (!j->lineX) {
        // σ below the identity threshold along x: each step as it is.
        c.out = in;
        for (intptr_t x = 0; x < c.w; x += group) {
            if (a8) { a8_prepare(&c, x); a8_flush(&c, x); } else { rgba_prepare(&c, x); rgba_flush(&c, x); }
        }
        return;
    }
    if (a8) {
        // A8's groups are 16 steps and a 16×16 transpose each way: inside the recursion they
        // slowed it (bench/kernel-notes.md, "Blur"), so they keep sweeps of their own.
        for (intptr_t x = 0; x < c.w; x += 16) a8_prepare(&c, x);
        blur_strip_core(in, NULL, 0, out, NULL, 0, c.w, j->lineX, j->clamp, NULL, NULL, NULL, 0);
        for (intptr_t x = 0; x < c.w; x += 16) a8_flush(&c, x);
    } else {
        blur_strip_core(in, NULL, 0, out, NULL, 0, c.w, j->lineX, j->clamp, &c, rgba_prepare, rgba_flush, 4);
    }
}
