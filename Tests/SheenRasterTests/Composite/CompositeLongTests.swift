import CSheenSIMD
import CSheenSIMDWidthCheck
import Foundation
@testable import SheenRaster
import SheenTestSupport
import Testing

/// The exhaustive and long runs of the compositing contract. Enabled by SHEEN_LONG_TESTS=1;
/// Scripts/test.sh runs them in a release build.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["SHEEN_LONG_TESTS"] == "1"))
struct CompositeLongTests {
    /// sourceOver of a solid paint, through the public kernel, for every (alpha a, colour s ≤ a,
    /// destination d) triple — 8.4 million of the 2²⁴ (a, s, d) triples are valid premultiplied,
    /// each checked on three colour channels and alpha — against the Double formula
    /// s + d·(1 − a/255) rounded: the kernel must be its correctly rounded value. Run with no
    /// coverage, with a mask of 255 and with a global alpha of 255 (three kernel paths).
    @Test(arguments: ["full", "mask255", "alpha255"], comparedLevels)
    func sourceOverEveryTriple(path: String, level: SIMDLevel) throws {
        try Kernels.withLevel(level) { try sourceOverEveryTriple(path: path) }
    }

    private func sourceOverEveryTriple(path: String) throws {
        let width = 256
        let dst = try Image(width: width, height: 1, format: .rgba8Premultiplied)
        let mask = try Image(width: width, height: 1, format: .a8)
        mask.withBuffer { b in for x in 0 ..< width { b.row(0).storeBytes(of: 255, toByteOffset: x, as: UInt8.self) } }
        let coverage: Coverage = mask.withReadOnlyBuffer { m in
            switch path {
            case "mask255": return .mask(m)
            case "alpha255": return .alpha(255)
            default: return .full
            }
        }
        var failures = 0
        for a in 0 ... 255 {
            for s in 0 ... a {
                try dst.withBuffer { b in
                    let row = b.row(0)
                    // Destination pixel d: R = d, G = 255 − d, B = d / 2, A = d.
                    for d in 0 ..< width {
                        let px = UInt32(d) | UInt32(255 - d) << 8 | UInt32(d / 2) << 16 | UInt32(d) << 24
                        row.storeBytes(of: px, toByteOffset: 4 * d, as: UInt32.self)
                    }
                    try b.composite(.premultiplied(SIMD4(UInt8(s), UInt8(s), UInt8(s / 3), UInt8(a))), coverage: coverage)
                    for d in 0 ..< width {
                        let inputs = [(s, d), (s, 255 - d), (s / 3, d / 2), (a, d)]
                        for (ch, (sv, dv)) in inputs.enumerated() {
                            let exact = Double(sv) + Double(dv) * (1 - Double(a) / 255)
                            let got = Int(row.load(fromByteOffset: 4 * d + ch, as: UInt8.self))
                            if got != Int(exact.rounded()) {
                                failures += 1
                                if failures < 5 { Issue.record("a \(a) s \(sv) d \(dv) channel \(ch): \(got) vs \(exact)") }
                            }
                        }
                    }
                }
            }
        }
        #expect(failures == 0)
    }

    /// Paint alpha × coverage: for every paint alpha α and coverage c (and every destination
    /// value), the kernel's result is the Double formula on the effective paint
    /// (a' = round(α·c/255), s' = round(s·c/255)), correctly rounded; for the opaque paint
    /// (α = 255) it is the real lerp S·c/255 + D·(1 − c/255) correctly rounded (one rounding in
    /// all), through the opaque fast path.
    @Test(arguments: comparedLevels)
    func sourceOverEveryAlphaAndCoverage(level: SIMDLevel) throws {
        try Kernels.withLevel(level) { try sourceOverEveryAlphaAndCoverage() }
    }

