// The kernels' hot steps as llvm-mca reads them (Scripts/llvm-mca.sh): each function runs one
// step of a kernel body — made of the body's own helpers, for the level this file is compiled as —
// between LLVM-MCA-BEGIN/END markers, so that llvm-mca predicts its cycles on a core model: 16
// pixels an iteration. Compiled with -DMCA_PART=1 (over_n_8_8888), 2 (row fills), 3 (gradient
// windows, one per shape) or 4 (the blur recursion's steps) and -DMCA_LEVEL=128, 256 or 512;
// never linked into anything. llvm-mca reads a region as straight-line code, so each step is one
// whose branches are constants here: a whole aligned window of a one-piece opaque gradient, the
// recursion's steady state. The markers clobber memory, so no load or store of a step leaves its
// region. (The 128-bit x86 gradient's rare rounding fix is a branch within the window, whose
// instructions llvm-mca would count as run: Scripts/llvm-mca.sh builds that level with
// SHEEN_MCA_COMMON_PATH, which keeps the test and drops the fix.)
#include "CSheenSIMD.h"

#if defined(__x86_64__)
#include <immintrin.h>
#define MCA_BEGIN(name) __asm__ volatile("# LLVM-MCA-BEGIN " name ::: "memory")
#define MCA_END() __asm__ volatile("# LLVM-MCA-END" ::: "memory")
#else
#define MCA_BEGIN(name) __asm__ volatile("// LLVM-MCA-BEGIN " name ::: "memory")
#define MCA_END() __asm__ volatile("// LLVM-MCA-END" ::: "memory")
#endif
#pragma clang diagnostic ignored "-Wpsabi"

#if MCA_LEVEL == 128
#define MCA_BEGIN_LEVEL SHEEN_BEGIN_SIMD128
#define MCA_END_LEVEL SHEEN_END_SIMD128
#elif MCA_LEVEL == 256
#define MCA_BEGIN_LEVEL SHEEN_BEGIN_AVX2
#define MCA_END_LEVEL SHEEN_END_LEVEL
#else
#define MCA_BEGIN_LEVEL SHEEN_BEGIN_AVX512
#define MCA_END_LEVEL SHEEN_END_LEVEL
#endif

// Parts 3 and 4 build the level's own translation unit first (its defines, its body), then
// their steps under the same target.
#if MCA_PART == 3 && MCA_LEVEL == 128
#include "../../Sources/CSheenSIMD/Gradient+SIMD128.c"
#elif MCA_PART == 3
#include "../../Sources/CSheenSIMD/Gradient+AVX2.c"
#elif MCA_PART == 4 && MCA_LEVEL == 128
#include "../../Sources/CSheenSIMD/Blur+SIMD128.c"
#elif MCA_PART == 4
#include "../../Sources/CSheenSIMD/Blur+AVX2.c"
#endif

