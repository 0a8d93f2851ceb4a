/* The oracle kit's driver: generates compositing cases, runs them through an adapter
 * (include/sheen_oracle.h) and measures every result against sheen_exact_composite.
 *
 * Built with -fsanitize=fuzzer it is a libFuzzer target: each input seeds one case (its first
 * bytes choose the operator, format, coverage and length; the rest seeds the generator), and the
 * first result beyond the adapter's tolerance stops the run with a C reproduction of one pixel on
 * stderr. Built with -DSHEEN_ORACLE_SURVEY it has a main that surveys every operator the adapter
 * supports (see usage()). Set SHEEN_ORACLE_INVALID=1 to fuzz with pixels that are not valid
 * premultiplied colour as well (their results are reported, never findings). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include <sheen.h>

#include "sheen_oracle.h"

#define ORACLE_MAX_PIXELS 64

/* SplitMix64: small, fast, and the same sequence on every machine (surveys are replayable). */
typedef struct { uint64_t state; } oracle_rng;

static uint64_t rng_next(oracle_rng *r) {
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* A uniform value in 0…n−1 (n ≥ 1). */
static uint32_t rng_below(oracle_rng *r, uint32_t n) { return (uint32_t)(((rng_next(r) >> 32) * n) >> 32); }

/* The levels where pixel arithmetic most often goes wrong. */
static const uint8_t edge_levels[] = {0, 1, 2, 127, 128, 253, 254, 255};
#define EDGE_COUNT (sizeof edge_levels / sizeof edge_levels[0])

typedef struct {
    int32_t op, format, count, masked, invalid;
    uint8_t paint[4 * ORACLE_MAX_PIXELS], mask[ORACLE_MAX_PIXELS], dst[4 * ORACLE_MAX_PIXELS];
} oracle_case;

static int channels(int32_t format) { return format == SHEEN_ORACLE_A8 ? 1 : 4; }

/* A colour level for alpha a: an edge (clamped to a), 0, a itself, or anything up to a. */
static uint8_t colour_level(oracle_rng *r, uint8_t a) {
    switch (rng_below(r, 4)) {
    case 0: { uint8_t e = edge_levels[rng_below(r, EDGE_COUNT)]; return e <= a ? e : a; }
    case 1: return 0;
    case 2: return a;
    default: return (uint8_t)rng_below(r, (uint32_t)a + 1);
    }
}

/* One pixel: valid premultiplied colour (each colour ≤ alpha) of several kinds, or, for invalid
 * input, any bytes with a colour above its alpha. */
static void make_pixel(oracle_rng *r, uint8_t *p, int32_t format, int invalid) {
    int n = channels(format);
    if (invalid && n == 4) {
        for (int i = 0; i < 4; i++) p[i] = (uint8_t)rng_next(r);
        if (p[3] == 255) p[3] = 254;
        if (p[0] <= p[3] && p[1] <= p[3] && p[2] <= p[3]) p[rng_below(r, 3)] = (uint8_t)(p[3] + 1 + rng_below(r, 255u - p[3]));
        return;
    }
    uint8_t a;
    switch (rng_below(r, 5)) {
    case 0: a = edge_levels[rng_below(r, EDGE_COUNT)]; break;
    case 1: a = 0; break;
    case 2: a = 255; break;
    default: a = (uint8_t)rng_next(r); break;
    }
    if (n == 1) { p[0] = a; return; }
    for (int i = 0; i < 3; i++) p[i] = colour_level(r, a);
    p[3] = a;
}

/* Coverage shaped like text: runs of empty, full, ramps (anti-aliased edges), edge levels and
 * noise. */
static void make_mask(oracle_rng *r, uint8_t *m, int count) {
    int i = 0;
    while (i < count) {
        int run = 1 + (int)rng_below(r, 10), kind = (int)rng_below(r, 5);
        int start = (int)rng_next(r) & 255, step = 1 + (int)rng_below(r, 80);
        for (int k = 0; k < run && i < count; k++, i++) {
            switch (kind) {
            case 0: m[i] = 0; break;
            case 1: m[i] = 255; break;
            case 2: m[i] = (uint8_t)((start + k * step) > 255 ? 255 : start + k * step); break;
            case 3: m[i] = edge_levels[rng_below(r, EDGE_COUNT)]; break;
            default: m[i] = (uint8_t)rng_next(r); break;
            }
        }
    }
}

static void make_case(oracle_case *c, oracle_rng *r) {
    int n = channels(c->format);
    for (int i = 0; i < c->count; i++) {
        make_pixel(r, c->paint + n * i, c->format, c->invalid);
        make_pixel(r, c->dst + n * i, c->format, c->invalid);
    }
    if (c->masked) make_mask(r, c->mask, c->count);
}

/* Refuses, with a message and exit 2, an adapter whose tolerances are not finite numbers ≥ 0: a
 * NaN tolerance makes every comparison false, so a compositor writing garbage would pass. */
static void check_tolerances(const sheen_oracle_adapter *a) {
    struct { const char *name; double value; int used; } t[] = {
        {"tolerance_full", a->tolerance_full, 1},
        {"tolerance_partial", a->tolerance_partial, 1},
        {"tolerance_gradient", a->tolerance_gradient, a->fill_gradient != NULL},
        {"tolerance_blur", a->tolerance_blur, a->blur != NULL},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        if (t[i].used && !(isfinite(t[i].value) && t[i].value >= 0)) {
            fprintf(stderr, "sheen oracle: %s's %s is %g: a tolerance must be a finite number of levels ≥ 0 (with a margin "
                            "for the reference's rounding noise, e.g. 0.5 + 1e-9)\n", a->name, t[i].name, t[i].value);
            exit(2);
        }
    }
}

static const sheen_oracle_adapter *adapter(void) {
    static const sheen_oracle_adapter *a;
    if (!a) {
        a = sheen_oracle_adapter_get();
        if (!a || !a->supports || !a->coverage_rule || !a->composite || (a->fill_gradient && !a->supports_gradient) ||
            (a->blur && a->blur_edges != SHEEN_BLUR_EDGES_TRANSPARENT && a->blur_edges != SHEEN_BLUR_EDGES_CLAMP)) {
            fprintf(stderr, "sheen oracle: the adapter is incomplete: supports, coverage_rule and composite are "
                            "required, supports_gradient with fill_gradient, and blur_edges must be a sheen_blur_edges\n");
            exit(2);
        }
        check_tolerances(a);
    }
    return a;
}

static int operator_count(void) {
    int n = 0;
    while (sheen_operator_name(n)) n++;
    return n;
}

/* The exact results of case c under coverage rule `rule`, into exact (channels × count). */
static void exact_results(const oracle_case *c, int32_t rule, double *exact) {
    if (sheen_exact_composite(c->op, rule, c->format, c->paint, c->masked ? c->mask : NULL, c->dst, c->count, exact)
        != SHEEN_OK) {
        fprintf(stderr, "sheen oracle: sheen_exact_composite: %s\n", sheen_last_error_message());
        exit(2);
    }
}

/* Runs case c through the adapter into out; 0 when it ran. */
static int run_adapter(const oracle_case *c, uint8_t *out) {
    memcpy(out, c->dst, (size_t)(channels(c->format) * c->count));
    return adapter()->composite(c->op, c->format, c->paint, c->masked ? c->mask : NULL, out, c->count);
}

static double tolerance(const oracle_case *c, int pixel) {
    return !c->masked || c->mask[pixel] == 255 ? adapter()->tolerance_full : adapter()->tolerance_partial;
}

static const char *format_name(int32_t format) { return format == SHEEN_ORACLE_A8 ? "a8" : "rgba8"; }

static void print_bytes(FILE *f, const char *type, const char *name, const uint8_t *v, int n) {
    fprintf(f, "    %s %s[%d] = {", type, name, n);
    for (int i = 0; i < n; i++) fprintf(f, "%s%u", i ? ", " : "", v[i]);
    fprintf(f, "};\n");
}

/* Writes a C program that replays case c (usually one pixel) through the adapter and the exact
 * reference and exits 1 while the result is still beyond the tolerance. */
static void print_reproduction(FILE *f, const oracle_case *c, int32_t rule, const char *what) {
    const sheen_oracle_adapter *a = adapter();
    int n = channels(c->format) * c->count;
    fprintf(f, "/* Reproduction: %s%s%s, %s on %s, %s. Build with this adapter:\n"
               " *   cc repro.c ADAPTER.c -IOracle/include $(pkg-config --cflags --libs sheen) -lm */\n",
            a->name, a->version ? " " : "", a->version ? a->version : "", sheen_operator_name(c->op),
            format_name(c->format), what);
    fprintf(f, "#include <math.h>\n#include <stdio.h>\n#include <sheen.h>\n#include \"sheen_oracle.h\"\n\n"
               "int main(void) {\n");
    print_bytes(f, "const uint8_t", "paint", c->paint, n);
    print_bytes(f, "const uint8_t", "destination", c->dst, n);
    if (c->masked) print_bytes(f, "const uint8_t", "mask", c->mask, c->count);
    print_bytes(f, "uint8_t", "result", c->dst, n);
    fprintf(f, "    double exact[%d];\n", n);
    fprintf(f, "    const sheen_oracle_adapter *a = sheen_oracle_adapter_get();\n");
    fprintf(f, "    sheen_exact_composite(%d /* %s */, %d, %d, paint, %s, destination, %d, exact);\n", c->op,
            sheen_operator_name(c->op), rule, c->format, c->masked ? "mask" : "NULL", c->count);
    fprintf(f, "    a->composite(%d, %d, paint, %s, result, %d);\n", c->op, c->format, c->masked ? "mask" : "NULL",
            c->count);
    fprintf(f, "    int beyond = 0;\n    for (int i = 0; i < %d; i++) {\n", n);
    if (c->masked)
        fprintf(f, "        double tolerance = mask[i / %d] == 255 ? a->tolerance_full : a->tolerance_partial;\n",
                channels(c->format));
    else
        fprintf(f, "        double tolerance = a->tolerance_full;\n");
    fprintf(f, "        double error = result[i] - exact[i];\n"
               "        printf(\"byte %%d: %%u, exact %%.9f, error %%+.9f levels\\n\", i, result[i], exact[i], error);\n"
               "        if (fabs(error) > tolerance) beyond = 1;\n    }\n    return beyond;\n}\n");
}

/* The one pixel of c at index i, as a case of its own. */
static oracle_case single_pixel(const oracle_case *c, int i) {
    oracle_case one = *c;
    int n = channels(c->format);
    one.count = 1;
    memcpy(one.paint, c->paint + n * i, (size_t)n);
    memcpy(one.dst, c->dst + n * i, (size_t)n);
    one.mask[0] = c->mask[i];
    return one;
}

/* ---- Gradients ---- */

#define GRADIENT_WIDTH 32
#define GRADIENT_HEIGHT 8

static double uniform(oracle_rng *r, double lo, double hi) {
    return lo + (hi - lo) * (double)(rng_next(r) >> 11) * 0x1p-53;
}

static const char *shape_name(int32_t shape) {
    return shape == SHEEN_ORACLE_LINEAR ? "linear" : shape == SHEEN_ORACLE_RADIAL ? "radial" : "conic";
}

static const char *spread_name(int32_t spread) {
    return spread == SHEEN_SPREAD_PAD ? "pad" : spread == SHEEN_SPREAD_REPEAT ? "repeat" : "reflect";
}

/* A gradient over a GRADIENT_WIDTH × GRADIENT_HEIGHT image: 2…5 stops no closer than a tenth of
 * their spacing (no hard stops), sRGB colours of whole levels, mostly opaque; lines 4…60 px long
 * in any direction, circles growing outwards from anywhere in the image, sweeps from any angle. */
static void make_gradient(oracle_rng *r, sheen_oracle_gradient *g, int32_t shape, int32_t spread, int32_t premultiplied) {
    memset(g, 0, sizeof *g);
    g->shape = shape;
    g->spread = spread;
    g->premultiplied = premultiplied;
    g->stop_count = 2 + (int32_t)rng_below(r, 4);
    double start = rng_below(r, 3) == 0 ? uniform(r, 0, 0.3) : 0, end = rng_below(r, 3) == 0 ? uniform(r, 0.7, 1) : 1;
    double step = (end - start) / (g->stop_count - 1);
    for (int i = 0; i < g->stop_count; i++) {
        int inner = i > 0 && i < g->stop_count - 1;
        g->offsets[i] = start + step * i + (inner ? uniform(r, -0.4, 0.4) * step : 0);
        for (int k = 0; k < 3; k++) g->colors[i][k] = (float)rng_below(r, 256) / 255.0f;
        g->colors[i][3] = rng_below(r, 3) ? 1.0f : (float)rng_below(r, 256) / 255.0f;
    }
    switch (shape) {
    case SHEEN_ORACLE_LINEAR: {
        double angle = uniform(r, 0, 6.283185307179586), length = uniform(r, 4, 60);
        g->x0 = uniform(r, -8, GRADIENT_WIDTH + 8);
        g->y0 = uniform(r, -8, GRADIENT_HEIGHT + 8);
        g->x1 = g->x0 + length * cos(angle);
        g->y1 = g->y0 + length * sin(angle);
        break;
    }
    case SHEEN_ORACLE_RADIAL:
        g->x0 = uniform(r, 0, GRADIENT_WIDTH);
        g->y0 = uniform(r, 0, GRADIENT_HEIGHT);
        g->r0 = rng_below(r, 3) == 0 ? 0 : uniform(r, 0, 10);
        g->x1 = g->x0 + uniform(r, -2, 2);
        g->y1 = g->y0 + uniform(r, -2, 2);
        g->r1 = g->r0 + uniform(r, 4, 50);
        break;
    default:
        g->x0 = uniform(r, 0, GRADIENT_WIDTH);
        g->y0 = uniform(r, 0, GRADIENT_HEIGHT);
        g->r0 = uniform(r, -3.2, 3.2);
        break;
    }
}

/* Paints g through the adapter (width × height) and measures every byte into errors; 0 when the
 * library painted it. */
static int gradient_errors(const sheen_oracle_gradient *g, int32_t width, int32_t height, uint8_t *out, double *errors) {
    if (adapter()->fill_gradient(g, out, width, height) != 0) return -1;
    sheen_gradient *exact = NULL;
    if (sheen_oracle_make_gradient(g, &exact) != SHEEN_OK) {
        fprintf(stderr, "sheen oracle: Sheen refused the generated gradient: %s\n", sheen_last_error_message());
        exit(2);
    }
    for (int32_t y = 0; y < height; y++)
        for (int32_t x = 0; x < width; x++)
            if (sheen_oracle_gradient_error(exact, x, y, out + 4 * (y * width + x), errors + 4 * (y * width + x)) != SHEEN_OK) {
                fprintf(stderr, "sheen oracle: sheen_exact_gradient: %s\n", sheen_last_error_message());
                exit(2);
            }
    sheen_gradient_destroy(exact);
    return 0;
}

/* Writes a C program that paints g through the adapter and measures pixel (x, y) of it. */
static void print_gradient_reproduction(FILE *f, const sheen_oracle_gradient *g, int32_t width, int32_t height, int32_t x,
                                        int32_t y, const char *what) {
    const sheen_oracle_adapter *a = adapter();
    fprintf(f, "/* Reproduction: %s%s%s, a %s gradient (%s, %s interpolation), %s. Build with this adapter:\n"
               " *   cc repro.c ADAPTER.c -IOracle/include $(pkg-config --cflags --libs sheen) -lm */\n",
            a->name, a->version ? " " : "", a->version ? a->version : "", shape_name(g->shape), spread_name(g->spread),
            g->premultiplied ? "premultiplied" : "straight", what);
    fprintf(f, "#include <math.h>\n#include <stdio.h>\n#include <sheen.h>\n#include \"sheen_oracle.h\"\n\n"
               "int main(void) {\n    const sheen_oracle_gradient g = {%d, %a, %a, %a, %a, %a, %a, %d, %d, %d, {",
            g->shape, g->x0, g->y0, g->r0, g->x1, g->y1, g->r1, g->spread, g->premultiplied, g->stop_count);
    for (int i = 0; i < g->stop_count; i++) fprintf(f, "%s%a", i ? ", " : "", g->offsets[i]);
    fprintf(f, "},\n        {");
    for (int i = 0; i < g->stop_count; i++)
        fprintf(f, "%s{%af, %af, %af, %af}", i ? ", " : "", g->colors[i][0], g->colors[i][1], g->colors[i][2],
                g->colors[i][3]);
    fprintf(f, "}};\n    static uint8_t pixels[4 * %d * %d];\n", width, height);
    fprintf(f, "    const sheen_oracle_adapter *a = sheen_oracle_adapter_get();\n"
               "    if (a->fill_gradient(&g, pixels, %d, %d) != 0) return 2;\n"
               "    sheen_gradient *exact = NULL;\n"
               "    if (sheen_oracle_make_gradient(&g, &exact) != SHEEN_OK) return 2;\n"
               "    const uint8_t *pixel = pixels + 4 * (%d * %d + %d);\n"
               "    double error[4];\n"
               "    sheen_oracle_gradient_error(exact, %d, %d, pixel, error);\n"
               "    sheen_gradient_destroy(exact);\n"
               "    int beyond = 0;\n"
               "    for (int k = 0; k < 4; k++) {\n"
               "        printf(\"pixel (%d, %d) byte %%d: %%u, error %%+.6f levels\\n\", k, pixel[k], error[k]);\n"
               "        if (fabs(error[k]) > a->tolerance_gradient) beyond = 1;\n"
               "    }\n    return beyond;\n}\n",
            width, height, y, width, x, x, y, x, y);
}

/* ---- Blur ---- */

#define BLUR_SIZE 32

/* A premultiplied image like a shadow's source: hard-edged opaque and translucent rectangles over
 * transparency, or, one time in four, valid noise. */
static void make_blur_image(oracle_rng *r, uint8_t *p, int32_t width, int32_t height) {
    memset(p, 0, (size_t)(4 * width * height));
    if (rng_below(r, 4) == 0) {
        for (int32_t i = 0; i < width * height; i++) make_pixel(r, p + 4 * i, SHEEN_ORACLE_RGBA8, 0);
        return;
    }
    for (uint32_t n = 1 + rng_below(r, 11); n > 0; n--) {
        int32_t x0 = (int32_t)rng_below(r, (uint32_t)width), y0 = (int32_t)rng_below(r, (uint32_t)height);
        int32_t w = 1 + (int32_t)rng_below(r, (uint32_t)width / 2), h = 1 + (int32_t)rng_below(r, (uint32_t)height / 2);
        uint8_t a = rng_below(r, 5) < 3 ? 255 : (uint8_t)(1 + rng_below(r, 255)), c[3];
        for (int k = 0; k < 3; k++) c[k] = (uint8_t)rng_below(r, (uint32_t)a + 1);
        for (int32_t y = y0; y < y0 + h && y < height; y++)
            for (int32_t x = x0; x < x0 + w && x < width; x++) {
                uint8_t *q = p + 4 * (y * width + x);
                q[0] = c[0], q[1] = c[1], q[2] = c[2], q[3] = a;
            }
    }
}

/* Blurs a copy of `image` through the adapter into out and measures every byte into errors
 * against sheen_exact_blur with the adapter's edges; 0 when the library blurred it. */
static int blur_errors(const uint8_t *image, int32_t width, int32_t height, double sigma, uint8_t *out, double *errors) {
    memcpy(out, image, (size_t)(4 * width * height));
    if (adapter()->blur(out, width, height, sigma) != 0) return -1;
    sheen_buffer source = {(void *)image, width, height, 4 * (intptr_t)width, SHEEN_FORMAT_RGBA8_PREMULTIPLIED};
    if (sheen_exact_blur(&source, sigma, sigma, adapter()->blur_edges, errors) != SHEEN_OK) {
        fprintf(stderr, "sheen oracle: sheen_exact_blur: %s\n", sheen_last_error_message());
        exit(2);
    }
    for (int32_t i = 0; i < 4 * width * height; i++) errors[i] = out[i] - errors[i];
    return 0;
}

/* Writes a C program that blurs `image` through the adapter and measures byte `byte` of it. */
static void print_blur_reproduction(FILE *f, const uint8_t *image, int32_t width, int32_t height, double sigma, int byte,
                                    const char *what) {
    const sheen_oracle_adapter *a = adapter();
    fprintf(f, "/* Reproduction: %s%s%s, a Gaussian blur of σ %g px, %s. Build with this adapter:\n"
               " *   cc repro.c ADAPTER.c -IOracle/include $(pkg-config --cflags --libs sheen) -lm */\n",
            a->name, a->version ? " " : "", a->version ? a->version : "", sigma, what);
    fprintf(f, "#include <math.h>\n#include <stdio.h>\n#include <string.h>\n#include <sheen.h>\n#include \"sheen_oracle.h\"\n\n"
               "int main(void) {\n");
    print_bytes(f, "const uint8_t", "image", image, 4 * width * height);
    fprintf(f, "    static uint8_t pixels[%d];\n    static double exact[%d];\n", 4 * width * height, 4 * width * height);
    fprintf(f, "    const sheen_oracle_adapter *a = sheen_oracle_adapter_get();\n"
               "    memcpy(pixels, image, sizeof pixels);\n"
               "    if (a->blur(pixels, %d, %d, %a) != 0) return 2;\n"
               "    sheen_buffer source = {(void *)image, %d, %d, %d, SHEEN_FORMAT_RGBA8_PREMULTIPLIED};\n"
               "    if (sheen_exact_blur(&source, %a, %a, a->blur_edges, exact) != SHEEN_OK) return 2;\n"
               "    double error = pixels[%d] - exact[%d];\n"
               "    printf(\"byte %d (pixel (%d, %d), channel %d): %%u, exact %%.6f, error %%+.6f levels\\n\", pixels[%d], exact[%d], error);\n"
               "    return fabs(error) > a->tolerance_blur;\n}\n",
            width, height, sigma, width, height, 4 * width, sigma, sigma, byte, byte, byte, (byte / 4) % width,
            (byte / 4) / width, byte % 4, byte, byte);
}

/* The index of the pixel with the largest error beyond its tolerance (or −1), its channel, error. */
static int worst_beyond(const oracle_case *c, const uint8_t *out, const double *exact, int *channel, double *error) {
    int n = channels(c->format), worst = -1;
    double worst_excess = 0;
    for (int i = 0; i < c->count; i++) {
        for (int k = 0; k < n; k++) {
            double e = out[n * i + k] - exact[n * i + k];
            double excess = fabs(e) - tolerance(c, i);
            if (excess > worst_excess) { worst_excess = excess; worst = i; *channel = k; *error = e; }
        }
    }
    return worst;
}

/* Writes the smallest reproduction of case c, whose pixel i is beyond its tolerance: that pixel
 * alone when alone it still is, else the whole case (`what` describes it) — a result that depends
 * on its neighbours, as a bug in a span's last pixels does, shows only in the span. */
static void print_smallest_reproduction(FILE *report, const oracle_case *c, int i, const char *what) {
    int32_t rule = adapter()->coverage_rule(c->op);
    oracle_case one = single_pixel(c, i);
    uint8_t out1[4];
    double exact1[4];
    int channel1 = 0;
    double error1 = 0;
    if (run_adapter(&one, out1) == 0) {
        exact_results(&one, rule, exact1);
        if (worst_beyond(&one, out1, exact1, &channel1, &error1) == 0) {
            char alone[160];
            snprintf(alone, sizeof alone, "byte %d: %u where the exact result is %.6f (error %+.6f levels, tolerance %g)",
                     channel1, out1[channel1], exact1[channel1], error1, tolerance(&one, 0));
            print_reproduction(report, &one, rule, alone);
            return;
        }
    }
    print_reproduction(report, c, rule, what);
}

#ifndef SHEEN_ORACLE_SURVEY

/* g moved so that its pixel (x, y) is pixel (0, 0): every shape commutes with a translation. */
static sheen_oracle_gradient moved(const sheen_oracle_gradient *g, int32_t x, int32_t y) {
    sheen_oracle_gradient m = *g;
    m.x0 -= x;
    m.x1 -= x;
    m.y0 -= y;
    m.y1 -= y;
    return m;
}

/* Checks case c; on a result beyond the tolerance prints the smallest reproduction and returns 1. */
static int check_case(const oracle_case *c, FILE *report) {
    uint8_t out[4 * ORACLE_MAX_PIXELS];
    double exact[4 * ORACLE_MAX_PIXELS];
    int32_t rule = adapter()->coverage_rule(c->op);
    if (run_adapter(c, out) != 0) return 0;
    exact_results(c, rule, exact);
    int channel = 0;
    double error = 0;
    int i = worst_beyond(c, out, exact, &channel, &error);
    if (i < 0 || c->invalid) return 0;
    char what[160];
    snprintf(what, sizeof what, "pixel %d of %d, byte %d: %u where the exact result is %.6f (error %+.6f levels)", i,
             c->count, channel, out[channels(c->format) * i + channel],
             exact[channels(c->format) * i + channel], error);
    print_smallest_reproduction(report, c, i, what);
    return 1;
}

/* Paints one gradient case; on a byte beyond the tolerance prints the smallest reproduction and
 * returns 1. */
static int check_gradient(const sheen_oracle_gradient *g, FILE *report) {
    uint8_t out[4 * GRADIENT_WIDTH * GRADIENT_HEIGHT];
    double errors[4 * GRADIENT_WIDTH * GRADIENT_HEIGHT];
    if (gradient_errors(g, GRADIENT_WIDTH, GRADIENT_HEIGHT, out, errors) != 0) return 0;
    int worst = -1;
    double excess = 0;
    for (int i = 0; i < 4 * GRADIENT_WIDTH * GRADIENT_HEIGHT; i++)
        if (fabs(errors[i]) - adapter()->tolerance_gradient > excess) { excess = fabs(errors[i]) - adapter()->tolerance_gradient; worst = i; }
    if (worst < 0) return 0;
    int32_t x = (worst / 4) % GRADIENT_WIDTH, y = (worst / 4) / GRADIENT_WIDTH;
    char what[160];
    snprintf(what, sizeof what, "pixel (%d, %d) byte %d: %u (error %+.6f levels, tolerance %g)", x, y, worst % 4, out[worst],
             errors[worst], adapter()->tolerance_gradient);
    /* The pixel alone, the gradient moved to it, unless the library paints it otherwise there. */
    sheen_oracle_gradient one = moved(g, x, y);
    uint8_t out1[4];
    double errors1[4];
    if (gradient_errors(&one, 1, 1, out1, errors1) == 0) {
        for (int k = 0; k < 4; k++) {
            if (fabs(errors1[k]) > adapter()->tolerance_gradient) {
                print_gradient_reproduction(report, &one, 1, 1, 0, 0, what);
                return 1;
            }
        }
    }
    print_gradient_reproduction(report, g, GRADIENT_WIDTH, GRADIENT_HEIGHT, x, y, what);
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static int operators = 0;
    if (!operators) operators = operator_count();
    if (size < 5) return 0;
    uint64_t seed = 0xCBF29CE484222325ull; /* FNV-1a of the whole input */
    for (size_t i = 0; i < size; i++) seed = (seed ^ data[i]) * 0x100000001B3ull;
    oracle_rng r = {seed};
    if (adapter()->blur && (data[4] & 3) == 2) {
        uint8_t image[4 * BLUR_SIZE * BLUR_SIZE], out[4 * BLUR_SIZE * BLUR_SIZE];
        static double errors[4 * BLUR_SIZE * BLUR_SIZE];
        double sigma = uniform(&r, 0.25, 14);
        make_blur_image(&r, image, BLUR_SIZE, BLUR_SIZE);
        if (blur_errors(image, BLUR_SIZE, BLUR_SIZE, sigma, out, errors) != 0) return 0;
        int worst = -1;
        double excess = 0;
        for (int i = 0; i < 4 * BLUR_SIZE * BLUR_SIZE; i++)
            if (fabs(errors[i]) - adapter()->tolerance_blur > excess) { excess = fabs(errors[i]) - adapter()->tolerance_blur; worst = i; }
        if (worst < 0) return 0;
        char what[160];
        snprintf(what, sizeof what, "byte %d: %u (error %+.6f levels, tolerance %g)", worst, out[worst], errors[worst],
                 adapter()->tolerance_blur);
        print_blur_reproduction(stderr, image, BLUR_SIZE, BLUR_SIZE, sigma, worst, what);
        fprintf(stderr, "sheen oracle: %s's blur is beyond its tolerance (reproduction above)\n", adapter()->name);
        abort();
    }
    if (adapter()->fill_gradient && (data[4] & 1)) {
        int32_t shape = data[0] % 3, spread = shape == SHEEN_ORACLE_CONIC ? SHEEN_SPREAD_PAD : data[1] % 3,
                premultiplied = data[2] & 1;
        if (!adapter()->supports_gradient || !adapter()->supports_gradient(shape, spread, premultiplied)) return 0;
        sheen_oracle_gradient g;
        make_gradient(&r, &g, shape, spread, premultiplied);
        if (check_gradient(&g, stderr)) {
            fprintf(stderr, "sheen oracle: %s's gradient is beyond its tolerance (reproduction above)\n", adapter()->name);
            abort();
        }
        return 0;
    }
    oracle_case c;
    memset(&c, 0, sizeof c);
    c.op = data[0] % operators;
    c.format = data[1] & 1 ? SHEEN_ORACLE_A8 : SHEEN_ORACLE_RGBA8;
    c.masked = data[2] & 1;
    c.count = 1 + data[3] % ORACLE_MAX_PIXELS;
    const char *invalid = getenv("SHEEN_ORACLE_INVALID");
    c.invalid = invalid && *invalid == '1';
    if (!adapter()->supports(c.op, c.format)) return 0;
    make_case(&c, &r);
    if (check_case(&c, stderr)) {
        fprintf(stderr, "sheen oracle: %s is beyond its tolerance (reproduction above)\n", adapter()->name);
        abort();
    }
    return 0;
}

#else

/* Figures of one group: (operator, format, coverage) or (shape, spread, interpolation). */
typedef struct {
    long pixels, bytes, refused, exactly_rounded, within_one, beyond, undefined, valid_output;
    double max_error, sum_abs, sum;
    double scaled_max, interpolated_max; /* the largest errors under the two coverage rules */
    int worst_pixel, have_worst;
    double worst_error, worst_excess;     /* the byte furthest beyond its tolerance (the worst case) */
    oracle_case worst_case;              /* compositing: the whole case, and its pixel worst_index */
    int worst_index;
    sheen_oracle_gradient worst_gradient; /* gradients: the gradient and pixel */
    int32_t worst_x, worst_y;
    uint8_t worst_image[4 * BLUR_SIZE * BLUR_SIZE]; /* blur: the image and its worst byte */
} oracle_group;

static void usage(void) {
    printf("usage: survey [--cases N] [--seed S] [--invalid] [--json FILE] [--reproductions DIR]\n"
           "  N pixels (default 100000, at most 1000000000) per operator, format (rgba8, a8) and coverage\n"
           "  (full, partial) the adapter supports, per gradient shape, spread and interpolation when it\n"
           "  paints gradients, and\n"
           "  per blur sigma (0.5 ... 13) when it blurs, from seed S (default 1); prints tables of errors in\n"
           "  levels against sheen_exact_composite, sheen_exact_gradient and sheen_exact_blur, and exits 1\n"
           "  when a valid pixel is beyond the adapter's tolerance (saying how many rows are), 2 for bad\n"
           "  arguments, tolerances that are not finite numbers >= 0, or an adapter that refuses every call.\n"
           "  --invalid surveys compositing with pixels that are not valid premultiplied colour instead\n"
           "  (never a failure). --json writes the figures as JSON lines; --reproductions writes each\n"
           "  group's worst case beyond the tolerance (the byte furthest beyond it) as a program into DIR,\n"
           "  made if missing: the pixel alone, or its whole span when alone it is within the tolerance.\n");
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Adds one byte's signed error to g; 1 when it is the furthest beyond its tolerance so far (the
 * caller keeps the input): the worst case is chosen by its excess, not its error, so that where
 * partial coverage has the larger tolerance, the case a row's "beyond tolerance" counts is the one
 * its reproduction shows. */
static int add_error(oracle_group *g, double e, double tolerance) {
    double a = fabs(e);
    g->bytes++;
    g->sum += e;
    g->sum_abs += a;
    if (a <= 0.5 + 1e-9) g->exactly_rounded++;
    if (a < 1) g->within_one++;
    if (a > tolerance) g->beyond++;
    if (a > g->max_error) g->max_error = a;
    if (g->have_worst && a - tolerance <= g->worst_excess) return 0;
    g->worst_excess = a - tolerance;
    g->worst_error = e;
    g->have_worst = 1;
    return 1;
}

static void survey_group(oracle_group *g, int32_t op, int32_t format, int masked, int invalid, long cases,
                         oracle_rng *r) {
    memset(g, 0, sizeof *g);
    int32_t rule = adapter()->coverage_rule(op);
    int n = channels(format);
    oracle_case c;
    memset(&c, 0, sizeof c);
    c.op = op;
    c.format = format;
    c.masked = masked;
    c.invalid = invalid;
    uint8_t out[4 * ORACLE_MAX_PIXELS];
    double exact[4 * ORACLE_MAX_PIXELS], scaled[4 * ORACLE_MAX_PIXELS], interpolated[4 * ORACLE_MAX_PIXELS];
    while (g->pixels < cases) {
        c.count = 1 + (int)rng_below(r, ORACLE_MAX_PIXELS);
        make_case(&c, r);
        g->pixels += c.count;
        if (run_adapter(&c, out) != 0) { g->refused += c.count; continue; }
        if (masked) {
            exact_results(&c, SHEEN_COVERAGE_RULE_SCALES_PAINT, scaled);
            exact_results(&c, SHEEN_COVERAGE_RULE_INTERPOLATES, interpolated);
        }
        /* The adapter's own rule is one of the two already worked out, unless it is Sheen's mix. */
        if (masked && rule == SHEEN_COVERAGE_RULE_SCALES_PAINT) memcpy(exact, scaled, sizeof(double) * (size_t)(n * c.count));
        else if (masked && rule == SHEEN_COVERAGE_RULE_INTERPOLATES)
            memcpy(exact, interpolated, sizeof(double) * (size_t)(n * c.count));
        else exact_results(&c, rule, exact);
        for (int i = 0; i < c.count; i++) {
            const uint8_t *o = out + n * i;
            if (n == 1 || (o[0] <= o[3] && o[1] <= o[3] && o[2] <= o[3])) g->valid_output++;
            for (int k = 0; k < n; k++) {
                /* Invalid input's formula may leave 0…255; a byte can only saturate, so the result is
                 * measured against the formula clamped to 0…255 (valid input never leaves it). */
                double x = invalid ? fmin(255, fmax(0, exact[n * i + k])) : exact[n * i + k];
                /* Pixels that are not premultiplied colour can make a formula 0/0: no exact result. */
                if (isnan(x)) { g->undefined++; continue; }
                if (masked) {
                    g->scaled_max = fmax(g->scaled_max, fabs(o[k] - scaled[n * i + k]));
                    g->interpolated_max = fmax(g->interpolated_max, fabs(o[k] - interpolated[n * i + k]));
                }
                if (add_error(g, o[k] - x, tolerance(&c, i))) {
                    g->worst_case = c;
                    g->worst_index = i;
                    g->worst_pixel = k;
                }
            }
        }
    }
}

static void survey_gradient_group(oracle_group *g, int32_t shape, int32_t spread, int32_t premultiplied, long cases,
                                  oracle_rng *r) {
    memset(g, 0, sizeof *g);
    uint8_t out[4 * GRADIENT_WIDTH * GRADIENT_HEIGHT];
    double errors[4 * GRADIENT_WIDTH * GRADIENT_HEIGHT];
    while (g->pixels < cases) {
        sheen_oracle_gradient grad;
        make_gradient(r, &grad, shape, spread, premultiplied);
        g->pixels += GRADIENT_WIDTH * GRADIENT_HEIGHT;
        if (gradient_errors(&grad, GRADIENT_WIDTH, GRADIENT_HEIGHT, out, errors) != 0) {
            g->refused += GRADIENT_WIDTH * GRADIENT_HEIGHT;
            continue;
        }
        for (int i = 0; i < 4 * GRADIENT_WIDTH * GRADIENT_HEIGHT; i++) {
            if (add_error(g, errors[i], adapter()->tolerance_gradient)) {
                g->worst_gradient = grad;
                g->worst_x = (i / 4) % GRADIENT_WIDTH;
                g->worst_y = (i / 4) / GRADIENT_WIDTH;
                g->worst_pixel = i % 4;
            }
        }
    }
}

static void survey_blur_group(oracle_group *g, double sigma, long cases, oracle_rng *r) {
    memset(g, 0, sizeof *g);
    static uint8_t image[4 * BLUR_SIZE * BLUR_SIZE], out[4 * BLUR_SIZE * BLUR_SIZE];
    static double errors[4 * BLUR_SIZE * BLUR_SIZE];
    while (g->pixels < cases) {
        make_blur_image(r, image, BLUR_SIZE, BLUR_SIZE);
        g->pixels += BLUR_SIZE * BLUR_SIZE;
        if (blur_errors(image, BLUR_SIZE, BLUR_SIZE, sigma, out, errors) != 0) {
            g->refused += BLUR_SIZE * BLUR_SIZE;
            continue;
        }
        for (int i = 0; i < 4 * BLUR_SIZE * BLUR_SIZE; i++) {
            if (add_error(g, errors[i], adapter()->tolerance_blur)) {
                memcpy(g->worst_image, image, sizeof image);
                g->worst_pixel = i;
            }
        }
    }
}

/* Which coverage rule the results follow: the one with the smaller largest error, "either" when
 * the two are alike (the operators whose two forms agree in real numbers). */
static const char *fits(const oracle_group *g) {
    if (fabs(g->scaled_max - g->interpolated_max) < 1e-6) return "either";
    return g->scaled_max < g->interpolated_max ? "scales-paint" : "interpolates";
}

static void json_bytes(FILE *f, const char *name, const uint8_t *v, int n) {
    fprintf(f, ",\"%s\":[", name);
    for (int i = 0; i < n; i++) fprintf(f, "%s%u", i ? "," : "", v[i]);
    fprintf(f, "]");
}

/* The figures every group's table row shows, after its own leading cells. */
static void print_figures(const oracle_group *g) {
    double b = g->bytes ? (double)g->bytes : 1;
    printf("%.3f | %.4f | %+.4f | %.2f%% | %.2f%% | %ld |", g->max_error, g->sum_abs / b, g->sum / b,
           100.0 * (double)g->exactly_rounded / b, 100.0 * (double)g->within_one / b, g->beyond);
}

/* The figures every group's JSON line holds, after its own leading fields. */
static void json_figures(FILE *f, const oracle_group *g, double tolerance) {
    const sheen_oracle_adapter *a = adapter();
    double b = g->bytes ? (double)g->bytes : 1;
    fprintf(f, "\"library\":\"%s\",\"version\":\"%s\",\"pixels\":%ld,\"bytes\":%ld,\"refused\":%ld,\"undefined\":%ld,"
               "\"max_error\":%.9f,\"mean_abs_error\":%.9f,\"bias\":%.9f,\"correctly_rounded\":%ld,\"within_one\":%ld,"
               "\"beyond_tolerance\":%ld,\"tolerance\":%.9f,\"worst_byte\":%d,\"worst_signed_error\":%.9f",
            a->name, a->version ? a->version : "", g->pixels, g->bytes, g->refused, g->undefined, g->max_error,
            g->sum_abs / b, g->sum / b, g->exactly_rounded, g->within_one, g->beyond, tolerance, g->worst_pixel,
            g->worst_error);
}

/* The most pixels --cases takes per row (a run of every row at it takes hours, not forever). */
#define ORACLE_MAX_CASES 1000000000L

/* `text` as a whole number from 1 to ORACLE_MAX_CASES, or a message and exit 2: "1e9", "12abc",
 * a sign or twenty digits are refused, not read as 1, 12 or a number that never ends. */
static long parse_cases(const char *text) {
    long value = 0;
    int digits = 0;
    for (const char *p = text; *p; p++, digits++) {
        if (*p < '0' || *p > '9' || value > ORACLE_MAX_CASES) { value = -1; break; }
        value = value * 10 + (*p - '0');
    }
    if (digits == 0 || value < 1 || value > ORACLE_MAX_CASES) {
        fprintf(stderr, "survey: --cases must be a whole number from 1 to %ld, not \"%s\"\n", ORACLE_MAX_CASES, text);
        exit(2);
    }
    return value;
}

/* `text` as a seed (decimal, or hex with 0x), or a message and exit 2. */
static uint64_t parse_seed(const char *text) {
    char *end = NULL;
    errno = 0;
    unsigned long long value = strtoull(text, &end, 0);
    if (!*text || *end || errno || *text == '-' || *text == '+' || *text == ' ') {
        fprintf(stderr, "survey: --seed must be a whole number from 0 to 2^64 - 1, not \"%s\"\n", text);
        exit(2);
    }
    return (uint64_t)value;
}

/* Makes directory `path` and its parents (mkdir -p); a message and exit 2 when it cannot. */
static void make_directories(const char *path) {
    char partial[1024];
    size_t n = strlen(path);
    if (n == 0 || n >= sizeof partial) { fprintf(stderr, "survey: --reproductions: a bad directory \"%s\"\n", path); exit(2); }
    for (size_t i = 1; i <= n; i++) {
        if (path[i] != '/' && path[i] != '\0') continue;
        memcpy(partial, path, i);
        partial[i] = '\0';
        if (mkdir(partial, 0777) != 0 && errno != EEXIST) { perror(partial); exit(2); }
    }
}

/* Opens DIR/LIBRARY-STEM.c for a group's worst case. */
static FILE *reproduction_file(const char *dir, const char *stem) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s-%s.c", dir, adapter()->name, stem);
    FILE *f = fopen(path, "w");
    if (!f) { perror(path); exit(2); }
    return f;
}

