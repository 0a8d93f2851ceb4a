// The compositing kernels (over_n_8_8888, composite_8888, composite_8, composite_double_8888, over_ca_8888) built
// for AVX2 (x86-64-v3): 32-byte blocks, ymm registers.
#include "CSheenSIMD.h"

#if defined(__x86_64__)
#include <immintrin.h>
// The Double modes' lanes hold 8 doubles (64 bytes, two ymm registers). clang warns that such
// vector arguments change the ABI without AVX-512; every function taking them is static and
// inlined, so no call crosses that boundary.
#pragma clang diagnostic ignored "-Wpsabi"
SHEEN_BEGIN_AVX2
#define SHEEN_BLOCK 32
#define SHEEN_ENTRY sheen_composite_avx2
#define SHEEN_GRADIENT_ENTRY sheen_gradient_span_avx2
#include "CompositeBody.h"
SHEEN_END_LEVEL
#else
int sheen_composite_avx2(const SheenCompositeJob *job) { (void)job; return SHEEN_COMPOSITE_NO_PATH; }
#endif
