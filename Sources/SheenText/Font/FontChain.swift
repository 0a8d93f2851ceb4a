import SheenRaster

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

    /// Forgets every chain made so far, so that patterns and files are looked up again (after a
    /// font directory was added); fonts already made keep the chains they hold.
    static func forgetAll() { chains.withLock { $0.removeAll() } }

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
        let traits = ScalarTraits.of(base)
        if scalars.contains("\u{FE0F}") || traits.contains(.emojiPresentation) { return true }
        return traits.contains(.emoji) && scalars.dropFirst().contains {
            $0 == "\u{200D}" || $0 == "\u{20E3}" || ScalarTraits.of($0).contains(.emojiModifier)
        }
    }

    /// True when `face` has every scalar of a cluster that needs a glyph (format characters such
    /// as ZWJ and variation selectors are not required).
    static func covers(_ face: FontFace, _ scalars: some Sequence<Unicode.Scalar>) -> Bool {
        // The cmap lookup is cheap; the Unicode property lookup runs only for missing scalars.
        for s in scalars where !face.hasGlyph(for: s) && !isIgnorable(s) { return false }
        return true
    }

    /// Scalars of the large ideographic and syllabic blocks — CJK ideographs and their
    /// extensions, Hiragana and Katakana, Hangul syllables and jamo (not the fillers), Yi —
    /// which are letters: no emoji, not ignorable, not white space. Layout asks about every
    /// character; a CJK or Korean paragraph is almost all of these, answered here without the
    /// Unicode property lookups (a third of its layout time).
    static func isPlainSyllabic(_ v: UInt32) -> Bool {
        switch v {
        case 0x3041...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xAC00...0xD7A3,
             0x1100...0x115E, 0x1161...0x11FF, 0xF900...0xFAFF, 0x20000...0x3134F:
            return true
        default:
            return false
        }
    }

    /// Default-ignorable and format characters a face need not have (ZWJ, ZWNJ, variation selectors, …).
    static func isIgnorable(_ s: Unicode.Scalar) -> Bool {
        ScalarTraits.of(s).contains(.ignorable)
    }
}
