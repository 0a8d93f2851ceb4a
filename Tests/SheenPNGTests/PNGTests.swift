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
        let empty = try Image(width: 0, height: 3, format: .a8)
        #expect(throws: PNGError.self) { try empty.withReadOnlyBuffer { try PNG.encode($0) } }
    }
}
