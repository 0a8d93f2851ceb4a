/* A sample adapter: a plain C compositor of the kind the kit is for — the Porter-Duff operators
 * and the integer blend modes, each channel one numerator over 255 rounded once (correctly
 * rounded), coverage by Sheen's rule, linear gradients and a Gaussian blur evaluated in double and
 * rounded once —
 * with bugs to inject one at a time, which the driver must
 * catch (Scripts/oracle.sh --self-test). SHEEN_ORACLE_SABOTAGE names the bug:
 *   neighbour      every operator runs as the next one in sheen.h's list (the previous for the last)
 *   truncation     n / 255 rounds down instead of to nearest
 *   unclamped      plus does not clamp its alpha at 255 (the byte wraps)
 *   scaled         coverage scales the paint for every operator, also where it must interpolate
 *   premultiplied  blend modes take B of the premultiplied colour (the unpremultiply skipped)
 *   spread         linear gradients pad whatever their spread (repeat and reflect ignored)
 *   sigma          the blur's σ is 10 % too large
 *   span           the last pixel of a span whose length is 3 mod 4 is 3 levels too bright (a
 *                  vector loop's tail: one pixel alone never shows it)
 *   garbage        every composited byte is its exact value's opposite (255 − v)
 * and adapters the driver must refuse rather than survey:
 *   nan            tolerance_full is NaN (every comparison with it is false)
 *   refuse         composite refuses every call
 * Unset (or empty), the compositor is right and every result is within its tolerance. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sheen.h>

#include "sheen_oracle.h"

enum { CORRECT, NEIGHBOUR, TRUNCATION, UNCLAMPED, SCALED, PREMULTIPLIED, SPREAD, SIGMA, SPAN, GARBAGE, NAN_TOLERANCE,
       REFUSE };
static int sabotage = -1;

static int bug(void) {
    if (sabotage < 0) {
        const char *s = getenv("SHEEN_ORACLE_SABOTAGE");
        static const char *names[] = {"", "neighbour", "truncation", "unclamped", "scaled", "premultiplied", "spread",
                                      "sigma", "span", "garbage", "nan", "refuse"};
        sabotage = CORRECT;
        if (s) {
            int found = 0;
            for (int i = 0; i < (int)(sizeof names / sizeof names[0]); i++)
                if (!strcmp(s, names[i])) { sabotage = i; found = 1; }
            if (!found) { fprintf(stderr, "sample adapter: unknown SHEEN_ORACLE_SABOTAGE %s\n", s); exit(2); }
        }
    }
    return sabotage;
}

/* round(n / 255) for n ≥ 0: 255 is odd, so there is never a tie. */
static int div255(int n) {
    if (n < 0) return 0; /* only for input that is not premultiplied colour */
    return bug() == TRUNCATION ? n / 255 : (2 * n + 255) / 510;
}

static int is_integer_mode(int32_t op) {
    switch (op) {
    case SHEEN_OP_MULTIPLY: case SHEEN_OP_SCREEN: case SHEEN_OP_OVERLAY: case SHEEN_OP_DARKEN:
    case SHEEN_OP_LIGHTEN: case SHEEN_OP_HARD_LIGHT: case SHEEN_OP_DIFFERENCE: case SHEEN_OP_EXCLUSION:
        return 1;
    default:
        return 0;
    }
}

static int supports(int32_t op, int32_t format) {
    return op <= SHEEN_OP_PLUS || (format == SHEEN_ORACLE_RGBA8 && is_integer_mode(op));
}

static int scales_paint(int32_t op) {
    switch (op) {
    case SHEEN_OP_DESTINATION: case SHEEN_OP_DESTINATION_OVER: case SHEEN_OP_PLUS: case SHEEN_OP_DESTINATION_OUT:
    case SHEEN_OP_SOURCE_ATOP: case SHEEN_OP_SOURCE_OVER: case SHEEN_OP_XOR:
        return 1;
    default:
        return 0;
    }
}

static int32_t coverage_rule(int32_t op) {
    (void)op;
    return SHEEN_COVERAGE_RULE_SHEEN;
}

/* One channel of a Porter-Duff operator (alpha: s = sa, d = da), 255 × the unit formula. */
static int porter_duff(int32_t op, int s, int sa, int d, int da, int is_alpha) {
    switch (op) {
    case SHEEN_OP_CLEAR: return 0;
    case SHEEN_OP_SOURCE: return s;
    case SHEEN_OP_DESTINATION: return d;
    case SHEEN_OP_SOURCE_OVER: return div255(255 * s + d * (255 - sa));
    case SHEEN_OP_DESTINATION_OVER: return div255(s * (255 - da) + 255 * d);
    case SHEEN_OP_SOURCE_IN: return div255(s * da);
    case SHEEN_OP_DESTINATION_IN: return div255(d * sa);
    case SHEEN_OP_SOURCE_OUT: return div255(s * (255 - da));
    case SHEEN_OP_DESTINATION_OUT: return div255(d * (255 - sa));
    case SHEEN_OP_SOURCE_ATOP: return div255(s * da + d * (255 - sa));
    case SHEEN_OP_DESTINATION_ATOP: return div255(s * (255 - da) + d * sa);
    case SHEEN_OP_XOR: return div255(s * (255 - da) + d * (255 - sa));
    default: /* plus */
        if (is_alpha && bug() == UNCLAMPED) return (s + d) & 255;
        return s + d > 255 ? 255 : s + d;
    }
}

