import SheenRaster
import SheenText

/// A whole label — attributed runs, style and animation keyframes — read from JSON: what
/// `sheen render --spec` and `sheen animate --spec` draw, and what C reads with
/// `sheen_label_create_from_spec`. The schema is docs/label-spec.md. Every refusal is a
/// `LabelSpecError` naming the field ("runs[1].underline.style: …") or, for a document that is
/// not JSON, the line and column.
public struct LabelSpec: Sendable {
    /// The label the spec describes (the animation's first frame).
    public let label: Label
    /// The spec's `animation`, when it has one.
    public let animation: Animation?

    /// `animation`: keyframes after the first frame, and how to play them.
    public struct Animation: Sendable {
        /// Every keyframe, the spec's own label first at 0 s; times in seconds, increasing.
        public var keyframes: [LabelAnimation.Keyframe]
        /// Frames per second to render at, when the spec sets it (`LabelAnimation.framesPerSecondRange`).
        public var fps: Double?
        /// How time maps to progress between keyframes, when the spec sets it.
        public var timing: TimingFunction?
        /// The space colours are interpolated in, when the spec sets it.
        public var colorSpace: ColorSpace?
    }

    /// Every field a label object (the top level or a keyframe) may have: `LabelProperty.all`'s keys.
    public static let labelFields = LabelProperty.all.map(\.key)

    /// The range `LabelProperty.all` gives the number at `key`.
    static func range(_ key: String) -> ClosedRange<Double> { LabelProperty.named(key)!.range! }

    /// Reads a spec from JSON text.
    public init(json: String) throws(LabelSpecError) {
        try self.init(json: Array(json.utf8))
    }

    /// Reads a spec from the UTF-8 bytes of a JSON document. Without `canvas` the label's size is
    /// the size that fits its text (as `sheen render` without `--canvas`); the label is laid out
    /// once, so a spec that cannot be drawn (no font, too large) is refused here.
    /// A UTF-8 byte-order mark before the document (what some Windows editors save) is skipped,
    /// as RFC 8259 allows a parser to.
    public init(json bytes: [UInt8]) throws(LabelSpecError) {
        let root = try Self.parse(bytes)
        do {
            (label, animation) = try Self.read(root)
        } catch let error as LabelSpecError {
            throw error
        } catch {
            throw LabelSpecError("\(error)")
        }
    }

    private static func read(_ root: JSONValue) throws -> (Label, Animation?) {
        guard case let .object(fields) = root else { throw LabelSpecError("the top level must be an object, found \(root.kind)") }
        let top = SpecObject(fields: fields, path: "")
        guard top.has("text") || top.has("runs") else {
            throw LabelSpecError("the top level needs \"text\" or \"runs\"")
        }
        var label = try defaultLabel()
        try apply(top, to: &label)
        // Without "canvas" the frame is the text's own size, as `sheen render` without --canvas.
        if !top.has("canvas") {
            do { label.size = try label.sizeThatFits(Size(width: 0, height: 0)) } catch { throw LabelSpecError("invalid label: \(error)") }
            label.size = Size(width: max(1, label.size.width), height: max(1, label.size.height))
        }
        var animation: Animation?
        if let node = top.optional("animation") { animation = try Self.animation(node, from: label) }
        try top.finish(known: labelFields + ["animation"])
        do { _ = try label.layout() } catch { throw LabelSpecError("invalid label: \(error)") }
        return (label, animation)
    }

    /// The label a spec starts from: no text, DejaVu Sans Bold at 48 px (`sheen render`'s
    /// default font), 1024 × 160.
    static func defaultLabel() throws(LabelSpecError) -> Label {
        let defaultFont: Font
        do { defaultFont = try Font(named: "DejaVu Sans:bold", size: 48) } catch { throw LabelSpecError("font: \(error)") }
        return Label("", font: defaultFont, size: Size(width: 1024, height: 160))
    }

    /// Parses a spec document: JSON, after a UTF-8 byte-order mark if there is one (some Windows
    /// editors save one; RFC 8259 lets a parser skip it).
    static func parse(_ bytes: [UInt8]) throws(LabelSpecError) -> JSONValue {
        let document = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        do { return try JSONValue.parse(document) } catch { throw LabelSpecError("not valid JSON: \(error)", isSyntaxError: true) }
    }

