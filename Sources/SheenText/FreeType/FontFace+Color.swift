import CFreeType

extension FontFace {
    /// Renders `glyph` in colour at `size26` (pixels × 64) once per origin shift in `offsets26`
    /// (1/64 px), or returns nil when the glyph has no colour form. Bitmap-only colour faces
    /// (CBDT, sbix: emoji) are drawn from the strike nearest above the size — the largest when
    /// none is — scaled to the size; COLR glyphs (version 0 layers) are blended by FreeType at
    /// the size. Pixels are premultiplied RGBA; the bitmap's coverage is their alpha.
    func rasterizeColor(glyph: UInt32, size26: Int, offsets26: [Int]) throws(TextError) -> [GlyphBitmap]? {
        guard hasColor, size26 >= 1 else { return nil }
        let result: Result<[GlyphBitmap]?, TextError> = lock.withLock { currentSize in
            isScalable ? layered(glyph, size26, offsets26, &currentSize) : fromStrike(glyph, size26, offsets26, &currentSize)
        }
        switch result {
        case let .success(bitmaps): return bitmaps
        case let .failure(.freeType(function, code)):
            throw .glyph(source: source, faceIndex: faceIndex, glyph: glyph, function: function, code: code)
        case let .failure(error): throw error
        }
    }

    /// A bitmap strike's glyph scaled to the size. Caller holds the lock.
    private func fromStrike(_ glyph: UInt32, _ size26: Int, _ offsets26: [Int],
                            _ currentSize: inout Int) -> Result<[GlyphBitmap]?, TextError> {
        let target = Double(size26) / 64
        let above = strikes.indices.filter { Double(strikes[$0]) >= target }
        guard let index = above.min(by: { strikes[$0] < strikes[$1] }) ?? strikes.indices.max(by: { strikes[$0] < strikes[$1] })
        else { return .success(nil) }
        var error = FT_Select_Size(face, FT_Int(index))
        guard error == 0 else { return .failure(.freeType(function: "FT_Select_Size", code: error)) }
        currentSize = -1  // the outline path must set its size again
        error = FT_Load_Glyph(face, glyph, sheen_ft_load_color)
        guard error == 0 else { return .failure(.freeType(function: "FT_Load_Glyph", code: error)) }
        guard let slot = face.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_BITMAP,
              slot.pointee.bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue) else { return .success(nil) }
        let ppem = Double(face.pointee.size.pointee.metrics.x_ppem)
        let scale = target / max(ppem, 1)
        let b = slot.pointee.bitmap
        let w = Int(b.width), h = Int(b.rows)
        if Double(w) * scale * Double(h) * scale > Double(Self.maximumGlyphPixels) {
            return .failure(.maskTooLarge(width: Int(Double(w) * scale), height: Int(Double(h) * scale)))
        }
        return .success(offsets26.map { offset in
            ColorResampler(bgra: b.buffer, width: w, rows: h, pitch: Int(b.pitch), scale: scale,
                           left: Double(slot.pointee.bitmap_left) * scale + Double(offset) / 64,
                           top: -Double(slot.pointee.bitmap_top) * scale).bitmap()
        })
    }

    /// A COLR glyph's layers blended by FreeType at the size, or nil for a glyph without layers.
    /// Caller holds the lock.
    private func layered(_ glyph: UInt32, _ size26: Int, _ offsets26: [Int],
                         _ currentSize: inout Int) -> Result<[GlyphBitmap]?, TextError> {
        var layerGlyph: FT_UInt = 0, colorIndex: FT_UInt = 0
        var iterator = FT_LayerIterator()
        guard FT_Get_Color_Glyph_Layer(face, glyph, &layerGlyph, &colorIndex, &iterator) != 0 else { return .success(nil) }
        if currentSize != size26 {
            let error = FT_Set_Char_Size(face, 0, FT_F26Dot6(size26), 72, 72)
            guard error == 0 else { return .failure(.freeType(function: "FT_Set_Char_Size", code: error)) }
            currentSize = size26
        }
        defer { FT_Set_Transform(face, nil, nil) }
        var out: [GlyphBitmap] = []
        for offset in offsets26 {
            // The subpixel shift goes through the face's transform: FreeType applies it to every layer.
            var delta = FT_Vector(x: FT_Pos(offset), y: 0)
            FT_Set_Transform(face, nil, &delta)
            var error = FT_Load_Glyph(face, glyph, sheen_ft_load_color)
            guard error == 0, let slot = face.pointee.glyph else { return .failure(.freeType(function: "FT_Load_Glyph", code: error)) }
            if slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
                var box = FT_BBox()
                FT_Outline_Get_CBox(&slot.pointee.outline, &box)
                let w = (Int(box.xMax) - Int(box.xMin)) / 64 + 2, h = (Int(box.yMax) - Int(box.yMin)) / 64 + 2
                if w > 1 << 16 || h > 1 << 16 || w * h > Self.maximumGlyphPixels { return .failure(.maskTooLarge(width: w, height: h)) }
            }
            error = FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL)
            guard error == 0 else { return .failure(.freeType(function: "FT_Render_Glyph", code: error)) }
            let b = slot.pointee.bitmap
            guard b.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue) else { return .success(nil) }
            out.append(ColorResampler(bgra: b.buffer, width: Int(b.width), rows: Int(b.rows), pitch: Int(b.pitch), scale: 1,
                                      left: Double(slot.pointee.bitmap_left), top: -Double(slot.pointee.bitmap_top)).bitmap())
        }
        return .success(out)
    }
}

