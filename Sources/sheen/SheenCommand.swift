import ArgumentParser
import Foundation

/// `sheen`: renders gradients (and, later, styled labels) to PNG.
@main
struct SheenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sheen",
        abstract: "Render Sheen labels and gradients to PNG.",
        subcommands: [RenderCommand.self, AnimateCommand.self, DemoCommand.self, GradientCommand.self, GalleryCommand.self]
    )

    /// Runs the command line. Output problems exit 73 or 74 with one line naming the path
    /// (`OutputError`); everything else as ArgumentParser reports it (64 for bad input).
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as OutputError {
            FileHandle.standardError.write(Data("sheen: \(error)\n".utf8))
            Foundation.exit(error.exitCode.rawValue)
        } catch {
            exit(withError: error)
        }
    }
}
