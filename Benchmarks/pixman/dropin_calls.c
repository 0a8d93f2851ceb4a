/* Small pixman calls, timed in nanoseconds per call (best of several rounds): what the drop-in
 * pixman adds to, or saves on, the calls a renderer makes most — a 1 × 1 composite (the
 * interposition's own cost), a glyph-sized colour through an a8 mask, a 64 × 64 image, and a
 * gradient made and painted per call as cairo does (opaque and translucent stops, which pixman
 * interpolates straight; linear at 30°, radial), and an image repeated over 256 × 256: the
 * 1-pixel pattern (a 1 × 256 and a 256 × 1 translucent strip, repeat normal), a 16 × 16 tile
 * (repeat normal) and a 64 × 64 image padded (repeat pad). Scripts/
 * bench-pixman.sh runs it with and without libsheen-pixman preloaded, alternated, on one core.
 *   dropin_calls [ROUNDS]   prints "case ns" lines */
#include <pixman.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 7;
    if (rounds < 1) { fprintf(stderr, "dropin_calls: ROUNDS must be a positive count\n"); return 2; }
    static uint32_t d[64 * 64], s[64 * 64];
    static uint8_t m[64 * 64];
    for (int i = 0; i < 64 * 64; i++) { d[i] = 0x80402010u; s[i] = 0x80808080u; m[i] = (uint8_t)i; }
    pixman_image_t *dst = pixman_image_create_bits(PIXMAN_a8r8g8b8, 64, 64, d, 256);
    pixman_image_t *src = pixman_image_create_bits(PIXMAN_a8r8g8b8, 64, 64, s, 256);
    pixman_image_t *mask = pixman_image_create_bits(PIXMAN_a8, 64, 64, (uint32_t *)m, 64);
    pixman_color_t c = {0x8000, 0x4000, 0x2000, 0xffff};
    pixman_image_t *solid = pixman_image_create_solid_fill(&c);
    static const char *names[] = {"composite.1x1.over.solid", "composite.1x1.over.solid.a8", "composite.1x1.over.image",
                                  "composite.12x16.over.solid.a8", "composite.64x64.over.image", "fill.64x64",
                                  "composite.64x64.over.linear.opaque", "composite.64x64.over.linear.translucent",
                                  "composite.64x64.over.radial.translucent", "composite.256x256.over.linear.translucent",
                                  "composite.256x256.over.column1x256.repeat", "composite.256x256.over.row256x1.repeat",
                                  "composite.256x256.over.tile16x16.repeat", "composite.256x256.over.image64x64.pad"};
    static uint32_t g[256 * 256];
    pixman_image_t *big = pixman_image_create_bits(PIXMAN_a8r8g8b8, 256, 256, g, 1024);
    pixman_gradient_stop_t opaque[2] = {{0, {0x3434, 0x7878, 0xf6f6, 0xffff}}, {pixman_fixed_1, {0xffff, 0x3b3b, 0x3030, 0xffff}}};
    pixman_gradient_stop_t translucent[2] = {{0, {0x3434, 0x7878, 0xf6f6, 0x8080}}, {pixman_fixed_1, {0xffff, 0x3b3b, 0x3030, 0x4040}}};
    /* A 30° line over 64 pixels (over 256 for the 256 × 256 case, the same slope per pixel × 4). */
    pixman_point_fixed_t p1 = {0, 0}, p2 = {pixman_double_to_fixed(64 * 0.866), pixman_double_to_fixed(64 * 0.5)};
    pixman_point_fixed_t centre = {pixman_int_to_fixed(32), pixman_int_to_fixed(32)};
    /* Repeated sources: translucent ramps (premultiplied) 256 long, a 16 × 16 tile, the 64 × 64 image. */
    static uint32_t ramp[256], tile[16 * 16];
    for (int i = 0; i < 256; i++) { uint32_t a = 128 + i / 2; ramp[i] = a << 24 | (a * i / 255) << 16 | (a / 2) << 8 | (a * (255 - i) / 255); }
    for (int i = 0; i < 256; i++) tile[i] = (i & 17) ? 0xff204080u : 0x80402010u;
    pixman_image_t *column = pixman_image_create_bits(PIXMAN_a8r8g8b8, 1, 256, ramp, 4);
    pixman_image_t *row = pixman_image_create_bits(PIXMAN_a8r8g8b8, 256, 1, ramp, 1024);
    pixman_image_t *tiled = pixman_image_create_bits(PIXMAN_a8r8g8b8, 16, 16, tile, 64);
    pixman_image_t *padded = pixman_image_create_bits(PIXMAN_a8r8g8b8, 64, 64, s, 256);
    pixman_image_set_repeat(column, PIXMAN_REPEAT_NORMAL);
    pixman_image_set_repeat(row, PIXMAN_REPEAT_NORMAL);
    pixman_image_set_repeat(tiled, PIXMAN_REPEAT_NORMAL);
    pixman_image_set_repeat(padded, PIXMAN_REPEAT_PAD);
    pixman_image_t *repeated[4] = {column, row, tiled, padded};
    for (int k = 0; k < 14; k++) {
        double best = 1e30;
        int n = k >= 9 ? 500 : k >= 6 ? 5000 : k >= 4 ? 20000 : 1000000;
        for (int r = 0; r < rounds; r++) {
            double t0 = now();
            for (int i = 0; i < n; i++) {
                int x = i & 63, y = (i >> 6) & 63;
                switch (k) {
                case 0: pixman_image_composite32(PIXMAN_OP_OVER, solid, NULL, dst, 0, 0, 0, 0, x, y, 1, 1); break;
                case 1: pixman_image_composite32(PIXMAN_OP_OVER, solid, mask, dst, 0, 0, x, 0, x, y, 1, 1); break;
                case 2: pixman_image_composite32(PIXMAN_OP_OVER, src, NULL, dst, x, 0, 0, 0, x, y, 1, 1); break;
                case 3: pixman_image_composite32(PIXMAN_OP_OVER, solid, mask, dst, 0, 0, 0, 0, x & 31, y & 31, 12, 16); break;
                case 4: pixman_image_composite32(PIXMAN_OP_OVER, src, NULL, dst, 0, 0, 0, 0, 0, 0, 64, 64); break;
                case 5: pixman_fill(d, 64, 32, 0, 0, 64, 64, 0xff336699u + (uint32_t)(i & 1)); break;
                case 10: case 11: case 12: case 13:
                    pixman_image_composite32(PIXMAN_OP_OVER, repeated[k - 10], NULL, big, -96, -96, 0, 0, 0, 0, 256, 256);
                    break;
                default: {
                    pixman_image_t *gradient = k == 8 ? pixman_image_create_radial_gradient(&centre, &centre, 0, pixman_int_to_fixed(45), translucent, 2)
                                                      : pixman_image_create_linear_gradient(&p1, &p2, k == 6 ? opaque : translucent, 2);
                    pixman_image_set_repeat(gradient, PIXMAN_REPEAT_PAD);
                    if (k == 9) pixman_image_composite32(PIXMAN_OP_OVER, gradient, NULL, big, 0, 0, 0, 0, 0, 0, 256, 256);
                    else pixman_image_composite32(PIXMAN_OP_OVER, gradient, NULL, dst, 0, 0, 0, 0, 0, 0, 64, 64);
                    pixman_image_unref(gradient);
                }
                }
            }
            double ns = (now() - t0) / n * 1e9;
            if (ns < best) best = ns;
        }
        printf("%s %.1f\n", names[k], best);
    }
    for (int i = 0; i < 4; i++) pixman_image_unref(repeated[i]);
    pixman_image_unref(big); pixman_image_unref(solid); pixman_image_unref(mask); pixman_image_unref(src); pixman_image_unref(dst);
    return 0;
}
