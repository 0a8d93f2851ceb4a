// The gradient span kernel built for AVX-512 F/BW/VL/DQ (x86-64-v4): 16 Float lanes, one block a vector.
#include "CSheenSIMD.h"

#if defined(__x86_64__)
#include <immintrin.h>
SHEEN_BEGIN_AVX512
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
SHEEN_END_LEVEL
#else
void sheen_gradient_avx512(const SheenGradientJob *job) { (void)job; }
#endif
