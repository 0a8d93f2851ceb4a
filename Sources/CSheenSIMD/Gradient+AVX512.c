// The gradient span kernel built for AVX-512 F/BW/VL/DQ (x86-64-v4): 16 Float lanes, one block a vector.
#include "CSheenSIMD.h"

#if defined(__x86_64__)
#include <immintrin.h>
#pragma clang attribute push(__attribute__((target("avx512f,avx512bw,avx512vl,avx512dq,avx2,fma,bmi,bmi2,popcnt,f16c,lzcnt,movbe"))), apply_to = function)
#define SHEEN_GRADIENT_LANES 16
#define SHEEN_CVT_ROUND(v) ((vi)_mm512_cvtps_epi32((__m512)(v)))
// Four vectors of rounded levels (channels in memory order, alpha last) → packed pixels: each
// level clamped to 0…255 by the saturating packs (int32 → int16 → uint8, per 128-bit lane), then
// one byte shuffle per 128-bit lane turns [r0..r3 g0..g3 b0..b3 a0..a3] into [r0 g0 b0 a0 …];
// with `clamp`, every colour byte is then limited to its pixel's alpha.
#define SHEEN_PACK_DEFINITION                                                                      \
    INLINE vi sheen_pack(vi r, vi g, vi b, vi a, int clamp) {                                      \
        __m512i rg = _mm512_packs_epi32((__m512i)r, (__m512i)g), ba = _mm512_packs_epi32((__m512i)b, (__m512i)a);                          \
        __m512i v = _mm512_shuffle_epi8(_mm512_packus_epi16(rg, ba), _mm512_broadcast_i32x4(_mm_setr_epi8(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15))); \
        if (clamp) v = _mm512_min_epu8(v, _mm512_shuffle_epi8(v, _mm512_broadcast_i32x4(_mm_setr_epi8(3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15, 15, 15, 15)))); \
        return (vi)v;                                                                              \
    }
#define SHEEN_ENTRY sheen_gradient_avx512
#include "GradientBody.h"
#pragma clang attribute pop
#else
void sheen_gradient_avx512(const SheenGradientJob *job) { (void)job; }
#endif
