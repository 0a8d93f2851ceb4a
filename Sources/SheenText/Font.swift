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

    /// A font found by fontconfig from a pattern such as "DejaVu Sans:bold" or "serif:italic"
    /// (fontconfig's name syntax); the rest of fontconfig's sorted set is the fallback chain.
    /// fontconfig answers with its closest match, so an unknown family gives the default family.
    public init(named pattern: String, size: Double) throws(TextError) {
        try Self.check(size)
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

/// The faces of a font: the primary one, then fontconfig's candidates, opened on first need.
final class FontChain: Sendable {
    let primary: FontFace
    let fallback: CandidateList?
    /// Per-scalar answers, so fallback search runs once per character.
    private let memo = Locked<[UInt32: FontFace]>([:])
    /// Per-base-scalar answers for emoji presentation (nil: no colour face has it).
    private let colorMemo = Locked<[UInt32: FontFace?]>([:])

    init(primary: FontFace, fallback: CandidateList?) { self.primary = primary; self.fallback = fallback }

    private static let chains = Locked<[String: FontChain]>([:])

    /// The chain made for `key` before, or a new one from `make` (kept for the process's life:
    /// fonts are few, and sharing keeps fallback answers and equality across `Font` values).
    static func cached(_ key: String, _ make: () throws(TextError) -> FontChain) throws(TextError) -> FontChain {
        if let known = chains.withLock({ $0[key] }) { return known }
        let made = try make()
        return chains.withLock { table in
            if let raced = table[key] { return raced }
            table[key] = made
            return made
        }
    }

    /// The face that draws `scalar`: the primary face when it has it, else the first candidate
    /// that has it, else the primary face (which draws its .notdef box).
    func face(for scalar: Unicode.Scalar) -> FontFace {
        if primary.hasGlyph(for: scalar) { return primary }
        if let known = memo.withLock({ $0[scalar.value] }) { return known }
        var found = primary
        if let fallback {
            for i in fallback.items.indices where fallback.mayHave(i, scalar) {
                guard let face = try? FaceCache.face(at: fallback.items[i].location) else { continue }
                if face.hasGlyph(for: scalar) { found = face; break }
            }
        }
        memo.withLock { $0[scalar.value] = found }
        return found
    }

    /// The colour face (emoji font) that draws a cluster shown as emoji: the primary face when it
    /// is one and has the cluster, else the first fallback candidate in colour that has every
    /// scalar; nil when no installed colour font has it.
    func colorFace(for scalars: [Unicode.Scalar]) -> FontFace? {
        guard let base = scalars.first(where: { !Self.isIgnorable($0) }) else { return nil }
        if primary.hasColor && Self.covers(primary, scalars) { return primary }
        if let known = colorMemo.withLock({ $0[base.value] }), known.map({ Self.covers($0, scalars) }) ?? true { return known }
        var found: FontFace?
        if let fallback {
            for i in fallback.items.indices where fallback.mayHave(i, base) {
                guard let face = try? FaceCache.face(at: fallback.items[i].location), face.hasColor else { continue }
                if Self.covers(face, scalars) { found = face; break }
            }
        }
        colorMemo.withLock { $0[base.value] = .some(found) }
        return found
    }

    /// True when a grapheme cluster asks to be shown as emoji (UTS #51): an emoji presentation
    /// selector (U+FE0F), a base whose default presentation is emoji, or an emoji with a skin-tone
    /// modifier, a zero-width joiner or a keycap after it. U+FE0E asks for text.
    static func wantsEmoji(_ scalars: [Unicode.Scalar]) -> Bool {
        guard let base = scalars.first else { return false }
        // Most clusters are one scalar below U+2000 other than © and ®, none of which is an emoji
        // by default: answered without a Unicode property lookup (layout asks for every cluster).
        if scalars.count == 1 && base.value < 0x2000 && base.value != 0xA9 && base.value != 0xAE { return false }
        if scalars.contains("\u{FE0E}") { return false }
        if scalars.contains("\u{FE0F}") || base.properties.isEmojiPresentation { return true }
        return base.properties.isEmoji && scalars.dropFirst().contains {
            $0.properties.isEmojiModifier || $0 == "\u{200D}" || $0 == "\u{20E3}"
        }
    }

    /// True when `face` has every scalar of a cluster that needs a glyph (format characters such
    /// as ZWJ and variation selectors are not required).
    static func covers(_ face: FontFace, _ scalars: some Sequence<Unicode.Scalar>) -> Bool {
        // The cmap lookup is cheap; the Unicode property lookup runs only for missing scalars.
        for s in scalars where !face.hasGlyph(for: s) && !isIgnorable(s) { return false }
        return true
    }

    /// Default-ignorable and format characters a face need not have (ZWJ, ZWNJ, variation selectors, …).
    static func isIgnorable(_ s: Unicode.Scalar) -> Bool {
        s.properties.isDefaultIgnorableCodePoint || s.properties.generalCategory == .format
    }
}
