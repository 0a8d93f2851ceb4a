import Testing
import Foundation
import SheenTestSupport
@testable import SheenRaster

/// The gradient kernel, gradient_span, against the exact Double model, and against its reference twin.
@Suite struct GradientKernelTests {
    /// Random gradients of every kind into fenced buffers of every format, width 0…70 plus a few
    /// large ones, height 0…5, padded strides, bases misaligned by 0…15 bytes, whole buffers and
    /// sub-rectangles. (GradientLongTests runs many more of the same in release.)
    @Test(arguments: 0 ..< 4)
    func kernelAgreesWithExactModel(batch: Int) throws {
        let problems = try randomGradientProblems(seed: 0x5EED_0000 + UInt64(batch), cases: 150)
        #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.prefix(20).joined(separator: "\n"))")
    }

    /// Two-stop sRGB linear gradients, any angle: every channel within ½ level of the exact value
    /// (the correctly rounded result, but for Float noise at a hair from a tie).
    @Test func twoStopLinearIsCorrectlyRounded() throws {
        let p = try twoStopPrecision(seed: 42, angles: Array(stride(from: 0.0, to: 360, by: 15)), width: 301, height: 67)
        #expect(p.maxError <= 0.5 + 1e-4, "max error \(p.maxError)")
        #expect(p.mismatches * 100_000 <= p.total, "\(p.mismatches) of \(p.total) channels not correctly rounded")
    }

