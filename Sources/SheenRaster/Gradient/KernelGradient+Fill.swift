// How a fill is organised around the span kernel. Three structure-aware paths and one general:
//   vertical   (t constant along rows):    one colour per row, stored as a row fill;
//   horizontal (t constant along columns): one row shaded, then copied to every row;
//   general:                               every pixel shaded, one kernel call for the rectangle.
// With dither the vertical row repeats with period 8 and the horizontal rows with period 8,
// because the Bayer pattern does. The decisions are the same at every level, so every level
// writes the same bytes as the reference twin.

import CSheenSIMD

extension KernelGradient {
    /// How the fill is organised for this gradient and rectangle.
    enum Structure { case vertical, horizontal, general, transparent }

    func structure(width: Int, height: Int) -> Structure {
        switch geometry {
        case .empty: return .transparent
        case let .linear(k):
            // Taking t as constant along a row is exact when its change across the row is below
            // 10⁻⁹ (invisible in 8 bits on any ramp) and moves a hard stop or a wrap by less than
            // 10⁻³ px along the other axis (the stated tolerance at discontinuities); likewise
            // along a column.
            let alongRow = abs(k.a) * Double(max(width, 1)), alongColumn = abs(k.b) * Double(max(height, 1))
            if alongRow <= 1e-9 && alongRow <= 1e-3 * abs(k.b) || alongRow == 0 { return .vertical }
            if alongColumn <= 1e-9 && alongColumn <= 1e-3 * abs(k.a) || alongColumn == 0 { return .horizontal }
            return .general
        default: return .general
        }
    }

    /// Fills `r` (non-empty, inside `buffer`) at kernel level `level`.
    func fill(_ buffer: RasterBuffer, _ r: PixelRect, level: SIMDLevel) {
        let bpp = buffer.format.bytesPerPixel
        let rowBytes = r.width * bpp
        let bgra = buffer.format == .bgra8Premultiplied
        let period = dither ? 8 : 1
        switch structure(width: r.width, height: r.height) {
        case .transparent:
            var zero: UInt32 = 0
            fillRows(buffer.row(r.y) + r.x * bpp, stride: buffer.bytesPerRow, width: r.width, height: r.height,
                     bytesPerPixel: bpp, values: &zero, count: 1, phase: 0, level: level)
        case .vertical where period == 1:
            // Shade the column in chunks (one kernel call per chunk), then fill each row with its
            // colour (alpha for A8).
            let chunk = 256
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: chunk) { tmp in
                let colors = UnsafeMutableRawPointer(tmp.baseAddress!)
                var y0 = r.y
                while y0 < r.y + r.height {
                    let n = min(chunk, r.y + r.height - y0)
                    shade(colors, stride: bpp, x: r.x, y: y0, width: 1, height: n, bytesPerPixel: bpp, bgra: bgra,
                          dither: false, level: level)
                    fillRows(buffer.row(y0) + r.x * bpp, stride: buffer.bytesPerRow, width: r.width, height: n,
                             bytesPerPixel: bpp, values: colors, count: n, phase: 0, level: level)
                    y0 += n
                }
            }
        case .vertical:
            // Dithered: the Bayer pattern repeats every 8 pixels along the row.
            for y in r.y ..< r.y + r.height {
                let dst = buffer.row(y) + r.x * bpp
                let n = min(period, r.width)
                shade(dst, stride: 0, x: r.x, y: y, width: n, height: 1, bytesPerPixel: bpp, bgra: bgra,
                      dither: true, level: level)
                if n < r.width { extendPeriodic(dst, filled: n * bpp, total: rowBytes) }
            }
        case .horizontal:
            let shaded = min(period, r.height)
            let first = buffer.row(r.y) + r.x * bpp
            shade(first, stride: buffer.bytesPerRow, x: r.x, y: r.y, width: r.width, height: shaded,
                  bytesPerPixel: bpp, bgra: bgra, dither: dither, level: level)
            copyRows(buffer.row(r.y + shaded) + r.x * bpp, stride: buffer.bytesPerRow, rowBytes: rowBytes,
                     height: r.height - shaded, from: first, srcStride: buffer.bytesPerRow, period: shaded, level: level)
        case .general:
            shade(buffer.row(r.y) + r.x * bpp, stride: buffer.bytesPerRow, x: r.x, y: r.y, width: r.width,
                  height: r.height, bytesPerPixel: bpp, bgra: bgra, dither: dither, level: level)
        }
    }

    /// Shades the `width` × `height` pixels whose top-left is destination pixel (x, y) into `dst`
    /// (rows `stride` bytes apart; 32-bit pixels in RGBA or BGRA order, or A8) with `level`'s
    /// `gradient_span` entry: the C kernels at simd128, avx2 and avx512, the twin at reference. An empty gradient shades 0.
    func shade(_ dst: UnsafeMutableRawPointer, stride: Int, x: Int, y: Int, width: Int, height: Int,
               bytesPerPixel: Int, bgra: Bool, dither: Bool, level: SIMDLevel) {
        if width <= 0 || height <= 0 { return }
        if case .empty = geometry {
            for r in 0 ..< height { setBytes(dst + r * stride, 0, width * bytesPerPixel) }
            return
        }
        withJob(dst: dst, stride: stride, x: x, y: y, width: width, height: height, bytesPerPixel: bytesPerPixel,
                bgra: bgra, dither: dither) { job in
            KernelTable.at(level).gradientSpan(&job)
        }
    }
}
