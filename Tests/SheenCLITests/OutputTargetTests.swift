import Foundation
import SheenTestSupport
import Testing
import SheenPNG
@testable import sheen
#if canImport(Glibc)
import Glibc
#endif

/// Output files are never destroyed: devices, FIFOs and symbolic links are written through, a
/// replaced file keeps its permissions, a failure leaves no temporary file, and a bad path fails
/// before anything is rendered, with exit 73 and a message naming it.
@Suite struct OutputTargetTests {
    /// A fresh scratch directory.
    func directory() throws -> String {
        let dir = CLI.temporaryPath("out")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: false)
        return dir
    }

    func fileType(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    func isPNG(_ path: String) throws -> Bool {
        try PNG.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path)))).width == 40
    }

    func leftovers(_ dir: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains(".sheen-") }
    }

    @Test func aCharacterDeviceIsWrittenThroughNotReplaced() throws {
        try CLI.run(["render", "Hi", "--canvas", "40x20", "--clip", "-o", "/dev/null"])
        #expect(fileType("/dev/null") == S_IFCHR)
    }

    @Test func aFIFOIsWrittenThrough() throws {
        let dir = try directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fifo = dir + "/pipe.png"
        #expect(mkfifo(fifo, 0o644) == 0)
        // The reader opens the FIFO on another thread, as a consumer process would.
        let received = Mutexed<[UInt8]>([])
        let reader = Thread {
            let fd = open(fifo, O_RDONLY)
            var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = read(fd, &chunk, chunk.count)
                if n <= 0 { break }
                bytes += chunk[0 ..< n]
            }
            close(fd)
            received.set(bytes)
        }
        reader.start()
        // The render refuses a FIFO nobody reads, so it waits until the reader's open is under
        // way: a write end opened without blocking fails (ENXIO) until then. Held open through
        // the render, that end (which writes nothing) keeps the reader from seeing the end of
        // the data before the render has opened its own. (Without the wait the render raced
        // the reader's thread, and lost in a release build.)
        var held: Int32 = -1
        for _ in 0 ..< 10_000 where held < 0 {
            held = open(fifo, O_WRONLY | O_NONBLOCK)
            if held < 0 { usleep(1000) }
        }
        #expect(held >= 0, "the reader never opened the FIFO")
        try CLI.run(["render", "Hi", "--canvas", "40x20", "--clip", "-o", fifo])
        if held >= 0 { close(held) }
        while !reader.isFinished { usleep(1000) }
        #expect(fileType(fifo) == S_IFIFO)
        #expect(try PNG.decode(received.get()).width == 40)
        #expect(try leftovers(dir).isEmpty)
    }

    @Test func aSymbolicLinkStaysAndItsTargetIsReplaced() throws {
        let dir = try directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("old".utf8).write(to: URL(fileURLWithPath: dir + "/target.png"))
        #expect(symlink("target.png", dir + "/link.png") == 0)
        try CLI.run(["render", "Hi", "--canvas", "40x20", "--clip", "-o", dir + "/link.png"])
        #expect(fileType(dir + "/link.png") == S_IFLNK)
        #expect(try isPNG(dir + "/target.png"))
        // A link to a file not there yet creates it.
        #expect(symlink("later.png", dir + "/dangling.png") == 0)
        try CLI.run(["render", "Hi", "--canvas", "40x20", "--clip", "-o", dir + "/dangling.png"])
        #expect(fileType(dir + "/dangling.png") == S_IFLNK)
        #expect(try isPNG(dir + "/later.png"))
        #expect(try leftovers(dir).isEmpty)
    }

    @Test func aReplacedFileKeepsItsPermissions() throws {
        let dir = try directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/kept.png"
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        #expect(chmod(path, 0o444) == 0)
        try CLI.run(["render", "Hi", "--canvas", "40x20", "--clip", "-o", path])
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o7777 == 0o444)
        #expect(try isPNG(path))
        #expect(try leftovers(dir).isEmpty)
    }

    /// A missing directory or a directory as the output: exit 73, the path named, and the check
    /// comes before rendering (the label here cannot render, yet the output is what is reported).
    @Test(arguments: ["/nonexistent-sheen-dir/g.png", "/tmp", ""])
    func badPathsFailFirstWith73(path: String) throws {
        for args in [["render", "Hi", "--canvas", "40x20", "--size", "1e-9"], ["gradient", "--size", "8x8"]] {
            do {
                try CLI.run(args + ["-o", path])
                Issue.record("\(args) -o \(path): no error")
            } catch let error as OutputError {
                #expect(error.exitCode.rawValue == 73)
                #expect(error.description.hasPrefix("cannot write \(path):"))
            }
        }
    }

    /// A write that fails at the end (here the file became a directory after the check, so
    /// the rename fails) removes its temporary file and reports 74 naming the path.
    @Test func aFailedWriteLeavesNothingBehind() throws {
        let dir = try directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/raced.png"
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        let target = try OutputTarget(path)
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
        do {
            try target.write([UInt8](repeating: 7, count: 4096))
            Issue.record("no error")
        } catch let error as OutputError {
            #expect(error.exitCode.rawValue == 74)
            #expect(error.description.hasPrefix("cannot write \(path): cannot replace the file"))
        }
        #expect(try leftovers(dir).isEmpty)
        #expect(fileType(path + "/inside") == S_IFDIR)
    }
}
