/* The drop-in pixman's gradients against the system pixman's: random linear and radial gradients
 * (16-bit colours, 1–5 stops, coincident stops, stops outside 0…1, every repeat, lines of no length, identity,
 * translated, scaled and rotated transforms, a few projective ones), composited with random
 * operators through no mask, a solid or an a8 mask (also one row repeated down: stride 0, as
 * cairo makes for paint with alpha) or a gradient mask (smooth, padded, its alpha drawn by
 * pixman into an a8 image for the reference), into a8r8g8b8, x8r8g8b8, a8b8g8r8 and a8
 * destinations at random offsets, with and without a clip region, through the drop-in (this
 * program runs with libsheen-pixman preloaded). The reference: the same gradient drawn by the
 * system pixman into an image, composited as an image through the drop-in — so the two differ by
 * the gradients' colours alone (the operators' arithmetic is held to pixman's by pixman's own
 * tests and invalid_colours.c). Operators whose result moves at most as much as the source does
 * (not difference, darken, lighten, the dodge, burn and light modes: they magnify a level's
 * difference of source colour or alpha up to twice, or without bound).
 *
 * Two families:
 * - smooth (stops at least 1/50 apart; repeat pad, normal or reflect — pixman interpolates across
 *   the wrap, so repeat is continuous unless stops at 0 and 1 meet there, whose colours are made
 *   one; linear, or radial with the start circle well inside the end circle): every byte within 2
 *   levels;
 * - with edges (coincident stops, repeat none, any radial gradient, whose edge of no solution is
 *   a discontinuity) over or src onto a destination of one colour with no mask: a byte further
 *   than 3 levels off must be on an edge — pixman's pixels jump there (one of its 8 neighbours
 *   differs by more than 3 levels) and Sheen's pixel is within 3 levels of one of those neighbours
 *   or of a side of a hard edge (a stop's colour or transparent, composited) —
 *   and such pixels under 2 % of the drawn ones (pixman's t is 16.16 fixed point, Sheen's is not,
 *   so a pixel centre within 1/65536 of a hard stop may go either way).
 * The plain calls (over or src, no mask, no clip, affine transform, stops in order, a linear
 * gradient of non-zero length or a radial one with repeat other than none (or with none, from a
 * point inside its end circle), stops within 0…1 and, padded, no coincident stops at 0 unless
 * it runs from a point inside its end circle) must be drawn by Sheen (sheen_pixman_drawn_calls), so the
 * comparison is not pixman against itself. Built and run by Scripts/test-pixman.sh; a seed may be
 * given as the first argument. */
#include <dlfcn.h>
#include <math.h>
#include <pixman.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void (*composite_fn)(pixman_op_t, pixman_image_t *, pixman_image_t *, pixman_image_t *, int32_t, int32_t,
                             int32_t, int32_t, int32_t, int32_t, int32_t, int32_t);
typedef uint64_t (*drawn_fn)(void);

static uint64_t state = 0x2545F4914F6CDD1Dull;
static uint32_t next(void) { state ^= state << 13; state ^= state >> 7; state ^= state << 17; return (uint32_t)state; }
static int below(int n) { return (int)(next() % (uint32_t)n); }
static double uniform(double lo, double hi) { return lo + (hi - lo) * (next() / 4294967296.0); }

enum { W = 61, H = 47, N = W * H, TOLERANCE = 3, SMOOTH_TOLERANCE = 2, CALLS = 4000 };

/* Random stops: sorted offsets (coincident pairs when `edges`), some outside 0…1 when `outside`;
 * for `repeat` normal without edges, a colour that wraps without a jump. */
