import Testing
import SheenTestSupport
@testable import SheenRaster

@Suite struct GradientPatternTests {
    static let colors = [Color(rgba: 0x3478F6FF), Color(rgba: 0xFF3B30FF), Color(rgba: 0x34C75980)]

    /// A column pattern of a vertical gradient paints what the direct fill paints (each within ½
    /// level of exact), for every format, sub-rectangles and a pattern shorter than the buffer.
    @Test(arguments: PixelFormat.allCases)
    func columnPatternMatchesDirectFill(format: PixelFormat) throws {
        let fill = try GradientFill(.linear(from: Point(0, 3), to: Point(0, 50), colors: Self.colors))
        for (length, rect) in [(53, PixelRect(x: 0, y: 0, width: 41, height: 53)),
                               (53, PixelRect(x: 5, y: 7, width: 17, height: 30)),
                               (20, PixelRect(x: 0, y: 0, width: 41, height: 53))] {
            let viaPattern = FencedBuffer(width: 41, height: 53, format: format, padding: 3, misalignment: 2)
            let direct = FencedBuffer(width: 41, height: 53, format: format, padding: 3, misalignment: 2)
            let pattern = try GradientPattern(fill, axis: .column, length: length, format: format)
            #expect(pattern.byteCount == length * format.bytesPerPixel)
            try pattern.fill(viaPattern.buffer, rect: rect)
            try fill.fill(direct.buffer, rect: rect)
            #expect(viaPattern.fenceViolations == 0)
            for y in 0 ..< 53 {
                for x in 0 ..< 41 {
                    let inside = x >= rect.x && x < rect.x + rect.width && y >= rect.y && y < rect.y + rect.height
                    if !inside { #expect(viaPattern.pixel(x: x, y: y).allSatisfy { $0 == 0x3C }); continue }
                    let p = viaPattern.rgba(x: x, y: y)
                    let d = direct.rgba(x: x, y: y)
                    let e = fill.exactColor(x: 0, y: y % length)
                    for c in (format == .a8 ? 3 ..< 4 : 0 ..< 4) {
                        #expect(abs(Double(p[c]) - e[c]) <= 0.5 + 1e-4, "\(format) (\(x), \(y)) channel \(c)")
                        if length == 53 { #expect(abs(Int(p[c]) - Int(d[c])) <= 1) }
                    }
                }
            }
        }
    }

    /// A row pattern of a horizontal gradient, at any phase (rectangles starting mid-strip, strips
    /// shorter than the row).
    @Test func rowPatternRepeatsAtTheRightPhase() throws {
        let fill = try GradientFill(.linear(from: Point(2, 0), to: Point(30, 0), colors: Self.colors, spread: .reflect))
        for length in [1, 7, 32, 64] {
            let pattern = try GradientPattern(fill, axis: .row, length: length, format: .bgra8Premultiplied)
            let fb = FencedBuffer(width: 64, height: 4, format: .bgra8Premultiplied, misalignment: 9)
            let rect = PixelRect(x: 3, y: 1, width: 58, height: 3)
            try pattern.fill(fb.buffer, rect: rect)
            #expect(fb.fenceViolations == 0)
            for y in 1 ..< 4 {
                for x in 3 ..< 61 {
                    let e = fill.exactColor(x: x % length, y: 0)
                    let p = fb.rgba(x: x, y: y)
                    for c in 0 ..< 4 { #expect(abs(Double(p[c]) - e[c]) <= 0.5 + 1e-4, "length \(length) (\(x), \(y))") }
                }
            }
            #expect(fb.pixel(x: 2, y: 1).allSatisfy { $0 == 0x3C })
        }
    }

    @Test func badArgumentsThrowAndTouchNothing() throws {
        let fill = try GradientFill(.linear(from: Point(0, 0), to: Point(0, 9), colors: Self.colors))
        #expect(throws: RasterError.outOfRange(name: "length", value: 0, range: "[1, 16777216]")) {
            try GradientPattern(fill, axis: .column, length: 0)
        }
        // Int.max overflowed the strip's byte count; 2^44 asked for 64 TiB and aborted.
        for length in [GradientPattern.maximumLength + 1, 1 << 44, Int.max] {
            #expect(throws: RasterError.outOfRange(name: "length", value: Double(length), range: "[1, 16777216]")) {
                try GradientPattern(fill, axis: .row, length: length)
            }
        }
        let pattern = try GradientPattern(fill, axis: .column, length: 9)
        let fb = FencedBuffer(width: 5, height: 9, format: .a8)
        let before = fb.allBytes
        #expect(throws: RasterError.formatMismatch(expected: .rgba8Premultiplied, actual: .a8)) {
            try pattern.fill(fb.buffer)
        }
        #expect(fb.allBytes == before)
    }
}
