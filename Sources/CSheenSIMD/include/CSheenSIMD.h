// CSheenSIMD: the hot loops of SheenRaster, compiled from one kernel body per operation for each
// level (128-bit: SSE4.2 on x86-64, NEON on AArch64, the baseline target elsewhere; AVX2;
// AVX-512 F/BW/VL/DQ) and chosen at run time by the Swift kernel table
// (SheenRaster/KernelTable.swift). Everything else — API, validation, reference twins,
// orchestration — is Swift. Nothing here allocates, and nothing reads or writes outside the spans it is given.
#ifndef CSHEEN_SIMD_H
#define CSHEEN_SIMD_H

#include <stdint.h>

#include "CSheenSIMDTargets.h"
#include "SheenOperators.h"
#include "SheenKernels.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Instruction-set levels a C kernel can be built for, in order.
enum {
    SHEEN_SIMD_128 = 1,     ///< SHEEN_SIMD128_FEATURES on x86-64 (x86-64-v2); the baseline elsewhere
    SHEEN_SIMD_AVX2 = 2,    ///< SHEEN_AVX2_FEATURES (x86-64-v3)
    SHEEN_SIMD_AVX512 = 3,  ///< SHEEN_AVX512_FEATURES (x86-64-v4)
};

/// 1 when this CPU and OS run code built for `level` (SHEEN_SIMD_128, SHEEN_SIMD_AVX2 or
/// SHEEN_SIMD_AVX512), else 0. Off x86-64 only SHEEN_SIMD_128 runs (it is built for the baseline).
int sheen_simd_cpu_supports(int level);

/// The target string `level` is compiled with ("avx2,fma,…"; "" for other values, and for the
/// 128-bit level off x86-64): the features sheen_simd_cpu_supports checks for it, in the same order.
const char *sheen_simd_level_target(int level);

/// One compositing job over a rectangle of `width` × `height` destination pixels.
///
/// - `dst`: the first destination pixel; rows `dstStride` bytes apart. `bytesPerPixel` is 4
///   (premultiplied RGBA8 or BGRA8: the kernels are byte-order blind) or 1 (A8).
/// - Paint: `paint` the first paint pixel in the destination's format, rows `paintStride` bytes
///   apart (0: one row reused for every row); or NULL for the one value `solid` (a 32-bit pixel
///   in memory byte order, or an A8 value in the low byte).
/// - Paint in another format: with `paintConversion` SHEEN_PAINT_SWAP_RED_BLUE, `paint` holds
///   32-bit pixels in the other byte order (RGBA onto BGRA or back); with SHEEN_PAINT_ALPHA,
///   32-bit pixels whose alpha bytes are the paint of an A8 destination; plus SHEEN_PAINT_OPAQUE,
///   32-bit pixels whose fourth byte is padding, read as alpha 255. Each row is converted into
///   `scratch` first.
/// - Or a paint column: when `paintColumn` is not NULL (and `gradient` is NULL), `paint` and
///   `solid` are ignored and row r's paint is the one value paintColumn[r] (as `solid`).
/// - Coverage: `mask` the first coverage byte, rows `maskStride` bytes apart, scaled by
///   `coverage` / 255 (each byte rounded once; 255: as it is) into `scratch` row by row; or NULL
///   for the one value `coverage` (255: full).
/// - `scratch`: sheen_composite_scratch_bytes(width) bytes, not overlapping anything else, where
///   a gradient, a paint conversion or a mask with `coverage` below 255 needs them (else unused,
///   may be NULL): the paint row first, the scaled coverage row at
///   sheen_composite_scratch_mask_offset(width).
/// - `op`: the operator, a SHEEN_SIMD_OP_* of SheenOperators.h (the order of SheenRaster's
///   `CompositeOperator.allCases`); only Porter-Duff operators on A8.
/// - `redByte`: the byte of red in a 32-bit pixel, 0 (RGBA) or 2 (BGRA); only the non-separable
///   blend modes (hue … luminosity) tell the channels apart.
/// - Or a gradient paint: when `gradient` is not NULL, `paint` and `solid` are ignored and row r's
///   paint is the gradient shaded by the same level's span kernel at (gradient->x,
///   gradient->y + r), one row at a time: `width` pixels in the destination's format into
///   `scratch` (width × bytesPerPixel bytes, not overlapping anything else), or, when
///   gradient->width is 1 and gradient->bytesPerPixel 4, the one 32-bit pixel used as the row's
///   solid colour (its alpha byte on A8). The gradient job's dst, dstStride, y and height are
///   the entry's to set.
/// - Or a glyph run: when `glyphCount` is above 0, the job's rectangle is a clip and `glyphs` a
///   run of masks: the entry composites the solid paint (`paint`, `gradient`, `paintColumn` and
///   `mask` NULL, `paintConversion` SHEEN_PAINT_AS_IS, `coverage` 255; else the job is refused)
///   through each glyph's mask, in order, over the glyph's part inside the rectangle — what one
///   job per glyph, that part its rectangle and the glyph's mask its mask, writes — with the
///   fast path looked up once (sheen_composite_glyph_path). Text is a glyph a few dozen pixels
///   wide, where crossing into the entry and choosing a path once per glyph cost as much as the
///   pixels. Reads only the parts' mask bytes.
/// - Component alpha: when `componentAlpha` is 1, `mask` holds a coverage byte per channel — 4 a
///   pixel, in the destination's byte order, each the coverage of its channel (pixman's
///   component-alpha masks: subpixel text) — and each channel is what sourceOver through an A8
///   mask gives at that channel's coverage: with s, sa the paint's channel and alpha and m the
///   channel's coverage, d' = round((s·m + d·(255 − m))/255) for opaque paint (sa = 255), else
///   min(255, round(s·m/255) + round(d·(255 − round(sa·m/255))/255)). Taken only as
///   sheen_composite_component_alpha_accepted says (else SHEEN_COMPOSITE_NO_PATH, nothing
///   written); any paint — or, in a glyph run, a solid colour through each glyph's mask of 4
///   coverage bytes a pixel.
struct SheenGradientJob;
/// One glyph of a composite job's run (`glyphs`): its coverage and where it lies.
typedef struct {
    /// The glyph's first coverage byte (A8), rows `maskStride` bytes apart (NULL: nothing drawn).
    const uint8_t *mask;
    intptr_t maskStride;
    /// Its top-left pixel, in pixels right of and below the job's first (`dst`); may lie
    /// outside the job's rectangle (the glyph is clipped to it).
    int32_t x, y;
    /// Its size in pixels (≥ 0).
    int32_t width, height;
} SheenCompositeGlyph;
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
    const struct SheenGradientJob *gradient;
    void *scratch;
    const uint32_t *paintColumn;
    uint32_t paintConversion;
    const SheenCompositeGlyph *glyphs;
    intptr_t glyphCount;
    uint32_t componentAlpha;
} SheenCompositeJob;

