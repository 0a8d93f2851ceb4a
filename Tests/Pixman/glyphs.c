/* The drop-in pixman's glyph runs against the system pixman's: pixman_composite_glyphs_no_mask
 * (what cairo draws text with) through the drop-in (this program runs with libsheen-pixman
 * preloaded) and through the system pixman, into two copies of one destination, compared byte by
 * byte within 2 levels, and a level more for each glyph over the pixel beyond the first (the two
 * round differently, once per glyph; the operators are those without pixman's known deviations
 * through a mask, bench/oracle.md).
 *
 * Random glyph caches of a8 and a1 glyphs 1–24 pixels a side at random origins (a1: cairo's glyphs
 * without antialiasing, which the drop-in draws from an a8 copy; and a few a8r8g8b8 ones, whose
 * component alpha pixman keeps), runs of 1–40 glyphs placed in,
 * across and outside the destination, solid, image and gradient sources at offsets (smooth linear and
 * radial gradients, padded; images also scaled under the bilinear filter), a8r8g8b8, x8r8g8b8 and
 * a8 destinations, with and without a clip region of one box or two. Between runs glyphs are removed and others
 * inserted, and the cache sometimes destroyed and made again, so that pixman reuses glyph and
 * image addresses: a glyph the drop-in drew from after pixman freed it would show here. Sheen
 * must have drawn every glyph of each run its loop takes (docs/pixman.md: a8 and a1 glyphs, a
 * bounded operator — not a blend mode onto a8 —, a solid or non-repeating source; colour glyphs too onto
 * a8 or through an a8 mask, where pixman's component alpha is their alpha's coverage, at least 40 such
 * runs; sheen_pixman_drawn_calls
 * counts them), and such runs must be a fifth of all at least, so the comparison is not pixman
 * against itself. Every fourth run is subpixel text: a8r8g8b8 glyphs alone, mostly through the
 * a8r8g8b8 mask with component alpha that cairo asks for, mostly over, onto a8r8g8b8 or x8r8g8b8;
 * the drop-in draws such a run through its own mask (over and src, a colour or an image at no
 * repeat, no clip of two boxes; a gradient through the full path, any clip), and a glyph
 * at a time over (a colour, or an image at no repeat), at least 40 of them. Gradient runs are drawn
 * by Sheen as the others (a glyph at a time through the full path, subpixel glyphs with their
 * component alpha, or through the drop-in's mask), at least 100 of them. An image under a
 * convolution filter is pixman's alone: its runs must not be drawn by Sheen at all (the calls
 * pixman makes back into the drop-in inside them are handed on at once). Built and run by Scripts/test-pixman.sh; a
 * seed may be given as the first argument. */
#include <dlfcn.h>
#include <pixman.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void (*glyphs_fn)(pixman_op_t, pixman_image_t *, pixman_image_t *, int32_t, int32_t, int32_t, int32_t,
                          pixman_glyph_cache_t *, int, const pixman_glyph_t *);
typedef void (*masked_fn)(pixman_op_t, pixman_image_t *, pixman_image_t *, pixman_format_code_t, int32_t, int32_t, int32_t,
                          int32_t, int32_t, int32_t, int32_t, int32_t, pixman_glyph_cache_t *, int, const pixman_glyph_t *);
typedef uint64_t (*drawn_fn)(void);

static uint64_t state = 0x853C49E6748FEA9Bull;
static uint32_t next(void) { state ^= state << 13; state ^= state >> 7; state ^= state << 17; return (uint32_t)state; }
static int below(int n) { return (int)(next() % (uint32_t)n); }

enum { W = 67, H = 45, N = W * H, GLYPHS = 48, RUNS = 3000, TOLERANCE = 2 };

/* A valid premultiplied a8r8g8b8 pixel. */
static uint32_t valid(void) {
    uint32_t a = next() & 255, v = a << 24;
    for (int c = 0; c < 3; c++) v |= (a ? next() % (a + 1) : 0) << (8 * c);
    return v;
}

static uint32_t glyph_bits[GLYPHS][24 * 24];
/* Each cached glyph's origin and size, by its pointer (the test's own record of what it inserted). */
static struct { const void *glyph; int origin[2], size[2]; } known[GLYPHS];
static int origin_of(const void *g, int axis) { for (int k = 0; k < GLYPHS; k++) if (known[k].glyph == g) return known[k].origin[axis]; abort(); }
static int size_of(const void *g, int axis) { for (int k = 0; k < GLYPHS; k++) if (known[k].glyph == g) return known[k].size[axis]; abort(); }

