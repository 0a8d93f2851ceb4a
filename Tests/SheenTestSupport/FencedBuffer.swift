#if canImport(Glibc)
import Glibc
#endif
import SheenRaster

/// Test memory for one raster view with canaries everywhere a kernel must not write: a guard
/// band before and after the view, and the padding at the end of every row. The view's base can
/// be offset by any number of bytes from an aligned address.
///
/// With guard pages (`GuardPages.afterRows` or `.beforeRows`) every row sits on pages of its own,
/// its last byte just before (or its first byte just after) a `PROT_NONE` page, so a kernel that
/// reads or writes even one byte outside the rows it was given faults (the contract in
/// SheenRaster's "Kernels and dispatch", "What a kernel reads"); the rest of each row's pages hold the canary.
public final class FencedBuffer {
    /// Byte written to every guard position.
    public static let canary: UInt8 = 0xA5
    /// Bytes of guard before and after the view.
    public static let guardBytes = 64

    /// Where unmapped pages lie around each row.
    public enum GuardPages: CaseIterable, Sendable {
        /// None: canary bands around the view and in the row padding.
        case none
        /// Each row's last byte is the last before a `PROT_NONE` page.
        case afterRows
        /// Each row's first byte is the first after a `PROT_NONE` page.
        case beforeRows

        /// The placement a fuzz input's byte chooses by its top two bits (none for half the
        /// inputs, after and before a quarter each), leaving its low six bits to the caller.
        public init(fuzzByte byte: UInt8) {
            self = [.none, .none, .afterRows, .beforeRows][Int(byte >> 6)]
        }
    }

    public let width: Int
    public let height: Int
    public let format: PixelFormat
    public let bytesPerRow: Int
    /// Bytes the view's base is offset from a 64-byte aligned address (guard pages: unused).
    public let misalignment: Int
    public let guardPages: GuardPages
    private let storage: UnsafeMutableRawPointer
    private let total: Int
    private let viewOffset: Int
    /// The bytes of the storage that may be touched (guard pages: each row's pages).
    private let accessible: [Range<Int>]

