/// Horizontal placement of each line inside the layout width (UILabel's NSTextAlignment).
public enum TextAlignment: Hashable, Sendable {
    /// Lines start at the left edge.
    case left
    /// Lines end at the right edge.
    case right
    /// Lines are centred.
    case center
    /// Every line but a paragraph's last is stretched to the full width at its spaces (between
    /// clusters when a line has no spaces, as CJK text); last lines use natural alignment.
    case justified
    /// Left for left-to-right paragraphs, right for right-to-left ones (the paragraph's base
    /// direction, from its first strong character).
    case natural
}

extension TextAlignment: Vocabulary {
    /// The alignments' words (spec `align`, `--align`, `sheen_text_alignment`).
    public static let vocabulary: [VocabularyWord<TextAlignment>] = [
        .init("left", .left, "SHEEN_ALIGN_LEFT"),
        .init("right", .right, "SHEEN_ALIGN_RIGHT"),
        .init("center", .center, "SHEEN_ALIGN_CENTER"),
        .init("justified", .justified, "SHEEN_ALIGN_JUSTIFIED", "all lines but a paragraph's last stretched to the width"),
        .init("natural", .natural, "SHEEN_ALIGN_NATURAL", "left or right by the paragraph's base direction"),
    ]
    /// `sheen_text_alignment`.
    public static var cEnumeration: String? { "sheen_text_alignment" }
}
