// The reference twin of the gradient kernel: every pixel evaluated from GradientModel in Double,
// dither added, rounded once (half to even, as the kernel's float-to-integer trick does).

extension GradientFill {
    /// Fills `rect` of `buffer` with the Double-precision reference: per pixel, the exact colour of
    /// `exactColor(x:y:)` plus the dither offset, rounded to nearest (ties to even). Slow; the
    /// yardstick for the SIMD kernel. `rect` must lie inside the buffer.
    func fillReference(_ buffer: RasterBuffer, _ rect: PixelRect) {
        for y in rect.y ..< rect.y + rect.height {
            let row = buffer.row(y)
            for x in rect.x ..< rect.x + rect.width {
                let v = referencePixel(x: x, y: y)
                switch buffer.format {
                case .rgba8Premultiplied:
                    row.storeBytes(of: v, toByteOffset: x * 4, as: SIMD4<UInt8>.self)
                case .bgra8Premultiplied:
                    row.storeBytes(of: v.redBlueSwapped, toByteOffset: x * 4, as: SIMD4<UInt8>.self)
                case .a8:
                    row.storeBytes(of: v.w, toByteOffset: x, as: UInt8.self)
                }
            }
        }
    }

    /// The reference's 8-bit RGBA for pixel (x, y).
    func referencePixel(x: Int, y: Int) -> SIMD4<UInt8> {
        let exact = exactColor(x: x, y: y)
        let d = gradient.dither ? ditherOffset(x: x, y: y) : 0
        func level(_ v: Double) -> UInt8 { UInt8(min(max((v + d).rounded(.toNearestOrEven), 0), 255)) }
        let a = level(exact.w)
        return SIMD4(min(level(exact.x), a), min(level(exact.y), a), min(level(exact.z), a), a)
    }
}