MCA_BEGIN_LEVEL
#if MCA_PART == 1
#define SHEEN_BLOCK (MCA_LEVEL / 8)
#if MCA_LEVEL == 512
#define SHEEN_AVX512BW 1
#endif
#define SHEEN_ENTRY mca_composite_entry
#define SHEEN_GRADIENT_ENTRY sheen_gradient_span_avx2
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
#elif MCA_PART == 3
/// One aligned window of 16 pixels of a one-piece opaque gradient (pad, 32-bit pixels, no
/// dither): the base of its block in Double, t per lane, the colour, the store. shade_window's
/// steps for a window on a block, its sub-vectors unrolled (the compiler may keep them a loop,
/// which llvm-mca would read as one sub-vector).
#define MCA_WINDOW(NAME, SHAPE)                                                                          \
    void mca_##NAME(const SheenGradientJob *job, const double row[4], uint8_t *d, intptr_t windows) {    \
        SheenGradientJob copy = *job, *j = &copy;                                                       \
        float pieces[9];                                                                                \
        memcpy(pieces, job->pieces, sizeof pieces);                                                     \
        copy.pieces = pieces; /* run()'s local copy, which no store to d can alias */                   \
        double X = 0.5;                                                                                 \
        for (intptr_t w = 0; w < windows; w++) {                                                        \
            MCA_BEGIN(#NAME);                                                                           \
            float ax, ay;                                                                               \
            block_base(j, X, row, SHAPE, SHEEN_GRADIENT_PAD, &ax, &ay);                                 \
            _Pragma("clang loop unroll(full)")                                                          \
            for (int s = 0; s < SUBS; s++) {                                                            \
                vi painted = -1;                                                                        \
                const vf t = SHAPE == SHEEN_GRADIENT_LINEAR                                             \
                    ? linear_t((vf)ax, vload(j->laneX + s * LANES), SHEEN_GRADIENT_PAD)                 \
                    : point_t(j, (vf)ax + vload(j->laneX + s * LANES), (vf)ay + vload(j->laneY + s * LANES), \
                              SHAPE, SHEEN_GRADIENT_PAD, &painted);                                     \
                const vi v = shade(j, t, (vf)0.0f, 0, 0, 1, 1, 0) & painted;                            \
                memcpy(d + 64 * w + 4 * LANES * s, &v, sizeof v);                                       \
            }                                                                                           \
            MCA_END();                                                                                  \
            X += BLOCK;                                                                                 \
        }                                                                                               \
    }
MCA_WINDOW(gradient_linear, SHEEN_GRADIENT_LINEAR)
MCA_WINDOW(gradient_radial, SHEEN_GRADIENT_RADIAL)
MCA_WINDOW(gradient_conic, SHEEN_GRADIENT_CONIC)
#elif MCA_PART == 4
#define K(i) ((f16v)k[i])
#define FORGET() __asm__ volatile("" ::: "memory")
/// Two steps (32 values) of the recursion's forward sweep, then two of its backward sweep, as
/// blur_strip_core runs them in pass 2 (steps from and to Float lines): its loop bodies statement
/// for statement, made of BlurRecursion.h's SECTION.
void mca_blur_forward(const f16v *in, f16v *out, const float *k, intptr_t count) {
    f16v a0 = in[0], a1 = a0, b0 = a0, b1 = a0, xp = a0;
    for (intptr_t n = 0; n + 2 <= count; n += 2) {
        MCA_BEGIN("blur_forward");
        FORGET();
        const f16v x0 = in[n], x1 = in[n + 1];
        a0 = SECTION(x0 * K(N00) + xp * K(N01), a0, b0, K(D01), K(D02));
        a1 = SECTION(x0 * K(N10) + xp * K(N11), a1, b1, K(D11), K(D12));
        out[n] = a0 + a1;
        FORGET();
        b0 = SECTION(x1 * K(N00) + x0 * K(N01), b0, a0, K(D01), K(D02));
        b1 = SECTION(x1 * K(N10) + x0 * K(N11), b1, a1, K(D11), K(D12));
        out[n + 1] = b0 + b1;
        xp = x1;
        MCA_END();
    }
}
void mca_blur_backward(const f16v *in, f16v *out, const float *k, intptr_t count) {
    f16v a0 = in[0], a1 = a0, b0 = a0, b1 = a0, x1 = a0, x2 = a0;
    for (intptr_t n = count - 1; n >= 1; n -= 2) {
        MCA_BEGIN("blur_backward");
        FORGET();
        const f16v xn = in[n], xm = in[n - 1];
        a0 = SECTION(x1 * K(M01) + x2 * K(M02), a0, b0, K(D01), K(D02));
        a1 = SECTION(x1 * K(M11) + x2 * K(M12), a1, b1, K(D11), K(D12));
        out[n] = out[n] + (a0 + a1);
        FORGET();
        b0 = SECTION(xn * K(M01) + x1 * K(M02), b0, a0, K(D01), K(D02));
        b1 = SECTION(xn * K(M11) + x1 * K(M12), b1, a1, K(D11), K(D12));
        out[n - 1] = out[n - 1] + (b0 + b1);
        x2 = xn; x1 = xm;
        MCA_END();
    }
}
#endif

MCA_END_LEVEL
