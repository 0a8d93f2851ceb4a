import Foundation
import Testing
import SheenTestSupport
import SheenRaster
@testable import SheenPNG

@Suite struct PNGTests {
    /// Un-premultiplying for PNG and premultiplying back is the identity on every valid
    /// premultiplied (colour ≤ alpha) pair.
    @Test func premultiplyRoundTripIsExact() {
        for a in 0 ... 255 {
            for c in 0 ... a {
                let p = SIMD4<UInt8>(UInt8(c), UInt8(c), 0, UInt8(a))
                let back = PNG.premultiply(PNG.unpremultiply(p))
                if a == 0 { #expect(back == .zero); continue }
                if back != p { Issue.record("c \(c) a \(a): \(back)"); return }
            }
        }
    }

    @Test(arguments: [PixelFormat.rgba8Premultiplied, .bgra8Premultiplied])
    func encodeDecodeRoundTrip(format: PixelFormat) throws {
        var rng = SeededGenerator(seed: 99)
        let fb = FencedBuffer(width: 37, height: 11, format: format, padding: 6, misalignment: 3)
        for y in 0 ..< 11 {
            for x in 0 ..< 37 {
                let a = UInt8.random(in: 0 ... 255, using: &rng)
                let px = (0 ..< 3).map { _ in UInt8.random(in: 0 ... a, using: &rng) } + [a]
                (fb.buffer.row(y) + x * 4).copyMemory(from: px, byteCount: 4)
            }
        }
        let decoded = try PNG.decode(try PNG.encode(fb.buffer.readOnly))
        #expect(decoded.width == 37 && decoded.height == 11 && decoded.format == .rgba8Premultiplied)
        for y in 0 ..< 11 {
            for x in 0 ..< 37 {
                let d = decoded.pixel(x: x, y: y)
                let expected = fb.rgba(x: x, y: y)
                #expect(SIMD4(d[0], d[1], d[2], d[3]) == (expected.w == 0 ? .zero : expected), "(\(x), \(y))")
            }
        }
    }

    @Test func a8IsWrittenAsGrey() throws {
        let image = try Image(width: 4, height: 1, format: .a8)
        image.withBuffer { b in for (i, v) in [0, 1, 128, 255].enumerated() { b.base.storeBytes(of: UInt8(v), toByteOffset: i, as: UInt8.self) } }
        let decoded = try PNG.decode(try image.withReadOnlyBuffer { try PNG.encode($0) })
        #expect((0 ..< 4).map { decoded.pixel(x: $0, y: 0) } == [[0, 0, 0, 255], [1, 1, 1, 255], [128, 128, 128, 255], [255, 255, 255, 255]])
    }

    @Test func corruptDataThrows() throws {
        #expect(throws: PNGError.self) { try PNG.decode([]) }
        #expect(throws: PNGError.self) { try PNG.decode(Array("not a png at all".utf8)) }
        let image = try Image(width: 8, height: 8, format: .rgba8Premultiplied)
        var bytes = try image.withReadOnlyBuffer { try PNG.encode($0) }
        bytes.removeLast(bytes.count / 2)
        #expect(throws: PNGError.self) { try PNG.decode(bytes) }
        // A valid header claiming a huge image over a few bytes of data: refused before any
        // allocation (the 30000² case once zero-filled 3.6 GB), with the size in the message.
        for (w, h) in [(30000, 30000), (65536, 65536), (4000, 4000)] {
            let e = #expect(throws: PNGError.self) { try PNG.decode(headerOnlyPNG(width: w, height: h)) }
            #expect(e?.message.contains("\(w)×\(h)") == true, "\(e?.message ?? "")")
        }
        let empty = try Image(width: 0, height: 3, format: .a8)
        #expect(throws: PNGError.self) { try empty.withReadOnlyBuffer { try PNG.encode($0) } }
    }

    /// By default a decode takes at most 2²⁴ pixels, whatever the file could hold: a few
    /// kilobytes declaring 4097 × 4096 pixels are refused by the default, and only get past the
    /// size check (to fail on their data) when the caller asks for images that large.
    @Test func theDefaultDecodeLimitIsSmall() throws {
        let bomb = headerOnlyPNG(width: 4097, height: 4096) + [UInt8](repeating: 0, count: 16_384)
        #expect(throws: PNGError.tooManyPixels(width: 4097, height: 4096, maximum: PNG.defaultMaximumPixels)) { try PNG.decode(bomb) }
        #expect {
            try PNG.decode(bomb, maximumPixels: PNG.maximumPixelCount)
        } throws: { error in
            if case .tooManyPixels? = error as? PNGError { return false }
            return error is PNGError
        }
    }