/* sa·da·B(Cb, Cs) in levels², exact, for the integer modes. */
static int blend_term(int32_t op, int s, int sa, int d, int da) {
    if (bug() == PREMULTIPLIED) {
        /* B of the premultiplied colour, as if it were straight. */
        double cs = s / 255.0, cb = d / 255.0, b;
        switch (op) {
        case SHEEN_OP_MULTIPLY: b = cs * cb; break;
        case SHEEN_OP_SCREEN: b = cs + cb - cs * cb; break;
        case SHEEN_OP_OVERLAY: b = cb <= 0.5 ? 2 * cs * cb : 1 - 2 * (1 - cb) * (1 - cs); break;
        case SHEEN_OP_DARKEN: b = cs < cb ? cs : cb; break;
        case SHEEN_OP_LIGHTEN: b = cs > cb ? cs : cb; break;
        case SHEEN_OP_HARD_LIGHT: b = cs <= 0.5 ? 2 * cs * cb : 1 - 2 * (1 - cb) * (1 - cs); break;
        case SHEEN_OP_DIFFERENCE: b = fabs(cs - cb); break;
        default: b = cs + cb - 2 * cs * cb; break;
        }
        return (int)lround(sa * da * b);
    }
    switch (op) {
    case SHEEN_OP_MULTIPLY: return s * d;
    case SHEEN_OP_SCREEN: return s * da + d * sa - s * d;
    case SHEEN_OP_OVERLAY: return 2 * d <= da ? 2 * s * d : sa * da - 2 * (da - d) * (sa - s);
    case SHEEN_OP_DARKEN: return s * da < d * sa ? s * da : d * sa;
    case SHEEN_OP_LIGHTEN: return s * da > d * sa ? s * da : d * sa;
    case SHEEN_OP_HARD_LIGHT: return 2 * s <= sa ? 2 * s * d : sa * da - 2 * (da - d) * (sa - s);
    case SHEEN_OP_DIFFERENCE: return abs(s * da - d * sa);
    default: return s * da + d * sa - 2 * s * d;
    }
}

/* op(S, D) for one pixel (n = 4: R, G, B, A; n = 1: alpha). */
static void apply(int32_t op, const int *s, const int *d, int *r, int n) {
    int sa = s[n - 1], da = d[n - 1];
    if (op <= SHEEN_OP_PLUS) {
        for (int k = 0; k < n; k++) r[k] = porter_duff(op, s[k], sa, d[k], da, k == n - 1);
        return;
    }
    for (int k = 0; k < 3; k++) r[k] = div255(s[k] * (255 - da) + d[k] * (255 - sa) + blend_term(op, s[k], sa, d[k], da));
    r[3] = div255(255 * sa + da * (255 - sa));
}

static int composite(int32_t op, int32_t format, const uint8_t *paint, const uint8_t *mask, uint8_t *dst, int32_t count) {
    int n = format == SHEEN_ORACLE_A8 ? 1 : 4;
    if (bug() == REFUSE) return 1;
    if (bug() == NEIGHBOUR) {
        int next = op + 1;
        op = sheen_operator_name(next) && supports(next, format) ? next : op - 1;
    }
    for (int i = 0; i < count; i++) {
        int s[4], d[4], r[4], c = mask ? mask[i] : 255;
        for (int k = 0; k < n; k++) { s[k] = paint[n * i + k]; d[k] = dst[n * i + k]; }
        if (c == 255) {
            apply(op, s, d, r, n);
        } else if (scales_paint(op) || bug() == SCALED) {
            int scaled[4];
            for (int k = 0; k < n; k++) scaled[k] = div255(s[k] * c);
            apply(op, scaled, d, r, n);
        } else {
            apply(op, s, d, r, n);
            for (int k = 0; k < n; k++) r[k] = div255(r[k] * c + d[k] * (255 - c));
        }
        if (bug() == SPAN && count % 4 == 3 && i == count - 1)
            for (int k = 0; k < n; k++) r[k] += 3;
        for (int k = 0; k < n; k++) dst[n * i + k] = (uint8_t)(r[k] < 0 ? 0 : r[k] > 255 ? 255 : r[k]);
        if (bug() == GARBAGE)
            for (int k = 0; k < n; k++) dst[n * i + k] = (uint8_t)(255 - dst[n * i + k]);
    }
    return 0;
}

static int supports_gradient(int32_t shape, int32_t spread, int32_t premultiplied) {
    (void)spread;
    return shape == SHEEN_ORACLE_LINEAR && premultiplied;
}

