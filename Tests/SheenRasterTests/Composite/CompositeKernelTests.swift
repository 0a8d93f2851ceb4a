import CSheenSIMD
@testable import SheenRaster
import SheenTestSupport
import Testing

/// The compositing kernels (over_n_8_8888, composite_8888, composite_8, composite_double_8888)
/// at every level this CPU runs against the scalar reference.
@Suite struct CompositeKernelTests {
    /// The scalar round(n / 255) that the twins and labels use, against the reference's plain
    /// integer division, over the whole product range.
    @Test func div255IsExactOverTheWholeProductRange() {
        for n in 0 ... 65025 {
            #expect(Int(roundDiv255(UInt32(n))) == CompositeReference.roundDiv255(n), "n = \(n)")
        }
    }

    /// Every operator, format, paint and coverage kind over widths 0…40 (every tail length of
    /// both block sizes), padded strides, misaligned bases and clipping offsets.
    @Test(arguments: CompositeOperator.allCases)
    func kernelEqualsReference(op: CompositeOperator) {
        var seed: UInt64 = 1
        for format in PixelFormat.allCases {
            for paint in CompositeCase.PaintKind.allCases {
                for coverage in CompositeCase.CoverageKind.allCases {
                    for width in [0, 1, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 40] {
                        seed &+= 1
                        let c = CompositeCase(op: op, format: format, width: width, height: 1 + Int(seed % 3),
                                              padding: Int(seed % 5), misalignment: Int(seed % 4), paint: paint,
                                              coverage: coverage, offsetX: Int(seed % 7) - 3, offsetY: Int(seed % 3) - 1,
                                              alpha: UInt8(truncatingIfNeeded: seed &* 37), seed: seed)
                        let problems = c.checkEveryLevel()
                        #expect(problems.isEmpty, "\(c): \(problems)")
                    }
                }
            }
        }
    }

    /// Masks mostly of coverage 0 (`sparseMask`): a chunk some of whose blocks are uncovered
    /// composites its covered blocks only — every operator, format, paint kind and mask coverage
    /// at widths holding one to four chunks of every level and a tail, a colour of alpha 255 in
    /// half of them, a third with rows against unmapped pages after them and a third before.
    @Test(arguments: CompositeOperator.allCases)
    func sparseMaskEqualsReference(op: CompositeOperator) {
        var seed: UInt64 = 0x5BA5
        for format in PixelFormat.allCases {
            for paint in CompositeCase.PaintKind.allCases {
                for coverage in [CompositeCase.CoverageKind.mask, .maskAlpha] {
                    for width in [64, 77, 128, 191, 256] {
                        seed &+= 1
                        var c = CompositeCase(op: op, format: format, width: width, height: 1 + Int(seed % 3),
                                              misalignment: Int(seed % 5), paint: paint, coverage: coverage,
                                              offsetX: Int(seed % 3) - 1, alpha: UInt8(truncatingIfNeeded: seed &* 37), seed: seed)
                        c.sparseMask = true
                        c.opaqueColour = seed % 2 == 0
                        c.guardPages = FencedBuffer.GuardPages.allCases[Int(seed % 3)]
                        let problems = c.checkEveryLevel()
                        #expect(problems.isEmpty, "\(c): \(problems)")
                    }
                }
            }
        }
    }

