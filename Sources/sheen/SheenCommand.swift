import ArgumentParser

/// `sheen`: renders gradients (and, later, styled labels) to PNG.
@main
struct SheenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sheen",
        abstract: "Render Sheen labels and gradients to PNG.",
        subcommands: [RenderCommand.self, AnimateCommand.self, DemoCommand.self, GradientCommand.self, GalleryCommand.self]
    )
}