/* t spread into 0…1 (CSS: repeat wraps, reflect goes there and back). */
static double spread_t(double t, int32_t spread) {
    if (bug() == SPREAD || spread == SHEEN_SPREAD_PAD) return t < 0 ? 0 : t > 1 ? 1 : t;
    if (spread == SHEEN_SPREAD_REPEAT) return t - floor(t);
    double u = t / 2 - floor(t / 2);
    return 1 - fabs(2 * u - 1);
}

/* A linear gradient, premultiplied sRGB interpolation, each channel rounded once. */
static int fill_gradient(const sheen_oracle_gradient *g, uint8_t *dst, int32_t width, int32_t height) {
    double dx = g->x1 - g->x0, dy = g->y1 - g->y0, length2 = dx * dx + dy * dy;
    if (length2 == 0) return 1;
    int n = g->stop_count;
    for (int32_t y = 0; y < height; y++) {
        for (int32_t x = 0; x < width; x++) {
            double t = spread_t(((x + 0.5 - g->x0) * dx + (y + 0.5 - g->y0) * dy) / length2, g->spread);
            int k = 0;
            while (k < n - 1 && t > g->offsets[k + 1]) k++;
            double u = 0;
            if (t <= g->offsets[0]) k = 0, u = 0;
            else if (k == n - 1) u = 0;
            else u = (t - g->offsets[k]) / (g->offsets[k + 1] - g->offsets[k]);
            int next = k + 1 < n ? k + 1 : k;
            double a0 = g->colors[k][3], a1 = g->colors[next][3];
            double alpha = a0 + (a1 - a0) * u;
            uint8_t *p = dst + 4 * (y * width + x);
            for (int c = 0; c < 3; c++) {
                double v0 = (double)g->colors[k][c] * a0, v1 = (double)g->colors[next][c] * a1;
                p[c] = (uint8_t)lround((v0 + (v1 - v0) * u) * 255);
            }
            p[3] = (uint8_t)lround(alpha * 255);
        }
    }
    return 0;
}

/* A separable Gaussian in double: weights e^(−k²/2σ²) for |k| ≤ ⌈5σ⌉, normalised; transparent
 * outside the image; each byte rounded once at the end. */
static int blur(uint8_t *pixels, int32_t width, int32_t height, double sigma) {
    if (bug() == SIGMA) sigma *= 1.1;
    int radius = sigma < 0.25 ? 0 : (int)ceil(5 * sigma);
    static double weights[2 * 1280 + 1], values[4 * 4096], line[4096];
    if (radius > 1280 || width * height > 4096 || width > 4096 || height > 4096) return 1;
    double total = 0;
    for (int k = -radius; k <= radius; k++) total += weights[k + radius] = exp(-(double)(k * k) / (2 * sigma * sigma));
    for (int k = 0; k <= 2 * radius; k++) weights[k] /= total;
    for (int32_t i = 0; i < 4 * width * height; i++) values[i] = pixels[i];
    for (int pass = 0; pass < 2 && radius > 0; pass++) {
        int32_t count = pass == 0 ? width : height, lines = pass == 0 ? height : width;
        for (int32_t l = 0; l < lines; l++) {
            for (int c = 0; c < 4; c++) {
                int32_t start = pass == 0 ? 4 * l * width + c : 4 * l + c, stride = pass == 0 ? 4 : 4 * width;
                for (int32_t n = 0; n < count; n++) line[n] = values[start + n * stride];
                for (int32_t n = 0; n < count; n++) {
                    double sum = 0;
                    for (int k = -radius; k <= radius; k++)
                        if (n + k >= 0 && n + k < count) sum += weights[k + radius] * line[n + k];
                    values[start + n * stride] = sum;
                }
            }
        }
    }
    for (int32_t i = 0; i < 4 * width * height; i++) pixels[i] = (uint8_t)lround(fmin(255, fmax(0, values[i])));
    return 0;
}

const sheen_oracle_adapter *sheen_oracle_adapter_get(void) {
    static sheen_oracle_adapter a = {0};
    a.name = "sample";
    a.version = NULL;
    a.supports = supports;
    a.coverage_rule = coverage_rule;
    /* The margins (+1e-9, +1e-6) are for the reference's own rounding noise (~3e-14 levels): an
     * exact one-level error must not count as beyond a tolerance of exactly 1. */
    a.tolerance_full = bug() == NAN_TOLERANCE ? NAN : 0.5 + 1e-9; /* one rounding of an exact numerator */
    a.tolerance_partial = 1.5 + 1e-9; /* the coverage rounds once more (Sheen's contract) */
    a.composite = composite;
    a.supports_gradient = supports_gradient;
    a.fill_gradient = fill_gradient;
    a.tolerance_gradient = 0.5 + 1e-6; /* one rounding of a double */
    a.blur = blur;
    a.blur_edges = SHEEN_BLUR_EDGES_TRANSPARENT;
    a.tolerance_blur = 0.5 + 1e-6;
    return &a;
}