    /// A caller that expects small images lowers the decode limit: an image over it is refused
    /// naming the lowered limit; one at it decodes; a limit above maximumPixelCount is held to it.
    @Test func theDecodeLimitCanBeLowered() throws {
        let image = try Image(width: 64, height: 32, format: .rgba8Premultiplied)
        let bytes = try image.withReadOnlyBuffer { try PNG.encode($0) }
        #expect(throws: PNGError.tooManyPixels(width: 64, height: 32, maximum: 2047)) { try PNG.decode(bytes, maximumPixels: 2047) }
        #expect(try PNG.decode(bytes, maximumPixels: 2048).width == 64)
        #expect(throws: PNGError.tooManyPixels(width: 30000, height: 30000, maximum: PNG.maximumPixelCount)) {
            try PNG.decode(headerOnlyPNG(width: 30000, height: 30000), maximumPixels: .max)
        }
    }
}

/// The PNG signature, an IHDR chunk (8-bit RGBA, correct CRC) declaring `width`×`height`, a tiny
/// IDAT and IEND: what a hostile 70-byte file looks like.
private func headerOnlyPNG(width: Int, height: Int) -> [UInt8] {
    func be32(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
    func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0 ..< 8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }
    func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return be32(body.count) + typed + be32(Int(crc32(typed)))
    }
    let ihdr = be32(width) + be32(height) + [8, 6, 0, 0, 0]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr)
        + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + chunk("IEND", [])
}

/// Writing a file changes nothing else about the process or the directory: no signal disposition
/// (SIGXFSZ was left ignored for the whole host process), no wait for a FIFO nobody reads (it
/// blocked for ever), no temporary file left by a killed writer (they survived every later run).
@Suite struct PNGFileTests {
    static func directory() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sheen-pngfile-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func noSignalDispositionChanges() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var before = sigaction()
        sigaction(SIGXFSZ, nil, &before)
        try PNGFile(path: dir + "/a.png").write([1, 2, 3])
        var after = sigaction()
        sigaction(SIGXFSZ, nil, &after)
        #expect(unsafeBitCast(before.__sigaction_handler, to: Int.self) == unsafeBitCast(after.__sigaction_handler, to: Int.self))
    }

    @Test func aFIFOWithoutAReaderIsRefusedAtOnce() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fifo = dir + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        let start = Date()
        #expect {
            try PNGFile(path: fifo).write([1, 2, 3])
        } throws: { error in
            "\(error)".contains("no process is reading the FIFO")
        }
        #expect(Date().timeIntervalSince(start) < 5)
    }

    @Test func abandonedTemporariesAreRemoved() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // No process has id 2³¹ − 2 (Linux's pid_max is at most 2²²); this one is running.
        let abandoned = dir + "/.out.png.sheen-2147483646-17", live = dir + "/.out.png.sheen-\(getpid())-18"
        let other = dir + "/.other.png.sheen-2147483646-19"
        for path in [abandoned, live, other] { #expect(FileManager.default.createFile(atPath: path, contents: Data([0]))) }
        try PNGFile(path: dir + "/out.png").write([1, 2, 3])
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(left == [".other.png.sheen-2147483646-19", ".out.png.sheen-\(getpid())-18", "out.png"])
    }
}
