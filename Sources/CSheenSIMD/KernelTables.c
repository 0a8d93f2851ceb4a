// Each C level's kernel table: the entries SheenRaster dispatches through (KernelTable.swift),
// written once for every level, so a kernel added to SheenKernelTable is filled at every level.
#include "CSheenSIMD.h"

#define SHEEN_KERNEL_TABLE(level)                          \
    const SheenKernelTable sheen_kernels_##level = {       \
        .composite = sheen_composite_##level,              \
        .gradient_span = sheen_gradient_span_##level,      \
        .blur = sheen_blur_##level,                        \
        .fill_rows = sheen_fill_rows_##level,              \
        .copy_rows = sheen_copy_rows_##level,              \
        .check_premultiplied = sheen_check_premultiplied_##level, \
        .sample_bilinear = sheen_sample_bilinear_##level,  \
        .sample_convolution = sheen_sample_convolution_##level, \
    };

SHEEN_KERNEL_TABLE(simd128)
SHEEN_KERNEL_TABLE(avx2)
SHEEN_KERNEL_TABLE(avx512)
