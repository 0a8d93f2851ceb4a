import CFreeType
import CHarfBuzz
import SheenRaster
import Synchronization

/// One face of one font file (a TTF/OTF file, or one face of a TTC collection), opened with
/// FreeType (outlines, rasterisation, stroking) and HarfBuzz (shaping) over the same bytes.
///
/// Thread safety: a face may be used from several threads. Shaping only reads the HarfBuzz font,
/// which is immutable after creation; every FreeType call on the face goes through one lock, and
/// each face has its own `FT_Library`, so faces never contend with each other.
public final class FontFace: @unchecked Sendable, CustomStringConvertible {
    /// A process-unique number for this face (glyph-cache keys use it).
    public let id: Int
    /// Family name from the font's naming table ("DejaVu Sans"), or "" when it has none.
    public let familyName: String
    /// Style name ("Bold", "Oblique"), or "" when it has none.
    public let styleName: String
    /// Where the face came from: a path, or "memory".
    public let source: String
    /// Index of this face inside its file (0 for single-face files).
    public let faceIndex: Int
    /// Design units per em; positions from HarfBuzz are in these units before scaling.
    public let unitsPerEm: Int
    /// Number of glyphs in the face.
    public let glyphCount: Int
    /// Typographic ascender, descender (negative below the baseline) and line gap, in design units.
    let ascender: Double, descender: Double, lineGap: Double
    /// The face has outlines (TrueType or CFF); false for a bitmap-only colour face.
    public let isScalable: Bool
    /// The face has colour glyphs (CBDT/sbix bitmap strikes or COLR layers): emoji fonts.
    public let hasColor: Bool
    /// Pixel sizes (ppem) of the face's bitmap strikes, in the face's order; empty for most fonts.
    let strikes: [Int]
    /// Underline and strikeout positions and thicknesses, design units.
    let decorationMetrics: DecorationMetrics

    let data: FontData
    let library: FT_Library
    let face: FT_Face
    /// HarfBuzz font at a scale of one unit per design unit (positions scale linearly with size:
    /// HarfBuzz's OpenType functions are unhinted).
    let hbFont: OpaquePointer
    /// Bit u set when the face maps ASCII code point u (0…127) to a glyph: layout asks for
    /// every character, and most are ASCII.
    private let asciiCoverage: (low: UInt64, high: UInt64)
    /// Guards every FreeType call on `face`; holds the char size (26.6) last set on it, −1 before
    /// the first (0 would match a size that rounds to 0 units and skip setting it).
    let lock = Locked<Int>(-1)

    private static let nextID = Atomic<Int>(1)

    /// Opens face `index` of the font file at `path`. Throws `.unreadableFile`, `.notAFont` or
    /// `.faceIndexOutOfRange`; a face is never half-made.
    public convenience init(path: String, index: Int = 0) throws(TextError) {
        try self.init(data: FontData(contentsOf: path), source: path, index: index)
    }

    /// Opens face `index` of a font held in memory (the bytes are copied).
    public convenience init(bytes: some Collection<UInt8>, index: Int = 0) throws(TextError) {
        try self.init(data: FontData(copying: bytes), source: "memory", index: index)
    }

