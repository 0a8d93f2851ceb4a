// check_premultiplied, compiled per level like the other bodies (Rows+SIMD128.c, Rows+AVX2.c,
// Rows+AVX512.c define SHEEN_ROW_VECTOR, the bytes of one vector, and SHEEN_CHECK_ENTRY, the
// entry's name): rows of 32-bit pixels searched
// for a colour byte above its pixel's alpha byte — the fourth byte of each pixel, in BGRA and
// RGBA alike —, which is not valid premultiplied colour. Validation reads every pixel of its
// input before a kernel does (the drop-in pixman hands such pixels to pixman), so it must run
// near the speed of a read: per vector one load, one in-lane byte shuffle (the alpha byte into
// its pixel's four), one compare and an OR, tested once a row.

#include <stdint.h>
#include <string.h>

#include "ShortCopy.h"

typedef uint8_t checkvec __attribute__((ext_vector_type(SHEEN_ROW_VECTOR)));

SHEEN_INLINE checkvec load_check(const uint8_t *p) {
    checkvec v;
    memcpy(&v, p, SHEEN_ROW_VECTOR);
    return v;
}

/// Each byte of `v` replaced by its pixel's alpha byte (byte 3 of each 4).
SHEEN_INLINE checkvec alpha_bytes(checkvec v) {
#define A4(i) (i) + 3, (i) + 3, (i) + 3, (i) + 3
#define A16(i) A4(i), A4((i) + 4), A4((i) + 8), A4((i) + 12)
#if SHEEN_ROW_VECTOR == 16
    return __builtin_shufflevector(v, v, A16(0));
#elif SHEEN_ROW_VECTOR == 32
    return __builtin_shufflevector(v, v, A16(0), A16(16));
#else
    return __builtin_shufflevector(v, v, A16(0), A16(16), A16(32), A16(48));
#endif
#undef A16
#undef A4
}

/// Bytes of `v` above their pixel's alpha byte: all ones there, zero elsewhere.
SHEEN_INLINE checkvec above_alpha(checkvec v) { return (checkvec)(v > alpha_bytes(v)); }

/// Whether one of the `n` bytes (whole pixels) at `p` is a colour byte above its alpha. Reads
/// the `n` bytes and nothing else: the last vector ends at `n` (over pixels already read, which
/// changes nothing: a vector of whole pixels starts at a multiple of 4), a row shorter than a
/// vector is copied into zeros (valid colour) first.
SHEEN_INLINE int row_has_colour_above_alpha(const uint8_t *p, intptr_t n) {
    checkvec bad = (checkvec)0;
    intptr_t i = 0;
    for (; i + 2 * SHEEN_ROW_VECTOR <= n; i += 2 * SHEEN_ROW_VECTOR) {
        bad |= above_alpha(load_check(p + i)) | above_alpha(load_check(p + i + SHEEN_ROW_VECTOR));
    }
    if (i + SHEEN_ROW_VECTOR <= n) {
        bad |= above_alpha(load_check(p + i));
        i += SHEEN_ROW_VECTOR;
    }
    if (i < n) {
        if (n >= SHEEN_ROW_VECTOR) {
            bad |= above_alpha(load_check(p + n - SHEEN_ROW_VECTOR));
        } else {
            uint8_t head[SHEEN_ROW_VECTOR] = {0};
            copy_short(head, p, (size_t)n);
            bad |= above_alpha(load_check(head));
        }
    }
    return __builtin_reduce_or(bad) != 0;
}

intptr_t SHEEN_CHECK_ENTRY(const uint8_t *src, intptr_t stride, intptr_t width, intptr_t height) {
    for (intptr_t r = 0; r < height; r++) {
        if (row_has_colour_above_alpha(src + r * stride, 4 * width)) return r;
    }
    return -1;
}
