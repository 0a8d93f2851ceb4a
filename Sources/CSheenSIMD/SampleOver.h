// sample_bilinear's sourceOver of samples through their coverage (SampleBilinearBody.h): a job's
// `over`, one pixel or four at a time, in the composite kernels' arithmetic.

/// ⌊x / 255⌉ (x ≤ 255²): Div255.swift's roundDiv255, on one value and (a macro: a vector wider
/// than some levels' registers is no function argument) on sixteen 16-bit lanes, where x + 128 +
/// (x + 128) / 256 still fits.
SHEEN_INLINE uint32_t sample_div255(uint32_t x) {
    const uint32_t t = x + 128;
    return (t + (t >> 8)) >> 8;
}
#define SAMPLE_DIV255_16(x) ({ const sample16x t_ = (x) + 128; (t_ + (t_ >> 8)) >> 8; })

/// sourceOver of sample `p` (a 32-bit pixel, alpha its fourth byte) onto the pixel at `d`
/// through coverage `c` (0…255), as SheenBilinearJob's `over` states it (CompositeReference's
/// sourceOver through coverage: an opaque sample lerped, rounded once; any other scaled by the
/// coverage, then over, saturating).
SHEEN_INLINE void sample_over1(uint8_t *d, uint32_t p, uint32_t c) {
    if (p >> 24 == 255) {
        for (int k = 0; k < 4; k++) d[k] = (uint8_t)sample_div255(((p >> (8 * k)) & 255) * c + d[k] * (255 - c));
        return;
    }
    uint32_t scaled[4];
    for (int k = 0; k < 4; k++) scaled[k] = sample_div255(((p >> (8 * k)) & 255) * c);
    for (int k = 0; k < 4; k++) {
        const uint32_t v = scaled[k] + sample_div255(d[k] * (255 - scaled[3]));
        d[k] = (uint8_t)(v > 255 ? 255 : v);
    }
}

/// sample_over1 of four samples (`*samples`: their sixteen channels, each 0…255) onto the four
/// pixels `bytes` through coverage `c4`, the composited pixels returned, in vectors of 16-bit
/// lanes (every product and sum of the arithmetic is at most 255² + 255 + 255: 16 bits hold it).
SHEEN_INLINE sample16b sample_over_bytes(sample16b bytes, const sample16 *samples, sample4u c4) {
    const sample16x s = __builtin_convertvector(*samples, sample16x);
    const sample16x dv = __builtin_convertvector(bytes, sample16x);
    const sample4x c4x = __builtin_convertvector(c4, sample4x);
    const sample16x c = __builtin_shufflevector(c4x, c4x, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3);
    const sample16x alpha = __builtin_shufflevector(s, s, 3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15, 15, 15, 15);
    const sample16x lerped = SAMPLE_DIV255_16(s * c + dv * (255 - c));
    const sample16x scaled = SAMPLE_DIV255_16(s * c);
    const sample16x scaledAlpha = __builtin_shufflevector(scaled, scaled, 3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15, 15, 15, 15);
    const sample16x over = __builtin_elementwise_min(scaled + SAMPLE_DIV255_16(dv * (255 - scaledAlpha)), (sample16x)255);
    // Each form packed to bytes, then chosen: the choice packed in one (a masked narrowing
    // store) ran slower (AMD EPYC).
    const sample16b opaque = (sample16b)(__builtin_convertvector(alpha, sample16b) == 255);
    return (__builtin_convertvector(lerped, sample16b) & opaque) | (__builtin_convertvector(over, sample16b) & ~opaque);
}

/// sample_over_bytes onto the four pixels at `d`.
SHEEN_INLINE void sample_over4(uint8_t *d, const sample16 *samples, sample4u c4) {
    sample16b bytes;
    memcpy(&bytes, d, sizeof bytes);
    bytes = sample_over_bytes(bytes, samples, c4);
    memcpy(d, &bytes, sizeof bytes);
}