    /// Applies the fields of a label object to `label`: font first, then `textColor` (the colour
    /// of runs without one), then the text or runs, then the rest.
    static func apply(_ o: SpecObject, to label: inout Label) throws {
        label.font = try font(o, current: label.font)
        if let n = o.optional("textColor") { label.textColor = try color(n) }
        let text = o.optional("text"), runs = o.optional("runs")
        if let text, runs != nil { throw text.error("give \"text\" or \"runs\", not both") }
        if let text { label.text = try text.string(); label.runStyles = [] }
        if let runs { try applyRuns(runs, to: &label) }
        if let n = o.optional("canvas") { label.size = try canvas(n) }
        if let n = o.optional("fill") { label.fill = try paint(n) }
        if let n = o.optional("stroke") { label.stroke = try stroke(n) }
        if let n = o.optional("shadows") { label.shadows = try n.array().map(shadow) }
        if let n = o.optional("background") { label.backgroundColor = try color(n) }
        try applyAccessible(o, to: &label)
        if let n = o.optional("hyphenation") { label.hyphenationLanguage = try n.string() }
        if let n = o.optional("insets") {
            let v = try n.numbers(4, in: range("insets"))
            label.insets = EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
        }
        if let n = o.optional("highlight") {
            label.isHighlighted = true
            label.highlightedTextColor = try color(n)
        }
    }

    /// The properties with an access (`LabelProperty.accessible`), each through the setter
    /// `--property` and the C API use: a JSON number, boolean or string as its access takes it,
    /// checked against its row's range; a refusal names the field.
    static func applyAccessible(_ o: SpecObject, to label: inout Label) throws {
        for property in LabelProperty.accessible {
            guard let n = o.optional(property.key), let access = property.access else { continue }
            // The node's own refusals (not a number, …) name the field; the setter's are named here.
            func naming(_ set: () throws(LabelSpecError) -> Void) throws(LabelSpecError) {
                do { try set() } catch { throw n.error(error.message) }
            }
            switch access {
            case .number, .count:
                let v = try n.number()
                try naming { () throws(LabelSpecError) in try property.set(v, on: &label) }
            case .flag:
                let v = try n.bool()
                try naming { () throws(LabelSpecError) in try property.set(v, on: &label) }
            case .word:
                let v = try n.string()
                try naming { () throws(LabelSpecError) in try property.set(v, on: &label) }
            }
        }
    }

    /// `font`/`fontFile`/`faceIndex`/`size` of an object: a new font, or the current one at a new size.
    static func font(_ o: SpecObject, current: Font) throws -> Font {
        let pattern = o.optional("font"), file = o.optional("fontFile"), index = o.optional("faceIndex"), sizeNode = o.optional("size")
        if let pattern, file != nil { throw pattern.error("give \"font\" or \"fontFile\", not both") }
        let size = try sizeNode?.number(in: range("size")) ?? current.size
        do {
            if let file {
                return try Font(path: try file.string(), size: size,
                                faceIndex: try index?.integer(in: 0 ... Int(range("faceIndex").upperBound)) ?? 0)
            }
            if let index { throw index.error("faceIndex needs fontFile") }
            if let pattern { return try Font(named: try pattern.string(), size: size) }
            return sizeNode == nil ? current : try current.withSize(size)
        } catch let error as LabelSpecError {
            throw error
        } catch {
            throw LabelSpecError("\(o.path.isEmpty ? "font" : o.path + ".font"): \(error)")
        }
    }

    /// `runs`: attributed text, each run with its attributes, and run styles for run fills and strokes.
    private static func applyRuns(_ node: SpecNode, to label: inout Label) throws {
        var text = AttributedText()
        var styles: [LabelRunStyle] = []
        let items = try node.array()
        guard !items.isEmpty else { throw node.error("needs at least one run") }
        for item in items {
            let o = try item.object()
            guard let string = o.optional("text") else { throw item.error("a run needs \"text\"") }
            var a = TextAttributes(font: try font(o, current: label.font))
            if let n = o.optional("color") { a.color = try color(n) }
            if let n = o.optional("tracking") { a.tracking = try n.number(in: TextAttributes.trackingRange) }
            if let n = o.optional("kerning") { a.kerning = try n.bool() }
            if let n = o.optional("ligatures") { a.ligatures = try n.bool() }
            if let n = o.optional("baselineOffset") { a.baselineOffset = try n.number(in: TextAttributes.baselineOffsetRange) }
            if let n = o.optional("underline") { a.underline = try decoration(n) }
            if let n = o.optional("strikethrough") { a.strikethrough = try decoration(n) }
            if let n = o.optional("background") { a.backgroundColor = try color(n) }
            if let n = o.optional("paragraph") { a.paragraphStyle = try paragraph(n) }
            let start = text.utf16.count
            text.append(try string.string(), attributes: a)
            let fill = try o.optional("fill").map(paint), stroke = try o.optional("stroke").map(stroke)
            if fill != nil || stroke != nil { styles.append(LabelRunStyle(range: start..<text.utf16.count, fill: fill, stroke: stroke)) }
            try o.finish(known: ["text", "font", "fontFile", "faceIndex", "size", "color", "tracking", "kerning", "ligatures",
                                 "baselineOffset", "underline", "strikethrough", "background", "paragraph", "fill", "stroke"])
        }
        label.attributedText = text
        label.runStyles = styles
    }

