// The Gaussian blur's two passes, written once in clang vector extensions and compiled once per
// instruction-set level: Blur+SIMD128.c, Blur+AVX2.c and Blur+AVX512.c define SHEEN_BLOCK (bytes
// per integer vector: 16, 32 or 64) and SHEEN_BLUR_ENTRY and include this file inside a target pragma.
//
// Two methods, chosen by the Swift side per σ (BlurMethod.swift) and identical in bits to
// their Swift twins (BlurConvolutionTwin.swift, BlurStripTwin.swift):
//
// Convolution (small σ): pass 1 along x, pass 2 along y, both in 16-bit integers. A value v is
// held as v·256 (8.8 fixed point); the weights are UInt16 fractions of 65536 summing to exactly
// 65536, the centre one alone and each symmetric pair through the rounded average of its two
// samples, so a tap is one pavgw and one pmulhuw (the floor of a·w / 65536). The offset added
// first centres those floors. Pass 1 writes 8.8 rows to tmp; pass 2 reads them and rounds to bytes.
//
// Recursion (larger σ): Deriche's two second-order sections forwards and backwards in Float, no FMA
// (SHEEN_BEGIN_… turns contraction off: the twin's multiplies and adds, in its order), on 16 lanes.
// Pass 1 runs down columns (16 consecutive values of each row), writing 8.8 rows to tmp; pass 2
// runs along rows, 16 rows (A8) or 4 rows of 4 channels (RGBA) per band, gathered by transposing.
//
// Nothing here allocates; `scratch` is the caller's, `sheen_blur_scratch_bytes` long.
//
// The body is this list of layers, each included once and using only the ones above it.

#include "BlurConvolution.h" // vectors, loads and stores, the convolution's passes
#include "BlurRecursion.h"   // Deriche's sections on strips, pass 1 down columns
#include "BlurBands.h"       // pass 2 along rows: bands, transposes
#include "BlurEntry.h"       // the level's entry