    /// The reference twin (GradientKernelTwin, which every level equals) through the same fences
    /// is within the stated bounds of the exact Double model.
    @Test func referenceTwinIsWithinTheModelsBounds() throws {
        var rng = SeededGenerator(seed: 0xBEEF)
        for caseIndex in 0 ..< 60 {
            let g = caseIndex % 3 == 0 ? manyStopGradient(&rng) : randomGradient(&rng)
            let fill = try GradientFill(g)
            let fb = FencedBuffer(width: 37, height: 3, format: .bgra8Premultiplied, padding: 5, misalignment: caseIndex % 16)
            try Kernels.withLevel(.reference) { try fill.fill(fb.buffer) }
            #expect(fb.fenceViolations == 0)
            for y in 0 ..< 3 {
                for x in 0 ..< 37 {
                    #expect(acceptable(fb.rgba(x: x, y: y), fill, x: x, y: y, format: .bgra8Premultiplied),
                            "case \(caseIndex) (\(x), \(y)): \(fb.rgba(x: x, y: y)) vs \(fill.exactColor(x: x, y: y))")
                }
            }
        }
    }

    @Test func endStopsAreExact() throws {
        for format in PixelFormat.allCases {
            let a = try Color(hex: "#3478F6"), b = try Color(hex: "#FF3B3080")
            for space in ColorSpace.allCases {
                var g = Gradient.linear(from: Point(10, 0), to: Point(50, 0), colors: [a, b])
                g.space = space
                let fb = FencedBuffer(width: 60, height: 2, format: format)
                try g.fill(fb.buffer)
                let left = fb.rgba(x: 0, y: 1), right = fb.rgba(x: 59, y: 0)
                let ea = a.premultiplied8, eb = b.premultiplied8
                if format == .a8 {
                    #expect(left.w == ea.w && right.w == eb.w)
                } else {
                    #expect(left == ea, "\(space) \(format)")
                    #expect(right == eb, "\(space) \(format)")
                }
            }
        }
    }

    @Test func spreadModesAtAndAroundBoundaries() throws {
        let stops = [GradientStop(0, Color(rgba: 0x000000FF)), GradientStop(1, Color(rgba: 0xFFFFFFFF))]
        for spread in GradientSpread.allCases {
            let g = Gradient(shape: .linear(start: Point(0, 0), end: Point(16, 0)), stops: stops, spread: spread)
            let fb = FencedBuffer(width: 64, height: 1, format: .rgba8Premultiplied)
            try g.fill(fb.buffer)
            for x in 16 ..< 64 {
                let v = fb.rgba(x: x, y: 0).x
                switch spread {
                case .pad: #expect(v == 255)
                case .repeat: #expect(v == fb.rgba(x: x % 16, y: 0).x, "x \(x)")
                case .reflect:
                    let period = x % 32
                    let mirror = period < 16 ? period : 31 - period
                    #expect(v == fb.rgba(x: mirror, y: 0).x, "x \(x)")
                }
            }
            // Before the start, pad keeps the first colour.
            let before = FencedBuffer(width: 8, height: 1, format: .rgba8Premultiplied)
            let shifted = Gradient(shape: .linear(start: Point(8, 0), end: Point(24, 0)), stops: stops, spread: spread)
            try shifted.fill(before.buffer)
            if spread == .pad { #expect((0 ..< 8).allSatisfy { before.rgba(x: $0, y: 0).x == 0 }) }
        }
    }

    @Test func equalOffsetsMakeAHardEdge() throws {
        let red = Color(rgba: 0xFF0000FF), blue = Color(rgba: 0x0000FFFF)
        for space in ColorSpace.allCases {
            let g = Gradient(shape: .linear(start: Point(0, 0), end: Point(64, 0)),
                             stops: [GradientStop(0, red), GradientStop(0.5, red), GradientStop(0.5, blue), GradientStop(1, blue)],
                             space: space)
            let fb = FencedBuffer(width: 64, height: 2, format: .rgba8Premultiplied)
            try g.fill(fb.buffer)
            for x in 0 ..< 64 {
                #expect(fb.rgba(x: x, y: 1) == (x < 32 ? SIMD4(255, 0, 0, 255) : SIMD4(0, 0, 255, 255)), "\(space) x \(x)")
            }
        }
    }

    /// A hard stop at offset 1 ends the gradient: where t wraps (repeat, reflect, conic) its
    /// second colour must not appear as a line along every wrap (found by the long run).
    @Test func hardStopAtOneDoesNotShowWhereTWraps() throws {
        let stops = [GradientStop(0, Color(rgba: 0xFF0000FF)), GradientStop(1, Color(rgba: 0x0000FFFF)),
                     GradientStop(1, Color(rgba: 0x00FF00FF))]
        for space in ColorSpace.allCases {
            for shape in [GradientShape.linear(start: Point(0.3, 0), end: Point(9.7, 0)),
                          .conic(center: Point(50, 2), startAngle: 0)] {
                for spread in [GradientSpread.repeat, .reflect] {
                    // The same gradient without the stop after 1 is what must be painted.
                    let fb = FencedBuffer(width: 100, height: 4, format: .rgba8Premultiplied)
                    let plain = FencedBuffer(width: 100, height: 4, format: .rgba8Premultiplied)
                    try Gradient(shape: shape, stops: stops, spread: spread, space: space).fill(fb.buffer)
                    try Gradient(shape: shape, stops: Array(stops.prefix(2)), spread: spread, space: space).fill(plain.buffer)
                    for y in 0 ..< 4 {
                        for x in 0 ..< 100 {
                            let d = SIMD4<Int>(truncatingIfNeeded: fb.rgba(x: x, y: y)) &- SIMD4<Int>(truncatingIfNeeded: plain.rgba(x: x, y: y))
                            #expect(d.x * d.x + d.y * d.y + d.z * d.z <= 3, "\(space) \(shape) \(spread) (\(x), \(y))")
                        }
                    }
                }
            }
        }
    }

    /// CSS Color 4: with premultiplied interpolation a transparent stop fades the colour out
    /// without pulling grey or black into it.
    @Test func transparentStopAddsNoGrey() throws {
        for space in ColorSpace.allCases {
            let g = Gradient(shape: .linear(start: Point(0, 0), end: Point(100, 0)),
                             stops: [GradientStop(0, Color(rgba: 0xFF8000FF)), GradientStop(1, .transparent)],
                             space: space)
            let fb = FencedBuffer(width: 100, height: 1, format: .rgba8Premultiplied)
            try g.fill(fb.buffer)
            for x in 0 ..< 100 {
                let p = fb.rgba(x: x, y: 0)
                // Straight G/R of #FF8000 is 128/255: premultiplied G stays R × 128/255 (±1 level).
                #expect(abs(Double(p.y) - Double(p.x) * 128 / 255) <= 1, "\(space) x \(x): \(p)")
                #expect(p.z == 0)
                #expect(p.x == p.w, "\(space) x \(x): red stays full: \(p)")
            }
            // Straight interpolation does pull in the transparent stop's black.
            var straight = g
            straight.alphaInterpolation = .straight
            let sb = FencedBuffer(width: 100, height: 1, format: .rgba8Premultiplied)
            try straight.fill(sb.buffer)
            let mid = sb.rgba(x: 50, y: 0)
            #expect(Double(mid.x) < Double(mid.w) - 20, "\(space): straight midpoint \(mid) is darkened")
        }
    }

    @Test func formatsAgree() throws {
        var rng = SeededGenerator(seed: 7)
        for _ in 0 ..< 40 {
            let fill = try GradientFill(randomGradient(&rng))
            let rgba = FencedBuffer(width: 45, height: 4, format: .rgba8Premultiplied)
            let bgra = FencedBuffer(width: 45, height: 4, format: .bgra8Premultiplied, misalignment: 1)
            let a8 = FencedBuffer(width: 45, height: 4, format: .a8, misalignment: 5, fill: 0)
            for b in [rgba, bgra, a8] { try fill.fill(b.buffer) }
            for y in 0 ..< 4 {
                for x in 0 ..< 45 {
                    #expect(rgba.rgba(x: x, y: y) == bgra.rgba(x: x, y: y))
                    #expect(rgba.rgba(x: x, y: y).w == a8.rgba(x: x, y: y).w)
                }
            }
        }
    }

    @Test func ditherIsDeterministicAndUnbiased() throws {
        // A shallow ramp: 40 levels over 512 px bands visibly without dither.
        var g = Gradient.linear(from: Point(0, 0), to: Point(512, 0),
                                colors: [Color(rgba: 0x202020FF), Color(rgba: 0x484848FF)])
        g.dither = true
        let one = try Image(width: 512, height: 64, format: .rgba8Premultiplied)
        let two = try Image(width: 512, height: 64, format: .rgba8Premultiplied)
        try one.withBuffer { try g.fill($0) }
        try two.withBuffer { try g.fill($0) }
        #expect(one.bytes == two.bytes)
        let fill = try GradientFill(g)
        // Every 8×8 tile averages to the exact colour within 0.1 level; the whole image within 0.5.
        var worst = 0.0, sum = 0.0, exactSum = 0.0
        for tx in 0 ..< 64 {
            for ty in 0 ..< 8 {
                var s = 0.0, e = 0.0
                for y in ty * 8 ..< ty * 8 + 8 {
                    for x in tx * 8 ..< tx * 8 + 8 {
                        s += Double(one.pixel(x: x, y: y)[0]); e += fill.exactColor(x: x, y: y).x
                    }
                }
                worst = max(worst, abs(s - e) / 64); sum += s; exactSum += e
            }
        }
        #expect(worst <= 0.1, "tile mean error \(worst)")
        #expect(abs(sum - exactSum) / (512 * 64) <= 0.5)
        // Dither breaks bands: within a tile the values are not all equal.
        let tile = (0 ..< 8).map { one.pixel(x: 100 + $0, y: 0)[0] } + (0 ..< 8).map { one.pixel(x: 100, y: $0)[0] }
        #expect(Set(tile).count > 1)
    }

    /// The sixteen linear lane offsets made at once equal the twin's lane-by-lane reduction and
    /// conversion, for every spread, over slopes from 2⁻⁶⁰ to 2⁴⁰ of both signs (those where a
    /// lane lands on a wrap, is lost to Float's range or is clamped included).
    @Test func linearLanesEqualTheTwinsLaneByLane() {
        var rng = SeededGenerator(seed: 0x1A7E5)
        var slopes: [Double] = [0, 1, -1, 0.5, 1.0 / 16, 0x1p-140, -0x1p-160, 1_118_481.0625, -2_000_000]
        for _ in 0 ..< 2_000 {
            let m = Double(rng.next() % (1 << 52)) / 0x1p52 + 1
            slopes.append((rng.next() & 1 == 0 ? 1 : -1) * m * Double(sign: .plus, exponent: Int(rng.next() % 100) - 60, significand: 1))
        }
        for a in slopes {
            for spread in GradientSpread.allCases {
                let lanes = KernelGradient.linearLanes(a, spread: spread)
                for i in 0 ..< 16 {
                    let twin = GradientKernelTwin.linearBase(KernelGradient.reducedBase(Double(i) * a, spread: spread),
                                                             KernelGradient.jobSpread(spread))
                    #expect(lanes[i].bitPattern == twin.bitPattern, "a \(a) \(spread) lane \(i)")
                }
            }
        }
    }

    /// A ramp reused from the cache of recent ramps is the ramp the gradient would build: for two
    /// sets of stops in every space, alpha interpolation and spread, under several geometries (a
    /// conic gradient wraps whatever its spread), in an order that puts each key in the cache
    /// before it is looked up again.
    @Test func sharedRampsEqualFreshOnes() throws {
        // The second set ends in a hard stop at 1, whose ramp differs between a gradient that wraps and one that pads.
        let stopSets = [[GradientStop(0.1, Color(rgba: 0x3478_F6FF)), GradientStop(0.5, Color(rgba: 0xFF3B_3040)),
                         GradientStop(0.5, Color(rgba: 0x34C7_59FF)), GradientStop(0.9, Color(rgba: 0xAF52_DE90))],
                        [GradientStop(0, Color(rgba: 0xFF00_00FF)), GradientStop(1, Color(rgba: 0x0000_FFFF)),
                         GradientStop(1, Color(rgba: 0x00FF_00FF))]]
        let shapes: [GradientShape] = [.linear(start: Point(0, 0), end: Point(64, 24)), .linear(start: Point(7, 3), end: Point(1, 90)),
                                       .radial(startCenter: Point(5, 5), startRadius: 1, endCenter: Point(9, 7), endRadius: 30),
                                       .conic(center: Point(3, 4), startAngle: 2)]
        var gradients: [Gradient] = []
        for stops in stopSets {
            for space in ColorSpace.allCases {
                for alpha in AlphaInterpolation.allCases {
                    for spread in GradientSpread.allCases {
                        gradients += shapes.map {
                            Gradient(shape: $0, stops: stops, spread: spread, space: space, alphaInterpolation: alpha)
                        }
                    }
                }
            }
        }
        for g in gradients + gradients {
            let shared = try GradientFill(g).program.ramp
            let fresh = GradientRamp(try GradientColors(g))
            #expect(shared.bounds == fresh.bounds && shared.piecesRGBA == fresh.piecesRGBA
                    && shared.piecesBGRA == fresh.piecesBGRA && shared.cells == fresh.cells
                    && shared.opaque == fresh.opaque && shared.colors.stops == fresh.colors.stops
                    && shared.colors.points == fresh.colors.points && shared.colors.wraps == fresh.colors.wraps,
                    "\(g)")
        }
    }
}
