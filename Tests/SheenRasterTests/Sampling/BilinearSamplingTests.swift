import Foundation
import Testing
import SheenTestSupport
@testable import SheenRaster

/// sample_bilinear (`RasterBuffer.sampleBilinear`) at every level against pixman's own statement
/// of bilinear sampling, restated here independently of the kernel and its twin: positions by
/// pixman_transform_point_31_16_3d (its split of each product into whole and fractional parts)
/// and then pixman's per-pixel stepping (x += ux along a row), channels by pixman-inlines.h's
/// 8-bit-weight form (⌊Σ·/65536⌋ with the 7-bit weights doubled) — where the kernel uses the
/// closed form and 7-bit weights over 2¹⁴. Random sources of both widths of pixel against guard
/// pages after and before their rows, padded and misaligned, every repeat, scales (pixman's ½ and
/// 2, cairo's 0.4762), rotations, skews and translations, destinations of every tail.
struct BilinearSamplingTests {
    /// pixman_transform_point_31_16_3d of the pixel centre (x + ½, y + ½).
    static func pixmanPoint(_ t: FixedAffineTransform, _ x: Int, _ y: Int) -> (Int, Int) {
        let v = [x * 65536 + 32768, y * 65536 + 32768, 65536]
        func row(_ m: [Int32]) -> Int {
            var whole = 0, fraction = 0
            for k in 0 ..< 3 {
                whole += Int(m[k]) * (v[k] >> 16)
                fraction += Int(m[k]) * (v[k] & 0xFFFF)
            }
            return whole + ((fraction + 0x8000) >> 16)
        }
        return (row([t.xx, t.xy, t.x0]), row([t.yx, t.yy, t.y0]))
    }

    /// pixman's repeat() of coordinate c in an image n long; nil: transparent (repeat none).
    static func place(_ c: Int, _ n: Int, _ mode: SamplingRepeat) -> Int? {
        func mod(_ a: Int, _ b: Int) -> Int { a < 0 ? (b - ((-a - 1) % b)) - 1 : a % b }
        switch mode {
        case .none: return c >= 0 && c < n ? c : nil
        case .normal: return mod(c, n)
        case .pad: return min(max(c, 0), n - 1)
        case .reflect:
            let m = mod(c, 2 * n)
            return m >= n ? 2 * n - m - 1 : m
        }
    }

    /// The expected bytes of `dst`'s pixels: pixman's sampling of `src` (see the suite's head).
    static func expected(_ src: FencedBuffer, _ t: FixedAffineTransform, origin: (Int, Int), _ mode: SamplingRepeat,
                         width: Int, height: Int) -> [[UInt8]] {
        let bpp = src.buffer.format.bytesPerPixel
        var rows: [[UInt8]] = []
        for r in 0 ..< height {
            var (x, y) = pixmanPoint(t, origin.0, origin.1 + r)
            var row: [UInt8] = []
            for _ in 0 ..< width {
                let x1 = x - 0x8000, y1 = y - 0x8000
                let distx = ((x1 >> 9) & 127) << 1, disty = ((y1 >> 9) & 127) << 1
                let cx = x1 >> 16, cy = y1 >> 16
                func pixel(_ c: Int, _ r: Int) -> [UInt8] {
                    guard let pc = place(c, src.width, mode), let pr = place(r, src.height, mode) else { return [UInt8](repeating: 0, count: bpp) }
                    return src.pixel(x: pc, y: pr)
                }
                let tl = pixel(cx, cy), tr = pixel(cx + 1, cy), bl = pixel(cx, cy + 1), br = pixel(cx + 1, cy + 1)
                for k in 0 ..< bpp {
                    let f = Int(tl[k]) * (256 - distx) * (256 - disty) + Int(tr[k]) * distx * (256 - disty)
                        + Int(bl[k]) * (256 - distx) * disty + Int(br[k]) * distx * disty
                    row.append(UInt8(f >> 16))
                }
                x += Int(t.xx); y += Int(t.yx)
            }
            rows.append(row)
        }
        return rows
    }

