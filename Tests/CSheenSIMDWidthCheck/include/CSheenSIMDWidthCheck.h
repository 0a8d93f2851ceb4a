// Test support: CSheenSIMD's compositing and blur bodies built at the AVX-512 block width (64 bytes) for an
// AVX2 target, so machines without AVX-512 still run that width's logic (tails, chunking,
// coverage expansion, 8-lane doubles) against the tested 32-byte AVX2 build; and the compositing
// body with every Double-evaluated mode in Double throughout, the oracle of the Float path.
#ifndef CSHEEN_SIMD_WIDTH_CHECK_H
#define CSHEEN_SIMD_WIDTH_CHECK_H

#include "CSheenSIMD.h"

/// The 64-byte-block compositing body on AVX2 instructions; call only where AVX2 runs.
int sheen_composite_block64_on_avx2(const SheenCompositeJob *job);
/// The blur body at the AVX-512 vector width on AVX2 instructions; call only where AVX2 runs.
void sheen_blur_block64_on_avx2(const SheenBlurJob *job, int pass, intptr_t begin, intptr_t end, void *scratch);

/// The 128-bit compositing body with colorDodge, colorBurn and softLight evaluated in Double for
/// every pixel (no Float path): equal to the reference by construction (BlendDouble.h), and
/// fast enough to run on every valid input. Call only where sheen_simd_cpu_supports(SHEEN_SIMD_128).
int sheen_composite_double_only(const SheenCompositeJob *job);

/// out[i] = a[i]·b[i] + c[i] as the gradient body computes its fused multiply-add without an FMA
/// instruction (GradientLanes.h's fma_exact: Double, with a correction where rounding twice could
/// differ), for `count` Floats.
void sheen_gradient_fma_check(const float *a, const float *b, const float *c, float *out, intptr_t count);

#endif