    /// "single" / "double" / "thick", true, or {"style", "color"}.
    static func decoration(_ n: SpecNode) throws -> TextDecoration? {
        switch n.value {
        case .bool(let on): return on ? TextDecoration() : nil
        case .string: return TextDecoration(try n.named(TextDecoration.Style.self))
        default:
            let o = try n.object()
            let d = TextDecoration(try o.optional("style")?.named(TextDecoration.Style.self) ?? .single, color: try o.optional("color").map(color))
            try o.finish(known: ["style", "color"])
            return d
        }
    }

    /// {"alignment", "spacingBefore", "spacingAfter", "tabStops", "tabInterval"}.
    static func paragraph(_ n: SpecNode) throws -> ParagraphStyle {
        let o = try n.object()
        var p = ParagraphStyle()
        if let v = o.optional("alignment") { p.alignment = try v.named(TextAlignment.self) }
        if let v = o.optional("spacingBefore") { p.paragraphSpacingBefore = try v.number(in: ParagraphStyle.spacingRange) }
        if let v = o.optional("spacingAfter") { p.paragraphSpacing = try v.number(in: ParagraphStyle.spacingRange) }
        if let v = o.optional("tabInterval") { p.defaultTabInterval = try v.number(in: ParagraphStyle.tabIntervalRange) }
        if let v = o.optional("tabStops") {
            p.tabStops = try v.array().map { stop in
                if case .number = stop.value { return TextTab(location: try stop.number(in: TextTab.locationRange)) }
                let t = try stop.object()
                guard let location = t.optional("location") else { throw stop.error("a tab stop needs \"location\"") }
                var tab = TextTab(location: try location.number(in: TextTab.locationRange))
                if let a = t.optional("alignment") {
                    tab.alignment = try a.named(TextTab.Alignment.self)
                }
                if let s = t.optional("decimalSeparator") {
                    let text = try s.string()
                    guard text.utf16.count == 1, let c = text.first else { throw s.error("must be one character") }
                    tab.decimalSeparator = c
                }
                try t.finish(known: ["location", "alignment", "decimalSeparator"])
                return tab
            }
        }
        try o.finish(known: ["alignment", "spacingBefore", "spacingAfter", "tabStops", "tabInterval"])
        return p
    }

    /// "WxH" or [w, h].
    static func canvas(_ n: SpecNode) throws -> Size {
        if case .string(let s) = n.value {
            do { let (w, h) = try ValueSyntax.size(s, name: "canvas"); return Size(width: Double(w), height: Double(h)) } catch {
                throw n.error("\"\(s)\" is not WIDTHxHEIGHT with each side 1…16384")
            }
        }
        let v = try n.numbers(2, in: range("canvas"))
        return Size(width: v[0], height: v[1])
    }

    /// A colour as CSS writes it: "#RRGGBB[AA]", "#RGB[A]", "rgb(…)", "rgba(…)" or a name.
    static func color(_ n: SpecNode) throws -> Color {
        do { return try Color(css: try n.string()) } catch let e as LabelSpecError { throw e } catch { throw n.error("\(error)") }
    }

