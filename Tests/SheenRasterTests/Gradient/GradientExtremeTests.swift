import Foundation
import Testing
import SheenTestSupport
@testable import SheenRaster

/// Finite but extreme parameters give the exact colour or throw a RasterError naming the
/// parameter, with the destination untouched — never a wrong colour.
@Suite struct GradientExtremeTests {
    static let stops = [GradientStop(0, Color(rgba: 0x3478F6FF)), GradientStop(1, Color(rgba: 0xFF3B30FF))]

    /// Every pixel of a fill at every level, each within 1 level of the exact colour (or, within
    /// 10⁻³ px of a discontinuity, of the colour there); returns the pixels of the best level.
    @discardableResult
    func checkExact(_ g: Gradient, width: Int = 23, height: Int = 5, _ context: String) throws -> FencedBuffer {
        let fill = try GradientFill(g)
        var last: FencedBuffer! = nil
        for level in Kernels.supported {
            let fb = FencedBuffer(width: width, height: height, format: .rgba8Premultiplied, padding: 4, misalignment: 3)
            try Kernels.withLevel(level) { try fill.fill(fb.buffer) }
            #expect(fb.fenceViolations == 0)
            var bad = 0
            for y in 0 ..< height {
                for x in 0 ..< width where !acceptable(fb.rgba(x: x, y: y), fill, x: x, y: y, format: .rgba8Premultiplied) {
                    if bad == 0 { Issue.record("\(context) \(level) (\(x), \(y)): \(fb.rgba(x: x, y: y)) vs exact \(fill.exactColor(x: x, y: y))") }
                    bad += 1
                }
            }
            #expect(bad == 0, "\(context) \(level): \(bad) pixels")
            last = fb
        }
        return last
    }

    /// A conic gradient centred at (10³⁰⁸, 10³⁰⁸) with a start angle of 10³⁰⁸ rad: every pixel
    /// lies at 225° from the centre, so the fill is one opaque colour, that of the true angle
    /// (it painted (0, 0, 0, 192) when the offsets overflowed Float).
    @Test func conicFarAwayWithAHugeStartAngle() throws {
        let g = Gradient(shape: .conic(center: Point(1e308, 1e308), startAngle: 1e308), stops: Self.stops)
        let fb = try checkExact(g, "conic at 1e308")
        let first = fb.rgba(x: 0, y: 0)
        #expect(first.w == 255)
        #expect((0 ..< 5).allSatisfy { y in (0 ..< 23).allSatisfy { fb.rgba(x: $0, y: y) == first } })
        // The start angle reduced with libm's exact range reduction; the pixel's angle is −3π/4.
        let start = atan2(sin(1e308), cos(1e308))
        var t = (-3 * Double.pi / 4 - start) / (2 * Double.pi)
        t -= t.rounded(.down)
        let want = SIMD4<Double>(0x34, 0x78, 0xF6, 255) * (1 - t) + SIMD4<Double>(0xFF, 0x3B, 0x30, 255) * t
        for c in 0 ..< 3 { #expect(abs(Double(first[c]) - want[c]) <= 1, "channel \(c): \(first) vs \(want)") }
    }

    /// A line from (−10³⁰⁸, 0) to (10³⁰⁸, 0): its end − start overflows Double, yet every pixel is
    /// at t = ½ (it painted transparent).
    @Test func lineAcrossTheWholeDoubleRange() throws {
        let g = Gradient(shape: .linear(start: Point(-1e308, 0), end: Point(1e308, 0)), stops: Self.stops)
        let fb = try checkExact(g, "linear ±1e308")
        let mid = SIMD4<Double>(0x34 + 0xFF, 0x78 + 0x3B, 0xF6 + 0x30, 510) / 2
        for c in 0 ..< 4 { #expect(abs(Double(fb.rgba(x: 7, y: 2)[c]) - mid[c]) <= 0.5) }
    }

    /// A line ending at (5·10⁻³²⁴, 0) — shorter than Double can scale — is refused by name, and
    /// nothing is written (it painted transparent).
    @Test func lineShorterThanDoubleCanMeasureIsRefused() throws {
        let g = Gradient(shape: .linear(start: Point(0, 0), end: Point(Double.leastNonzeroMagnitude, 0)), stops: Self.stops)
        let fb = FencedBuffer(width: 9, height: 2, format: .rgba8Premultiplied)
        let before = fb.allBytes
        do {
            try g.fill(fb.buffer)
            Issue.record("no error")
        } catch {
            guard case let .outOfRange(name, _, _) = error else { Issue.record("\(error)"); return }
            #expect(name == "end", "\(error)")
        }
        #expect(fb.allBytes == before)
    }

    /// Random gradients built from extreme values (±10³⁰⁸, 10⁻³⁰⁰, 5·10⁻³²⁴, 2⁵², huge angles,
    /// transforms scaling by 10^±150) of every shape and spread: each either throws a RasterError
    /// and writes nothing, or paints the exact colour.
    @Test(arguments: 0 ..< 24)
    func extremeValuesPaintExactlyOrThrow(batch: Int) throws {
        var rng = SeededGenerator(seed: 0xE7_0000 + UInt64(batch))
        let values: [Double] = [0, 1, -1, 20, 1e308, -1e308, 1e300, -1e300, 1e-300, Double.leastNonzeroMagnitude, 0x1p52, -0x1p52, 1e15, 3.5]
        func v() -> Double {
            Bool.random(using: &rng) ? values.randomElement(using: &rng)! : .random(in: -30 ... 30, using: &rng)
        }
        func r() -> Double { abs(v()) }
        var painted = 0, refused = 0
        for caseIndex in 0 ..< 60 {
            let shape: GradientShape
            switch caseIndex % 3 {
            case 0: shape = .linear(start: Point(v(), v()), end: Point(v(), v()))
            case 1: shape = .radial(startCenter: Point(v(), v()), startRadius: r(), endCenter: Point(v(), v()), endRadius: r())
            default: shape = .conic(center: Point(v(), v()), startAngle: v())
            }
            var g = Gradient(shape: shape, stops: Self.stops, spread: GradientSpread.allCases.randomElement(using: &rng)!)
            if Int.random(in: 0 ..< 4, using: &rng) == 0 {
                let s = [1e150, 1e-150, 3.0].randomElement(using: &rng)!
                g.transform = .scale(s, s)
            }
            let context = "batch \(batch) case \(caseIndex): \(g)"
            let fb = FencedBuffer(width: 11, height: 3, format: .rgba8Premultiplied)
            let before = fb.allBytes
            do {
                _ = try GradientFill(g)
            } catch {
                refused += 1
                try? g.fill(fb.buffer)
                #expect(fb.allBytes == before, "\(context): \(error)")
                continue
            }
            painted += 1
            try checkExact(g, width: 11, height: 3, context)
        }
        #expect(painted > 20, "most extreme gradients are still painted (\(painted) painted, \(refused) refused)")
    }
}
