import Foundation
import SheenPlatform

/// A directory of output files written all or nothing: files go into a hidden staging
/// directory made when this is created (so an unwritable location fails before any rendering),
/// and appear under their names only when `commit()` runs. Until then — and on every failure —
/// the location is as it was: a new directory does not appear, an existing one keeps its files.
///
/// Commits are single renames, so that even a process killed part-way (SIGKILL runs no clean-up)
/// leaves the old state or the new one: a new directory is the staging directory renamed into
/// place (with the permissions the umask gives a new directory); an existing one is exchanged
/// with a staging sibling that holds the new files and hard links to the files it had, except
/// frames of an earlier run that this one does not write (`isFrame`: a run with fewer frames
/// leaves none of the old ones behind), via renameat2's RENAME_EXCHANGE; the old copy is
/// removed after. Where that cannot be done — a subdirectory to keep (it cannot be linked, and
/// moving it would not be undone by a kill), a parent directory that cannot take the staging
/// sibling, a file system without the exchange — the location is refused when this is created,
/// before anything is rendered. Staging directories carry their process's id; one whose process
/// is gone (killed) is removed by the next run that stages beside it.
final class FrameDirectory {
    /// The directory as the user named it (for messages).
    let path: String
    /// Where files are written until `commit()`.
    private let staging: String
    /// Whether `path` did not exist: `commit()` renames the staging directory to it.
    private let isNew: Bool
    /// An existing directory's permission bits, which the directory that replaces it takes.
    private let mode: mode_t?
    /// Names written so far, in order.
    private var names: [String] = []
    private var committed = false

    /// Checks that `path` is (or can become) a directory whose files can all be replaced at once,
    /// and makes the staging directory; throws `OutputError` (73) naming the problem.
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
            isNew = false
            mode = info.st_mode & 0o7777
            parent = OutputTarget.directory(of: path)
            guard access(parent, W_OK | X_OK) == 0 else {
                throw refuse("its parent \(parent) is not writable, so the frames cannot replace the old ones all at once")
            }
            for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
                var entry = stat()
                if lstat(path + "/" + name, &entry) == 0, entry.st_mode & S_IFMT == S_IFDIR {
                    throw refuse("it holds the directory \(name), which cannot be kept through an all-or-nothing "
                                 + "replacement; move it out or write the frames to another directory")
                }
            }
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
            (parent, isNew, mode) = (ancestor, true, nil)
        }
        Self.removeAbandonedStaging(in: parent)
        func makeStaging() throws -> String {
            var template = Array("\(parent)/\(Self.stagingPrefix)\(getpid())-XXXXXX".utf8CString)
            guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
                throw refuse("cannot create a directory in \(parent): \(String(cString: strerror(errno)))")
            }
            return String(cString: made)
        }
        staging = try makeStaging()
        if !isNew {
            // The exchange, tried on two staging directories before anything is rendered.
            let probe = try makeStaging()
            let exchanged = Self.exchange(staging, probe)
            rmdir(probe)
            guard exchanged else {
                rmdir(staging)
                throw refuse("the file system cannot exchange two directories at once (renameat2), so the frames "
                             + "cannot replace the old ones all at once; write them to a new directory")
            }
        }
    }

    /// Whether `name` is a file `sheen animate` writes: frame-NNNN.png (four digits or more) or
    /// contact-sheet.png. Such files of an earlier run are replaced, never kept beside new ones.
    static func isFrame(_ name: String) -> Bool {
        if name == "contact-sheet.png" { return true }
        guard name.hasPrefix("frame-"), name.hasSuffix(".png") else { return false }
        let digits = name.dropFirst(6).dropLast(4)
        return digits.count >= 4 && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Staging directories are named this, then the process id, "-" and a random suffix.
    static let stagingPrefix = ".sheen-staging-"

    /// Removes the staging directories in `directory` whose process no longer runs.
    static func removeAbandonedStaging(in directory: String) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in entries where name.hasPrefix(stagingPrefix) {
            let rest = name.dropFirst(stagingPrefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = Int32(rest[..<dash]), pid > 0 else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                try? FileManager.default.removeItem(atPath: directory + "/" + name)
            }
        }
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

    /// Moves every written file into place in one rename; throws `OutputError` (74) if the
    /// location changed under us (then it is as it was).
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
            // mkdtemp made it 0700; a new directory gets what mkdir would give it.
            let mask = umask(0)
            umask(mask)
            guard chmod(staging, 0o777 & ~mask) == 0 else { throw failure("cannot set the directory's permissions") }
            guard rename(staging, path) == 0 else { throw failure("cannot move the frames into place") }
        } else {
            try exchangeIntoPlace()
        }
        try? FileManager.default.removeItem(atPath: staging)
        committed = true
    }

    /// Links every file of the existing directory that is not rewritten and is not an old frame
    /// into the staging directory, gives it the directory's permissions, and exchanges the two
    /// in one rename. Throws (nothing changed at `path`) when a step cannot be done.
    private func exchangeIntoPlace() throws {
        func failure(_ what: String) -> OutputError {
            OutputError(cannotCreate: false, path: path, reason: "\(what): \(String(cString: strerror(errno)))")
        }
        guard let existing = try? FileManager.default.contentsOfDirectory(atPath: path) else { throw failure("cannot list it") }
        let written = Set(names)
        for name in existing where !written.contains(name) && !Self.isFrame(name) {
            guard linkat(AT_FDCWD, path + "/" + name, AT_FDCWD, staging + "/" + name, 0) == 0 else {
                throw failure("cannot keep \(name) beside the new frames")
            }
        }
        if let mode, chmod(staging, mode) != 0 { throw failure("cannot keep the directory's permissions") }
        guard Self.exchange(staging, path) else { throw failure("cannot exchange the frames into place") }
    }

    /// renameat2(RENAME_EXCHANGE), which Glibc's Swift module does not declare: looked up once.
    private static let renameat2: (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32).self)
    }()

    /// Swaps the directories `a` and `b` atomically; false where the system cannot.
    private static func exchange(_ a: String, _ b: String) -> Bool {
        guard let renameat2 else { return false }
        let renameExchange: UInt32 = 1 << 1
        return renameat2(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0
    }
}