/// Whether the entries take a job with `componentAlpha` set: sourceOver onto 32-bit pixels at
/// coverage 255 through a mask, or a glyph run of a solid colour (each glyph's mask then 4
/// coverage bytes a pixel). The one statement of the rule, read by the C entries and
/// SheenRaster's twin.
static inline int sheen_composite_component_alpha_accepted(const SheenCompositeJob *job) {
    const int run = job->glyphCount > 0
        && !(job->mask || job->paint || job->gradient || job->paintColumn || job->paintConversion);
    return job->op == SHEEN_SIMD_OP_SOURCE_OVER && job->bytesPerPixel == 4 && job->coverage == 255
        && (run || (job->glyphCount == 0 && job->mask));
}

/// The fast path (SheenKernels.h's SHEEN_PATH_*) a glyph run's job takes for each of its glyphs,
/// or -1 where the entry refuses the run: a paint other than a solid colour, a mask of its own,
/// a coverage below 255, or no path for its operator and format through a mask.
static inline int sheen_composite_glyph_path(const SheenCompositeJob *job) {
    if (job->mask || job->paint || job->gradient || job->paintColumn || job->paintConversion || job->coverage != 255) return -1;
    return sheen_simd_composite_path(job->op, 1, job->solid >> 24 == 255, 1, job->bytesPerPixel);
}

/// How a composite job's paint rows differ from its destination's format (`paintConversion`):
/// one of the first three, plus SHEEN_PAINT_OPAQUE for pixels whose fourth byte is padding that
/// reads as alpha 255 (pixman's x8r8g8b8 and x8b8g8r8).
enum { SHEEN_PAINT_AS_IS = 0, SHEEN_PAINT_SWAP_RED_BLUE = 1, SHEEN_PAINT_ALPHA = 2, SHEEN_PAINT_OPAQUE = 4 };

/// Whether `conversion` (a paintConversion) makes one alpha byte of each 32-bit paint pixel.
static inline int sheen_paint_conversion_is_alpha(uint32_t conversion) {
    return (conversion & ~(uint32_t)SHEEN_PAINT_OPAQUE) == SHEEN_PAINT_ALPHA;
}