    /// What is wrong with `dst`'s `width` × `height` pixels against `want` (rows of bytes) —
    /// "bytes differ", or "fences" where its fences or (`intact` false) its source changed —, or nil.
    static func mismatch(_ dst: FencedBuffer, _ want: [[UInt8]], width: Int, height: Int, intact: Bool = true) -> String? {
        let got = (0 ..< height).map { y in (0 ..< width).flatMap { dst.pixel(x: $0, y: y) } }
        if got != want { return "bytes differ" }
        return dst.fenceViolations != 0 || !intact ? "fences" : nil
    }

    static func randomTransform(_ rng: inout SeededGenerator) -> FixedAffineTransform {
        func fixed(_ v: Double) -> Int32 { Int32((v * 65536).rounded()) }
        let shift = fixed(.random(in: -12 ... 12, using: &rng))
        let shift2 = fixed(.random(in: -12 ... 12, using: &rng))
        switch Int.random(in: 0 ..< 6, using: &rng) {
        case 0: return FixedAffineTransform(xx: 32768, xy: 0, x0: 0, yx: 0, yy: 32768, y0: 0)      // cairo's mask-*-half
        case 1: return FixedAffineTransform(xx: 131072, xy: 0, x0: 0, yx: 0, yy: 131072, y0: 0)    // mask-*-double
        case 2: return FixedAffineTransform(xx: 31208, xy: 0, x0: -10, yx: 0, yy: 31208, y0: -10)  // image-rgba-mag: 0.4762
        case 3:
            let sx = Double.random(in: -2.5 ... 2.5, using: &rng), sy = Double.random(in: -2.5 ... 2.5, using: &rng)
            return FixedAffineTransform(xx: fixed(sx), xy: 0, x0: shift, yx: 0, yy: fixed(sy), y0: shift2)
        case 4:
            let a = Double.random(in: -3.2 ... 3.2, using: &rng), s = Double.random(in: 0.3 ... 2, using: &rng)
            return FixedAffineTransform(xx: fixed(s * cos(a)), xy: fixed(-s * sin(a)), x0: shift,
                                        yx: fixed(s * sin(a)), yy: fixed(s * cos(a)), y0: shift2)
        default:
            return FixedAffineTransform(xx: fixed(.random(in: -2 ... 2, using: &rng)), xy: fixed(.random(in: -2 ... 2, using: &rng)), x0: shift,
                                        yx: fixed(.random(in: -2 ... 2, using: &rng)), yy: fixed(.random(in: -2 ... 2, using: &rng)), y0: shift2)
        }
    }

