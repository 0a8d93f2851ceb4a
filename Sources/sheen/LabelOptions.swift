import ArgumentParser
import Foundation
import SheenLabel
import SheenRaster
import SheenText

/// What a command line says about a label's style — text, font, paints, stroke, shadows, frame,
/// alignment, insets, hinting, opacity: what `render`, `animate` and `field` all accept.
struct LabelStyleOptions: ParsableArguments {
    @Argument(help: "The text (\"-\" reads standard input).") var text: String?
    @Option(name: .customLong("text-file"), help: "Read the text from this file (UTF-8).") var textFile: String?
    @Option(help: "fontconfig pattern, e.g. \"DejaVu Sans:bold\". A family that is not installed draws in fontconfig's nearest, with a warning.") var font = "DejaVu Sans:bold"
    @Flag(name: .customLong("strict-font"), help: "Refuse a --font whose family is not installed (instead of the warning).")
    var strictFont = false
    @Option(name: .customLong("font-file"), help: "A font file (TTF/OTF/TTC) instead of --font.") var fontFile: String?
    @Option(name: .customLong("face-index"), parsing: .unconditional, help: "Face index inside a collection (TTC).") var faceIndex = 0
    @Option(parsing: .unconditional, help: "Font size in pixels.") var size = 48.0
    @Option(help: "Fill: one colour, or gradient stops \"#3478F6,#FF3B30\" (\"#C@offset\" allowed).") var fill = "#3478F6,#FF3B30"
    @Option(help: "Gradient extent: \(GradientExtent.wordList).") var extent = GradientExtent.ink.word
    @Option(parsing: .unconditional, help: "Gradient angle in degrees (0 = left to right, 90 = top to bottom).") var angle = 0.0
    @Option(help: "Gradient kind: \(GradientShape.Kind.wordList).") var gradient = GradientShape.Kind.linear.word
    @Option(help: "Interpolation space: sRGB, linearSRGB or oklab.") var space = "sRGB"
    @Flag(help: "Dither the gradient against banding.") var dither = false
    @Option(help: "Stroke \"WIDTH,#COLOR\" (pixels).") var stroke: String?
    @Option(name: .customLong("stroke-placement"), help: "\(TextStroke.Placement.wordList).")
    var strokePlacement = TextStroke.Placement.outside.word
    @Option(help: "Shadow \"DX,DY,SIGMA,#COLOR[,SPREAD]\" (pixels); repeatable.") var shadow: [String] = []
    @Option(help: "Glow \"SIGMA,#COLOR[,SPREAD]\"; repeatable.") var glow: [String] = []
    @Flag(name: .customLong("css-blur"), help: "Read shadow and glow blur values as CSS radii (σ = r/2).")
    var cssBlur = false
    @Option(help: "Canvas (frame) size WIDTHxHEIGHT; a side of 0 is sized to the text (400x0: 400 wide, as tall as the text needs). A label's PNG grows to hold ink, strokes and shadows that overhang it (unless clipped); a field's PNG is its canvas. Default: sized to the text (UILabel's sizeThatFits, one line per paragraph).")
    var canvas: String?
    @Option(help: "Background colour (default transparent).") var background: String?
    @Option(help: "\(TextAlignment.wordList).") var align = TextAlignment.natural.word
    @Option(help: "Glyph hinting: \(Hinting.listed.map { $0.word + " (" + $0.summary + ")" }.joined(separator: ", ")).")
    var hinting = Hinting.none.word
    @Option(help: "Insets \"TOP,LEFT,BOTTOM,RIGHT\" in pixels.") var insets: String?
    @Option(parsing: .unconditional, help: "Opacity of the whole label, 0…1: drawn, then faded as one group.") var alpha = 1.0

    func readText() throws -> String {
        if let textFile {
            guard text == nil else { throw ValidationError("give the text as an argument or --text-file, not both") }
            guard let data = FileManager.default.contents(atPath: textFile) else {
                throw ValidationError("--text-file \(textFile) cannot be read")
            }
            return try Self.utf8(data, source: "--text-file \(textFile)")
        }
        guard let text else { throw ValidationError("no text: pass it as an argument, with --text-file, or \"-\" for standard input") }
        if text == "-" {
            return try Self.utf8(FileHandle.standardInput.readDataToEndOfFile(), source: "standard input")
        }
        return text
    }

