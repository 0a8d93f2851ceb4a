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