    private func sourceOverEveryAlphaAndCoverage() throws {
        let dst = try Image(width: 256, height: 256, format: .rgba8Premultiplied)
        let mask = try Image(width: 256, height: 256, format: .a8)
        mask.withBuffer { b in
            for y in 0 ..< 256 { for x in 0 ..< 256 { b.row(y).storeBytes(of: UInt8(x), toByteOffset: x, as: UInt8.self) } }
        }
        var failures = 0
        for alpha in 0 ... 255 {
            let paint = SIMD4<UInt8>(UInt8(alpha), UInt8(alpha / 2), UInt8(alpha / 3), UInt8(alpha))
            try dst.withBuffer { b in
                for y in 0 ..< 256 {
                    for x in 0 ..< 256 {
                        b.row(y).storeBytes(of: UInt32(y) | UInt32(255 - y) << 8 | UInt32(y) << 16 | UInt32(y) << 24,
                                            toByteOffset: 4 * x, as: UInt32.self)
                    }
                }
                try mask.withReadOnlyBuffer { m in try b.composite(.premultiplied(paint), coverage: .mask(m)) }
                for y in 0 ..< 256 {
                    for c in 0 ..< 256 {
                        let a = (Double(alpha) * Double(c) / 255).rounded()
                        let dst = [y, 255 - y, y, y]
                        for ch in 0 ..< 4 {
                            let s = (Double(paint[ch]) * Double(c) / 255).rounded()
                            let exact = alpha == 255
                                ? (Double(paint[ch]) * Double(c) + Double(dst[ch]) * Double(255 - c)) / 255
                                : s + Double(dst[ch]) * (1 - a / 255)
                            let got = Int(b.row(y).load(fromByteOffset: 4 * c + ch, as: UInt8.self))
                            if got != Int(exact.rounded()) {
                                failures += 1
                                if failures < 5 { Issue.record("α \(alpha) c \(c) d \(dst[ch]) channel \(ch): \(got) vs \(exact)") }
                            }
                        }
                    }
                }
            }
        }
        #expect(failures == 0)
    }

    /// sourceOver of an opaque image through coverage, for every (paint S, destination D,
    /// coverage c) triple on the red channel (and three derived values on the others): the
    /// kernel must be the lerp (S·c + D·(255 − c)) / 255 correctly rounded. Through a mask
    /// (c varies along a row) and through a constant alpha (one call per c): the whole-pixel
    /// lerp of the SIMD levels (pmaddubsw at avx2 and avx512) on every input.
    @Test(arguments: ["mask", "alpha"], comparedLevels)
    func opaqueImageSourceOverEveryTriple(coverage: String, level: SIMDLevel) throws {
        try Kernels.withLevel(level) { try opaqueImageSourceOverEveryTriple(coverage: coverage) }
    }

    private func opaqueImageSourceOverEveryTriple(coverage: String) throws {
        // Pixel (x, y): through the mask, c = x, D = y and one call per S; through an alpha,
        // D = x, S = y and one call per c. Channels: v, 255 − v, (v·7) mod 256, alpha 255.
        func pixel(_ v: Int) -> UInt32 { UInt32(v) | UInt32(255 - v) << 8 | UInt32(v * 7 & 255) << 16 | 0xFF00_0000 }
        func channels(_ v: Int) -> [Int] { [v, 255 - v, v * 7 & 255, 255] }
        let dst = try Image(width: 256, height: 256, format: .rgba8Premultiplied)
        let paint = try Image(width: 256, height: 256, format: .rgba8Premultiplied)
        let mask = try Image(width: 256, height: 256, format: .a8)
        mask.withBuffer { b in
            for y in 0 ..< 256 { for x in 0 ..< 256 { b.row(y).storeBytes(of: UInt8(x), toByteOffset: x, as: UInt8.self) } }
        }
        var failures = 0
        for k in 0 ... 255 {
            try dst.withBuffer { b in
                paint.withBuffer { p in
                    for y in 0 ..< 256 {
                        for x in 0 ..< 256 {
                            b.row(y).storeBytes(of: pixel(coverage == "mask" ? y : x), toByteOffset: 4 * x, as: UInt32.self)
                            p.row(y).storeBytes(of: pixel(coverage == "mask" ? k : y), toByteOffset: 4 * x, as: UInt32.self)
                        }
                    }
                }
                try paint.withReadOnlyBuffer { p in
                    try mask.withReadOnlyBuffer { m in
                        try b.composite(.image(p, x: 0, y: 0), coverage: coverage == "mask" ? .mask(m) : .alpha(UInt8(k)))
                    }
                }
                for y in 0 ..< 256 {
                    for x in 0 ..< 256 {
                        let (s, d, c) = coverage == "mask" ? (k, y, x) : (y, x, k)
                        for (ch, (sv, dv)) in zip(channels(s), channels(d)).enumerated() {
                            let exact = (Double(sv) * Double(c) + Double(dv) * Double(255 - c)) / 255
                            let got = Int(b.row(y).load(fromByteOffset: 4 * x + ch, as: UInt8.self))
                            if got != Int(exact.rounded()) {
                                failures += 1
                                if failures < 5 { Issue.record("S \(sv) D \(dv) c \(c) channel \(ch): \(got) vs \(exact)") }
                            }
                        }
                    }
                }
            }
        }
        #expect(failures == 0)
    }

