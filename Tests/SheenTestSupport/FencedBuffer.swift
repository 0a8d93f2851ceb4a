#if canImport(Glibc)
import Glibc
#endif
import SheenRaster

/// Test memory for one raster view with canaries everywhere a kernel must not write: a guard
/// band before and after the view, and the padding at the end of every row. The view's base can
/// be offset by any number of bytes from an aligned address.
public final class FencedBuffer {
    /// Byte written to every guard position.
    public static let canary: UInt8 = 0xA5
    /// Bytes of guard before and after the view.
    public static let guardBytes = 64

    public let width: Int
    public let height: Int
    public let format: PixelFormat
    public let bytesPerRow: Int
    /// Bytes the view's base is offset from a 64-byte aligned address.
    public let misalignment: Int
    private let storage: UnsafeMutableRawPointer
    private let total: Int
    private let viewOffset: Int

    /// A fenced view of `width × height` pixels, `padding` extra bytes per row, base misaligned by
    /// `misalignment` bytes. Pixel bytes start as `fill`, guards as the canary.
    public init(width: Int, height: Int, format: PixelFormat, padding: Int = 0, misalignment: Int = 0,
                fill: UInt8 = 0x3C) {
        self.width = width; self.height = height; self.format = format
        self.bytesPerRow = width * format.bytesPerPixel + padding
        self.misalignment = misalignment
        viewOffset = FencedBuffer.guardBytes + misalignment
        total = viewOffset + bytesPerRow * max(height, 1) + FencedBuffer.guardBytes
        storage = UnsafeMutableRawPointer.allocate(byteCount: total, alignment: 64)
        storage.initializeMemory(as: UInt8.self, repeating: FencedBuffer.canary, count: total)
        for y in 0 ..< height {
            (storage + viewOffset + y * bytesPerRow)
                .initializeMemory(as: UInt8.self, repeating: fill, count: width * format.bytesPerPixel)
        }
    }

    deinit { storage.deallocate() }

    /// The view kernels write to.
    public var buffer: RasterBuffer {
        try! RasterBuffer(base: storage + viewOffset, width: width, height: height,
                          bytesPerRow: bytesPerRow, format: format)
    }

    /// Bytes outside the pixels (guards and row padding) that no longer hold the canary.
    public var fenceViolations: Int {
        let bytes = UnsafeRawBufferPointer(start: storage, count: total)
        let rowBytes = width * format.bytesPerPixel
        var bad = 0
        for i in 0 ..< total {
            let rel = i - viewOffset
            var inside = false
            if rel >= 0 && height > 0 && rel < bytesPerRow * height {
                inside = rel % bytesPerRow < rowBytes
            }
            if !inside && bytes[i] != FencedBuffer.canary { bad += 1 }
        }
        return bad
    }

    /// Every byte of the allocation, guards included (to prove nothing at all changed).
    public var allBytes: [UInt8] { Array(UnsafeRawBufferPointer(start: storage, count: total)) }

    /// A new buffer of the same layout holding the same bytes, fences included (one memcpy: the
    /// fuzzers make each level's destination this way instead of generating its content again).
    public func copy() -> FencedBuffer {
        let twin = FencedBuffer(width: width, height: height, format: format, padding: bytesPerRow - width * format.bytesPerPixel,
                                misalignment: misalignment)
        twin.storage.copyMemory(from: storage, byteCount: total)
        return twin
    }

    /// Whether both buffers hold the same bytes, fences included (one memcmp).
    public func sameBytes(as other: FencedBuffer) -> Bool {
        total == other.total && memcmp(storage, other.storage, total) == 0
    }

    /// The pixel bytes of (x, y) in memory order.
    public func pixel(x: Int, y: Int) -> [UInt8] {
        let p = storage + viewOffset + y * bytesPerRow + x * format.bytesPerPixel
        return Array(UnsafeRawBufferPointer(start: p, count: format.bytesPerPixel))
    }

    /// The pixel at (x, y) as (R, G, B, A) whatever the format (A8 gives (0, 0, 0, a)).
    public func rgba(x: Int, y: Int) -> SIMD4<UInt8> {
        let p = pixel(x: x, y: y)
        switch format {
        case .rgba8Premultiplied: return SIMD4(p[0], p[1], p[2], p[3])
        case .bgra8Premultiplied: return SIMD4(p[2], p[1], p[0], p[3])
        case .a8: return SIMD4(0, 0, 0, p[0])
        }
    }
}
