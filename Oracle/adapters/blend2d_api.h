// The few declarations of Blend2D's public C API that the oracle kit's adapter (blend2d.c, beside
// it) and the peer harnesses (Scripts/peerbench's blend2d_bench.c and smallcalls.c) call, written out because PyPI's blend2d-python wheel ships its static library
// without a header: the camelCase API of 0.1x, before 0.20's snake_case rename. Every object core
// is 16 bytes (BLObjectCore); enumerations are uint32_t.
#ifndef SHEEN_PEERBENCH_BLEND2D_API_H
#define SHEEN_PEERBENCH_BLEND2D_API_H

#include <stddef.h>
#include <stdint.h>

typedef uint32_t BLResult;
typedef struct { uint64_t u64[2]; } BLObjectCore;
typedef struct { int x, y; } BLPointI;
typedef struct { int x, y, w, h; } BLRectI;
typedef struct { double offset; uint64_t rgba64; } BLGradientStop;

BLResult blImageInitAsFromData(BLObjectCore *self, int w, int h, uint32_t format, void *pixelData, intptr_t stride,
                               uint32_t accessFlags, void *destroyFunc, void *userData);
BLResult blImageDestroy(BLObjectCore *self);
BLResult blContextInitAs(BLObjectCore *self, BLObjectCore *image, const void *createInfo);
BLResult blContextDestroy(BLObjectCore *self);
BLResult blContextFlush(BLObjectCore *self, uint32_t flags);
BLResult blContextSetCompOp(BLObjectCore *self, uint32_t compOp);
BLResult blContextFillAllExt(BLObjectCore *self, const void *style);
BLResult blContextFillMaskIRgba32(BLObjectCore *self, const BLPointI *origin, const BLObjectCore *mask,
                                  const BLRectI *maskArea, uint32_t rgba32);
BLResult blContextFillMaskIExt(BLObjectCore *self, const BLPointI *origin, const BLObjectCore *mask,
                               const BLRectI *maskArea, const void *style);
BLResult blGradientInitAs(BLObjectCore *self, uint32_t type, const void *values, uint32_t extendMode,
                          const BLGradientStop *stops, size_t n, const void *transform);
BLResult blGradientDestroy(BLObjectCore *self);
/* A pattern (image fill) of `image` (area NULL: all of it), extend mode 0 (pad), transform NULL. */
BLResult blPatternInitAs(BLObjectCore *self, const BLObjectCore *image, const BLRectI *area, uint32_t extendMode,
                         const void *transform);
BLResult blPatternDestroy(BLObjectCore *self);

enum { FORMAT_PRGB32 = 1, FORMAT_A8 = 3, ACCESS_RW = 3, COMP_SRC_OVER = 0, COMP_SRC_COPY = 1,
       FLUSH_SYNC = 0x80000000u };
BLResult blContextFillRectIExt(BLObjectCore *self, const BLRectI *rect, const void *style);

#endif