    /// colorDodge, colorBurn and softLight at every C level (Float lanes, with the Double
    /// evaluation only where the Float level cannot decide the rounding) against the same body
    /// built with no Float path (CSheenSIMDWidthCheck's sheen_composite_double_only: Double
    /// throughout, equal to the reference) on every valid (s, sa, d, da) of the red channel:
    /// 33,153² pixels per mode. This is the proof of the Float path's bound (BlendFloat.h);
    /// green and blue take other valid levels on the way. Each mode's destinations are split in
    /// two halves, two test cases, so that the six keep both cores of a two-core machine busy.
    @Test(arguments: [CompositeOperator.colorDodge, .colorBurn, .softLight], [0, 1])
    func separableModesEqualDoubleOnEveryInput(op: CompositeOperator, half: Int) throws {
        let levels = Kernels.supported.filter { $0 >= .simd128 }
        guard !levels.isEmpty else { return }
        var failures = 0
        let middle = EveryPair.pairs.count / 2
        let destinations = half == 0 ? 0 ..< middle : middle ..< EveryPair.pairs.count
        try EveryPair.composite(op, ways: levels.map { .level($0) } + [.entry(sheen_composite_double_only)],
                                destinations: destinations) { y, rows in
            // Each level's row against the Double-only body's (the last); pixels only where they differ.
            let double = rows[rows.count - 1]
            for (level, row) in zip(levels, rows) {
                for x in EveryPair.differingColumns(row, double) {
                    failures += 1
                    if failures < 5 {
                        Issue.record("\(op) at \(level): paint \(EveryPair.pairs[x]) destination \(EveryPair.pairs[y]): \(row[x]) vs \(double[x])")
                    }
                }
            }
        }
        #expect(failures == 0)
    }

    /// The integer blend modes at every compared level against the reference twin's formula
    /// (CompositeReference.integerBlendTerm: one numerator over 255, rounded once; alpha
    /// Sa + Da − Sa·Da) on every valid (s, sa, d, da) of the red channel and every (sa, da) of
    /// alpha: 33,153² pixels per mode. The kernels rearrange these numerators
    /// (hard_light_numerator, alpha by the channel formula in SheenOperators.h's rows); this is the
    /// proof that the rearranged forms are the same numbers.
    @Test(arguments: CompositeOperator.allCases.filter { $0.isBlendMode && !$0.isEvaluatedInDouble })
    func integerBlendModesEqualTheFormulaOnEveryInput(op: CompositeOperator) throws {
        func div255(_ n: Int) -> Int { (n + 127) / 255 }
        func term(_ s: Int, _ sa: Int, _ d: Int, _ da: Int) -> Int { CompositeReference.integerBlendTerm(op, s, sa, d, da) }
        let levels = comparedLevels
        var failures = 0
        try EveryPair.composite(op, levels: levels) { y, rows in
            let pairs = EveryPair.pairs
            let (d, da) = pairs[y]
            // The first level against the formula on every pixel; every other level against the
            // first (the same bytes, or the pixels where they differ are failures).
            let first = rows[0]
            for x in 0 ..< first.count {
                let (s, sa) = pairs[x]
                let red = div255(s * (255 - da) + d * (255 - sa) + term(s, sa, d, da))
                let alpha = div255(255 * sa + da * (255 - sa))
                let out = first[x]
                if Int(out & 0xFF) != red || Int(out >> 24) != alpha {
                    failures += 1
                    if failures < 5 {
                        Issue.record("\(op) at \(levels[0]): paint \((s, sa)) destination \((d, da)): \(out & 0xFF), \(out >> 24) vs \(red), \(alpha)")
                    }
                }
            }
            for (level, row) in zip(levels, rows).dropFirst() {
                for x in EveryPair.differingColumns(row, first) {
                    failures += 1
                    if failures < 5 {
                        Issue.record("\(op) at \(level): paint \(pairs[x]) destination \((d, da)): \(row[x]) vs \(levels[0])'s \(first[x])")
                    }
                }
            }
        }
        #expect(failures == 0)
    }

    /// Many random cases of every operator, format, paint and coverage kind (SIMD == reference).
    @Test(arguments: CompositeOperator.allCases)
    func randomCasesLong(op: CompositeOperator) {
        var rng = SeededGenerator(seed: 0xC0_0000 &+ UInt64(CompositeOperator.allCases.firstIndex(of: op)!))
        for i in 0 ..< 150 {
            let c = CompositeCase(
                op: op, format: PixelFormat.allCases.randomElement(using: &rng)!,
                width: Int.random(in: 0 ... 300, using: &rng), height: Int.random(in: 1 ... 6, using: &rng),
                padding: Int.random(in: 0 ... 17, using: &rng), misalignment: Int.random(in: 0 ... 63, using: &rng),
                paint: CompositeCase.PaintKind.allCases.randomElement(using: &rng)!,
                coverage: CompositeCase.CoverageKind.allCases.randomElement(using: &rng)!,
                offsetX: Int.random(in: -8 ... 8, using: &rng), offsetY: Int.random(in: -3 ... 3, using: &rng),
                alpha: UInt8.random(in: 0 ... 255, using: &rng), seed: UInt64(i))
            let problems = c.checkEveryLevel()
            #expect(problems.isEmpty, "\(c): \(problems)")
        }
    }
}