    /// A colour, a gradient's colours ("#A,#B" or an array), or a gradient object.
    static func paint(_ n: SpecNode) throws -> LabelPaint {
        switch n.value {
        case .string(let s):
            let stops: [GradientStop]
            do { stops = try ValueSyntax.stops(s, name: "paint") } catch { throw n.error("\"\(s)\" is not a colour or colours \"#RRGGBB,tomato,rgb(…)…\"") }
            return stops.count == 1 ? .color(stops[0].color) : .gradient(LabelGradient(stops: stops))
        case .array:
            return .gradient(LabelGradient(colors: try n.array().map(color)))
        default:
            let o = try n.object()
            var stops: [GradientStop]
            if let c = o.optional("colors") { stops = Gradient.evenlySpaced(try c.array().map(color)) }
            else if let s = o.optional("stops") {
                stops = try s.array().map { item in
                    let so = try item.object()
                    guard let offset = so.optional("offset"), let c = so.optional("color") else { throw item.error("a stop needs \"offset\" and \"color\"") }
                    let stop = GradientStop(try offset.number(), try color(c))
                    try so.finish(known: ["offset", "color"])
                    return stop
                }
            } else { throw n.error("a gradient needs \"colors\" or \"stops\"") }
            guard !stops.isEmpty else { throw n.error("a gradient needs at least one colour") }
            let angle = try o.optional("angle")?.number() ?? 0
            let center = try o.optional("center").map { try $0.numbers(2) }.map { Point($0[0], $0[1]) } ?? Point(0.5, 0.5)
            let geometry: LabelGradient.Geometry
            let kind = try o.optional("kind")?.named(LabelGradient.Kind.self) ?? .shape(.linear)
            // A kind given by its raster parameters' own names ("endRadius", "startAngle") is
            // read as that shape whole, whatever short spelling the kind also has.
            let byParameters = if case let .shape(k) = kind,
                k.parameters.contains(where: { !shortGradientKeys.contains($0.name) && o.has($0.name) }) { true } else { false }
            switch kind {
            case let .shape(k) where byParameters: geometry = .shape(try shape(k, o))
            case .shape(.radial):
                geometry = .radial(center: center, radius: try o.optional("radius")?.number(in: LabelGradient.radiusRange) ?? 0.5)
            case .shape(.conic): geometry = .conic(center: center, startAngle: angle)
            case .points:
                guard let from = o.optional("from"), let to = o.optional("to") else { throw n.error("a points gradient needs \"from\" and \"to\"") }
                let a = try from.numbers(2), b = try to.numbers(2)
                geometry = .points(from: Point(a[0], a[1]), to: Point(b[0], b[1]))
            case .shape(.linear): geometry = .linear(angle: angle)
            case let .shape(kind): geometry = .shape(try shape(kind, o))
            }
            var g = LabelGradient(stops: stops, geometry: geometry)
            if let s = o.optional("space") { g.space = try s.named(ColorSpace.allCases.map { ($0.rawValue, $0) }) }
            if let s = o.optional("spread") { g.spread = try s.named(GradientSpread.allCases.map { ($0.rawValue, $0) }) }
            if let d = o.optional("dither") { g.dither = try d.bool() }
            let extent = try o.optional("extent")?.named(GradientExtent.self) ?? .ink
            try o.finish(known: ["colors", "stops", "kind", "space", "spread", "dither", "extent"] + shortGradientKeys + Set(GradientShape.Kind.listed.flatMap { $0.value.parameters.map(\.name) }))
            return .gradient(g, extent: extent)
        }
    }

    /// The keys of a gradient's short spellings (an angle, a centre and radius, two points).
    static let shortGradientKeys = ["angle", "center", "radius", "from", "to"]

    /// A shape of `kind` read from its parameters' names in `o`, in unit coordinates of the
    /// gradient's rectangle: a point [x, y], a length a number in `LabelGradient.radiusRange`, an
    /// angle degrees; a parameter not given takes its standard value.
    static func shape(_ kind: GradientShape.Kind, _ o: SpecObject) throws -> GradientShape {
        var numbers: [Double] = []
        for p in kind.parameters {
            let node = o.optional(p.name)
            switch p.role {
            case .point: numbers += try node?.numbers(2) ?? p.standard
            case .length: numbers.append(try node?.number(in: LabelGradient.radiusRange) ?? p.standard[0])
            case .angle: numbers.append(try node.map { GradientShape.radians(degrees: try $0.number()) } ?? p.standard[0])
            }
        }
        return try liftRaster(GradientShape(kind: kind, numbers: numbers))
    }