/// A 32-bit paint pixel converted as `conversion` (a paintConversion) says: its padding byte
/// made alpha 255 first when SHEEN_PAINT_OPAQUE is set, then itself, red and blue swapped, or
/// its alpha. The one statement of the rule: the C entries' row conversion and SheenRaster's
/// (its reference walker, pattern values) both call it.
static inline uint32_t sheen_paint_converted(uint32_t v, uint32_t conversion) {
    if (conversion & SHEEN_PAINT_OPAQUE) v |= 0xFF000000u;
    if (sheen_paint_conversion_is_alpha(conversion)) return v >> 24;
    if ((conversion & ~(uint32_t)SHEEN_PAINT_OPAQUE) == SHEEN_PAINT_SWAP_RED_BLUE) {
        return (v & 0xFF00FF00u) | ((v >> 16) & 0xFFu) | ((v & 0xFFu) << 16);
    }
    return v;
}

/// Where a composite job's scaled coverage row starts in its scratch: past a paint row of
/// `width` 32-bit pixels and a margin.
static inline intptr_t sheen_composite_scratch_mask_offset(intptr_t width) { return width * 4 + 64; }
/// The bytes of a composite job's scratch: a paint row and a coverage row of `width` pixels.
static inline intptr_t sheen_composite_scratch_bytes(intptr_t width) {
    return sheen_composite_scratch_mask_offset(width) + width + 64;
}
/// Whether a composite job's paint rows are converted straight into the destination: a copy
/// (source) of 32-bit paint rows whose red and blue are swapped or whose padding is made opaque,
/// unmasked at full coverage. The entry then writes each converted row in place and reads no
/// scratch, so the caller need not provide one (for a row past ~240 pixels, a heap allocation).
static inline int sheen_composite_converts_in_place(const SheenCompositeJob *job) {
    return job->op == SHEEN_SIMD_OP_SOURCE && job->paint && job->paintConversion
        && !sheen_paint_conversion_is_alpha(job->paintConversion) && !job->gradient && !job->paintColumn && !job->mask
        && job->coverage == 255 && job->bytesPerPixel == 4;
}

/// Whether a composite job is sourceOver of 32-bit paint rows in the destination's channel order
/// whose fourth byte is padding read as alpha 255 (pixman's x8 image onto a 32-bit destination of
/// its order), through a mask at full coverage: cairo's edge spans of a shape filled from an RGB24
/// image. The entry makes each row's paint opaque in registers and lerps it by the mask — what
/// converting the row into scratch and compositing it writes — and reads no scratch. (Not through
/// a component-alpha mask, whose rows are converted into scratch.)
static inline int sheen_composite_over_opaque_rows(const SheenCompositeJob *job) {
    return job->op == SHEEN_SIMD_OP_SOURCE_OVER && job->paint && job->paintConversion == SHEEN_PAINT_OPAQUE && job->mask
        && !job->gradient && !job->paintColumn && job->coverage == 255 && job->bytesPerPixel == 4 && !job->componentAlpha;
}

/// Runs `job` with the 128-bit kernels: 0, or SHEEN_COMPOSITE_NO_PATH (nothing written) when
/// none of SheenKernels.h's fast paths matches it; so do the other levels' entries. Call only
/// where sheen_simd_cpu_supports(SHEEN_SIMD_128).
int sheen_composite_simd128(const SheenCompositeJob *job);
/// Runs `job` with the AVX2 kernels. Call only where sheen_simd_cpu_supports(SHEEN_SIMD_AVX2).
int sheen_composite_avx2(const SheenCompositeJob *job);
/// Runs `job` with the AVX-512 kernels. Call only where sheen_simd_cpu_supports(SHEEN_SIMD_AVX512).
int sheen_composite_avx512(const SheenCompositeJob *job);


/// Largest convolution radius (samples each side) a blur job may ask for.
#define SHEEN_BLUR_MAX_RADIUS 64

/// How a blur job filters: blur_convolution (direct convolution, small σ) or blur_strip (Deriche's
/// recursion, strips of values at a time).
enum { SHEEN_BLUR_CONVOLUTION = 0, SHEEN_BLUR_STRIP = 1 };

