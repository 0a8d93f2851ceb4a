import SheenRaster

/// Writes placed glyph bitmaps into A8 memory, uniting overlaps as sourceOver does:
/// d' = c + round(d·(255 − c) / 255), SheenRaster's A8 sourceOver of an opaque paint through
/// coverage c. In a blank (all-zero) destination most glyph pixels land where nothing was
/// written yet, and there d' = c: each row remembers the columns written so far, pixels outside
/// them are copied and only the overlap is united. Glyphs cost a call per row, not a compositing
/// job each.
struct CoverageWriter {
    let base: UnsafeMutableRawPointer
    let bytesPerRow: Int
    let width: Int
    let height: Int
    let origin: (x: Int, y: Int)
    /// True when the destination is all zero before the first write.
    let isBlank: Bool

    func write(_ glyphs: some Sequence<TextCoverage.Glyph>) {
        // Written columns [start, end) of each destination row; a non-blank destination counts as
        // written everywhere.
        var start = [Int](repeating: isBlank ? Int.max : 0, count: height)
        var end = [Int](repeating: isBlank ? Int.min : width, count: height)
        for g in glyphs {
            // A position beyond Int's range is outside every buffer.
            let (gx, xOver) = g.rect.x.addingReportingOverflow(origin.x)
            let (gy, yOver) = g.rect.y.addingReportingOverflow(origin.y)
            if xOver || yOver || gx >= width || gy >= height || gx + g.rect.width <= 0 || gy + g.rect.height <= 0 { continue }
            let x0 = max(gx, 0), x1 = min(gx + g.rect.width, width)
            let y0 = max(gy, 0), y1 = min(gy + g.rect.height, height)
            g.bitmap.pixels.withUnsafeBufferPointer { src in
                for y in y0 ..< y1 {
                    let s = src.baseAddress! + (y - gy) * g.rect.width - gx
                    let d = (base + y * bytesPerRow).assumingMemoryBound(to: UInt8.self)
                    // Copy left of the written columns, unite over them, copy right of them.
                    let a = min(max(start[y], x0), x1), b = max(min(end[y], x1), a)
                    if a > x0 { (d + x0).update(from: s + x0, count: a - x0) }
                    if b > a { Self.unite(d + a, s + a, b - a) }
                    if x1 > b { (d + b).update(from: s + b, count: x1 - b) }
                    start[y] = min(start[y], x0); end[y] = max(end[y], x1)
                }
            }
        }
    }

    /// d = c + round(d·(255 − c) / 255) over `count` bytes (auto-vectorised: wrapping arithmetic,
    /// no checks).
    @inline(__always)
    static func unite(_ d: UnsafeMutablePointer<UInt8>, _ c: UnsafePointer<UInt8>, _ count: Int) {
        for i in 0 ..< count {
            let cv = UInt32(c[i]), dv = UInt32(d[i])
            d[i] = UInt8(truncatingIfNeeded: cv &+ mulDiv255(dv, 255 &- cv))
        }
    }
}