    /// sourceOver of paint whose colour levels lie above its alpha (not valid premultiplied colour:
    /// what pixman's tests feed the drop-in) saturates at 255 as pixman's over does, at every
    /// level and the reference twin alike: 400 jobs of rows of such pixels (and valid ones) over
    /// any destination, at full, constant and mask coverage, widths 0…40. At full coverage each
    /// level is also held to min(255, s + round(d·(255 − sa)/255)) computed here.
    @Test func overOfPaintAboveItsAlphaSaturatesAtEveryLevel() {
        var rng = SeededGenerator(seed: 0x5A7_0E4)
        var saturated = 0
        for n in 0 ..< 400 {
            let width = n % 41, height = 1 + n % 3, coverageKind = n % 3
            let paint = (0 ..< width * height).map { _ in
                let a = UInt32.random(in: 0 ... 255, using: &rng)
                return a << 24 | (0 ..< 3).reduce(0) { v, c in v | UInt32.random(in: 0 ... 255, using: &rng) << (8 * c) }
            }
            let destination = (0 ..< width * height).map { _ in UInt32.random(in: 0 ... .max, using: &rng) }
            let mask = (0 ..< width * height).map { _ in UInt8.random(in: 0 ... 255, using: &rng) }
            let constant = UInt32.random(in: 0 ... 255, using: &rng)
            func run(_ level: SIMDLevel) -> [UInt32] {
                var out = destination
                var p = paint, m = mask
                out.withUnsafeMutableBytes { d in
                    p.withUnsafeMutableBytes { pb in
                        m.withUnsafeMutableBytes { mb in
                            var job = SheenCompositeJob(op: .sourceOver, format: .bgra8Premultiplied, dst: d.baseAddress!, dstStride: 4 * width,
                                                        width: width, height: height)
                            job.paint = UnsafeRawPointer(pb.baseAddress!); job.paintStride = 4 * width
                            if coverageKind == 1 { job.coverage = constant }
                            if coverageKind == 2 { job.mask = UnsafePointer(mb.baseAddress!.assumingMemoryBound(to: UInt8.self)); job.maskStride = width }
                            let ran = job.run(at: level)
                            #expect(ran, "case \(n) \(level): no path")
                        }
                    }
                }
                return out
            }
            let want = run(.reference)
            if coverageKind == 0 {
                for (i, (s, d)) in zip(paint, destination).enumerated() {
                    let sa = Int(s >> 24)
                    for c in 0 ..< 4 {
                        let v = min(255, Int(s >> (8 * c) & 255) + CompositeReference.roundDiv255(Int(d >> (8 * c) & 255) * (255 - sa)))
                        if Int(s >> (8 * c) & 255) + CompositeReference.roundDiv255(Int(d >> (8 * c) & 255) * (255 - sa)) > 255 { saturated += 1 }
                        #expect(Int(want[i] >> (8 * c) & 255) == v, "case \(n) pixel \(i) channel \(c): the twin")
                    }
                }
            }
            for level in Kernels.supported { #expect(run(level) == want, "case \(n) \(level) coverage kind \(coverageKind)") }
        }
        #expect(saturated > 1000, "channels that saturated: \(saturated)")
    }

    /// No kernel reads or writes outside the rows it is given: every operator, format, paint and
    /// coverage kind with each destination, image and mask row ending at an unmapped page, then
    /// starting after one, over widths whose tails differ at every level (1…5, 7, 9, 15, 17, 33,
    /// 36, 37, 40, 63, 65, 66). An over-read faults (the 128-bit level's mask classification once
    /// read 8 bytes of a 4-pixel block: widths 5, 36, 37 and 40 crashed here).
    @Test(arguments: CompositeOperator.allCases)
    func kernelStaysWithinItsRows(op: CompositeOperator) {
        let widths = [1, 2, 3, 4, 5, 7, 9, 15, 17, 33, 36, 37, 40, 63, 65, 66]
        var seed: UInt64 = 7
        for guardPages in [FencedBuffer.GuardPages.afterRows, .beforeRows] {
            for format in PixelFormat.allCases {
                for paint in CompositeCase.PaintKind.allCases {
                    for coverage in CompositeCase.CoverageKind.allCases {
                        seed &+= 1
                        var c = CompositeCase(op: op, format: format, width: widths[Int(seed) % widths.count], height: 1 + Int(seed % 2),
                                              paint: paint, coverage: coverage, offsetX: Int(seed % 3) - 1,
                                              alpha: UInt8(truncatingIfNeeded: seed &* 37), seed: seed)
                        c.guardPages = guardPages
                        c.opaqueColour = seed % 2 == 0
                        let problems = c.checkEveryLevel()
                        #expect(problems.isEmpty, "\(c): \(problems)")
                    }
                }
            }
        }
    }

    /// 300 random cases — any operator, format, paint and coverage kind, width 0…300, height
    /// 1…4, padding 0…9 bytes, base misaligned by 0…63, a third with rows against unmapped pages
    /// after them and a third before — from one seed: a failure prints the case,
    /// and the seed and case number replay it.
    @Test func kernelEqualsReferenceOnRandomCases() {
        var rng = SeededGenerator(seed: 0xC0_4405_17E5)
        for caseIndex in 0 ..< 300 {
            let op = CompositeOperator.allCases.randomElement(using: &rng)!
            let format = PixelFormat.allCases.randomElement(using: &rng)!
            let width = Int.random(in: 0 ... 300, using: &rng), height = Int.random(in: 1 ... 4, using: &rng)
            let padding = Int.random(in: 0 ... 9, using: &rng), misalignment = Int.random(in: 0 ... 63, using: &rng)
            let paint = CompositeCase.PaintKind.allCases.randomElement(using: &rng)!
            let coverage = CompositeCase.CoverageKind.allCases.randomElement(using: &rng)!
            let seed = UInt64(width * 7919 + padding * 31 + misalignment)
            var c = CompositeCase(op: op, format: format, width: width, height: height, padding: padding,
                                  misalignment: misalignment, paint: paint, coverage: coverage,
                                  offsetX: Int(seed % 9) - 4, offsetY: Int(seed % 5) - 2,
                                  alpha: UInt8(truncatingIfNeeded: seed), seed: seed)
            c.guardPages = FencedBuffer.GuardPages.allCases[caseIndex % 3]
            let problems = c.checkEveryLevel()
            #expect(problems.isEmpty, "case \(caseIndex): \(c): \(problems)")
        }
    }
}

/// A job's paint read with its fourth byte as alpha 255 (SHEEN_PAINT_OPAQUE: pixman's x8 formats,
/// which the drop-in pixman composites) at every level.
@Suite struct PaddedPaintTests {
    /// A copy (source, no mask) whose paint rows convert — red–blue swapped, padding made opaque,
    /// or both — is written straight into the destination, given no scratch
    /// (runOnCheckedPath): every level, the reference twin included, writes each pixel
    /// converted. (The twin wrote nothing for such a job until the drop-in pixman's tests at
    /// SHEEN_SIMD=reference found it.)
    @Test func convertingCopiesWriteInPlaceAtEveryLevel() {
        var rng = SeededGenerator(seed: 0x636F_7079)
        let conversions = [SHEEN_PAINT_SWAP_RED_BLUE, SHEEN_PAINT_OPAQUE, SHEEN_PAINT_SWAP_RED_BLUE | SHEEN_PAINT_OPAQUE]
        for conversion in conversions {
            for width in [1, 3, 7, 16, 17, 33, 300] {
                let height = 2
                let paint = (0 ..< width * height).map { _ in UInt32.random(in: 0 ... .max, using: &rng) }
                let want = paint.map { sheen_paint_converted($0, UInt32(conversion)) }
                for level in Kernels.supported {
                    var out = [UInt32](repeating: 0x5A5A_5A5A, count: width * height)
                    paint.withUnsafeBytes { p in
                        out.withUnsafeMutableBytes { d in
                            var job = SheenCompositeJob(op: .source, format: .bgra8Premultiplied, dst: d.baseAddress!,
                                                        dstStride: 4 * width, width: width, height: height)
                            job.paint = p.baseAddress
                            job.paintStride = 4 * width
                            job.paintConversion = UInt32(conversion)
                            #expect(sheen_composite_converts_in_place(&job) != 0)
                            job.runOnCheckedPath(at: level)
                        }
                    }
                    #expect(out == want, "conversion \(conversion), width \(width) at \(level)")
                }
            }
        }
    }