/// One Gaussian blur of `width` × `height` pixels of `channels` (1: A8, 4: premultiplied
/// RGBA8/BGRA8) bytes, in two passes through `tmp` (8.8 fixed-point values; `tmpStride` ≥
/// width·channels rounded up to 64, and `tmp` holds `tmpStride` × (height rounded up to 16)
/// values). `src` and `dst` may be the same memory: pass 1 only reads `src`, pass 2 only writes
/// `dst`.
///
/// - Convolution: pass 1 filters rows along x into tmp rows `tmpStride` values apart, pass 2
///   rows along y; `weightsX`/`weightsY` hold
///   radius + 1 UInt16 weights (centre, then the pair weights; see BlurBody.h), radius ≤
///   SHEEN_BLUR_MAX_RADIUS, and `offsetX`/`offsetY` the values each pass adds first.
/// - Recursion: pass 1 filters strips of 16 values along y, pass 2 bands of rows (16 for A8, 4
///   for RGBA) along x, through tmp in tiles (strip s: height rounded up to 16 rows of 16
///   values, contiguous); `lineX`/`lineY` hold the 16 coefficients of BlurLine, or NULL for an axis
///   left unchanged.
typedef struct {
    const uint8_t *src;
    intptr_t srcStride;
    uint8_t *dst;
    intptr_t dstStride;
    uint16_t *tmp;
    intptr_t tmpStride;
    intptr_t width;
    intptr_t height;
    uint32_t channels;
    uint32_t clamp;
    uint32_t method;
    uint32_t radiusX;
    uint32_t radiusY;
    uint32_t offsetX;
    uint32_t offsetY;
    const uint16_t *weightsX;
    const uint16_t *weightsY;
    const float *lineX;
    const float *lineY;
} SheenBlurJob;

/// Runs pass `pass` (1 or 2) of `job` over the rows (convolution), strips or bands (recursion)
/// [begin, end) with the 128-bit kernels, using `scratch` (sheen_blur_scratch_bytes(job) bytes,
/// 64-byte aligned, one per concurrent caller). Call only where sheen_simd_cpu_supports(SHEEN_SIMD_128).
void sheen_blur_simd128(const SheenBlurJob *job, int pass, intptr_t begin, intptr_t end, void *scratch);
/// The same with the AVX2 kernels. Call only where sheen_simd_cpu_supports(SHEEN_SIMD_AVX2).
void sheen_blur_avx2(const SheenBlurJob *job, int pass, intptr_t begin, intptr_t end, void *scratch);
/// The same with the AVX-512 kernels. Call only where sheen_simd_cpu_supports(SHEEN_SIMD_AVX512).
void sheen_blur_avx512(const SheenBlurJob *job, int pass, intptr_t begin, intptr_t end, void *scratch);
/// Bytes of scratch one caller of any level's blur needs for `job`.
intptr_t sheen_blur_scratch_bytes(const SheenBlurJob *job);


/// The point shapes a span job evaluates, one row each: X(constant, function, spreads). `function`
/// (GradientShapes.h) takes the job and the gradient-space point (px, py) and returns t, clearing
/// `painted` where the pixel gets nothing; `spreads` is SPREAD for a t the job's spread maps into
/// [0, 1] and WRAPS for a shape that wraps t itself (its jobs carry SHEEN_GRADIENT_WRAPPED).
/// The rows are the whole dispatch: GradientRows.h's entry and point_t are made from them, and
/// each has its Swift twin in a shape's row (SheenRaster/Gradient/Shapes/).
#define SHEEN_GRADIENT_POINT_SHAPES(X)                                                             \
    X(SHEEN_GRADIENT_RADIAL, radial_t, SPREAD)             /* two-point conical, largest root, r ≥ 0 */ \
    X(SHEEN_GRADIENT_RADIAL_CONCENTRIC, concentric_t, SPREAD) /* equal centres: (|P| − r0)·(1/dr) */ \
    X(SHEEN_GRADIENT_CONIC, conic_t, WRAPS)                /* fract(atan2 in turns − start) */

/// Gradient geometries a span job evaluates (SheenRaster/Gradient/KernelGradient.swift): linear,
/// t from g[0..2]: T = g0·(bx + ½) + (g1·(y + ½) + g2), then the point shapes in their rows' order.
enum {
    SHEEN_GRADIENT_LINEAR = 0,
#define SHEEN_GRADIENT_POINT_CONSTANT(constant, function, spreads) constant,
    SHEEN_GRADIENT_POINT_SHAPES(SHEEN_GRADIENT_POINT_CONSTANT)
#undef SHEEN_GRADIENT_POINT_CONSTANT
};

/// The `spreads` column as a number: 1 for a row that wraps its t.
#define SHEEN_GRADIENT_SPREAD_WRAPS 0
#define SHEEN_GRADIENT_WRAPS_WRAPS 1

