/// How alpha takes part in interpolation.
public enum AlphaInterpolation: String, Sendable, Hashable, CaseIterable {
    /// Interpolate colour premultiplied by alpha (CSS Color 4): a transparent stop fades the
    /// colour out without pulling grey or black into it. The default.
    case premultiplied
    /// Interpolate colour and alpha separately (legacy behaviour of some APIs).
    case straight
}