static int make_stops(pixman_gradient_stop_t *stops, int edges, int outside, int repeat) {
    int n = 1 + below(5);
    double x[6];
    for (int i = 0; i < n; i++) x[i] = outside ? uniform(-0.5, 1.5) : uniform(0, 1);
    if (below(3) == 0) { x[0] = 0; x[n - 1] = 1; }
    for (int i = 1; i < n; i++) for (int j = i; j > 0 && x[j] < x[j - 1]; j--) { double t = x[j]; x[j] = x[j - 1]; x[j - 1] = t; }
    if (edges && n >= 2) { int i = 1 + below(n - 1); x[i] = x[i - 1]; }
    /* A hard start: the first two stops at 0 (cairo's mask-radial has two). */
    if (edges && !outside && n >= 2 && below(4) == 0) x[0] = x[1] = 0;
    for (int i = 0; i < n; i++) {
        stops[i].x = pixman_double_to_fixed(x[i]);
        /* Stops are coincident (the edges family's hard edges) or at least 1/50 apart: a steeper
         * ramp is an edge at 16.16 t, which pixman quantizes and Sheen does not. */
        if (i > 0 && stops[i].x != stops[i - 1].x && stops[i].x < stops[i - 1].x + pixman_fixed_1 / 50)
            stops[i].x = stops[i - 1].x + pixman_fixed_1 / 50;
        if (!outside && stops[i].x > pixman_fixed_1) return i;
        uint16_t a = below(4) == 0 ? 0xffff : (below(6) == 0 ? 0 : (uint16_t)next());
        stops[i].color = (pixman_color_t){(uint16_t)next(), (uint16_t)next(), (uint16_t)next(), a};
    }
    /* Stops at 0 and 1 meet at the wrap: pixman jumps from the last colour to the first there. */
    if (!edges && repeat == PIXMAN_REPEAT_NORMAL && stops[0].x == 0 && stops[n - 1].x == pixman_fixed_1) stops[n - 1].color = stops[0].color;
    return n;
}

static uint8_t byte_of(const uint8_t *p, int i) { return p[i]; }