/// 1 when `shape` is a point shape whose row WRAPS its t, 0 for linear and the SPREAD rows, −1 for
/// a value that is no shape: the rows' `spreads` column as Swift reads it (GradientShapeRow.swift).
static inline int sheen_gradient_shape_wraps(uint32_t shape) {
    switch (shape) {
    case SHEEN_GRADIENT_LINEAR: return 0;
#define SHEEN_GRADIENT_POINT_WRAPS(constant, function, spreads) case constant: return SHEEN_GRADIENT_##spreads##_WRAPS;
    SHEEN_GRADIENT_POINT_SHAPES(SHEEN_GRADIENT_POINT_WRAPS)
#undef SHEEN_GRADIENT_POINT_WRAPS
    }
    return -1;
}

/// What a span job does with t outside [0, 1] (conic: SHEEN_GRADIENT_WRAPPED, its geometry wraps).
enum { SHEEN_GRADIENT_PAD = 0, SHEEN_GRADIENT_REPEAT = 1, SHEEN_GRADIENT_REFLECT = 2, SHEEN_GRADIENT_WRAPPED = 3 };

/// Segments up to which a ramp is selected by comparisons against broadcast bounds; above it,
/// through the cell index and gathers. (AVX2 and AVX-512 read a ramp of 5 to 16 or 32 pieces by
/// permutes instead, GradientShade.h; every way picks the same piece.)
#define SHEEN_GRADIENT_BROADCAST_SEGMENTS 8

/// One gradient fill of `width` × `height` pixels starting at destination pixel (x, y) (the
/// gradient's pixel coordinates), written to `dst` (rows `dstStride` bytes apart) as premultiplied
/// 32-bit pixels (`bytesPerPixel` 4, channel 0 first in memory) or A8 (`bytesPerPixel` 1).
///
/// Every pixel is a function of (x, y) alone, evaluated in blocks of 16 pixels whose first x is
/// a multiple of 16: the block's base position is computed in Double, each lane adds its
/// `lane` offset in Float (see GradientKernelTwin.swift, which states every step in Swift and is
/// the reference each level equals bit for bit).
typedef struct SheenGradientJob {
    uint8_t *dst;
    intptr_t dstStride;
    intptr_t x, y, width, height;
    uint32_t bytesPerPixel;
    uint32_t shape;
    uint32_t spread;
    uint32_t dither;
    /// 1 when every stop is opaque: alpha is 255 everywhere and no channel needs clamping to it.
    uint32_t opaque;
    /// 1 when `pieces` holds 13 rows: the 9 below and, k = 9…12, each channel's curvature per
    /// unit t² (memory order, alpha last) — a straight-alpha ramp, whose premultiplied colour is
    /// the product of two lines. Colour = base + (t − o)·(slope + (t − o)·curve).
    uint32_t quadratic;
    /// Geometry in Double. Linear: T = g[0]·(bx + ½) + (g[1]·(y + ½) + g[2]). Radial and conic:
    /// the gradient-space offset from the centre, PX = g[0]·(bx + ½) + (g[1]·(y + ½) + g[2]),
    /// PY = g[3]·(bx + ½) + (g[4]·(y + ½) + g[5]), every length scaled by one power of two so
    /// that Float holds them.
    double g[6];
    /// Per lane 0…15: linear, the reduced t offset; radial and conic, the P offsets (x, then y).
    const float *laneX;
    const float *laneY;
    /// The point shape's Float parameters, as its row in SheenRaster/Gradient/Shapes/ prepares
    /// them (radial: cdx, cdy, r0, dr, a, 1/a, r0·dr, r0², 1/dr; conic: p[0] = start in turns).
    float p[9];
    /// 8 rows × 16 lanes of dither offsets in levels (row y & 7, lane x & 15).
    const float *ditherTable;
    /// The colour ramp: `segments` pieces; `bounds` holds segments + 1 Floats (bounds[0] = −∞,
    /// bounds[segments] = +∞; piece i applies where bounds[i] ≤ t < bounds[i + 1]); `pieces` 9 ×
    /// segments Floats (13 × with `quadratic`): row k·segments + i is, for k = 0 the origin o,
    /// k = 1…4 the colour at o (channels in memory order, alpha last), k = 5…8 the slope per unit
    /// t. Colour = base + (t − o)·slope. Above SHEEN_GRADIENT_BROADCAST_SEGMENTS, `cells` (cellCount entries, a power
    /// of two) holds the piece at t = i/cellCount, and `cellSteps` advances find the piece at t.
    uint32_t segments;
    const float *bounds;
    const float *pieces;
    const uint32_t *cells;
    uint32_t cellCount;
    uint32_t cellSteps;
} SheenGradientJob;

