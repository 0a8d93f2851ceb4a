// Row fills and row copies over whole rectangles, compiled per level like the other bodies
// (Rows+SIMD128.c, Rows+AVX2.c, Rows+AVX512.c define SHEEN_ROW_VECTOR, the bytes of one store,
// and the entry names). They are the stores behind the structure-aware gradient paths and the 1-pixel pattern:
// there the baseline target's 16-byte stores and a call per row fell well short of memset, the
// level's widest stores over every row in one call run at memset's speed. A copy larger than
// sheen_streaming_threshold() (CPU.c) cannot stay in the cache, so its rows are stored around it
// (non-temporal stores), which was faster; fills keep ordinary stores, which streamed were
// slower than memset (the figures are in bench/kernel-notes.md, "Rows"). The bytes written are
// the same either way.

#include <stdint.h>
#include <string.h>

#include "ShortCopy.h"

#define INLINE SHEEN_INLINE

typedef uint8_t rowvec __attribute__((ext_vector_type(SHEEN_ROW_VECTOR)));

/// Bytes from `d` to the next SHEEN_ROW_VECTOR boundary (0 where it lies on one).
INLINE intptr_t to_boundary(const uint8_t *d) {
    return (intptr_t)((SHEEN_ROW_VECTOR - (uintptr_t)d % SHEEN_ROW_VECTOR) % SHEEN_ROW_VECTOR);
}

/// `n` bytes of the repeating 4-byte (or 1-byte) pattern in `v` from `d`.
INLINE void fill_row(uint8_t *d, rowvec v, intptr_t n) {
    if (n >= SHEEN_ROW_VECTOR) {
        // Stores on vector boundaries after a first one at `d`: rows off a boundary (cairo's
        // images lie 16 bytes past one, where malloc puts a large block) split every store
        // across two cache lines, which cost pixman_fill of 256 × 256 8 % on an Intel Xeon. The
        // boundary must lie a multiple of 4 bytes on, to keep the pattern's phase (a 1-byte
        // pattern off it keeps its stores where they fall).
        intptr_t i = to_boundary(d);
        if (i % 4 == 0) {
            memcpy(d, &v, SHEEN_ROW_VECTOR);
        } else {
            i = 0;
        }
        for (; i + SHEEN_ROW_VECTOR <= n; i += SHEEN_ROW_VECTOR) memcpy(d + i, &v, SHEEN_ROW_VECTOR);
        // The tail as one store ending at n, over bytes already written: n − SHEEN_ROW_VECTOR is a
        // multiple of the pattern's period (4 or 1 bytes), so they get the same values again.
        if (i < n) memcpy(d + n - SHEEN_ROW_VECTOR, &v, SHEEN_ROW_VECTOR);
    } else {
        // A short row: the vector's head is its bytes (the pattern starts at byte 0, and its
        // period, 4 or 1 bytes, divides every offset below but the last two, which only a 1-byte
        // pattern reaches), stored from the register. (Copied through a buffer on the stack, each
        // row's bytes were loaded right after the last row's stores: pixman_fill of a few pixels
        // at a time ran at 13 or 41 ticks a call from one process to the next.)
        intptr_t o = 0;
#if SHEEN_ROW_VECTOR > 32
        if (n & 32) { memcpy(d + o, &v, 32); o += 32; }
#endif
#if SHEEN_ROW_VECTOR > 16
        if (n & 16) { memcpy(d + o, &v, 16); o += 16; }
#endif
        if (n & 8) { memcpy(d + o, &v, 8); o += 8; }
        if (n & 4) { memcpy(d + o, &v, 4); o += 4; }
        if (n & 2) { memcpy(d + o, &v, 2); o += 2; }
        if (n & 1) memcpy(d + o, &v, 1);
    }
}

enum { LINE = 64, PER_LINE = LINE / SHEEN_ROW_VECTOR };

INLINE rowvec load_row(const uint8_t *p) {
    rowvec v;
    memcpy(&v, p, SHEEN_ROW_VECTOR);
    return v;
}

/// Copies the `n` bytes of a row from `s` to `d`: the whole 64-byte lines of `d` with
/// non-temporal stores, the bytes before the first line and after the last (< 64 each) through
/// copy_short. No byte is stored twice, so non-temporal and ordinary stores never meet.
INLINE void copy_row_streamed(uint8_t *d, const uint8_t *s, intptr_t n) {
    intptr_t i = (intptr_t)((LINE - (uintptr_t)d % LINE) % LINE);
    if (i > n) i = n;
    copy_short(d, s, (size_t)i);
    for (; i + LINE <= n; i += LINE) {
        for (int k = 0; k < PER_LINE; k++) {
            __builtin_nontemporal_store(load_row(s + i + k * SHEEN_ROW_VECTOR),
                                        (rowvec *)(void *)(d + i + k * SHEEN_ROW_VECTOR));
        }
    }
    copy_short(d + i, s + i, (size_t)(n - i));
}

/// Whether a copy of `height` rows of `rowBytes` is stored around the cache.
INLINE int streaming(intptr_t rowBytes, intptr_t height) {
    return rowBytes >= 2 * LINE && height > 0 && rowBytes > sheen_streaming_threshold() / height;
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
    if (streaming(rowBytes, height)) {
        for (intptr_t r = 0; r < height; r++) {
            copy_row_streamed(dst + r * stride, src + (r % period) * srcStride, rowBytes);
        }
        // Streamed stores are weakly ordered: fence them before whatever the caller stores next.
#if SHEEN_X86
        __builtin_ia32_sfence();
#else
        __atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
        return;
    }
    for (intptr_t r = 0; r < height; r++) {
        uint8_t *d = dst + r * stride;
        const uint8_t *s = src + (r % period) * srcStride;
        intptr_t i = 0;
        // Four lines loaded, then four stored: with one load and one store in turn the 1920×1080
        // horizontal gradient ran at 0.83× memset, grouped at 0.90× (bench/kernel-notes.md).
        // The destination's stores on vector boundaries after a first copy at its start (as
        // fill_row's, for the same reason).
        if (rowBytes >= 2 * SHEEN_ROW_VECTOR) {
            rowvec v;
            memcpy(&v, s, SHEEN_ROW_VECTOR);
            memcpy(d, &v, SHEEN_ROW_VECTOR);
            i = to_boundary(d);
        }
        for (; i + 4 * LINE <= rowBytes; i += 4 * LINE) {
            rowvec v[4 * PER_LINE];
            for (int k = 0; k < 4 * PER_LINE; k++) v[k] = load_row(s + i + k * SHEEN_ROW_VECTOR);
            for (int k = 0; k < 4 * PER_LINE; k++) memcpy(d + i + k * SHEEN_ROW_VECTOR, &v[k], SHEEN_ROW_VECTOR);
        }
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
