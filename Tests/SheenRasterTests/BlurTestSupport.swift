import SheenTestSupport
@testable import SheenRaster

/// What a blur test source holds.
enum BlurContent: String, CaseIterable {
    /// Glyph-like strokes: solid runs with one partially covered pixel at each end.
    case text
    /// Independent random (premultiplied-valid) pixels.
    case random
}

/// Fills `buffer` with `content` (RGBA: colours ≤ alpha).
func fillBlurSource(_ buffer: RasterBuffer, _ content: BlurContent, seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    let c = buffer.format.bytesPerPixel
    for y in 0 ..< buffer.height {
        var x = 0
        while x < buffer.width {
            let run: Int, alpha: UInt8
            switch content {
            case .random:
                run = 1; alpha = UInt8.random(in: 0 ... 255, using: &rng)
            case .text:
                // Gaps of 1–8 px, strokes of 1–6 px with edge pixels of partial coverage.
                let on = Bool.random(using: &rng)
                run = on ? Int.random(in: 1 ... 6, using: &rng) : Int.random(in: 1 ... 8, using: &rng)
                alpha = on ? 255 : 0
            }
            for i in 0 ..< run where x + i < buffer.width {
                var a = alpha
                if content == .text && alpha == 255 && (i == 0 || i == run - 1) && run > 2 {
                    a = UInt8.random(in: 1 ... 254, using: &rng)
                }
                let p = buffer.row(y) + (x + i) * c
                if c == 1 { p.storeBytes(of: a, as: UInt8.self); continue }
                for ch in 0 ..< 3 { p.storeBytes(of: UInt8.random(in: 0 ... a, using: &rng), toByteOffset: ch, as: UInt8.self) }
                p.storeBytes(of: a, toByteOffset: 3, as: UInt8.self)
            }
            x += run
        }
    }
}

/// The pixel bytes of a view, row by row (no padding).
func pixelBytes(_ b: RasterBuffer) -> [UInt8] {
    let rowBytes = b.width * b.format.bytesPerPixel
    return (0 ..< b.height).flatMap { y in Array(UnsafeRawBufferPointer(start: b.row(y), count: rowBytes)) }
}

/// Largest absolute difference between two equally long byte arrays.
func maxDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
    zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
}

/// Blurs a fresh `content` source of the given shape with the SIMD kernel and with the Double
/// reference; returns the largest difference in levels, checking fences on the way.
func blurErrorAgainstReference(_ blur: GaussianBlur, width: Int, height: Int, format: PixelFormat,
                               content: BlurContent, seed: UInt64, padding: Int = 0,
                               misalignment: Int = 0) throws -> (error: Int, fenceViolations: Int) {
    let src = FencedBuffer(width: width, height: height, format: format, padding: padding, misalignment: misalignment)
    fillBlurSource(src.buffer, content, seed: seed)
    let got = FencedBuffer(width: width, height: height, format: format, padding: padding,
                           misalignment: (misalignment + 5) % 16)
    let want = FencedBuffer(width: width, height: height, format: format)
    try blur.runKernel(src.buffer.readOnly, got.buffer, threads: 1)
    blurReference(src.buffer.readOnly, want.buffer, sigmaX: blur.sigmaX, sigmaY: blur.sigmaY, edges: blur.edges)
    return (maxDifference(pixelBytes(got.buffer), pixelBytes(want.buffer)), got.fenceViolations + src.fenceViolations)
}