/// Runs `job` with the 128-bit kernels. Call only where sheen_simd_cpu_supports(SHEEN_SIMD_128).
void sheen_gradient_span_simd128(const SheenGradientJob *job);
/// Runs `job` with the AVX2 kernels. Call only where sheen_simd_cpu_supports(SHEEN_SIMD_AVX2).
void sheen_gradient_span_avx2(const SheenGradientJob *job);
/// Runs `job` with the AVX-512 kernels. Call only where sheen_simd_cpu_supports(SHEEN_SIMD_AVX512).
void sheen_gradient_span_avx512(const SheenGradientJob *job);

/// Bytes a row copy writes above which it stores around the caches
/// (non-temporal stores): three quarters of one last-level cache as CPUID describes it (one L3
/// instance, not the sum the OS may report), 8 MiB where CPUID does not say. Below it the rows
/// stay in the cache for whatever reads them next; above it they cannot, and ordinary stores
/// would first read every line from memory. Read once, then cached.
intptr_t sheen_streaming_threshold(void);
/// Replaces the streaming threshold with `bytes` (0: the CPU's again), so tests can stream small
/// rectangles. Only speed depends on it: the bytes written are the same either way.
void sheen_streaming_threshold_set(intptr_t bytes);

/// Fills `height` rows of `width` pixels (`bytesPerPixel` 4 or 1) from `dst`, rows `stride` bytes
/// apart: row r with value (phase + r) mod count of `values` (32-bit pixels in memory byte order,
/// or bytes). Call only where the level's CPU features run.
void sheen_fill_rows_simd128(uint8_t *dst, intptr_t stride, intptr_t width, intptr_t height, uint32_t bytesPerPixel,
                             const uint8_t *values, intptr_t count, intptr_t phase);
void sheen_fill_rows_avx2(uint8_t *dst, intptr_t stride, intptr_t width, intptr_t height, uint32_t bytesPerPixel,
                          const uint8_t *values, intptr_t count, intptr_t phase);
void sheen_fill_rows_avx512(uint8_t *dst, intptr_t stride, intptr_t width, intptr_t height, uint32_t bytesPerPixel,
                            const uint8_t *values, intptr_t count, intptr_t phase);
/// Copies `rowBytes` bytes into each of `height` rows from `dst` (`stride` apart): row r from
/// `src` row r mod period (`srcStride` apart). Source and destination rows must not overlap.
void sheen_copy_rows_simd128(uint8_t *dst, intptr_t stride, intptr_t rowBytes, intptr_t height, const uint8_t *src,
                             intptr_t srcStride, intptr_t period);
void sheen_copy_rows_avx2(uint8_t *dst, intptr_t stride, intptr_t rowBytes, intptr_t height, const uint8_t *src,
                          intptr_t srcStride, intptr_t period);
void sheen_copy_rows_avx512(uint8_t *dst, intptr_t stride, intptr_t rowBytes, intptr_t height, const uint8_t *src,
                            intptr_t srcStride, intptr_t period);
/// The first of `height` rows of `width` 32-bit pixels from `src` (`stride` bytes apart) that
/// holds a colour byte above its pixel's alpha byte (the fourth: BGRA and RGBA alike), which is
/// not valid premultiplied colour; -1 when no row does. Reads those pixels' bytes and no other.
intptr_t sheen_check_premultiplied_simd128(const uint8_t *src, intptr_t stride, intptr_t width, intptr_t height);
intptr_t sheen_check_premultiplied_avx2(const uint8_t *src, intptr_t stride, intptr_t width, intptr_t height);
intptr_t sheen_check_premultiplied_avx512(const uint8_t *src, intptr_t stride, intptr_t width, intptr_t height);

/// How sample_bilinear continues an image past its edges: pixman's repeat modes, in pixman's
/// numbering (none: transparent outside; normal: tiled; pad: the edge pixels extended; reflect:
/// tiled with every other copy mirrored).
enum { SHEEN_SAMPLE_NONE = 0, SHEEN_SAMPLE_NORMAL = 1, SHEEN_SAMPLE_PAD = 2, SHEEN_SAMPLE_REFLECT = 3 };

