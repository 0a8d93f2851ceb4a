// The gradient span kernel built for AVX-512 F/BW/VL/DQ (x86-64-v4): 16 Float lanes, one block a vector.
#include "CSheenSIMD.h"

#if defined(__x86_64__)
#include <immintrin.h>
#pragma clang attribute push(__attribute__((target("avx512f,avx512bw,avx512vl,avx512dq,avx2,fma,bmi,bmi2,popcnt,f16c,lzcnt,movbe"))), apply_to = function)
#define SHEEN_GRADIENT_LANES 16
#define SHEEN_CVT_ROUND(v) ((vi)_mm512_cvtps_epi32((__m512)(v)))
// The level's integer vector and the intrinsics GradientBody.h's sheen_pack is made of.
#define SHEEN_IVEC __m512i
#define SHEEN_PACKS_EPI32 _mm512_packs_epi32
#define SHEEN_PACKUS_EPI16 _mm512_packus_epi16
#define SHEEN_SHUFFLE_EPI8 _mm512_shuffle_epi8
#define SHEEN_MIN_EPU8 _mm512_min_epu8
#define SHEEN_BROADCAST_128 _mm512_broadcast_i32x4
#define SHEEN_ENTRY sheen_gradient_avx512
#include "GradientBody.h"
#pragma clang attribute pop
#else
void sheen_gradient_avx512(const SheenGradientJob *job) { (void)job; }
#endif
