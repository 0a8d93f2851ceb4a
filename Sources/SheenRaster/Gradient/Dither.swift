// The ordered dither: an 8×8 Bayer matrix, offsets (k + ½)/64 − ½ for k = 0…63, so every offset
// lies strictly inside (−½, ½) and a 64-pixel tile averages to zero. Added to a level before
// rounding; a function of the pixel position only.

/// Bayer index matrix, row-major, 8×8.
let bayer8: [UInt8] = [
     0, 32,  8, 40,  2, 34, 10, 42,
    48, 16, 56, 24, 50, 18, 58, 26,
    12, 44,  4, 36, 14, 46,  6, 38,
    60, 28, 52, 20, 62, 30, 54, 22,
     3, 35, 11, 43,  1, 33,  9, 41,
    51, 19, 59, 27, 49, 17, 57, 25,
    15, 47,  7, 39, 13, 45,  5, 37,
    63, 31, 55, 23, 61, 29, 53, 21,
]

/// The dither offset in levels, in (−½, ½), of pixel (x, y).
@inline(__always)
package func ditherOffset(x: Int, y: Int) -> Double {
    (Double(bayer8[(y & 7) << 3 | (x & 7)]) + 0.5) / 64 - 0.5
}
