import SheenRaster
import SheenTestSupport
import Testing

/// What compositing does at the edges of its contract: zero coverage, clipping, A8 destinations,
/// bad input.
@Suite struct CompositeBehaviourTests {
    private func randomBuffer(_ width: Int, _ height: Int, _ format: PixelFormat, seed: UInt64) -> FencedBuffer {
        let b = FencedBuffer(width: width, height: height, format: format, padding: 4, misalignment: 1)
        var rng = SeededGenerator(seed: seed)
        fillRandomPremultiplied(b.buffer, &rng)
        return b
    }

    @Test(arguments: CompositeOperator.allCases)
    func zeroCoverageLeavesEveryPixelAlone(op: CompositeOperator) throws {
        let dst = randomBuffer(37, 3, .rgba8Premultiplied, seed: 5)
        let mask = FencedBuffer(width: 37, height: 3, format: .a8, fill: 0)
        let before = dst.allBytes
        try dst.buffer.composite(.color(Color(rgba: 0x3478_F6C0)), operator: op, coverage: .mask(mask.buffer.readOnly))
        #expect(dst.allBytes == before)
    }

    /// sourceIn is "bounded": where the mask is 0 the destination stays (Canvas would clear it).
    @Test func sourceInOnlyActsInsideTheMask() throws {
        let dst = FencedBuffer(width: 16, height: 1, format: .rgba8Premultiplied, fill: 0x80)
        let mask = FencedBuffer(width: 16, height: 1, format: .a8, fill: 0)
        for x in 4 ..< 8 { mask.buffer.row(0).storeBytes(of: 255, toByteOffset: x, as: UInt8.self) }
        try dst.buffer.composite(.premultiplied(SIMD4(200, 100, 50, 255)), operator: .sourceIn,
                                 coverage: .mask(mask.buffer.readOnly))
        for x in 0 ..< 16 {
            let inside = (4 ..< 8).contains(x)
            // Sca × Da with Da = 128/255.
            let expected: [UInt8] = inside ? [100, 50, 25, 128] : [0x80, 0x80, 0x80, 0x80]
            #expect(dst.pixel(x: x, y: 0) == expected, "x \(x)")
        }
    }

    @Test func imageAndMaskPlacementsClipTheOperation() throws {
        let dst = randomBuffer(20, 10, .bgra8Premultiplied, seed: 8)
        let image = FencedBuffer(width: 8, height: 6, format: .bgra8Premultiplied, fill: 0xFF)
        let mask = FencedBuffer(width: 30, height: 4, format: .a8, fill: 255)
        let copy = (0 ..< 10).map { y in (0 ..< 20).map { dst.pixel(x: $0, y: y) } }
        try dst.buffer.composite(.image(image.buffer.readOnly, x: 15, y: -2), operator: .source,
                                 coverage: .mask(mask.buffer.readOnly, x: -3, y: 1))
        for y in 0 ..< 10 {
            for x in 0 ..< 20 {
                let inside = x >= 15 && y < 4 && y >= 1
                #expect(dst.pixel(x: x, y: y) == (inside ? [255, 255, 255, 255] : copy[y][x]), "(\(x), \(y))")
            }
        }
        #expect(dst.fenceViolations == 0 && image.fenceViolations == 0 && mask.fenceViolations == 0)
    }

    @Test func a8DestinationsDoMaskArithmetic() throws {
        let dst = FencedBuffer(width: 3, height: 1, format: .a8)
        for (x, v) in [0, 128, 255].enumerated() { dst.buffer.row(0).storeBytes(of: UInt8(v), toByteOffset: x, as: UInt8.self) }
        let other = FencedBuffer(width: 3, height: 1, format: .a8, fill: 128)
        try dst.buffer.composite(.image(other.buffer.readOnly), operator: .destinationIn)
        #expect(dst.pixel(x: 0, y: 0) == [0] && dst.pixel(x: 1, y: 0) == [64] && dst.pixel(x: 2, y: 0) == [128])
        try dst.buffer.composite(.color(.black), operator: .xor)
        #expect(dst.pixel(x: 0, y: 0) == [255] && dst.pixel(x: 1, y: 0) == [191] && dst.pixel(x: 2, y: 0) == [127])
    }

    @Test func horizontalGradientAsSourceEqualsTheFill() throws {
        let g = try GradientFill(.linear(from: Point(0, 0), to: Point(300, 0), colors: [Color(rgba: 0x3478_F6FF), Color(rgba: 0xFF3B_3080)]))
        let a = FencedBuffer(width: 301, height: 5, format: .rgba8Premultiplied)
        let b = FencedBuffer(width: 301, height: 5, format: .rgba8Premultiplied)
        try g.fill(a.buffer)
        try b.buffer.composite(.gradient(g), operator: .source)
        #expect(a.allBytes == b.allBytes)
    }