/// Scales a premultiplied BGRA bitmap to premultiplied RGBA with a tent filter — bilinear when
/// enlarging, an area-weighted average over 1/scale source pixels when reducing, so a 109 px
/// emoji strike drawn at 20 px neither aliases nor blurs more than it must. Outside the bitmap is
/// transparent. At scale 1 and a whole-pixel position it is an exact copy.
struct ColorResampler {
    let bgra: UnsafePointer<UInt8>?
    let width: Int, rows: Int, pitch: Int
    let scale: Double
    /// Where the bitmap's top-left corner lands, pixels from the pen position (y down).
    let left: Double, top: Double

    /// The source pixels (index, weight) that output pixel `p` draws from along one axis.
    private func taps(_ p: Int, origin: Double, count: Int) -> [(Int, Float)] {
        let radius = max(1, 1 / scale)
        let centre = (Double(p) + 0.5 - origin) / scale  // in source pixels
        var taps: [(Int, Float)] = []
        var total = 0.0
        let first = Int((centre - radius - 0.5).rounded(.down)), last = Int((centre + radius - 0.5).rounded(.up))
        for i in first...last {
            let w = max(0, 1 - abs(Double(i) + 0.5 - centre) / radius)
            total += w
            if w > 0, i >= 0, i < count { taps.append((i, Float(w))) }
        }
        return total > 0 ? taps.map { ($0.0, $0.1 / Float(total)) } : []
    }

    func bitmap() -> GlyphBitmap {
        guard let bgra, width > 0, rows > 0 else { return .empty }
        let radius = max(1, 1 / scale) * scale
        let x0 = Int((left - radius).rounded(.down)), x1 = Int((left + Double(width) * scale + radius).rounded(.up))
        let y0 = Int((top - radius).rounded(.down)), y1 = Int((top + Double(rows) * scale + radius).rounded(.up))
        let w = x1 - x0, h = y1 - y0
        guard w > 0, h > 0 else { return .empty }
        let columnTaps = (0..<w).map { taps(x0 + $0, origin: left, count: width) }
        // Horizontal pass: every source row at the output columns, RGBA floats.
        var horizontal = [Float](repeating: 0, count: rows * w * 4)
        for r in 0..<rows {
            let src = pitch >= 0 ? bgra + r * pitch : bgra + (rows - 1 - r) * (-pitch)
            for x in 0..<w {
                var acc = SIMD4<Float>()
                for (i, weight) in columnTaps[x] {
                    let p = src + 4 * i
                    acc += SIMD4(Float(p[2]), Float(p[1]), Float(p[0]), Float(p[3])) * weight
                }
                let o = (r * w + x) * 4
                horizontal[o] = acc.x; horizontal[o + 1] = acc.y; horizontal[o + 2] = acc.z; horizontal[o + 3] = acc.w
            }
        }
        var color = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            let rowTaps = taps(y0 + y, origin: top, count: rows)
            for x in 0..<w {
                var acc = SIMD4<Float>()
                for (j, weight) in rowTaps {
                    let o = (j * w + x) * 4
                    acc += SIMD4(horizontal[o], horizontal[o + 1], horizontal[o + 2], horizontal[o + 3]) * weight
                }
                let a = min(255, max(0, acc.w.rounded()))
                let o = (y * w + x) * 4
                // Premultiplied: no colour level above alpha.
                color[o] = UInt8(min(a, max(0, acc.x.rounded())))
                color[o + 1] = UInt8(min(a, max(0, acc.y.rounded())))
                color[o + 2] = UInt8(min(a, max(0, acc.z.rounded())))
                color[o + 3] = UInt8(a)
            }
        }
        return GlyphBitmap(colorRGBA: color, width: w, height: h, left: x0, top: y0)
    }
}
