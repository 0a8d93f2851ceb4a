import CSheenSIMD

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

/// Coordinate `c` of an image `n` pixels long placed by `mode` (a SamplingRepeat's raw value;
/// pixman-inlines.h's repeat()); -1 (transparent) outside with none. The reference twins' placement.
func samplePlace(_ c: Int, _ n: Int, _ mode: UInt32) -> Int {
    switch Int(mode) {
    case SHEEN_SAMPLE_NORMAL: return (c % n + n) % n
    case SHEEN_SAMPLE_PAD: return min(max(c, 0), n - 1)
    case SHEEN_SAMPLE_REFLECT:
        let m = (c % (2 * n) + 2 * n) % (2 * n)
        return m >= n ? 2 * n - m - 1 : m
    default: return c >= 0 && c < n ? c : -1
    }
}
