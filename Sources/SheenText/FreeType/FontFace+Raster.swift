import CFreeType

extension FontFace {
    /// Who strokes an outside, round-joined band: `OutlineDilation` (always, outside tests), or
    /// FreeType's stroker, which tests compare it with.
    enum OutsideStroker { case dilation, freeType }

    /// Glyph bitmaps larger than this many pixels are refused (a corrupt outline can claim a
    /// bounding box of millions of pixels); 2^26 is a 8192 × 8192 glyph.
    static let maximumGlyphPixels = 1 << 26

    /// Rasterises `glyph` at `size26` (pixels × 64) once for each origin shift in `offsets26`
    /// (1/64 px, 0…63: the subpixel buckets wanted), optionally as a stroke; one bitmap per offset,
    /// in order. The outline is loaded and stroked once, whatever the number of offsets: stroking
    /// commutes with translation, and a stroke costs several renderings (bench/kernel-notes.md,
    /// "Text"), so a glyph that appears at several subpixel positions is stroked once. Outlines are loaded unhinted
    /// by default, so that shapes scale exactly and subpixel positions stay honest (`hinting`). A glyph without an outline (bitmap-only
    /// strikes) draws nothing.
    func rasterize(glyph: UInt32, size26: Int, offsets26: [Int], stroke: TextStroke?, hinting: Hinting = .none,
                   outsideStroker: OutsideStroker = .dilation) throws(TextError) -> [GlyphBitmap] {
        // Below 1/128 px the size rounds to 0 units, which FreeType would take as "unset" and
        // draw in font units; such a glyph is far smaller than a pixel, so it draws nothing.
        if size26 < 1 { return offsets26.map { _ in .empty } }
        // Colour glyphs (emoji) fill with their own pixels; a bitmap-only face has no outline to stroke.
        if stroke == nil, let colored = try rasterizeColor(glyph: glyph, size26: size26, offsets26: offsets26) { return colored }
        if !isScalable { return offsets26.map { _ in .empty } }
        return try withOutline(glyph: glyph, size26: size26, hinting: hinting) { slot in
            guard let slot else { return .success(offsets26.map { _ in .empty }) }
            return rasterizeSlot(slot, offsets26: offsets26, stroke: stroke, outsideStroker: outsideStroker)
        }
    }

