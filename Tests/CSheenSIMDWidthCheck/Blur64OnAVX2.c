// The AVX-512 level's blur (32 UInt16 lanes per integer vector) compiled for AVX2 (see the header).
#include "CSheenSIMDWidthCheck.h"

#if defined(__x86_64__)
#include <immintrin.h>
#pragma clang diagnostic ignored "-Wpsabi"
SHEEN_BEGIN_AVX2
#define SHEEN_BLOCK 64
#define SHEEN_BLUR_ENTRY sheen_blur_block64_on_avx2
#include "../../Sources/CSheenSIMD/BlurBody.h"
SHEEN_END_LEVEL
#else
void sheen_blur_block64_on_avx2(const SheenBlurJob *job, int pass, intptr_t begin, intptr_t end, void *scratch) {
    (void)job; (void)pass; (void)begin; (void)end; (void)scratch;
}
#endif
