import CHarfBuzz

/// Shaping with HarfBuzz: one call per run of one face, direction, script and attributes.
enum Shaper {
    /// Shapes `range` of `units` (the whole piece is passed as context, so shaping across run
    /// boundaries sees its neighbours) with `face` at `size` pixels. Glyphs come back in visual
    /// order (reversed for right-to-left runs), as HarfBuzz returns them.
    static func shape(_ units: [UInt16], range: Range<Int>, face: FontFace, size: Double, rightToLeft: Bool,
                      script: hb_script_t, kerning: Bool, ligatures: Bool) throws(TextError) -> [ShapedGlyph] {
        guard let buffer = hb_buffer_create() else { throw .library(function: "hb_buffer_create") }
        defer { hb_buffer_destroy(buffer) }
        units.withUnsafeBufferPointer { text in
            hb_buffer_add_utf16(buffer, text.baseAddress, Int32(text.count), UInt32(range.lowerBound), Int32(range.count))
        }
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, script)
        hb_buffer_set_language(buffer, hb_language_get_default())
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
        var features: [hb_feature_t] = []
        func turnOff(_ tag: String) {
            var feature = hb_feature_t()
            if hb_feature_from_string(tag + "=0", -1, &feature) != 0 { features.append(feature) }
        }
        if !kerning { turnOff("kern") }
        if !ligatures { turnOff("liga"); turnOff("clig") }
        features.withUnsafeBufferPointer { hb_shape(face.hbFont, buffer, $0.baseAddress, UInt32($0.count)) }
        guard hb_buffer_allocation_successful(buffer) != 0 else { throw .library(function: "hb_shape") }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count) else { return [] }
        guard let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return [] }
        let scale = size / Double(face.unitsPerEm)
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(Int(count))
        for i in 0..<Int(count) {
            let p = positions[i]
            let flags = hb_glyph_info_get_glyph_flags(infos + i)
            glyphs.append(ShapedGlyph(id: infos[i].codepoint, cluster: Int(infos[i].cluster),
                                      advance: Double(p.x_advance) * scale,
                                      dx: Double(p.x_offset) * scale, dy: Double(p.y_offset) * scale,
                                      unsafeToBreak: flags.rawValue & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0))
        }
        return glyphs
    }
}