/* Inserts glyph k (a new image each time; the cache keeps its own copy). */
static const void *insert(pixman_glyph_cache_t *cache, int k) {
    /* The last 8 are colour glyphs, the 8 before them a1. */
    int w = 1 + below(24), h = 1 + below(24), argb = k >= GLYPHS - 8, a1 = !argb && k >= GLYPHS - 16;
    for (int i = 0; i < 24 * 24; i++) glyph_bits[k][i] = argb ? valid() : next();
    pixman_image_t *image = pixman_image_create_bits(argb ? PIXMAN_a8r8g8b8 : a1 ? PIXMAN_a1 : PIXMAN_a8, w, h, glyph_bits[k],
                                                     argb ? 4 * 24 : a1 ? 4 : 24);
    pixman_glyph_cache_freeze(cache);
    int ox = below(12) - 4, oy = below(16) - 4;
    const void *glyph = pixman_glyph_cache_insert(cache, NULL, (void *)(uintptr_t)(k + 1), ox, oy, image);
    pixman_glyph_cache_thaw(cache);
    known[k].glyph = glyph;
    known[k].origin[0] = ox; known[k].origin[1] = oy;
    known[k].size[0] = w; known[k].size[1] = h;
    pixman_image_unref(image);
    return glyph;
}

int main(int argc, char **argv) {
    if (argc > 1) state = strtoull(argv[1], NULL, 0) * 0x9E3779B97F4A7C15ull + 1;
    void *system = dlopen("libpixman-1.so.0", RTLD_NOW | RTLD_NOLOAD);
    drawn_fn drawn = (drawn_fn)dlsym(RTLD_DEFAULT, "sheen_pixman_drawn_calls");
    if (!system || !drawn) { fprintf(stderr, "glyphs: run it with libsheen-pixman preloaded\n"); return 2; }
    glyphs_fn system_glyphs = (glyphs_fn)dlsym(system, "pixman_composite_glyphs_no_mask");
    masked_fn system_masked = (masked_fn)dlsym(system, "pixman_composite_glyphs");
    if ((void *)system_glyphs == (void *)pixman_composite_glyphs_no_mask || (void *)system_masked == (void *)pixman_composite_glyphs) {
        fprintf(stderr, "glyphs: the drop-in is not preloaded\n");
        return 2;
    }

    static const pixman_op_t ops[] = {PIXMAN_OP_OVER, PIXMAN_OP_OVER, PIXMAN_OP_ADD, PIXMAN_OP_OUT_REVERSE, PIXMAN_OP_ATOP,
                                      PIXMAN_OP_XOR, PIXMAN_OP_SRC, PIXMAN_OP_IN, PIXMAN_OP_MULTIPLY, PIXMAN_OP_SCREEN};
    static const pixman_format_code_t formats[] = {PIXMAN_a8r8g8b8, PIXMAN_x8r8g8b8, PIXMAN_a8};
    static uint32_t want[N], got[N], src_bits[N];
    const void *glyph[GLYPHS];
    pixman_glyph_cache_t *cache = pixman_glyph_cache_create();
    for (int k = 0; k < GLYPHS; k++) glyph[k] = insert(cache, k);
    int failures = 0, runs_drawn = 0, runs_taken = 0, glyph_calls = 0, worst = 0, masked_runs = 0, masked_taken = 0;
    int subpixel_runs = 0, subpixel_taken = 0, gradient_taken = 0, convolved_runs = 0, downscaled_drawn = 0, alpha_taken = 0;
    int magnified_drawn = 0;
    for (int run = 0; run < RUNS; run++) {
        /* Churn: remove and insert glyphs; now and then a new cache. */
        if (below(50) == 0) {
            pixman_glyph_cache_destroy(cache);
            cache = pixman_glyph_cache_create();
            for (int k = 0; k < GLYPHS; k++) glyph[k] = insert(cache, k);
        }
        for (int c = below(3); c > 0; c--) {
            int k = below(GLYPHS);
            pixman_glyph_cache_freeze(cache);
            pixman_glyph_cache_remove(cache, NULL, (void *)(uintptr_t)(k + 1));
            pixman_glyph_cache_thaw(cache);
            glyph[k] = insert(cache, k);
        }
        int subpixel = run % 4 == 3;
        subpixel_runs += subpixel;
        int n = 1 + below(40), colour = below(4) == 0;   /* a quarter of the others mix in colour glyphs */
        int has_colour = 0, repeating = 0, convolved = 0, downscaled = 0, magnified = 0, no_length = 0;
        pixman_glyph_t run_glyphs[40];
        for (int i = 0; i < n; i++) {
            int k = subpixel ? GLYPHS - 8 + below(8) : below(colour ? GLYPHS : GLYPHS - 8);
            has_colour |= k >= GLYPHS - 8;
            if (!glyph[k]) glyph[k] = insert(cache, k);
            run_glyphs[i] = (pixman_glyph_t){below(W + 30) - 15, below(H + 30) - 15, glyph[k]};
            if (!run_glyphs[i].glyph) n = i; /* an insert pixman refused: the run ends before it */
        }
        if (n == 0) continue;
        pixman_op_t op = subpixel && below(2) ? PIXMAN_OP_OVER : ops[below(sizeof ops / sizeof *ops)];
        pixman_format_code_t format = formats[below(subpixel ? 2 : 3)];
        pixman_image_t *src;
        int solid = subpixel ? below(4) == 0 : below(2);   /* subpixel runs mostly of an image: the drop-in's */
        int gradient = !solid && below(3) == 0;
        if (gradient) {
            /* Smooth: 2 or 3 stops at 0, somewhere in 0.2…0.8 and 1, padded; linear across the
             * destination, or radial from a point inside its end circle. */
            pixman_gradient_stop_t stops[3];
            int nstops = 2 + below(2);
            for (int k = 0; k < nstops; k++) {
                uint32_t v = valid();
                stops[k].x = k == 0 ? 0 : k == nstops - 1 ? pixman_int_to_fixed(1) : (pixman_fixed_t)(13107 + below(39322));
                stops[k].color = (pixman_color_t){(uint16_t)((v >> 16 & 255) * 257), (uint16_t)((v >> 8 & 255) * 257),
                                                  (uint16_t)((v & 255) * 257), (uint16_t)((v >> 24) * 257)};
            }
            if (below(2)) {
                pixman_point_fixed_t p1 = {pixman_int_to_fixed(below(W)), pixman_int_to_fixed(below(H))};
                pixman_point_fixed_t p2 = {pixman_int_to_fixed(below(W) + 10), pixman_int_to_fixed(below(H) + 10)};
                src = pixman_image_create_linear_gradient(&p1, &p2, stops, nstops);
                /* A line of no length is pixman's (its colour at t = 0 everywhere; Sheen's
                 * gradients paint nothing there): the drop-in hands its runs over. */
                no_length = p1.x == p2.x && p1.y == p2.y;
            } else {
                pixman_point_fixed_t c = {pixman_int_to_fixed(below(W)), pixman_int_to_fixed(below(H))};
                pixman_point_fixed_t c1 = {c.x + pixman_int_to_fixed(below(5)), c.y + pixman_int_to_fixed(below(5))};
                src = pixman_image_create_radial_gradient(&c1, &c, 0, pixman_int_to_fixed(20 + below(40)), stops, nstops);
            }
            pixman_image_set_repeat(src, PIXMAN_REPEAT_PAD);
        } else if (solid) {
            uint32_t v = valid();
            pixman_color_t c = {(uint16_t)((v >> 16 & 255) * 257), (uint16_t)((v >> 8 & 255) * 257), (uint16_t)((v & 255) * 257), (uint16_t)((v >> 24) * 257)};
            src = pixman_image_create_solid_fill(&c);
        } else {
            for (int i = 0; i < N; i++) src_bits[i] = valid();
            src = pixman_image_create_bits(PIXMAN_a8r8g8b8, W, H, src_bits, 4 * W);
            if (below(2)) { pixman_image_set_repeat(src, PIXMAN_REPEAT_NORMAL); repeating = 1; }
            else if (below(5) == 0) {
                /* Drawn at 1/1.9 of its size under a separable convolution, as cairo downscales
                 * an image (3 × 3 taps, 4 phases each way, a box of 1.9 pixels at each): Sheen's
                 * sample_convolution, so the run is taken as one of an untransformed image is. */
                static pixman_fixed_t params[4 + 2 * 4 * 3];
                params[0] = params[1] = pixman_int_to_fixed(3);
                params[2] = params[3] = pixman_int_to_fixed(2);
                for (int axis = 0, k = 4; axis < 2; axis++) {
                    for (int phase = 0; phase < 4; phase++) {
                        double centre = (phase + 0.5) / 4 - 0.5, w[3], total = 0;
                        for (int t = 0; t < 3; t++) {
                            double lo = t - 1.5 - centre, hi = lo + 1;
                            w[t] = (hi < 0.95 ? hi : 0.95) - (lo > -0.95 ? lo : -0.95);
                            if (w[t] < 0) w[t] = 0;
                            total += w[t];
                        }
                        int sum = 0;
                        for (int t = 0; t < 3; t++) { params[k + t] = (pixman_fixed_t)(w[t] / total * 65536 + 0.5); sum += params[k + t]; }
                        params[k + 1] += 65536 - sum;
                        k += 3;
                    }
                }
                pixman_transform_t scale;
                pixman_transform_init_scale(&scale, 124518, 124518);
                pixman_image_set_transform(src, &scale);
                pixman_image_set_filter(src, PIXMAN_FILTER_SEPARABLE_CONVOLUTION, params, 4 + 2 * 4 * 3);
                downscaled = 1;
            } else if (below(6) == 0) {
                /* A 3 × 3 box under pixman's other convolution filter, which Sheen leaves to
                 * pixman: every composite of it is pixman's, so the run is handed over whole. */
                static pixman_fixed_t box[2 + 9];
                box[0] = box[1] = pixman_int_to_fixed(3);
                for (int k = 0; k < 9; k++) box[2 + k] = pixman_int_to_fixed(1) / 9;
                pixman_image_set_filter(src, PIXMAN_FILTER_CONVOLUTION, box, 11);
                repeating = convolved = 1;   /* taken by no loop, as a repeating image is not */
            } else if (below(2) == 0) {
                /* Scaled by 0.8–2× under the bilinear filter (cairo's text of a magnified image:
                 * each glyph sampled through its coverage in one pass, from registers where the
                 * glyph's box is at most 16 pixels wide), or by less, to 1/1.25; a third padded. */
                pixman_transform_t scale;
                pixman_transform_init_scale(&scale, 32768 + below(49152), 32768 + below(49152));
                pixman_image_set_transform(src, &scale);
                pixman_image_set_filter(src, PIXMAN_FILTER_BILINEAR, NULL, 0);
                if (below(3) == 0) pixman_image_set_repeat(src, PIXMAN_REPEAT_PAD);
                magnified = 1;
            }
        }
        for (int i = 0; i < N; i++) want[i] = got[i] = format == PIXMAN_a8r8g8b8 ? valid() : next();
        pixman_image_t *dw = pixman_image_create_bits(format, W, H, want, 4 * W);
        pixman_image_t *dg = pixman_image_create_bits(format, W, H, got, 4 * W);
        int count = 0;
        if (below(3) == 0) {
            /* Two boxes (drawn box by box), or one (cairo clips each run to its rows so: the
             * drop-in bounds the drawing by it), anywhere from inside to outside. */
            pixman_box32_t boxes[2] = {{2, 3, 40, 20}, {20, 25, 60, 44}};
            count = 2;
            if (below(2)) {
                int x = below(W + 10) - 5, y = below(H + 10) - 5;
                boxes[0] = (pixman_box32_t){x, y, x + 1 + below(W), y + 1 + below(H)};
                count = 1;
            }
            pixman_region32_t region;
            pixman_region32_init_rects(&region, boxes, count);
            pixman_image_set_clip_region32(dw, &region);
            pixman_image_set_clip_region32(dg, &region);
            pixman_region32_fini(&region);
        }
        int sx = below(20) - 10, sy = below(20) - 10, dx = below(20) - 10, dy = below(20) - 10;
        /* A third of the runs through a mask (pixman_composite_glyphs, cairo's subpixel text and
         * text of a source other than a colour): the mask format cairo asks pixman for, or a8 or
         * a1 whatever the glyphs (an a1 mask of a8 glyphs keeps one bit of each sum: pixman's),
         * the mask's box anywhere across the glyphs. */
        int masked = subpixel ? below(4) != 0 : below(3) == 0, all_a1 = 1;
        for (int i = 0; i < n; i++) {
            int k = 0;
            while (k < GLYPHS && glyph[k] != run_glyphs[i].glyph) k++;
            all_a1 &= k >= GLYPHS - 16 && k < GLYPHS - 8;
        }
        pixman_format_code_t mask_format = pixman_glyph_get_mask_format(cache, n, run_glyphs);
        if (below(4) == 0) mask_format = below(2) ? PIXMAN_a8 : PIXMAN_a1;
        int mx = below(20) - 10, my = below(20) - 10, mw = below(W + 20), mh = below(H + 20);
        uint64_t before = drawn();
        if (masked) pixman_composite_glyphs(op, src, dg, mask_format, sx, sy, mx, my, dx, dy, mw, mh, cache, n, run_glyphs);
        else pixman_composite_glyphs_no_mask(op, src, dg, sx, sy, dx, dy, cache, n, run_glyphs);
        uint64_t by_sheen = drawn() - before;
        if (masked) system_masked(op, src, dw, mask_format, sx, sy, mx, my, dx, dy, mw, mh, cache, n, run_glyphs);
        else system_glyphs(op, src, dw, sx, sy, dx, dy, cache, n, run_glyphs);
        glyph_calls += (int)by_sheen;
        runs_drawn += by_sheen > 0;
        masked_runs += masked;
        if (masked) {
            /* The drop-in's own mask takes an a8 mask of a8 and a1 glyphs, an a1 mask of a1 ones,
             * with a colour or an image at no repeat, a bounded operator or src: the composite
             * through it is Sheen's — through the drop-in's mask, or (a clip of two boxes) through
             * pixman's, the run handed over: one call Sheen drew either way. */
            if ((!has_colour || mask_format == PIXMAN_a8) && !repeating && !no_length && op != PIXMAN_OP_IN && mw > 0 && mh > 0
                && (mask_format == PIXMAN_a8 || (mask_format == PIXMAN_a1 && all_a1)) && !(format == PIXMAN_a8 && op >= PIXMAN_OP_MULTIPLY)) {
                masked_taken++;
                alpha_taken += has_colour;
                if (by_sheen != 1 && failures++ < 10)
                    fprintf(stderr, "glyphs: run %d (op %d, format %x, mask %x): not drawn by Sheen through its mask\n", run, op, format, mask_format);
            }
            /* Subpixel text through its component-alpha mask: the drop-in's own, over and src
             * onto the mask's channel order, unless a clip of two boxes hands the run over. */
            if (subpixel && mask_format == PIXMAN_a8r8g8b8 && !repeating && !no_length && mw > 0 && mh > 0 && (count != 2 || gradient)
                && (op == PIXMAN_OP_OVER || op == PIXMAN_OP_SRC)) {
                subpixel_taken++;
                if (by_sheen != 1 && failures++ < 10)
                    fprintf(stderr, "glyphs: run %d (op %d, format %x): subpixel text not drawn by Sheen through its mask\n", run, op, format);
            }
        } else if ((!has_colour || format == PIXMAN_a8) && !repeating && !no_length && op != PIXMAN_OP_SRC && op != PIXMAN_OP_IN
            && !(format == PIXMAN_a8 && op >= PIXMAN_OP_MULTIPLY)) {
            runs_taken++;
            alpha_taken += has_colour;
            /* A gradient's glyphs go through the full path, a call for each glyph's piece in
             * each box of a clip: counted exactly where there is no clip of two boxes. */
            if ((gradient && count == 2 ? by_sheen < (uint64_t)n : by_sheen != (uint64_t)n) && failures++ < 10)
                fprintf(stderr, "glyphs: run %d (op %d, format %x): the drop-in's loop drew %d of its %d glyphs\n", run, op, format, (int)by_sheen, n);
        } else if (subpixel && op == PIXMAN_OP_OVER && !repeating && !no_length) {
            /* Subpixel text a glyph at a time: over onto the glyphs' channel order is Sheen's. */
            subpixel_taken++;
            if ((gradient && count == 2 ? by_sheen < (uint64_t)n : by_sheen != (uint64_t)n) && failures++ < 10)
                fprintf(stderr, "glyphs: run %d (format %x): the drop-in's loop drew %d of its %d subpixel glyphs\n", run, format, (int)by_sheen, n);
        }
        if (gradient && by_sheen > 0) gradient_taken++;
        convolved_runs += convolved;
        downscaled_drawn += downscaled && by_sheen > 0;
        magnified_drawn += magnified && by_sheen > 0;
        if (convolved && by_sheen != 0 && failures++ < 10)
            fprintf(stderr, "glyphs: run %d (op %d, format %x): an image under a convolution filter drawn by Sheen\n", run, op, format);
        /* Each glyph over a pixel is one more rounding by each library: the tolerance grows by a
         * level for each glyph box that covers the pixel. */
        static int layers[N];
        memset(layers, 0, sizeof layers);
        for (int i = 0; i < n && !masked; i++) {   /* through a mask: one composite, one rounding */
            int gx = dx + run_glyphs[i].x - origin_of(run_glyphs[i].glyph, 0), gy = dy + run_glyphs[i].y - origin_of(run_glyphs[i].glyph, 1);
            for (int y = gy; y < gy + size_of(run_glyphs[i].glyph, 1); y++)
                for (int x = gx; x < gx + size_of(run_glyphs[i].glyph, 0); x++)
                    if (x >= 0 && y >= 0 && x < W && y < H) layers[y * W + x]++;
        }
        int bpp = format == PIXMAN_a8 ? 1 : 4;
        for (int py = 0; py < H; py++) for (int px = 0; px < W; px++) for (int c = 0; c < bpp; c++) {
            if (format == PIXMAN_x8r8g8b8 && c == 3) continue;
            int i = py * 4 * W + px * bpp + c;
            int d = abs(((uint8_t *)got)[i] - ((uint8_t *)want)[i]);
            if (layers[py * W + px] <= 1 && d > worst) worst = d;
            if (d > TOLERANCE + (layers[py * W + px] > 1 ? layers[py * W + px] : 0) && failures++ < 10)
                fprintf(stderr, "glyphs: run %d (op %d, format %x, %d glyphs) pixel (%d, %d) byte %d: Sheen %d, pixman %d\n",
                        run, op, format, n, px, py, c, ((uint8_t *)got)[i], ((uint8_t *)want)[i]);
        }
        pixman_image_unref(dw);
        pixman_image_unref(dg);
        pixman_image_unref(src);
    }
    pixman_glyph_cache_destroy(cache);
    /* The shares below are of the runs that are not subpixel text. */
    const int others = RUNS - subpixel_runs;
    if (runs_taken * 5 < others) {
        fprintf(stderr, "glyphs: only %d of %d runs were ones the drop-in's loop takes\n", runs_taken, others);
        failures++;
    }
    if (masked_taken * 10 < others) {
        fprintf(stderr, "glyphs: only %d of %d runs were through a mask the drop-in takes\n", masked_taken, others);
        failures++;
    }
    if (gradient_taken < 100) {
        fprintf(stderr, "glyphs: only %d runs of a gradient were drawn by Sheen\n", gradient_taken);
        failures++;
    }
    if (downscaled_drawn < 50) {
        fprintf(stderr, "glyphs: only %d runs of a downscaled image were drawn by Sheen\n", downscaled_drawn);
        failures++;
    }
    if (magnified_drawn < 50) {
        fprintf(stderr, "glyphs: only %d runs of a scaled image under the bilinear filter were drawn by Sheen\n", magnified_drawn);
        failures++;
    }
    if (alpha_taken < 40) {
        fprintf(stderr, "glyphs: only %d runs of colour glyphs onto a8 or through an a8 mask were ones the drop-in takes\n", alpha_taken);
        failures++;
    }
    if (subpixel_taken < 40) {
        fprintf(stderr, "glyphs: only %d of %d subpixel runs were ones the drop-in takes\n", subpixel_taken, subpixel_runs);
        failures++;
    }
    printf("glyphs: %d runs (%d through a mask, %d subpixel), %d the drop-in's loop takes, %d through a mask it takes, %d subpixel it takes, "
           "%d with glyphs drawn by Sheen (%d calls, %d of a gradient, %d of a downscaled image, %d of a bilinear scaled one), %d of a convolved image, "
           "%d of colour glyphs onto a8 or through an a8 mask taken; "
           "largest difference under one glyph %d levels; %d failures\n",
           RUNS, masked_runs, subpixel_runs, runs_taken, masked_taken, subpixel_taken, runs_drawn, glyph_calls, gradient_taken,
           downscaled_drawn, magnified_drawn, convolved_runs, alpha_taken, worst, failures);
    return failures ? 1 : 0;
}
