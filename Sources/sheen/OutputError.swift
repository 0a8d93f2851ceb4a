import ArgumentParser
import Foundation
import SheenPNG
import SheenRaster
import SheenPlatform

/// An output the CLI cannot write. The command line exits 73 (EX_CANTCREAT) when the location
/// cannot take a file at all, 74 (EX_IOERR) when writing failed part-way; the message is one
/// line naming the path.
struct OutputError: Error, CustomStringConvertible {
    /// Whether the file could not be created (73) or writing it failed (74).
    let cannotCreate: Bool
    /// The path the user named.
    let path: String
    /// What went wrong, in words.
    let reason: String

    var description: String { "cannot write \(path): \(reason)" }

    /// 73 or 74 (sysexits.h).
    var exitCode: ExitCode { ExitCode(cannotCreate ? 73 : 74) }

    init(cannotCreate: Bool, path: String, reason: String) {
        self.cannotCreate = cannotCreate; self.path = path; self.reason = reason
    }

    /// The command line's form of a `PNGFile` refusal: 73 when the file could not be created,
    /// 74 when writing failed (any other PNG error, which PNGFile does not throw, counts as 74).
    init(_ error: PNGError) {
        switch error {
        case let .cannotCreate(path, reason): self.init(cannotCreate: true, path: path, reason: reason)
        case let .writeFailed(path, reason): self.init(cannotCreate: false, path: path, reason: reason)
        default: self.init(cannotCreate: false, path: "", reason: error.message)
        }
    }
}
