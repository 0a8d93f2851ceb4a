// Row fills and copies (fill_rows, copy_rows), the premultiplied check (check_premultiplied),
// bilinear sampling (sample_bilinear) and convolution sampling (sample_convolution)
// built for the 128-bit level: 16-byte vectors.
#include "CSheenSIMD.h"

SHEEN_BEGIN_SIMD128
#define SHEEN_ROW_VECTOR 16
#define SHEEN_FILL_ENTRY sheen_fill_rows_simd128
#define SHEEN_COPY_ENTRY sheen_copy_rows_simd128
#define SHEEN_CHECK_ENTRY sheen_check_premultiplied_simd128
#define SHEEN_SAMPLE_ENTRY sheen_sample_bilinear_simd128
#define SHEEN_CONVOLUTION_ENTRY sheen_sample_convolution_simd128
#include "RowsBody.h"
#include "PremultipliedCheckBody.h"
#include "SampleBilinearBody.h"
#include "SampleConvolutionBody.h"
SHEEN_END_SIMD128
