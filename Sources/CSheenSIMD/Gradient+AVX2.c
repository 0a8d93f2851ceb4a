// The gradient kernel (gradient_span) built for AVX2 + FMA (x86-64-v3): 8 Float lanes, two vectors a
// block. FMA is in the target for the compiler's other uses; GradientBody.h turns contraction off.
#include "CSheenSIMD.h"

#if defined(__x86_64__)
#include <immintrin.h>
// The column path's 16-lane Doubles are wider than a ymm register; every function taking them is
// static and inlined, so no call crosses the ABI boundary clang warns about.
#pragma clang diagnostic ignored "-Wpsabi"
SHEEN_BEGIN_AVX2
#define SHEEN_GRADIENT_LANES 8
#define SHEEN_GRADIENT_FMA 1
#define SHEEN_CVT_ROUND(v) ((vi)_mm256_cvtps_epi32((__m256)(v)))
// The level's integer vector and the intrinsics GradientBody.h's sheen_pack is made of.
#define SHEEN_IVEC __m256i
#define SHEEN_PACKS_EPI32 _mm256_packs_epi32
#define SHEEN_PACKUS_EPI16 _mm256_packus_epi16
#define SHEEN_SHUFFLE_EPI8 _mm256_shuffle_epi8
#define SHEEN_MIN_EPU8 _mm256_min_epu8
#define SHEEN_BROADCAST_128 _mm256_broadcastsi128_si256
// Lanes [lo, hi) of v stored at address p: 32-bit pixels under vpmaskmovd's mask (which touches
// no memory outside them); A8 bytes one at a time from the register (AVX2 has no byte mask).
#define SHEEN_STORE_RANGE(p, v, a8, lo, hi)                                                         \
    do {                                                                                          \
        if (a8) {                                                                                 \
            for (int k_ = (lo); k_ < (hi); k_++) ((uint8_t *)(p))[k_] = (uint8_t)(v)[k_];         \
        } else {                                                                                  \
            const __m256i index_ = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);                    \
            const __m256i lanes_ = _mm256_and_si256(_mm256_cmpgt_epi32(index_, _mm256_set1_epi32((lo) - 1)), \
                                                    _mm256_cmpgt_epi32(_mm256_set1_epi32(hi), index_)); \
            _mm256_maskstore_epi32((int *)(p), lanes_, (__m256i)(v));                             \
        }                                                                                         \
    } while (0)
// table[s] of a 16-Float table (GradientRows.h's layout): a permute of each half and a blend on
// the index's bit 3.
#define SHEEN_TABLE_LOOKUP_MIN 4
#define SHEEN_TABLE_LOOKUP_MAX 16
#define SHEEN_TABLE_LOOKUP(table, s)                                                                \
    ((vf)_mm256_blendv_ps(_mm256_permutevar8x32_ps(_mm256_loadu_ps(table), (__m256i)(s)),          \
                          _mm256_permutevar8x32_ps(_mm256_loadu_ps((table) + 8), (__m256i)(s)),    \
                          _mm256_castsi256_ps(_mm256_slli_epi32((__m256i)(s), 28))))
#define SHEEN_ENTRY sheen_gradient_span_avx2
#include "GradientBody.h"
SHEEN_END_LEVEL
#else
void sheen_gradient_span_avx2(const SheenGradientJob *job) { (void)job; }
#endif