    init(data: FontData, source: String, index: Int) throws(TextError) {
        var lib: FT_Library?
        let initError = FT_Init_FreeType(&lib)
        guard initError == 0, let lib else { throw .freeType(function: "FT_Init_FreeType", code: initError) }
        var ftFace: FT_Face?
        let bytes = data.base.assumingMemoryBound(to: FT_Byte.self)
        // Ask for the face count first so a bad index gets its own error.
        var error = FT_New_Memory_Face(lib, bytes, FT_Long(data.count), -1, &ftFace)
        guard error == 0, let probe = ftFace else {
            FT_Done_FreeType(lib)
            throw .notAFont(source: source, code: error)
        }
        let faceCount = Int(probe.pointee.num_faces)
        FT_Done_Face(probe)
        // FreeType keeps named instances in the index's upper 16 bits: a face index is 0…0xFFFF.
        guard index >= 0, index < faceCount, index <= 0xFFFF else {
            FT_Done_FreeType(lib)
            throw .faceIndexOutOfRange(source: source, index: index, faceCount: faceCount)
        }
        ftFace = nil
        error = FT_New_Memory_Face(lib, bytes, FT_Long(data.count), FT_Long(index), &ftFace)
        guard error == 0, let ftFace else {
            FT_Done_FreeType(lib)
            throw .notAFont(source: source, code: error)
        }
        let flags = ftFace.pointee.face_flags
        let scalable = flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0
        let color = flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
        // Bitmap-only faces are usable when their strikes are in colour (CBDT, sbix: emoji), which
        // are scaled to any size; monochrome bitmap fonts are not.
        let strikes = (0..<Int(ftFace.pointee.num_fixed_sizes)).map { Int(ftFace.pointee.available_sizes[$0].y_ppem) >> 6 }
        guard scalable ? ftFace.pointee.units_per_EM > 0 : color && !strikes.isEmpty else {
            FT_Done_Face(ftFace); FT_Done_FreeType(lib)
            throw .notAFont(source: source, code: 2)  // FT_Err_Invalid_File_Format: monochrome bitmap-only or empty face
        }
        let blob = hb_blob_create(data.base.assumingMemoryBound(to: CChar.self), UInt32(data.count),
                                  HB_MEMORY_MODE_READONLY, nil, nil)
        let hbFace = hb_face_create(blob, UInt32(index))
        hb_blob_destroy(blob)
        // FreeType leaves a bitmap-only face's units per em at 0; its head table (HarfBuzz) has them.
        let upem = scalable ? Int(ftFace.pointee.units_per_EM) : Int(hb_face_get_upem(hbFace))
        guard upem > 0 else {
            hb_face_destroy(hbFace); FT_Done_Face(ftFace); FT_Done_FreeType(lib)
            throw .notAFont(source: source, code: 2)
        }
        hb_face_set_upem(hbFace, UInt32(upem))
        guard let font = hb_font_create(hbFace) else {
            hb_face_destroy(hbFace); FT_Done_Face(ftFace); FT_Done_FreeType(lib)
            throw .library(function: "hb_font_create")
        }
        hb_face_destroy(hbFace)
        hb_font_set_scale(font, Int32(upem), Int32(upem))
        hb_font_make_immutable(font)

        var extents = hb_font_extents_t()
        let hasExtents = hb_font_get_h_extents(font, &extents) != 0
        if hasExtents, extents.ascender != 0 || extents.descender != 0 {
            ascender = Double(extents.ascender); descender = Double(extents.descender)
            lineGap = Double(max(0, extents.line_gap))
        } else {
            ascender = Double(ftFace.pointee.ascender); descender = Double(ftFace.pointee.descender)
            lineGap = Double(max(0, Int(ftFace.pointee.height) - Int(ftFace.pointee.ascender) + Int(ftFace.pointee.descender)))
        }
        self.decorationMetrics = DecorationMetrics(hbFont: font, unitsPerEm: upem)
        self.isScalable = scalable
        self.hasColor = color
        self.strikes = strikes
        self.id = Self.nextID.add(1, ordering: .relaxed).oldValue
        self.data = data
        self.library = lib
        self.face = ftFace
        self.hbFont = font
        self.source = source
        self.faceIndex = index
        self.unitsPerEm = upem
        self.glyphCount = Int(ftFace.pointee.num_glyphs)
        self.familyName = ftFace.pointee.family_name.map { String(cString: $0) } ?? ""
        self.styleName = ftFace.pointee.style_name.map { String(cString: $0) } ?? ""
        var coverage: (low: UInt64, high: UInt64) = (0, 0)
        for u in UInt32(0)..<128 {
            var glyph: hb_codepoint_t = 0
            guard hb_font_get_nominal_glyph(font, u, &glyph) != 0 else { continue }
            if u < 64 { coverage.low |= 1 << u } else { coverage.high |= 1 << (u - 64) }
        }
        self.asciiCoverage = coverage
    }

    deinit {
        hb_font_destroy(hbFont)
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// The glyph this face maps `scalar` to, or nil when the face has none (its cmap lacks it).
    public func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar.value, &glyph) != 0 ? glyph : nil
    }

    /// True when the face maps `scalar` to a glyph.
    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        let u = scalar.value
        if u < 64 { return asciiCoverage.low >> u & 1 != 0 }
        if u < 128 { return asciiCoverage.high >> (u - 64) & 1 != 0 }
        return glyph(for: scalar) != nil
    }

    /// "Family Style (source#index)".
    public var description: String { "\(familyName) \(styleName) (\(source)#\(faceIndex))" }
}
