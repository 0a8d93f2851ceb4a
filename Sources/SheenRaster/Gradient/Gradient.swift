/// A gradient: shape, colour stops and how to interpolate and extend them.
///
/// Stops follow CSS rules: offsets are clamped to 0…1 and sorted stably; two stops at the same
/// offset make a hard edge, where the later stop's colour starts exactly at that offset; before the
/// first stop and after the last the end colours extend. One stop paints a solid colour. Where t
/// wraps (repeat, reflect, conic) the colour at t = 1 is the limit from below, so a hard stop at
/// offset 1 ends the gradient rather than drawing a stray line along every wrap.
public struct Gradient: Hashable, Sendable {
    /// Shape and geometry, in the gradient's own space (mapped to pixels by `transform`).
    public var shape: GradientShape
    /// Colour stops; at least one.
    public var stops: [GradientStop]
    /// What happens outside [0, 1]. Conic gradients wrap every turn whatever the spread.
    public var spread: GradientSpread
    /// The space colours are interpolated in; `.sRGB` by default.
    public var space: ColorSpace
    /// Premultiplied (default) or straight interpolation of alpha.
    public var alphaInterpolation: AlphaInterpolation
    /// Maps gradient space to pixel space; identity by default.
    public var transform: Matrix2D
    /// Adds a fixed 8×8 ordered (Bayer) dither of less than ½ level before rounding, removing
    /// 8-bit banding. It depends only on the pixel position, so it does not crawl between frames.
    public var dither: Bool

    /// Makes a gradient.
    public init(shape: GradientShape, stops: [GradientStop], spread: GradientSpread = .pad,
                space: ColorSpace = .sRGB, alphaInterpolation: AlphaInterpolation = .premultiplied,
                transform: Matrix2D = .identity, dither: Bool = false) {
        self.shape = shape; self.stops = stops; self.spread = spread; self.space = space
        self.alphaInterpolation = alphaInterpolation; self.transform = transform; self.dither = dither
    }

    /// A linear gradient from `start` to `end` with `colors` spaced evenly.
    public static func linear(from start: Point, to end: Point, colors: [Color],
                              spread: GradientSpread = .pad, space: ColorSpace = .sRGB) -> Gradient {
        Gradient(shape: .linear(start: start, end: end), stops: evenlySpaced(colors),
                 spread: spread, space: space)
    }

    /// A circular gradient centred at `center`, from `colors.first` at the centre to `colors.last`
    /// at `radius`, colours spaced evenly.
    public static func radial(center: Point, radius: Double, colors: [Color],
                              spread: GradientSpread = .pad, space: ColorSpace = .sRGB) -> Gradient {
        Gradient(shape: .radial(startCenter: center, startRadius: 0, endCenter: center, endRadius: radius),
                 stops: evenlySpaced(colors), spread: spread, space: space)
    }

    /// A sweep gradient around `center` starting at `startAngle` radians, colours spaced evenly.
    public static func conic(center: Point, startAngle: Double = 0, colors: [Color],
                             space: ColorSpace = .sRGB) -> Gradient {
        Gradient(shape: .conic(center: center, startAngle: startAngle), stops: evenlySpaced(colors),
                 space: space)
    }

    /// Stops at offsets 0, 1/(n−1), …, 1 for `colors` (one colour: a single stop at 0).
    public static func evenlySpaced(_ colors: [Color]) -> [GradientStop] {
        if colors.count == 1 { return [GradientStop(0, colors[0])] }
        return colors.enumerated().map { i, c in GradientStop(Double(i) / Double(colors.count - 1), c) }
    }
}

extension Gradient {
    /// Checks the gradient's numbers — at least one stop, finite offsets, colours and geometry,
    /// radii ≥ 0 — without preparing it (no colour ramp is built). Throws the `RasterError`
    /// `GradientFill` would, naming the value; what depends on the pixel grid (a line too short,
    /// a transform that cannot be inverted) is still checked by `GradientFill`.
    public func validate() throws(RasterError) {
        _ = try validatedStops()
        try validateShape()
    }

    /// Checks every stop and returns the stops clamped and stably sorted (the CSS rules).
    /// Throws `RasterError` naming the first bad value; nothing is drawn on a throw.
    func validatedStops() throws(RasterError) -> [GradientStop] {
        if stops.isEmpty { throw RasterError.emptyGradient }
        for (i, s) in stops.enumerated() {
            try RasterError.requireFinite(s.offset, "stops[\(i)].offset")
            let c = s.color
            // One test per stop; the component is named only when it fails (a gradient made per
            // call should not build arrays to check four numbers).
            if !c.isFinite {
                try RasterError.requireFinite(Double(c.red), "stops[\(i)].color.red")
                try RasterError.requireFinite(Double(c.green), "stops[\(i)].color.green")
                try RasterError.requireFinite(Double(c.blue), "stops[\(i)].color.blue")
                try RasterError.requireFinite(Double(c.alpha), "stops[\(i)].color.alpha")
            }
        }
        let clamped = stops.map { GradientStop(min(max($0.offset, 0), 1), $0.color) }
        // Already in order (as stops nearly always are): nothing to sort.
        if zip(clamped, clamped.dropFirst()).allSatisfy({ $0.offset <= $1.offset }) { return clamped }
        // Stable sort: equal offsets keep their order, which is what makes a hard edge.
        return clamped.enumerated().sorted { l, r in
            l.element.offset != r.element.offset ? l.element.offset < r.element.offset : l.offset < r.offset
        }.map(\.element)
    }

}


/// One colour stop: `color` at `offset` along the gradient (0 = start, 1 = end).
public struct GradientStop: Hashable, Sendable {
    /// Position along the gradient; clamped to 0…1 when the gradient is prepared.
    public var offset: Double
    /// The colour at that position (straight alpha, sRGB).
    public var color: Color
    /// Makes a stop.
    public init(_ offset: Double, _ color: Color) { self.offset = offset; self.color = color }
}


/// What a gradient does beyond its [0, 1] range.
public enum GradientSpread: String, Sendable, Hashable, CaseIterable {
    /// Extend the end colours (CSS, CAGradientLayer).
    case pad
    /// Start again from 0 after 1.
    case `repeat`
    /// Run back from 1 to 0, then forward again (mirror).
    case reflect
}


/// How alpha takes part in interpolation.
public enum AlphaInterpolation: String, Sendable, Hashable, CaseIterable {
    /// Interpolate colour premultiplied by alpha (CSS Color 4): a transparent stop fades the
    /// colour out without pulling grey or black into it. The default.
    case premultiplied
    /// Interpolate colour and alpha separately (legacy behaviour of some APIs).
    case straight
}