    @Test(arguments: 0 ..< 4)
    func everyLevelSamplesAsPixmanDoes(batch: Int) throws {
        var rng = SeededGenerator(seed: 0xB11_0000 + UInt64(batch))
        var problems: [String] = []
        for caseIndex in 0 ..< 150 {
            let format: PixelFormat = [.a8, .rgba8Premultiplied, .bgra8Premultiplied][caseIndex % 3]
            let src = FencedBuffer(width: Int.random(in: 1 ... 40, using: &rng), height: Int.random(in: 1 ... 24, using: &rng), format: format,
                                   padding: Int.random(in: 0 ... 9, using: &rng), misalignment: Int.random(in: 0 ... 63, using: &rng),
                                   fill: 0, guardPages: FencedBuffer.GuardPages.allCases[(caseIndex / 3) % 3])
            for y in 0 ..< src.height {
                for i in 0 ..< src.width * format.bytesPerPixel {
                    src.buffer.row(y).storeBytes(of: UInt8.random(in: 0 ... 255, using: &rng), toByteOffset: i, as: UInt8.self)
                }
            }
            let t = Self.randomTransform(&rng)
            let mode = SamplingRepeat.allCases[Int.random(in: 0 ..< 4, using: &rng)]
            let origin = (Int.random(in: -30 ... 30, using: &rng), Int.random(in: -30 ... 30, using: &rng))
            let width = caseIndex < 70 ? caseIndex : Int.random(in: 0 ... 90, using: &rng), height = Int.random(in: 1 ... 5, using: &rng)
            let want = Self.expected(src, t, origin: origin, mode, width: width, height: height)
            let sourceBefore = src.copy()
            for level in Kernels.supported {
                let dst = FencedBuffer(width: width, height: height, format: format, padding: Int.random(in: 0 ... 5, using: &rng),
                                       misalignment: Int.random(in: 0 ... 63, using: &rng), fill: 0x5A,
                                       guardPages: FencedBuffer.GuardPages.allCases[caseIndex % 3])
                try Kernels.withLevel(level) {
                    try dst.buffer.sampleBilinear(from: src.buffer.readOnly, transform: t, origin: origin, repeat: mode)
                }
                if let problem = Self.mismatch(dst, want, width: width, height: height, intact: src.sameBytes(as: sourceBefore)) {
                    problems.append("case \(caseIndex) at \(level): \(format) \(src.width)×\(src.height) \(t) origin \(origin) \(mode) "
                                    + "\(width)×\(height): \(problem)")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.prefix(10).joined(separator: "\n"))")
    }

    /// An image only scaled and translated takes its own row path (SampleScaled.h's
    /// sample_scaled, chunks of 256 columns), A8 and 32-bit alike: destinations over several
    /// chunks, minifications past the chunk's reach (8×) and repeats that wrap within a chunk
    /// across an image wider than the reach, each against pixman's arithmetic at every level.
    @Test(arguments: 0 ..< 4)
    func scaledRowsSampleAsPixmanDoes(batch: Int) throws {
        var rng = SeededGenerator(seed: 0x5CA1_E000 + UInt64(batch))
        var problems: [String] = []
        for caseIndex in 0 ..< 40 {
            let wide = caseIndex % 4 == 3
            let format: PixelFormat = [.a8, .rgba8Premultiplied, .a8, .bgra8Premultiplied][(caseIndex + batch) % 4]
            let src = FencedBuffer(width: wide ? Int.random(in: 1_000 ... 3_000, using: &rng) : Int.random(in: 1 ... 300, using: &rng),
                                   height: Int.random(in: 1 ... 6, using: &rng), format: format, padding: Int.random(in: 0 ... 9, using: &rng),
                                   misalignment: Int.random(in: 0 ... 63, using: &rng), fill: 0,
                                   guardPages: FencedBuffer.GuardPages.allCases[caseIndex % 3])
            for y in 0 ..< src.height {
                for i in 0 ..< src.width * format.bytesPerPixel {
                    src.buffer.row(y).storeBytes(of: UInt8.random(in: 0 ... 255, using: &rng), toByteOffset: i, as: UInt8.self)
                }
            }
            func fixed(_ v: Double) -> Int32 { Int32((v * 65536).rounded()) }
            let sx = [0.5, 2, 0.4762, 8.25, -3, Double.random(in: -9 ... 9, using: &rng)][caseIndex % 6]
            let t = FixedAffineTransform(xx: fixed(sx), xy: 0, x0: fixed(.random(in: -500 ... 500, using: &rng)),
                                         yx: 0, yy: fixed(.random(in: -2 ... 2, using: &rng)), y0: fixed(.random(in: -4 ... 4, using: &rng)))
            let mode = SamplingRepeat.allCases[caseIndex / 6 % 4]
            let origin = (Int.random(in: -30 ... 30, using: &rng), Int.random(in: -3 ... 3, using: &rng))
            let width = Int.random(in: 1 ... 900, using: &rng), height = Int.random(in: 1 ... 4, using: &rng)
            let want = Self.expected(src, t, origin: origin, mode, width: width, height: height)
            for level in Kernels.supported {
                let dst = FencedBuffer(width: width, height: height, format: format, padding: Int.random(in: 0 ... 5, using: &rng),
                                       misalignment: Int.random(in: 0 ... 63, using: &rng), fill: 0x5A,
                                       guardPages: FencedBuffer.GuardPages.allCases[(caseIndex + 1) % 3])
                try Kernels.withLevel(level) {
                    try dst.buffer.sampleBilinear(from: src.buffer.readOnly, transform: t, origin: origin, repeat: mode)
                }
                if let problem = Self.mismatch(dst, want, width: width, height: height) {
                    problems.append("case \(caseIndex) at \(level): \(format) \(src.width)×\(src.height) \(t) origin \(origin) \(mode) "
                                    + "\(width)×\(height): \(problem)")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.prefix(10).joined(separator: "\n"))")
    }

    /// With coverage (the drop-in's transformed source under a glyph or span mask), each pixel
    /// whose coverage is 0 is written as 0 and every other is pixman's sample: 200 jobs — general
    /// and only-scaled transforms (the two row paths), A8 and 32-bit, coverage in runs of 0 and
    /// not 0 from one pixel to a few groups — at every level, coverage and destination against
    /// unmapped pages or canary bands.
    @Test func coverageZeroLeavesPixelsTransparent() throws {
        var rng = SeededGenerator(seed: 0xC0_7E4A)
        var problems: [String] = []
        func fixed(_ v: Double) -> Int32 { Int32((v * 65536).rounded()) }
        for caseIndex in 0 ..< 200 {
            let format: PixelFormat = [.a8, .rgba8Premultiplied, .bgra8Premultiplied][caseIndex % 3]
            let guardPages = FencedBuffer.GuardPages.allCases[(caseIndex / 3) % 3]
            let src = FencedBuffer(width: Int.random(in: 1 ... 40, using: &rng), height: Int.random(in: 1 ... 24, using: &rng), format: format,
                                   fill: 0, guardPages: guardPages)
            for y in 0 ..< src.height {
                for i in 0 ..< src.width * format.bytesPerPixel {
                    src.buffer.row(y).storeBytes(of: UInt8.random(in: 0 ... 255, using: &rng), toByteOffset: i, as: UInt8.self)
                }
            }
            let t = caseIndex % 2 == 0 ? Self.randomTransform(&rng)
                : FixedAffineTransform(xx: fixed(.random(in: -3 ... 3, using: &rng)), xy: 0, x0: fixed(.random(in: -40 ... 40, using: &rng)),
                                       yx: 0, yy: fixed(.random(in: -2 ... 2, using: &rng)), y0: fixed(.random(in: -4 ... 4, using: &rng)))
            let mode = SamplingRepeat.allCases[Int.random(in: 0 ..< 4, using: &rng)]
            let origin = (Int.random(in: -30 ... 30, using: &rng), Int.random(in: -30 ... 30, using: &rng))
            let width = Int.random(in: 0 ... 90, using: &rng), height = Int.random(in: 1 ... 5, using: &rng)
            let coverage = FencedBuffer(width: width, height: height, format: .a8, padding: Int.random(in: 0 ... 5, using: &rng),
                                        misalignment: Int.random(in: 0 ... 7, using: &rng), fill: 0, guardPages: guardPages)
            for y in 0 ..< height {
                var x = 0
                while x < width {
                    let run = Int.random(in: 1 ... 12, using: &rng), covered = Bool.random(using: &rng)
                    for i in x ..< min(width, x + run) {
                        coverage.buffer.row(y).storeBytes(of: covered ? UInt8.random(in: 1 ... 255, using: &rng) : 0, toByteOffset: i, as: UInt8.self)
                    }
                    x += run
                }
            }
            let sampled = Self.expected(src, t, origin: origin, mode, width: width, height: height)
            let bpp = format.bytesPerPixel
            let want = (0 ..< height).map { y in
                (0 ..< width).flatMap { x in coverage.pixel(x: x, y: y)[0] == 0 ? [UInt8](repeating: 0, count: bpp) : Array(sampled[y][bpp * x ..< bpp * x + bpp]) }
            }
            for level in [SIMDLevel.reference] + Kernels.supported {
                let dst = FencedBuffer(width: width, height: height, format: format, padding: Int.random(in: 0 ... 5, using: &rng),
                                       fill: 0x5A, guardPages: guardPages)
                guard let job = bilinearJob(src: src.buffer.base, srcStride: src.buffer.bytesPerRow, srcWidth: src.width, srcHeight: src.height,
                                            bytesPerPixel: bpp, repeat: mode, transform: t, dst: dst.buffer.base,
                                            dstStride: dst.buffer.bytesPerRow, x: origin.0, y: origin.1, width: width, height: height,
                                            coverage: coverage.buffer.base, coverageStride: coverage.buffer.bytesPerRow) else { continue }
                runBilinearSampling(job, level: level)
                if let problem = Self.mismatch(dst, want, width: width, height: height) {
                    problems.append("case \(caseIndex) at \(level): \(format) \(t) \(mode) \(width)×\(height): \(problem)")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.prefix(10).joined(separator: "\n"))")
    }

    /// With `over` (the drop-in's scaled image through a glyph or stroke mask, in one pass), each
    /// pixel of coverage 0 stays as it was and every other is pixman's sample composited onto it
    /// with sourceOver through its coverage (CompositeReference's arithmetic): 240 jobs — general
    /// and only-scaled transforms, both 32-bit orders, opaque sources (the lerp), random bytes
    /// (levels above alpha: the saturation), coverage in runs of 0, 255 and between, and none —
    /// at every level, coverage and destination against unmapped pages or canary bands.
    @Test func overCompositesEachSampleThroughItsCoverage() throws {
        var rng = SeededGenerator(seed: 0x0E_C0DE)
        var problems: [String] = []
        func fixed(_ v: Double) -> Int32 { Int32((v * 65536).rounded()) }
        func channels(_ p: [UInt8]) -> SIMD4<Int> { SIMD4(Int(p[0]), Int(p[1]), Int(p[2]), Int(p[3])) }
        for caseIndex in 0 ..< 240 {
            let format: PixelFormat = caseIndex % 2 == 0 ? .rgba8Premultiplied : .bgra8Premultiplied
            let guardPages = FencedBuffer.GuardPages.allCases[(caseIndex / 2) % 3]
            // Opaque throughout, or in blocks of 3 × 3 pixels (samples opaque and not side by side:
            // a group of them composited by both forms), or not.
            let opaque = caseIndex % 3 == 0, patchy = caseIndex % 3 == 1
            let src = FencedBuffer(width: Int.random(in: 1 ... 40, using: &rng), height: Int.random(in: 1 ... 24, using: &rng), format: format,
                                   fill: 0, guardPages: guardPages)
            for y in 0 ..< src.height {
                for i in 0 ..< src.width * 4 {
                    let isOpaque = opaque || (patchy && (i / 12 + y / 3) % 2 == 0)
                    let byte = isOpaque && i % 4 == 3 ? 255 : UInt8.random(in: 0 ... 255, using: &rng)
                    src.buffer.row(y).storeBytes(of: byte, toByteOffset: i, as: UInt8.self)
                }
            }
            let t = caseIndex % 4 < 2 ? Self.randomTransform(&rng)
                : FixedAffineTransform(xx: fixed(.random(in: -3 ... 3, using: &rng)), xy: 0, x0: fixed(.random(in: -40 ... 40, using: &rng)),
                                       yx: 0, yy: fixed(.random(in: -2 ... 2, using: &rng)), y0: fixed(.random(in: -4 ... 4, using: &rng)))
            let mode = SamplingRepeat.allCases[Int.random(in: 0 ..< 4, using: &rng)]
            let origin = (Int.random(in: -30 ... 30, using: &rng), Int.random(in: -30 ... 30, using: &rng))
            let width = Int.random(in: 0 ... 90, using: &rng), height = Int.random(in: 1 ... 5, using: &rng)
            let masked = caseIndex % 5 != 0
            let coverage = FencedBuffer(width: width, height: height, format: .a8, padding: Int.random(in: 0 ... 5, using: &rng),
                                        misalignment: Int.random(in: 0 ... 7, using: &rng), fill: 0, guardPages: guardPages)
            for y in 0 ..< height {
                var x = 0
                while x < width {
                    let run = Int.random(in: 1 ... 12, using: &rng), kind = Int.random(in: 0 ..< 3, using: &rng)
                    for i in x ..< min(width, x + run) {
                        let c: UInt8 = kind == 0 ? 0 : kind == 1 ? 255 : .random(in: 1 ... 254, using: &rng)
                        coverage.buffer.row(y).storeBytes(of: c, toByteOffset: i, as: UInt8.self)
                    }
                    x += run
                }
            }
            let destination = FencedBuffer(width: width, height: height, format: format, padding: Int.random(in: 0 ... 5, using: &rng),
                                           fill: 0, guardPages: guardPages)
            for y in 0 ..< height {
                for i in 0 ..< width * 4 { destination.buffer.row(y).storeBytes(of: UInt8.random(in: 0 ... 255, using: &rng), toByteOffset: i, as: UInt8.self) }
            }
            let sampled = Self.expected(src, t, origin: origin, mode, width: width, height: height)
            let want = (0 ..< height).map { y in
                (0 ..< width).flatMap { x -> [UInt8] in
                    let c = masked ? Int(coverage.pixel(x: x, y: y)[0]) : 255
                    let d = destination.pixel(x: x, y: y)
                    if c == 0 { return d }
                    let o = CompositeReference.pixel(.sourceOver, channels(Array(sampled[y][4 * x ..< 4 * x + 4])), channels(d), coverage: c)
                    return [UInt8(o.x), UInt8(o.y), UInt8(o.z), UInt8(o.w)]
                }
            }
            for level in [SIMDLevel.reference] + Kernels.supported {
                let dst = destination.copy()
                guard let job = bilinearJob(src: src.buffer.base, srcStride: src.buffer.bytesPerRow, srcWidth: src.width, srcHeight: src.height,
                                            bytesPerPixel: 4, repeat: mode, transform: t, dst: dst.buffer.base,
                                            dstStride: dst.buffer.bytesPerRow, x: origin.0, y: origin.1, width: width, height: height,
                                            coverage: masked ? coverage.buffer.base : nil, coverageStride: coverage.buffer.bytesPerRow,
                                            over: true) else { continue }
                runBilinearSampling(job, level: level)
                if let problem = Self.mismatch(dst, want, width: width, height: height) {
                    problems.append("case \(caseIndex) at \(level): \(format) \(t) \(mode) \(width)×\(height) masked \(masked): "
                                    + "\(problem)")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.prefix(10).joined(separator: "\n"))")
    }

    /// One or two rows of a 32-bit image magnified along them, and boxes of 3–20 rows up to 40
    /// pixels wide (a glyph's box, a glyph run's mask: SampleWide.h's sample_scaled_wide at
    /// AVX-512 takes up to 16 rows of any width and any height up to 16 wide, sixteen pixels
    /// from one load of each source row), every column read inside the image or, with repeat none or
    /// pad, one past either edge: steps up to its limit (53,248) and past it, the first column
    /// read at the image's first, one before it and further out, the last at the image's last,
    /// one past it and further on, every repeat, widths of every tail of 16 and 4, without
    /// coverage, through coverage and with `over` — at every level against pixman's arithmetic,
    /// the source's rows against unmapped pages after and before them. (The cases of more than
    /// 16 rows and 16 columns check the other paths.)
    @Test func magnifiedRowsSampleAsPixmanDoes() throws {
        var rng = SeededGenerator(seed: 0x3A6_1F1E)
        var problems: [String] = []
        func channels(_ p: [UInt8]) -> SIMD4<Int> { SIMD4(Int(p[0]), Int(p[1]), Int(p[2]), Int(p[3])) }
        for caseIndex in 0 ..< 432 {
            let format: PixelFormat = caseIndex % 2 == 0 ? .rgba8Premultiplied : .bgra8Premultiplied
            // (Not caseIndex % 3, which picks `edge` below: each end of the image meets each placement.)
            let guardPages = FencedBuffer.GuardPages.allCases[caseIndex / 2 % 3]
            let step = Int32([53_248, 53_249, 32_768, 31_208, 65_536][caseIndex % 10 < 5 ? caseIndex % 10 : 2]
                             - (caseIndex % 10 < 5 ? 0 : Int.random(in: 0 ... 32_000, using: &rng)))
            let mode = SamplingRepeat.allCases[caseIndex / 9 % 4]
            // A third of the cases start left of the image: at column −1 (first position in
            // [−0x10000, 0) before the half-pixel step) or further out; narrow ones among them
            // read both ends of the image in one block of 16 pixels.
            let leftOfImage = caseIndex / 27 % 3 == 2
            // A seventh of the cases a glyph's box or a glyph run's mask: 3 to 20 rows, up to 40
            // wide (past 16 rows and 16 columns, the other paths').
            let box = caseIndex % 7 == 5
            let width = caseIndex < 64 ? caseIndex + 1 : Int.random(in: 1 ... (box ? 40 : leftOfImage ? 30 : 100), using: &rng)
            let height = caseIndex % 7 == 6 ? 3 : box ? Int.random(in: 3 ... 20, using: &rng) : 1 + caseIndex % 2
            let origin = (leftOfImage ? 0 : Int.random(in: 0 ... 5, using: &rng), Int.random(in: 0 ... 3, using: &rng))
            let x0 = leftOfImage ? Int32.random(in: -0x8000 - step / 2 - (caseIndex % 4 == 0 ? 0x20000 : 0x10000) ... 0x7FFF - step / 2, using: &rng)
                : Int32.random(in: 0 ... 300_000, using: &rng)
            let t = FixedAffineTransform(xx: step, xy: 0, x0: x0,
                                         yx: 0, yy: Int32.random(in: 20_000 ... 60_000, using: &rng), y0: Int32.random(in: -40_000 ... 40_000, using: &rng))
            // The last column read: the image ends there, one column before it, or further on.
            let lastColumn = ((Self.pixmanPoint(t, origin.0 + width - 1, 0).0 - 0x8000) >> 16) + 1
            let edge = [0, -1, Int.random(in: 1 ... 20, using: &rng)][caseIndex % 3]
            let src = FencedBuffer(width: max(1, lastColumn + 1 + edge), height: Int.random(in: 2 ... 8, using: &rng), format: format,
                                   padding: Int.random(in: 0 ... 9, using: &rng), misalignment: Int.random(in: 0 ... 63, using: &rng),
                                   fill: 0, guardPages: guardPages)
            for y in 0 ..< src.height {
                for i in 0 ..< src.width * 4 { src.buffer.row(y).storeBytes(of: UInt8.random(in: 0 ... 255, using: &rng), toByteOffset: i, as: UInt8.self) }
            }
            let kind = caseIndex / 3 % 3  // 0 none, 1 through coverage, 2 over through coverage
            let coverage = FencedBuffer(width: width, height: height, format: .a8, fill: 0, guardPages: guardPages)
            for y in 0 ..< height {
                for x in 0 ..< width {
                    let c: UInt8 = [0, 255, .random(in: 1 ... 254, using: &rng)][(x / Int.random(in: 1 ... 6, using: &rng) + y) % 3]
                    coverage.buffer.row(y).storeBytes(of: c, toByteOffset: x, as: UInt8.self)
                }
            }
            let destination = FencedBuffer(width: width, height: height, format: format, padding: Int.random(in: 0 ... 5, using: &rng),
                                           misalignment: Int.random(in: 0 ... 63, using: &rng), fill: 0x5A, guardPages: guardPages)
            for y in 0 ..< height {
                for i in 0 ..< width * 4 { destination.buffer.row(y).storeBytes(of: UInt8.random(in: 0 ... 255, using: &rng), toByteOffset: i, as: UInt8.self) }
            }
            let sampled = Self.expected(src, t, origin: origin, mode, width: width, height: height)
            let want = (0 ..< height).map { y in
                (0 ..< width).flatMap { x -> [UInt8] in
                    let c = kind == 0 ? 255 : Int(coverage.pixel(x: x, y: y)[0]), sample = Array(sampled[y][4 * x ..< 4 * x + 4])
                    if kind < 2 { return c == 0 ? [0, 0, 0, 0] : sample }
                    let d = destination.pixel(x: x, y: y)
                    if c == 0 { return d }
                    let o = CompositeReference.pixel(.sourceOver, channels(sample), channels(d), coverage: c)
                    return [UInt8(o.x), UInt8(o.y), UInt8(o.z), UInt8(o.w)]
                }
            }
            for level in [SIMDLevel.reference] + Kernels.supported {
                let dst = destination.copy()
                // Every other case run where its job is made (the drop-in's glyphs), the others
                // made, then run.
                if caseIndex % 4 < 2 {
                    guard runBilinearSampling(src: src.buffer.base, srcStride: src.buffer.bytesPerRow, srcWidth: src.width,
                                              srcHeight: src.height, bytesPerPixel: 4, repeat: mode, transform: t, dst: dst.buffer.base,
                                              dstStride: dst.buffer.bytesPerRow, x: origin.0, y: origin.1, width: width, height: height,
                                              coverage: kind == 0 ? nil : coverage.buffer.base, coverageStride: coverage.buffer.bytesPerRow,
                                              over: kind == 2, level: level) else {
                        problems.append("case \(caseIndex): no job")
                        continue
                    }
                } else {
                    guard let job = bilinearJob(src: src.buffer.base, srcStride: src.buffer.bytesPerRow, srcWidth: src.width, srcHeight: src.height,
                                                bytesPerPixel: 4, repeat: mode, transform: t, dst: dst.buffer.base,
                                                dstStride: dst.buffer.bytesPerRow, x: origin.0, y: origin.1, width: width, height: height,
                                                coverage: kind == 0 ? nil : coverage.buffer.base, coverageStride: coverage.buffer.bytesPerRow,
                                                over: kind == 2) else {
                        problems.append("case \(caseIndex): no job")
                        continue
                    }
                    runBilinearSampling(job, level: level)
                }
                if let problem = Self.mismatch(dst, want, width: width, height: height) {
                    problems.append("case \(caseIndex) at \(level): \(format) \(mode) \(t) origin \(origin) source \(src.width) wide, "
                                    + "\(width)×\(height) kind \(kind): \(problem)")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.prefix(10).joined(separator: "\n"))")
    }

    /// Bad input throws and writes nothing.
    @Test func badInputThrowsAndTouchesNothing() throws {
        let src = FencedBuffer(width: 4, height: 4, format: .a8, fill: 200)
        let dst = FencedBuffer(width: 8, height: 8, format: .rgba8Premultiplied, fill: 7)
        let before = dst.copy()
        let scale = FixedAffineTransform(xx: 32768, xy: 0, x0: 0, yx: 0, yy: 32768, y0: 0)
        #expect(throws: RasterError.self) { try dst.buffer.sampleBilinear(from: src.buffer.readOnly, transform: scale) }
        let a8 = FencedBuffer(width: 8, height: 8, format: .a8, fill: 7)
        let a8Before = a8.copy()
        let far = FixedAffineTransform(xx: 65536, xy: 0, x0: Int32.max - 1, yx: 0, yy: 65536, y0: 0)
        #expect(throws: RasterError.self) { try a8.buffer.sampleBilinear(from: src.buffer.readOnly, transform: far) }
        let steep = FixedAffineTransform(xx: 1 << 26, xy: 0, x0: 0, yx: 0, yy: 65536, y0: 0)
        #expect(throws: RasterError.self) { try a8.buffer.sampleBilinear(from: src.buffer.readOnly, transform: steep) }
        #expect(throws: RasterError.self) {
            try a8.buffer.sampleBilinear(from: src.buffer.readOnly, transform: scale, rect: PixelRect(x: 0, y: 0, width: -1, height: 2))
        }
        // An A8 image composited onto its destination (a job's `over` is 32-bit only): no job.
        #expect(bilinearJob(src: src.buffer.base, srcStride: src.buffer.bytesPerRow, srcWidth: 4, srcHeight: 4, bytesPerPixel: 1,
                            repeat: SamplingRepeat.allCases[0], transform: scale, dst: a8.buffer.base, dstStride: a8.buffer.bytesPerRow,
                            x: 0, y: 0, width: 8, height: 8, over: true) == nil)
        #expect(dst.sameBytes(as: before) && a8.sameBytes(as: a8Before) && dst.fenceViolations == 0 && a8.fenceViolations == 0)
    }
}
