import SheenRaster

/// A font at a pixel size, with a fallback chain: characters the primary face lacks are drawn with
/// the first face in fontconfig's sorted set that has them, so mixed-script text draws with
/// whatever fonts the machine has.
///
/// `Font` is a value: changing the size makes a new value sharing the same faces. Faces and
/// fallback chains are made once per process (per path or pattern) and shared, so two fonts made
/// from the same path or pattern and size are equal; fallback faces are opened only when a
/// character needs them.
public struct Font: Hashable, Sendable, CustomStringConvertible {
    /// The largest accepted size in pixels. Glyph bitmaps grow with the square of the size; 4096 px
    /// keeps one glyph under 16 MB while covering any display size.
    public static let maximumSize = 4096.0

    /// The smallest accepted size in pixels: one unit of FreeType's 26.6 fixed point (1/64 px).
    public static let minimumSize = 1.0 / 64

    /// Size in pixels per em, in [`minimumSize`, `maximumSize`].
    public let size: Double
    let chain: FontChain

    /// The face the font asked for; every character it has is drawn with it.
    public var primaryFace: FontFace { chain.primary }

    /// A font from a file: face `faceIndex` of the TTF/OTF/TTC at `path`. With `fallback` (the
    /// default) characters the file lacks come from fontconfig's sorted set for the file's family.
    /// Throws `.unreadableFile`, `.notAFont`, `.faceIndexOutOfRange` or `.invalidFontSize`.
    public init(path: String, size: Double, faceIndex: Int = 0, fallback: Bool = true) throws(TextError) {
        try Self.check(size)
        self.size = size
        self.chain = try FontChain.cached("file:\(faceIndex):\(fallback):\(path)") { () throws(TextError) in
            let face = try FaceCache.face(at: FaceLocation(path: path, index: faceIndex))
            let candidates = fallback ? (try? FontLookup.sorted(pattern: Self.escaped(face.familyName))) : nil
            return FontChain(primary: face, fallback: candidates)
        }
    }

    /// A font from a face already opened (for instance from bytes in memory), with no fallback.
    public init(face: FontFace, size: Double) throws(TextError) {
        try Self.check(size)
        self.size = size
        self.chain = FontChain(primary: face, fallback: nil)
    }

    /// The longest pattern `init(named:size:)` passes to fontconfig, in UTF-8 bytes.
    public static let maximumPatternLength = 1024

    /// A font found by fontconfig from a pattern such as "DejaVu Sans:bold" or "serif:italic"
    /// (fontconfig's name syntax); the rest of fontconfig's sorted set is the fallback chain.
    /// fontconfig answers with its closest match, so an unknown family gives the default family
    /// (`primaryFace.familyName` says which family was found); with `requiringFamily`, a match
    /// whose family is none of the pattern's families throws `.fontNotFound` instead (generic
    /// families such as "serif", "sans-serif" and "monospace" accept whatever fontconfig maps
    /// them to). A pattern longer than `maximumPatternLength` is refused (`.invalidParameter`).
    public init(named pattern: String, size: Double, requiringFamily: Bool = false) throws(TextError) {
        try Self.check(size)
        // fontconfig's parse and sort grow faster than linearly with a pattern's length (128 KB
        // took 13 s): a name longer than any real one is refused before it gets there.
        guard pattern.utf8.count <= Self.maximumPatternLength else {
            throw .invalidParameter(name: "font pattern length", value: Double(pattern.utf8.count),
                                    allowed: "at most \(Self.maximumPatternLength) bytes")
        }
        self.size = size
        self.chain = try FontChain.cached("pattern:" + pattern) { () throws(TextError) in
            let candidates = try FontLookup.sorted(pattern: pattern)
            var firstError: TextError?
            for item in candidates.items {
                do throws(TextError) { return FontChain(primary: try FaceCache.face(at: item.location), fallback: candidates) }
                catch { firstError = firstError ?? error }
            }
            throw firstError ?? .fontNotFound(pattern: pattern)
        }
        if requiringFamily && !isOfFamily(namedIn: pattern) {
            throw .fontNotFound(pattern: pattern)
        }
    }

