/// What a blur reads outside the image.
public enum BlurEdges: String, Sendable, CaseIterable {
    /// Transparent (zero) outside: what shadows and glows need; mass spreads out of the image.
    case transparent
    /// The edge pixel repeated outward: a blurred background keeps its edges' colour.
    case clamp
}
