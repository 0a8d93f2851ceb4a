/// The memory layout of one pixel in a raster buffer.
///
/// The 32-bit formats hold premultiplied colour: every colour channel is ≤ alpha. Byte order is
/// the order in memory, independent of the machine's endianness.
public enum PixelFormat: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Four bytes per pixel in memory order R, G, B, A; colour premultiplied by alpha.
    case rgba8Premultiplied
    /// Four bytes per pixel in memory order B, G, R, A (cairo, pixman and Skia on little-endian
    /// machines); colour premultiplied by alpha.
    case bgra8Premultiplied
    /// One byte per pixel: coverage or alpha, 0 (none) … 255 (full).
    case a8

    /// Bytes one pixel occupies: 4 for the 32-bit formats, 1 for `a8`.
    @inlinable
    public var bytesPerPixel: Int {
        switch self {
        case .rgba8Premultiplied, .bgra8Premultiplied: return 4
        case .a8: return 1
        }
    }

    /// The format's name as it appears in code (`rgba8Premultiplied`, …).
    public var description: String { rawValue }

    /// The byte of a 32-bit pixel that holds red: 2 for BGRA8, else 0 (blue is at 2 − redByte).
    var redByte: Int { self == .bgra8Premultiplied ? 2 : 0 }

    /// A pixel's four channels between this format's byte order and R, G, B, A order, either
    /// way (the exchange is its own inverse): swapped for BGRA8, unchanged otherwise.
    @inlinable package func rgbaOrder<T>(_ pixel: SIMD4<T>) -> SIMD4<T> {
        self == .bgra8Premultiplied ? pixel.redBlueSwapped : pixel
    }
}

extension SIMD4 {
    /// This vector with elements 0 and 2 exchanged: a pixel's channels between RGBA and BGRA
    /// order (its own inverse). Sheen's one red–blue swizzle; every other is written with it.
    @inlinable package var redBlueSwapped: SIMD4 { SIMD4(z, y, x, w) }
}