/// The largest step along a row (dxdi, 16.16) at which sample_bilinear's AVX2 level draws a
/// 32-bit image only scaled and translated 4 pixels at a time from 4 source columns (a
/// magnification of 1.5× or more: 4 pixels' left and right columns then lie in the 4 from the
/// first pixel's left one).
enum { SHEEN_SAMPLE_QUAD_STEP = 43690 };

/// One run of sample_bilinear: `width` × `height` pixels written from `dst` (rows `dstStride`
/// bytes apart), each the image `src` (`srcWidth` × `srcHeight` pixels, rows `srcStride` bytes
/// apart, `bytesPerPixel` 1 or 4 — the destination's too; 4: any channel order, each byte a
/// channel) sampled with pixman's bilinear filter at a 16.16 fixed-point position: pixel i of row
/// r at X = x + i·dxdi + r·dxdr, Y = y + i·dydi + r·dydr (the caller keeps every such value and
/// the steps' products within ±2³⁰, so no int32 sum overflows). The sample, as pixman-fast-path.c's
/// bits_image_fetch_bilinear_affine and pixman-inlines.h's bilinear_interpolation define it:
/// X₁ = X − ½, column c = X₁ >> 16 and weight wx = (X₁ >> 9) & 127 (7 bits), likewise row and wy;
/// the four pixels (c, row), (c + 1, row), (c, row + 1), (c + 1, row + 1) placed by `repeat`;
/// each channel ⌊(tl·(128 − wx)(128 − wy) + tr·wx(128 − wy) + bl·(128 − wx)wy + br·wx·wy) / 2¹⁴⌋.
/// With `coverage` (NULL: none; `width` × `height` bytes, rows `coverageStride` bytes apart, one
/// a pixel) a pixel whose coverage is 0 is written as 0 rather than sampled: a source composited
/// through a mask counts only where the mask does (pixman's fetchers skip such pixels too).
/// With `over` 1 (`bytesPerPixel` 4 only; 0: the sample is written), each sample is instead
/// composited onto the destination pixel with sourceOver through the pixel's coverage (255
/// without `coverage`) — SheenRaster's CompositeReference arithmetic, the composite kernels':
/// d' = ⌊(s·c + d·(255 − c))/255⌉ per channel where the sample's alpha is 255, else
/// min(255, s' + ⌊d·(255 − s'ₐ)/255⌉) with s' = ⌊s·c/255⌉ — and a pixel of coverage 0 is left as
/// it is: sampling into scratch and compositing that with the mask, in one pass (the pixman
/// drop-in draws a scaled image through a stroke's mask so). The destination must not overlap
/// `src`.
/// Reads only those pixels' bytes of `src`, the rectangle's coverage and (with `over`) its
/// destination pixels, writes only the rectangle's.
typedef struct SheenBilinearJob {
    const uint8_t *src;
    intptr_t srcStride;
    int32_t srcWidth, srcHeight;
    uint32_t bytesPerPixel;
    uint32_t repeat;
    uint8_t *dst;
    intptr_t dstStride;
    intptr_t width, height;
    int32_t x, y;
    int32_t dxdi, dydi, dxdr, dydr;
    const uint8_t *coverage;
    intptr_t coverageStride;
    uint32_t over;
} SheenBilinearJob;

/// Runs `job` with the level's sample_bilinear. Call only where the level's CPU features run.
void sheen_sample_bilinear_simd128(const SheenBilinearJob *job);
void sheen_sample_bilinear_avx2(const SheenBilinearJob *job);
void sheen_sample_bilinear_avx512(const SheenBilinearJob *job);

/// The most taps a sample_convolution filter may have along either axis.
#define SHEEN_CONVOLUTION_MAX_TAPS 64
/// Entries of one phase's row of a sample_convolution job's `xWeights`: its `tapsAcross` taps
/// rounded up to a multiple of 4, four entries (one a channel) each.
#define SHEEN_CONVOLUTION_ROW(tapsAcross) ((((tapsAcross) + 3) & ~3) * 4)

