// The blur kernels (blur_convolution, blur_strip) built for AVX-512 F/BW/VL/DQ (x86-64-v4): 32 UInt16
// lanes per integer vector.
#include "CSheenSIMD.h"

#if defined(__x86_64__)
#include <immintrin.h>
SHEEN_BEGIN_AVX512
#define SHEEN_BLOCK 64
#define SHEEN_BLUR_ENTRY sheen_blur_avx512
#include "BlurBody.h"
SHEEN_END_LEVEL
#else
void sheen_blur_avx512(const SheenBlurJob *job, int pass, intptr_t begin, intptr_t end, void *scratch) {
    (void)job; (void)pass; (void)begin; (void)end; (void)scratch;
}
#endif
