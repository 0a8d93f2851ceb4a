import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A directory of output files written all or nothing: files go into a hidden staging
/// directory made when this is created (so an unwritable location fails before any rendering),
/// and appear under their names only when `commit()` runs. Until then — and on every failure —
/// the location is as it was: a new directory does not appear, an existing one keeps its files.
final class FrameDirectory {
    /// The directory as the user named it (for messages).
    let path: String
    /// Where files are written until `commit()`.
    private let staging: String
    /// Whether `path` did not exist: `commit()` renames the staging directory to it.
    private let isNew: Bool
    /// Names written so far, in order.
    private var names: [String] = []
    private var committed = false

    /// Checks that `path` is (or can become) a directory and makes the staging directory;
    /// throws `OutputError` (73) naming the problem.
    init(_ named: String) throws {
        // "frames/" names the directory "frames": a trailing slash would make it its own parent.
        var path = named
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        self.path = path
        func refuse(_ reason: String) -> OutputError { OutputError(cannotCreate: true, path: path, reason: reason) }
        guard !path.isEmpty else { throw refuse("the path is empty") }
        var info = stat()
        let parent: String
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw refuse("it exists and is not a directory") }
            (parent, isNew) = (path, false)
        } else {
            guard errno == ENOENT else { throw refuse(String(cString: strerror(errno))) }
            // Stage in the nearest existing ancestor: the rename into place then stays on one
            // file system, and missing directories between are made only at commit.
            var ancestor = OutputTarget.directory(of: path)
            while stat(ancestor, &info) != 0 {
                guard errno == ENOENT, ancestor != "/", ancestor != "." else { throw refuse(String(cString: strerror(errno))) }
                ancestor = OutputTarget.directory(of: ancestor)
            }
            guard info.st_mode & S_IFMT == S_IFDIR else { throw refuse("\(ancestor) is not a directory") }
            (parent, isNew) = (ancestor, true)
        }
        var template = Array("\(parent)/.sheen-staging-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw refuse("cannot create a directory in \(parent): \(String(cString: strerror(errno)))")
        }
        staging = String(cString: made)
    }

    deinit {
        if !committed { try? FileManager.default.removeItem(atPath: staging) }
    }

    /// Writes one file into the staging directory; throws `OutputError` (74) naming it.
    func write(_ bytes: [UInt8], named name: String) throws {
        precondition(!name.contains("/") && !committed)
        do {
            try OutputTarget(staging + "/" + name).write(bytes)
        } catch let error as OutputError {
            throw OutputError(cannotCreate: false, path: path + "/" + name, reason: error.reason)
        }
        names.append(name)
    }

    /// Moves every written file into place (renames within one file system, which do not run
    /// out of space); throws `OutputError` (74) if the location changed under us.
    func commit() throws {
        func failure(_ what: String) -> OutputError {
            OutputError(cannotCreate: false, path: path, reason: "\(what): \(String(cString: strerror(errno)))")
        }
        if isNew {
            let parent = OutputTarget.directory(of: path)
            do {
                try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
            } catch {
                throw OutputError(cannotCreate: false, path: path, reason: "cannot create \(parent)")
            }
            guard rename(staging, path) == 0 else { throw failure("cannot move the frames into place") }
        } else {
            for name in names {
                guard rename(staging + "/" + name, path + "/" + name) == 0 else { throw failure("cannot move \(name) into place") }
            }
            rmdir(staging)
        }
        committed = true
    }
}
