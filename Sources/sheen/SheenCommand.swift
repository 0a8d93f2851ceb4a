import ArgumentParser

/// `sheen`: renders gradients (and, later, styled labels) to PNG.
@main
struct SheenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sheen",
        abstract: "Render Sheen gradients to PNG.",
        subcommands: [GradientCommand.self, GalleryCommand.self]
    )
}