int main(int argc, char **argv) {
    long cases = 100000;
    uint64_t seed = 1;
    int invalid = 0;
    const char *json = NULL, *reproductions = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--cases") && i + 1 < argc) cases = parse_cases(argv[++i]);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc) seed = parse_seed(argv[++i]);
        else if (!strcmp(argv[i], "--invalid")) invalid = 1;
        else if (!strcmp(argv[i], "--json") && i + 1 < argc) json = argv[++i];
        else if (!strcmp(argv[i], "--reproductions") && i + 1 < argc) reproductions = argv[++i];
        else { usage(); return strcmp(argv[i], "--help") ? 2 : 0; }
    }
    const sheen_oracle_adapter *a = adapter();
    if (reproductions) make_directories(reproductions);
    FILE *jf = NULL;
    if (json && !(jf = fopen(json, "w"))) { perror(json); return 2; }
    printf("%s%s%s against sheen_exact_composite%s, %ld pixels per row, seed %llu\n\n", a->name,
           a->version ? " " : "", a->version ? a->version : "", invalid ? " (invalid input)" : "", cases,
           (unsigned long long)seed);
    printf("| operator | format | coverage | rule | max error | mean |error| | bias | correctly rounded | within 1 | beyond tolerance | fits |\n");
    printf("| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n");
    int operators = operator_count(), rows_beyond = 0;
    long checked = 0, composited = 0, offered = 0;
    double started = now();
    static const int32_t formats[] = {SHEEN_ORACLE_RGBA8, SHEEN_ORACLE_A8};
    char what[160];
    for (int op = 0; op < operators; op++) {
        for (int f = 0; f < 2; f++) {
            if (!a->supports(op, formats[f])) continue;
            for (int masked = 0; masked < 2; masked++) {
                oracle_rng r = {seed * 0x9E3779B97F4A7C15ull + (uint64_t)(op * 4 + f * 2 + masked)};
                oracle_group g;
                survey_group(&g, op, formats[f], masked, invalid, cases, &r);
                checked += g.pixels - g.refused;
                composited += g.pixels - g.refused;
                offered += g.pixels;
                int32_t rule = a->coverage_rule(op);
                const char *rule_name = rule == SHEEN_COVERAGE_RULE_SCALES_PAINT ? "scales-paint"
                                        : rule == SHEEN_COVERAGE_RULE_INTERPOLATES ? "interpolates" : "sheen";
                printf("| %s | %s | %s | %s | ", sheen_operator_name(op), format_name(formats[f]),
                       masked ? "partial" : "full", rule_name);
                print_figures(&g);
                printf(" %s |\n", !masked ? "–" : fits(&g));
                if (g.refused) printf("|   (%ld pixels refused by the library) |\n", g.refused);
                if (g.beyond && !invalid) rows_beyond++;
                if (jf) {
                    fprintf(jf, "{\"kind\":\"composite\",\"operator\":\"%s\",\"format\":\"%s\",\"coverage\":\"%s\","
                                "\"rule\":\"%s\",\"invalid\":%s,\"valid_output\":%ld,\"scaled_max_error\":%.9f,"
                                "\"interpolated_max_error\":%.9f,",
                            sheen_operator_name(op), format_name(formats[f]), masked ? "partial" : "full", rule_name,
                            invalid ? "true" : "false", g.valid_output, masked ? g.scaled_max : -1.0,
                            masked ? g.interpolated_max : -1.0);
                    json_figures(jf, &g, masked ? a->tolerance_partial : a->tolerance_full);
                    if (g.have_worst) {
                        int n = channels(formats[f]), i = g.worst_index;
                        json_bytes(jf, "worst_paint", g.worst_case.paint + n * i, n);
                        json_bytes(jf, "worst_destination", g.worst_case.dst + n * i, n);
                        if (masked) json_bytes(jf, "worst_mask", g.worst_case.mask + i, 1);
                    }
                    fprintf(jf, "}\n");
                }
                if (reproductions && g.have_worst && g.beyond) {
                    char stem[256];
                    snprintf(stem, sizeof stem, "%s-%s-%s", sheen_operator_name(op), format_name(formats[f]),
                             masked ? "partial" : "full");
                    FILE *rf = reproduction_file(reproductions, stem);
                    snprintf(what, sizeof what, "the survey's worst case: pixel %d of %d, byte %d (error %+.6f levels)",
                             g.worst_index, g.worst_case.count, g.worst_pixel, g.worst_error);
                    print_smallest_reproduction(rf, &g.worst_case, g.worst_index, what);
                    fclose(rf);
                }
            }
        }
    }
    if (a->fill_gradient && !invalid) {
        printf("\n| gradient | spread | interpolation | max error | mean |error| | bias | correctly rounded | within 1 | beyond tolerance |\n");
        printf("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n");
        for (int32_t shape = 0; shape < 3; shape++) {
            for (int32_t spread = 0; spread < (shape == SHEEN_ORACLE_CONIC ? 1 : 3); spread++) {
                for (int32_t premultiplied = 1; premultiplied >= 0; premultiplied--) {
                    if (!a->supports_gradient || !a->supports_gradient(shape, spread, premultiplied)) continue;
                    oracle_rng r = {seed * 0x9E3779B97F4A7C15ull + 0x6A0000u + (uint64_t)(shape * 8 + spread * 2 + premultiplied)};
                    oracle_group g;
                    survey_gradient_group(&g, shape, spread, premultiplied, cases, &r);
                    checked += g.pixels - g.refused;
                    const char *interpolation = premultiplied ? "premultiplied" : "straight";
                    printf("| %s | %s | %s | ", shape_name(shape), shape == SHEEN_ORACLE_CONIC ? "–" : spread_name(spread),
                           interpolation);
                    print_figures(&g);
                    printf("\n");
                    if (g.refused) printf("|   (%ld pixels refused by the library) |\n", g.refused);
                    if (g.beyond) rows_beyond++;
                    if (jf) {
                        fprintf(jf, "{\"kind\":\"gradient\",\"shape\":\"%s\",\"spread\":\"%s\",\"interpolation\":\"%s\",",
                                shape_name(shape), spread_name(spread), interpolation);
                        json_figures(jf, &g, a->tolerance_gradient);
                        fprintf(jf, "}\n");
                    }
                    if (reproductions && g.have_worst && g.beyond) {
                        char stem[256];
                        snprintf(stem, sizeof stem, "gradient-%s-%s-%s", shape_name(shape), spread_name(spread), interpolation);
                        FILE *rf = reproduction_file(reproductions, stem);
                        snprintf(what, sizeof what, "the survey's worst pixel (error %+.6f levels at byte %d)",
                                 g.worst_error, g.worst_pixel);
                        print_gradient_reproduction(rf, &g.worst_gradient, GRADIENT_WIDTH, GRADIENT_HEIGHT, g.worst_x,
                                                    g.worst_y, what);
                        fclose(rf);
                    }
                }
            }
        }
    }
    if (a->blur && !invalid) {
        static const double sigmas[] = {0.5, 1, 2, 3, 5, 8, 13};
        printf("\n| blur σ | edges | max error | mean |error| | bias | correctly rounded | within 1 | beyond tolerance |\n");
        printf("| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n");
        for (size_t i = 0; i < sizeof sigmas / sizeof sigmas[0]; i++) {
            oracle_rng r = {seed * 0x9E3779B97F4A7C15ull + 0xB1000u + (uint64_t)i};
            static oracle_group g;
            survey_blur_group(&g, sigmas[i], cases, &r);
            checked += g.pixels - g.refused;
            const char *edges = a->blur_edges == SHEEN_BLUR_EDGES_CLAMP ? "clamp" : "transparent";
            printf("| %g | %s | ", sigmas[i], edges);
            print_figures(&g);
            printf("\n");
            if (g.beyond) rows_beyond++;
            if (jf) {
                fprintf(jf, "{\"kind\":\"blur\",\"sigma\":%g,\"edges\":\"%s\",", sigmas[i], edges);
                json_figures(jf, &g, a->tolerance_blur);
                fprintf(jf, "}\n");
            }
            if (reproductions && g.have_worst && g.beyond) {
                char stem[64];
                snprintf(stem, sizeof stem, "blur-%g", sigmas[i]);
                FILE *rf = reproduction_file(reproductions, stem);
                snprintf(what, sizeof what, "the survey's worst byte (error %+.6f levels)", g.worst_error);
                print_blur_reproduction(rf, g.worst_image, BLUR_SIZE, BLUR_SIZE, sigmas[i], g.worst_pixel, what);
                fclose(rf);
            }
        }
    }
    double seconds = now() - started;
    printf("\n%ld pixels checked in %.2f s: %.2f million pixels per second (one thread, the library's time included)\n",
           checked, seconds, (double)checked / seconds / 1e6);
    if (jf) fclose(jf);
    if (composited == 0) {
        fprintf(stderr, "survey: %s refused every composite (%ld pixels offered, none composited): nothing was "
                        "checked\n", a->name, offered);
        return 2;
    }
    if (rows_beyond) {
        fprintf(stderr, "survey: %d row%s beyond %s's tolerance (a \"beyond tolerance\" above 0)%s; exit status 1\n",
                rows_beyond, rows_beyond == 1 ? "" : "s", a->name,
                reproductions ? ", each row's worst case written to --reproductions" : "");
    }
    return rows_beyond > 0;
}

#endif