    /// A converting copy whose rows follow one another in both images (paint and destination
    /// rows 4 × width bytes apart: cairo's paint of a whole image), which the C levels copy as one
    /// row — up to 4,096 pixels of x8 paint in 32-byte steps from a 64-byte boundary with a first
    /// and a last 16 pixels stored over others, beyond that in 16-byte steps: every level writes
    /// each pixel converted, for images of 1 to 10,000 pixels (the 4,096 boundary on both sides),
    /// destinations 4 to 60 bytes off a 64-byte boundary, each image's first byte just after an
    /// unmapped page or its last just before one (so a read or write past either end faults),
    /// and in place (the paint the destination itself); nothing written around the image.
    @Test func convertingCopiesOfFollowingRowsAreOneRow() {
        var rng = SeededGenerator(seed: 0x6F6E_6572)
        let sizes = [(1, 1), (15, 1), (16, 1), (4, 5), (17, 3), (33, 7), (64, 64), (32, 128), (65, 63), (97, 43),
                     (64, 65), (128, 2), (100, 100)]
        let conversions = [SHEEN_PAINT_OPAQUE, SHEEN_PAINT_SWAP_RED_BLUE | SHEEN_PAINT_OPAQUE]
        for (index, (width, height)) in sizes.enumerated() {
            for placement in 0 ..< 4 {
                let conversion = conversions[(index + placement) % 2]
                // Both images as one fenced row of width × height pixels (the job sees `height` rows).
                func image() -> FencedBuffer {
                    switch placement {
                    case 0: FencedBuffer(width: width * height, height: 1, format: .bgra8Premultiplied, guardPages: .afterRows)
                    case 1: FencedBuffer(width: width * height, height: 1, format: .bgra8Premultiplied, guardPages: .beforeRows)
                    default: FencedBuffer(width: width * height, height: 1, format: .bgra8Premultiplied,
                                          misalignment: 4 * Int.random(in: 1 ... 15, using: &rng))
                    }
                }
                let paint = image(), destination = placement == 3 ? paint : image()
                var values: [UInt32] = []
                for i in 0 ..< width * height {
                    let v = UInt32.random(in: 0 ... .max, using: &rng)
                    values.append(v)
                    paint.buffer.row(0).storeBytes(of: v, toByteOffset: 4 * i, as: UInt32.self)
                }
                let want = values.map { sheen_paint_converted($0, UInt32(conversion)) }
                for level in Kernels.supported {
                    if placement == 3 {
                        for (i, v) in values.enumerated() { paint.buffer.row(0).storeBytes(of: v, toByteOffset: 4 * i, as: UInt32.self) }
                    }
                    var job = SheenCompositeJob(op: .source, format: .bgra8Premultiplied, dst: destination.buffer.base,
                                                dstStride: 4 * width, width: width, height: height)
                    job.paint = UnsafeRawPointer(paint.buffer.base)
                    job.paintStride = 4 * width
                    job.paintConversion = UInt32(conversion)
                    #expect(sheen_composite_converts_in_place(&job) != 0)
                    job.runOnCheckedPath(at: level)
                    let got = (0 ..< width * height).map { destination.buffer.row(0).load(fromByteOffset: 4 * $0, as: UInt32.self) }
                    #expect(got == want, "\(width) × \(height), placement \(placement), conversion \(conversion) at \(level)")
                    #expect(destination.fenceViolations == 0, "\(width) × \(height), placement \(placement) at \(level): wrote outside")
                    if placement != 3 {
                        let read = (0 ..< width * height).map { paint.buffer.row(0).load(fromByteOffset: 4 * $0, as: UInt32.self) }
                        #expect(read == values, "\(width) × \(height), placement \(placement) at \(level): the paint changed")
                    }
                }
            }
        }
    }

