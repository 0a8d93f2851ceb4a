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
}
