import SheenTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import SheenRaster

@Suite struct BufferTests {
    @Test func validatesLayout() throws {
        let mem = UnsafeMutableRawPointer.allocate(byteCount: 4096, alignment: 1)
        defer { mem.deallocate() }
        #expect(throws: RasterError.bytesPerRowTooSmall(bytesPerRow: 100, width: 30, bytesPerPixel: 4)) {
            try RasterBuffer(base: mem, width: 30, height: 2, bytesPerRow: 100, format: .rgba8Premultiplied)
        }
        #expect(throws: RasterError.negativeSize(width: -1, height: 2)) {
            try RasterBuffer(base: mem, width: -1, height: 2, bytesPerRow: 100, format: .a8)
        }
        #expect(throws: RasterError.sizeOverflow(width: 10, height: Int.max / 8, bytesPerRow: 40)) {
            try RasterBuffer(base: mem, width: 10, height: Int.max / 8, bytesPerRow: 40, format: .bgra8Premultiplied)
        }
        #expect(throws: RasterError.self) {
            try ReadOnlyRasterBuffer(base: mem, width: Int.max / 2, height: 1, bytesPerRow: 0, format: .rgba8Premultiplied)
        }
        // Tight, padded and empty layouts are fine.
        _ = try RasterBuffer(base: mem, width: 30, height: 2, bytesPerRow: 120, format: .rgba8Premultiplied)
        _ = try RasterBuffer(base: mem, width: 30, height: 2, bytesPerRow: 131, format: .a8)
        _ = try RasterBuffer(base: mem, width: 0, height: 0, bytesPerRow: 0, format: .a8)
    }

    @Test func errorMessagesNameTheValue() {
        let e = RasterError.bytesPerRowTooSmall(bytesPerRow: 100, width: 30, bytesPerPixel: 4)
        #expect(e.description == "bytesPerRow 100 is less than width 30 × 4 bytes")
        #expect(RasterError.nonFinite(name: "endRadius", value: .nan).description.contains("endRadius"))
    }

    /// Rect's intersection is the overlap, or an empty rectangle at the nearer corner, as
    /// PixelRect's is: checked against a per-axis overlap over random rectangles.
    @Test func rectIntersectionIsTheOverlap() {
        var rng = SeededGenerator(seed: 0x5245_4354)
        for _ in 0 ..< 1_000 {
            func r() -> Rect {
                Rect(x: Double.random(in: -50 ... 50, using: &rng), y: Double.random(in: -50 ... 50, using: &rng),
                     width: Double.random(in: 0 ... 60, using: &rng), height: Double.random(in: 0 ... 60, using: &rng))
            }
            let a = r(), b = r(), i = a.intersection(b)
            let x0 = max(a.x, b.x), y0 = max(a.y, b.y), x1 = min(a.maxX, b.maxX), y1 = min(a.maxY, b.maxY)
            #expect(i.x == x0 && i.y == y0 && i.width == max(0, x1 - x0) && i.height == max(0, y1 - y0), "\(a) ∩ \(b) = \(i)")
            #expect(i.isEmpty == (x1 <= x0 || y1 <= y0))
        }
        #expect(Rect(x: 0, y: 0, width: 1e7, height: 20).intersection(Rect(x: 0, y: 0, width: 300, height: 60))
                == Rect(x: 0, y: 0, width: 300, height: 20))
    }

    /// PixelRect's arithmetic saturates instead of trapping: over extreme and random values its
    /// results equal the same arithmetic done in Int128 and held at Int's range (the issue's
    /// reproduction, which trapped, among them).
    @Test func rectangleArithmeticSaturates() {
        func held(_ v: Int128) -> Int { v > Int128(Int.max) ? .max : v < Int128(Int.min) ? .min : Int(v) }
        func end(_ a: Int, _ b: Int) -> Int { held(Int128(a) + Int128(b)) }
        let u = PixelRect(x: .max - 1, y: 0, width: 5, height: 5).union(PixelRect(x: 0, y: 0, width: 1, height: 1))
        #expect(u == PixelRect(x: 0, y: 0, width: .max, height: 5))
        var rng = SeededGenerator(seed: 0x5EC7)
        let special = [Int.min, .min + 1, -(1 << 62), -5, -1, 0, 1, 7, 1 << 62, .max - 1, .max]
        func value() -> Int { rng.next() % 3 == 0 ? Int(truncatingIfNeeded: rng.next()) : special[Int(rng.next() % UInt64(special.count))] }
        for _ in 0 ..< 20_000 {
            let a = PixelRect(x: value(), y: value(), width: value(), height: value())
            let b = PixelRect(x: value(), y: value(), width: value(), height: value())
            let (dx, dy) = (value(), value())
            // intersection
            let x0 = max(a.x, b.x), y0 = max(a.y, b.y)
            let x1 = min(end(a.x, a.width), end(b.x, b.width)), y1 = min(end(a.y, a.height), end(b.y, b.height))
            let i = a.intersection(b)
            if x1 <= x0 || y1 <= y0 {
                #expect(i == PixelRect(x: x0, y: y0, width: 0, height: 0), "\(a) ∩ \(b)")
            } else {
                #expect(i == PixelRect(x: x0, y: y0, width: held(Int128(x1) - Int128(x0)), height: held(Int128(y1) - Int128(y0))),
                        "\(a) ∩ \(b)")
            }
            // union
            let un = a.union(b)
            if b.isEmpty { #expect(un == a) } else if a.isEmpty { #expect(un == b) } else {
                let ux0 = min(a.x, b.x), uy0 = min(a.y, b.y)
                let ux1 = max(end(a.x, a.width), end(b.x, b.width)), uy1 = max(end(a.y, a.height), end(b.y, b.height))
                #expect(un == PixelRect(x: ux0, y: uy0, width: held(Int128(ux1) - Int128(ux0)), height: held(Int128(uy1) - Int128(uy0))),
                        "\(a) ∪ \(b)")
            }
            // offset and inset
            #expect(a.offsetBy(dx: dx, dy: dy) == PixelRect(x: end(a.x, dx), y: end(a.y, dy), width: a.width, height: a.height))
            #expect(a.insetBy(dx: dx, dy: dy) == PixelRect(x: end(a.x, dx), y: end(a.y, dy),
                                                          width: held(Int128(a.width) - Int128(end(dx, dx))),
                                                          height: held(Int128(a.height) - Int128(end(dy, dy)))))
        }
    }

    @Test func croppingClipsToTheParent() throws {
        let image = try Image(width: 10, height: 8, format: .rgba8Premultiplied)
        image.withBuffer { b in
            let c = b.cropped(to: PixelRect(x: 6, y: -2, width: 10, height: 5))
            #expect(c.width == 4 && c.height == 3)
            #expect(c.base == b.base + 6 * 4)
            #expect(c.bytesPerRow == b.bytesPerRow)
            let none = b.cropped(to: PixelRect(x: 20, y: 20, width: 3, height: 3))
            #expect(none.width == 0 && none.height == 0)
            let ro = b.readOnly.cropped(to: PixelRect(x: 1, y: 1, width: 2, height: 2))
            #expect(ro.base == UnsafeRawPointer(b.base + b.bytesPerRow + 4))
        }
    }

    @Test func imageIsZeroedAndAligned() throws {
        let image = try Image(width: 7, height: 3, format: .a8)
        #expect(image.bytes == [UInt8](repeating: 0, count: 21))
        image.withBuffer { b in #expect(Int(bitPattern: b.base) % 64 == 0) }
        #expect(throws: RasterError.self) { try Image(width: -3, height: 3, format: .a8) }
    }

    /// An image the system cannot provide (4 TiB) is a thrown error, not a crash.
    @Test func refusedImageAllocationThrows() throws {
        guard refusesHugeAllocations() else { return }
        let e = #expect(throws: RasterError.self) { try Image(width: 1 << 20, height: 1 << 20, format: .rgba8Premultiplied) }
        #expect(e?.description == "cannot allocate 4398046511104 bytes")
    }

    /// Sizes of working buffers whose byte count overflows are refused before any allocation.
    @Test func overflowingByteCountThrows() throws {
        #expect(try byteCount(1 << 20, stride: 128) == 1 << 27)
        let e = #expect(throws: RasterError.self) { try byteCount(Int.max / 2, stride: 3) }
        #expect(e?.description == "cannot allocate: the byte count overflows Int")
        #expect(throws: RasterError.self) { try byteCount(-1, stride: 4) }
    }
}

/// Whether the system refuses a single allocation far beyond its memory: true on Linux with
/// overcommit policy 0 (heuristic) or 2 (strict); with policy 1 such an allocation would succeed
/// and the tests that rely on refusal are skipped.
func refusesHugeAllocations() -> Bool {
    #if canImport(Glibc)
    guard let f = fopen("/proc/sys/vm/overcommit_memory", "r") else { return false }
    defer { fclose(f) }
    let c = fgetc(f)
    return c == Int32(UInt8(ascii: "0")) || c == Int32(UInt8(ascii: "2"))
    #else
    return false
    #endif
}
