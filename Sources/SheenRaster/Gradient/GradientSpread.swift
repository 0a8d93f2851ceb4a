/// What a gradient does beyond its [0, 1] range.
public enum GradientSpread: String, Sendable, Hashable, CaseIterable {
    /// Extend the end colours (CSS, CAGradientLayer).
    case pad
    /// Start again from 0 after 1.
    case `repeat`
    /// Run back from 1 to 0, then forward again (mirror).
    case reflect
}
