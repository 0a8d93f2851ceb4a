import SheenRaster
import SheenPlatform

/// Where a PNG file goes, checked before anything is made: what the `sheen` command line and the
/// C API's `sheen_png_write` both write through. A regular file (or a new one) is replaced
/// atomically through a temporary file in its directory, keeping its permission bits; a device
/// or FIFO is written through, never replaced; a symbolic link is followed to what it names, so
/// the link stays. Every refusal is a `PNGError` (`cannotCreate`, `writeFailed`) naming the path
/// and the reason.
public struct PNGFile: Sendable {
    /// The path as the caller gave it (for messages).
    public let path: String
    /// The file written: the path with symbolic links resolved.
    let resolved: String
    /// Write into the existing file (device, FIFO) instead of replacing it.
    let writeThrough: Bool
    /// Permission bits to give the replacement (those of the file replaced), or nil for a new
    /// file (0666 less the umask).
    let mode: mode_t?

    /// Checks that `path` can take a file; throws `PNGError.cannotCreate` naming the problem.
    /// With `dashIsStandardOutput`, "-" is standard output (as for most tools that write files).
    public init(path: String, dashIsStandardOutput: Bool = false) throws(PNGError) {
        self.path = path
        func refuse(_ reason: String) -> PNGError { .cannotCreate(path: path, reason: reason) }
        guard !path.isEmpty else { throw refuse("the path is empty") }
        if path == "-" && dashIsStandardOutput {
            (resolved, writeThrough, mode) = (path, true, nil)
            return
        }
        var current = path
        // Follow symbolic links by hand, so a link to a file not yet there still names it.
        for _ in 0 ..< 40 {
            var info = stat()
            if lstat(current, &info) != 0 {
                guard errno == ENOENT else { throw refuse(String(cString: strerror(errno))) }
                let directory = Self.directory(of: current)
                var dirInfo = stat()
                guard stat(directory, &dirInfo) == 0, dirInfo.st_mode & S_IFMT == S_IFDIR else {
                    throw refuse("directory \(directory) does not exist")
                }
                guard access(directory, W_OK | X_OK) == 0 else { throw refuse("directory \(directory) is not writable") }
                (resolved, writeThrough, mode) = (current, false, nil)
                return
            }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let count = readlink(current, &buffer, buffer.count - 1)
                guard count >= 0 else { throw refuse(String(cString: strerror(errno))) }
                let target = String(decoding: buffer[0 ..< count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                current = target.hasPrefix("/") ? target : Self.directory(of: current) + "/" + target
            case S_IFDIR:
                throw refuse("it is a directory")
            case S_IFREG:
                let directory = Self.directory(of: current)
                guard access(directory, W_OK | X_OK) == 0 else { throw refuse("directory \(directory) is not writable") }
                (resolved, writeThrough, mode) = (current, false, info.st_mode & 0o7777)
                return
            case S_IFSOCK:
                throw refuse("it is a socket")
            default:
                // A device or FIFO: written into, as the shell's `>` would.
                guard access(current, W_OK) == 0 else { throw refuse("it is not writable") }
                (resolved, writeThrough, mode) = (current, true, nil)
                return
            }
        }
        throw refuse("too many levels of symbolic links")
    }

    /// The directory holding `path` ("." for a bare name).
    package static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Writes `bytes`: whole or not at all for files (a failure removes the temporary file and
    /// leaves the old file as it was), straight through for devices and FIFOs. Throws
    /// `PNGError.writeFailed` naming the path.
    /// A FIFO is opened without waiting for a reader: with none, the write is refused (ENXIO)
    /// instead of blocking for ever; with one, it is written as a pipe is. Nothing here changes
    /// the process's signal dispositions: a file that would pass the file-size limit (ulimit -f),
    /// whose write would raise SIGXFSZ, is refused before a byte is written. Temporary files are
    /// named `.NAME.sheen-PID-N`; those whose process is gone (a killed writer) are removed by
    /// the next write beside them.
    public func write(_ bytes: [UInt8]) throws(PNGError) {
        func failure(_ what: String) -> PNGError {
            .writeFailed(path: path, reason: "\(what): \(String(cString: strerror(errno)))")
        }
        if writeThrough && resolved == "-" {
            try Self.writeAll(bytes, to: STDOUT_FILENO, failure: failure)
            return
        }
        if writeThrough {
            let fd = open(resolved, O_WRONLY | O_CLOEXEC | O_NONBLOCK)
            guard fd >= 0 else {
                if errno == ENXIO { throw PNGError.writeFailed(path: path, reason: "no process is reading the FIFO") }
                throw failure("cannot open")
            }
            defer { close(fd) }
            // Opened: back to blocking writes, which wait for the reader as a shell's `>` does.
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
            try Self.writeAll(bytes, to: fd, failure: failure)
            return
        }
        var limit = rlimit()
        if Self.fileSizeLimit(&limit) == 0, limit.rlim_cur != rlim_t.max, UInt64(bytes.count) > UInt64(limit.rlim_cur) {
            throw PNGError.writeFailed(path: path, reason: "\(bytes.count) bytes would pass the file-size limit of "
                                       + "\(limit.rlim_cur) bytes (ulimit -f)")
        }
        let directory = Self.directory(of: resolved)
        let name = resolved.split(separator: "/").last.map(String.init) ?? resolved
        Self.removeAbandonedTemporaries(of: name, in: directory)
        var temporary = ""
        var fd: Int32 = -1
        for _ in 0 ..< 16 where fd < 0 {
            temporary = "\(directory)/.\(name).sheen-\(getpid())-\(UInt32.random(in: 0 ... .max))"
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd < 0 && errno != EEXIST { break }
        }
        guard fd >= 0 else { throw failure("cannot create a temporary file in \(directory)") }
        var done = false
        defer {
            if fd >= 0 { close(fd) }
            if !done { unlink(temporary) }
        }
        if let mode, fchmod(fd, mode) != 0 { throw failure("cannot keep the file's permissions") }
        try Self.writeAll(bytes, to: fd, failure: failure)
        let closed = close(fd)
        fd = -1
        guard closed == 0 else { throw failure("cannot finish writing") }
        guard rename(temporary, resolved) == 0 else { throw failure("cannot replace the file") }
        done = true
    }

    /// getrlimit(RLIMIT_FSIZE), whose resource argument Glibc's Swift module types as an enum.
    private static func fileSizeLimit(_ limit: inout rlimit) -> Int32 {
        #if canImport(Glibc)
        return getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit)
        #else
        return getrlimit(RLIMIT_FSIZE, &limit)
        #endif
    }

    /// Removes `.NAME.sheen-PID-N` temporary files of `name` in `directory` whose process no
    /// longer runs: what a writer killed between creating and renaming its file left.
    package static func removeAbandonedTemporaries(of name: String, in directory: String) {
        let prefix = ".\(name).sheen-"
        guard let dir = opendir(directory) else { return }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard entryName.hasPrefix(prefix) else { continue }
            let rest = entryName.dropFirst(prefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = Int32(rest[..<dash]), pid > 0 else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { unlink(directory + "/" + entryName) }
        }
    }

    /// Encodes `image` as PNG and writes it (see `write(_:)`).
    public func write(_ image: ReadOnlyRasterBuffer) throws(PNGError) {
        try write(try PNG.encode(image))
    }

    private static func writeAll(_ bytes: [UInt8], to fd: Int32, failure: (String) -> PNGError) throws(PNGError) {
        // withUnsafeBytes rethrows untyped errors: the failure is carried out instead.
        let problem: PNGError? = bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return nil }
            var offset = 0
            while offset < raw.count {
                let written = systemWrite(fd, base + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return failure("cannot write")
                }
                offset += written
            }
            return nil
        }
        if let problem { throw problem }
    }
}

/// write(2), which `PNGFile.write` hides.
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, bytes, count)
}

