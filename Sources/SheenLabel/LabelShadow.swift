import SheenRaster

/// A shadow (or, with zero offset, a glow) cast by the union of the text's fill and stroke. It
/// keeps its own colour: it is never tinted by the fill's gradient.
public struct LabelShadow: Hashable, Sendable {
    /// The shadow's colour (its alpha scales the whole shadow).
    public var color: Color
    /// Offset in pixels (x right, y down). Offsets are rounded to whole pixels when drawn.
    public var offset: Point
    /// The allowed `sigma`s, pixels: 0…`GaussianBlur.maximumSigma`.
    public static let sigmaRange = 0 ... GaussianBlur.maximumSigma
    /// The allowed CSS blur radii (`css(color:offset:blurRadius:spread:)`): twice `sigmaRange`.
    public static let blurRadiusRange = 0 ... 2 * GaussianBlur.maximumSigma
    /// The allowed `spread`s, pixels: 0…256, what `TextStroke.maximumWidth` leaves beside a
    /// label's widest stroke (`LabelStroke.maximumWidth`), since a shadow grows the stroked text.
    public static let spreadRange = 0 ... TextStroke.maximumWidth - LabelStroke.maximumWidth

    /// Gaussian σ in pixels, in `sigmaRange`; 0 is a sharp shadow (UILabel's shadowColor/shadowOffset).
    public var sigma: Double
    /// Grows the shape before blurring, in pixels, in `spreadRange` (CSS's spread).
    public var spread: Double

    /// Makes a shadow from σ.
    public init(color: Color, offset: Point = Point(0, 0), sigma: Double = 0, spread: Double = 0) {
        self.color = color; self.offset = offset; self.sigma = sigma; self.spread = spread
    }

    /// A shadow from a CSS/Canvas-style blur radius (σ = radius / 2).
    public static func css(color: Color, offset: Point, blurRadius: Double, spread: Double = 0) -> LabelShadow {
        LabelShadow(color: color, offset: offset, sigma: GaussianBlur.sigma(cssRadius: blurRadius), spread: spread)
    }

    /// An outer glow: a shadow with no offset.
    public static func glow(color: Color, sigma: Double, spread: Double = 0) -> LabelShadow {
        LabelShadow(color: color, sigma: sigma, spread: spread)
    }
}
