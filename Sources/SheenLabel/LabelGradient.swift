#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SheenRaster
import SheenText

/// A gradient for label text, laid out relative to a rectangle (its `GradientExtent`): the text's
/// ink, each line's ink, the typographic text rect or the label's frame.
public struct LabelGradient: Hashable, Sendable {
    /// Where the gradient lies inside its extent rectangle.
    public enum Geometry: Hashable, Sendable {
        /// A linear gradient through the rectangle's centre at `angle` degrees: 0 runs left to
        /// right, 90 top to bottom (clockwise on screen). Like CSS's linear-gradient, the gradient
        /// line is long enough that the corners get the end colours exactly.
        case linear(angle: Double)
        /// A linear gradient between two points in unit coordinates of the rectangle ((0, 0) its
        /// top-left corner, (1, 1) its bottom-right).
        case points(from: Point, to: Point)
        /// A radial gradient centred at `center` (unit coordinates) reaching the end colour at
        /// `radius` — in units of the rectangle, so 0.5 touches the sides: an ellipse on
        /// rectangles that are not square (CSS's `ellipse closest-side`).
        case radial(center: Point, radius: Double)
        /// A sweep around `center` (unit coordinates) starting at `startAngle` degrees (0 points
        /// right, clockwise on screen).
        case conic(center: Point, startAngle: Double)
    }

    /// Geometry relative to the extent rectangle.
    public var geometry: Geometry
    /// Colour stops (CSS rules: offsets clamped and sorted; at least one).
    public var stops: [GradientStop]
    /// Beyond the stops: pad (default), repeat or reflect.
    public var spread: GradientSpread
    /// Interpolation space; sRGB (CSS's default) unless set — `.oklab` gives perceptually even blends.
    public var space: ColorSpace
    /// Ordered dither below ½ level against banding.
    public var dither: Bool

    /// A gradient with `colors` evenly spaced.
    public init(colors: [Color], geometry: Geometry = .linear(angle: 0), spread: GradientSpread = .pad,
                space: ColorSpace = .sRGB, dither: Bool = false) {
        self.init(stops: Gradient.evenlySpaced(colors), geometry: geometry, spread: spread, space: space, dither: dither)
    }

    /// A gradient with explicit stops.
    public init(stops: [GradientStop], geometry: Geometry = .linear(angle: 0), spread: GradientSpread = .pad,
                space: ColorSpace = .sRGB, dither: Bool = false) {
        self.stops = stops; self.geometry = geometry; self.spread = spread; self.space = space; self.dither = dither
    }

    /// Checks the numbers that do not depend on where the gradient is drawn (SheenRaster's
    /// `Gradient.validate` over a unit rectangle, so the errors name what a `GradientFill` would);
    /// the rest is refused by `GradientFill` when the label is drawn, before any pixel changes.
    func validate() throws {
        try gradient(in: Rect(x: 0, y: 0, width: 1, height: 1)).validate()
    }

    /// The SheenRaster gradient covering `rect` (pixels of the destination it is drawn into).
    func gradient(in rect: Rect) -> Gradient {
        let shape: GradientShape
        var transform = AffineTransform.identity
        func unit(_ p: Point) -> Point { Point(rect.x + p.x * rect.width, rect.y + p.y * rect.height) }
        switch geometry {
        case let .linear(angle):
            let r = angle * .pi / 180
            let (dx, dy) = (cos(r), sin(r))
            let half = (abs(rect.width * dx) + abs(rect.height * dy)) / 2
            let c = Point(rect.x + rect.width / 2, rect.y + rect.height / 2)
            shape = .linear(start: Point(c.x - dx * half, c.y - dy * half), end: Point(c.x + dx * half, c.y + dy * half))
        case let .points(from, to):
            shape = .linear(start: unit(from), end: unit(to))
        case let .radial(center, radius):
            // A circle in unit space, stretched onto the rectangle.
            shape = .radial(startCenter: center, startRadius: 0, endCenter: center, endRadius: radius)
            transform = AffineTransform(a: max(rect.width, 1e-9), b: 0, c: 0, d: max(rect.height, 1e-9), tx: rect.x, ty: rect.y)
        case let .conic(center, startAngle):
            shape = .conic(center: unit(center), startAngle: startAngle * .pi / 180)
        }
        return Gradient(shape: shape, stops: stops, spread: spread, space: space, transform: transform, dither: dither)
    }
}

/// Which rectangle a text gradient spans.
public enum GradientExtent: Hashable, Sendable {
    /// The union of the drawn text's ink — the default, the gradient that is always right:
    /// the rectangle runs from the centre of the first inked pixel column (row) to the centre of
    /// the last, so the outermost inked pixels get the end colours exactly, whatever the frame or
    /// alignment.
    case ink
    /// Each line gets the gradient over its own ink, and only its own glyphs are painted with it,
    /// so no colour of one line bleeds into the next.
    case lines
    /// The typographic text rect (line boxes from font metrics).
    case typographic
    /// The label's frame: the naive behaviour (the ends fall off short text), kept for comparison.
    case frame
}

/// What text, strokes and shadows are painted with.
public enum LabelPaint: Hashable, Sendable {
    /// One straight-alpha colour.
    case color(Color)
    /// A gradient over the given extent.
    case gradient(LabelGradient, extent: GradientExtent = .ink)
}

/// A stroke along the glyph outlines.
public struct LabelStroke: Hashable, Sendable {
    /// Width in pixels, (0, 256].
    public var width: Double
    /// What the stroke is painted with. A gradient's `.ink` extent is the stroke's own ink;
    /// `.lines` is treated as `.ink` for strokes (one gradient over the whole stroke).
    public var paint: LabelPaint
    /// Outside the glyphs (default: the glyphs grown by `width`, drawn under the fill), centred on
    /// the outline or inside the glyphs (both drawn over the fill, as CoreGraphics draws fill then
    /// stroke, so the whole width shows).
    public var placement: TextStroke.Placement
    /// Corner joins.
    public var join: TextStroke.Join

    /// Makes a stroke.
    public init(width: Double, paint: LabelPaint, placement: TextStroke.Placement = .outside, join: TextStroke.Join = .round) {
        self.width = width; self.paint = paint; self.placement = placement; self.join = join
    }

    var textStroke: TextStroke { TextStroke(width: width, placement: placement, join: join) }
}

/// A shadow (or, with zero offset, a glow) cast by the union of the text's fill and stroke. It
/// keeps its own colour: it is never tinted by the fill's gradient.
public struct LabelShadow: Hashable, Sendable {
    /// The shadow's colour (its alpha scales the whole shadow).
    public var color: Color
    /// Offset in pixels (x right, y down). Offsets are rounded to whole pixels when drawn.
    public var offset: Point
    /// Gaussian σ in pixels, [0, 256]; 0 is a sharp shadow (UILabel's shadowColor/shadowOffset).
    public var sigma: Double
    /// Grows the shape before blurring, in pixels, [0, 256] (CSS's spread).
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

/// Insets in pixels from each edge.
public struct EdgeInsets: Hashable, Sendable {
    /// Inset from the top edge.
    public var top: Double
    /// Inset from the left edge.
    public var left: Double
    /// Inset from the bottom edge.
    public var bottom: Double
    /// Inset from the right edge.
    public var right: Double
    /// Makes insets.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    /// No inset.
    public static let zero = EdgeInsets()
}
