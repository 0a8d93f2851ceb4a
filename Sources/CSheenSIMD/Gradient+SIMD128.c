// The gradient kernel (gradient_span) built for the 128-bit level: 4 Float lanes, four vectors a
// block. On x86-64 (SSE4.2) the packs and the rounding conversion are SSE instructions and FMA is
// computed in Double (x86-64-v2 has no FMA); on AArch64 the rounding conversion and the packs are
// ASIMD instructions named in GradientShade.h (fcvtns, the saturating narrows, tbl) and the generic
// forms compile to the rest, FMA included (fmla rounds once); other CPUs take the generic forms.
#include "CSheenSIMD.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif
// The column path's Doubles are wider than a 128-bit register; every function taking them is
// static and inlined, so no call crosses the ABI boundary clang warns about.
#pragma clang diagnostic ignored "-Wpsabi"
SHEEN_BEGIN_SIMD128
#define SHEEN_GRADIENT_LANES 4
#if defined(__x86_64__)
#define SHEEN_GRADIENT_FMA 0
#define SHEEN_CVT_ROUND(v) ((vi)_mm_cvtps_epi32((__m128)(v)))
// The level's integer vector and the intrinsics GradientBody.h's sheen_pack is made of.
#define SHEEN_IVEC __m128i
#define SHEEN_PACKS_EPI32 _mm_packs_epi32
#define SHEEN_PACKUS_EPI16 _mm_packus_epi16
#define SHEEN_SHUFFLE_EPI8 _mm_shuffle_epi8
#define SHEEN_MIN_EPU8 _mm_min_epu8
#define SHEEN_BROADCAST_128(v) (v)
#else
// AArch64 has a fused multiply-add at its baseline; other CPUs get libm's exact fmaf per lane.
#define SHEEN_GRADIENT_FMA 1
#endif
#if SHEEN_NEON
// The rounding conversion and the packs name their ASIMD instructions (GradientShade.h).
#include <arm_neon.h>
#endif
#define SHEEN_ENTRY sheen_gradient_span_simd128
#include "GradientBody.h"
SHEEN_END_SIMD128
