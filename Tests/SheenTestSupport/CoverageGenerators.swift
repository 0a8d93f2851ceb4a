import SheenRaster

/// Text-like coverage, as glyph masks are: each row alternates gaps of 1–15 transparent pixels with
/// strokes of 1–7 opaque pixels, edged on each side by 1–3 pixels of partial coverage. A8 buffers
/// get the coverage; RGBA8/BGRA8 the premultiplied colour #3478F6 at that coverage. Used by
/// sheen-bench's masked composites and blurs and by the blur tests, so they measure and check one
/// kind of content.
public func fillTextLikeCoverage(_ buffer: RasterBuffer, seed: UInt64 = 0x2545_F491_4F6C_DD1D) {
    var rng = SeededGenerator(seed: seed)
    let c = buffer.format.bytesPerPixel
    for y in 0 ..< buffer.height {
        let row = buffer.row(y)
        func put(_ x: Int, _ a: Int) {
            guard x < buffer.width else { return }
            if c == 1 { row.storeBytes(of: UInt8(a), toByteOffset: x, as: UInt8.self); return }
            let red = UInt8(52 * a / 255), green = UInt8(120 * a / 255), blue = UInt8(246 * a / 255)
            let pixel = buffer.format == .bgra8Premultiplied ? SIMD4(blue, green, red, UInt8(a)) : SIMD4(red, green, blue, UInt8(a))
            row.storeBytes(of: pixel, toByteOffset: x * 4, as: SIMD4<UInt8>.self)
        }
        var x = 0
        while x < buffer.width {
            for _ in 0 ..< 1 + rng.below(15) { put(x, 0); x += 1 }
            for _ in 0 ..< 1 + rng.below(3) { put(x, 1 + rng.below(254)); x += 1 }
            for _ in 0 ..< 1 + rng.below(7) { put(x, 255); x += 1 }
            for _ in 0 ..< 1 + rng.below(3) { put(x, 1 + rng.below(254)); x += 1 }
        }
    }
}

/// Independent A8 coverage: each pixel 0 (half of them), 255 (a quarter) or a partial level,
/// so no run of equal coverage lasts: the worst case for kernels that skip empty or full spans.
public func fillIndependentCoverage(_ buffer: RasterBuffer, seed: UInt64 = 0x1234_5678_9ABC_DEF1) {
    precondition(buffer.format == .a8, "scattered coverage is an A8 mask")
    var rng = SeededGenerator(seed: seed)
    for y in 0 ..< buffer.height {
        let row = buffer.row(y)
        for x in 0 ..< buffer.width {
            let k = rng.below(4)
            row.storeBytes(of: UInt8(k < 2 ? 0 : k == 2 ? 1 + rng.below(254) : 255), toByteOffset: x, as: UInt8.self)
        }
    }
}

extension SeededGenerator {
    /// A value in 0..<n (n > 0), for shaping content: the remainder of the next 64 bits, whose
    /// bias (below n / 2⁶⁴) no test or benchmark can see.
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}