    /// Adds the fonts (TTF, OTF, TTC) in directory `path` and its subdirectories to those
    /// `init(named:size:)` and fallback find, for the rest of the process: fonts an application
    /// ships, or a fallback font where fontconfig finds none (a machine without fonts or without
    /// fontconfig's configuration). Patterns and files are looked up again afterwards (a family
    /// that fell back to the default before is found); fonts made before keep their faces, and are
    /// not equal to ones made after from the same pattern. Throws `.unreadableFile` when `path` is
    /// not a readable directory.
    public static func addDirectory(_ path: String) throws(TextError) {
        // Only fonts that were not there change an answer: a directory without any leaves the
        // chains (and the fonts made from them, equal to those made after) as they are.
        if try FontLookup.addDirectory(path) { FontChain.forgetAll() }
    }

    /// True when the font's primary face is of a family `pattern` names (or the pattern names a
    /// generic family or none): false where fontconfig answered an unknown family with its
    /// default, which `init(named:size:requiringFamily: true)` refuses.
    public func isOfFamily(namedIn pattern: String) -> Bool { Self.matchesFamily(of: pattern, primaryFace.familyName) }

    /// Family names fontconfig resolves to a configured family rather than matching by name.
    private static let genericFamilies: Set<String> = ["serif", "sans-serif", "sans", "monospace", "mono", "cursive",
                                                       "fantasy", "system-ui", "emoji", "math"]

    /// Whether `family` is one of the families a fontconfig pattern names (before its first
    /// unescaped "-" or ":", separated by unescaped ","), compared without case or spaces, or the
    /// pattern names a generic family or none at all.
    static func matchesFamily(of pattern: String, _ family: String) -> Bool {
        var names: [String] = [], current = "", escaped = false
        for c in pattern {
            if escaped { current.append(c); escaped = false; continue }
            if c == "\\" { escaped = true; continue }
            if c == "-" || c == ":" { break }
            if c == "," { names.append(current); current = ""; continue }
            current.append(c)
        }
        names.append(current)
        func key(_ s: String) -> String { s.lowercased().filter { !$0.isWhitespace } }
        let wanted = names.map(key).filter { !$0.isEmpty }
        if wanted.isEmpty || wanted.contains(where: { genericFamilies.contains($0) }) { return true }
        return wanted.contains(key(family))
    }

    init(size: Double, chain: FontChain) { self.size = size; self.chain = chain }

    /// The same faces at another size. Throws `.invalidFontSize`.
    public func withSize(_ size: Double) throws(TextError) -> Font {
        try Self.check(size)
        return Font(size: size, chain: chain)
    }

    /// Distance from the baseline up to the top of the line box, in pixels (from the primary face).
    public var ascender: Double { primaryFace.ascender * size / Double(primaryFace.unitsPerEm) }
    /// Distance from the baseline down to the bottom of the line box, in pixels (positive).
    public var descender: Double { -primaryFace.descender * size / Double(primaryFace.unitsPerEm) }
    /// Extra space the font asks for between lines, in pixels.
    public var lineGap: Double { primaryFace.lineGap * size / Double(primaryFace.unitsPerEm) }

    /// Top edge of the underline relative to the baseline, pixels, y up (negative: below it):
    /// the primary face's `post` underlinePosition at this size.
    public var underlinePosition: Double { pixels(primaryFace.decorationMetrics.underlineTop) }
    /// Thickness of a single underline, pixels (the `post` table's underlineThickness).
    public var underlineThickness: Double { pixels(primaryFace.decorationMetrics.underlineThickness) }
    /// Top edge of the strikethrough relative to the baseline, pixels, y up (OS/2 yStrikeoutPosition).
    public var strikethroughPosition: Double { pixels(primaryFace.decorationMetrics.strikeoutTop) }
    /// Thickness of a single strikethrough, pixels (OS/2 yStrikeoutSize).
    public var strikethroughThickness: Double { pixels(primaryFace.decorationMetrics.strikeoutThickness) }

    private func pixels(_ units: Double) -> Double { units * size / Double(primaryFace.unitsPerEm) }

    /// "Family Style size px".
    public var description: String { "\(primaryFace.familyName) \(primaryFace.styleName) \(size) px" }

    /// Fonts are equal when they share faces (the same chain) and size.
    public static func == (a: Font, b: Font) -> Bool { a.chain === b.chain && a.size == b.size }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(chain)); h.combine(size) }

    static func check(_ size: Double) throws(TextError) {
        guard size.isFinite, size >= minimumSize, size <= maximumSize else { throw .invalidFontSize(size) }
    }

    /// A family name as a fontconfig pattern (its special characters escaped).
    private static func escaped(_ family: String) -> String {
        var out = ""
        for c in family { if c == "-" || c == ":" || c == "," || c == "\\" { out.append("\\") }; out.append(c) }
        return out
    }
}
