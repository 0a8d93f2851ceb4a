// The reference twin of over_n_8_8888, composite_8888, composite_8 and composite_double_8888
// (the compositing kernels), and over_ca_8888's twin: one pixel at a time through CompositeReference.

/// Composites `count` pixels at `dst` with the scalar reference.
func compositeSpanReference(_ op: CompositeOperator, _ format: PixelFormat, _ paint: SpanPaint,
                            _ coverage: SpanCoverage, _ dst: UnsafeMutableRawPointer, _ count: Int) {
    for i in 0 ..< count {
        let c = Int(coverage.value(i))
        if format == .a8 {
            let d = Int(dst.load(fromByteOffset: i, as: UInt8.self))
            let r = CompositeReference.alpha(op, Int(paint.alpha8(i)), d, coverage: c)
            dst.storeBytes(of: UInt8(r), toByteOffset: i, as: UInt8.self)
        } else {
            let s = unpackPixel(paint.pixel32(i), format)
            let d = unpackPixel(dst.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self), format)
            let r = CompositeReference.pixel(op, s, d, coverage: c)
            dst.storeBytes(of: packPixel(SIMD4<UInt8>(truncatingIfNeeded: r), for: format), toByteOffset: 4 * i, as: UInt32.self)
        }
    }
}

/// over_ca_8888's twin: sourceOver of a span through component-alpha coverage (CSheenSIMD.h: a
/// job's componentAlpha): `mask` holds 4 coverage bytes a pixel in `format`'s byte order, and each
/// channel is that channel of sourceOver through an A8 mask at the channel's own coverage.
func overComponentAlphaSpanReference(_ format: PixelFormat, _ paint: SpanPaint, _ mask: UnsafeRawPointer,
                                     _ dst: UnsafeMutableRawPointer, _ count: Int) {
    for i in 0 ..< count {
        let s = unpackPixel(paint.pixel32(i), format)
        let d = unpackPixel(dst.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self), format)
        let m = unpackPixel(mask.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self), format)
        var r = SIMD4<Int>()
        for c in 0 ..< 4 { r[c] = CompositeReference.pixel(.sourceOver, s, d, coverage: m[c])[c] }
        dst.storeBytes(of: packPixel(SIMD4<UInt8>(truncatingIfNeeded: r), for: format), toByteOffset: 4 * i, as: UInt32.self)
    }
}

/// A 32-bit pixel in `format`'s byte order as (R, G, B, A) levels.
func unpackPixel(_ v: UInt32, _ format: PixelFormat) -> SIMD4<Int> {
    let b0 = Int(v & 0xFF), b1 = Int((v >> 8) & 0xFF), b2 = Int((v >> 16) & 0xFF), b3 = Int(v >> 24)
    return format.rgbaOrder(SIMD4(b0, b1, b2, b3))
}
