import CFreeType

extension FontFace {
    /// Glyph bitmaps larger than this many pixels are refused (a corrupt outline can claim a
    /// bounding box of millions of pixels); 2^26 is a 8192 × 8192 glyph.
    static let maximumGlyphPixels = 1 << 26

    /// Rasterises `glyph` at `size26` (pixels × 64) with its origin moved right by `offset26`
    /// (1/64 px, 0…63) — the subpixel bucket — optionally as a stroke. Outlines are loaded
    /// unhinted so that shapes scale exactly and subpixel positions stay honest. A glyph without an
    /// outline (bitmap-only strikes) draws nothing.
    func rasterize(glyph: UInt32, size26: Int, offset26: Int, stroke: TextStroke?) throws(TextError) -> GlyphBitmap {
        // Below 1/128 px the size rounds to 0 units, which FreeType would take as "unset" and
        // draw in font units; such a glyph is far smaller than a pixel, so it draws nothing.
        if size26 < 1 { return .empty }
        let result: Result<GlyphBitmap, TextError> = lock.withLock { currentSize in
            if currentSize != size26 {
                let error = FT_Set_Char_Size(face, 0, FT_F26Dot6(size26), 72, 72)
                guard error == 0 else { return .failure(.freeType(function: "FT_Set_Char_Size", code: error)) }
                currentSize = size26
            }
            let error = FT_Load_Glyph(face, glyph, sheen_ft_load_outline)
            guard error == 0 else { return .failure(.freeType(function: "FT_Load_Glyph", code: error)) }
            guard let slot = face.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else {
                return .success(.empty)
            }
            if let stroke { return strokeSlot(slot, offset26: offset26, stroke: stroke) }
            return renderSlot(slot, offset26: offset26)
        }
        switch result {
        case let .success(bitmap): return bitmap
        case let .failure(.freeType(function, code)):
            // A font-specific failure: name the font and the glyph, not only the call.
            throw .glyph(source: source, faceIndex: faceIndex, glyph: glyph, function: function, code: code)
        case let .failure(error): throw error
        }
    }

    /// Fills the loaded outline. Caller holds the lock.
    private func renderSlot(_ slot: FT_GlyphSlot, offset26: Int) -> Result<GlyphBitmap, TextError> {
        FT_Outline_Translate(&slot.pointee.outline, FT_Pos(offset26), 0)
        if let failure = checkSize(&slot.pointee.outline, grow26: 0) { return .failure(failure) }
        let error = FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL)
        guard error == 0 else { return .failure(.freeType(function: "FT_Render_Glyph", code: error)) }
        let bitmap = slot.pointee.bitmap
        return .success(GlyphBitmap(rows: Int(bitmap.rows), columns: Int(bitmap.width), pitch: Int(bitmap.pitch),
                                    buffer: UnsafePointer(bitmap.buffer),
                                    left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top)))
    }

    /// Strokes the loaded outline with FreeType's stroker. Caller holds the lock.
    private func strokeSlot(_ slot: FT_GlyphSlot, offset26: Int, stroke: TextStroke) -> Result<GlyphBitmap, TextError> {
        if let failure = checkSize(&slot.pointee.outline, grow26: stroke.radius26) { return .failure(failure) }
        var stroker: FT_Stroker?
        var error = FT_Stroker_New(library, &stroker)
        guard error == 0, let stroker else { return .failure(.freeType(function: "FT_Stroker_New", code: error)) }
        defer { FT_Stroker_Done(stroker) }
        let join = stroke.join == .round ? FT_STROKER_LINEJOIN_ROUND : FT_STROKER_LINEJOIN_MITER_FIXED
        FT_Stroker_Set(stroker, FT_Fixed(stroke.radius26), FT_STROKER_LINECAP_ROUND, join, 4 << 16)
        var glyph: FT_Glyph?
        error = FT_Get_Glyph(slot, &glyph)
        guard error == 0, glyph != nil else { return .failure(.freeType(function: "FT_Get_Glyph", code: error)) }
        // FT_Glyph_Stroke / StrokeBorder replace `glyph` (destroying the old one) on success.
        if stroke.placement == .centered {
            error = FT_Glyph_Stroke(&glyph, stroker, 1)
        } else {
            // The outside border of each contour (FreeType picks the side from the outline's
            // orientation): beyond the outer contours and into the holes, so the filled result is
            // the glyph grown by the radius.
            error = FT_Glyph_StrokeBorder(&glyph, stroker, 0, 1)
        }
        guard error == 0 else {
            if let glyph { FT_Done_Glyph(glyph) }
            return .failure(.freeType(function: "FT_Glyph_Stroke", code: error))
        }
        var origin = FT_Vector(x: FT_Pos(offset26), y: 0)
        error = FT_Glyph_To_Bitmap(&glyph, FT_RENDER_MODE_NORMAL, &origin, 1)
        guard error == 0, let rendered = glyph else {
            if let glyph { FT_Done_Glyph(glyph) }
            return .failure(.freeType(function: "FT_Glyph_To_Bitmap", code: error))
        }
        defer { FT_Done_Glyph(rendered) }
        let bitmapGlyph = UnsafeMutableRawPointer(rendered).assumingMemoryBound(to: FT_BitmapGlyphRec.self)
        let bitmap = bitmapGlyph.pointee.bitmap
        return .success(GlyphBitmap(rows: Int(bitmap.rows), columns: Int(bitmap.width), pitch: Int(bitmap.pitch),
                                    buffer: UnsafePointer(bitmap.buffer),
                                    left: Int(bitmapGlyph.pointee.left), top: Int(bitmapGlyph.pointee.top)))
    }

    /// Refuses outlines whose control box (grown by a stroke radius) would make an absurd bitmap.
    private func checkSize(_ outline: UnsafeMutablePointer<FT_Outline>, grow26: Int) -> TextError? {
        var box = FT_BBox()
        FT_Outline_Get_CBox(outline, &box)
        let w = (Int(box.xMax) - Int(box.xMin) + 2 * grow26) / 64 + 2
        let h = (Int(box.yMax) - Int(box.yMin) + 2 * grow26) / 64 + 2
        if w > 1 << 16 || h > 1 << 16 || w * h > Self.maximumGlyphPixels {
            return .maskTooLarge(width: w, height: h)
        }
        return nil
    }
}