    /// sourceOver of x8 rows through a mask at full coverage (sheen_composite_over_opaque_rows:
    /// cairo's edge spans of a shape filled from an RGB24 image), which the C levels draw with
    /// the paint made opaque in registers: at every level, given no scratch (as the drop-in
    /// pixman gives it none), byte for byte the same rows made opaque and composited at the
    /// reference level — widths 0…70 (every whole block and tail of every level), 1…3 rows,
    /// masks of runs all 0, all 255 and mixed, both channel orders, paint, mask and destination
    /// rows against unmapped pages after or before them or between canary bands; nothing
    /// written outside the rows, the paint's padding bytes left as they were.
    @Test func overOfX8RowsThroughAMaskIsItsOpaqueRowsComposited() {
        var rng = SeededGenerator(seed: 0x6F76_6572)
        for n in 0 ..< 71 * 6 {
            let width = n % 71, height = 1 + (n / 71) % 3
            let guardPages = FencedBuffer.GuardPages.allCases[(n / 71 + n) % 3]
            let format: PixelFormat = n % 2 == 0 ? .bgra8Premultiplied : .rgba8Premultiplied
            func fenced(_ format: PixelFormat) -> FencedBuffer {
                FencedBuffer(width: width, height: height, format: format, padding: Int.random(in: 0 ... 9, using: &rng),
                             misalignment: Int.random(in: 0 ... 63, using: &rng), guardPages: guardPages)
            }
            // Paint of any bytes (its fourth byte padding), and the same rows with that byte 255.
            let paint = fenced(format), opaque = fenced(format)
            for y in 0 ..< height {
                for x in 0 ..< width {
                    let v = UInt32.random(in: 0 ... .max, using: &rng)
                    paint.buffer.row(y).storeBytes(of: v, toByteOffset: 4 * x, as: UInt32.self)
                    opaque.buffer.row(y).storeBytes(of: v | 0xFF00_0000, toByteOffset: 4 * x, as: UInt32.self)
                }
            }
            // Coverage in runs of 1…20 pixels, each all 0, all 255 or random.
            let mask = fenced(.a8)
            for y in 0 ..< height {
                var x = 0
                while x < width {
                    let run = min(Int.random(in: 1 ... 20, using: &rng), width - x), kind = Int.random(in: 0 ... 2, using: &rng)
                    for i in x ..< x + run {
                        let c: UInt8 = kind == 0 ? 0 : kind == 1 ? 255 : UInt8.random(in: 0 ... 255, using: &rng)
                        mask.buffer.row(y).storeBytes(of: c, toByteOffset: i, as: UInt8.self)
                    }
                    x += run
                }
            }
            let destination = fenced(format)
            fillRandomPremultiplied(destination.buffer, &rng)
            /// The job of `from`'s rows (converted as `conversion` says) through the mask onto `onto`.
            func job(_ from: FencedBuffer, _ conversion: Int, onto: FencedBuffer) -> SheenCompositeJob {
                var job = SheenCompositeJob(op: .sourceOver, format: format, dst: onto.buffer.base, dstStride: onto.buffer.bytesPerRow,
                                            width: width, height: height)
                job.paint = UnsafeRawPointer(from.buffer.base)
                job.paintStride = from.buffer.bytesPerRow
                job.paintConversion = UInt32(conversion)
                job.mask = UnsafePointer(mask.buffer.base.assumingMemoryBound(to: UInt8.self))
                job.maskStride = mask.buffer.bytesPerRow
                return job
            }
            let want = destination.copy()
            var plain = job(opaque, SHEEN_PAINT_AS_IS, onto: want)
            let ran = plain.run(at: .reference)
            #expect(ran)
            let paintBefore = paint.copy()
            for level in Kernels.supported {
                let got = destination.copy()
                var x8 = job(paint, SHEEN_PAINT_OPAQUE, onto: got)
                let takesIt = sheen_composite_over_opaque_rows(&x8) != 0 && !x8.needsScratch
                #expect(takesIt)
                x8.runOnCheckedPath(at: level)
                #expect(got.sameBytes(as: want), "case \(n): width \(width), \(height) rows, \(format) at \(level): bytes differ")
                #expect(got.fenceViolations == 0 && paint.sameBytes(as: paintBefore), "case \(n) at \(level): wrote outside the rows")
            }
        }
    }

