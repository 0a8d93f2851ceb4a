/// Vertical placement of the text block inside the bounds height.
public enum VerticalAlignment: Hashable, Sendable {
    /// The first line touches the top.
    case top
    /// The block is centred — UILabel's behaviour.
    case center
    /// The last line touches the bottom.
    case bottom
}

extension VerticalAlignment: Vocabulary {
    /// The vertical alignments' words (spec `vertical`, `--vertical`, `sheen_vertical_alignment`).
    public static let vocabulary: [VocabularyWord<VerticalAlignment>] = [
        .init("top", .top, "SHEEN_VALIGN_TOP"),
        .init("center", .center, "SHEEN_VALIGN_CENTER"),
        .init("bottom", .bottom, "SHEEN_VALIGN_BOTTOM"),
    ]
    /// `sheen_vertical_alignment`.
    public static var cEnumeration: String? { "sheen_vertical_alignment" }
}
