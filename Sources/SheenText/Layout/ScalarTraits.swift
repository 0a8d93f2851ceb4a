/// The Unicode properties layout asks of every character — is it a combining mark, ignorable, white
/// space, an emoji, a letter, a number — as `ScalarTable` keeps them: exactly `Unicode.Scalar.Properties`' answers.
struct ScalarTraits: OptionSet, Sendable {
    let rawValue: UInt8

    /// General category Mn, Mc or Me: a combining mark.
    static let mark = ScalarTraits(rawValue: 1 << 0)
    /// Default ignorable, or general category Cf (ZWJ, ZWNJ, variation selectors, …): a face need
    /// not have it.
    static let ignorable = ScalarTraits(rawValue: 1 << 1)
    /// `isWhitespace`.
    static let whitespace = ScalarTraits(rawValue: 1 << 2)
    /// `isEmoji`.
    static let emoji = ScalarTraits(rawValue: 1 << 3)
    /// `isEmojiPresentation`.
    static let emojiPresentation = ScalarTraits(rawValue: 1 << 4)
    /// `isEmojiModifier`.
    static let emojiModifier = ScalarTraits(rawValue: 1 << 5)
    /// `isAlphabetic`: a letter (hyphenation's words are made of these and marks).
    static let alphabetic = ScalarTraits(rawValue: 1 << 6)
    /// A numeric type (decimal, digit or numeric): a digit or number of any script.
    static let numeric = ScalarTraits(rawValue: 1 << 7)

    /// What the Swift runtime says of `scalar`: the reference the table is made from.
    init(asking scalar: Unicode.Scalar) {
        let p = scalar.properties
        var traits: ScalarTraits = []
        switch p.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: traits.insert(.mark)
        case .format: traits.insert(.ignorable)
        default: break
        }
        if p.isDefaultIgnorableCodePoint { traits.insert(.ignorable) }
        if p.isWhitespace { traits.insert(.whitespace) }
        if p.isEmoji { traits.insert(.emoji) }
        if p.isEmojiPresentation { traits.insert(.emojiPresentation) }
        if p.isEmojiModifier { traits.insert(.emojiModifier) }
        if p.isAlphabetic { traits.insert(.alphabetic) }
        if p.numericType != nil { traits.insert(.numeric) }
        self = traits
    }

    init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The traits of the code point `value` (surrogates and values past U+10FFFF have none).
    static func of(_ value: UInt32) -> ScalarTraits { ScalarTable.traits(of: value) }

    /// The traits of `scalar`.
    static func of(_ scalar: Unicode.Scalar) -> ScalarTraits { ScalarTable.traits(of: scalar.value) }
}
