// Paint rows converted to the destination's format — red and blue swapped, alpha bytes taken,
// padding made opaque — by the job's row walker (CompositeEntry.h) into scratch, or by its copy
// of converted rows straight into the destination.

typedef uint32_t pixels4 __attribute__((ext_vector_type(4)));
typedef uint32_t pixels8 __attribute__((ext_vector_type(8)));

/// 4 pixels from `row` or-ed with `padding` into `out`.
INLINE void opaque_pixels4(const uint8_t *row, uint8_t *out, uint32_t padding) {
    pixels4 v;
    memcpy(&v, row, 16);
    v |= padding;
    memcpy(out, &v, 16);
}

/// 16 pixels from `row` or-ed with `padding` into `out`, as four 16-byte quarters.
INLINE void opaque_pixels16(const uint8_t *row, uint8_t *out, uint32_t padding) {
    pixels4 v[4];
    for (int k = 0; k < 4; k++) memcpy(&v[k], row + 16 * k, 16);
    for (int k = 0; k < 4; k++) {
        v[k] |= padding;
        memcpy(out + 16 * k, &v[k], 16);
    }
}

/// 16 pixels from `row` or-ed with `padding` into `out`, as two 32-byte halves.
INLINE void opaque_pixels16_halves(const uint8_t *row, uint8_t *out, uint32_t padding) {
    pixels8 v, w;
    memcpy(&v, row, 32);
    memcpy(&w, row + 32, 32);
    v |= padding;
    w |= padding;
    memcpy(out, &v, 32);
    memcpy(out + 32, &w, 32);
}

/// `n` 32-bit pixels from `row` or-ed with `padding` into `out` (on 16 bytes) as pixman's own
/// loop does it: 16 a step in 16-byte loads and stores from the row's start, the rest 4 and 1 a
/// step. Images of rows of 128 pixels and more leave the L1 cache; there this ran at pixman's
/// speed, and each other form tried slower on an Intel Xeon (128 × 128 and 256 × 256 images):
/// 32-byte stores from a 64-byte boundary of `out` (a store across two cache lines — cairo's
/// images lie 16 bytes past one, where malloc puts a large block — had cost 16 %) after a head
/// of 4 pixels a step 0.91–0.99×, the head as one 64-byte store 0.91–0.95×, a head of 4 pixels
/// before these 16-byte steps 0.93–0.99× (bench/pixman.md, twenty-fifth stage).
INLINE void opaque_pixels_aligned(const uint8_t *row, uint8_t *out, intptr_t n, uint32_t padding) {
    intptr_t i = 0;
    for (; i + 16 <= n; i += 16) opaque_pixels16(row + 4 * i, out + 4 * i, padding);
    for (; i + 4 <= n; i += 4) opaque_pixels4(row + 4 * i, out + 4 * i, padding);
    for (; i < n; i++) {
        uint32_t v;
        memcpy(&v, row + 4 * i, 4);
        v |= padding;
        memcpy(out + 4 * i, &v, 4);
    }
}

/// `n` ≥ 16 32-bit pixels from `row` or-ed with `padding` into `out`, for pixels that stay in the
/// L1 cache (copy_converted_rows' small images): 16 at the start, then 16 a step in 32-byte halves
/// from the first 64-byte boundary of `out` past it, the last 16 ending at `n` — the first and
/// last ones over pixels stored again with the same values (or-ing twice changes nothing, even
/// where `row` is `out`). A 64 × 64 image so 1.6× pixman's speed, in 16-byte steps 1.3×. (No
/// 64-byte stores: on an AMD EPYC they had made the copy ~10 % slower than 32-byte ones.)
INLINE void opaque_pixels_cached(const uint8_t *row, uint8_t *out, intptr_t n, uint32_t padding) {
    opaque_pixels16_halves(row, out, padding);
    intptr_t i = (intptr_t)((64 - (uintptr_t)out % 64) % 64) / 4;
    if (i == 0) i = 16;
    for (; i + 16 <= n; i += 16) opaque_pixels16_halves(row + 4 * i, out + 4 * i, padding);
    if (i < n) opaque_pixels16_halves(row + 4 * (n - 16), out + 4 * (n - 16), padding);
}

/// The `n` paint pixels at `row` converted into `out` as `conversion` (a paintConversion) says:
/// its 32-bit pixels with red and blue swapped, or their alpha bytes (padding read as alpha 255
/// first where it says so).
/// One loop per kind of conversion, each sheen_paint_converted's own arithmetic, so that each
/// vectorises (a loop testing the conversion per pixel ran at 1 ns a pixel, ten times a copy).
INLINE void convert_paint_pixels(uint32_t conversion, const uint8_t *row, uint8_t *out, intptr_t n) {
    const uint32_t padding = (conversion & SHEEN_PAINT_OPAQUE) ? 0xFF000000u : 0;
    if (sheen_paint_conversion_is_alpha(conversion)) {
        for (intptr_t i = 0; i < n; i++) {
            uint32_t v;
            memcpy(&v, row + 4 * i, 4);
            out[i] = (uint8_t)((v | padding) >> 24);
        }
    } else if ((conversion & ~(uint32_t)SHEEN_PAINT_OPAQUE) == SHEEN_PAINT_SWAP_RED_BLUE) {
        for (intptr_t i = 0; i < n; i++) {
            uint32_t v;
            memcpy(&v, row + 4 * i, 4);
            v |= padding;
            v = (v & 0xFF00FF00u) | ((v >> 16) & 0xFFu) | ((v & 0xFFu) << 16);
            memcpy(out + 4 * i, &v, 4);
        }
    } else if (n >= 128 && (uintptr_t)out % 16 == 0) {
        opaque_pixels_aligned(row, out, n, padding);
    } else {
        // (Shorter rows, whose lines stay in the L1 cache, ran ~30 % slower aligned: the head's
        // and tail's steps cost more there than the split stores, 64 pixels a row.) 256 bits a
        // step: AVX-512's 64-byte stores made it ~10 % slower on an AMD EPYC.
#pragma clang loop vectorize_width(8)
        for (intptr_t i = 0; i < n; i++) {
            uint32_t v;
            memcpy(&v, row + 4 * i, 4);
            v |= padding;
            memcpy(out + 4 * i, &v, 4);
        }
    }
}

