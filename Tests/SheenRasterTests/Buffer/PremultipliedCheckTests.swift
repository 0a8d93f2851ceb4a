import Foundation
import Testing
import SheenTestSupport
@testable import SheenRaster

/// The premultiplied check (check_premultiplied, and `ReadOnlyRasterBuffer.firstPixelNotPremultiplied`
/// over it) finds the first pixel with a colour byte above its alpha byte at every level, as a
/// plain search does: every (colour, alpha) pair in each colour byte and at several lanes, random
/// views of every width to 300 with one planted pixel anywhere (or none), padded and misaligned
/// rows and rows against unmapped pages; it writes nothing and reads nothing outside the rows.
struct PremultipliedCheckTests {
    /// The first pixel of `b` with a colour byte above its alpha byte, searched plainly.
    private func plainSearch(_ b: FencedBuffer) -> (x: Int, y: Int)? {
        for y in 0 ..< b.height {
            for x in 0 ..< b.width {
                let p = b.pixel(x: x, y: y)
                if p[0] > p[3] || p[1] > p[3] || p[2] > p[3] { return (x, y) }
            }
        }
        return nil
    }

    /// What every level answers for `b`, each checked against `want` and for writes.
    private func expectEveryLevelFinds(_ want: (x: Int, y: Int)?, in b: FencedBuffer, _ label: @autoclosure () -> String) throws {
        let before = b.copy()
        for level in Kernels.supported {
            let got = try Kernels.withLevel(level) { try b.buffer.readOnly.firstPixelNotPremultiplied() }
            #expect(got?.x == want?.x && got?.y == want?.y, "\(label()) at \(level): \(String(describing: got)), want \(String(describing: want))")
            #expect(b.fenceViolations == 0 && b.sameBytes(as: before), "\(label()) at \(level): bytes changed")
        }
    }

    /// Every colour level against every alpha level, in each of the three colour bytes, alone in
    /// its row (so the kernel's answer for the row is its answer for the pair): a row of 21 valid
    /// pixels (tails at every vector width) with the pair at pixel (c + a) mod 21 — every lane
    /// meets many pairs — is reported exactly when c > a, at every level.
    @Test func everyColourAndAlphaPair() {
        let width = 21
        let row = UnsafeMutableRawPointer.allocate(byteCount: 4 * width, alignment: 64)
        defer { row.deallocate() }
        var wrong: [String] = []
        for channel in 0 ..< 3 {
            for a in 0 ... 255 {
                for c in 0 ... 255 {
                    for x in 0 ..< width { row.storeBytes(of: 0x8040_2010 as UInt32, toByteOffset: 4 * x, as: UInt32.self) }
                    row.storeBytes(of: UInt32(a) << 24 | UInt32(c) << (8 * channel), toByteOffset: 4 * ((c + a) % width), as: UInt32.self)
                    for level in Kernels.supported {
                        let found = firstRowNotPremultiplied(row, stride: 4 * width, width: width, height: 1, level: level) != nil
                        if found != (c > a) && wrong.count < 10 { wrong.append("channel \(channel) colour \(c) alpha \(a) at \(level): \(found)") }
                    }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong)")
    }

    /// Random views: widths 0…300 (every tail of every vector width among the first 200 cases),
    /// 1–5 rows, padding, misalignment, guard pages after and before the rows; valid pixels with
    /// one invalid pixel planted anywhere (by one level or more) in two cases of three.
    @Test func randomViewsWithOnePlantedPixel() throws {
        var rng = SeededGenerator(seed: 0x9E3_A11A)
        for caseIndex in 0 ..< 600 {
            let width = caseIndex < 200 ? caseIndex % 70 : Int.random(in: 0 ... 300, using: &rng)
            let height = Int.random(in: 1 ... 5, using: &rng)
            let pages = FencedBuffer.GuardPages.allCases[caseIndex % 3]
            let b = FencedBuffer(width: width, height: height, format: caseIndex % 2 == 0 ? .bgra8Premultiplied : .rgba8Premultiplied,
                                 padding: Int.random(in: 0 ... 9, using: &rng), misalignment: Int.random(in: 0 ... 63, using: &rng),
                                 fill: 0, guardPages: pages)
            for y in 0 ..< height {
                for x in 0 ..< width {
                    let a = [0, 255, UInt8.random(in: 0 ... 255, using: &rng)].randomElement(using: &rng)!
                    let bytes = (0 ..< 3).map { _ in UInt8.random(in: 0 ... a, using: &rng) } + [a]
                    for (k, v) in bytes.enumerated() { b.buffer.row(y).storeBytes(of: v, toByteOffset: 4 * x + k, as: UInt8.self) }
                }
            }
            if width > 0 && caseIndex % 3 != 0 {
                let x = Int.random(in: 0 ..< width, using: &rng), y = Int.random(in: 0 ..< height, using: &rng)
                let a = UInt8.random(in: 0 ... 254, using: &rng), c = Int.random(in: 0 ..< 3, using: &rng)
                let p = b.buffer.row(y) + 4 * x
                p.storeBytes(of: a, toByteOffset: 3, as: UInt8.self)
                p.storeBytes(of: UInt8.random(in: a + 1 ... 255, using: &rng), toByteOffset: c, as: UInt8.self)
            }
            try expectEveryLevelFinds(plainSearch(b), in: b, "case \(caseIndex) \(width)×\(height) \(pages)")
        }
    }

    /// An A8 view and an empty one hold no colour to check.
    @Test func a8AndEmptyViewsAreValid() throws {
        let a8 = FencedBuffer(width: 9, height: 2, format: .a8, fill: 0xFF)
        #expect(try a8.buffer.readOnly.firstPixelNotPremultiplied() == nil)
        let empty = FencedBuffer(width: 0, height: 3, format: .bgra8Premultiplied, fill: 0xFF)
        #expect(try empty.buffer.readOnly.firstPixelNotPremultiplied() == nil)
    }
}
