// The small calls an embedding renderer makes, timed for pixman, Blend2D and Sheen's C API in one
// process on identical inputs (Scripts/compare-peers.py builds and runs it): one glyph-sized A8
// mask composited with an opaque solid colour (sourceOver) at each of 10,000 seeded positions
// scattered over a 1920×1080 premultiplied BGRA buffer (16 distinct text-like masks per size),
// the glyph runs of Sheen (sheen_composite_glyphs) and pixman (pixman_composite_glyphs_no_mask,
// glyphs in its cache) on the same 10,000 glyphs, and a 64×24 linear-gradient rectangle at
// 10,000 positions, the gradient made per call (as a canvas-style caller does) or, for Sheen,
// prepared once. Rounds interleave the libraries in rotating order, each run on a destination
// restored untimed, after one uncounted warm-up round.
// Prints one JSON line per case and library: the median and best ns per call over the rounds.
//
// Blend2D's declarations are in Oracle/adapters/blend2d_api.h (the wheel ships no header).

#define _POSIX_C_SOURCE 200809L
#include <pixman.h>
#include <sheen.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <emmintrin.h>

#include "blend2d_api.h"

enum { W = 1920, H = 1080, CALLS = 10000, MASKS = 16 };

static uint64_t state;
static uint64_t next_random(void) {
    state += 0x9E3779B97F4A7C15ull;
    uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static int below(int n) { return (int)(next_random() % (uint64_t)n); }

/// Text-like coverage as SheenTestSupport's fillTextLikeCoverage draws it: gaps of 1–15, edges of
/// 1–3 partial pixels, strokes of 1–7 opaque pixels.
static void text_like(uint8_t *m, int w, int h, int stride) {
    for (int y = 0; y < h; y++) {
        uint8_t *row = m + y * stride;
        int x = 0;
#define PUT(v) do { if (x < w) row[x] = (uint8_t)(v); x++; } while (0)
        while (x < w) {
            for (int k = 1 + below(15); k > 0; k--) PUT(0);
            for (int k = 1 + below(3); k > 0; k--) PUT(1 + below(254));
            for (int k = 1 + below(7); k > 0; k--) PUT(255);
            for (int k = 1 + below(3); k > 0; k--) PUT(1 + below(254));
        }
#undef PUT
    }
}

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

typedef struct {
    const char *name;
    double samples[64];
    int count;
} Timing;

static void report(const char *kase, int w, int h, Timing *t) {
    qsort(t->samples, (size_t)t->count, sizeof(double), compare_doubles);
    printf("{\"case\": \"%s\", \"width\": %d, \"height\": %d, \"library\": \"%s\", \"calls\": %d, "
           "\"ns_per_call\": %.1f, \"best_ns_per_call\": %.1f, \"rounds\": %d}\n",
           kase, w, h, t->name, CALLS, t->samples[t->count / 2] / CALLS, t->samples[0] / CALLS, t->count);
    fflush(stdout);
}

static uint32_t *canvas, *original;
static pixman_image_t *pixman_dst;
static BLObjectCore bl_image, bl_context;
static sheen_buffer sheen_dst;

/// Only this library's column when ≥ 0 (argv[2]: 0 pixman, 1 Blend2D, 2 Sheen, 3 Sheen's second
/// form, 4 pixman's glyph run), for profiling one library alone.
static int only = -1;

/// Restores the canvas through the cache (ordinary 16-byte stores: glibc's memcpy of 8 MB uses
/// non-temporal stores, which would leave every library's first touch of each row to DRAM), as a
/// renderer's frame is after its background was drawn.
static void restore(void) {
    const __m128i *s = (const __m128i *)original;
    __m128i *d = (__m128i *)canvas;
    for (size_t i = 0; i < (size_t)W * H / 4; i++) _mm_store_si128(d + i, _mm_load_si128(s + i));
}

/// The order the libraries run in round r: rotated each round, so none always follows another.
static int order(int r, int k, int n) { return (r + k) % n; }

static void check(int ok, const char *what) {
    if (!ok) {
        fprintf(stderr, "smallcalls: %s failed\n", what);
        exit(1);
    }
}

static void glyphs(int gw, int gh, int rounds) {
    uint8_t *masks[MASKS];
    pixman_image_t *pixman_masks[MASKS];
    BLObjectCore bl_masks[MASKS];
    sheen_buffer sheen_masks[MASKS];
    for (int k = 0; k < MASKS; k++) {
        masks[k] = malloc((size_t)gw * gh);
        text_like(masks[k], gw, gh, gw);
        pixman_masks[k] = pixman_image_create_bits(PIXMAN_a8, gw, gh, (uint32_t *)masks[k], gw);
        check(pixman_masks[k] != NULL && gw % 4 == 0, "pixman mask");
        check(blImageInitAsFromData(&bl_masks[k], gw, gh, FORMAT_A8, masks[k], gw, ACCESS_RW, NULL, NULL) == 0, "Blend2D mask");
        sheen_masks[k] = (sheen_buffer){masks[k], gw, gh, gw, SHEEN_FORMAT_A8};
    }
    int *xs = malloc(sizeof(int) * CALLS), *ys = malloc(sizeof(int) * CALLS);
    sheen_glyph *run = malloc(sizeof(sheen_glyph) * CALLS);
    for (int i = 0; i < CALLS; i++) {
        xs[i] = below(W - gw + 1);
        ys[i] = below(H - gh + 1);
        run[i] = (sheen_glyph){&sheen_masks[i % MASKS], xs[i], ys[i]};
    }
    const uint32_t argb = 0xFF3478F6u;  // #3478F6, opaque
    pixman_color_t pc = {0x3434, 0x7878, 0xF6F6, 0xFFFF};
    pixman_image_t *solid = pixman_image_create_solid_fill(&pc);
    sheen_paint paint = {.kind = SHEEN_PAINT_COLOR, .color = sheen_color_from_rgba(0x3478F6FF)};
    // pixman's own glyph run, with the glyphs in its cache (filled untimed, as a renderer's is).
    pixman_glyph_cache_t *cache = pixman_glyph_cache_create();
    const void *cached[MASKS];
    pixman_glyph_cache_freeze(cache);
    for (int k = 0; k < MASKS; k++) cached[k] = pixman_glyph_cache_insert(cache, cache, (void *)(intptr_t)(k + 1), 0, 0, pixman_masks[k]);
    pixman_glyph_cache_thaw(cache);
    pixman_glyph_t *pixman_run = malloc(sizeof(pixman_glyph_t) * CALLS);
    for (int i = 0; i < CALLS; i++) pixman_run[i] = (pixman_glyph_t){xs[i], ys[i], cached[i % MASKS]};
    enum { LIBS = 5 };
    Timing t[LIBS] = {{"pixman"}, {"Blend2D"}, {"Sheen C API"}, {"Sheen C API"}, {"pixman"}};
    uint32_t *results[LIBS];
    for (int r = 0; r <= rounds; r++) {
        for (int k = 0; k < LIBS; k++) {
            const int lib = r == 0 ? k : order(r, k, LIBS);
            if (only >= 0 && lib != only && r > 0) continue;
            restore();
            double t0 = now_ns();
            switch (lib) {
            case 0:
                for (int i = 0; i < CALLS; i++)
                    pixman_image_composite32(PIXMAN_OP_OVER, solid, pixman_masks[i % MASKS], pixman_dst, 0, 0, 0, 0,
                                             xs[i], ys[i], gw, gh);
                break;
            case 1:
                blContextSetCompOp(&bl_context, COMP_SRC_OVER);
                for (int i = 0; i < CALLS; i++) {
                    BLPointI origin = {xs[i], ys[i]};
                    BLRectI area = {0, 0, gw, gh};
                    blContextFillMaskIRgba32(&bl_context, &origin, &bl_masks[i % MASKS], &area, argb);
                }
                blContextFlush(&bl_context, FLUSH_SYNC);
                break;
            case 2:
                for (int i = 0; i < CALLS; i++) {
                    sheen_coverage c = {.kind = SHEEN_COVERAGE_MASK, .alpha = 255, .mask = &sheen_masks[i % MASKS],
                                        .mask_x = xs[i], .mask_y = ys[i]};
                    sheen_composite(&sheen_dst, &paint, SHEEN_OP_SOURCE_OVER, &c);
                }
                break;
            case 3:
                check(sheen_composite_glyphs(&sheen_dst, &paint, SHEEN_OP_SOURCE_OVER, run, CALLS) == SHEEN_OK, "glyph run");
                break;
            case 4:
                pixman_composite_glyphs_no_mask(PIXMAN_OP_OVER, solid, pixman_dst, 0, 0, 0, 0, cache, CALLS, pixman_run);
                break;
            }
            // Round 0 warms up (first touches, the libraries' caches and JIT) and is not counted.
            if (r > 0) t[lib].samples[t[lib].count++] = now_ns() - t0;
            if (r == 0) {
                results[lib] = malloc((size_t)W * H * 4);
                memcpy(results[lib], canvas, (size_t)W * H * 4);
            }
        }
    }
    // Each library's run writes what its single calls write; the libraries round differently
    // from one another (within 1 level), so they are not compared here.
    check(memcmp(results[2], results[3], (size_t)W * H * 4) == 0, "Sheen's glyph run equals its single calls");
    check(memcmp(results[0], results[4], (size_t)W * H * 4) == 0, "pixman's glyph run equals its single calls");
    char name[64];
    for (int lib = 0; lib < LIBS; lib++) {
        snprintf(name, sizeof name, "composite.over_n_8_8888.%s.%dx%d", lib >= 3 ? "glyphrun" : "glyph", gw, gh);
        report(name, gw, gh, &t[lib]);
        free(results[lib]);
    }
    pixman_glyph_cache_destroy(cache);
    free(pixman_run);
    pixman_image_unref(solid);
    for (int k = 0; k < MASKS; k++) {
        pixman_image_unref(pixman_masks[k]);
        blImageDestroy(&bl_masks[k]);
        free(masks[k]);
    }
    free(xs); free(ys); free(run);
}

static void gradient_rects(int rounds) {
    enum { RW = 64, RH = 24 };
    int *xs = malloc(sizeof(int) * CALLS), *ys = malloc(sizeof(int) * CALLS);
    for (int i = 0; i < CALLS; i++) { xs[i] = below(W - RW + 1); ys[i] = below(H - RH + 1); }
    // sheen-bench's gradient colours: #3478F6 → #FF3B30.
    enum { STOPS = 2 };
    const uint32_t colors[STOPS] = {0x3478F6FF, 0xFF3B30FF};
    const double offsets[STOPS] = {0, 1};
    BLGradientStop bl_stops[STOPS];
    pixman_gradient_stop_t px_stops[STOPS];
    sheen_gradient_stop sh_stops[STOPS];
    for (int k = 0; k < STOPS; k++) {
        uint32_t c = colors[k];
        uint64_t r = c >> 24, g = (c >> 16) & 255, b = (c >> 8) & 255, a = c & 255;
        bl_stops[k] = (BLGradientStop){offsets[k], (a * 257) << 48 | (r * 257) << 32 | (g * 257) << 16 | (b * 257)};
        px_stops[k] = (pixman_gradient_stop_t){pixman_double_to_fixed(offsets[k]),
                                               {(uint16_t)(r * 257), (uint16_t)(g * 257), (uint16_t)(b * 257), (uint16_t)(a * 257)}};
        sh_stops[k] = (sheen_gradient_stop){offsets[k], sheen_color_from_rgba(c)};
    }
    sheen_gradient *prepared = NULL;
    check(sheen_gradient_create_linear(0, 0, RW, RH, sh_stops, STOPS, &prepared) == SHEEN_OK, "prepared gradient");
    Timing t[4] = {{"pixman"}, {"Blend2D"}, {"Sheen C API"}, {"Sheen C API"}};
    for (int r = 0; r <= rounds; r++) {
        for (int k = 0; k < 4; k++) {
            const int lib = order(r, k, 4);
            if (only >= 0 && lib != only && r > 0) continue;
            restore();
            double t0 = now_ns();
            for (int i = 0; i < CALLS; i++) {
                const double x0 = xs[i], y0 = ys[i], x1 = xs[i] + RW, y1 = ys[i] + RH;
                switch (lib) {
                case 0: {
                    pixman_point_fixed_t p1 = {pixman_double_to_fixed(x0), pixman_double_to_fixed(y0)};
                    pixman_point_fixed_t p2 = {pixman_double_to_fixed(x1), pixman_double_to_fixed(y1)};
                    pixman_image_t *g = pixman_image_create_linear_gradient(&p1, &p2, px_stops, STOPS);
                    pixman_image_composite32(PIXMAN_OP_SRC, g, NULL, pixman_dst, xs[i], ys[i], 0, 0, xs[i], ys[i], RW, RH);
                    pixman_image_unref(g);
                    break;
                }
                case 1: {
                    BLObjectCore g;
                    const double values[4] = {x0, y0, x1, y1};
                    blGradientInitAs(&g, 0, values, 0, bl_stops, STOPS, NULL);
                    if (i == 0) blContextSetCompOp(&bl_context, COMP_SRC_COPY);
                    BLRectI rect = {xs[i], ys[i], RW, RH};
                    blContextFillRectIExt(&bl_context, &rect, &g);
                    blGradientDestroy(&g);
                    break;
                }
                case 2: {
                    sheen_gradient *g = NULL;
                    sheen_gradient_create_linear(x0, y0, x1, y1, sh_stops, STOPS, &g);
                    sheen_rect rect = {xs[i], ys[i], RW, RH};
                    sheen_fill_gradient_rect(&sheen_dst, g, &rect);
                    sheen_gradient_destroy(g);
                    break;
                }
                case 3: {
                    sheen_rect rect = {xs[i], ys[i], RW, RH};
                    sheen_fill_gradient_rect(&sheen_dst, prepared, &rect);
                    break;
                }
                }
            }
            if (lib == 1) blContextFlush(&bl_context, FLUSH_SYNC);
            // Round 0 warms up (first touches, the libraries' caches and JIT) and is not counted.
            if (r > 0) t[lib].samples[t[lib].count++] = now_ns() - t0;
        }
    }
    for (int lib = 0; lib < 4; lib++)
        report(lib == 3 ? "gradient.linear.rect.64x24.prepared" : "gradient.linear.rect.64x24.percall", RW, RH, &t[lib]);
    sheen_gradient_destroy(prepared);
    free(xs); free(ys);
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 15;
    if (rounds < 1 || rounds > 64) rounds = 15;
    if (argc > 2) only = atoi(argv[2]);
    state = 0x736D616C6C63616Cull;
    canvas = aligned_alloc(64, (size_t)W * H * 4);
    original = aligned_alloc(64, (size_t)W * H * 4);
    for (int i = 0; i < W * H; i++) {
        uint32_t a = 128 + (uint32_t)below(128);
        uint32_t c = (uint32_t)below(256) * a / 255;
        original[i] = a << 24 | c << 16 | (c / 2) << 8 | (a - c / 3);
    }
    pixman_dst = pixman_image_create_bits(PIXMAN_a8r8g8b8, W, H, canvas, W * 4);
    check(blImageInitAsFromData(&bl_image, W, H, FORMAT_PRGB32, canvas, W * 4, ACCESS_RW, NULL, NULL) == 0 &&
              blContextInitAs(&bl_context, &bl_image, NULL) == 0, "Blend2D target");
    sheen_dst = (sheen_buffer){canvas, W, H, W * 4, SHEEN_FORMAT_BGRA8_PREMULTIPLIED};
    glyphs(12, 16, rounds);
    glyphs(24, 32, rounds);
    glyphs(48, 64, rounds);
    gradient_rects(rounds);
    blContextDestroy(&bl_context);
    blImageDestroy(&bl_image);
    pixman_image_unref(pixman_dst);
    return 0;
}