    private static let pageBytes = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// A fenced view of `width × height` pixels, `padding` extra bytes per row, base misaligned by
    /// `misalignment` bytes; with `guardPages`, each row against an unmapped page instead (padding
    /// and misalignment then unused). Pixel bytes start as `fill`, guards as the canary.
    public init(width: Int, height: Int, format: PixelFormat, padding: Int = 0, misalignment: Int = 0,
                fill: UInt8 = 0x3C, guardPages: GuardPages = .none) {
        self.width = width; self.height = height; self.format = format
        self.guardPages = guardPages
        let rowBytes = width * format.bytesPerPixel
        if guardPages == .none {
            self.bytesPerRow = rowBytes + padding
            self.misalignment = misalignment
            viewOffset = FencedBuffer.guardBytes + misalignment
            total = viewOffset + bytesPerRow * max(height, 1) + FencedBuffer.guardBytes
            storage = UnsafeMutableRawPointer.allocate(byteCount: total, alignment: 64)
            accessible = [0 ..< total]
        } else {
            // Row r's run: `span` bytes of its own and one guard page (after them, or before).
            let page = FencedBuffer.pageBytes
            let span = (rowBytes + page - 1) / page * page
            self.bytesPerRow = span + page
            self.misalignment = 0
            let rows = max(height, 1)
            total = rows * bytesPerRow + page
            guard let mapped = mmap(nil, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
                  mapped != MAP_FAILED else { fatalError("FencedBuffer: mmap of \(total) bytes failed") }
            storage = mapped
            var ranges: [Range<Int>] = []
            for r in 0 ..< rows {
                let run = r * bytesPerRow
                let data = guardPages == .afterRows ? run : run + page
                ranges.append(data ..< data + span)
                let guardPage = guardPages == .afterRows ? run + span : run
                precondition(mprotect(storage + guardPage, page, PROT_NONE) == 0, "FencedBuffer: mprotect failed")
            }
            precondition(mprotect(storage + total - page, page, PROT_NONE) == 0, "FencedBuffer: mprotect failed")
            accessible = ranges
            viewOffset = guardPages == .afterRows ? span - rowBytes : page
        }
        for range in accessible {
            (storage + range.lowerBound).initializeMemory(as: UInt8.self, repeating: FencedBuffer.canary, count: range.count)
        }
        for y in 0 ..< height {
            (storage + viewOffset + y * bytesPerRow).initializeMemory(as: UInt8.self, repeating: fill, count: rowBytes)
        }
    }

    deinit {
        if guardPages == .none { storage.deallocate() } else { munmap(storage, total) }
    }

    /// The view kernels write to.
    public var buffer: RasterBuffer {
        try! RasterBuffer(base: storage + viewOffset, width: width, height: height,
                          bytesPerRow: bytesPerRow, format: format)
    }

    /// The stretches of the storage that hold the canary: the accessible bytes less every row's
    /// pixels.
    private var fences: [Range<Int>] {
        let rowBytes = width * format.bytesPerPixel
        var out: [Range<Int>] = []
        var rows = (0 ..< height).map { viewOffset + $0 * bytesPerRow ..< viewOffset + $0 * bytesPerRow + rowBytes }[...]
        for range in accessible {
            var at = range.lowerBound
            while let row = rows.first, row.lowerBound < range.upperBound {
                if row.lowerBound > at { out.append(at ..< row.lowerBound) }
                at = max(at, row.upperBound)
                rows = rows.dropFirst()
            }
            if at < range.upperBound { out.append(at ..< range.upperBound) }
        }
        return out
    }

    /// A page of canary bytes to compare fences with (one memcmp a stretch: the fuzzers check
    /// fences on every input, and a byte loop over a guard page's neighbours was most of their time).
    private static let canaryPage = [UInt8](repeating: FencedBuffer.canary, count: 4096)

    /// Bytes outside the pixels (guards and row padding) that no longer hold the canary.
    public var fenceViolations: Int {
        var bad = 0
        FencedBuffer.canaryPage.withUnsafeBytes { canaries in
            for fence in fences {
                var at = fence.lowerBound
                while at < fence.upperBound {
                    let n = min(fence.upperBound - at, canaries.count)
                    if memcmp(storage + at, canaries.baseAddress!, n) != 0 {
                        bad += UnsafeRawBufferPointer(start: storage + at, count: n).reduce(0) { $0 + ($1 != FencedBuffer.canary ? 1 : 0) }
                    }
                    at += n
                }
            }
        }
        return bad
    }

    /// Every byte that may be touched, guards included (to prove nothing at all changed).
    public var allBytes: [UInt8] {
        accessible.flatMap { Array(UnsafeRawBufferPointer(start: storage + $0.lowerBound, count: $0.count)) }
    }

    /// A new buffer of the same layout holding the same bytes, fences included (one memcpy a
    /// run: the fuzzers make each level's destination this way instead of generating its content
    /// again).
    public func copy() -> FencedBuffer {
        let twin = FencedBuffer(width: width, height: height, format: format, padding: bytesPerRow - width * format.bytesPerPixel,
                                misalignment: misalignment, guardPages: guardPages)
        for range in accessible {
            (twin.storage + range.lowerBound).copyMemory(from: storage + range.lowerBound, byteCount: range.count)
        }
        return twin
    }

    /// Whether both buffers hold the same bytes, fences included (one memcmp a run).
    public func sameBytes(as other: FencedBuffer) -> Bool {
        total == other.total && accessible == other.accessible
            && accessible.allSatisfy { memcmp(storage + $0.lowerBound, other.storage + $0.lowerBound, $0.count) == 0 }
    }

    /// Runs `draw` on the view and holds it to the contract every draw keeps: nothing written
    /// outside the view (the fences), and nothing written by a draw that throws. Its answer (nil
    /// when it threw) and what broke, if anything.
    public func checkedDraw<T>(_ draw: (RasterBuffer) throws -> T) -> (result: T?, failure: String?) {
        let before = copy()
        let result = try? draw(buffer)
        if fenceViolations != 0 { return (result, "wrote outside the buffer (\(fenceViolations) fence bytes)") }
        if result == nil && !sameBytes(as: before) { return (nil, "threw after writing") }
        return (result, nil)
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
