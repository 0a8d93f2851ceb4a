import SheenRaster

extension Rect {
    /// The rectangle's coverage on the pixel grid: each pixel's value is the area of it the
    /// rectangle covers (× 255, rounded), trimmed to the pixels it touches. nil for an empty or
    /// absurd rectangle.
    func coverageBitmap() -> (rect: PixelRect, bitmap: GlyphBitmap)? {
        guard width > 0, height > 0, x.isFinite, y.isFinite, maxX.isFinite, maxY.isFinite,
              abs(x) < 1e9, abs(y) < 1e9, width < 1e6, height < 1e6 else { return nil }
        let c0 = Int(x.rounded(.down)), c1 = Int(maxX.rounded(.up))
        let r0 = Int(y.rounded(.down)), r1 = Int(maxY.rounded(.up))
        let w = c1 - c0, h = r1 - r0
        guard w > 0, h > 0, w * h <= FontFace.maximumGlyphPixels else { return nil }
        func overlap(_ p: Int, _ a: Double, _ b: Double) -> Double { max(0, min(Double(p + 1), b) - max(Double(p), a)) }
        // Only the first and last columns are partly covered (every column between has overlap
        // exactly 1), so a row is its inner value set throughout and its two ends worked out: a
        // long text's underlines were w·h roundings each.
        let first = overlap(c0, x, maxX), last = overlap(c1 - 1, x, maxX)
        var pixels = [UInt8](repeating: 0, count: w * h)
        pixels.withUnsafeMutableBufferPointer { out in
            for row in 0..<h {
                let cy = overlap(r0 + row, y, maxY)
                let start = row * w
                out.baseAddress!.advanced(by: start).update(repeating: UInt8((cy * 255).rounded()), count: w)
                out[start] = UInt8((first * cy * 255).rounded())
                out[start + w - 1] = UInt8((last * cy * 255).rounded())
            }
        }
        let bitmap = pixels.withUnsafeBufferPointer {
            GlyphBitmap(rows: h, columns: w, pitch: w, buffer: $0.baseAddress, left: c0, top: -r0)
        }
        guard !bitmap.isEmpty else { return nil }
        return (PixelRect(x: bitmap.left, y: bitmap.top, width: bitmap.width, height: bitmap.height), bitmap)
    }

    /// The rectangle's coverage as an A8 mask over the pixels it touches (see `coverageBitmap`),
    /// nil when it covers no pixel.
    public func coverageMask() throws(TextError) -> TextMask? {
        guard let (rect, bitmap) = coverageBitmap() else { return nil }
        let image = try Image.forText(width: rect.width, height: rect.height, format: .a8)
        image.withBuffer { b in
            bitmap.pixels.withUnsafeBufferPointer { src in
                for y in 0..<rect.height {
                    (b.base + y * b.bytesPerRow).copyMemory(from: src.baseAddress! + y * rect.width, byteCount: rect.width)
                }
            }
        }
        return TextMask(image: image, region: rect)
    }
}
