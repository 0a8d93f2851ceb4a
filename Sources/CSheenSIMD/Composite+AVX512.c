// The compositing kernels (over_n_8_8888, composite_8888, composite_8, composite_double_8888, over_ca_8888) built
// for AVX-512 F/BW/VL/DQ (x86-64-v4): 64-byte blocks, zmm registers.
#include "CSheenSIMD.h"

#if defined(__x86_64__)
#include <immintrin.h>
SHEEN_BEGIN_AVX512
#define SHEEN_BLOCK 64
#define SHEEN_AVX512BW 1
#define SHEEN_ENTRY sheen_composite_avx512
#define SHEEN_GRADIENT_ENTRY sheen_gradient_span_avx512
#include "CompositeBody.h"
SHEEN_END_LEVEL
#else
int sheen_composite_avx512(const SheenCompositeJob *job) { (void)job; return SHEEN_COMPOSITE_NO_PATH; }
#endif
