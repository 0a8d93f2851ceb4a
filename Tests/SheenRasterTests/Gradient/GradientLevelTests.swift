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

    /// A pixel centre at a radial gradient's apex (radius 0, where the start circle lies inside
    /// the end circle, so every point lies on a circle): rounding there made the discriminant or
    /// both radii slightly negative, and every level and the twin left the pixel transparent
    /// where the exact colour has alpha 102 (found by the oracle's fuzzer).
    @Test func aPixelAtTheConesApexTakesItsColour() throws {
        let stops = [GradientStop(0x1.f4d5101483b7p-4, Color(red: 0x1.212122p-3, green: 0x1.515152p-1, blue: 0x1.f1f1f2p-1, alpha: 1)),
                     GradientStop(0x1.9c1831a6bd85bp-2, Color(red: 0x1.c7c7c8p-1, green: 0x1.b9b9bap-1, blue: 0x1.a9a9aap-3, alpha: 0x1.a1a1a2p-2)),
                     GradientStop(0x1.2ad72da85961p-1, Color(red: 0x1.757576p-2, green: 0x1.f1f1f2p-4, blue: 0x1.313132p-3, alpha: 1)),
                     GradientStop(0x1.788e4fa4631ap-1, Color(red: 0x1.010102p-8, green: 0x1.cfcfdp-1, blue: 0x1.f1f1f2p-4, alpha: 0x1.818182p-2)),
                     GradientStop(1, Color(red: 0x1.010102p-1, green: 0x1.151516p-2, blue: 0x1.d9d9dap-3, alpha: 1))]
        let g = Gradient(shape: .radial(startCenter: Point(0x1.048112f25b32p+0, 0x1.7b82f51f1f34cp+0), startRadius: 0x1.dbf5c6fc5de16p+2,
                                        endCenter: Point(0x1.ba0b7f13b248p+0, 0x1.6a015b0361a88p+1), endRadius: 0x1.1a2009a9dc69ap+4),
                         stops: stops, spread: .reflect)
        let fill = try GradientFill(g)
        let exact = fill.exactColor(x: 0, y: 0)
        #expect(exact.w > 100)
        for level in Kernels.supported {
            let got = FencedBuffer(width: 1, height: 1, format: .rgba8Premultiplied)
            try Kernels.withLevel(level) { try fill.fill(got.buffer) }
            let pixel = pixelBytes(got.buffer)
            for k in 0 ..< 4 {
                #expect(abs(Double(pixel[k]) - exact[k]) <= 1, "\(level) byte \(k): \(pixel[k]), exact \(exact[k])")
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
