// The one list of Sheen's kernels, and the composite entry's fast-path table. A kernel's name is
// used by everything about it: this row, its body (compiled at every level: the level files
// name the kernels they build), the Swift entry point's doc comment, its reference twin, its
// test suite, its sheen-bench cases (each records the kernel it ran) and its fuzz harness
// (`Scripts/fuzz.sh --kernel NAME`). SheenRaster's `Kernels.table` is read from these rows.
//
// X(name, entry, summary): `entry` is the SheenKernelTable field (CSheenSIMD.h) that runs it.
#ifndef SHEEN_KERNELS_H
#define SHEEN_KERNELS_H

#include <stdint.h>

#include "SheenOperators.h"

// clang-format off
#define SHEEN_KERNELS(X) \
    X(over_n_8_8888, composite, \
      "sourceOver of an opaque solid colour through an A8 mask onto RGBA8/BGRA8 (text)") \
    X(composite_8888, composite, \
      "every Porter-Duff operator and integer blend mode onto RGBA8/BGRA8, solid or row paint, full, constant or " \
      "A8-mask coverage") \
    X(composite_8, composite, \
      "every Porter-Duff operator onto A8") \
    X(composite_double_8888, composite, \
      "the blend modes evaluated in Double (colorDodge, colorBurn, softLight, hue, saturation, color, luminosity) " \
      "onto RGBA8/BGRA8") \
    X(over_ca_8888, composite, \
      "sourceOver through component-alpha coverage (a coverage byte per channel) onto RGBA8/BGRA8, any paint or a " \
      "glyph run of a colour (subpixel text)") \
    X(gradient_span, gradient_span, \
      "linear, radial and conic gradient shading of a rectangle, any ramp, spread and dither") \
    X(blur_convolution, blur, \
      "the small-σ Gaussian by direct 16-bit convolution") \
    X(blur_strip, blur, \
      "the recursive Gaussian's two passes (σ above the convolution limit)") \
    X(fill_rows, fill_rows, \
      "rows filled with one value each, repeating (solid fills, column patterns)") \
    X(copy_rows, copy_rows, \
      "rows copied from a repeating source (row patterns)") \
    X(check_premultiplied, check_premultiplied, \
      "rows of 32-bit pixels searched for a colour byte above its alpha (validation of premultiplied input)") \
    X(sample_bilinear, sample_bilinear, \
      "an affinely transformed A8 or 32-bit image sampled with pixman's bilinear filter, exactly (scaled images)") \
    X(sample_convolution, sample_convolution, \
      "an affinely transformed 32-bit image filtered with pixman's separable convolution, exactly (downscaled images)")

// The composite entry's fast paths, pixman's way: a job runs the row of the first path whose
// operator, paint, coverage and format all match it, and nothing else decides (CompositeEntry.h
// switches on the path alone); a job no row matches is refused (the entry returns
// SHEEN_COMPOSITE_NO_PATH and writes nothing).
// Each row: (path, kernel, operator: DESTINATION | SOURCE_OVER | BLEND_DOUBLE | PORTER_DUFF |
//   ANY_OPERATOR, paint: OPAQUE_SOLID | TRANSLUCENT_SOLID | ANY_PAINT, coverage: MASK | ANY_COVERAGE,
//   format: FORMAT_8888 | FORMAT_8)
// - path: the row's name and the CompositeEntry.h function that runs it (path_NAME);
// - kernel: the SHEEN_KERNELS row it belongs to, as sheen-bench and Kernels.table name it.
#define SHEEN_COMPOSITE_PATHS(X) \
    X(leave_8888,        composite_8888,        DESTINATION,  ANY_PAINT,         ANY_COVERAGE, FORMAT_8888) \
    X(leave_8,           composite_8,           DESTINATION,  ANY_PAINT,         ANY_COVERAGE, FORMAT_8) \
    X(over_n_8_8888,     over_n_8_8888,         SOURCE_OVER,  OPAQUE_SOLID,      MASK,         FORMAT_8888) \
    X(over_n_8888,       composite_8888,        SOURCE_OVER,  TRANSLUCENT_SOLID, ANY_COVERAGE, FORMAT_8888) \
    X(blend_double_8888, composite_double_8888, BLEND_DOUBLE, ANY_PAINT,         ANY_COVERAGE, FORMAT_8888) \
    X(operator_8888,     composite_8888,        ANY_OPERATOR, ANY_PAINT,         ANY_COVERAGE, FORMAT_8888) \
    X(operator_8,        composite_8,           PORTER_DUFF,  ANY_PAINT,         ANY_COVERAGE, FORMAT_8)
// clang-format on

/// The kernels' indices in the rows' order, SHEEN_KERNEL_COUNT after the last.
enum {
#define SHEEN_KERNEL_INDEX(name, ...) SHEEN_KERNEL_##name,
    SHEEN_KERNELS(SHEEN_KERNEL_INDEX)
#undef SHEEN_KERNEL_INDEX
    SHEEN_KERNEL_COUNT
};

/// Kernel `k`'s name ("over_n_8_8888"); NULL past the last.
static inline const char *sheen_simd_kernel_name(uint32_t k) {
    switch (k) {
#define SHEEN_KERNEL_NAME(name, ...) case SHEEN_KERNEL_##name: return #name;
        SHEEN_KERNELS(SHEEN_KERNEL_NAME)
#undef SHEEN_KERNEL_NAME
    default: return 0;
    }
}

