/// The paint of one row span, in the destination's format: one repeated value (a 32-bit pixel
/// in memory byte order, or an A8 value in the low byte) or a row of pixels.
enum SpanPaint {
    case solid(UInt32)
    case row(UnsafeRawPointer)

    /// Pixel `i` of a 32-bit span.
    @inline(__always)
    func pixel32(_ i: Int) -> UInt32 {
        switch self {
        case let .solid(v): return v
        case let .row(p): return p.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)
        }
    }

    /// The span from pixel `i` on.
    @inline(__always)
    func advanced(by i: Int, bytesPerPixel: Int) -> SpanPaint {
        switch self {
        case .solid: return self
        case let .row(p): return .row(p + i * bytesPerPixel)
        }
    }

    /// Value `i` of an A8 span.
    @inline(__always)
    func alpha8(_ i: Int) -> UInt8 {
        switch self {
        case let .solid(v): return UInt8(truncatingIfNeeded: v)
        case let .row(p): return p.load(fromByteOffset: i, as: UInt8.self)
        }
    }
}
