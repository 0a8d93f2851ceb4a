// Test support: CSheenSIMD's compositing and blur bodies built at the AVX-512 block width (64 bytes) for an
// AVX2 target, so machines without AVX-512 still run that width's logic (tails, chunking,
// coverage expansion, 8-lane doubles) against the tested 32-byte AVX2 build.
#ifndef CSHEEN_SIMD_WIDTH_CHECK_H
#define CSHEEN_SIMD_WIDTH_CHECK_H

#include "CSheenSIMD.h"

/// The 64-byte-block compositing body on AVX2 instructions; call only where AVX2 runs.
void sheen_composite_block64_on_avx2(const SheenCompositeJob *job);
/// The blur body at the AVX-512 vector width on AVX2 instructions; call only where AVX2 runs.
void sheen_blur_block64_on_avx2(const SheenBlurJob *job, int pass, intptr_t begin, intptr_t end, void *scratch);

#endif