    /// Text bytes as a String; ill-formed UTF-8 is refused (naming the first bad byte's offset)
    /// rather than drawn as replacement boxes.
    static func utf8(_ data: Data, source: String) throws -> String {
        var offset = 0
        var iterator = data.makeIterator()
        var decoder = UTF8()
        var text = ""
        while true {
            switch decoder.decode(&iterator) {
            case let .scalarValue(scalar):
                text.unicodeScalars.append(scalar)
                offset += UTF8.width(scalar)
            case .emptyInput:
                return text
            case .error:
                throw ValidationError("\(source) is not UTF-8 text (an invalid byte sequence at byte \(offset))")
            }
        }
    }

    /// `--canvas` as (width, height), 0 for a side sized to the text (both without `--canvas`).
    func canvasSize() throws -> (Int, Int) {
        try canvas.map { try Parse.size($0, option: "--canvas", zeroFits: true) } ?? (0, 0)
    }

    /// The label these options describe, with `lines`' options applied before it is sized to its
    /// text (without `--canvas`) and validated.
    func makeLabel(lines: LabelLineOptions? = nil) throws -> Label {
        let (w, h) = try canvasSize()
        let font: Font
        do {
            font = try fontFile.map { try Font(path: $0, size: size, faceIndex: faceIndex) }
                ?? Font(named: self.font, size: size, requiringFamily: strictFont)
        } catch {
            let missingFamily = if case .fontNotFound? = error as? TextError { strictFont } else { false }
            throw ValidationError("font: \(error)" + (missingFamily ? " (--strict-font: its family is not installed)" : ""))
        }
        if fontFile == nil, !font.isOfFamily(namedIn: self.font) {
            // Not silently: the picture is drawn, but in another family than asked for.
            SheenCommand.warn("--font \(self.font.quotedExcerpt) is not installed; drawing in "
                              + "\(font.primaryFace.familyName.quotedExcerpt) (--strict-font refuses it)")
        }
        var label = Label(try readText(), font: font, size: Size(width: Double(max(w, 1)), height: Double(max(h, 1))))
        label.fill = try paint(fill, option: "--fill")
        if let stroke { label.stroke = try parseStroke(stroke, option: "--stroke") }
        label.shadows = try shadow.map { try parseShadow($0, option: "--shadow", offset: true) }
            + glow.map { try parseShadow($0, option: "--glow", offset: false) }
        if let background { label.backgroundColor = try Parse.color(background, option: "--background") }
        label.textAlignment = try Parse.named(align, option: "--align", TextAlignment.self)
        label.hinting = try Parse.named(hinting, option: "--hinting", Hinting.self)
        if let insets {
            let v = try Parse.numbers(insets, count: 4, option: "--insets", shape: "TOP,LEFT,BOTTOM,RIGHT")
            label.insets = EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
        }
        label.alpha = alpha
        try lines?.apply(to: &label)
        // Without --canvas the frame is the text's own size, as pango-view and ImageMagick's
        // label: size an image to its text (nothing truncated for want of room). A side given
        // as 0 is sized so: 400x0 is 400 wide and as tall as the text wrapped at 400 needs.
        if w == 0 || h == 0 {
            let fit: Size
            do { fit = try label.sizeThatFits(Size(width: Double(w), height: Double(h))) } catch {
                throw ValidationError(option(settingParameterOf: error).map { "\($0): \(error)" } ?? "invalid label: \(error)")
            }
            label.size = Size(width: w > 0 ? Double(w) : max(1, fit.width), height: h > 0 ? Double(h) : max(1, fit.height))
        }
        // The library checks every number once, where it is owned (the label's style, SheenText's
        // layout options); a refusal is reported with the option that set the value.
        do { _ = try label.layout() } catch {
            throw ValidationError(option(settingParameterOf: error).map { "\($0): \(error)" } ?? "invalid label: \(error)")
        }
        return label
    }

    /// One colour → a solid paint; several → a gradient over `--extent`.
    func paint(_ text: String, option: String) throws -> LabelPaint {
        let stops = try Parse.stops(text, option: option)
        // Parsed even for one colour: a misspelt --extent is an error, not silently ignored.
        let gradientExtent = try Parse.named(extent, option: "--extent", GradientExtent.self)
        if stops.count == 1 { return .color(stops[0].color) }
        return .gradient(try gradient(stops), extent: gradientExtent)
    }

    /// "WIDTH,#COLOR" → a stroke placed by `--stroke-placement`. The width's range is the label's
    /// to check (`LabelStroke.maximumWidth`), which names it when the label is drawn.
    func parseStroke(_ text: String, option: String) throws -> LabelStroke {
        let items = ValueSyntax.items(text)
        let parts = items.count >= 2 ? [items[0], items.dropFirst().joined(separator: ",")] : items
        guard parts.count == 2, let width = Double(parts[0]) else {
            throw ValidationError("\(option) \"\(text)\" is not WIDTH,#COLOR")
        }
        return LabelStroke(width: width, paint: .color(try Parse.color(parts[1], option: option)),
                           placement: try Parse.named(strokePlacement, option: "--stroke-placement", TextStroke.Placement.self))
    }