    /// Loads `glyph` at `size26` (hinted as `hinting` asks) under the face's lock and runs `body`
    /// on its slot (nil for a glyph without an outline). A FreeType failure is thrown naming the
    /// font and glyph.
    private func withOutline<T>(glyph: UInt32, size26: Int, hinting: Hinting = .none,
                                _ body: (FT_GlyphSlot?) -> Result<T, TextError>) throws(TextError) -> T {
        let result: Result<T, TextError> = lock.withLock { currentSize in
            if currentSize != size26 {
                let error = FT_Set_Char_Size(face, 0, FT_F26Dot6(size26), 72, 72)
                guard error == 0 else { return .failure(.freeType(function: "FT_Set_Char_Size", code: error)) }
                currentSize = size26
            }
            let flags: FT_Int32
            switch hinting {
            case .none: flags = sheen_ft_load_outline
            case .light: flags = sheen_ft_load_light
            case .full: flags = sheen_ft_load_full
            }
            let error = FT_Load_Glyph(face, glyph, flags)
            guard error == 0 else { return .failure(.freeType(function: "FT_Load_Glyph", code: error)) }
            guard let slot = face.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return body(nil) }
            return body(slot)
        }
        switch result {
        case let .success(value): return value
        case let .failure(.freeType(function, code)):
            // A font-specific failure: name the font and the glyph, not only the call.
            throw .glyph(source: source, faceIndex: faceIndex, glyph: glyph, function: function, code: code)
        case let .failure(error): throw error
        }
    }

    /// Fills or strokes the loaded outline once per offset. Caller holds the lock.
    private func rasterizeSlot(_ slot: FT_GlyphSlot, offsets26: [Int], stroke: TextStroke?,
                               outsideStroker: OutsideStroker) -> Result<[GlyphBitmap], TextError> {
        if let failure = checkSize(&slot.pointee.outline, grow26: stroke?.radius26 ?? 0) { return .failure(failure) }
        var fill: FT_Glyph?
        let error = FT_Get_Glyph(slot, &fill)
        guard error == 0, let fillGlyph = fill else { return .failure(.freeType(function: "FT_Get_Glyph", code: error)) }
        defer { FT_Done_Glyph(fillGlyph) }
        guard let stroke else {
            return collect(offsets26) { offset in bitmap(of: fillGlyph, offset26: offset) }
        }
        if stroke.placement == .outside && stroke.join == .round && outsideStroker == .dilation {
            // The glyph grown by the radius: the dilation's border, traced once, rendered per offset.
            let outline = UnsafeMutableRawPointer(fillGlyph).assumingMemoryBound(to: FT_OutlineGlyphRec.self)
            let border = withUnsafeMutablePointer(to: &outline.pointee.outline) { o in
                OutlineDilation(o).border(radius: Double(stroke.radius26),
                                          outsideIsLeft: FT_Outline_Get_Orientation(o) != FT_ORIENTATION_POSTSCRIPT)
            }
            // FreeType outlines hold at most 32,767 points, and huge or non-finite points cannot
            // come from a sane outline: past either, FreeType's stroker below draws the glyph.
            if border.reduce(0, { $0 + $1.count }) <= Int(Int16.max),
               border.allSatisfy({ $0.allSatisfy { abs($0.x) < 1e12 && abs($0.y) < 1e12 } }) {
                return collect(offsets26) { renderPolygons(border, offset26: $0) }
            }
        }
        // The band around the outline: the glyph grown by the radius (outside, mitred), or both
        // borders (centred; inside takes a centred band of twice its width and keeps the part the
        // glyph covers).
        let band: FT_Glyph
        switch strokedCopy(of: fillGlyph, stroke: stroke) {
        case let .success(g): band = g
        case let .failure(e): return .failure(e)
        }
        defer { FT_Done_Glyph(band) }
        return collect(offsets26) { offset in
            let stroked = bitmap(of: band, offset26: offset)
            guard stroke.placement == .inside, case let .success(b) = stroked else { return stroked }
            return bitmap(of: fillGlyph, offset26: offset).map { $0.intersection(b) }
        }
    }

    private func collect(_ offsets26: [Int], _ body: (Int) -> Result<GlyphBitmap, TextError>) -> Result<[GlyphBitmap], TextError> {
        var out: [GlyphBitmap] = []
        out.reserveCapacity(offsets26.count)
        for offset in offsets26 {
            switch body(offset) {
            case let .success(b): out.append(b)
            case let .failure(e): return .failure(e)
            }
        }
        return .success(out)
    }

    /// A stroked copy of an outline glyph (the caller destroys it). Caller holds the lock.
    private func strokedCopy(of glyph: FT_Glyph, stroke: TextStroke) -> Result<FT_Glyph, TextError> {
        var stroker: FT_Stroker?
        var error = FT_Stroker_New(library, &stroker)
        guard error == 0, let stroker else { return .failure(.freeType(function: "FT_Stroker_New", code: error)) }
        defer { FT_Stroker_Done(stroker) }
        let join = stroke.join == .round ? FT_STROKER_LINEJOIN_ROUND : FT_STROKER_LINEJOIN_MITER_FIXED
        FT_Stroker_Set(stroker, FT_Fixed(stroke.radius26), FT_STROKER_LINECAP_ROUND, join, 4 << 16)
        var copy: FT_Glyph?
        error = FT_Glyph_Copy(glyph, &copy)
        guard error == 0, copy != nil else { return .failure(.freeType(function: "FT_Glyph_Copy", code: error)) }
        // FT_Glyph_Stroke / StrokeBorder replace `copy` (destroying the old one) on success.
        if stroke.placement == .outside {
            // The outside border of each contour (FreeType picks the side from the outline's
            // orientation): beyond the outer contours and into the holes, so the filled result is
            // the glyph grown by the radius.
            error = FT_Glyph_StrokeBorder(&copy, stroker, 0, 1)
        } else {
            error = FT_Glyph_Stroke(&copy, stroker, 1)
        }
        guard error == 0, let stroked = copy else {
            if let copy { FT_Done_Glyph(copy) }
            return .failure(.freeType(function: "FT_Glyph_Stroke", code: error))
        }
        return .success(stroked)
    }

    /// Renders an outline glyph with its origin moved right by `offset26`, leaving it intact.
    private func bitmap(of glyph: FT_Glyph, offset26: Int) -> Result<GlyphBitmap, TextError> {
        let outline = UnsafeMutableRawPointer(glyph).assumingMemoryBound(to: FT_OutlineGlyphRec.self)
        return withUnsafeMutablePointer(to: &outline.pointee.outline) { renderOutline($0, offset26: offset26) }
    }

    /// Renders an outline, its origin moved right by `offset26` (restored afterwards): its pixel
    /// box is rendered by FreeType's anti-aliasing rasteriser (what FT_Render_Glyph runs) into
    /// memory of ours, then trimmed to the ink — without the glyph copies, translations and
    /// bitmap allocations of FT_Glyph_To_Bitmap.
    func renderOutline(_ o: UnsafeMutablePointer<FT_Outline>, offset26: Int = 0) -> Result<GlyphBitmap, TextError> {
        var box = FT_BBox()
        FT_Outline_Get_CBox(o, &box)
        let x0 = (Int(box.xMin) + offset26) >> 6, x1 = (Int(box.xMax) + offset26 + 63) >> 6
        let y0 = Int(box.yMin) >> 6, y1 = (Int(box.yMax) + 63) >> 6
        let w = x1 - x0, h = y1 - y0
        guard w > 0, h > 0 else { return .success(.empty) }
        guard w <= 1 << 16, h <= 1 << 16, w * h <= Self.maximumGlyphPixels else { return .failure(.maskTooLarge(width: w, height: h)) }
        let dx = FT_Pos(offset26 - x0 * 64), dy = FT_Pos(-y0 * 64)
        FT_Outline_Translate(o, dx, dy)
        defer { FT_Outline_Translate(o, -dx, -dy) }
        let pixels = UnsafeMutablePointer<UInt8>.allocate(capacity: w * h)
        defer { pixels.deallocate() }
        pixels.initialize(repeating: 0, count: w * h)
        var target = FT_Bitmap()
        target.rows = UInt32(h); target.width = UInt32(w); target.pitch = Int32(w)
        target.buffer = pixels; target.num_grays = 256; target.pixel_mode = UInt8(FT_PIXEL_MODE_GRAY.rawValue)
        let error = FT_Outline_Get_Bitmap(library, o, &target)
        guard error == 0 else { return .failure(.freeType(function: "FT_Outline_Get_Bitmap", code: error)) }
        // Positive pitch: row 0 is the top, FreeType's y1.
        return .success(GlyphBitmap(rows: h, columns: w, pitch: w, buffer: pixels, left: x0, top: y1))
    }

    /// The glyph's outline flattened within `tolerance` (26.6 units), in 26.6 units, y up: what
    /// tests hold the strokes to.
    func flattenedOutline(glyph: UInt32, size26: Int, tolerance: Double) throws(TextError) -> [[SIMD2<Double>]] {
        try withOutline(glyph: glyph, size26: size26) { slot in
            guard let slot else { return .success([]) }
            return .success(OutlineDilation(&slot.pointee.outline, tolerance: tolerance).contours)
        }
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
