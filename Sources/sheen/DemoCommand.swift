import ArgumentParser
import SheenLabel
import SheenRaster
import SheenText

/// `sheen demo`: one picture of every style Sheen draws (gradient extents, per-line gradients,
/// strokes, shadows and glows, truncation, auto-shrink, animation), side by side.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Render gradient text, strokes, shadows, truncation, auto-shrink and animation side by side to one PNG.",
        discussion: """
        Rows: a gradient spanning the frame vs the text's ink in a wide frame; one gradient over a three-line block vs one per line; a stroke with a blurred shadow and a glow; head, middle and tail truncation; auto-shrink vs truncation; an animation contact sheet.
        """
    )

    @Option(help: "fontconfig pattern of the font used throughout.") var font = "DejaVu Sans:bold"
    @Option(name: [.short, .customLong("output")], help: "Output PNG path (\"-\": standard output).") var output: String

    func run() throws {
        // Checked before rendering: a bad path fails at once, not after the work.
        let target = try OutputTarget(output)
        let demo: Image
        do { demo = try DemoPicture(fontPattern: font).render() } catch let error as ValidationError { throw error } catch {
            throw ValidationError("cannot render the demo: \(error)")
        }
        try writePNG(demo, to: target)
    }
}
