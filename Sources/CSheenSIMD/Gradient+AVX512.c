// The gradient span kernel built for AVX-512 F/BW/VL/DQ (x86-64-v4): 16 Float lanes, one block a vector.
#include "CSheenSIMD.h"

#if defined(__x86_64__)
#include <immintrin.h>
#pragma clang attribute push(__attribute__((target("avx512f,avx512bw,avx512vl,avx512dq,avx2,fma,bmi,bmi2,popcnt,f16c,lzcnt,movbe"))), apply_to = function)
#define SHEEN_GRADIENT_LANES 16
#define SHEEN_CVT_ROUND(v) ((vi)_mm512_cvtps_epi32((__m512)(v)))
#define SHEEN_ENTRY sheen_gradient_avx512
#include "GradientBody.h"
#pragma clang attribute pop
#else
void sheen_gradient_avx512(const SheenGradientJob *job) { (void)job; }
#endif
