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

        The label options describe the first frame; --to-… options change the last. Or --spec label.json gives the first frame and its "animation" keyframes (docs/label-spec.md); its fps, timing and colour space replace --fps, --timing and --color-space when it sets them. Colours interpolate premultiplied in --color-space (OKLab by default). Timing: linear, easeIn, easeOut, easeInOut, ease, "cubic-bezier(x1,y1,x2,y2)" or "spring(damping,response)". Writes frame-0000.png … and contact-sheet.png into the output directory, all or nothing, one frame at a time (at most 2^32 pixels of frames in all, and 2^30 pixel-layers of work: each frame's pixels times 2 plus its shadows and stroke; the contact sheet shrinks its frames by a whole factor when they would not fit 2^26 pixels).
        """
    )

    @OptionGroup var label: LabelOptions
    @Option(help: "A JSON file describing the label and its keyframes (docs/label-spec.md).") var spec: String?
    @Option(name: .customLong("to-fill"), help: "Final fill: one colour or gradient stops.") var toFill: String?
    @Option(name: .customLong("to-stroke"), help: "Final stroke \"WIDTH,#COLOR\".") var toStroke: String?
    @Option(name: .customLong("to-shadow"), help: "Final shadows \"DX,DY,SIGMA,#COLOR[,SPREAD]\"; repeatable.")
    var toShadow: [String] = []
    @Option(name: .customLong("to-size"), parsing: .unconditional, help: "Final font size in pixels.") var toSize: Double?
    @Option(name: .customLong("to-background"), help: "Final background colour.") var toBackground: String?
    @Option(parsing: .unconditional, help: "Length in seconds.") var duration = 1.0
    @Option(parsing: .unconditional, help: "Frames per second.") var fps = 30.0
    @Option(help: "Timing curve.") var timing = "easeInOut"
    @Option(name: .customLong("color-space"), help: "Colour interpolation: oklab, sRGB or linearSRGB.") var colorSpace = "oklab"
    /// The allowed `--sheet-columns`.
    static let sheetColumnsRange = 1 ... 64
    @Option(name: .customLong("sheet-columns"), parsing: .unconditional,
            help: "Frames per row of the contact sheet, \(sheetColumnsRange.lowerBound)…\(sheetColumnsRange.upperBound).")
    var sheetColumns = 6
    @Option(name: [.short, .customLong("output")], help: "Output directory (created if missing).") var output: String

    func run() throws {
        guard Self.sheetColumnsRange.contains(sheetColumns) else {
            throw ValidationError("--sheet-columns must be \(Self.sheetColumnsRange.lowerBound)…\(Self.sheetColumnsRange.upperBound)")
        }
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
        if let toFill { to.fill = try label.style.paint(toFill, option: "--to-fill") }
        if let toStroke { to.stroke = try label.style.parseStroke(toStroke, option: "--to-stroke") }
        if !toShadow.isEmpty { to.shadows = try toShadow.map { try label.style.parseShadow($0, option: "--to-shadow", offset: true) } }
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

    /// The most pixels an animation may render in all (frames × frame size): 2³², some 17 GB of
    /// pixels, 26,000 frames of 1024 × 160. Checked before any frame renders.
    static let maximumTotalPixels = 1 << 32

    /// The most work an animation may do, in pixel-layers: each frame costs its pixels times its
    /// layers — 2 for drawing and encoding it, one per shadow (a blur) and one for a stroke.
    /// 2³⁰: 2²⁹ pixels of plain frames (3,276 frames of 1024 × 160), under a minute of one core
    /// (bench/kernel-notes.md, "Animation"), or 244 frames of 1024 × 160 with 64 shadows each. The pixel limit alone let a 103-byte spec of 64 shadows
    /// cost 144 s of CPU. Checked before any frame renders.
    static let maximumWork = 1 << 30

    /// `frame`'s layers in `maximumWork`'s count.
    static func layers(_ frame: Label) -> Int {
        2 + frame.shadows.count + (frame.shadowColor == nil ? 0 : 1) + (frame.stroke == nil ? 0 : 1)
    }

    /// Renders `frames` at one size and writes them and the contact sheet, all or nothing, one
    /// frame at a time: render, encode, stage, add to the sheet. Memory holds the sheet and one
    /// frame, however many frames there are.
    private func write(_ frames: [Label]) throws {
        // All or nothing: the directory is checked (and a staging directory made) before the
        // first frame renders, the sizes of everything are checked next, and the files appear
        // only once all are written.
        let directory = try FrameDirectory(output)
        func tooMany(_ frameWidth: Int, _ frameHeight: Int) -> Bool {
            let (area, o1) = frameWidth.multipliedReportingOverflow(by: frameHeight)
            let (total, o2) = area.multipliedReportingOverflow(by: frames.count)
            return o1 || o2 || total > Self.maximumTotalPixels
        }
        func refuse(_ w: Int, _ h: Int) -> ValidationError {
            ValidationError("\(frames.count) frames of \(w)×\(h) pixels are more than the \(Self.maximumTotalPixels) pixels an animation may render")
        }
        // Every frame covers at least its canvas: a first check before measuring any frame.
        if let first = frames.first {
            let w = Int(first.size.width.rounded(.up)), h = Int(first.size.height.rounded(.up))
            if tooMany(w, h) { throw refuse(w, h) }
        }
        // One size for every frame (the union of their drawn bounds, as Label.images), so
        // frames do not move.
        var union: PixelRect?
        do {
            for frame in frames { let b = try frame.drawnBounds(); union = union?.union(b) ?? b }
        } catch { throw ValidationError("cannot render a frame: \(error)") }
        guard let b = union else { throw ValidationError("no frames") }
        let (pixels, overflow) = b.width.multipliedReportingOverflow(by: b.height)
        guard !overflow, pixels <= Label.maximumImagePixels else {
            throw ValidationError("cannot render a frame: the frames draw over \(b.width)×\(b.height) pixels, "
                                  + "more than the \(Label.maximumImagePixels) an image may have")
        }
        if tooMany(b.width, b.height) { throw refuse(b.width, b.height) }
        // Pixels × layers per frame, summed: none overflows (pixels ≤ 2²⁶, layers ≤ 68, frames
        // ≤ 2³² / pixels).
        let work = frames.reduce(0) { $0 + pixels * Self.layers($1) }
        guard work <= Self.maximumWork else {
            throw ValidationError("\(frames.count) frames of \(b.width)×\(b.height) pixels with their shadows and strokes are "
                                  + "\(work) pixel-layers of work, more than the \(Self.maximumWork) an animation may do")
        }
        let sheet = try ContactSheet(frameWidth: b.width, frameHeight: b.height, count: frames.count, columns: sheetColumns)
        let progress = ProgressBar(total: frames.count, label: "rendering")
        do {
            // The bar's line ends however rendering ends, so an error starts on a line of its own.
            defer { progress.finish() }
            for (i, frame) in frames.enumerated() {
                let image: Image
                do {
                    image = try Image(width: b.width, height: b.height, format: .rgba8Premultiplied)
                    try image.withBuffer { try frame.render(into: $0, at: (-b.x, -b.y)) }
                } catch { throw ValidationError("cannot render a frame: \(error)") }
                try directory.write(try Self.encode(image, what: "frame \(i)"), named: String(format: "frame-%04d.png", i))
                try sheet.add(image, at: i)
                progress.advance()
            }
        }
        try directory.write(try Self.encode(sheet.image, what: "the contact sheet"), named: "contact-sheet.png")
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
        try Parse.validating { () throws(LabelSpecError) in try ValueSyntax.timing(text, name: "--timing") }
    }
}
