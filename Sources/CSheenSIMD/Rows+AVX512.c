// Row fills and copies built for AVX-512: 64-byte stores.
#include "CSheenSIMD.h"

#if defined(__x86_64__)
#pragma clang attribute push(__attribute__((target("avx512f,avx512bw,avx512vl,avx512dq,avx2,fma,bmi,bmi2,popcnt,f16c,lzcnt,movbe"))), apply_to = function)
#define SHEEN_ROW_VECTOR 64
#define SHEEN_FILL_ENTRY sheen_fill_rows_avx512
#define SHEEN_COPY_ENTRY sheen_copy_rows_avx512
#include "RowsBody.h"
#pragma clang attribute pop
#else
void sheen_fill_rows_avx512(uint8_t *dst, intptr_t stride, intptr_t width, intptr_t height, uint32_t bytesPerPixel,
                          const uint8_t *values, intptr_t count, intptr_t phase) {
    (void)dst; (void)stride; (void)width; (void)height; (void)bytesPerPixel; (void)values; (void)count; (void)phase;
}
void sheen_copy_rows_avx512(uint8_t *dst, intptr_t stride, intptr_t rowBytes, intptr_t height, const uint8_t *src,
                          intptr_t srcStride, intptr_t period) {
    (void)dst; (void)stride; (void)rowBytes; (void)height; (void)src; (void)srcStride; (void)period;
}
#endif
