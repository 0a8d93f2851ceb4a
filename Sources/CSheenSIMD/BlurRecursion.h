// The blur's recursion (the second layer of BlurBody.h): Deriche's sections along a strip of 16
// lanes in Float, forwards and backwards, and pass 1 down columns.

/// The coefficients of one axis (BlurLine), in this order.
enum { N00, N01, N10, N11, M01, M02, M11, M12, D01, D02, D11, D12, CG0, CG1, AG0, AG1 };

/// One step of one section: ((u − older·d2) − newer·d1), u its feed-forward part. The newest
/// output is subtracted last, so only one multiply and one subtraction wait for it.
#define SECTION(u, older, newer, d1, d2) (((u) - (older) * (d2)) - (newer) * (d1))

/// Levels → round(levels · 256) in [0, 65280] (the 8.8 intermediate), ties to even.
BINLINE u16x16 fixed88(f16v v) {
    f16v s = __builtin_elementwise_min(__builtin_elementwise_max(v * 256.0f, (f16v)0.0f), (f16v)65280.0f);
    return __builtin_convertvector(__builtin_convertvector(__builtin_elementwise_roundeven(s), i16v), u16x16);
}

/// One band of pass 2: the rows it writes and the lines the recursion reads and writes.
typedef struct BandContext {
    intptr_t w, rows;
    uint8_t *d[16];
    const uint16_t *tiles;
    f16v *in;
    const f16v *out;
} BandContext;

/// Reads (prepare) or writes (flush) the group of steps starting at a step of a band.
typedef void (*BandHook)(const struct BandContext *band, intptr_t first);

/// Filters `count` steps of 16 lanes: ((s0 + s1) + t0) + t1, the forward (s) and backward (t)
/// outputs of both sections. Step n's input is `in[n]`, or with `bytes` the 16 bytes at
/// `bytes + n · byteStride` (converted as they are needed, so pass 1 keeps no Float copy of its
/// column). The result goes to `out[n]`, or with `tiles` as 8.8 values to row n of a column of
/// tiles (`tiles + (n / 16) · tileRowStride + (n % 16) · 16`): stored as soon as the backward
/// sweep finishes each step, its conversion and store overlap the recursion instead of taking a
/// sweep of their own. `out` holds the forward sums in between either way.
/// With `band` (pass 2), `prepare` fills in[n …< n + group) just before the forward sweep needs
/// step n, and `flush` writes steps [n, n + group) out as soon as the backward sweep has finished
/// the lowest of them: reading tiles and writing pixels overlap the recursion too.
/// Inlined into each caller with its arguments constant, so the choices cost nothing.
BINLINE void blur_strip_core(const f16v *in, const uint8_t *bytes, intptr_t byteStride, f16v *out, uint16_t *tiles,
                          intptr_t tileRowStride, intptr_t count, const float *k, int clamp,
                          const struct BandContext *band, BandHook prepare, BandHook flush, intptr_t group) {
#define IN(n) (bytes ? load_step(bytes, byteStride, (n)) : in[n])
#define FINISH(n, value) do { \
        const f16v done_ = (value); \
        if (tiles) { \
            const u16x16 q_ = fixed88(done_); \
            memcpy(tiles + ((n) >> 4) * tileRowStride + ((n) & 15) * 16, &q_, sizeof q_); \
        } else { \
            out[n] = done_; \
        } \
    } while (0)
    const f16v zero = 0;
    if (prepare) prepare(band, 0);
    const f16v first = clamp ? IN(0) : zero;
    f16v a0 = first * k[CG0], b0 = a0, a1 = first * k[CG1], b1 = a1;
    // The coefficients are read from memory at every use (the empty asm makes the compiler
    // forget them): kept in registers they pushed the state out and put a store and a reload
    // on the recursion's critical path.
#define K(i) ((f16v)k[i])
#define FORGET() __asm__ volatile("" ::: "memory")
    intptr_t n = 0;
    f16v xp = first;
    for (; n + 2 <= count; n += 2) {
        if (prepare && n > 0 && (n & (group - 1)) == 0) prepare(band, n);
        FORGET();
        const f16v x0 = IN(n), x1 = IN(n + 1);
        a0 = SECTION(x0 * K(N00) + xp * K(N01), a0, b0, K(D01), K(D02));
        a1 = SECTION(x0 * K(N10) + xp * K(N11), a1, b1, K(D11), K(D12));
        out[n] = a0 + a1;
        FORGET();
        b0 = SECTION(x1 * K(N00) + x0 * K(N01), b0, a0, K(D01), K(D02));
        b1 = SECTION(x1 * K(N10) + x0 * K(N11), b1, a1, K(D11), K(D12));
        out[n + 1] = b0 + b1;
        xp = x1;
    }
    if (n < count) {
        if (prepare && n > 0 && (n & (group - 1)) == 0) prepare(band, n);
        const f16v x0 = IN(n);
        a0 = SECTION(x0 * K(N00) + xp * K(N01), a0, b0, K(D01), K(D02));
        a1 = SECTION(x0 * K(N10) + xp * K(N11), a1, b1, K(D11), K(D12));
        out[n] = a0 + a1;
    }
    const f16v last = clamp ? IN(count - 1) : zero;
    a0 = last * k[AG0]; b0 = a0; a1 = last * k[AG1]; b1 = a1;
    n = count - 1;
    f16v x1 = last, x2 = last;
    for (; n >= 1; n -= 2) {
        FORGET();
        const f16v xn = IN(n), xm = IN(n - 1);
        a0 = SECTION(x1 * K(M01) + x2 * K(M02), a0, b0, K(D01), K(D02));
        a1 = SECTION(x1 * K(M11) + x2 * K(M12), a1, b1, K(D11), K(D12));
        FINISH(n, out[n] + (a0 + a1));
        if (flush && (n & (group - 1)) == 0) flush(band, n);
        FORGET();
        b0 = SECTION(xn * K(M01) + x1 * K(M02), b0, a0, K(D01), K(D02));
        b1 = SECTION(xn * K(M11) + x1 * K(M12), b1, a1, K(D11), K(D12));
        FINISH(n - 1, out[n - 1] + (b0 + b1));
        if (flush && ((n - 1) & (group - 1)) == 0) flush(band, n - 1);
        x2 = xn; x1 = xm;
    }
    if (n == 0) {
        a0 = SECTION(x1 * K(M01) + x2 * K(M02), a0, b0, K(D01), K(D02));
        a1 = SECTION(x1 * K(M11) + x2 * K(M12), a1, b1, K(D11), K(D12));
        FINISH(0, out[0] + (a0 + a1));
        if (flush) flush(band, 0);
    }
