import Testing
import SheenTestSupport
@testable import SheenRaster

/// Every level of the gradient kernel equals its scalar twin (GradientKernelTwin) bit for bit:
/// every shape, spread, space and alpha mode, ramps of one piece, of a few (broadcast) and of many
/// (gathered through the cell index), dither, every format, sub-rectangles, padded rows and
/// misaligned bases.
struct GradientLevelTests {
    @Test(arguments: 0 ..< 6)
    func everyLevelEqualsTheTwin(batch: Int) throws {
        var rng = SeededGenerator(seed: 0x6AD_0000 + UInt64(batch))
        for caseIndex in 0 ..< 40 {
            let g = caseIndex % 2 == 0 ? randomGradient(&rng) : manyStopGradient(&rng)
            let fill = try GradientFill(g)
            let width = Int.random(in: 1 ... 90, using: &rng), height = Int.random(in: 1 ... 4, using: &rng)
            let format = PixelFormat.allCases.randomElement(using: &rng)!
            let x = Int.random(in: 0 ..< width, using: &rng)
            let rect = PixelRect(x: x, y: 0, width: Int.random(in: 0 ... width - x, using: &rng), height: height)
            let twin = FencedBuffer(width: width, height: height, format: format)
            try Kernels.withLevel(.reference) { try fill.fill(twin.buffer, rect: rect) }
            for level in Kernels.supported.dropFirst() {
                let got = FencedBuffer(width: width, height: height, format: format,
                                       padding: Int.random(in: 0 ... 9, using: &rng), misalignment: Int.random(in: 0 ... 15, using: &rng))
                try Kernels.withLevel(level) { try fill.fill(got.buffer, rect: rect) }
                #expect(pixelBytes(got.buffer) == pixelBytes(twin.buffer) && got.fenceViolations == 0,
                        "\(label(["batch": batch, "case": caseIndex, "level": level, "gradient": g, "format": format, "rect": rect, "pieces": fill.program.ramp.count]))")
            }
        }
    }

    /// Width-1 jobs take the kernels' column path (16 rows a vector): every pixel equals the
    /// twin's at every level, for every shape, both formats, dither on and off, any column.
    @Test func columnsEqualTheTwin() throws {
        var rng = SeededGenerator(seed: 0xC0_1000)
        for caseIndex in 0 ..< 60 {
            let g = caseIndex % 2 == 0 ? randomGradient(&rng) : manyStopGradient(&rng)
            let program = try GradientFill(g).program
            let x = Int.random(in: 0 ..< 40, using: &rng), y = Int.random(in: 0 ..< 9, using: &rng)
            let height = Int.random(in: 1 ... 40, using: &rng), bpp = Bool.random(using: &rng) ? 4 : 1
            let dither = Bool.random(using: &rng), bgra = Bool.random(using: &rng)
            let stride = bpp * Int.random(in: 1 ... 3, using: &rng)
            func run(_ level: SIMDLevel) -> [UInt8] {
                var out = [UInt8](repeating: 0x3C, count: stride * height + 8)
                out.withUnsafeMutableBytes {
                    program.shade($0.baseAddress!, stride: stride, x: x, y: y, width: 1, height: height,
                                  bytesPerPixel: bpp, bgra: bgra, dither: dither, level: level)
                }
                return out
            }
            let want = run(.reference)
            for level in Kernels.supported.dropFirst() {
                #expect(run(level) == want, "\(label(["case": caseIndex, "level": level, "gradient": g, "x": x, "y": y, "height": height, "bpp": bpp, "dither": dither]))")
            }
        }
    }

    /// A pixel's bytes depend on its position alone: filling a buffer in pieces gives the bytes of
    /// one fill of the whole, at every level.
    @Test func piecesJoinExactly() throws {
        var rng = SeededGenerator(seed: 0x7015)
        for _ in 0 ..< 30 {
            let fill = try GradientFill(randomGradient(&rng))
            for level in Kernels.supported {
                let whole = FencedBuffer(width: 75, height: 3, format: .rgba8Premultiplied)
                let pieces = FencedBuffer(width: 75, height: 3, format: .rgba8Premultiplied)
                try Kernels.withLevel(level) {
                    try fill.fill(whole.buffer)
                    for (x, w) in [(0, 5), (5, 16), (21, 30), (51, 24)] {
                        try fill.fill(pieces.buffer, rect: PixelRect(x: x, y: 0, width: w, height: 3))
                    }
                }
                if case .linear = fill.program.geometry, fill.program.structure(width: 75, height: 3) != .general { continue }
                #expect(pixelBytes(whole.buffer) == pixelBytes(pieces.buffer), "\(level) \(fill.gradient)")
            }
        }
    }
}

/// Gradients whose ramps need many pieces: 3…24 stops, some a hair apart, some hard, in every
/// space and alpha mode, any shape and spread.
func manyStopGradient(_ rng: inout SeededGenerator, size: Int = 80) -> Gradient {
    var g = randomGradient(&rng, size: size)
    let n = Int.random(in: 3 ... 24, using: &rng)
    var offsets = (0 ..< n).map { _ in Double.random(in: -0.1 ... 1.1, using: &rng) }.sorted()
    for i in 1 ..< n where Int.random(in: 0 ..< 5, using: &rng) == 0 {
        offsets[i] = offsets[i - 1] + [0, 1e-6, 1e-3].randomElement(using: &rng)!
    }
    g.stops = offsets.map { o in
        GradientStop(o, Color(red: .random(in: 0 ... 1, using: &rng), green: .random(in: 0 ... 1, using: &rng),
                              blue: .random(in: 0 ... 1, using: &rng),
                              alpha: Bool.random(using: &rng) ? 1 : .random(in: 0 ... 1, using: &rng)))
    }
    return g
}
