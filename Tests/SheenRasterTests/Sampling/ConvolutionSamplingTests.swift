import Foundation
import Testing
import SheenTestSupport
@testable import SheenRaster

/// sample_convolution (`RasterBuffer.sampleConvolution`) at every level against pixman's own
/// separable convolution fetcher, restated here from pixman-fast-path.c independently of the
/// kernel and its twin: pixman's parameters as given (not the job's laid-out weights), positions
/// by pixman_transform_point_31_16_3d and then x += ux along a row, zero weights skipped, each
/// tap's weight (fx·fy + 2¹⁵) >> 16 in 64 bits, signed sums rounded and clamped. Filters as cairo
/// makes them for downscaling (box weights over 1–8 taps, 0–7 phase bits, impulses of weight 1.0
/// along an axis not scaled) and random ones within the bounds (phases summing up to 2.0, so
/// channels are clamped); sources against guard pages after
/// and before their rows, padded and misaligned, every repeat, downscales, rotations and skews.
struct ConvolutionSamplingTests {
    /// Weights of a phase of a box filter `taps` wide (cairo's downscaling kernel, roughly): each
    /// tap's overlap with a box of width `span` centred at the phase, normalised to 65536.
    static func boxFilter(taps: Int, phaseBits: Int, span: Double) -> [Int32] {
        var out: [Int32] = []
        for phase in 0 ..< 1 << phaseBits {
            let centre = (Double(phase) + 0.5) / Double(1 << phaseBits) - 0.5
            let w = (0 ..< taps).map { t -> Double in
                let lo = Double(t) - Double(taps - 1) / 2 - 0.5 - centre, hi = lo + 1
                return max(0, min(hi, span / 2) - max(lo, -span / 2))
            }
            let total = w.reduce(0, +)
            var fixed = w.map { Int32(($0 / (total > 0 ? total : 1) * 65536).rounded()) }
            if total == 0 { fixed[taps / 2] = 65536 }
            out += fixed
        }
        return out
    }

    static func randomFilter(_ rng: inout SeededGenerator) -> [Int32] {
        let xb = Int.random(in: 0 ... 7, using: &rng), yb = Int.random(in: 0 ... 7, using: &rng)
        var cw = Int.random(in: 1 ... 8, using: &rng), ch = Int.random(in: 1 ... 8, using: &rng)
        var xs: [Int32], ys: [Int32]
        switch Int.random(in: 0 ..< 4, using: &rng) {
        case 0:   // an axis not scaled: one tap of weight 1.0 (cairo's impulse)
            cw = 1
            xs = [Int32](repeating: 65536, count: 1 << xb)
            ys = boxFilter(taps: ch, phaseBits: yb, span: .random(in: 1 ... Double(ch), using: &rng))
        case 1:
            // Random weights, each phase summing to at most 2.0 (the bound): channels then reach
            // past 255 and are clamped.
            xs = (0 ..< cw << xb).map { _ in min(65536, Int32.random(in: 0 ... 131_072 / Int32(cw), using: &rng)) }
            ys = (0 ..< ch << yb).map { _ in min(65536, Int32.random(in: 0 ... 131_072, using: &rng) / Int32(ch)) }
        default:
            xs = boxFilter(taps: cw, phaseBits: xb, span: .random(in: 1 ... Double(cw), using: &rng))
            ys = boxFilter(taps: ch, phaseBits: yb, span: .random(in: 1 ... Double(ch), using: &rng))
        }
        return [Int32(cw) << 16, Int32(ch) << 16, Int32(xb) << 16, Int32(yb) << 16] + xs + ys
    }

