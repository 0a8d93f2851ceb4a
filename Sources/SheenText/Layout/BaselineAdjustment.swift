/// Where shrunk single-line text sits relative to where the unshrunk text would have been
/// (UILabel's UIBaselineAdjustment).
public enum BaselineAdjustment: Hashable, Sendable {
    /// The shrunk baseline is where the full-size baseline would be (UILabel's default).
    case alignBaselines
    /// The shrunk line's vertical centre is where the full-size line's would be.
    case alignCenters
    /// The shrunk line's top is where the full-size line's would be.
    case none
}

extension BaselineAdjustment: Vocabulary {
    /// The baseline adjustments' words (spec `baseline`, `--baseline`, `sheen_baseline`).
    public static let vocabulary: [VocabularyWord<BaselineAdjustment>] = [
        .init("baselines", .alignBaselines, "SHEEN_BASELINE_BASELINES", "the shrunk baseline where the full-size one would be"),
        .init("centers", .alignCenters, "SHEEN_BASELINE_CENTERS", "the shrunk line's centre where the full-size one's would be"),
        .init("none", .none, "SHEEN_BASELINE_NONE", "the shrunk line's top where the full-size one's would be"),
    ]
    /// `sheen_baseline`.
    public static var cEnumeration: String? { "sheen_baseline" }
}
