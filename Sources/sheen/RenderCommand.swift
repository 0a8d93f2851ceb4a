import ArgumentParser
import Foundation
import SheenLabel
import SheenRaster

/// `sheen render`: one styled label to a PNG, every label property reachable as an option.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a styled text label to a PNG.",
        discussion: """
        Example:
          sheen render "Always correct gradient text" --size 48 \\
            --fill "#3478F6,#FF3B30" --extent ink --stroke "2,#333333" \\
            --shadow "0,4,6,#00000080" --canvas 1024x160 -o label.png

        The text comes from the argument, from --text-file PATH, or from standard input ("-"). --spec label.json describes the whole label instead — attributed runs (underline, strikethrough, baseline offset, per-run fill, stroke and background, paragraph alignment, spacing and tab stops), tracking, kerning, ligatures and style — as documented in docs/label-spec.md; the other label options are not allowed with it. Colours are written as CSS writes them: #RRGGBB, #RRGGBBAA, #RGB, #RGBA, rgb(R, G, B), rgba(R, G, B, A), rgb(R G B / A) or a name such as tomato (straight alpha). One --fill colour paints solid; two or more make a gradient spanning the --extent. --shadow may be repeated; a glow is a shadow with offset 0,0.
        """
    )

    @OptionGroup var label: LabelOptions
    @Option(help: "A JSON file describing the whole label (docs/label-spec.md); \"-\" reads standard input.") var spec: String?
    @Option(help: "Pixel format the label is rendered in: rgba8Premultiplied or bgra8Premultiplied. The PNG is the same either way (PNG stores RGBA); this chooses the kernels' byte order.") var format = "rgba8Premultiplied"
    @Option(name: [.short, .customLong("output")], help: "Output PNG path (\"-\": standard output).") var output: String

    func run() throws {
        // Checked before rendering: a bad path fails at once, not after the work.
        let target = try OutputTarget(output)
        let label = try spec.map { try LabelSpec(path: $0, options: self.label).label } ?? self.label.makeLabel()
        let pixelFormat: PixelFormat = try Parse.choice(format, option: "--format")
        guard pixelFormat != .a8 else { throw ValidationError("--format must be rgba8Premultiplied or bgra8Premultiplied") }
        let image: Image
        do { image = try label.image(format: pixelFormat) } catch {
            throw ValidationError("cannot render the label: \(error)")
        }
        try writePNG(image, to: target)
    }
}
