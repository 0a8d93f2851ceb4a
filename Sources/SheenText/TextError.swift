import SheenRaster

/// The one error type of SheenText. Every case names the offending value or the C call that
/// failed, so a message read in a log says what went wrong.
public enum TextError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A font file that cannot be opened or read; `reason` is the system's explanation.
    case unreadableFile(path: String, reason: String)
    /// Bytes that FreeType or HarfBuzz do not accept as a font (not a font, truncated or corrupt);
    /// `source` is the path or "memory", `code` FreeType's error code.
    case notAFont(source: String, code: Int32)
    /// A face index beyond the faces a collection (TTC) holds.
    case faceIndexOutOfRange(source: String, index: Int, faceCount: Int)
    /// fontconfig found no font for a pattern such as "DejaVu Sans:bold".
    case fontNotFound(pattern: String)
    /// A font size outside [`Font.minimumSize`, `Font.maximumSize`] pixels, or not finite.
    case invalidFontSize(Double)
    /// A layout or style parameter that is NaN, infinite or outside its range; `name` says which.
    case invalidParameter(name: String, value: Double, allowed: String)
    /// Text longer than `TextLayout.maximumLength` UTF-16 code units.
    case textTooLong(length: Int, maximum: Int)
    /// A mask whose pixel count would exceed `TextLayout.maximumMaskPixels`.
    case maskTooLarge(width: Int, height: Int)
    /// More than `maximum` combining marks in a row, starting at UTF-16 offset `offset`
    /// (`TextLayout.maximumMarksPerCharacter`).
    case tooManyMarks(offset: Int, maximum: Int)
    /// Memory for font bytes could not be allocated.
    case allocationFailed(bytes: Int)
    /// A FreeType call returned an error; `function` names the call.
    case freeType(function: String, code: Int32)
    /// FreeType could not load or draw one glyph of a font (a corrupt outline or table):
    /// `source` is the font's path or "memory", `function` the call, `code` FreeType's error code.
    case glyph(source: String, faceIndex: Int, glyph: UInt32, function: String, code: Int32)
    /// An ICU call returned an error; `function` names the call.
    case icu(function: String, code: Int32)
    /// A HarfBuzz or fontconfig call failed (these report failure without a code).
    case library(function: String)
    /// Automatic hyphenation was asked for but cannot run: libhyphen or the language's
    /// dictionary is missing (Debian: libhyphen0 and hyphen-LANG, e.g. hyphen-en-us).
    case hyphenationUnavailable(language: String, reason: String)
    /// A buffer-level problem SheenRaster found in a buffer, image or region SheenText was given
    /// or made: a destination that is not A8, a region of negative size, memory for a mask that
    /// could not be allocated.
    case raster(RasterError)

    /// A sentence that names the problem.
    public var description: String {
        switch self {
        case let .unreadableFile(path, reason): return "cannot read font file \(path): \(reason)"
        case let .notAFont(source, code): return "\(source) is not a usable font (\(Self.freeTypeError(code)))"
        case let .faceIndexOutOfRange(source, index, count):
            return "face index \(index) is out of range 0…\(count - 1): \(source) holds \(count) face\(count == 1 ? "" : "s")"
        case let .fontNotFound(pattern): return "no font matches \"\(pattern)\""
        case let .invalidFontSize(size): return "font size \(size) px is not in [1/64, \(Font.maximumSize)]"
        case let .invalidParameter(name, value, allowed): return "\(name) = \(value) is not allowed (\(allowed))"
        case let .textTooLong(length, maximum):
            return "text of \(length) UTF-16 code units is longer than the maximum \(maximum)"
        case let .maskTooLarge(w, h): return "a \(w)×\(h) mask is larger than \(TextLayout.maximumMaskPixels) pixels"
        case let .tooManyMarks(offset, maximum):
            return "more than \(maximum) combining marks in a row at UTF-16 offset \(offset)"
        case let .allocationFailed(bytes): return "cannot allocate \(bytes) bytes for a font"
        case let .freeType(function, code): return "\(function) failed with \(Self.freeTypeError(code))"
        case let .glyph(source, faceIndex, glyph, function, code):
            return "cannot draw glyph \(glyph) of \(source) (face \(faceIndex)): \(function) failed with \(Self.freeTypeError(code))"
        case let .icu(function, code): return "\(function) failed with ICU error \(code)"
        case let .library(function): return "\(function) failed"
        case let .hyphenationUnavailable(language, reason): return "automatic hyphenation for \(language) is unavailable: \(reason)"
        case let .raster(error): return error.description
        }
    }

    /// "FreeType error 20 (invalid outline)": the code with FreeType's own name for it where it is
    /// one a font can cause (fterrdef.h); FreeType's error strings are compiled out of most builds.
    static func freeTypeError(_ code: Int32) -> String {
        let names: [Int32: String] = [
            0x01: "cannot open resource", 0x02: "unknown file format", 0x03: "broken file",
            0x06: "invalid argument", 0x07: "unimplemented feature", 0x08: "broken table", 0x09: "broken offset within table",
            0x0A: "array allocation size too large", 0x10: "invalid glyph index", 0x12: "unsupported glyph image format",
            0x13: "cannot render this glyph format", 0x14: "invalid outline", 0x15: "invalid composite glyph",
            0x16: "too many hints", 0x17: "invalid pixel size", 0x40: "out of memory",
            0x51: "cannot open stream", 0x52: "invalid stream seek", 0x53: "invalid stream skip", 0x54: "invalid stream read",
            0x55: "invalid stream operation", 0x56: "invalid frame operation", 0x58: "invalid frame read",
            0x62: "raster overflow", 0x8E: "SFNT table missing", 0x8F: "horizontal header (hhea) table missing",
            0x90: "locations (loca) table missing", 0x92: "character map (cmap) table missing",
            0x93: "horizontal metrics (hmtx) table missing", 0x95: "invalid horizontal metrics", 0xA4: "glyph too big for hinting",
        ]
        return "FreeType error \(code)" + (names[code].map { " (\($0))" } ?? "")
    }
}
