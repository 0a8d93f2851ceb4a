// sample_bilinear's layer of values every other layer uses (SampleBilinearBody.h): the level's
// lanes of positions and sums, a repeat's placement of a coordinate, a pixel's read, one
// channel's weighted sum, four pixels as vectors, and the scaled path's chunk.

#include <stdint.h>
#include <string.h>

#define SAMPLE_LANES (SHEEN_ROW_VECTOR / 4)
typedef int32_t samplevec __attribute__((ext_vector_type(SAMPLE_LANES)));
typedef uint32_t sampleuvec __attribute__((ext_vector_type(SAMPLE_LANES)));

/// Coordinate `c` of an image `n` pixels long placed by `repeat`; -1 (transparent) outside for
/// SHEEN_SAMPLE_NONE. pixman-inlines.h's repeat(): normal wraps, pad clamps, reflect mirrors
/// every other period.
SHEEN_INLINE int32_t sample_place(int32_t c, int32_t n, uint32_t repeat) {
    switch (repeat) {
    case SHEEN_SAMPLE_NORMAL: {
        // Within a period of the image, no division.
        if (c >= 0 && c < n) return c;
        if (c < 0 && c >= -n) return c + n;
        if (c >= n && c - n < n) return c - n;
        int32_t m = c % n;
        return m < 0 ? m + n : m;
    }
    case SHEEN_SAMPLE_PAD: return c < 0 ? 0 : c >= n ? n - 1 : c;
    case SHEEN_SAMPLE_REFLECT: {
        if (c >= 0 && c < n) return c;
        int32_t m = c % (2 * n);
        if (m < 0) m += 2 * n;
        return m >= n ? 2 * n - m - 1 : m;
    }
    default: return c >= 0 && c < n ? c : -1;
    }
}

/// The pixel (or A8 value) at placed coordinates; 0 where either is -1.
SHEEN_INLINE uint32_t sample_read(const SheenBilinearJob *j, int32_t c, int32_t r) {
    if (c < 0 || r < 0) return 0;
    const uint8_t *p = j->src + r * j->srcStride + (intptr_t)c * j->bytesPerPixel;
    if (j->bytesPerPixel == 1) return *p;
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

/// ⌊Σ value·weight / 2¹⁴⌋ of one channel (its byte `shift` bits up in each value).
SHEEN_INLINE sampleuvec sample_channel(sampleuvec tl, sampleuvec tr, sampleuvec bl, sampleuvec br, sampleuvec w00,
                                       sampleuvec w10, sampleuvec w01, sampleuvec w11, int shift) {
    const sampleuvec m = (sampleuvec)255u;
    return (((tl >> shift) & m) * w00 + ((tr >> shift) & m) * w10 + ((bl >> shift) & m) * w01
            + ((br >> shift) & m) * w11) >> 14;
}

// Four 32-bit pixels as sixteen channels (32-bit lanes), and as their bytes.
typedef uint32_t sample16 __attribute__((ext_vector_type(16)));
typedef uint8_t sample16b __attribute__((ext_vector_type(16)));
typedef uint32_t sample4u __attribute__((ext_vector_type(4)));
// The same in 16-bit lanes (sample_over4's arithmetic), and four coverage values so.
typedef uint16_t sample16x __attribute__((ext_vector_type(16)));
typedef uint16_t sample4x __attribute__((ext_vector_type(4)));

/// Columns a chunk of the scaled path works out at once, and how far apart (in source columns)
/// the columns it reads may lie: a chunk reading more goes through sample_span (a minification
/// beyond 4×, or a repeat's wrap across a wide image).
#define SAMPLE_CHUNK 256
#define SAMPLE_CHUNK_REACH (4 * SAMPLE_CHUNK + 8)