/// Every valid premultiplied (level, alpha) pair against every other, through the public kernel:
/// the paint image holds one pair per column on red (green and blue take other valid levels),
/// the destination one pair per row, 64 rows per call.
private enum EveryPair {
    /// The 33,153 pairs (v, a) with v ≤ a.
    static let pairs: [(Int, Int)] = (0 ... 255).flatMap { a in (0 ... a).map { ($0, a) } }

    static func pixel(_ p: (Int, Int), _ k: Int) -> UInt32 {
        let (v, a) = p
        return UInt32(v) | UInt32(v * k % (a + 1)) << 8 | UInt32(a - v) << 16 | UInt32(a) << 24
    }

    /// The columns where `row` differs from `reference`, rows of one width: none after one memcmp
    /// where they hold the same bytes (an element loop over every row was a tenth of a test's time).
    static func differingColumns(_ row: [UInt32], _ reference: [UInt32]) -> [Int] {
        precondition(row.count == reference.count, "rows of different widths")
        let same = row.withUnsafeBytes { a in
            reference.withUnsafeBytes { b in a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
        }
        return same ? [] : row.indices.filter { row[$0] != reference[$0] }
    }

    /// How one output is made: the public kernel at a level, or a C composite entry called directly.
    enum Way {
        case level(SIMDLevel)
        case entry(@convention(c) (UnsafePointer<SheenCompositeJob>?) -> Int32)
    }

    /// Composites the paint of every pair over destinations of every pair with `op` at each of
    /// `levels`, and calls `check(destination index, the output row per level)` for every
    /// destination: a row's pixel x is paint pair x over the destination pair. (A call a row, not
    /// a pixel: the tests compare whole rows first, and a call a pixel was most of their time.)
    static func composite(_ op: CompositeOperator, levels: [SIMDLevel],
                          check: (Int, [[UInt32]]) -> Void) throws {
        try composite(op, ways: levels.map { .level($0) }, check: check)
    }

    /// The same for each of `ways`, over the destinations of the pairs in `destinations` (all of
    /// them by default).
    static func composite(_ op: CompositeOperator, ways: [Way], destinations: Range<Int> = 0 ..< pairs.count,
                          check: (Int, [[UInt32]]) -> Void) throws {
        let width = pairs.count, rows = 64
        let paint = try Image(width: width, height: rows, format: .rgba8Premultiplied)
        paint.withBuffer { b in
            for y in 0 ..< rows { for x in 0 ..< width { b.row(y).storeBytes(of: pixel(pairs[x], 7), toByteOffset: 4 * x, as: UInt32.self) } }
        }
        let outs = try ways.map { _ in try Image(width: width, height: rows, format: .rgba8Premultiplied) }
        for first in stride(from: destinations.lowerBound, to: destinations.upperBound, by: rows) {
            let count = min(rows, destinations.upperBound - first)
            for (out, way) in zip(outs, ways) {
                try out.withBuffer { b in
                    for y in 0 ..< count {
                        let v = pixel(pairs[first + y], 3)
                        for x in 0 ..< width { b.row(y).storeBytes(of: v, toByteOffset: 4 * x, as: UInt32.self) }
                    }
                    try paint.withReadOnlyBuffer { p in
                        switch way {
                        case let .level(level):
                            try Kernels.withLevel(level) { try b.composite(.image(p, x: 0, y: 0), operator: op) }
                        case let .entry(entry):
                            var job = SheenCompositeJob()
                            job.dst = b.base; job.dstStride = b.bytesPerRow
                            job.paint = p.base; job.paintStride = p.bytesPerRow
                            job.width = width; job.height = count; job.coverage = 255
                            job.op = op.kernelIndex; job.bytesPerPixel = 4
                            #expect(entry(&job) == 0)
                        }
                    }
                }
            }
            var lines = [[UInt32]](repeating: [UInt32](repeating: 0, count: width), count: ways.count)
            for y in 0 ..< count {
                for (i, out) in outs.enumerated() {
                    out.withReadOnlyBuffer { b in lines[i].withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(start: b.row(y), count: 4 * width)) } }
                }
                check(first + y, lines)
            }
        }
    }
}
