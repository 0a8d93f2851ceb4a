// The AVX-512 level's 64-byte blocks compiled for AVX2 (see the header). clang warns that
// 512-bit vector arguments change the ABI without AVX-512; every such function here is static
// and inlined, so no call crosses that boundary.
#include "CSheenSIMDWidthCheck.h"

#if defined(__x86_64__)
#include <immintrin.h>
#pragma clang diagnostic ignored "-Wpsabi"
SHEEN_BEGIN_AVX2
#define SHEEN_BLOCK 64
#define SHEEN_ENTRY sheen_composite_block64_on_avx2
#define SHEEN_GRADIENT_ENTRY sheen_gradient_span_avx2
#include "../../Sources/CSheenSIMD/CompositeBody.h"
SHEEN_END_LEVEL
#else
int sheen_composite_block64_on_avx2(const SheenCompositeJob *job) { (void)job; return SHEEN_COMPOSITE_NO_PATH; }
#endif