    func gradient(_ stops: [GradientStop]) throws -> LabelGradient {
        let geometry: LabelGradient.Geometry
        switch try Parse.named(self.gradient, option: "--gradient", GradientShape.Kind.self) {
        case .linear: geometry = .linear(angle: angle)
        case .radial: geometry = .radial(center: Point(0.5, 0.5), radius: 0.5)
        case .conic: geometry = .conic(center: Point(0.5, 0.5), startAngle: angle)
        case let kind:
            // Any other kind: its standard shape over the rectangle, --angle on its angles.
            var shape = GradientShape.standard(kind, in: Rect(x: 0, y: 0, width: 1, height: 1))
            for p in kind.parameters where p.role == .angle {
                shape = shape.setting(p.name, to: [GradientShape.radians(degrees: angle)]) ?? shape
            }
            geometry = .shape(shape)
        }
        return LabelGradient(stops: stops, geometry: geometry, space: try Parse.choice(space, option: "--space"), dither: dither)
    }

    func parseShadow(_ text: String, option: String, offset: Bool) throws -> LabelShadow {
        let parts = ValueSyntax.items(text)
        let numbersBefore = offset ? 3 : 1
        guard parts.count == numbersBefore + 1 || parts.count == numbersBefore + 2 else {
            throw ValidationError("\(option) \"\(text)\" is not \(offset ? "DX,DY,SIGMA" : "SIGMA"),#COLOR[,SPREAD]")
        }
        var v = try Parse.numbers(parts[0..<numbersBefore].joined(separator: ","), count: numbersBefore, option: option,
                                  shape: offset ? "DX,DY,SIGMA" : "SIGMA")
        if !offset { v = [0, 0] + v }
        let colour = try Parse.color(parts[numbersBefore], option: option)
        let spread = parts.count == numbersBefore + 2 ? Double(parts[numbersBefore + 1]) : 0
        guard let spread else { throw ValidationError("\(option) spread \"\(parts[numbersBefore + 1])\" is not a number") }
        let sigma = cssBlur ? GaussianBlur.sigma(cssRadius: v[2]) : v[2]
        return LabelShadow(color: colour, offset: Point(v[0], v[1]), sigma: sigma, spread: spread)
    }

    /// The option behind the parameter a label refusal names (nil when none does): the flag of
    /// its `LabelProperty` (`--lines` for numberOfLines), and for `shadows[i]` `--shadow` or
    /// `--glow` by the index (glows follow the shadows).
    func option(settingParameterOf error: any Error) -> String? {
        let name: String
        switch error as? LabelError {
        case let .invalidParameter(n, _, _)?: name = n
        case let .text(.invalidParameter(n, _, _))?: name = n
        default: return nil
        }
        guard let property = LabelProperty.of(parameter: name), let flag = property.flag else { return nil }
        if property.key == "shadows", let index = LabelProperty.index(inParameter: name) {
            return index < shadow.count ? "--shadow" : "--glow"
        }
        return flag
    }
}

/// What a command line says about a label's lines and states (line count and breaking,
/// auto-shrink, line height, hyphenation, vertical alignment, clipping, disabled and highlighted):
/// `render` and `animate` accept them; a one-line `field` does not offer them.
struct LabelLineOptions: ParsableArguments {
    @Flag(help: "Clip everything to the canvas: the PNG is exactly WIDTHxHEIGHT.") var clip = false
    @Option(help: "\(VerticalAlignment.wordList).") var vertical = VerticalAlignment.center.word
    @Option(parsing: .unconditional, help: "Maximum lines, 0 = unlimited.") var lines = 1
    @Option(name: .customLong("line-break"), help: "\(LineBreakMode.wordList).") var lineBreak = LineBreakMode.byTruncatingTail.word
    @Option(name: .customLong("min-scale"), parsing: .unconditional, help: "Auto-shrink down to this scale (0 = off).") var minScale = 0.0
    @Flag(help: "Tighten letter spacing before truncating.") var tighten = false
    @Option(name: .customLong("baseline"), help: "Shrunk text: \(BaselineAdjustment.wordList).")
    var baseline = BaselineAdjustment.alignBaselines.word
    @Option(name: .customLong("line-height"), parsing: .unconditional, help: "Line height multiple.") var lineHeight = 1.0
    @Option(name: [.customLong("hyphenation"), .customLong("hyphenate")],
            help: "Hyphenate words that do not fit, in this language (e.g. en_US; needs libhyphen0 and hyphen-LANG). --hyphenate: the old name, kept this release.")
    var hyphenation: String?
    @Option(name: .customLong("line-spacing"), parsing: .unconditional, help: "Extra pixels between lines.") var lineSpacing = 0.0
    @Flag(name: .customLong("inset-shadows"), help: "Inset the text so shadows fit inside the canvas.") var insetShadows = false
    @Flag(help: "Draw the label disabled (half its opacity).") var disabled = false
    @Option(name: .customLong("highlight"), help: "Draw highlighted in this colour.") var highlight: String?
    @Option(name: .customLong("property"),
            help: "KEY=VALUE: any of these label spec properties, repeatable, applied after the other options: \(LabelProperty.accessible.map(\.key).joined(separator: ", ")).")
    var property: [String] = []

