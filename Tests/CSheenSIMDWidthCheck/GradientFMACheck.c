// The 128-bit gradient body's fused multiply-add as x86-64-v2 computes it (in Double, without an
// FMA instruction), exposed lane by lane so a test can hold it to an exact fma on any input.
#include "CSheenSIMDWidthCheck.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif
#pragma clang diagnostic ignored "-Wpsabi"
SHEEN_BEGIN_SIMD128
#define SHEEN_GRADIENT_LANES 4
#define SHEEN_GRADIENT_FMA 0
// The lanes layer alone (GradientBody.h's first): fma_exact is all this file needs, and the whole
// body compiled here took as long as a level's gradient kernel.
#include "../../Sources/CSheenSIMD/GradientLanes.h"

void sheen_gradient_fma_check(const float *a, const float *b, const float *c, float *out, intptr_t count) {
    intptr_t i = 0;
    for (; i + 4 <= count; i += 4) {
        vf r = fma_exact(vload(a + i), vload(b + i), vload(c + i));
        memcpy(out + i, &r, sizeof r);
    }
    for (; i < count; i++) {
        vf r = fma_exact((vf)a[i], (vf)b[i], (vf)c[i]);
        out[i] = r[0];
    }
}
SHEEN_END_SIMD128
