// Row fills and row copies over whole rectangles, compiled per level like the other bodies
// (Rows+AVX2.c, Rows+AVX512.c define SHEEN_ROW_VECTOR, the bytes of one store, and the entry
// names). They are the stores behind the structure-aware gradient paths and the 1-pixel pattern:
// there the baseline target's 16-byte stores and a call per row ran at about 0.6× memset, the
// level's widest stores over every row in one call run at memset's speed. A rectangle larger
// than sheen_streaming_threshold() (CPU.c) cannot stay in the cache, so its rows are stored
// around it (non-temporal stores): ordinary stores would first read every line from memory,
// which held copies of 3840×2160 rows at 0.6× memset. The bytes written are the same either way.

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

enum { LINE = 64, PER_LINE = LINE / SHEEN_ROW_VECTOR };

INLINE rowvec load_row(const uint8_t *p) {
    rowvec v;
    memcpy(&v, p, SHEEN_ROW_VECTOR);
    return v;
}

/// Stores the `n` bytes of a row at `d`: the whole 64-byte lines inside with non-temporal stores
/// of `at(i)` (the vector of bytes i ..< i + SHEEN_ROW_VECTOR), the bytes before the first line
/// and after the last through copy_short from `from(i)` (the bytes from i on). No byte is stored
/// twice, so non-temporal and ordinary stores never meet in one place.
#define STREAM_ROW(d, n, from, at)                                                              \
    do {                                                                                        \
        uint8_t *d_ = (d);                                                                      \
        const intptr_t n_ = (n);                                                                \
        intptr_t i_ = (intptr_t)((LINE - (uintptr_t)d_ % LINE) % LINE);                         \
        if (i_ > n_) i_ = n_;                                                                   \
        copy_short(d_, from(0), (size_t)i_);                                                    \
        for (; i_ + LINE <= n_; i_ += LINE) {                                                   \
            for (int k_ = 0; k_ < PER_LINE; k_++) {                                             \
                rowvec v_ = at(i_ + k_ * SHEEN_ROW_VECTOR);                                     \
                __builtin_nontemporal_store(v_, (rowvec *)(void *)(d_ + i_ + k_ * SHEEN_ROW_VECTOR)); \
            }                                                                                   \
        }                                                                                       \
        copy_short(d_ + i_, from(i_), (size_t)(n_ - i_));                                       \
    } while (0)

/// Whether a rectangle of `height` rows of `rowBytes` is stored around the cache.
INLINE int streaming(intptr_t rowBytes, intptr_t height) {
    return rowBytes >= 2 * LINE && height > 0 && rowBytes > sheen_streaming_threshold() / height;
}

void SHEEN_FILL_ENTRY(uint8_t *dst, intptr_t stride, intptr_t width, intptr_t height, uint32_t bytesPerPixel,
                      const uint8_t *values, intptr_t count, intptr_t phase) {
    const intptr_t n = width * bytesPerPixel;
    intptr_t k = phase % count;
    const int stream = streaming(n, height);
    for (intptr_t r = 0; r < height; r++) {
        uint32_t value;
        if (bytesPerPixel == 4) {
            memcpy(&value, values + 4 * k, 4);
        } else {
            value = values[k] * 0x01010101u;
        }
        rowvec v;
        for (int b = 0; b < SHEEN_ROW_VECTOR; b += 4) memcpy((uint8_t *)&v + b, &value, 4);
        uint8_t *d = dst + r * stride;
        // Streamed only where every line starts the 4-byte pattern afresh (a row starting on a
        // 4-byte boundary, or bytes), so one vector serves every line.
        if (stream && (bytesPerPixel == 1 || (uintptr_t)d % 4 == 0)) {
            // Every edge starts on a 4-byte boundary of the row, so the pattern from byte 0 fits both.
            uint8_t edge[LINE];
            for (int b = 0; b < LINE; b += SHEEN_ROW_VECTOR) memcpy(edge + b, &v, SHEEN_ROW_VECTOR);
#define FILL_FROM(i) edge
#define FILL_AT(i) v
            STREAM_ROW(d, n, FILL_FROM, FILL_AT);
#undef FILL_FROM
#undef FILL_AT
        } else {
            fill_row(d, v, n);
        }
        if (++k == count) k = 0;
    }
    if (stream) __builtin_ia32_sfence();
}

void SHEEN_COPY_ENTRY(uint8_t *dst, intptr_t stride, intptr_t rowBytes, intptr_t height, const uint8_t *src,
                      intptr_t srcStride, intptr_t period) {
    if (streaming(rowBytes, height)) {
        for (intptr_t r = 0; r < height; r++) {
            uint8_t *d = dst + r * stride;
            const uint8_t *s = src + (r % period) * srcStride;
#define COPY_FROM(i) (s + (i))
#define COPY_AT(i) load_row(s + (i))
            STREAM_ROW(d, rowBytes, COPY_FROM, COPY_AT);
#undef COPY_FROM
#undef COPY_AT
        }
        __builtin_ia32_sfence();
        return;
    }
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
