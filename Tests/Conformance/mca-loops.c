// The kernels' branch-free hot steps as llvm-mca reads them (Scripts/llvm-mca.sh): each function
// runs one step of a kernel body — made of the body's own helpers, for the level this file is
// compiled as — between LLVM-MCA-BEGIN/END markers, so that llvm-mca predicts its cycles on a
// core model: 16 pixels an iteration. Compiled with -DMCA_PART=1 (over_n_8_8888) or 2 (row
// fills) and -DMCA_LEVEL=128, 256 or 512; never linked into anything. (The gradient window and
// the blur recursion are not here yet: their steps sit in loops with branches — the span's end,
// rare rounding fixes, the sweeps' tails — and llvm-mca counts every instruction between the
// markers as if all of them ran.)
#include "CSheenSIMD.h"

#if defined(__x86_64__)
#include <immintrin.h>
#define MCA_BEGIN(name) __asm__ volatile("# LLVM-MCA-BEGIN " name)
#define MCA_END() __asm__ volatile("# LLVM-MCA-END")
#else
#define MCA_BEGIN(name) __asm__ volatile("// LLVM-MCA-BEGIN " name)
#define MCA_END() __asm__ volatile("// LLVM-MCA-END")
#endif
#pragma clang diagnostic ignored "-Wpsabi"

#if MCA_LEVEL == 128
SHEEN_BEGIN_SIMD128
#elif MCA_LEVEL == 256
SHEEN_BEGIN_AVX2
#else
SHEEN_BEGIN_AVX512
#endif

#if MCA_PART == 1
#define SHEEN_BLOCK (MCA_LEVEL / 8)
#if MCA_LEVEL == 512
#define SHEEN_AVX512BW 1
#endif
#define SHEEN_ENTRY mca_composite_entry
#define SHEEN_GRADIENT_ENTRY sheen_gradient_avx2
#include "../../Sources/CSheenSIMD/CompositeBody.h"

/// over_n_8_8888's lerp of 16 pixels with mixed coverage, as over_n_8_8888_chunk does it past
/// its classification: at the x86 128-bit level four blocks from one coverage load
/// (mask_weights4), elsewhere block by block.
void mca_over_n_8_8888(uint8_t *d, lanes solid, const uint8_t *m, intptr_t groups) {
    for (intptr_t g = 0; g < groups; g++) {
        uint8_t *dg = d + 64 * g;
        const uint8_t *mg = m + 16 * g;
        MCA_BEGIN("over_n_8_8888");
#if SHEEN_X86 && SHEEN_BLOCK == 16
        lerp_weights w[4];
        mask_weights4(mg, w);
        for (int b = 0; b < 4; b++) store_lanes(dg + b * BLOCK, lerp_bytes(solid, load_lanes(dg + b * BLOCK), w[b]));
#else
        for (int b = 0; b < 16 / PIXELS; b++) {
            store_lanes(dg + b * BLOCK, lerp_bytes(solid, load_lanes(dg + b * BLOCK), mask_weights(mg + b * PIXELS)));
        }
#endif
        MCA_END();
    }
}
#elif MCA_PART == 2
#define SHEEN_ROW_VECTOR (MCA_LEVEL / 8)
#define SHEEN_FILL_ENTRY mca_fill_entry
#define SHEEN_COPY_ENTRY mca_copy_entry
#include "../../Sources/CSheenSIMD/RowsBody.h"

/// fill_row's stores: 64 bytes (16 pixels) an iteration.
void mca_fill_rows(uint8_t *d, rowvec v, intptr_t lines) {
    for (intptr_t i = 0; i < lines; i++) {
        MCA_BEGIN("fill_rows");
        for (int k = 0; k < 64 / SHEEN_ROW_VECTOR; k++) memcpy(d + 64 * i + k * SHEEN_ROW_VECTOR, &v, SHEEN_ROW_VECTOR);
        MCA_END();
    }
}
#endif

#if MCA_LEVEL == 128
SHEEN_END_SIMD128
#else
SHEEN_END_LEVEL
#endif