    /// The expected bytes: pixman's separable convolution fetcher over `src` (see the suite's head).
    static func expected(_ src: FencedBuffer, _ p: [Int32], _ t: FixedAffineTransform, origin: (Int, Int), _ mode: SamplingRepeat,
                         width: Int, height: Int) -> [[UInt8]] {
        let cw = Int(p[0] >> 16), ch = Int(p[1] >> 16), xb = Int(p[2] >> 16), yb = Int(p[3] >> 16)
        let xOff = ((cw << 16) - 65536) >> 1, yOff = ((ch << 16) - 65536) >> 1
        let xShift = 16 - xb, yShift = 16 - yb
        var rows: [[UInt8]] = []
        for r in 0 ..< height {
            var (vx, vy) = BilinearSamplingTests.pixmanPoint(t, origin.0, origin.1 + r)
            var row: [UInt8] = []
            for _ in 0 ..< width {
                let x = ((vx >> xShift) << xShift) + ((1 << xShift) >> 1), y = ((vy >> yShift) << yShift) + ((1 << yShift) >> 1)
                let px = (x & 0xffff) >> xShift, py = (y & 0xffff) >> yShift
                let x1 = (x - 1 - xOff) >> 16, y1 = (y - 1 - yOff) >> 16
                var tot = [0, 0, 0, 0]
                for i in 0 ..< ch {
                    let fy = Int(p[4 + (cw << xb) + py * ch + i])
                    if fy == 0 { continue }
                    for j in 0 ..< cw {
                        let fx = Int(p[4 + px * cw + j])
                        if fx == 0 { continue }
                        let f = (fx * fy + 0x8000) >> 16
                        guard let rx = BilinearSamplingTests.place(x1 + j, src.width, mode),
                              let ry = BilinearSamplingTests.place(y1 + i, src.height, mode) else { continue }
                        let pixel = src.pixel(x: rx, y: ry)
                        for c in 0 ..< 4 { tot[c] += Int(pixel[c]) * f }
                    }
                }
                row += tot.map { UInt8(min(max(($0 + 0x8000) >> 16, 0), 255)) }
                vx += Int(t.xx); vy += Int(t.yx)
            }
            rows.append(row)
        }
        return rows
    }

    static func randomTransform(_ rng: inout SeededGenerator) -> FixedAffineTransform {
        func fixed(_ v: Double) -> Int32 { Int32((v * 65536).rounded()) }
        let shift = fixed(.random(in: -12 ... 12, using: &rng)), shift2 = fixed(.random(in: -12 ... 12, using: &rng))
        switch Int.random(in: 0 ..< 4, using: &rng) {
        case 0: return FixedAffineTransform(xx: 124_518, xy: 0, x0: 13, yx: 0, yy: 124_518, y0: 3)   // cairo-perf's image-rgba-min
        case 1:
            let sx = Double.random(in: 1 ... 4, using: &rng), sy = Double.random(in: 1 ... 4, using: &rng)
            return FixedAffineTransform(xx: fixed(sx), xy: 0, x0: shift, yx: 0, yy: fixed(sy), y0: shift2)
        case 2:
            let a = Double.random(in: -3.2 ... 3.2, using: &rng), s = Double.random(in: 0.5 ... 3, using: &rng)
            return FixedAffineTransform(xx: fixed(s * cos(a)), xy: fixed(-s * sin(a)), x0: shift, yx: fixed(s * sin(a)), yy: fixed(s * cos(a)), y0: shift2)
        default:
            return FixedAffineTransform(xx: fixed(.random(in: -3 ... 3, using: &rng)), xy: fixed(.random(in: -2 ... 2, using: &rng)), x0: shift,
                                        yx: fixed(.random(in: -2 ... 2, using: &rng)), yy: fixed(.random(in: -3 ... 3, using: &rng)), y0: shift2)
        }
    }

    static func randomSource(_ rng: inout SeededGenerator, _ format: PixelFormat, _ caseIndex: Int, wide: Bool = false) -> FencedBuffer {
        let src = FencedBuffer(width: Int.random(in: 1 ... (wide ? 300 : 40), using: &rng), height: Int.random(in: 1 ... 24, using: &rng),
                               format: format, padding: Int.random(in: 0 ... 9, using: &rng), misalignment: Int.random(in: 0 ... 63, using: &rng),
                               fill: 0, guardPages: FencedBuffer.GuardPages.allCases[(caseIndex / 2) % 3])
        for y in 0 ..< src.height {
            for i in 0 ..< src.width * 4 {
                src.buffer.row(y).storeBytes(of: UInt8.random(in: 0 ... 255, using: &rng), toByteOffset: i, as: UInt8.self)
            }
        }
        return src
    }