    /// A gradient paint is its fill: composited through a mask (at full and at partial alpha) or at
    /// constant coverage, at every level, into every format, it writes what compositing the same
    /// rectangle filled with the gradient as an image writes at the reference level — for
    /// gradients shaded in full per row (angled, radial, conic), one colour per row (vertical,
    /// with and without dither), once for every row (horizontal) and not at all (empty).
    @Test func gradientPaintEqualsItsFillAsAnImage() throws {
        let colors = [Color(rgba: 0x3478_F6FF), Color(rgba: 0xFF3B_3080), Color(rgba: 0x34C7_59C0)]
        let gradients: [Gradient] = [
            .linear(from: Point(3, 2), to: Point(60, 31), colors: colors),
            .linear(from: Point(0, 4), to: Point(0, 29), colors: colors),
            Gradient(shape: .linear(start: Point(0, 4), end: Point(0, 29)), stops: Gradient.evenlySpaced(colors), dither: true),
            .linear(from: Point(5, 0), to: Point(50, 0), colors: colors),
            Gradient(shape: .linear(start: Point(5, 0), end: Point(50, 0)), stops: Gradient.evenlySpaced(colors), dither: true),
            .radial(center: Point(20, 12), radius: 25, colors: colors, spread: .reflect),
            .conic(center: Point(30, 15), startAngle: 1, colors: colors),
            .linear(from: Point(7, 7), to: Point(7, 7), colors: colors),
        ]
        let mask = try Image(width: 45, height: 23, format: .a8)
        mask.withBuffer { fillTextLikeCoverage($0, seed: 5) }
        let m = mask.withReadOnlyBuffer { $0 }
        for format in PixelFormat.allCases {
            for g in gradients {
                let fill = try GradientFill(g)
                // Each coverage with the region it covers (the mask's rectangle inside the destination).
                for (coverage, region) in [(Coverage.mask(m, x: 13, y: -4), PixelRect(x: 13, y: 0, width: 45, height: 19)),
                                           (.mask(m, x: -6, y: 9, alpha: 150), PixelRect(x: 0, y: 9, width: 39, height: 23)),
                                           (.alpha(200), PixelRect(x: 0, y: 0, width: 61, height: 33))] {
                    let filled = try Image(width: 61, height: 33, format: format)
                    try filled.withBuffer { b in try Kernels.withLevel(.reference) { try fill.fill(b, rect: region) } }
                    for op in format == .a8 ? [CompositeOperator.sourceOver, .xor] : [.sourceOver, .multiply, .hue] {
                        let expected = try Image(width: 61, height: 33, format: format)
                        try expected.withBuffer { d in
                            fillTextLikeCoverage(d, seed: 8)
                            try Kernels.withLevel(.reference) {
                                try d.composite(.image(filled.withReadOnlyBuffer { $0 }), operator: op, coverage: coverage)
                            }
                        }
                        for level in Kernels.supported {
                            let got = try Image(width: 61, height: 33, format: format)
                            try got.withBuffer { d in
                                fillTextLikeCoverage(d, seed: 8)
                                try Kernels.withLevel(level) { try d.composite(.gradient(fill), operator: op, coverage: coverage) }
                            }
                            let difference = expected.withReadOnlyBuffer { e in got.withReadOnlyBuffer { maxDifference(e, $0) } }
                            #expect(difference == 0, "\(format) \(g) \(coverage) \(op) at \(level)")
                        }
                    }
                }
            }
        }
    }

