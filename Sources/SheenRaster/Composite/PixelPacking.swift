/// (R, G, B, A) levels as one pixel in `format`'s memory byte order (A8: alpha in the low byte).
func packPixel(_ p: SIMD4<UInt8>, for format: PixelFormat) -> UInt32 {
    switch format {
    case .rgba8Premultiplied:
        return UInt32(p.x) | UInt32(p.y) << 8 | UInt32(p.z) << 16 | UInt32(p.w) << 24
    case .bgra8Premultiplied:
        return UInt32(p.z) | UInt32(p.y) << 8 | UInt32(p.x) << 16 | UInt32(p.w) << 24
    case .a8:
        return UInt32(p.w)
    }
}