int main(int argc, char **argv) {
    if (argc > 1) state = strtoull(argv[1], NULL, 0) * 0x9E3779B97F4A7C15ull + 1;
    void *system = dlopen("libpixman-1.so.0", RTLD_NOW | RTLD_NOLOAD);
    drawn_fn drawn = (drawn_fn)dlsym(RTLD_DEFAULT, "sheen_pixman_drawn_calls");
    if (!system || !drawn) { fprintf(stderr, "gradients: run it with libsheen-pixman preloaded\n"); return 2; }
    composite_fn system_composite = (composite_fn)dlsym(system, "pixman_image_composite32");
    if ((void *)system_composite == (void *)pixman_image_composite32) { fprintf(stderr, "gradients: the drop-in is not preloaded\n"); return 2; }

    static const pixman_op_t ops[] = {PIXMAN_OP_OVER, PIXMAN_OP_SRC, PIXMAN_OP_ADD, PIXMAN_OP_IN, PIXMAN_OP_OUT_REVERSE,
                                      PIXMAN_OP_ATOP, PIXMAN_OP_XOR, PIXMAN_OP_OVER_REVERSE, PIXMAN_OP_MULTIPLY,
                                      PIXMAN_OP_SCREEN, PIXMAN_OP_EXCLUSION};
    static const pixman_format_code_t formats[] = {PIXMAN_a8r8g8b8, PIXMAN_x8r8g8b8, PIXMAN_a8b8g8r8, PIXMAN_a8};
    static uint32_t want[N], got[N], before[N], pixman_gradient[N];
    static uint8_t maskbits[64 * H], mask_alpha[64 * H];
    int failures = 0, reported = 0, line_masks = 0, line_masks_drawn = 0, gradient_masks = 0, gradient_masks_drawn = 0, plain = 0, plain_drawn = 0, drawn_calls = 0, edge_pixels = 0, compared = 0, worst = 0;
    for (int call = 0; call < CALLS; call++) {
        int edges = call & 1;
        int radial = below(10) < 3;
        int repeat = edges ? below(4) : 1 + below(3); /* none, normal, pad, reflect */
        int outside = !radial && (repeat == PIXMAN_REPEAT_NONE || repeat == PIXMAN_REPEAT_PAD) && below(3) == 0;
        pixman_gradient_stop_t stops[6];
        int n = make_stops(stops, edges, outside, repeat);
        pixman_image_t *g;
        char what[512];
        int len = 0;
        int from_point_inside = 0, zero_length = 0;
        double cone[6] = {0}; /* a radial gradient's c1.x, c1.y, r1, c2.x, c2.y, r2 as pixman holds them */
        if (radial) {
            pixman_point_fixed_t c1 = {pixman_double_to_fixed(uniform(-20, 80)), pixman_double_to_fixed(uniform(-20, 70))};
            pixman_point_fixed_t c2 = {pixman_double_to_fixed(uniform(-20, 80)), pixman_double_to_fixed(uniform(-20, 70))};
            pixman_fixed_t r1 = pixman_double_to_fixed(uniform(0, 30)), r2 = pixman_double_to_fixed(uniform(1, 90));
            /* A third from a point, cairo's usual radial gradient (with repeat none Sheen draws it
             * when the point lies inside the end circle). */
            if (below(3) == 0) r1 = 0;
            double d = hypot(pixman_fixed_to_double(c2.x - c1.x), pixman_fixed_to_double(c2.y - c1.y));
            if (!edges) { /* smooth: the start circle well inside the end circle, so every pixel has a t */
                r2 = r1 + pixman_double_to_fixed(d + uniform(5, 40));
            }
            from_point_inside = r1 == 0 && d < pixman_fixed_to_double(r2);
            double held[6] = {pixman_fixed_to_double(c1.x), pixman_fixed_to_double(c1.y), pixman_fixed_to_double(r1),
                              pixman_fixed_to_double(c2.x), pixman_fixed_to_double(c2.y), pixman_fixed_to_double(r2)};
            memcpy(cone, held, sizeof cone);
            g = pixman_image_create_radial_gradient(&c1, &c2, r1, r2, stops, n);
            len += snprintf(what + len, sizeof what - len, "radial (%g, %g) r %g → (%g, %g) r %g", pixman_fixed_to_double(c1.x),
                            pixman_fixed_to_double(c1.y), pixman_fixed_to_double(r1), pixman_fixed_to_double(c2.x),
                            pixman_fixed_to_double(c2.y), pixman_fixed_to_double(r2));
        } else {
            pixman_point_fixed_t p1 = {pixman_double_to_fixed(uniform(-30, 90)), pixman_double_to_fixed(uniform(-30, 80))};
            pixman_point_fixed_t p2 = {pixman_double_to_fixed(uniform(-30, 90)), pixman_double_to_fixed(uniform(-30, 80))};
            /* Now and then a line of no length: pixman paints its colour at t = 0 everywhere
             * (Sheen's own gradients paint nothing there: the drop-in hands it over). Chosen by
             * the call's number, so the random numbers of every other call stay as they were. */
            zero_length = call % 25 == 7;
            if (zero_length) p2 = p1;
            g = pixman_image_create_linear_gradient(&p1, &p2, stops, n);
            len += snprintf(what + len, sizeof what - len, "linear (%g, %g) → (%g, %g)", pixman_fixed_to_double(p1.x),
                            pixman_fixed_to_double(p1.y), pixman_fixed_to_double(p2.x), pixman_fixed_to_double(p2.y));
        }
        pixman_image_set_repeat(g, repeat);
        len += snprintf(what + len, sizeof what - len, ", repeat %d, stops", repeat);
        for (int i = 0; i < n && len < 400; i++)
            len += snprintf(what + len, sizeof what - len, " %g:%04x%04x%04x%04x", pixman_fixed_to_double(stops[i].x), stops[i].color.alpha,
                            stops[i].color.red, stops[i].color.green, stops[i].color.blue);
        int kind = below(10), projective = 0;
        double held_transform[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
        if (kind >= 4) {
            pixman_transform_t t;
            double angle = kind >= 7 ? uniform(-3.2, 3.2) : 0, s = kind >= 7 ? uniform(0.3, 3) : 1;
            double m[3][3] = {{s * cos(angle), -s * sin(angle), uniform(-40, 40)}, {s * sin(angle), s * cos(angle), uniform(-40, 40)}, {0, 0, 1}};
            if (kind == 9 && below(2)) { m[2][0] = uniform(0.001, 0.01); projective = 1; }
            for (int r = 0; r < 3; r++) for (int c = 0; c < 3; c++) {
                t.matrix[r][c] = pixman_double_to_fixed(m[r][c]);
                held_transform[r][c] = pixman_fixed_to_double(t.matrix[r][c]);
            }
            pixman_image_set_transform(g, &t);
            if (len < 440) len += snprintf(what + len, sizeof what - len, ", transform [%g %g %g; %g %g %g; %g]", m[0][0], m[0][1], m[0][2], m[1][0], m[1][1], m[1][2], m[2][0]);
        }
        pixman_op_t op = edges ? (below(2) ? PIXMAN_OP_OVER : PIXMAN_OP_SRC) : ops[below(sizeof ops / sizeof *ops)];
        pixman_format_code_t format = formats[below(4)];
        if (format == PIXMAN_a8 && op >= PIXMAN_OP_MULTIPLY) op = PIXMAN_OP_OVER;
        /* none, solid, a8, a8 of one row repeated (stride 0, as cairo makes), a gradient */
        int masked = edges ? 0 : below(5);
        pixman_image_t *mask = NULL;
        if (masked == 4) {
            /* A smooth padded gradient whose alpha varies (cairo's mask-linear and mask-radial
             * pass such masks): a linear one, or a radial one from a point inside its end circle. */
            pixman_gradient_stop_t mstops[6];
            int mn = make_stops(mstops, 0, 0, PIXMAN_REPEAT_PAD);
            for (int i = 0; i < mn; i++) mstops[i].color.alpha = (uint16_t)next();
            pixman_point_fixed_t p1 = {pixman_double_to_fixed(uniform(-10, 70)), pixman_double_to_fixed(uniform(-10, 60))};
            if (below(2)) {
                pixman_point_fixed_t p2 = {pixman_double_to_fixed(uniform(-10, 70)), pixman_double_to_fixed(uniform(-10, 60))};
                if (p2.x == p1.x && p2.y == p1.y) p2.x += pixman_fixed_1;
                mask = pixman_image_create_linear_gradient(&p1, &p2, mstops, mn);
            } else {
                mask = pixman_image_create_radial_gradient(&p1, &p1, 0, pixman_double_to_fixed(uniform(5, 80)), mstops, mn);
            }
            pixman_image_set_repeat(mask, PIXMAN_REPEAT_PAD);
        } else if (masked == 1) {
            pixman_color_t c = {0, 0, 0, (uint16_t)next()};
            mask = pixman_image_create_solid_fill(&c);
        } else if (masked >= 2) {
            for (int i = 0; i < 64 * H; i++) maskbits[i] = (uint8_t)next();
            mask = pixman_image_create_bits(PIXMAN_a8, W, H, (uint32_t *)maskbits, masked == 2 ? 64 : 0);
        }
        uint32_t fill = edges ? next() & 0x7f7f7f7f : 0;
        if (format == PIXMAN_a8) fill = (fill & 0xff) * 0x01010101u; /* four a8 pixels a word */
        for (int i = 0; i < N; i++) {
            uint32_t v = edges ? fill : next();
            if (format != PIXMAN_a8 && format != PIXMAN_x8r8g8b8) { /* valid premultiplied colour */
                uint32_t a = v >> 24;
                v = a << 24 | (a ? ((v >> 16 & 255) % (a + 1)) << 16 | ((v >> 8 & 255) % (a + 1)) << 8 | (v & 255) % (a + 1) : 0);
            }
            before[i] = want[i] = got[i] = v;
        }
        pixman_image_t *dw = pixman_image_create_bits(format, W, H, want, 4 * W);
        pixman_image_t *dg = pixman_image_create_bits(format, W, H, got, 4 * W);
        int clipped = !edges && below(4) == 0;
        if (clipped) {
            pixman_box32_t boxes[2] = {{3, 2, 30, 20}, {10, 25, 55, 40}};
            pixman_region32_t region;
            pixman_region32_init_rects(&region, boxes, 2);
            pixman_image_set_clip_region32(dw, &region);
            pixman_image_set_clip_region32(dg, &region);
            pixman_region32_fini(&region);
        }
        int x = below(20) - 5, y = below(16) - 4, w = 1 + below(W), h = 1 + below(H);
        int sx = below(60) - 20, sy = below(60) - 20, mx = below(10), my = below(10);
        /* The sides of the edges: each stop's colour, and transparent, composited onto `fill`. */
        uint32_t side[7];
        int sides = 0;
        if (edges) {
            for (int k = 0; k <= n; k++) {
                pixman_color_t c = {0, 0, 0, 0};
                if (k < n) {
                    uint32_t a = stops[k].color.alpha;
                    c = (pixman_color_t){(uint16_t)(stops[k].color.red * a / 65535), (uint16_t)(stops[k].color.green * a / 65535),
                                         (uint16_t)(stops[k].color.blue * a / 65535), (uint16_t)a};
                }
                pixman_image_t *solid = pixman_image_create_solid_fill(&c);
                side[sides] = before[0];   /* the destination's one colour */
                pixman_image_t *one = pixman_image_create_bits(format, 1, 1, &side[sides], 4);
                system_composite(op, solid, NULL, one, 0, 0, 0, 0, 0, 0, 1, 1);
                pixman_image_unref(one);
                pixman_image_unref(solid);
                sides++;
            }
        }
        int failures_before = failures;
        uint64_t drawn_before = drawn();
        pixman_image_composite32(op, g, mask, dg, sx, sy, mx, my, x, y, w, h);
        int by_sheen = drawn() != drawn_before;
        /* pixman's gradient, drawn by pixman into an image whose pixel (x, y) is the source's
         * sample for destination pixel (x, y), then composited as an image through the drop-in:
         * the two results differ only by the gradients' colours (the operators' own arithmetic
         * is held to pixman's by pixman's tests and invalid_colours.c). */
        pixman_image_t *drawn_by_pixman = pixman_image_create_bits(PIXMAN_a8r8g8b8, W, H, pixman_gradient, 4 * W);
        system_composite(PIXMAN_OP_SRC, g, NULL, drawn_by_pixman, sx - x, sy - y, 0, 0, 0, 0, W, H);
        if (masked == 4) {
            /* A gradient mask likewise: its alpha drawn by pixman into an a8 image whose pixel
             * (x, y) is the mask's sample for destination pixel (x, y). */
            pixman_image_t *mask_by_pixman = pixman_image_create_bits(PIXMAN_a8, W, H, (uint32_t *)mask_alpha, 64);
            system_composite(PIXMAN_OP_SRC, mask, NULL, mask_by_pixman, mx - x, my - y, 0, 0, 0, 0, W, H);
            pixman_image_composite32(op, drawn_by_pixman, mask_by_pixman, dw, x, y, x, y, x, y, w, h);
            pixman_image_unref(mask_by_pixman);
        } else {
            pixman_image_composite32(op, drawn_by_pixman, mask, dw, x, y, mx, my, x, y, w, h);
        }
        pixman_image_unref(drawn_by_pixman);
        drawn_calls += by_sheen;
        line_masks += masked == 3;
        line_masks_drawn += masked == 3 && by_sheen;
        gradient_masks += masked == 4;
        gradient_masks_drawn += masked == 4 && by_sheen;
        int is_plain = (op == PIXMAN_OP_OVER || op == PIXMAN_OP_SRC) && !masked && !clipped && !projective
            && (radial ? (repeat != PIXMAN_REPEAT_NONE || from_point_inside) && !outside
                         && !(repeat == PIXMAN_REPEAT_PAD && n > 1 && stops[0].x == stops[1].x && stops[0].x <= 0 && !from_point_inside) : !zero_length);
        if (is_plain) {
            plain++;
            plain_drawn += by_sheen;
            if (!by_sheen && failures < 20) { fprintf(stderr, "gradients: call %d (%s, repeat %d, %d stops) was handed to pixman\n", call, radial ? "radial" : "linear", repeat, n); failures++; }
        }
        /* Compare: bytes of colour (an x8 format's padding is not compared; a8 rows are bytes). */
        int bpp = format == PIXMAN_a8 ? 1 : 4, row = 4 * W, outliers = 0, pixels = 0;
        for (int py = 0; py < H; py++) for (int px = 0; px < W; px++) {
            int differs = 0;
            for (int c = 0; c < bpp; c++) {
                if (format == PIXMAN_x8r8g8b8 && c == 3) continue;
                int i = py * row + px * bpp + c;
                int d = abs(byte_of((uint8_t *)got, i) - byte_of((uint8_t *)want, i));
                if (d > worst && !edges) worst = d;
                if (d > (edges ? TOLERANCE : SMOOTH_TOLERANCE)) differs = 1;
            }
            pixels++;
            if (!differs) continue;
            if (!edges) {
                if (failures < 20) fprintf(stderr, "gradients: call %d (%s, op %d, repeat %d, format %x, mask %d) pixel (%d, %d): Sheen %08x, pixman %08x\n",
                                           call, radial ? "radial" : "linear", op, repeat, format, masked, px, py,
                                           bpp == 4 ? got[py * W + px] : ((uint8_t *)got)[py * row + px], bpp == 4 ? want[py * W + px] : ((uint8_t *)want)[py * row + px]);
                failures++;
                continue;
            }
            /* An edge: Sheen's pixel is within the tolerance of one of pixman's neighbours, or is
             * a side of a hard edge — one stop's colour (or transparent) composited, as pixman
             * composites it, onto the destination's colour. */
            int near = 0;
            for (int k = 0; k < sides && !near; k++) {
                int ok = 1;
                for (int c = 0; c < bpp && ok; c++) {
                    if (format == PIXMAN_x8r8g8b8 && c == 3) continue;
                    ok = abs(byte_of((uint8_t *)got, py * row + px * bpp + c) - byte_of((uint8_t *)&side[k], c)) <= TOLERANCE;
                }
                near = ok;
            }
            for (int ny = py - 1; ny <= py + 1 && !near; ny++) for (int nx = px - 1; nx <= px + 1 && !near; nx++) {
                if (nx < 0 || ny < 0 || nx >= W || ny >= H || (nx == px && ny == py)) continue;
                int ok = 1;
                for (int c = 0; c < bpp && ok; c++) {
                    if (format == PIXMAN_x8r8g8b8 && c == 3) continue;
                    ok = abs(byte_of((uint8_t *)got, py * row + px * bpp + c) - byte_of((uint8_t *)want, ny * row + nx * bpp + c)) <= TOLERANCE;
                }
                near = ok;
            }
            /* ... and pixman's picture has a jump there: a neighbour further than 3 levels off. */
            int jump = 0;
            for (int ny = py - 1; ny <= py + 1 && !jump; ny++) for (int nx = px - 1; nx <= px + 1 && !jump; nx++) {
                if (nx < 0 || ny < 0 || nx >= W || ny >= H) continue;
                for (int c = 0; c < bpp; c++) {
                    if (format == PIXMAN_x8r8g8b8 && c == 3) continue;
                    if (abs(byte_of((uint8_t *)want, py * row + px * bpp + c) - byte_of((uint8_t *)want, ny * row + nx * bpp + c)) > TOLERANCE) jump = 1;
                }
            }
            /* A radial gradient whose start circle is not inside its end circle has pixels of no
             * solution, transparent: where the cone's edge grazes a pixel centre (the discriminant
             * within a millionth of its terms) the sliver may be thinner than a pixel, so pixman's
             * picture need not jump there; pixman's 16.16 sample position and Sheen's exact one then
             * decide the side, and either side is right. */
            if (radial && !jump) {
                double ix = px - x + sx + 0.5, iy = py - y + sy + 0.5, (*tm)[3] = held_transform;
                double gx = tm[0][0] * ix + tm[0][1] * iy + tm[0][2], gy = tm[1][0] * ix + tm[1][1] * iy + tm[1][2];
                double gw = tm[2][0] * ix + tm[2][1] * iy + tm[2][2];
                gx /= gw; gy /= gw;
                double cdx = cone[3] - cone[0], cdy = cone[4] - cone[1], dr = cone[5] - cone[2];
                double pdx = gx - cone[0], pdy = gy - cone[1];
                double a = cdx * cdx + cdy * cdy - dr * dr, b = pdx * cdx + pdy * cdy + cone[2] * dr;
                double c = pdx * pdx + pdy * pdy - cone[2] * cone[2];
                jump = fabs(b * b - a * c) <= 1e-6 * (b * b + fabs(a * c));
            }
            near = near && jump;
            outliers++;
            if (!near) {
                if (failures < 20) fprintf(stderr, "gradients: call %d (%s, repeat %d) pixel (%d, %d) is on no edge: Sheen %08x, pixman %08x\n",
                                           call, radial ? "radial" : "linear", repeat, px, py, got[py * W + px], want[py * W + px]);
                failures++;
            }
        }
        if (failures != failures_before && reported++ < 8)
            fprintf(stderr, "gradients: call %d was %s; op %d, format %x, mask %d, clip %d, source (%d, %d), destination (%d, %d) %d × %d\n",
                    call, what, op, format, masked, clipped, sx, sy, x, y, w, h);
        if (edges && by_sheen) {
            edge_pixels += outliers;
            compared += w * h;
        }
        pixman_image_unref(dw);
        pixman_image_unref(dg);
        if (mask) pixman_image_unref(mask);
        pixman_image_unref(g);
    }
    if (compared > 0 && edge_pixels * 50 > compared) {
        fprintf(stderr, "gradients: %d of %d pixels drawn with edges differ beyond %d levels (2 %% allowed)\n", edge_pixels, compared, TOLERANCE);
        failures++;
    }
    /* Most calls through a one-row mask are Sheen's (the bounded operators': the others go to
     * pixman with any mask), so that path is the one compared. */
    if (line_masks_drawn * 2 < line_masks) {
        fprintf(stderr, "gradients: only %d of %d calls through a one-row mask drawn by Sheen\n", line_masks_drawn, line_masks);
        failures++;
    }
    /* Likewise through a gradient mask (its alpha shaded by Sheen). */
    if (gradient_masks_drawn * 2 < gradient_masks) {
        fprintf(stderr, "gradients: only %d of %d calls through a gradient mask drawn by Sheen\n", gradient_masks_drawn, gradient_masks);
        failures++;
    }
    printf("gradients: %d calls through a one-row mask, %d drawn by Sheen\n", line_masks, line_masks_drawn);
    printf("gradients: %d calls through a gradient mask, %d drawn by Sheen\n", gradient_masks, gradient_masks_drawn);
    printf("gradients: %d calls, %d drawn by Sheen (%d of %d plain ones); smooth family: largest difference %d levels; "
           "with edges: %d of %d pixels differ beyond %d levels, each on an edge; %d failures\n",
           CALLS, drawn_calls, plain_drawn, plain, worst, edge_pixels, compared, TOLERANCE, failures);
    return failures ? 1 : 0;
}
