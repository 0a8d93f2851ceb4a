// Row fills and copies (fill_rows, copy_rows), the premultiplied check (check_premultiplied),
// bilinear sampling (sample_bilinear) and convolution sampling (sample_convolution)
// built for AVX2: 32-byte vectors.
#include "CSheenSIMD.h"

#if defined(__x86_64__)
#include <immintrin.h>
SHEEN_BEGIN_AVX2
// sample_bilinear's groups of 4 pixels of a magnified image picked by doubleword permutes.
#define SHEEN_SAMPLE_QUADS 1
#define SHEEN_ROW_VECTOR 32
#define SHEEN_FILL_ENTRY sheen_fill_rows_avx2
#define SHEEN_COPY_ENTRY sheen_copy_rows_avx2
#define SHEEN_CHECK_ENTRY sheen_check_premultiplied_avx2
#define SHEEN_SAMPLE_ENTRY sheen_sample_bilinear_avx2
#define SHEEN_CONVOLUTION_ENTRY sheen_sample_convolution_avx2
#include "RowsBody.h"
#include "PremultipliedCheckBody.h"
#include "SampleBilinearBody.h"
#include "SampleConvolutionBody.h"
SHEEN_END_LEVEL
#else
void sheen_fill_rows_avx2(uint8_t *dst, intptr_t stride, intptr_t width, intptr_t height, uint32_t bytesPerPixel,
                          const uint8_t *values, intptr_t count, intptr_t phase) {
    (void)dst; (void)stride; (void)width; (void)height; (void)bytesPerPixel; (void)values; (void)count; (void)phase;
}
void sheen_copy_rows_avx2(uint8_t *dst, intptr_t stride, intptr_t rowBytes, intptr_t height, const uint8_t *src,
                          intptr_t srcStride, intptr_t period) {
    (void)dst; (void)stride; (void)rowBytes; (void)height; (void)src; (void)srcStride; (void)period;
}
intptr_t sheen_check_premultiplied_avx2(const uint8_t *src, intptr_t stride, intptr_t width, intptr_t height) {
    (void)src; (void)stride; (void)width; (void)height;
    return -1;
}
void sheen_sample_bilinear_avx2(const SheenBilinearJob *job) { (void)job; }
void sheen_sample_convolution_avx2(const SheenConvolutionJob *job) { (void)job; }
#endif
