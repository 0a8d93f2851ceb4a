import SheenPlatform

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

    /// Copies font bytes held in memory. Throws `.notAFont` for more than `maximumByteCount`
    /// bytes and `.allocationFailed` when the memory is not available.
    init(copying data: some Collection<UInt8>) throws(TextError) {
        count = data.count
        guard count <= Self.maximumByteCount else { throw .notAFont(source: "memory (\(count) bytes)", code: 0) }
        base = try Self.allocate(count)
        _ = UnsafeMutableRawBufferPointer(start: base, count: count).initializeMemory(as: UInt8.self, from: data)
    }

    /// At least one byte from malloc (16-byte aligned, as FreeType wants); a refusal throws
    /// instead of trapping.
    private static func allocate(_ count: Int) throws(TextError) -> UnsafeMutableRawPointer {
        guard let memory = malloc(max(count, 1)) else { throw .allocationFailed(bytes: count) }
        return memory
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
        let buffer = try Self.allocate(size)
        let read = size == 0 ? 0 : fread(buffer, 1, size, file)
        guard read == size else {
            free(buffer)
            throw .unreadableFile(path: path, reason: "read \(read) of \(size) bytes")
        }
        base = buffer
        count = size
    }

    deinit { free(base) }
}