/// The SheenKernelTable field that runs kernel `k` ("composite"); NULL past the last.
static inline const char *sheen_simd_kernel_entry(uint32_t k) {
    switch (k) {
#define SHEEN_KERNEL_ENTRY(name, entry, ...) case SHEEN_KERNEL_##name: return #entry;
        SHEEN_KERNELS(SHEEN_KERNEL_ENTRY)
#undef SHEEN_KERNEL_ENTRY
    default: return 0;
    }
}

/// What kernel `k` computes, a sentence; NULL past the last.
static inline const char *sheen_simd_kernel_summary(uint32_t k) {
    switch (k) {
#define SHEEN_KERNEL_SUMMARY(name, entry, summary) case SHEEN_KERNEL_##name: return summary;
        SHEEN_KERNELS(SHEEN_KERNEL_SUMMARY)
#undef SHEEN_KERNEL_SUMMARY
    default: return 0;
    }
}

/// The fast paths' indices in the rows' order, SHEEN_PATH_COUNT after the last.
enum {
#define SHEEN_PATH_INDEX(path, ...) SHEEN_PATH_##path,
    SHEEN_COMPOSITE_PATHS(SHEEN_PATH_INDEX)
#undef SHEEN_PATH_INDEX
    SHEEN_PATH_COUNT
};

/// What a composite entry returns: 0 when the job ran, SHEEN_COMPOSITE_NO_PATH (nothing
/// written) when no fast path matches it — an operator past the last, a blend mode onto A8.
enum { SHEEN_COMPOSITE_NO_PATH = -1 };

// The fast-path columns' tests on (op, solid, opaque, masked, bytesPerPixel).
#define SHEEN_PATH_DESTINATION(op) ((op) == SHEEN_SIMD_OP_DESTINATION)
#define SHEEN_PATH_SOURCE_OVER(op) ((op) == SHEEN_SIMD_OP_SOURCE_OVER)
#define SHEEN_PATH_BLEND_DOUBLE(op) (sheen_simd_operator_kind(op) == SHEEN_SIMD_BLEND_DOUBLE)
#define SHEEN_PATH_PORTER_DUFF(op) (sheen_simd_operator_kind(op) == SHEEN_SIMD_PORTER_DUFF)
#define SHEEN_PATH_ANY_OPERATOR(op) 1
#define SHEEN_PATH_OPAQUE_SOLID(solid, opaque) ((solid) && (opaque))
#define SHEEN_PATH_TRANSLUCENT_SOLID(solid, opaque) ((solid) && !(opaque))
#define SHEEN_PATH_ANY_PAINT(solid, opaque) 1
#define SHEEN_PATH_MASK(masked) (masked)
#define SHEEN_PATH_ANY_COVERAGE(masked) 1
#define SHEEN_PATH_FORMAT_8888(bpp) ((bpp) == 4)
#define SHEEN_PATH_FORMAT_8(bpp) ((bpp) == 1)

/// The fast path (SHEEN_PATH_*) of a composite of operator `op` whose paint is one value
/// (`solid`, its alpha 255 when `opaque`) or rows, through a mask (`masked`) or not, onto pixels
/// of `bytesPerPixel` bytes: the first SHEEN_COMPOSITE_PATHS row that matches; -1 when none does
/// (an operator past the last, a blend mode onto A8, another pixel size).
static inline int sheen_simd_composite_path(uint32_t op, int solid, int opaque, int masked, uint32_t bytesPerPixel) {
    if (op >= SHEEN_SIMD_OP_COUNT) return -1;
#define SHEEN_PATH_MATCH(path, kernel, o, p, c, f)                                                              \
    if (SHEEN_PATH_##o(op) && SHEEN_PATH_##p(solid, opaque) && SHEEN_PATH_##c(masked) && SHEEN_PATH_##f(bytesPerPixel)) \
        return SHEEN_PATH_##path;
    SHEEN_COMPOSITE_PATHS(SHEEN_PATH_MATCH)
#undef SHEEN_PATH_MATCH
    return -1;
}

/// The kernel (SHEEN_KERNEL_*) of fast path `path`; -1 past the last.
static inline int sheen_simd_path_kernel(int path) {
    switch (path) {
#define SHEEN_PATH_KERNEL(path, kernel, ...) case SHEEN_PATH_##path: return SHEEN_KERNEL_##kernel;
        SHEEN_COMPOSITE_PATHS(SHEEN_PATH_KERNEL)
#undef SHEEN_PATH_KERNEL
    default: return -1;
    }
}

/// Fast path `path`'s name ("over_n_8_8888"); NULL past the last.
static inline const char *sheen_simd_path_name(int path) {
    switch (path) {
#define SHEEN_PATH_NAME(path, ...) case SHEEN_PATH_##path: return #path;
        SHEEN_COMPOSITE_PATHS(SHEEN_PATH_NAME)
#undef SHEEN_PATH_NAME
    default: return 0;
    }
}

/// The kernel (SHEEN_KERNEL_*) that runs such a composite (the arguments of
/// sheen_simd_composite_path): its fast path's; -1 when no path matches.
static inline int sheen_simd_composite_kernel(uint32_t op, int solid, int opaque, int masked, uint32_t bytesPerPixel) {
    return sheen_simd_path_kernel(sheen_simd_composite_path(op, solid, opaque, masked, bytesPerPixel));
}

#endif