    @Test(arguments: 0 ..< 4)
    func everyLevelFiltersAsPixmanDoes(batch: Int) throws {
        var rng = SeededGenerator(seed: 0xC0_4000 + UInt64(batch))
        var problems: [String] = []
        for caseIndex in 0 ..< 120 {
            let format: PixelFormat = [.rgba8Premultiplied, .bgra8Premultiplied][caseIndex % 2]
            let src = Self.randomSource(&rng, format, caseIndex, wide: caseIndex % 5 == 4)
            let params = Self.randomFilter(&rng)
            let filter = try ConvolutionFilter(pixmanParameters: params)
            let t = Self.randomTransform(&rng)
            let mode = SamplingRepeat.allCases[Int.random(in: 0 ..< 4, using: &rng)]
            let origin = (Int.random(in: -30 ... 60, using: &rng), Int.random(in: -30 ... 30, using: &rng))
            let width = caseIndex < 40 ? caseIndex : Int.random(in: 0 ... 90, using: &rng), height = Int.random(in: 1 ... 4, using: &rng)
            let want = Self.expected(src, params, t, origin: origin, mode, width: width, height: height)
            let sourceBefore = src.copy()
            for level in Kernels.supported {
                let dst = FencedBuffer(width: width, height: height, format: format, padding: Int.random(in: 0 ... 5, using: &rng),
                                       misalignment: Int.random(in: 0 ... 63, using: &rng), fill: 0x5A,
                                       guardPages: FencedBuffer.GuardPages.allCases[caseIndex % 3])
                try Kernels.withLevel(level) {
                    try dst.buffer.sampleConvolution(from: src.buffer.readOnly, filter: filter, transform: t, origin: origin, repeat: mode)
                }
                if let problem = BilinearSamplingTests.mismatch(dst, want, width: width, height: height, intact: src.sameBytes(as: sourceBefore)) {
                    problems.append("case \(caseIndex) at \(level): \(src.width)×\(src.height) taps \(filter.tapsAcross)×\(filter.tapsDown) "
                                    + "\(t) origin \(origin) \(mode) \(width)×\(height): \(problem)")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.prefix(10).joined(separator: "\n"))")
    }

    /// A pixel under coverage 0 is written as 0, not sampled; the others as without coverage.
    @Test func coverageZeroLeavesPixelsTransparent() throws {
        var rng = SeededGenerator(seed: 0xC0_7E4B)
        var problems: [String] = []
        for caseIndex in 0 ..< 60 {
            let src = Self.randomSource(&rng, .rgba8Premultiplied, caseIndex)
            let params = Self.randomFilter(&rng)
            let filter = try ConvolutionFilter(pixmanParameters: params)
            let t = Self.randomTransform(&rng)
            let mode = SamplingRepeat.allCases[caseIndex % 4]
            let width = Int.random(in: 1 ... 70, using: &rng), height = Int.random(in: 1 ... 3, using: &rng)
            let want = Self.expected(src, params, t, origin: (3, -2), mode, width: width, height: height)
            let coverage = FencedBuffer(width: width, height: height, format: .a8, fill: 0, guardPages: .afterRows)
            for y in 0 ..< height {
                for x in 0 ..< width where Bool.random(using: &rng) { coverage.buffer.row(y).storeBytes(of: UInt8.random(in: 1 ... 255, using: &rng), toByteOffset: x, as: UInt8.self) }
            }
            for level in Kernels.supported {
                let dst = FencedBuffer(width: width, height: height, format: .rgba8Premultiplied, fill: 0x5A, guardPages: .afterRows)
                let job = try #require(convolutionJob(src: src.buffer.base, srcStride: src.buffer.bytesPerRow, srcWidth: src.width,
                                                      srcHeight: src.height, filter: filter.weights, repeat: mode, transform: t,
                                                      dst: dst.buffer.base, dstStride: dst.buffer.bytesPerRow, x: 3, y: -2,
                                                      width: width, height: height, coverage: coverage.buffer.base,
                                                      coverageStride: coverage.buffer.bytesPerRow))
                withExtendedLifetime(filter) { runConvolutionSampling(job, level: level) }
                for y in 0 ..< height {
                    for x in 0 ..< width {
                        let expect = coverage.buffer.row(y).load(fromByteOffset: x, as: UInt8.self) == 0 ? [UInt8](repeating: 0, count: 4) : Array(want[y][4 * x ..< 4 * x + 4])
                        if dst.pixel(x: x, y: y) != expect { problems.append("case \(caseIndex) at \(level): pixel (\(x), \(y))") }
                    }
                }
                if dst.fenceViolations != 0 { problems.append("case \(caseIndex) at \(level): fences") }
            }
        }
        #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.prefix(10).joined(separator: "\n"))")
    }