    /// {"width", "color" or "paint", "placement", "join"}.
    static func stroke(_ n: SpecNode) throws -> LabelStroke {
        let o = try n.object()
        guard let width = o.optional("width") else { throw n.error("a stroke needs \"width\"") }
        let colour = o.optional("color"), paintNode = o.optional("paint")
        if colour != nil, let paintNode { throw paintNode.error("give \"color\" or \"paint\", not both") }
        let p: LabelPaint = try paintNode.map(paint) ?? .color(try colour.map(color) ?? Color(red: 0, green: 0, blue: 0))
        var s = LabelStroke(width: try width.number(in: LabelStroke.widthRange), paint: p)
        if let v = o.optional("placement") {
            s.placement = try v.named(TextStroke.Placement.self)
        }
        if let v = o.optional("join") { s.join = try v.named(TextStroke.Join.self) }
        try o.finish(known: ["width", "color", "paint", "placement", "join"])
        return s
    }

    /// {"offset": [dx, dy], "sigma" or "blur" (a CSS radius), "color", "spread"}.
    static func shadow(_ n: SpecNode) throws -> LabelShadow {
        let o = try n.object()
        guard let c = o.optional("color") else { throw n.error("a shadow needs \"color\"") }
        let offset = try o.optional("offset").map { try $0.numbers(2, in: -Label.maximumSide...Label.maximumSide) } ?? [0, 0]
        let sigmaNode = o.optional("sigma"), blurNode = o.optional("blur")
        if sigmaNode != nil, let blurNode { throw blurNode.error("give \"sigma\" or \"blur\", not both") }
        let sigma = try sigmaNode?.number(in: LabelShadow.sigmaRange)
            ?? GaussianBlur.sigma(cssRadius: try blurNode?.number(in: LabelShadow.blurRadiusRange) ?? 0)
        let s = LabelShadow(color: try color(c), offset: Point(offset[0], offset[1]), sigma: sigma,
                            spread: try o.optional("spread")?.number(in: LabelShadow.spreadRange) ?? 0)
        try o.finish(known: ["offset", "sigma", "blur", "color", "spread"])
        return s
    }

    /// {"keyframes": [{"time", …label fields}], "fps", "timing", "colorSpace"}: each keyframe
    /// changes the label of the one before it (the first frame is the spec's own label, at 0 s).
    private static func animation(_ n: SpecNode, from first: Label) throws -> Animation {
        let o = try n.object()
        guard let list = o.optional("keyframes") else { throw n.error("an animation needs \"keyframes\"") }
        var keyframes = [LabelAnimation.Keyframe(time: 0, label: first)]
        for item in try list.array() {
            let k = try item.object()
            guard let t = k.optional("time") else { throw item.error("a keyframe needs \"time\" (seconds)") }
            let time = try t.number(in: LabelAnimation.keyframeTimeRange)
            guard time > keyframes.last!.time else { throw t.error("\(time) s is not after the previous keyframe (\(keyframes.last!.time) s)") }
            var label = keyframes.last!.label
            try apply(k, to: &label)
            try k.finish(known: labelFields + ["time"])
            keyframes.append(LabelAnimation.Keyframe(time: time, label: label))
        }
        guard keyframes.count >= 2 else { throw list.error("needs at least one keyframe") }
        var a = Animation(keyframes: keyframes)
        a.fps = try o.optional("fps")?.number(in: LabelAnimation.framesPerSecondRange)
        if let t = o.optional("timing") {
            a.timing = try ValueSyntax.timing(try t.string(), name: t.path)
        }
        if let c = o.optional("colorSpace") { a.colorSpace = try c.named(ColorSpace.allCases.map { ($0.rawValue, $0) }) }
        try o.finish(known: ["keyframes", "fps", "timing", "colorSpace"])
        return a
    }
}

/// Why a label spec was refused: the field and what is wrong with it ("runs[0].underline:
/// \"wavy\" is not one of: single, double, thick"), or where the JSON is broken.
public struct LabelSpecError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The refusal in words, without a "spec:" prefix (the caller knows where the spec came from).
    public let message: String
    /// True when the document is not JSON at all (the message names a line and column); false
    /// when a field is refused (the message names the field).
    public let isSyntaxError: Bool
    /// Makes an error with `message`, about a field unless `isSyntaxError`.
    public init(_ message: String, isSyntaxError: Bool = false) {
        self.message = message
        self.isSyntaxError = isSyntaxError
    }
    /// The message.
    public var description: String { message }
}
