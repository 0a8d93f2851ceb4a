// The Blend2D side of Scripts/compare-peers.py: a few C entry points over the static libblend2d.a
// that PyPI's blend2d-python wheel carries (its Python binding has no mask fill), loaded with
// ctypes. Blend2D's JIT pipelines run as they would for any C user: default context, one thread.
//
// The wheel ships no header: the declarations used are in Oracle/adapters/blend2d_api.h.

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "blend2d_api.h"

/// A rendering context over caller memory (premultiplied BGRA, Blend2D's PRGB32 on little-endian).
typedef struct {
    BLObjectCore image, context;
} Target;

void *b2d_target(void *bgra, int w, int h, intptr_t stride) {
    Target *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    if (blImageInitAsFromData(&t->image, w, h, FORMAT_PRGB32, bgra, stride, ACCESS_RW, NULL, NULL) ||
        blContextInitAs(&t->context, &t->image, NULL)) {
        free(t);
        return NULL;
    }
    return t;
}

void b2d_target_free(void *p) {
    Target *t = p;
    blContextDestroy(&t->context);
    blImageDestroy(&t->image);
    free(t);
}

/// An A8 image over caller memory (the mask).
void *b2d_mask(void *a8, int w, int h, intptr_t stride) {
    BLObjectCore *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    if (blImageInitAsFromData(m, w, h, FORMAT_A8, a8, stride, ACCESS_RW, NULL, NULL)) { free(m); return NULL; }
    return m;
}

void b2d_mask_free(void *m) { blImageDestroy(m); free(m); }

/// A gradient: type 0 linear (x0 y0 x1 y1), 1 radial (cx cy fx fy r fr), 2 conic (cx cy angle repeat);
/// pad extend; `n` stops of (offset, 0xAAAARRRRGGGGBBBB).
void *b2d_gradient(uint32_t type, const double *values, const double *offsets, const uint64_t *colors, size_t n) {
    BLObjectCore *g = calloc(1, sizeof *g);
    BLGradientStop stops[16];
    if (!g || n > 16) { free(g); return NULL; }
    for (size_t i = 0; i < n; i++) { stops[i].offset = offsets[i]; stops[i].rgba64 = colors[i]; }
    if (blGradientInitAs(g, type, values, 0, stops, n, NULL)) { free(g); return NULL; }
    return g;
}

void b2d_gradient_free(void *g) { blGradientDestroy(g); free(g); }

/// sourceOver of a solid 0xAARRGGBB colour through the whole mask at (0, 0) (W2).
int b2d_fill_mask_solid(void *p, void *mask, int w, int h, uint32_t argb) {
    Target *t = p;
    BLPointI origin = {0, 0};
    BLRectI area = {0, 0, w, h};
    blContextSetCompOp(&t->context, COMP_SRC_OVER);
    BLResult r = blContextFillMaskIRgba32(&t->context, &origin, mask, &area, argb);
    return (int)(r | blContextFlush(&t->context, FLUSH_SYNC));
}

/// sourceOver of a gradient through the whole mask at (0, 0) (W3).
int b2d_fill_mask_gradient(void *p, void *mask, int w, int h, void *gradient) {
    Target *t = p;
    BLPointI origin = {0, 0};
    BLRectI area = {0, 0, w, h};
    blContextSetCompOp(&t->context, COMP_SRC_OVER);
    BLResult r = blContextFillMaskIExt(&t->context, &origin, mask, &area, gradient);
    return (int)(r | blContextFlush(&t->context, FLUSH_SYNC));
}

/// The whole target replaced by a gradient (source copy; W1).
int b2d_fill_all_gradient(void *p, void *gradient) {
    Target *t = p;
    blContextSetCompOp(&t->context, COMP_SRC_COPY);
    BLResult r = blContextFillAllExt(&t->context, gradient);
    return (int)(r | blContextFlush(&t->context, FLUSH_SYNC));
}
