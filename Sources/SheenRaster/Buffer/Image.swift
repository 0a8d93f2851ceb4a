/// An owned pixel buffer: Sheen allocates, zero-fills and frees it. Reach its pixels through
/// `withBuffer` / `withReadOnlyBuffer`, which lend a `RasterBuffer` for the closure's duration.
///
/// Rows are tightly packed (`bytesPerRow = width × bytesPerPixel`) and the base is 64-byte aligned.
///
/// Sendable: its size and format never change, and an image made in one task may be returned to
/// or read by others (`withReadOnlyBuffer` from any number at once). Writing through `withBuffer`
/// while another task reads or writes the same image is a data race, as with any shared memory.
public final class Image: @unchecked Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Layout of each pixel.
    public let format: PixelFormat
    /// Distance in bytes between rows (equals `width × format.bytesPerPixel`).
    public let bytesPerRow: Int
    private let storage: UnsafeMutableRawPointer
    private let byteCount: Int

    /// Longest side, in pixels (2³¹ − 1, the range of a C `int`): larger sides are refused even
    /// when the other is 0, so no code that walks a row can meet an absurd width.
    public static let maximumSide = Int(Int32.max)

    /// Allocates a zeroed (transparent) image. Throws for negative sizes or sides over
    /// `maximumSide`, sizes whose byte count overflows `Int`, and `RasterError.allocationFailed`
    /// when the memory is not available.
    public init(width: Int, height: Int, format: PixelFormat) throws(RasterError) {
        for (name, side) in [("width", width), ("height", height)] where side > Self.maximumSide {
            throw RasterError.outOfRange(name: "image \(name)", value: Double(side), range: "[0, \(Self.maximumSide)]")
        }
        // The row's byte count is checked before anything uses it: Int.max pixels of 4 bytes
        // would trap.
        let (bpr, rowOverflow) = width.multipliedReportingOverflow(by: format.bytesPerPixel)
        if rowOverflow { throw RasterError.sizeOverflow(width: width, height: height, bytesPerRow: bpr) }
        try validateLayout(width: width, height: height, bytesPerRow: bpr, format: format)
        let (bytes, o) = bpr.multipliedReportingOverflow(by: height)
        if o { throw RasterError.sizeOverflow(width: width, height: height, bytesPerRow: bpr) }
        self.width = width; self.height = height; self.format = format
        self.bytesPerRow = bpr; self.byteCount = bytes
        storage = try allocateBytes(bytes, alignment: 64)
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: max(bytes, 1))
    }

    deinit { freeBytes(storage) }

    /// Lends the pixels as a writable view for the duration of `body`.
    public func withBuffer<R, E: Error>(_ body: (RasterBuffer) throws(E) -> R) throws(E) -> R {
        try body(RasterBuffer(unchecked: storage, width: width, height: height,
                              bytesPerRow: bytesPerRow, format: format))
    }

    /// Lends the pixels as a read-only view for the duration of `body`.
    public func withReadOnlyBuffer<R, E: Error>(_ body: (ReadOnlyRasterBuffer) throws(E) -> R) throws(E) -> R {
        try body(ReadOnlyRasterBuffer(unchecked: storage, width: width, height: height,
                                      bytesPerRow: bytesPerRow, format: format))
    }

    /// The raw bytes, row after row (`height × bytesPerRow` bytes) — convenient for tests and tools.
    public var bytes: [UInt8] {
        Array(UnsafeRawBufferPointer(start: storage, count: byteCount))
    }

    /// The pixel at (x, y) as its bytes in memory order (1 or 4 bytes). Traps outside the image.
    public func pixel(x: Int, y: Int) -> [UInt8] {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)×\(height)")
        let p = storage + y * bytesPerRow + x * format.bytesPerPixel
        return Array(UnsafeRawBufferPointer(start: p, count: format.bytesPerPixel))
    }
}
