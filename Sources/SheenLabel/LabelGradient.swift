import SheenPlatform
import SheenRaster

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
        /// Any SheenRaster shape in unit coordinates of the rectangle, stretched onto it (a
        /// length of 0.5 reaches half its width across and half its height down): how a spec,
        /// `--gradient` and C give a kind that has no case of its own here.
        case shape(GradientShape)
    }

    /// A label gradient's kinds, as a spec's `kind` names them: SheenRaster's shape kinds, then
    /// `points` (a linear gradient between two points), the label's own.
    public enum Kind: Sendable, Hashable, Vocabulary {
        /// A SheenRaster shape kind (`linear`: by an angle).
        case shape(GradientShape.Kind)
        /// `.points`.
        case points

        /// The raster kinds' words, then `points`.
        public static let vocabulary: [VocabularyWord<Kind>] =
            GradientShape.Kind.listed.map { VocabularyWord($0.word, .shape($0.value), $0.constant, $0.summary) }
            + [VocabularyWord("points", .points)]
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

    /// The allowed radii of a `.radial` geometry, in units of the rectangle: 0…10^6.
    public static let radiusRange = 0.0 ... 1e6

    /// Checks what drawing the gradient would refuse, wherever it is drawn: SheenRaster's
    /// `Gradient.validate` over a unit rectangle (so the errors name what a `GradientFill` would),
    /// then the fill prepared over the smallest rectangle a label paints (one pixel) and the
    /// largest (three label sides square, from one side before the origin): a radial gradient's
    /// circles must not vanish in the one nor reach past `GradientFill`'s 2²⁴ px in the other,
    /// and both grow with the rectangle, so a gradient passing both draws at every size.
    func validate() throws(LabelError) {
        switch geometry {
        case let .radial(_, radius) where !(radius.isFinite && Self.radiusRange.contains(radius)):
            throw .invalidParameter(name: "gradient radius", value: radius, allowed: Self.radiusRange.interval + ", in units of the rectangle")
        case let .linear(angle) where !angle.isFinite:
            throw .invalidParameter(name: "gradient angle", value: angle, allowed: "a finite number of degrees")
        case let .conic(_, startAngle) where !startAngle.isFinite:
            throw .invalidParameter(name: "gradient startAngle", value: startAngle, allowed: "a finite number of degrees")
        default:
            break
        }
        try liftRaster(gradient(in: Rect(x: 0, y: 0, width: 1, height: 1)).validate())
        let side = Label.maximumSide
        for rect in [Rect(x: 0, y: 0, width: 1, height: 1), Rect(x: -side, y: -side, width: 3 * side, height: 3 * side)] {
            _ = try liftRaster(GradientFill(gradient(in: rect)))
        }
    }

    /// The SheenRaster gradient covering `rect` (pixels of the destination it is drawn into).
    func gradient(in rect: Rect) -> Gradient {
        let shape: GradientShape
        var transform = Matrix2D.identity
        func unit(_ p: Point) -> Point { Point(rect.x + p.x * rect.width, rect.y + p.y * rect.height) }
        switch geometry {
        case let .linear(angle):
            let r = GradientShape.radians(degrees: angle)
            let (dx, dy) = (cos(r), sin(r))
            let half = (abs(rect.width * dx) + abs(rect.height * dy)) / 2
            let c = Point(rect.x + rect.width / 2, rect.y + rect.height / 2)
            shape = .linear(start: Point(c.x - dx * half, c.y - dy * half), end: Point(c.x + dx * half, c.y + dy * half))
        case let .points(from, to):
            shape = .linear(start: unit(from), end: unit(to))
        case let .radial(center, radius):
            // A circle in unit space, stretched onto the rectangle.
            shape = .radial(startCenter: center, startRadius: 0, endCenter: center, endRadius: radius)
            transform = Self.stretch(onto: rect)
        case let .conic(center, startAngle):
            shape = .conic(center: unit(center), startAngle: GradientShape.radians(degrees: startAngle))
        case let .shape(s):
            shape = s
            transform = Self.stretch(onto: rect)
        }
        return Gradient(shape: shape, stops: stops, spread: spread, space: space, transform: transform, dither: dither)
    }

    /// The unit square stretched onto `rect` (an empty side kept invertible).
    private static func stretch(onto rect: Rect) -> Matrix2D {
        Matrix2D(a: max(rect.width, 1e-9), b: 0, c: 0, d: max(rect.height, 1e-9), tx: rect.x, ty: rect.y)
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

extension GradientExtent: Vocabulary {
    /// The extents' words (a gradient's `extent`, `--extent`, `sheen_gradient_extent`).
    public static let vocabulary: [VocabularyWord<GradientExtent>] = [
        .init("ink", .ink, "SHEEN_EXTENT_INK", "spans the text's inked pixels (the end colours land on the outermost ink)"),
        .init("lines", .lines, "SHEEN_EXTENT_LINES", "each line its own gradient over its own ink"),
        .init("typographic", .typographic, "SHEEN_EXTENT_TYPOGRAPHIC", "the typographic text rectangle"),
        .init("frame", .frame, "SHEEN_EXTENT_FRAME", "the label's whole rectangle"),
    ]
    /// `sheen_gradient_extent`.
    public static var cEnumeration: String? { "sheen_gradient_extent" }
}
