import Foundation
import Testing
@testable import sheen

/// What every CLI test does: run `sheen` with arguments in-process, and name scratch files.
enum CLI {
    /// A path in the temporary directory that no other test uses.
    static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("sheen-cli-\(UUID().uuidString)-\(name)").path
    }

    /// Parses and runs `sheen ARGS…` as the command line would.
    static func run(_ args: [String]) throws {
        var command = try SheenCommand.parseAsRoot(args)
        try command.run()
    }

    /// Runs `sheen` with arguments that must fail: the error message mentions `mentions`, and
    /// nothing exists at `output` afterwards (no partial file or directory).
    static func expectFailure(_ args: [String], mentions: String, output: String,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            try run(args)
            Issue.record("\(args): no error", sourceLocation: sourceLocation)
        } catch {
            let message = SheenCommand.message(for: error)
            #expect(message.contains(mentions), "\(args): \(message)", sourceLocation: sourceLocation)
        }
        #expect(!FileManager.default.fileExists(atPath: output), sourceLocation: sourceLocation)
    }
}

/// The built `sheen` executable run as a process, for what only a process shows: exit status
/// and exactly what reaches standard error.
enum CLIProcess {
    /// `sheen` beside the test bundle (SwiftPM builds every product into one directory).
    static var executable: URL {
        Bundle.main.executableURL!.deletingLastPathComponent().appendingPathComponent("sheen")
    }

    /// Runs `sheen ARGS…`; returns its exit status and standard error.
    static func run(_ args: [String]) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = args
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
