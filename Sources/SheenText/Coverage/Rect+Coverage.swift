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
        let columns = (0..<w).map { overlap(c0 + $0, x, maxX) }
        var pixels = [UInt8](repeating: 0, count: w * h)
        for row in 0..<h {
            let cy = overlap(r0 + row, y, maxY)
            for col in 0..<w { pixels[row * w + col] = UInt8((columns[col] * cy * 255).rounded()) }
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