    /// With SHEEN_PAINT_OPAQUE, paint rows whose fourth byte holds anything composite as the same
    /// rows with that byte 255 — alone, with the red–blue swap and onto A8 — at every level, for
    /// a few operators and widths covering every tail; the padding bytes themselves are not
    /// written.
    @Test func paddingReadsAsOpaqueAtEveryLevel() throws {
        var rng = SeededGenerator(seed: 0x7838_7061)
        for op in [CompositeOperator.sourceOver, .source, .multiply, .xor] {
            for (conversion, format) in [(SHEEN_PAINT_AS_IS, PixelFormat.bgra8Premultiplied),
                                         (SHEEN_PAINT_SWAP_RED_BLUE, .rgba8Premultiplied), (SHEEN_PAINT_ALPHA, .a8)]
            where format != .a8 || op.isAlphaOnly {
                for width in [1, 3, 7, 16, 17, 33] {
                    let height = 3
                    // Opaque colours with random padding: valid premultiplied once the padding reads as 255.
                    var padded = (0 ..< width * height).map { _ in UInt32.random(in: 0 ... .max, using: &rng) }
                    let opaque = padded.map { $0 | 0xFF00_0000 }
                    let destination = (0 ..< width * height * format.bytesPerPixel).map { _ in
                        UInt8.random(in: 0 ... 255, using: &rng)
                    }
                    let mask = (0 ..< width * height).map { _ in UInt8.random(in: 0 ... 255, using: &rng) }
                    // Destination colour levels at most their alpha (valid premultiplied).
                    var valid = destination
                    if format.bytesPerPixel == 4 {
                        for p in 0 ..< width * height {
                            for c in 0 ..< 3 { valid[4 * p + c] = min(valid[4 * p + c], valid[4 * p + 3]) }
                        }
                    }
                    func run(_ paint: [UInt32], _ conv: Int, _ level: SIMDLevel) -> [UInt8] {
                        var out = valid
                        paint.withUnsafeBytes { p in
                            mask.withUnsafeBytes { m in
                                out.withUnsafeMutableBytes { d in
                                    var job = SheenCompositeJob(op: op, format: format, dst: d.baseAddress!,
                                                                dstStride: width * format.bytesPerPixel, width: width, height: height)
                                    job.paint = p.baseAddress
                                    job.paintStride = 4 * width
                                    job.paintConversion = UInt32(conv)
                                    job.mask = m.baseAddress!.assumingMemoryBound(to: UInt8.self)
                                    job.maskStride = width
                                    let ran = job.run(at: level)
                                    #expect(ran)
                                }
                            }
                        }
                        return out
                    }
                    for level in Kernels.supported {
                        let before = padded
                        let got = run(padded, conversion | SHEEN_PAINT_OPAQUE, level)
                        let want = run(opaque, conversion, level)
                        #expect(got == want, "\(op) \(format) width \(width) at \(level)")
                        #expect(padded == before)
                        padded = before
                    }
                }
            }
        }
    }
}
