/// How a sampled image continues past its edges: pixman's repeat modes, with pixman's numbering
/// (`pixman_repeat_t`).
public enum SamplingRepeat: UInt32, Sendable, CaseIterable {
    /// Transparent outside the image.
    case none = 0
    /// Tiled.
    case normal = 1
    /// The edge pixels extended.
    case pad = 2
    /// Tiled with every other copy mirrored.
    case reflect = 3
}
