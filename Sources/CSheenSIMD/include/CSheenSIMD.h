// CSheenSIMD: the ISA-specific hot loops of SheenRaster (AVX2, AVX-512BW/VL), compiled from one
// kernel body per operation for each level and chosen at run time by the Swift kernel table
// (SheenRaster/Kernels). Everything else — API, validation, reference twins, orchestration —
// is Swift. Nothing here allocates, and nothing reads or writes outside the spans it is given.
#ifndef CSHEEN_SIMD_H
#define CSHEEN_SIMD_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Instruction-set levels a C kernel can be built for, in order.
enum {
    SHEEN_SIMD_AVX2 = 1,    ///< AVX2 + FMA + BMI2 (x86-64-v3)
    SHEEN_SIMD_AVX512 = 2,  ///< AVX-512 F/BW/VL (x86-64-v4)
};

/// 1 when this CPU and OS run code built for `level` (SHEEN_SIMD_AVX2 or SHEEN_SIMD_AVX512),
/// else 0 (always 0 off x86-64).
int sheen_simd_cpu_supports(int level);

/// One compositing job over a rectangle of `width` × `height` destination pixels.
///
/// - `dst`: the first destination pixel; rows `dstStride` bytes apart. `bytesPerPixel` is 4
///   (premultiplied RGBA8 or BGRA8: the kernels are byte-order blind) or 1 (A8).
/// - Paint: `paint` the first paint pixel in the destination's format, rows `paintStride` bytes
///   apart (0: one row reused for every row); or NULL for the one value `solid` (a 32-bit pixel
///   in memory byte order, or an A8 value in the low byte).
/// - Coverage: `mask` the first coverage byte, rows `maskStride` bytes apart; or NULL for the
///   one value `coverage` (255: full).
/// - `op`: the index of the operator in SheenRaster's `CompositeOperator.allCases` (clear = 0 …
///   luminosity = 27); only Porter-Duff operators (0…12) on A8.
/// - `redByte`: the byte of red in a 32-bit pixel, 0 (RGBA) or 2 (BGRA); only the non-separable
///   blend modes (hue … luminosity) tell the channels apart.
typedef struct {
    void *dst;
    intptr_t dstStride;
    const void *paint;
    intptr_t paintStride;
    const uint8_t *mask;
    intptr_t maskStride;
    intptr_t width;
    intptr_t height;
    uint32_t solid;
    uint32_t coverage;
    uint32_t op;
    uint32_t bytesPerPixel;
    uint32_t redByte;
} SheenCompositeJob;

/// Runs `job` with the AVX2 kernels. Call only where sheen_simd_cpu_supports(SHEEN_SIMD_AVX2).
void sheen_composite_avx2(const SheenCompositeJob *job);
/// Runs `job` with the AVX-512 kernels. Call only where sheen_simd_cpu_supports(SHEEN_SIMD_AVX512).
void sheen_composite_avx512(const SheenCompositeJob *job);

#ifdef __cplusplus
}
#endif

#endif
