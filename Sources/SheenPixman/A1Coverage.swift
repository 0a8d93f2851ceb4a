// pixman's a1 images as a8 coverage: cairo's glyphs without antialiasing are a1, and so is the
// mask pixman_composite_glyphs builds for a run of them (cairo's mono text through any source
// but a solid colour). A bit of 1 is coverage 255, which every kernel composites exactly as
// pixman composites a1's 1 (pixman-access.c fetches it as alpha 0xff).

/// Writes the a1 pixels of rectangle (`x`, `y`, `width` × `height`) of an image (rows `stride`
/// bytes apart from `bits`) as a8 coverage (0 or 255) into `out`, rows `outStride` bytes apart.
/// The rectangle lies inside the image. pixman's a1 pixel x of a row is bit x mod 32 of the row's
/// 32-bit word x / 32, counted from the least significant bit on a little-endian machine and from
/// the most significant on a big-endian one (pixman-access.c's FETCH_1).
func expandA1(_ bits: UnsafeRawPointer, stride: Int, x: Int, y: Int, width: Int, height: Int,
              into out: UnsafeMutableRawPointer, outStride: Int) {
    for r in 0 ..< height {
        let row = bits + (y + r) * stride, to = out + r * outStride
        var i = 0
        #if _endian(little)
        // Little-endian: pixel c is bit c mod 8 of byte c / 8. Eight pixels from a byte boundary
        // at a time: the byte copied into each of eight, bit k kept in byte k, each non-zero byte
        // made 255 (adding 0x7F carries no byte into the next).
        while i < width && (x + i) & 7 != 0 {
            to.storeBytes(of: pixel(row, x + i), toByteOffset: i, as: UInt8.self)
            i += 1
        }
        while i + 8 <= width {
            let b = UInt64(row.load(fromByteOffset: (x + i) >> 3, as: UInt8.self))
            let kept = b &* 0x0101_0101_0101_0101 & 0x8040_2010_0804_0201
            let ones = ((kept &+ 0x7F7F_7F7F_7F7F_7F7F) & 0x8080_8080_8080_8080) >> 7
            to.storeBytes(of: (ones &* 255).littleEndian, toByteOffset: i, as: UInt64.self)
            i += 8
        }
        #endif
        while i < width {
            to.storeBytes(of: pixel(row, x + i), toByteOffset: i, as: UInt8.self)
            i += 1
        }
    }

    /// Pixel `c` of an a1 row as coverage.
    @inline(__always)
    func pixel(_ row: UnsafeRawPointer, _ c: Int) -> UInt8 {
        let word = row.loadUnaligned(fromByteOffset: 4 * (c >> 5), as: UInt32.self)
        #if _endian(little)
        let bit = word >> UInt32(c & 31) & 1
        #else
        let bit = word >> UInt32(31 - c & 31) & 1
        #endif
        return UInt8(truncatingIfNeeded: bit &* 255)
    }
}

/// A whole a1 image as a8 coverage, rows `width` bytes apart, in memory the caller frees.
func expandedA1(_ bits: UnsafeRawPointer, stride: Int, width: Int, height: Int) -> UnsafeMutableRawPointer {
    let out = UnsafeMutableRawPointer.allocate(byteCount: width * height, alignment: 16)
    expandA1(bits, stride: stride, x: 0, y: 0, width: width, height: height, into: out, outStride: width)
    return out
}
