/// Vertical placement of the text block inside the bounds height.
public enum VerticalAlignment: Hashable, Sendable {
    /// The first line touches the top.
    case top
    /// The block is centred — UILabel's behaviour.
    case center
    /// The last line touches the bottom.
    case bottom
}
