/// A set of values every interface spells as words — the JSON label spec, the command line and
/// its help, the C API's enumeration, the docs — declared once, in `vocabulary`: the spec reader
/// and the command line look words up there, C values are positions in it, and a test holds
/// sheen.h's enumeration to it (writing it with `SHEEN_WRITE_DOCS=1`).
public protocol Vocabulary: Sendable, Equatable {
    /// Every value with its word, in the order of the C enumeration (a value's C constant is its
    /// position among the entries that are not alternates), alternate spellings after.
    static var vocabulary: [VocabularyWord<Self>] { get }
    /// The C enumeration the values are (`sheen_text_alignment`), nil where C has none.
    static var cEnumeration: String? { get }
}

/// One word of a `Vocabulary`: the value it names, its C constant and what it means.
public struct VocabularyWord<Value: Sendable>: Sendable {
    /// The word ("left").
    public let word: String
    /// The value it names.
    public let value: Value
    /// sheen.h's constant (`SHEEN_ALIGN_LEFT`); nil for an alternate spelling or where C has no
    /// enumeration.
    public let constant: String?
    /// What the value means, a phrase (sheen.h's comment on the constant); empty where the word
    /// says it.
    public let summary: String
    /// True for another spelling of a value listed before it ("centred"): accepted, not listed.
    public let isAlternate: Bool

    /// The word `word` for `value`, with its C constant and meaning.
    public init(_ word: String, _ value: Value, _ constant: String? = nil, _ summary: String = "") {
        self.word = word
        self.value = value
        self.constant = constant
        self.summary = summary
        isAlternate = false
    }

    /// Another spelling, `word`, of a value listed before it.
    public static func alternate(_ word: String, _ value: Value) -> VocabularyWord {
        VocabularyWord(alternate: word, value)
    }

    private init(alternate word: String, _ value: Value) {
        self.word = word
        self.value = value
        constant = nil
        summary = ""
        isAlternate = true
    }
}

extension Vocabulary {
    /// The C enumeration's name, none by default.
    public static var cEnumeration: String? { nil }

    /// The entries that are not alternates, in C order.
    public static var listed: [VocabularyWord<Self>] { vocabulary.filter { !$0.isAlternate } }

    /// The value `word` names (an alternate spelling too), nil for a word it does not know.
    public static func named(_ word: String) -> Self? {
        vocabulary.first { $0.word == word }?.value
    }

    /// The value's word.
    public var word: String { Self.vocabulary.first { $0.value == self }!.word }

    /// The words, as a sentence lists them: "left, right, center, justified or natural".
    public static var wordList: String {
        let words = listed.map(\.word)
        return words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words.last!
    }

    /// The value whose C constant is `value`, nil outside 0…count − 1.
    public init?(cValue value: Int32) {
        let listed = Self.listed
        guard value >= 0, Int(value) < listed.count else { return nil }
        self = listed[Int(value)].value
    }

    /// The value's C constant's value: its position in `listed`.
    public var cValue: Int32 { Int32(Self.listed.firstIndex { $0.value == self }!) }
}
