import SheenRaster
import SheenTestSupport

extension Bench {
    /// The calls an embedding renderer makes many times a frame, in ns per call: one glyph-sized A8
    /// mask (12×16, 24×32, 48×64; 16 distinct text-like masks) composited with an opaque solid
    /// colour at each of 10,000 seeded positions scattered over a `width` × `height` RGBA8 buffer
    /// (`composite.over_n_8_8888.glyph.WxH`); the same 10,000 glyphs in one glyph-run call
    /// (`….glyphrun.WxH`); and a 64×24 linear-gradient rectangle at 10,000 positions, the gradient
    /// made per call as a canvas-style caller does (`gradient.linear.rect.64x24.percall`) or
    /// prepared once (`….prepared`). Each case's output is checked against the reference level.
    func runSmallCalls(width: Int, height: Int, calls: Int) {
        let color = Paint.color(Color(rgba: 0x3478_F6FF))
        for (gw, gh) in [(12, 16), (24, 32), (48, 64)] {
            let masks = (0 ..< 16).map { k -> BenchBuffer in
                let m = BenchBuffer(width: gw, height: gh, format: .a8)
                fillTextLikeCoverage(m.buffer, seed: 0x5EED_0000 + UInt64(k))
                return m
            }
            var rng = SeededGenerator(seed: 0x6C79_7068 + UInt64(gw))
            let glyphs = (0 ..< calls).map { i in
                GlyphPlacement(mask: masks[i % masks.count].buffer.readOnly,
                               x: Int.random(in: 0 ... width - gw, using: &rng), y: Int.random(in: 0 ... height - gh, using: &rng))
            }
            let single = "composite.over_n_8_8888.glyph.\(gw)x\(gh)", run = "composite.over_n_8_8888.glyphrun.\(gw)x\(gh)"
            let drawSingly: (RasterBuffer) -> Void = { dst in
                for g in glyphs { try! dst.composite(color, operator: .sourceOver, coverage: .mask(g.mask, x: g.x, y: g.y)) }
            }
            let drawRun: (RasterBuffer) -> Void = { dst in try! dst.compositeGlyphs(color, glyphs) }
            for (name, draw) in [(single, drawSingly), (run, drawRun)] where wants(name) {
                measureCalls(name, kernel: "over_n_8_8888", width: gw, height: gh, canvas: (width, height), calls: calls,
                             draw: draw)
            }
        }
        let stops = benchColors
        var rng = SeededGenerator(seed: 0x7265_6374)
        let rects = (0 ..< calls).map { _ in
            PixelRect(x: Int.random(in: 0 ... width - 64, using: &rng), y: Int.random(in: 0 ... height - 24, using: &rng),
                      width: 64, height: 24)
        }
        let prepared = try! GradientFill(.linear(from: Point(0, 0), to: Point(64, 24), colors: stops))
        let cases: [(String, (RasterBuffer) -> Void)] = [
            ("gradient.linear.rect.64x24.percall", { dst in
                for r in rects {
                    let g = Gradient.linear(from: Point(Double(r.x), Double(r.y)), to: Point(Double(r.x + 64), Double(r.y + 24)),
                                            colors: stops)
                    try! GradientFill(g).fill(dst, rect: r)
                }
            }),
            ("gradient.linear.rect.64x24.prepared", { dst in
                for r in rects { try! prepared.fill(dst, rect: r) }
            }),
        ]
        for (name, draw) in cases where wants(name) {
            measureCalls(name, kernel: "gradient_span", width: 64, height: 24, canvas: (width, height), calls: calls, draw: draw)
        }
    }

    /// Times `draw` (which makes `calls` calls into a canvas-sized RGBA8 buffer) and checks its
    /// result against the same calls at the reference level.
    private func measureCalls(_ name: String, kernel: String, width: Int, height: Int, canvas: (Int, Int), calls: Int,
                              draw: (RasterBuffer) -> Void) {
        let original = BenchBuffer(width: canvas.0, height: canvas.1)
        try! GradientFill(.conic(center: Point(Double(canvas.0) / 3, Double(canvas.1) / 2), colors: benchColors))
            .fill(original.buffer)
        let dst = BenchBuffer(width: canvas.0, height: canvas.1)
        let expected = BenchBuffer(width: canvas.0, height: canvas.1)
        let bytes = original.byteCount
        let phases = measurePhases(warmup: warmup, reps: reps) {
            restoreThroughCache(dst.buffer.base, from: original.buffer.base, byteCount: bytes)
            return [timed { draw(dst.buffer) }]
        }
        expected.buffer.base.copyMemory(from: original.buffer.base, byteCount: bytes)
        try! Kernels.withLevel(.reference) { draw(expected.buffer) }
        // Gradients are shaded within 1 level of exact at every level but the twin's own bits;
        // composites must match bit for bit.
        let tolerance = name.hasPrefix("gradient.") ? 1 : 0
        check(maxDifference(dst.buffer.readOnly, expected.buffer.readOnly) <= tolerance, name)
        var result = CaseResult(name: name, width: width, height: height, total: Stats(phases[0]), make: nil, fill: nil,
                                intermediateBytes: 0, reps: reps, unit: "calls/s")
        result.calls = calls
        record(result, kernel: .one(kernel))
    }
}

/// Copies with ordinary vector stores: libc's memcpy of a whole frame uses non-temporal stores,
/// which would leave every call's first touch of each row to DRAM rather than the cache state of
/// a frame whose background was just drawn (Scripts/peerbench/smallcalls.c restores the same way).
private func restoreThroughCache(_ dst: UnsafeMutableRawPointer, from src: UnsafeRawPointer, byteCount: Int) {
    var i = 0
    while i + 64 <= byteCount {
        dst.storeBytes(of: src.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt32>.self), toByteOffset: i, as: SIMD16<UInt32>.self)
        i += 64
    }
    while i < byteCount {
        dst.storeBytes(of: src.load(fromByteOffset: i, as: UInt8.self), toByteOffset: i, as: UInt8.self)
        i += 1
    }
}