/// One run of sample_convolution: the pixels `sample` (a SheenBilinearJob's rectangle, image,
/// repeat, positions and coverage; its `bytesPerPixel` 4 and `over` 0) places — `width` ×
/// `height` 32-bit pixels from `dst`, pixel i of row r at the 16.16 position X = x + i·dxdi +
/// r·dxdr, Y = y + i·dydi + r·dydr —, each the image filtered with pixman's separable
/// convolution filter (PIXMAN_FILTER_SEPARABLE_CONVOLUTION) instead of sampled bilinearly. The
/// filter, as pixman-fast-path.c's bits_image_fetch_separable_convolution_affine applies it: X
/// rounded to the middle of its phase, X' = (X >> s << s) + ((1 << s) >> 1) with
/// s = 16 − xPhaseBits, phase px = (X' & 0xffff) >> s, first column
/// x₁ = (X' − 1 − ((tapsAcross·2¹⁶ − 2¹⁶) >> 1)) >> 16; likewise Y', py and y₁ with `tapsDown`
/// and yPhaseBits; tap (i, j) (0 ≤ i < tapsDown, 0 ≤ j < tapsAcross) weighs the pixel
/// (x₁ + j, y₁ + i), placed by the repeat (transparent outside with none), by
/// f = ⌊(fx·fy + 2¹⁵) / 2¹⁶⌋ with fx = xWeights[px·SHEEN_CONVOLUTION_ROW(tapsAcross) + 4j] and
/// fy = yWeights[py·tapsDown + i]; each channel is min(255, ⌊(Σ channel·f + 2¹⁵) / 2¹⁶⌋).
/// `xWeights` holds (1 << xPhaseBits) rows of SHEEN_CONVOLUTION_ROW(tapsAcross) entries: tap j's
/// weight four times over at 4j … 4j + 3, 0 for the taps past `tapsAcross`; `yWeights`
/// (1 << yPhaseBits) rows of `tapsDown`. The caller keeps 1 ≤ taps ≤ SHEEN_CONVOLUTION_MAX_TAPS,
/// 0 ≤ phase bits ≤ 16, every weight within 0 … 2¹⁶ and every phase's weights' sum within
/// 0 … 2¹⁷, so that no sum overflows (pixman's own int sums then agree). A pixel of coverage 0
/// is written as 0, as in SheenBilinearJob. Reads only the image's pixels the taps place, the
/// weights and the rectangle's coverage; writes only the rectangle's pixels.
typedef struct SheenConvolutionJob {
    SheenBilinearJob sample;
    int32_t tapsAcross, tapsDown;
    int32_t xPhaseBits, yPhaseBits;
    const int32_t *xWeights;
    const int32_t *yWeights;
} SheenConvolutionJob;

/// Runs `job` with the level's sample_convolution. Call only where the level's CPU features run.
void sheen_sample_convolution_simd128(const SheenConvolutionJob *job);
void sheen_sample_convolution_avx2(const SheenConvolutionJob *job);
void sheen_sample_convolution_avx512(const SheenConvolutionJob *job);

/// One level's kernels, one entry per kernel family: what SheenRaster's kernel table
/// (SheenRaster/KernelTable.swift) calls for a level; SheenKernels.h lists the kernels each
/// entry runs. `composite` runs over_n_8_8888, composite_8888, composite_8 and
/// composite_double_8888 (by SheenKernels.h's fast paths) and over_ca_8888 (a job with
/// `componentAlpha`); `blur` runs blur_convolution and
/// blur_strip (by the job's method).
typedef struct {
    int (*composite)(const SheenCompositeJob *job);
    void (*gradient_span)(const SheenGradientJob *job);
    void (*blur)(const SheenBlurJob *job, int pass, intptr_t begin, intptr_t end, void *scratch);
    void (*fill_rows)(uint8_t *dst, intptr_t stride, intptr_t width, intptr_t height, uint32_t bytesPerPixel,
                      const uint8_t *values, intptr_t count, intptr_t phase);
    void (*copy_rows)(uint8_t *dst, intptr_t stride, intptr_t rowBytes, intptr_t height, const uint8_t *src,
                      intptr_t srcStride, intptr_t period);
    intptr_t (*check_premultiplied)(const uint8_t *src, intptr_t stride, intptr_t width, intptr_t height);
    void (*sample_bilinear)(const SheenBilinearJob *job);
    void (*sample_convolution)(const SheenConvolutionJob *job);
} SheenKernelTable;

/// The 128-bit level's kernels. Use only where sheen_simd_cpu_supports(SHEEN_SIMD_128).
extern const SheenKernelTable sheen_kernels_simd128;
/// The AVX2 level's kernels. Use only where sheen_simd_cpu_supports(SHEEN_SIMD_AVX2).
extern const SheenKernelTable sheen_kernels_avx2;
/// The AVX-512 level's kernels. Use only where sheen_simd_cpu_supports(SHEEN_SIMD_AVX512).
extern const SheenKernelTable sheen_kernels_avx512;

#ifdef __cplusplus
}
#endif

#endif
