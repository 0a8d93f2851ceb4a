/// The shape of a gradient: how a pixel's position becomes the parameter t.
///
/// Each kind is one row of a table: its cases and numbers here, and everything else — its
/// parameters' names and roles, its exact t, its kernel form and the kernel twin's t — in its
/// row (`Kind.row`, the files in Gradient/Shapes/). The spec reader, the command line and the C
/// API (`sheen_gradient_create_shape`) read a kind's parameters from its row, so a shape they do
/// not spell out by hand reaches them all.
public enum GradientShape: Hashable, Sendable {
    /// t = 0 at `start`, 1 at `end`, constant along lines perpendicular to start→end.
    /// A zero-length line paints nothing (Canvas 2D rule).
    case linear(start: Point, end: Point)
    /// Two-point conical ("radial") gradient: t is the largest value for which the pixel lies on
    /// the circle interpolated between (startCenter, startRadius) at t = 0 and
    /// (endCenter, endRadius) at t = 1 with a non-negative radius; pixels on no such circle stay
    /// transparent. Equal centres with startRadius 0 give the familiar circular gradient; a start
    /// circle inside the end circle gives the focal case. Identical circles paint nothing.
    case radial(startCenter: Point, startRadius: Double, endCenter: Point, endRadius: Double)
    /// Sweep gradient around `center`: t = angle / 2π, the angle measured from `startAngle`
    /// (radians; 0 points along +x) in the direction that turns +x towards +y (clockwise on screen).
    case conic(center: Point, startAngle: Double)

    /// The kinds of shape, as the command line, the label spec and the C API name them.
    public enum Kind: Int, Sendable, Hashable, Vocabulary {
        /// `.linear`.
        case linear
        /// `.radial` (two-point conical).
        case radial
        /// `.conic`.
        case conic

        /// The kinds' words (`sheen gradient --kind`, `--gradient`, a label spec gradient's
        /// `kind`) and C constants (`sheen_gradient_create_shape`).
        public static let vocabulary: [VocabularyWord<Kind>] = [
            .init("linear", .linear, "SHEEN_GRADIENT_KIND_LINEAR", Kind.linear.numbersSummary),
            .init("radial", .radial, "SHEEN_GRADIENT_KIND_RADIAL", Kind.radial.numbersSummary),
            .init("conic", .conic, "SHEEN_GRADIENT_KIND_CONIC", Kind.conic.numbersSummary),
        ]
        /// `sheen_gradient_kind`.
        public static var cEnumeration: String? { "sheen_gradient_kind" }

        /// The kind's row: its parameters and how it is evaluated.
        var row: GradientShapeRow {
            switch self {
            case .linear: LinearShape.row
            case .radial: RadialShape.row
            case .conic: ConicShape.row
            }
        }

        /// What preparing a gradient reads of the kind's row, as plain values (a read of the row
        /// itself costs a retain and a release).
        var summary: GradientShapeSummary { Self.summaries[rawValue] }

        /// Every kind's summary, at its raw value, read from the rows once.
        private static let summaries: [GradientShapeSummary] = listed.sorted { $0.value.rawValue < $1.value.rawValue }
            .map { GradientShapeSummary($0.value.row) }

        /// The kind's parameters, in the order `GradientShape.numbers` lists their numbers.
        public var parameters: [GradientShape.Parameter] { row.parameters }

        /// Its numbers in order, as C's enumeration lists them: "numbers center.x, center.y,
        /// startAngle (radians)".
        var numbersSummary: String {
            "numbers " + parameters.map { p in
                p.numberNames.joined(separator: ", ") + (p.role == .angle ? " (radians)" : p.role == .length ? " (≥ 0)" : "")
            }.joined(separator: ", ")
        }

        /// How many numbers a shape of this kind has (a point counts two).
        public var numberCount: Int { row.numberCount }
    }

    /// The shape's kind.
    public var kind: Kind {
        switch self {
        case .linear: .linear
        case .radial: .radial
        case .conic: .conic
        }
    }

    /// The shape's numbers, held inline (a shape has at most eight): its kind's parameters in
    /// order, a point as x then y, the rest zero.
    var scalars: SIMD8<Double> {
        switch self {
        case let .linear(s, e): SIMD8(s.x, s.y, e.x, e.y, 0, 0, 0, 0)
        case let .radial(c0, r0, c1, r1): SIMD8(c0.x, c0.y, r0, c1.x, c1.y, r1, 0, 0)
        case let .conic(c, a): SIMD8(c.x, c.y, a, 0, 0, 0, 0, 0)
        }
    }

    /// The shape of `kind` whose `scalars` are `n`.
    private init(kind: Kind, scalars n: SIMD8<Double>) {
        switch kind {
        case .linear: self = .linear(start: Point(n[0], n[1]), end: Point(n[2], n[3]))
        case .radial: self = .radial(startCenter: Point(n[0], n[1]), startRadius: n[2], endCenter: Point(n[3], n[4]),
                                     endRadius: n[5])
        case .conic: self = .conic(center: Point(n[0], n[1]), startAngle: n[2])
        }
    }

    /// The shape's numbers: its kind's parameters in order, a point as x then y.
    public var numbers: [Double] {
        let n = scalars
        return (0 ..< kind.numberCount).map { n[$0] }
    }