    /// Parameters outside the filter's bounds throw, naming the value; nothing is drawn with
    /// them, and a bad call writes nothing.
    @Test func badInputThrowsAndTouchesNothing() throws {
        let good: [Int32] = [1 << 16, 1 << 16, 0, 0, 65536, 65536]
        #expect(throws: Never.self) { try ConvolutionFilter(pixmanParameters: good) }
        let bad: [([Int32], String)] = [
            ([1 << 16], "count"), ([0, 1 << 16, 0, 0, 65536], "taps across"), ([65 << 16, 1 << 16, 0, 0], "taps across"),
            ([1 << 16, 1 << 16, 17 << 16, 0], "x phase bits"), ([1 << 16, 1 << 16, 0, 0, 65536], "count"),
            ([1 << 16, 1 << 16, 0, 0, 65537, 65536], "weight"), ([1 << 16, 1 << 16, 0, 0, -1, 65536], "weight"),
            ([2 << 16, 1 << 16, 0, 0, 65536, 65537, 65536], "weight"), ([3 << 16, 1 << 16, 0, 0, 65536, 65536, 65536, 65536], "sum"),
        ]
        for (p, word) in bad {
            #expect { try ConvolutionFilter(pixmanParameters: p) } throws: { "\($0)".contains(word) }
        }
        let filter = try ConvolutionFilter(pixmanParameters: good)
        let src = FencedBuffer(width: 4, height: 4, format: .a8, fill: 200)
        let a8 = FencedBuffer(width: 8, height: 8, format: .a8, fill: 7)
        let dst = FencedBuffer(width: 8, height: 8, format: .rgba8Premultiplied, fill: 7)
        let rgba = FencedBuffer(width: 4, height: 4, format: .rgba8Premultiplied, fill: 9)
        let before = (a8.copy(), dst.copy())
        let scale = FixedAffineTransform(xx: 131_072, xy: 0, x0: 0, yx: 0, yy: 131_072, y0: 0)
        #expect(throws: RasterError.self) { try a8.buffer.sampleConvolution(from: src.buffer.readOnly, filter: filter, transform: scale) }
        #expect(throws: RasterError.self) { try dst.buffer.sampleConvolution(from: src.buffer.readOnly, filter: filter, transform: scale) }
        let far = FixedAffineTransform(xx: 65536, xy: 0, x0: Int32.max - 1, yx: 0, yy: 65536, y0: 0)
        #expect(throws: RasterError.self) { try dst.buffer.sampleConvolution(from: rgba.buffer.readOnly, filter: filter, transform: far) }
        #expect(throws: RasterError.self) {
            try dst.buffer.sampleConvolution(from: rgba.buffer.readOnly, filter: filter, transform: scale,
                                             rect: PixelRect(x: 0, y: 0, width: -1, height: 2))
        }
        #expect(a8.sameBytes(as: before.0) && dst.sameBytes(as: before.1) && dst.fenceViolations == 0 && a8.fenceViolations == 0)
    }

    /// The largest filter the bounds allow (64 × 64 taps, 16 phases each way, a 40× downscale
    /// across) filters as pixman does at every level, reflected past the edges.
    @Test func largestFilterFiltersAsPixmanDoes() throws {
        var rng = SeededGenerator(seed: 0xB16_F117)
        let p: [Int32] = [64 << 16, 64 << 16, 4 << 16, 4 << 16] + Self.boxFilter(taps: 64, phaseBits: 4, span: 40)
            + Self.boxFilter(taps: 64, phaseBits: 4, span: 63)
        let filter = try ConvolutionFilter(pixmanParameters: p)
        let src = Self.randomSource(&rng, .rgba8Premultiplied, 0, wide: true)
        let t = FixedAffineTransform(xx: 40 << 16, xy: 0, x0: 0, yx: 0, yy: 9 << 16, y0: 0)
        let want = Self.expected(src, p, t, origin: (0, 0), SamplingRepeat.reflect, width: 9, height: 3)
        for level in Kernels.supported {
            let dst = FencedBuffer(width: 9, height: 3, format: .rgba8Premultiplied, fill: 1, guardPages: .afterRows)
            try Kernels.withLevel(level) {
                try dst.buffer.sampleConvolution(from: src.buffer.readOnly, filter: filter, transform: t, repeat: SamplingRepeat.reflect)
            }
            #expect((0 ..< 3).map { y in (0 ..< 9).flatMap { dst.pixel(x: $0, y: y) } } == want, "\(level)")
            #expect(dst.fenceViolations == 0)
        }
    }
}
