import ArgumentParser
import Foundation
import SheenLabel
import SheenPNG
import SheenRaster
import SheenText

/// `sheen`: renders labels, label animations and gradients to PNG.
@main
struct SheenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sheen",
        abstract: "Render Sheen labels and gradients to PNG.",
        version: Sheen.version,
        subcommands: [RenderCommand.self, FieldCommand.self, AnimateCommand.self, DemoCommand.self, GradientCommand.self, GalleryCommand.self]
    )

    /// Runs the command line. Syntax errors are reported by ArgumentParser with the usage
    /// (exit 64); a problem found while running is one line, "sheen: …" — bad input (an option's
    /// value, a font, a label or gradient that cannot be drawn) exits 64, an output problem 73 or
    /// 74 naming the path (`OutputError`).
    static func main() {
        var command: ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            exit(withError: error)
        }
        do {
            try command.run()
        } catch let error as OutputError {
            fail(error.description, code: error.exitCode.rawValue)
        } catch let error as ValidationError {
            fail(error.message, code: ExitCode.validationFailure.rawValue)
        } catch let error as any Error & CustomStringConvertible
                    where error is LabelError || error is TextError || error is RasterError || error is PNGError {
            fail(error.description, code: ExitCode.validationFailure.rawValue)
        } catch {
            exit(withError: error)
        }
    }

    /// Prints "sheen: MESSAGE" on standard error and exits with `code`. Messages quote what the
    /// user gave (a spec's keys and values, paths), so they are printed as `LabelError.printable`
    /// makes them: control characters escaped (an ESC or BEL in a spec must not reach the
    /// terminal) and a long value cut to its ends.
    static func fail(_ message: String, code: Int32) -> Never {
        FileHandle.standardError.write(Data("sheen: \(LabelError.printable(message))\n".utf8))
        Foundation.exit(code)
    }

    /// Prints "sheen: warning: MESSAGE" on standard error, made printable as `fail` makes its
    /// message, and goes on.
    static func warn(_ message: String) {
        FileHandle.standardError.write(Data("sheen: warning: \(LabelError.printable(message))\n".utf8))
    }
}
