#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Font bytes owned by Sheen for the lifetime of a face: FreeType and HarfBuzz both read from
/// this memory without copying, so it is freed only after both have let go (FontFace.deinit).
final class FontData: @unchecked Sendable {
    /// Start of the bytes (a valid allocation of at least one byte, even for empty data).
    let base: UnsafeMutableRawPointer
    /// Number of font bytes; never mutated after init.
    let count: Int

    /// Font files larger than this are refused before reading: no real font comes near it, and
    /// it keeps a mistaken path (a disk image, /dev/zero) from exhausting memory.
    static let maximumByteCount = 512 << 20

    init(copying data: some Collection<UInt8>) {
        count = data.count
        base = .allocate(byteCount: max(count, 1), alignment: 16)
        _ = UnsafeMutableRawBufferPointer(start: base, count: count).initializeMemory(as: UInt8.self, from: data)
    }

    /// Reads a whole file. Throws `.unreadableFile` naming the system's reason.
    init(contentsOf path: String) throws(TextError) {
        guard let file = fopen(path, "rb") else {
            throw .unreadableFile(path: path, reason: String(cString: strerror(errno)))
        }
        defer { fclose(file) }
        var info = stat()
        guard fstat(fileno(file), &info) == 0 else {
            throw .unreadableFile(path: path, reason: String(cString: strerror(errno)))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw .unreadableFile(path: path, reason: "not a regular file")
        }
        let size = Int(info.st_size)
        guard size <= Self.maximumByteCount else {
            throw .unreadableFile(path: path, reason: "\(size) bytes is larger than \(Self.maximumByteCount)")
        }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: max(size, 1), alignment: 16)
        let read = size == 0 ? 0 : fread(buffer, 1, size, file)
        guard read == size else {
            buffer.deallocate()
            throw .unreadableFile(path: path, reason: "read \(read) of \(size) bytes")
        }
        base = buffer
        count = size
    }

    deinit { base.deallocate() }
}
