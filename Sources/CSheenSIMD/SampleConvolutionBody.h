// sample_convolution, compiled per level like the other row bodies (Rows+SIMD128.c, Rows+AVX2.c,
// Rows+AVX512.c define SHEEN_ROW_VECTOR, the bytes of one vector, and SHEEN_CONVOLUTION_ENTRY,
// the entry's name): an image under an affine transform filtered with pixman's separable
// convolution (SheenConvolutionJob, CSheenSIMD.h, states the arithmetic;
// ConvolutionSamplingTwin.swift is its twin). A pixel at a time, a vector of taps at once:
// SHEEN_ROW_VECTOR / 16 neighbouring taps of one source row, their four channels in 32-bit lanes,
// times the taps' weights (xWeights repeats each over its pixel's four lanes), the lanes summed
// across the taps at the end. Every sum stays below 2³¹ (the job's bounds on the weights), so
// unsigned lanes hold pixman's int sums. A pixel whose taps all lie inside the image reads them
// from its rows directly; one whose taps cross an edge has each placed by the repeat first.
// sample_place, the repeat's placement, is SampleLanes.h's: the level files include
// SampleBilinearBody.h before this body.

#include <stdint.h>
#include <string.h>

#define CONV_LANES (SHEEN_ROW_VECTOR / 4)
#define CONV_TAPS (CONV_LANES / 4)
typedef uint32_t convvec __attribute__((ext_vector_type(CONV_LANES)));
typedef uint8_t convbytes __attribute__((ext_vector_type(CONV_LANES)));

/// `acc` plus one source row's taps times their weights: `pixels` is the row's first tap, of
/// which `room` pixels may be read (a vector reads past the last tap while it stays inside
/// them; the weights there are 0), `fx` the phase's row of xWeights, `fy` the row's weight.
SHEEN_INLINE convvec conv_row(convvec acc, const uint8_t *pixels, int32_t room, const int32_t *fx, int32_t taps,
                              uint32_t fy) {
    for (int32_t j = 0; j < taps; j += CONV_TAPS) {
        convbytes b;
        if (room - j >= CONV_TAPS) {
            memcpy(&b, pixels + 4 * j, sizeof b);
        } else {
            // Only the taps (fewer than a vector's) where the row ends within the vector.
            b = (convbytes)0;
            memcpy(&b, pixels + 4 * j, (size_t)(4 * (taps - j)));
        }
        convvec w;
        memcpy(&w, fx + 4 * j, sizeof w);
        // fx·fy + 2¹⁵ fits 32 bits unless fy is 2¹⁶, where the rounded product is fx itself.
        const convvec f = fy == 65536u ? w : (w * fy + 0x8000u) >> 16;
        acc += __builtin_convertvector(b, convvec) * f;
    }
    return acc;
}

/// The filtered pixel at the 16.16 position (X, Y), written to `out`.
SHEEN_INLINE void conv_pixel(const SheenConvolutionJob *j, int32_t X, int32_t Y, uint8_t *out) {
    const SheenBilinearJob *p = &j->sample;
    const int32_t cw = j->tapsAcross, ch = j->tapsDown, w = p->srcWidth, h = p->srcHeight;
    const int xs = 16 - j->xPhaseBits, ys = 16 - j->yPhaseBits;
    // The middle of the position's phase (pixman's `(x >> s) << s`, without shifting a
    // negative number left).
    X = (int32_t)((uint32_t)X & (~0u << xs)) + ((1 << xs) >> 1);
    Y = (int32_t)((uint32_t)Y & (~0u << ys)) + ((1 << ys) >> 1);
    const int32_t px = (X & 0xffff) >> xs, py = (Y & 0xffff) >> ys;
    const int32_t x1 = (X - 1 - ((cw * 65536 - 65536) >> 1)) >> 16;
    const int32_t y1 = (Y - 1 - ((ch * 65536 - 65536) >> 1)) >> 16;
    const int32_t *fx = j->xWeights + (intptr_t)px * SHEEN_CONVOLUTION_ROW(cw);
    const int32_t *fy = j->yWeights + (intptr_t)py * ch;
    convvec acc = (convvec)0;
    if (x1 >= 0 && y1 >= 0 && x1 <= w - cw && y1 <= h - ch) {
        const uint8_t *row = p->src + (intptr_t)y1 * p->srcStride + (intptr_t)x1 * 4;
        if (cw <= CONV_TAPS && w - x1 >= CONV_TAPS) {
            // All the taps of a row in one vector (cairo's filters are 3 taps wide, the 512-bit
            // level's vector 4): conv_row without its loop, the x weights loaded once.
            convvec wx;
            memcpy(&wx, fx, sizeof wx);
            for (int32_t k = 0; k < ch; k++, row += p->srcStride) {
                const uint32_t f = (uint32_t)fy[k];
                if (!f) continue;
                convbytes b;
                memcpy(&b, row, sizeof b);
                acc += __builtin_convertvector(b, convvec) * (f == 65536u ? wx : (wx * f + 0x8000u) >> 16);
            }
        } else {
            for (int32_t k = 0; k < ch; k++, row += p->srcStride) {
                if (fy[k]) acc = conv_row(acc, row, w - x1, fx, cw, (uint32_t)fy[k]);
            }
        }
    } else {
        // The row's taps placed one by one (0: transparent), then weighed as above; the
        // buffer's vector past the last tap stays 0.
        uint8_t placed[SHEEN_CONVOLUTION_MAX_TAPS * 4 + SHEEN_ROW_VECTOR];
        memset(placed + 4 * cw, 0, SHEEN_ROW_VECTOR);
        for (int32_t k = 0; k < ch; k++) {
            if (!fy[k]) continue;
            const int32_t ry = sample_place(y1 + k, h, p->repeat);
            for (int32_t t = 0; t < cw; t++) {
                const int32_t rx = sample_place(x1 + t, w, p->repeat);
                uint32_t v = 0;
                if (rx >= 0 && ry >= 0) memcpy(&v, p->src + (intptr_t)ry * p->srcStride + (intptr_t)rx * 4, 4);
                memcpy(placed + 4 * t, &v, 4);
            }
            acc = conv_row(acc, placed, cw + CONV_TAPS, fx, cw, (uint32_t)fy[k]);
        }
    }
    uint32_t sum[4] = {0, 0, 0, 0};
    for (int t = 0; t < CONV_TAPS; t++) {
        for (int c = 0; c < 4; c++) sum[c] += acc[4 * t + c];
    }
    for (int c = 0; c < 4; c++) {
        const uint32_t v = (sum[c] + 0x8000u) >> 16;
        out[c] = (uint8_t)(v > 255 ? 255 : v);
    }
}

void SHEEN_CONVOLUTION_ENTRY(const SheenConvolutionJob *job) {
    const SheenConvolutionJob cj = *job;
    const SheenBilinearJob j = cj.sample;
    for (intptr_t r = 0; r < j.height; r++) {
        uint8_t *out = j.dst + r * j.dstStride;
        const uint8_t *coverage = j.coverage ? j.coverage + r * j.coverageStride : 0;
        int32_t X = j.x + (int32_t)r * j.dxdr, Y = j.y + (int32_t)r * j.dydr;
        for (intptr_t i = 0; i < j.width; i++, X += j.dxdi, Y += j.dydi, out += 4) {
            // Coverage 0: written as 0, not sampled (SheenBilinearJob's rule).
            if (coverage && !coverage[i]) {
                memset(out, 0, 4);
                continue;
            }
            conv_pixel(&cj, X, Y, out);
        }
    }
}