    /// The shape of `kind` with `numbers` (its parameters in order, a point as x then y). Throws
    /// when the count is not the kind's; the values are checked where every shape's are
    /// (`Gradient.validate`, `GradientFill`).
    public init(kind: Kind, numbers: [Double]) throws(RasterError) {
        guard numbers.count == kind.numberCount else {
            throw RasterError.outOfRange(name: "numbers.count", value: Double(numbers.count),
                                         range: "exactly \(kind.numberCount) for a \(kind.word) gradient ("
                                             + kind.parameters.map(\.name).joined(separator: ", ") + ")")
        }
        var n = SIMD8<Double>()
        for (i, v) in numbers.enumerated() { n[i] = v }
        self.init(kind: kind, scalars: n)
    }

    /// The shape with parameter `name`'s numbers replaced by `values` (two for a point, else
    /// one), or nil when its kind has no such parameter or `values` has the wrong count.
    public func setting(_ name: String, to values: [Double]) -> GradientShape? {
        var n = numbers, i = 0
        for p in kind.parameters {
            if p.name == name {
                guard values.count == p.role.numberCount else { return nil }
                n.replaceSubrange(i ..< i + values.count, with: values)
                return try? GradientShape(kind: kind, numbers: n)
            }
            i += p.role.numberCount
        }
        return nil
    }

    /// The shape of `kind` from its parameters' defaults, laid out in `rect`: points at their
    /// unit coordinates of it, lengths in units of its shorter side, angles as they are.
    public static func standard(_ kind: Kind, in rect: Rect) -> GradientShape {
        var n = SIMD8<Double>(), i = 0
        for p in kind.parameters {
            switch p.role {
            case .point:
                n[i] = rect.x + p.standard[0] * rect.width
                n[i + 1] = rect.y + p.standard[1] * rect.height
            case .length: n[i] = p.standard[0] * min(rect.width, rect.height)
            case .angle: n[i] = p.standard[0]
            }
            i += p.role.numberCount
        }
        return GradientShape(kind: kind, scalars: n)
    }

    /// `degrees` as radians, the whole turns dropped first (exactly: fmod), so that an angle of
    /// 10³⁰⁸° is an angle and not an overflow: how every surface that speaks degrees (the label
    /// spec, the command line, label gradients) gives an angle parameter.
    public static func radians(degrees: Double) -> Double {
        degrees.truncatingRemainder(dividingBy: 360) * .pi / 180
    }

    /// One geometry parameter of a shape kind.
    public struct Parameter: Hashable, Sendable {
        /// What a parameter is, which says how every surface spells it and how a rectangle maps it.
        public enum Role: Hashable, Sendable {
            /// A point (x, y): two numbers, in the gradient's space.
            case point
            /// A length ≥ 0 in the gradient's space.
            case length
            /// An angle in radians (surfaces that speak degrees convert).
            case angle

            /// Numbers the role takes: 2 for a point, else 1.
            public var numberCount: Int { self == .point ? 2 : 1 }
        }

        /// Its name ("startCenter"), as the spec, the command line and errors spell it (a point's
        /// numbers are "name.x" and "name.y").
        public let name: String
        /// What it is.
        public let role: Role
        /// Its value in a unit rectangle, (0, 0) to (1, 1) — a point's x and y, a length in units
        /// of the rectangle, an angle in radians — where a surface is given none.
        public let standard: [Double]

        /// A parameter `name` of `role` whose value in a unit rectangle is `standard`.
        init(_ name: String, _ role: Role, _ standard: Double...) {
            self.name = name; self.role = role; self.standard = standard
        }

        /// The names of its numbers: "name.x", "name.y" for a point, else the name.
        public var numberNames: [String] { role == .point ? [name + ".x", name + ".y"] : [name] }
    }
}

extension Gradient {
    /// Checks the shape's numbers: all finite, lengths ≥ 0, named by their parameters. (The names
    /// are built only for a value that fails.)
    package func validateShape() throws(RasterError) {
        try validateShape(shape.kind.summary)
    }

    /// `validateShape()`, given the summary of the shape's kind (a gradient prepared per call
    /// reads it once).
    func validateShape(_ summary: GradientShapeSummary) throws(RasterError) {
        // All eight lanes at once (the unused numbers are zero): a number that is not finite
        // makes its lane of n − n NaN; only where some number is negative are the lengths looked at.
        let n = shape.scalars
        var bad = any(n - n .!= 0)
        if !bad && any(n .< 0) {
            for i in 0 ..< 8 where (summary.lengthNumbers >> i) & 1 == 1 && n[i] < 0 { bad = true }
        }
        if !bad { return }
        // Something is wrong: name it, non-finite numbers first.
        let row = shape.kind.row
        var i = 0
        for p in row.parameters {
            for name in p.numberNames {
                try RasterError.requireFinite(n[i], name)
                i += 1
            }
        }
        i = 0
        for p in row.parameters {
            if p.role == .length && n[i] < 0 { throw RasterError.outOfRange(name: p.name, value: n[i], range: "[0, ∞)") }
            i += p.role.numberCount
        }
    }
}
