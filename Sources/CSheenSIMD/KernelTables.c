// Each C level's kernel table: the entries SheenRaster dispatches through (KernelTable.swift).
#include "CSheenSIMD.h"

const SheenKernelTable sheen_kernels_avx2 = {
    .composite = sheen_composite_avx2,
    .gradient_span = sheen_gradient_avx2,
    .blur = sheen_blur_avx2,
    .fill_rows = sheen_fill_rows_avx2,
    .copy_rows = sheen_copy_rows_avx2,
};

const SheenKernelTable sheen_kernels_avx512 = {
    .composite = sheen_composite_avx512,
    .gradient_span = sheen_gradient_avx512,
    .blur = sheen_blur_avx512,
    .fill_rows = sheen_fill_rows_avx512,
    .copy_rows = sheen_copy_rows_avx512,
};
