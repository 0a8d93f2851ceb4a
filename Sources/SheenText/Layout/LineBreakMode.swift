/// How lines wrap and where text that does not fit is cut (UILabel's NSLineBreakMode).
///
/// Every mode wraps multi-line text at word boundaries (UAX #14) except `.byCharWrapping`, which
/// wraps at any grapheme cluster; a word too long for a line is broken between clusters. The modes
/// differ on the last permitted line (the `numberOfLines`-th, or the last that fits the bounds
/// height) when text remains: the wrapping modes drop the rest; `.byClipping` puts on that line
/// what of the rest of the paragraph reaches the bounds' edge (and the cluster the edge cuts, and
/// one more), starting at the paragraph's leading edge when wider than the bounds whatever the
/// alignment, to be cut at the bounds (a layout's masks stop at its `pixelBounds`; a label clips
/// all it draws to its frame); the truncating modes put the rest of the
/// paragraph on that line and replace what does not fit with "…" (U+2026). Tail truncation also
/// marks text dropped after the paragraph; head and middle truncation work within the paragraph.
public enum LineBreakMode: Hashable, Sendable {
    /// Wrap at word boundaries.
    case byWordWrapping
    /// Wrap at grapheme clusters.
    case byCharWrapping
    /// Do not truncate; the last line is clipped.
    case byClipping
    /// "…" replaces the start of the last line.
    case byTruncatingHead
    /// "…" replaces the end of the last line (UILabel's default).
    case byTruncatingTail
    /// "…" replaces the middle of the last line.
    case byTruncatingMiddle

    var truncates: Bool { self == .byTruncatingHead || self == .byTruncatingTail || self == .byTruncatingMiddle }
}

extension LineBreakMode: Vocabulary {
    /// The line-break modes' words (spec `lineBreak`, `--line-break`, `sheen_line_break`).
    public static let vocabulary: [VocabularyWord<LineBreakMode>] = [
        .init("word", .byWordWrapping, "SHEEN_BREAK_WORD_WRAP", "wrap at word boundaries"),
        .init("char", .byCharWrapping, "SHEEN_BREAK_CHAR_WRAP", "wrap at grapheme clusters"),
        .init("clip", .byClipping, "SHEEN_BREAK_CLIP", "the last line cut at the frame"),
        .init("head", .byTruncatingHead, "SHEEN_BREAK_TRUNCATE_HEAD", "\"…\" replaces the start of the last line"),
        .init("tail", .byTruncatingTail, "SHEEN_BREAK_TRUNCATE_TAIL", "\"…\" replaces the end of the last line"),
        .init("middle", .byTruncatingMiddle, "SHEEN_BREAK_TRUNCATE_MIDDLE", "\"…\" replaces the middle of the last line"),
    ]
    /// `sheen_line_break`.
    public static var cEnumeration: String? { "sheen_line_break" }
}
