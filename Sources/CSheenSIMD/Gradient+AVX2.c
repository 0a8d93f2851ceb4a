// The gradient span kernel built for AVX2 + FMA (x86-64-v3): 8 Float lanes, two vectors a block.
// FMA is in the target for the compiler's other uses; GradientBody.h turns contraction off.
#include "CSheenSIMD.h"

#if defined(__x86_64__)
#include <immintrin.h>
// The column path's 16-lane Doubles are wider than a ymm register; every function taking them is
// static and inlined, so no call crosses the ABI boundary clang warns about.
#pragma clang diagnostic ignored "-Wpsabi"
#pragma clang attribute push(__attribute__((target("avx2,fma,bmi,bmi2,popcnt,f16c,lzcnt,movbe"))), apply_to = function)
#define SHEEN_GRADIENT_LANES 8
#define SHEEN_CVT_ROUND(v) ((vi)_mm256_cvtps_epi32((__m256)(v)))
// Four vectors of rounded levels (channels in memory order, alpha last) → packed pixels: each
// level clamped to 0…255 by the saturating packs (int32 → int16 → uint8, per 128-bit lane), then
// one byte shuffle per 128-bit lane turns [r0..r3 g0..g3 b0..b3 a0..a3] into [r0 g0 b0 a0 …];
// with `clamp`, every colour byte is then limited to its pixel's alpha.
#define SHEEN_PACK_DEFINITION                                                                      \
    INLINE vi sheen_pack(vi r, vi g, vi b, vi a, int clamp) {                                      \
        __m256i rg = _mm256_packs_epi32((__m256i)r, (__m256i)g), ba = _mm256_packs_epi32((__m256i)b, (__m256i)a);                          \
        __m256i v = _mm256_shuffle_epi8(_mm256_packus_epi16(rg, ba), _mm256_broadcastsi128_si256(_mm_setr_epi8(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15))); \
        if (clamp) v = _mm256_min_epu8(v, _mm256_shuffle_epi8(v, _mm256_broadcastsi128_si256(_mm_setr_epi8(3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15, 15, 15, 15)))); \
        return (vi)v;                                                                              \
    }
#define SHEEN_ENTRY sheen_gradient_avx2
#include "GradientBody.h"
#pragma clang attribute pop
#else
void sheen_gradient_avx2(const SheenGradientJob *job) { (void)job; }
#endif
