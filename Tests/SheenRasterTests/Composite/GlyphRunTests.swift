@testable import SheenRaster
import SheenTestSupport
import Testing

/// The glyph-run call against one composite call per glyph, and the single glyph call's fast path
/// against the general one.
@Suite struct GlyphRunTests {
    /// Glyph-sized masks (every width 1…40 across the run) placed inside, across every edge and
    /// wholly outside a destination, in each format, with each kind of paint and several operators,
    /// at every level: the run writes exactly what the single calls write, in the same order
    /// (overlapping glyphs included).
    @Test func runEqualsSingleCallsAtEveryLevel() throws {
        var rng = SeededGenerator(seed: 0x6C79_7068_7275_6E00)
        let masks = try (1 ... 40).map { w -> Image in
            let image = try Image(width: w, height: 1 + w % 19, format: .a8)
            image.withBuffer { fillTextLikeCoverage($0, seed: UInt64(w)) }
            return image
        }
        let gradient = try GradientFill(.linear(from: Point(0, 0), to: Point(70, 30),
                                                colors: [Color(rgba: 0x3478_F6FF), Color(rgba: 0xFF3B_3080)]))
        let source = try Image(width: 90, height: 50, format: .rgba8Premultiplied)
        source.withBuffer { fillTextLikeCoverage($0) }
        for format in PixelFormat.allCases {
            let paints: [Paint] = format == .a8
                ? [.color(Color(rgba: 0x0000_00C0)), .premultiplied(SIMD4(0, 0, 0, 200))]
                : [.color(Color(rgba: 0x3478_F6FF)), .color(Color(rgba: 0xFF3B_3070)), .premultiplied(SIMD4(10, 20, 30, 40)),
                   .gradient(gradient), .image(source.withReadOnlyBuffer { $0 }, x: -5, y: 3)]
            let ops: [CompositeOperator] = format == .a8 ? [.sourceOver, .xor, .destinationOut] : [.sourceOver, .plus, .multiply, .hue]
            for paint in paints {
                for op in ops {
                    let glyphs = masks.indices.map { i in
                        GlyphPlacement(mask: masks[i].withReadOnlyBuffer { $0 }, x: Int.random(in: -45 ... 75, using: &rng),
                                       y: Int.random(in: -25 ... 45, using: &rng))
                    }
                    for level in Kernels.supported {
                        let single = try Image(width: 70, height: 30, format: format)
                        let run = try Image(width: 70, height: 30, format: format)
                        try single.withBuffer { d in
                            fillTextLikeCoverage(d, seed: 9)
                            try Kernels.withLevel(level) {
                                for g in glyphs { try d.composite(paint, operator: op, coverage: .mask(g.mask, x: g.x, y: g.y)) }
                            }
                        }
                        try run.withBuffer { d in
                            fillTextLikeCoverage(d, seed: 9)
                            try Kernels.withLevel(level) { try d.compositeGlyphs(paint, operator: op, glyphs) }
                        }
                        let same = single.withReadOnlyBuffer { s in run.withReadOnlyBuffer { r in maxDifference(s, r) } }
                        #expect(same == 0, "\(format) \(op) \(paint) at \(level)")
                    }
                }
            }
        }
    }

    /// A bad glyph anywhere in the run refuses the whole run before any pixel changes.
    @Test func badGlyphRefusesTheWholeRun() throws {
        let dst = try Image(width: 8, height: 8, format: .rgba8Premultiplied)
        let good = try Image(width: 4, height: 4, format: .a8)
        good.withBuffer { fillTextLikeCoverage($0) }
        let notA8 = try Image(width: 4, height: 4, format: .rgba8Premultiplied)
        try dst.withBuffer { d in
            let before = pixelBytes(d)
            let g = good.withReadOnlyBuffer { $0 }
            #expect(throws: RasterError.formatMismatch(expected: .a8, actual: .rgba8Premultiplied)) {
                try d.compositeGlyphs(.color(.black), [GlyphPlacement(mask: g, x: 0, y: 0),
                                                       GlyphPlacement(mask: notA8.withReadOnlyBuffer { $0 }, x: 1, y: 1)])
            }
            #expect(throws: RasterError.self) {
                try d.compositeGlyphs(.color(.black), [GlyphPlacement(mask: g, x: 2, y: 2),
                                                       GlyphPlacement(mask: g, x: Int.max - 1, y: 0)])
            }
            #expect(throws: RasterError.self) {
                try d.compositeGlyphs(.color(Color(red: .nan, green: 0, blue: 0, alpha: 1)), [GlyphPlacement(mask: g, x: 0, y: 0)])
            }
            #expect(pixelBytes(d) == before)
            try d.compositeGlyphs(.color(.black), [])
            #expect(pixelBytes(d) == before)
        }
    }

    /// The single glyph call's fast path refuses what the general path refuses, with the same
    /// errors, and leaves the destination as it was.
    @Test func fastPathRefusesAsTheGeneralPathDoes() throws {
        let dst = try Image(width: 8, height: 8, format: .a8)
        let mask = try Image(width: 4, height: 4, format: .a8)
        dst.withBuffer { d in
            let m = mask.withReadOnlyBuffer { $0 }
            #expect(throws: RasterError.unsupportedOperator(operator: "multiply", format: .a8)) {
                try d.composite(.color(.black), operator: .multiply, coverage: .mask(m))
            }
            #expect(throws: RasterError.nonFinite(name: "color green", value: .infinity)) {
                try d.composite(.color(Color(red: 0, green: .infinity, blue: 0, alpha: 1)), coverage: .mask(m))
            }
            #expect(throws: RasterError.self) {
                try d.composite(.premultiplied(SIMD4(9, 0, 0, 8)), coverage: .mask(m))
            }
            #expect(throws: RasterError.invalidRect(x: Int.max, y: 0, width: 4, height: 4)) {
                try d.composite(.color(.black), coverage: .mask(m, x: Int.max, y: 0))
            }
            #expect(pixelBytes(d) == [UInt8](repeating: 0, count: 64))
        }
    }
}
