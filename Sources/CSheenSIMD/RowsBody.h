// Row fills and row copies over whole rectangles, compiled per level like the other bodies
// (Rows+AVX2.c, Rows+AVX512.c define SHEEN_ROW_VECTOR, the bytes of one store, and the entry
// names). They are the stores behind the structure-aware gradient paths and the 1-pixel pattern:
// there the baseline target's 16-byte stores and a call per row ran at about 0.6× memset, the
// level's widest stores over every row in one call run at memset's speed.

#include <stdint.h>
#include <string.h>

#define INLINE SHEEN_INLINE
#include "ShortCopy.h"

typedef uint8_t rowvec __attribute__((ext_vector_type(SHEEN_ROW_VECTOR)));

/// `n` bytes of the repeating 4-byte (or 1-byte) pattern in `v` from `d`.
INLINE void fill_row(uint8_t *d, rowvec v, intptr_t n) {
    if (n >= SHEEN_ROW_VECTOR) {
        intptr_t i = 0;
        for (; i + SHEEN_ROW_VECTOR <= n; i += SHEEN_ROW_VECTOR) memcpy(d + i, &v, SHEEN_ROW_VECTOR);
        // The tail as one store ending at n, over bytes already written: n − SHEEN_ROW_VECTOR is a
        // multiple of the pattern's period (4 or 1 bytes), so they get the same values again.
        if (i < n) memcpy(d + n - SHEEN_ROW_VECTOR, &v, SHEEN_ROW_VECTOR);
    } else {
        // A short row: the vector's head is its bytes (the pattern starts at byte 0).
        uint8_t head[SHEEN_ROW_VECTOR];
        memcpy(head, &v, sizeof head);
        copy_short(d, head, (size_t)n);
    }
}

void SHEEN_FILL_ENTRY(uint8_t *dst, intptr_t stride, intptr_t width, intptr_t height, uint32_t bytesPerPixel,
                      const uint8_t *values, intptr_t count, intptr_t phase) {
    const intptr_t n = width * bytesPerPixel;
    intptr_t k = phase % count;
    for (intptr_t r = 0; r < height; r++) {
        uint32_t value;
        if (bytesPerPixel == 4) {
            memcpy(&value, values + 4 * k, 4);
        } else {
            value = values[k] * 0x01010101u;
        }
        rowvec v;
        for (int b = 0; b < SHEEN_ROW_VECTOR; b += 4) memcpy((uint8_t *)&v + b, &value, 4);
        fill_row(dst + r * stride, v, n);
        if (++k == count) k = 0;
    }
}

void SHEEN_COPY_ENTRY(uint8_t *dst, intptr_t stride, intptr_t rowBytes, intptr_t height, const uint8_t *src,
                      intptr_t srcStride, intptr_t period) {
    for (intptr_t r = 0; r < height; r++) {
        uint8_t *d = dst + r * stride;
        const uint8_t *s = src + (r % period) * srcStride;
        intptr_t i = 0;
        for (; i + SHEEN_ROW_VECTOR <= rowBytes; i += SHEEN_ROW_VECTOR) {
            rowvec v;
            memcpy(&v, s + i, SHEEN_ROW_VECTOR);
            memcpy(d + i, &v, SHEEN_ROW_VECTOR);
        }
        // The tail as one copy ending at rowBytes (over bytes already copied), or a short row's bytes.
        if (i < rowBytes) {
            if (rowBytes >= SHEEN_ROW_VECTOR) {
                rowvec v;
                memcpy(&v, s + rowBytes - SHEEN_ROW_VECTOR, SHEEN_ROW_VECTOR);
                memcpy(d + rowBytes - SHEEN_ROW_VECTOR, &v, SHEEN_ROW_VECTOR);
            } else {
                copy_short(d, s, (size_t)rowBytes);
            }
        }
    }
}
