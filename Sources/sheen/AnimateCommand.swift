import ArgumentParser
import Foundation
import SheenLabel
import SheenPNG
import SheenRaster
import SheenText

/// `sheen animate`: a label animated from its options to the `--to-…` state, as numbered PNG
/// frames plus a contact sheet of all of them.
struct AnimateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "animate",
        abstract: "Render a label animation to numbered PNG frames and a contact sheet.",
        discussion: """
        Example:
          sheen animate "Animated text" --fill "#3478F6,#FF3B30" \\
            --to-fill "#FF9500,#AF52DE" --duration 1 --fps 30 -o frames/

        The label options describe the first frame; --to-… options change the last. Or --spec label.json gives the first frame and its "animation" keyframes (docs/label-spec.md); its fps, timing and colour space replace --fps, --timing and --color-space when it sets them. Colours interpolate premultiplied in --color-space (OKLab by default). Timing: linear, easeIn, easeOut, easeInOut, ease, "cubic-bezier(x1,y1,x2,y2)" or "spring(damping,response)". Writes frame-0000.png … and contact-sheet.png into the output directory, all or nothing.
        """
    )

    @OptionGroup var label: LabelOptions
    @Option(help: "A JSON file describing the label and its keyframes (docs/label-spec.md).") var spec: String?
    @Option(name: .customLong("to-fill"), help: "Final fill: one colour or gradient stops.") var toFill: String?
    @Option(name: .customLong("to-stroke"), help: "Final stroke \"WIDTH,#COLOR\".") var toStroke: String?
    @Option(name: .customLong("to-shadow"), help: "Final shadows \"DX,DY,SIGMA,#COLOR[,SPREAD]\"; repeatable.")
    var toShadow: [String] = []
    @Option(name: .customLong("to-size"), help: "Final font size in pixels.") var toSize: Double?
    @Option(name: .customLong("to-background"), help: "Final background colour.") var toBackground: String?
    @Option(help: "Length in seconds.") var duration = 1.0
    @Option(help: "Frames per second.") var fps = 30.0
    @Option(help: "Timing curve.") var timing = "easeInOut"
    @Option(name: .customLong("color-space"), help: "Colour interpolation: oklab, sRGB or linearSRGB.") var colorSpace = "oklab"
    @Option(name: .customLong("sheet-columns"), help: "Frames per row of the contact sheet.") var sheetColumns = 6
    @Option(name: [.short, .customLong("output")], help: "Output directory (created if missing).") var output: String

    func run() throws {
        guard (1...64).contains(sheetColumns) else { throw ValidationError("--sheet-columns must be 1…64") }
        let frames = try spec.map(specFrames) ?? optionFrames()
        try write(frames)
    }

    /// The frames a spec's keyframes describe.
    private func specFrames(_ path: String) throws -> [Label] {
        let given = [("--to-fill", toFill), ("--to-stroke", toStroke), ("--to-size", toSize.map { "\($0)" }),
                     ("--to-background", toBackground)].filter { $0.1 != nil }.map(\.0) + (toShadow.isEmpty ? [] : ["--to-shadow"])
        guard given.isEmpty else { throw ValidationError("--spec gives the keyframes; remove \(given.joined(separator: ", "))") }
        let spec = try LabelSpec(path: path, options: label)
        guard let a = spec.animation else { throw ValidationError("spec \(path) has no \"animation\" (keyframes to animate)") }
        do {
            let animation = try LabelAnimation(keyframes: a.keyframes, timing: try a.timing ?? Self.timing(timing),
                                               colorSpace: try a.colorSpace ?? Parse.choice(colorSpace, option: "--color-space"))
            return try animation.frames(fps: a.fps ?? fps)
        } catch let error as LabelError {
            throw ValidationError("invalid animation: \(error)")
        }
    }

    /// The frames from the label options to the --to-… options.
    private func optionFrames() throws -> [Label] {
        let from = try label.makeLabel()
        var to = from
        if let toFill { to.fill = try label.paint(toFill, option: "--to-fill") }
        if let toStroke { to.stroke = try label.parseStroke(toStroke, option: "--to-stroke") }
        if !toShadow.isEmpty { to.shadows = try toShadow.map { try label.parseShadow($0, option: "--to-shadow", offset: true) } }
        if let toSize {
            do { to.font = try from.font.withSize(toSize) } catch { throw ValidationError("--to-size: \(error)") }
        }
        if let toBackground { to.backgroundColor = try Parse.color(toBackground, option: "--to-background") }
        let space: ColorSpace = try Parse.choice(colorSpace, option: "--color-space")
        do {
            let animation = try LabelAnimation(from: from, to: to, duration: duration, timing: try Self.timing(timing), colorSpace: space)
            return try animation.frames(fps: fps)
        } catch let error as LabelError {
            throw ValidationError("invalid animation: \(error)")
        }
    }

    /// Renders `frames` at one size and writes them and the contact sheet, all or nothing.
    private func write(_ frames: [Label]) throws {
        // All or nothing: the directory is checked (and a staging directory made) before the
        // first frame renders, the contact sheet (the image likeliest to be refused) is encoded
        // before any frame is written, and the files appear only once all are written.
        let directory = try FrameDirectory(output)
        let progress = ProgressBar(total: frames.count, label: "rendering")
        var images: [Image] = []
        do {
            // The bar's line ends however rendering ends, so an error starts on a line of its own.
            defer { progress.finish() }
            // One size for every frame (the union of their drawn bounds, as Label.images), so
            // frames do not move; rendered one by one for the progress bar.
            do {
                var bounds: PixelRect?
                for frame in frames { let b = try frame.drawnBounds(); bounds = bounds?.union(b) ?? b }
                for frame in frames {
                    guard let b = bounds else { break }
                    let image = try Image(width: b.width, height: b.height, format: .rgba8Premultiplied)
                    try image.withBuffer { try frame.render(into: $0, at: (-b.x, -b.y)) }
                    images.append(image)
                    progress.advance()
                }
            } catch { throw ValidationError("cannot render a frame: \(error)") }
        }
        let sheet = try ContactSheet.make(images, columns: sheetColumns)
        let sheetBytes = try Self.encode(sheet, what: "the contact sheet")
        for (i, image) in images.enumerated() {
            try directory.write(try Self.encode(image, what: "frame \(i)"), named: String(format: "frame-%04d.png", i))
        }
        try directory.write(sheetBytes, named: "contact-sheet.png")
        try directory.commit()
    }

    /// PNG bytes of `image`; an image PNG cannot hold is bad input (exit 64), named.
    static func encode(_ image: Image, what: String) throws -> [UInt8] {
        do {
            return try image.withReadOnlyBuffer { try PNG.encode($0) }
        } catch let error as PNGError {
            throw ValidationError("\(what): \(error)")
        }
    }

    /// "easeInOut", "cubic-bezier(0.2,0,0.2,1)", "spring(0.5,0.4)" → a timing function.
    static func timing(_ text: String) throws -> TimingFunction {
        let t = text.replacingOccurrences(of: " ", with: "")
        func arguments(_ prefix: String, _ count: Int) throws -> [Double]? {
            guard t.lowercased().hasPrefix(prefix + "("), t.hasSuffix(")") else { return nil }
            let inner = String(t.dropFirst(prefix.count + 1).dropLast())
            return try Parse.numbers(inner, count: count, option: "--timing", shape: "\(prefix)(\(count) numbers)")
        }
        if let v = try arguments("cubic-bezier", 4) { return .cubicBezier(x1: v[0], y1: v[1], x2: v[2], y2: v[3]) }
        if let v = try arguments("spring", 2) { return .spring(dampingRatio: v[0], response: v[1]) }
        return try Parse.named(t, option: "--timing", [("linear", TimingFunction.linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
                                                      ("easeInOut", .easeInOut), ("ease", .ease)])
    }
}