    /// Sets these options on `label`.
    func apply(to label: inout Label) throws {
        label.verticalAlignment = try Parse.named(vertical, option: "--vertical", VerticalAlignment.self)
        label.numberOfLines = lines
        label.lineBreakMode = try Parse.named(lineBreak, option: "--line-break", LineBreakMode.self)
        label.adjustsFontSizeToFitWidth = minScale > 0
        label.minimumScaleFactor = minScale
        label.allowsDefaultTighteningForTruncation = tighten
        label.baselineAdjustment = try Parse.named(baseline, option: "--baseline", BaselineAdjustment.self)
        label.lineHeightMultiple = lineHeight
        label.hyphenationLanguage = hyphenation
        label.lineSpacing = lineSpacing
        label.insetsTextForShadows = insetShadows
        label.clipsToBounds = clip
        label.isEnabled = !disabled
        if let highlight {
            label.isHighlighted = true
            label.highlightedTextColor = try Parse.color(highlight, option: "--highlight")
        }
        for setting in property {
            let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let p = LabelProperty.named(parts[0]), p.access != nil else {
                throw ValidationError("--property \"\(setting)\" is not KEY=VALUE with KEY one of: "
                                      + LabelProperty.accessible.map(\.key).joined(separator: ", "))
            }
            do { try p.set(parts[1], on: &label) } catch { throw ValidationError("--property \(p.key): \(error)") }
        }
    }
}

/// The options that describe a label, shared by `render` and `animate`: its style, then its
/// lines and states.
@dynamicMemberLookup
struct LabelOptions: ParsableArguments {
    @OptionGroup(title: "Style") var style: LabelStyleOptions
    @OptionGroup(title: "Lines and states") var lines: LabelLineOptions

    /// A style option by name (`options.canvas`).
    subscript<T>(dynamicMember path: KeyPath<LabelStyleOptions, T>) -> T { style[keyPath: path] }

    /// The label the options describe.
    func makeLabel() throws -> Label { try style.makeLabel(lines: lines) }

    /// The options given on the command line that differ from their defaults (as "--size"-style
    /// names): with `--spec`, which describes the whole label, they are refused rather than
    /// silently ignored.
    func changedFromDefaults() throws -> [String] { try style.changedFromDefaults() + lines.changedFromDefaults() }
}

extension ParsableArguments {
    /// The options given on the command line that differ from their defaults, as "--size"-style
    /// names (every option property is named as its flag; SheenCLITests' LabelPropertyFlagTests
    /// holds each to the parser), and "the TEXT argument" for a positional argument.
    func changedFromDefaults() throws -> [String] {
        let defaults = try Self.parse([])
        var changed: [String] = []
        for (given, standard) in zip(Mirror(reflecting: self).children, Mirror(reflecting: defaults).children)
        where String(describing: given.value) != String(describing: standard.value) {
            let name = (given.label ?? "").drop { $0 == "_" }
            let isArgument = String(describing: type(of: given.value)).hasPrefix("Argument<")
            changed.append(isArgument ? "the \(name.uppercased()) argument" : Self.flag(ofProperty: name))
        }
        return changed
    }

    /// An option property's flag: its camelCase name in kebab case (`lineSpacing`: `--line-spacing`).
    private static func flag(ofProperty name: Substring) -> String { "--" + LabelProperty.separated(name, by: "-") }

    /// The flags `changedFromDefaults` would name for this type's option properties (every
    /// property but the positional arguments): the tests check that the parser accepts each.
    static func propertyFlags() throws -> [String] {
        try Mirror(reflecting: Self.parse([])).children.compactMap { child in
            guard !String(describing: type(of: child.value)).hasPrefix("Argument<") else { return nil }
            return flag(ofProperty: (child.label ?? "").drop { $0 == "_" })
        }
    }
}