#undef K
#undef FORGET
#undef IN
#undef FINISH
}

/// `blur_strip_core` on byte steps into a column of tiles (pass 1).
static void blur_strip_bytes_to_tiles(const uint8_t *bytes, intptr_t byteStride, f16v *out, uint16_t *tiles,
                                   intptr_t tileRowStride, intptr_t count, const float *k, int clamp) {
    blur_strip_core(NULL, bytes, byteStride, out, tiles, tileRowStride, count, k, clamp, NULL, NULL, NULL, 0);
}

/// 8.8 values → round(v / 256) in [0, 255], ties to even, as Floats.
BINLINE f16v level8(f16v v) {
    f16v s = __builtin_elementwise_min(__builtin_elementwise_max(v * (1.0f / 256.0f), (f16v)0.0f), (f16v)255.0f);
    return __builtin_elementwise_roundeven(s);
}

/// The recursion's tmp is in tiles of 16 rows × 16 values (512 contiguous bytes), row of tiles
/// after row of tiles: the value at row y, index v is at `tile_at(j, y, v)`. Pass 1 then writes
/// 8 whole cache lines per tile instead of a line per row, and pass 2 reads a band of 16 rows
/// (A8) in one sequential sweep, a band of 4 rows (RGBA) in 128-byte pieces 512 bytes apart.
/// In rows, every strip of pass 1 touched a new cache line (RGBA: a new page) per row.
BINLINE intptr_t tile_at(const SheenBlurJob *j, intptr_t y, intptr_t v) {
    return (y >> 4) * (j->tmpStride * 16) + (v >> 4) * 256 + (y & 15) * 16 + (v & 15);
}

/// Strips pass 1 gathers together: 256 bytes (four cache lines) of each row.
enum { GATHERED = 16 };

/// Pass 1 of the recursion for strips [s0, s0 + count), count ≤ GATHERED: values [16s, 16s + 16)
/// of every row filtered along y. `bytes` holds GATHERED · 16 bytes per row, `out` a line of
/// steps.
static void blur_strip_pass_y(const SheenBlurJob *j, intptr_t s0, intptr_t count, uint8_t *bytes, f16v *out) {
    const intptr_t n = j->width * j->channels, h = j->height, v0 = s0 * 16;
    const intptr_t values = n - v0 < 16 * count ? n - v0 : 16 * count;
    enum { ROW = 16 * GATHERED };
    // The source is read down its columns: gathering 256 bytes of each row at once (a sequential
    // run the prefetcher follows) costs one row's cache and TLB misses per 16 strips. Read 64
    // bytes at a time, the misses were most of pass 1 (RGBA rows are 7,680 bytes apart).
    for (intptr_t y = 0; y < h; y++) {
        const uint8_t *p = j->src + y * j->srcStride + v0;
        uint8_t *row = bytes + y * ROW;
        if (values == ROW) {
            memcpy(row, p, ROW);
        } else {
            memcpy(row, p, (size_t)values);
            // Lanes past the row's end are filtered with the rest and never stored: keep them 0.
            memset(row + values, 0, (size_t)(ROW - values));
        }
    }
    for (intptr_t k = 0; k < count; k++) {
        const intptr_t v = v0 + 16 * k;
        uint16_t *t = j->tmp + tile_at(j, 0, v);
        // The rows past the last of the last band are read by pass 2 and never stored: zero them.
        for (intptr_t y = h; y < (h + 15) / 16 * 16; y++) memset(j->tmp + tile_at(j, y, v), 0, 32);
        if (j->lineY) {
            blur_strip_bytes_to_tiles(bytes + 16 * k, ROW, out, t, j->tmpStride * 16, h, j->lineY, j->clamp);
        } else {
            for (intptr_t y = 0; y < h; y++) {
                u8x16 b;
                memcpy(&b, bytes + y * ROW + 16 * k, sizeof b);
                const u16x16 q = __builtin_convertvector(b, u16x16) << 8;
                memcpy(t + tile_at(j, y, 0), &q, sizeof q);
            }
        }
    }
}
