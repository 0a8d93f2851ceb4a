// The blur kernels (blur_convolution, blur_strip) built for AVX2 (x86-64-v3): 16 UInt16 lanes per
// integer vector.
#include "CSheenSIMD.h"

#if defined(__x86_64__)
#include <immintrin.h>
// The recursion's 16 Float lanes span two ymm registers; every function taking them is static
// and inlined, so no call crosses the ABI boundary clang warns about.
#pragma clang diagnostic ignored "-Wpsabi"
SHEEN_BEGIN_AVX2
#define SHEEN_BLOCK 32
#define SHEEN_BLUR_ENTRY sheen_blur_avx2
#include "BlurBody.h"
SHEEN_END_LEVEL
#else
void sheen_blur_avx2(const SheenBlurJob *job, int pass, intptr_t begin, intptr_t end, void *scratch) {
    (void)job; (void)pass; (void)begin; (void)end; (void)scratch;
}
#endif