    /// A gradient through a sparse mask — rows covered at their ends and in a run between, gaps
    /// of 16 to 60 columns (a stroked outline's box: the kernels shade such rows only over the
    /// covered runs, CompositeGradientRuns.h's shade_covered_runs) — at every level, by every operator,
    /// into 32-bit and A8 pixels, at full and partial alpha, writes what compositing its fill as
    /// an image writes at the reference level: where nothing covers a pixel its paint is never
    /// read. The mask's rows lie against unmapped pages (after, then before): the scan for
    /// covered blocks reads no byte outside them.
    @Test func gradientThroughSparseMaskEqualsItsFill() throws {
        let colors = [Color(rgba: 0x3478_F6FF), Color(rgba: 0xFF3B_3080), Color(rgba: 0x34C7_59C0)]
        let fill = try GradientFill(.linear(from: Point(3, 2), to: Point(140, 31), colors: colors))
        let width = 150, height = 20
        for guardPages in [FencedBuffer.GuardPages.afterRows, .beforeRows] {
            var rng = SeededGenerator(seed: 0x5_7E0E)
            let mask = FencedBuffer(width: width, height: height, format: .a8, fill: 0, guardPages: guardPages)
            let b = mask.buffer
            for y in 0 ..< height {
                // Row 0 covered throughout; the others at both ends and in one run between.
                var runs = y == 0 ? [0 ..< width] : [0 ..< Int.random(in: 1 ... 9, using: &rng), width - Int.random(in: 1 ... 9, using: &rng) ..< width]
                if y > 0 {
                    let at = Int.random(in: 26 ... 80, using: &rng)
                    runs.append(at ..< at + Int.random(in: 1 ... 40, using: &rng))
                }
                for run in runs {
                    for x in run { b.row(y).storeBytes(of: UInt8.random(in: 1 ... 255, using: &rng), toByteOffset: x, as: UInt8.self) }
                }
            }
            let m = b.readOnly
            for format in [PixelFormat.rgba8Premultiplied, .a8] {
                let filled = try Image(width: width, height: height, format: format)
                try filled.withBuffer { b in try Kernels.withLevel(.reference) { try fill.fill(b, rect: PixelRect(x: 0, y: 0, width: width, height: height)) } }
                for op in CompositeOperator.allCases where format != .a8 || op.isAlphaOnly {
                    for coverage in [Coverage.mask(m, x: 0, y: 0), .mask(m, x: 0, y: 0, alpha: 150)] {
                        let expected = try Image(width: width, height: height, format: format)
                        try expected.withBuffer { d in
                            fillTextLikeCoverage(d, seed: 8)
                            try Kernels.withLevel(.reference) { try d.composite(.image(filled.withReadOnlyBuffer { $0 }), operator: op, coverage: coverage) }
                        }
                        for level in Kernels.supported {
                            let got = try Image(width: width, height: height, format: format)
                            try got.withBuffer { d in
                                fillTextLikeCoverage(d, seed: 8)
                                try Kernels.withLevel(level) { try d.composite(.gradient(fill), operator: op, coverage: coverage) }
                            }
                            let difference = expected.withReadOnlyBuffer { e in got.withReadOnlyBuffer { maxDifference(e, $0) } }
                            #expect(difference == 0, "\(format) \(op) \(coverage) at \(level), guard pages \(guardPages)")
                        }
                    }
                }
            }
        }
    }

    /// Every bad input throws a RasterError naming the problem and leaves the destination alone.
    @Test func badInputThrowsAndTouchesNothing() throws {
        let dst = randomBuffer(9, 4, .rgba8Premultiplied, seed: 3)
        let a8 = randomBuffer(9, 4, .a8, seed: 4)
        let image = randomBuffer(9, 4, .rgba8Premultiplied, seed: 6)
        let cases: [(String, () throws -> Void, (RasterError) -> Bool)] = [
            ("NaN colour", { try dst.buffer.composite(.color(Color(red: .nan, green: 0, blue: 0))) },
             { if case .nonFinite = $0 { return true }; return false }),
            ("infinite alpha", { try dst.buffer.composite(.color(Color(red: 0, green: 0, blue: 0, alpha: .infinity))) },
             { if case .nonFinite = $0 { return true }; return false }),
            ("colour above alpha", { try dst.buffer.composite(.premultiplied(SIMD4(10, 200, 0, 100))) },
             { if case .outOfRange(let name, 200, _) = $0 { return name.contains("green") }; return false }),
            ("mask not A8", { try dst.buffer.composite(.color(.black), coverage: .mask(image.buffer.readOnly)) },
             { $0 == .formatMismatch(expected: .a8, actual: .rgba8Premultiplied) }),
            ("A8 image onto colour", { try dst.buffer.composite(.image(a8.buffer.readOnly)) },
             { $0 == .formatMismatch(expected: .rgba8Premultiplied, actual: .a8) }),
            ("placement overflow", { try dst.buffer.composite(.image(image.buffer.readOnly, x: Int.max - 2, y: 0)) },
             { if case .invalidRect = $0 { return true }; return false }),
            ("mask placement overflow", { try dst.buffer.composite(.color(.black), coverage: .mask(a8.buffer.readOnly, x: 0, y: Int.max)) },
             { if case .invalidRect = $0 { return true }; return false }),
            ("blend mode on A8", { try a8.buffer.composite(.color(.black), operator: .multiply) },
             { $0 == .unsupportedOperator(operator: "multiply", format: .a8) }),
        ]
        for (name, call, matches) in cases {
            let before = (dst.allBytes, a8.allBytes)
            do {
                try call()
                Issue.record("\(name): no error")
            } catch let e as RasterError {
                #expect(matches(e), "\(name): \(e)")
                #expect(!e.description.isEmpty)
            }
            #expect(dst.allBytes == before.0 && a8.allBytes == before.1, "\(name) changed the destination")
        }
    }
}
