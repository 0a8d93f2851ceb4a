/// One colour stop: `color` at `offset` along the gradient (0 = start, 1 = end).
public struct GradientStop: Hashable, Sendable {
    /// Position along the gradient; clamped to 0…1 when the gradient is prepared.
    public var offset: Double
    /// The colour at that position (straight alpha, sRGB).
    public var color: Color
    /// Makes a stop.
    public init(_ offset: Double, _ color: Color) { self.offset = offset; self.color = color }
}
