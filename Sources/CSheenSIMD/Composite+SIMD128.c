// The compositing kernels (over_n_8_8888, composite_8888, composite_8, composite_double_8888, over_ca_8888) built
// for the 128-bit level: 16-byte blocks, xmm registers (SSE4.2, x86-64-v2) on x86-64, q registers
// (ASIMD) on AArch64, the baseline target's vectors elsewhere.
#include "CSheenSIMD.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif
// The Double modes' lanes hold 16 doubles, wider than any register of this level; every function
// taking them is static and inlined, so no call crosses the ABI boundary clang warns about.
#pragma clang diagnostic ignored "-Wpsabi"
SHEEN_BEGIN_SIMD128
#define SHEEN_BLOCK 16
#define SHEEN_ENTRY sheen_composite_simd128
#define SHEEN_GRADIENT_ENTRY sheen_gradient_span_simd128
#include "CompositeBody.h"
SHEEN_END_SIMD128
