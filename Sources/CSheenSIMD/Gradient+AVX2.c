// The gradient span kernel built for AVX2 + FMA (x86-64-v3): 8 Float lanes, two vectors a block.
// FMA is in the target for the compiler's other uses; GradientBody.h turns contraction off.
#include "CSheenSIMD.h"

#if defined(__x86_64__)
#include <immintrin.h>
#pragma clang attribute push(__attribute__((target("avx2,fma,bmi,bmi2,popcnt,f16c,lzcnt,movbe"))), apply_to = function)
#define SHEEN_GRADIENT_LANES 8
#define SHEEN_CVT_ROUND(v) ((vi)_mm256_cvtps_epi32((__m256)(v)))
#define SHEEN_ENTRY sheen_gradient_avx2
#include "GradientBody.h"
#pragma clang attribute pop
#else
void sheen_gradient_avx2(const SheenGradientJob *job) { (void)job; }
#endif
