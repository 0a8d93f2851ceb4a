import Foundation

/// A progress bar on standard error, drawn only when it is a terminal.
final class ProgressBar {
    let total: Int
    let label: String
    private var done = 0
    private let enabled = isatty(2) != 0

    init(total: Int, label: String) { self.total = total; self.label = label }

    func advance() {
        done += 1
        guard enabled else { return }
        let width = 30, filled = total > 0 ? done * width / total : width
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        FileHandle.standardError.write(Data("\r\(label) [\(bar)] \(done)/\(total)".utf8))
    }

    func finish() { if enabled { FileHandle.standardError.write(Data("\n".utf8)) } }
}
