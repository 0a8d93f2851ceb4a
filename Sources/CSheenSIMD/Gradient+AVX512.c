// The gradient kernel (gradient_span) built for AVX-512 F/BW/VL/DQ (x86-64-v4): 16 Float lanes, one
// block a vector.
#include "CSheenSIMD.h"

#if defined(__x86_64__)
#include <immintrin.h>
SHEEN_BEGIN_AVX512
#define SHEEN_GRADIENT_LANES 16
#define SHEEN_GRADIENT_FMA 1
#define SHEEN_CVT_ROUND(v) ((vi)_mm512_cvtps_epi32((__m512)(v)))
// The level's integer vector and the intrinsics GradientBody.h's sheen_pack is made of.
#define SHEEN_IVEC __m512i
#define SHEEN_PACKS_EPI32 _mm512_packs_epi32
#define SHEEN_PACKUS_EPI16 _mm512_packus_epi16
#define SHEEN_SHUFFLE_EPI8 _mm512_shuffle_epi8
#define SHEEN_MIN_EPU8 _mm512_min_epu8
#define SHEEN_BROADCAST_128 _mm512_broadcast_i32x4
// Lanes [lo, hi) of v stored at address p (32-bit pixels, or each lane's low byte for A8): a
// masked store writes nothing, and touches no memory, outside them.
#define SHEEN_STORE_RANGE(p, v, a8, lo, hi)                                                         \
    do {                                                                                          \
        const __mmask16 lanes_ = (__mmask16)(_bzhi_u32(~0u, (unsigned)(hi)) & ~_bzhi_u32(~0u, (unsigned)(lo))); \
        if (a8) _mm_mask_storeu_epi8((void *)(p), lanes_, _mm512_cvtepi32_epi8((__m512i)(v)));     \
        else _mm512_mask_storeu_epi32((void *)(p), lanes_, (__m512i)(v));                         \
    } while (0)
// table[s] of a 32-Float table (GradientRows.h's layout): one two-source permute.
#define SHEEN_TABLE_LOOKUP_MIN 4
#define SHEEN_TABLE_LOOKUP_MAX 32
#define SHEEN_TABLE_LOOKUP(table, s) \
    ((vf)_mm512_permutex2var_ps(_mm512_loadu_ps(table), (__m512i)(s), _mm512_loadu_ps((table) + 16)))
#define SHEEN_ENTRY sheen_gradient_span_avx512
#include "GradientBody.h"
SHEEN_END_LEVEL
#else
void sheen_gradient_span_avx512(const SheenGradientJob *job) { (void)job; }
#endif
