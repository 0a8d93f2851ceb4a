import CSheenSIMD
import Foundation
@testable import SheenRaster
import SheenTestSupport
import Testing

/// The golden cases of the C conformance driver (Scripts/conformance/conformance.c), which runs
/// a C level's kernel table — the 128-bit level built for AArch64 under qemu, every x86 level
/// natively — on jobs whose expected output the Swift reference twins computed here.
///
/// Each case is one C job as SheenRaster makes it (composite, gradient span, blur passes, row
/// fill, row copy) with its inputs and the twin's output, written in the binary layout the
/// driver reads (all integers little-endian). Written when SHEEN_CONFORMANCE_OUT names the file
/// (Scripts/test-arm64.sh); before writing, every case is also run at every C level this CPU has
/// and checked against the twin, so a golden that the x86 levels disagree with is never written.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["SHEEN_CONFORMANCE_OUT"] != nil))
struct ConformanceGoldens {
    /// The bytes of the file, appended to as cases are made.
    final class Writer {
        var data = Data("SHEENGLD".utf8)
        var cases = 0
        /// Cases written of each kind, in the closing record's order.
        var kinds: [UInt8: Int] = [:]
        static let kindOrder: [UInt8] = [UInt8(ascii: "C"), UInt8(ascii: "G"), UInt8(ascii: "B"), UInt8(ascii: "F"), UInt8(ascii: "P"),
                                              UInt8(ascii: "V"), UInt8(ascii: "S"), UInt8(ascii: "R"), UInt8(ascii: "K")]
        /// Starts a case of `kind` (its letter and number).
        func begin(_ kind: Character) {
            let k = kind.asciiValue!
            u8(k); u32(UInt32(cases))
            kinds[k, default: 0] += 1
        }
        /// The closing record: the number of cases of each kind, which the driver holds the file
        /// to (a file cut short or holding only its header is refused).
        func end() {
            u8(UInt8(ascii: "E")); u32(UInt32(cases))
            for k in Self.kindOrder { u32(UInt32(kinds[k, default: 0])) }
        }
        func u8(_ v: UInt8) { data.append(v) }
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
        func i64(_ v: Int) { withUnsafeBytes(of: Int64(v).littleEndian) { data.append(contentsOf: $0) } }
        func f32(_ v: Float) { u32(v.bitPattern) }
        func f64(_ v: Double) { withUnsafeBytes(of: v.bitPattern.littleEndian) { data.append(contentsOf: $0) } }
        func bytes(_ b: [UInt8]) { i64(b.count); data.append(contentsOf: b) }
        func floats(_ p: UnsafePointer<Float>?, _ n: Int) { for k in 0 ..< n { f32(p![k]) } }
    }

    /// Where the misaligned buffers of a case start past a 64-byte boundary (the driver places
    /// its copies the same way).
    static let misalignments = [0, 1, 3, 4, 7, 12, 15]

    /// `count` bytes of a pattern that differs per buffer and per case.
    static func pattern(_ count: Int, _ rng: inout SeededGenerator) -> [UInt8] {
        (0 ..< count).map { _ in UInt8.random(in: 0 ... 255, using: &rng) }
    }

    /// Valid premultiplied 32-bit pixels (colour ≤ alpha; BGRA or RGBA alike), as bytes.
    static func premultiplied(_ count: Int, _ rng: inout SeededGenerator) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count)
        while out.count < count {
            let a = [0, 255, UInt8.random(in: 0 ... 255, using: &rng)].randomElement(using: &rng)!
            for _ in 0 ..< 3 { out.append(UInt8.random(in: 0 ... a, using: &rng)) }
            out.append(a)
        }
        return Array(out.prefix(count))
    }

    /// `height` rows `stride` bytes apart of `rowBytes` bytes from `row` each, the padding between
    /// them random: premultiplied pixels start at every row.
    static func rows(_ stride: Int, _ height: Int, _ rowBytes: Int, _ rng: inout SeededGenerator,
                     _ row: (Int, inout SeededGenerator) -> [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        for r in 0 ..< height {
            out += row(rowBytes, &rng)
            if r < height - 1 { out += pattern(stride - rowBytes, &rng) }
        }
        return out
    }

    /// A mask row mix: text-like runs of 0 and 255 with edges, or any bytes.
    static func mask(_ count: Int, _ rng: inout SeededGenerator) -> [UInt8] {
        if Bool.random(using: &rng) { return pattern(count, &rng) }
        var out: [UInt8] = [], run = 0, value: UInt8 = 0
        for _ in 0 ..< count {
            if run == 0 {
                run = Int.random(in: 1 ... 40, using: &rng)
                value = [0, 255, UInt8.random(in: 1 ... 254, using: &rng)].randomElement(using: &rng)!
            }
            out.append(value); run -= 1
        }
        return out
    }

    /// The C levels this CPU runs, as tables.
    static var cTables: [(SIMDLevel, SheenKernelTable)] {
        var t: [(SIMDLevel, SheenKernelTable)] = []
        if Kernels.supported.contains(.simd128) { t.append((.simd128, sheen_kernels_simd128)) }
        if Kernels.supported.contains(.avx2) { t.append((.avx2, sheen_kernels_avx2)) }
        if Kernels.supported.contains(.avx512) { t.append((.avx512, sheen_kernels_avx512)) }
        return t
    }

    /// Writes a gradient job's fields and tables (everything but its destination).
    static func writeGradient(_ j: SheenGradientJob, _ w: Writer) {
        w.i64(j.x); w.i64(j.y); w.i64(j.width); w.i64(j.height)
        w.u32(j.bytesPerPixel); w.u32(j.shape); w.u32(j.spread); w.u32(j.dither); w.u32(j.opaque); w.u32(j.quadratic)
        withUnsafeBytes(of: j.g) { g in for k in 0 ..< 6 { w.f64(g.load(fromByteOffset: 8 * k, as: Double.self)) } }
        w.floats(j.laneX, 16); w.floats(j.laneY, 16)
        withUnsafeBytes(of: j.p) { p in for k in 0 ..< 9 { w.f32(p.load(fromByteOffset: 4 * k, as: Float.self)) } }
        w.u8(j.ditherTable == nil ? 0 : 1)
        if j.ditherTable != nil { w.floats(j.ditherTable, 128) }
        w.u32(j.segments)
        w.floats(j.bounds, Int(j.segments) + 1)
        w.floats(j.pieces, (j.quadratic != 0 ? 13 : 9) * Int(j.segments))
        w.u32(j.cellCount); w.u32(j.cellSteps)
        for k in 0 ..< Int(j.cellCount) { w.u32(j.cells![k]) }
    }

    /// Composite jobs: every operator × paint kind (solid, rows, gradient, column, rows in another
    /// format) × coverage kind (full, constant, mask as it is or scaled by an alpha) × format (RGBA, BGRA, A8
    /// for the Porter-Duff operators), widths 0…130.
    static func composites(_ w: Writer, _ rng: inout SeededGenerator) throws -> [String] {
        var problems: [String] = []
        var width = 0
        for op in CompositeOperator.allCases {
            for bpp in [4, 1] where bpp == 4 || op.isAlphaOnly {
                for paintKind in 0 ... 4 {
                    for coverageKind in 0 ... 2 {
                        for _ in 0 ..< (paintKind <= 2 ? 6 : 2) {
                            width = (width + 37) % 131
                            problems += try composite(op: op, bpp: bpp, paintKind: paintKind, coverageKind: coverageKind,
                                                      width: width, w, &rng)
                        }
                    }
                }
            }
        }
        return problems
    }

    /// The text path (over_n_8_8888): sourceOver of an opaque colour through a mask onto 32-bit
    /// pixels at every width 0…160 — below a chunk (the short-row loop), whole chunks, whole
    /// blocks and every partial-block tail at every level — 1…5 rows, the mask as it is and
    /// scaled by a coverage below 255.
    static func textPath(_ w: Writer, _ rng: inout SeededGenerator) throws -> [String] {
        var problems: [String] = []
        for width in 0 ... 160 {
            problems += try composite(op: .sourceOver, bpp: 4, paintKind: 0, coverageKind: 2, width: width, w, &rng,
                                      opaqueSolid: true, coverage: 255, height: 1 + width % 5)
        }
        for width in 0 ... 80 {
            problems += try composite(op: .sourceOver, bpp: 4, paintKind: 0, coverageKind: 2, width: width, w, &rng,
                                      opaqueSolid: true, height: 1 + width % 3)
        }
        // Beside it, colours just short of opaque (alpha 254, 128, 1), which must not take it.
        for (n, width) in stride(from: 1, through: 70, by: 3).enumerated() {
            problems += try composite(op: .sourceOver, bpp: 4, paintKind: 0, coverageKind: 2, width: width, w, &rng,
                                      coverage: 255, height: 2, solidAlpha: [254, 128, 1][n % 3])
        }
        return problems
    }

    /// sourceOver of x8 rows (their fourth byte padding read as alpha 255) through a mask at
    /// full coverage — the entry's over_opaque_rows, the paint made opaque in registers — at
    /// every width 0…70 (every whole block and tail of every level), both channel orders, 1…3
    /// rows, masks in runs of 0, 255 and mixed.
    static func opaqueRows(_ w: Writer, _ rng: inout SeededGenerator) throws -> [String] {
        var problems: [String] = []
        for width in 0 ... 70 {
            problems += try composite(op: .sourceOver, bpp: 4, paintKind: 4, coverageKind: 2, width: width, w, &rng,
                                      coverage: 255, height: 1 + width % 3, conversion: SHEEN_PAINT_OPAQUE)
        }
        return problems
    }

    /// Copies of x8 rows made opaque, alone or with red and blue swapped (source at full coverage:
    /// the entry's copy_converted_rows), whose rows follow one another in both images, which the
    /// C levels copy as one row: images of 1 to 10,000 pixels about the bounds of its form for
    /// images in the L1 cache (16 and 4,096 pixels) and of the 16-byte loop (128-pixel rows).
    static func convertingCopies(_ w: Writer, _ rng: inout SeededGenerator) throws -> [String] {
        var problems: [String] = []
        let sizes = [(1, 1), (15, 1), (16, 1), (4, 5), (17, 3), (33, 7), (130, 2), (64, 64), (65, 63), (64, 65), (100, 100)]
        for (n, (width, height)) in sizes.enumerated() {
            problems += try composite(op: .source, bpp: 4, paintKind: 4, coverageKind: 0, width: width, w, &rng, coverage: 255,
                                      height: height, conversion: n % 2 == 0 ? SHEEN_PAINT_OPAQUE : SHEEN_PAINT_OPAQUE | SHEEN_PAINT_SWAP_RED_BLUE,
                                      contiguous: true)
        }
        return problems
    }

    /// sourceOver through component-alpha coverage (CompositeComponentAlpha.h) at every width
    /// 0…70 (every whole block and tail of every level), 1…3 rows, both channel orders, each paint
    /// kind (solid, rows, a gradient, a paint column, rows in the other order and x8 rows — the
    /// last four through the row walker), coverage bytes in runs of 0, 255 and mixed.
    static func componentAlpha(_ w: Writer, _ rng: inout SeededGenerator) throws -> [String] {
        var problems: [String] = []
        for width in 0 ... 70 {
            for paintKind in [0, 1, 2, 3, 4] where paintKind == width % 5 || paintKind < 2 {
                let conversion = paintKind == 4 && width % 2 == 0 ? SHEEN_PAINT_OPAQUE : nil
                problems += try composite(op: .sourceOver, bpp: 4, paintKind: paintKind, coverageKind: 2, width: width, w, &rng,
                                          coverage: 255, height: 1 + width % 3, conversion: conversion, componentAlpha: true)
            }
        }
        return problems
    }

    /// A8 destinations at every width 0…130: each tail of a 64-byte block (AVX-512) and of the
    /// narrower levels', for the Porter-Duff operators in turn, every paint and coverage kind.
    static func alphaTails(_ w: Writer, _ rng: inout SeededGenerator) throws -> [String] {
        let operators = CompositeOperator.allCases.filter(\.isAlphaOnly)
        var problems: [String] = []
        for width in 0 ... 130 {
            problems += try composite(op: operators[width % operators.count], bpp: 1, paintKind: width % 5,
                                      coverageKind: width % 3, width: width, w, &rng)
        }
        return problems
    }

    /// Valid premultiplied pixels in runs of 64 from the row's start (a whole chunk, or whole
    /// chunks, at every level) that are all opaque, all zero, mixed, or opaque or zero for their
    /// first 4…60 pixels only, so that a chunk's test must look at every block of it.
    static func runPixels(_ count: Int, _ rng: inout SeededGenerator) -> [UInt8] {
        var out: [UInt8] = []
        while out.count < count {
            // 0 opaque, 1 zero, 2 mixed, 3 and 4 opaque or zero for 4…60 pixels, then mixed.
            let kind = Int.random(in: 0 ... 4, using: &rng)
            let prefix = kind >= 3 ? 16 * Int.random(in: 1 ... 15, using: &rng) : 256
            var run = premultiplied(256, &rng)
            for i in stride(from: 0, to: kind == 2 ? 0 : prefix, by: 4) {
                if kind == 0 || kind == 3 { run[i + 3] = 255 } else { run.replaceSubrange(i ..< i + 4, with: [0, 0, 0, 0]) }
            }
            out += run
        }
        return Array(out.prefix(count))
    }

    /// sourceOver of rows (as they are and in the other byte order) at full coverage and through
    /// masks whose chunks are often all 255, on paint in runs of opaque, clear and mixed blocks:
    /// the opaque chunk stored as the paint, the clear one left alone (CompositeSpans.h chunk32).
    static func opaqueAndClearRuns(_ w: Writer, _ rng: inout SeededGenerator) throws -> [String] {
        var problems: [String] = []
        for width in [16, 37, 64, 100, 150, 257, 300] {
            for paintKind in [1, 4] {
                for coverageKind in [0, 2] {
                    problems += try composite(op: .sourceOver, bpp: 4, paintKind: paintKind, coverageKind: coverageKind, width: width,
                                              w, &rng, coverage: 255, height: 3, pixels: runPixels)
                }
            }
        }
        return problems
    }

    /// Valid premultiplied pixels whose levels sit where the blend formulas branch: alpha 0, 1,
    /// 2, 127, 128, 254, 255 or any; each colour 0, 1, its alpha, alpha − 1, a quarter or a half
    /// of it, or any level up to it.
    static func boundaryPixels(_ count: Int, _ rng: inout SeededGenerator) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count + 3)
        while out.count < count {
            let a = [0, 1, 2, 127, 128, 254, 255, UInt8.random(in: 0 ... 255, using: &rng)].randomElement(using: &rng)!
            for _ in 0 ..< 3 {
                let c = [0, 1, a, a &- 1, a / 4, a / 2, UInt8((Int(a) + 1) / 2), UInt8.random(in: 0 ... a, using: &rng)].randomElement(using: &rng)!
                out.append(min(c, a))
            }
            out.append(a)
        }
        return Array(out.prefix(count))
    }

    /// Every 32-bit operator on paint and destination rows of boundary pixels, full coverage and
    /// through a mask: the equalities where the blend modes' formulas change branch (s = sa,
    /// s = 0, d = da, 4d = da, 2s = sa, alpha 0 and 255).
    static func boundaries(_ w: Writer, _ rng: inout SeededGenerator) throws -> [String] {
        var problems: [String] = []
        for op in CompositeOperator.allCases {
            for coverageKind in [0, 2] {
                problems += try composite(op: op, bpp: 4, paintKind: 1, coverageKind: coverageKind, width: 97 + coverageKind, w, &rng,
                                          height: 3, pixels: boundaryPixels)
            }
        }
        return problems
    }

    static func composite(op: CompositeOperator, bpp: Int, paintKind: Int, coverageKind: Int, width: Int,
                          _ w: Writer, _ rng: inout SeededGenerator, opaqueSolid: Bool = false,
                          coverage fixedCoverage: UInt32? = nil, height fixedHeight: Int? = nil,
                          pixels: ((Int, inout SeededGenerator) -> [UInt8])? = nil, solidAlpha: UInt8? = nil,
                          conversion fixedConversion: Int? = nil, componentAlpha: Bool = false,
                          contiguous: Bool = false) throws -> [String] {
        let height = fixedHeight ?? Int.random(in: 1 ... 3, using: &rng)
        // `contiguous`: destination and paint rows with no bytes between them (the same random
        // numbers drawn, so that the cases after keep theirs).
        let dstPadding = Int.random(in: 0 ... 9, using: &rng)
        let dstStride = width * bpp + (contiguous ? 0 : dstPadding)
        // Kind 4's rows are 32-bit pixels in the other byte order, or whose alpha is the A8 paint (or
        // `conversion`'s: x8 rows in the same order, their padding read as alpha 255).
        let paintBytes = paintKind == 4 ? 4 : bpp
        let conversion = fixedConversion ?? (paintKind != 4 ? SHEEN_PAINT_AS_IS : bpp == 4 ? SHEEN_PAINT_SWAP_RED_BLUE : SHEEN_PAINT_ALPHA)
        let randomPaintStride = Bool.random(using: &rng) ? width * paintBytes + Int.random(in: 0 ... 5, using: &rng) : 0
        let paintStride = contiguous ? width * paintBytes : randomPaintStride
        // A component-alpha mask holds a coverage byte per channel.
        let maskRow = componentAlpha ? 4 * width : width
        let maskStride = maskRow + Int.random(in: 0 ... 5, using: &rng)
        let span = { (stride: Int, row: Int) in stride * (height - 1) + row }
        let pixels = pixels ?? premultiplied
        let dst0 = rows(dstStride, height, width * bpp, &rng, bpp == 4 ? pixels : pattern)
        let paint = paintStride == 0 ? (paintBytes == 4 ? pixels(width * 4, &rng) : pattern(width, &rng))
            : rows(paintStride, height, width * paintBytes, &rng, paintBytes == 4 ? pixels : pattern)
        let column: [UInt32] = (0 ..< height).map { _ in
            let p = premultiplied(4, &rng)
            return bpp == 4 ? p.withUnsafeBytes { $0.load(as: UInt32.self) } : UInt32(p[3])
        }
        let mask = Self.mask(span(maskStride, maskRow), &rng)
        var solidPixel = premultiplied(4, &rng)
        if opaqueSolid { solidPixel[3] = 255 }
        if let solidAlpha { solidPixel = solidPixel.prefix(3).map { min($0, solidAlpha) } + [solidAlpha] }
        let solid = bpp == 4 ? solidPixel.withUnsafeBytes { $0.load(as: UInt32.self) } : UInt32(solidPixel[3])
        let coverage: UInt32 = fixedCoverage
            ?? (coverageKind == 0 ? 255 : coverageKind == 2 && Bool.random(using: &rng) ? 255  // a mask as it is
                : [0, 1, 128, 254, UInt32.random(in: 0 ... 255, using: &rng)].randomElement(using: &rng)!)
        let red: UInt32 = Bool.random(using: &rng) ? 2 : 0
        let misalign = misalignments.randomElement(using: &rng)!
        // A random gradient the validation refuses (a repeat period under 1/256 px) is redrawn.
        var fill: GradientFill! = nil
        while fill == nil { fill = try? GradientFill(randomGradient(&rng, size: 140)) }
        let gx = Int.random(in: -20 ... 40, using: &rng), gy = Int.random(in: -5 ... 20, using: &rng)
        let gWidth = paintKind == 2 && Int.random(in: 0 ..< 5, using: &rng) == 0 ? 1 : width
        // The job run by `entry` on a copy of the destination (the gradient job is made per
        // call), or with `record`, written as the driver rebuilds it instead of run.
        func run(_ entry: CompositeEntry, record: Bool = false) -> [UInt8] {
            var out = dst0
            var scratch = [UInt8](repeating: 0, count: sheen_composite_scratch_bytes(width))
            out.withUnsafeMutableBytes { d in
                paint.withUnsafeBytes { p in
                    mask.withUnsafeBytes { m in
                        scratch.withUnsafeMutableBytes { s in
                            fill.program.withJob(dst: s.baseAddress!, stride: 0, x: gx, y: gy, width: gWidth, height: height,
                                                 bytesPerPixel: gWidth == 1 ? 4 : bpp, bgra: red == 2,
                                                 dither: fill.gradient.dither) { g in
                                if record {
                                    w.begin("C")
                                    w.i64(width); w.i64(height); w.i64(dstStride); w.i64(paintStride); w.i64(maskStride)
                                    w.u32(solid); w.u32(coverage); w.u32(op.kernelIndex); w.u32(UInt32(bpp)); w.u32(red)
                                    w.u8(UInt8(paintKind)); w.u8(coverageKind == 2 ? 1 : 0); w.u32(UInt32(misalign))
                                    w.u32(UInt32(conversion))
                                    w.u32(componentAlpha ? 1 : 0)
                                    w.bytes(dst0)
                                    if paintKind == 1 || paintKind == 4 { w.bytes(paint) }
                                    if paintKind == 3 { w.bytes(column.flatMap { v in (0 ..< 4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }) }
                                    if coverageKind == 2 { w.bytes(mask) }
                                    if paintKind == 2 { writeGradient(g, w) }
                                    return
                                }
                                var job = SheenCompositeJob()
                                job.dst = d.baseAddress; job.dstStride = dstStride
                                job.paint = paintKind == 1 || paintKind == 4 ? p.baseAddress : nil; job.paintStride = paintStride
                                job.paintConversion = UInt32(conversion)
                                job.mask = coverageKind == 2 ? m.baseAddress?.assumingMemoryBound(to: UInt8.self) : nil
                                job.maskStride = maskStride
                                job.width = width; job.height = height; job.solid = solid; job.coverage = coverage
                                job.op = op.kernelIndex; job.bytesPerPixel = UInt32(bpp); job.redByte = red
                                job.scratch = s.baseAddress
                                job.componentAlpha = componentAlpha ? 1 : 0
                                withUnsafePointer(to: g) { gp in
                                    if paintKind == 2 { job.gradient = gp }
                                    column.withUnsafeBufferPointer { c in
                                        if paintKind == 3 { job.paintColumn = c.baseAddress }
                                        #expect(entry(&job) == 0)
                                    }
                                }
                            }
                        }
                    }
                }
            }
            return out
        }
        let expected = run({ $0.map(compositeJobReference) ?? Int32(SHEEN_COMPOSITE_NO_PATH) })
        var problems: [String] = []
        for (level, table) in cTables {
            let got = run(table.composite!)
            if got != expected, let k = got.indices.first(where: { got[$0] != expected[$0] }) {
                problems.append("composite \(op) bpp \(bpp) paint \(paintKind) coverage \(coverageKind) width \(width)×\(height) "
                                + "at \(level): byte \(k) (stride \(dstStride)) \(got[k]) ≠ \(expected[k]), was \(dst0[k])")
            }
        }
        _ = run({ _ in 0 }, record: true)
        w.bytes(expected)
        w.cases += 1
        return problems
    }

    /// A colour ramp and dither table written over a job's own (same segment count), with
    /// levels the library's ramps never produce: exact ties at even and odd integers (2.5, 3.5,
    /// 254.5), colours above their alpha, levels outside 0…255 and at or beyond ±2³¹, NaN and
    /// infinities — where the rounding conversion, its out-of-range select, the saturating packs
    /// and the colour ≤ alpha clamp each decide the byte.
    final class EdgeRamp {
        static let specials: [Float] = [0, 0.5, 1.5, 2.5, 3.5, -0.5, -1.5, 127.5, 128.5, 254.5, 255.5, 256, 300, -300,
                                        2_147_483_520, 2_147_483_648, 3e9, -2_147_483_648, -3e9, 1e30,
                                        .nan, .infinity, -.infinity, .leastNonzeroMagnitude]
        let pieces: UnsafeMutablePointer<Float>
        let dither = UnsafeMutablePointer<Float>.allocate(capacity: 128)
        let count: Int
        let dithered: Bool, opaque: Bool, quadratic: Bool

        init(segments: Int, origins: UnsafePointer<Float>, _ rng: inout SeededGenerator) {
            count = 13 * segments
            pieces = .allocate(capacity: count)
            dithered = Bool.random(using: &rng)
            opaque = Int.random(in: 0 ..< 4, using: &rng) == 0
            // Half the ramps quadratic: a curvature row per channel (the 9 rows above are read
            // alike either way; an opaque quadratic ramp is run with its tests left in).
            quadratic = Bool.random(using: &rng)
            func level() -> Float {
                Bool.random(using: &rng) ? Self.specials.randomElement(using: &rng)! : Float(Int.random(in: -2 ... 257, using: &rng))
            }
            for i in 0 ..< segments {
                pieces[i] = origins[i]
                // Colours well above a small alpha in a third of the pieces.
                let low = Int.random(in: 0 ..< 3, using: &rng) == 0
                for k in 1 ... 4 { pieces[k * segments + i] = low ? (k == 4 ? Float(Int.random(in: 0 ... 60, using: &rng)) : Float(Int.random(in: 100 ... 255, using: &rng)) + [0, 0.5].randomElement(using: &rng)!) : level() }
                // Mostly flat, so the special level reaches the conversion as it is; else a power of
                // two (base + (t − o)·2^k is then often a Float tie in Double, where the 128-bit x86
                // level's emulated fused multiply-add rounds to odd first) or any slope.
                for k in 5 ... 12 {
                    switch Int.random(in: 0 ..< 6, using: &rng) {
                    case 0: pieces[k * segments + i] = Float.random(in: -2 ... 2, using: &rng)
                    case 1, 2: pieces[k * segments + i] = Float(sign: Bool.random(using: &rng) ? .minus : .plus,
                                                                exponent: Int.random(in: -4 ... 10, using: &rng), significand: 1)
                    default: pieces[k * segments + i] = 0
                    }
                }
            }
            for k in 0 ..< 128 {
                dither[k] = Bool.random(using: &rng) ? [0, 0.5, -0.5, 1.5, -1.5, 0.25].randomElement(using: &rng)! : Self.specials.randomElement(using: &rng)!
            }
        }

        deinit { pieces.deallocate(); dither.deallocate() }

        func apply(_ job: inout SheenGradientJob) {
            job.pieces = UnsafePointer(pieces)
            job.dither = dithered ? 1 : 0
            job.ditherTable = dithered ? UnsafePointer(dither) : nil
            job.opaque = opaque ? 1 : 0
            job.quadratic = quadratic ? 1 : 0
        }
    }

    /// Gradient span jobs: random gradients of every shape, spread, space and stop count (the
    /// cell path too), dithered or not, into RGBA, BGRA and A8 rectangles at any x phase. With
    /// `edges`, each job's ramp is an EdgeRamp, its origin up to ±10⁶ px from the gradient's,
    /// and a quarter of them are columns (width 1) up to 40 rows tall.
    static func gradients(_ w: Writer, _ rng: inout SeededGenerator, count: Int, edges: Bool = false) throws -> [String] {
        var problems: [String] = []
        for i in 0 ..< count {
            var g = randomGradient(&rng, size: 140)
            if i % 4 == 0 {
                // Past SHEEN_GRADIENT_BROADCAST_SEGMENTS: the ramp's cells and gathers.
                let n = Int.random(in: 9 ... 20, using: &rng)
                g.stops = (0 ..< n).map { k in
                    GradientStop(Double(k) / Double(n - 1), Color(red: .random(in: 0 ... 1, using: &rng), green: .random(in: 0 ... 1, using: &rng),
                                                                  blue: .random(in: 0 ... 1, using: &rng), alpha: .random(in: 0 ... 1, using: &rng)))
                }
            }
            guard let fill = try? GradientFill(g) else { continue }   // refused: a repeat period under 1/256 px
            let bpp = i % 3 == 2 ? 1 : 4, bgra = i % 3 == 1
            let column = edges ? i % 4 == 1 : i % 7 == 0
            let width = column ? 1 : Int.random(in: 0 ... 130, using: &rng)
            let height = edges && column ? Int.random(in: 1 ... 40, using: &rng) : Int.random(in: 1 ... 4, using: &rng)
            let stride = width * bpp + Int.random(in: 0 ... 9, using: &rng)
            let far = edges && Bool.random(using: &rng)
            let x = far ? Int.random(in: -1_000_000 ... 1_000_000, using: &rng) : Int.random(in: -40 ... 150, using: &rng)
            let y = far ? Int.random(in: -1_000_000 ... 1_000_000, using: &rng) : Int.random(in: -10 ... 150, using: &rng)
            let dst0 = pattern(stride * (height - 1) + width * bpp, &rng)
            let misalign = misalignments.randomElement(using: &rng)!
            var ramp: EdgeRamp? = nil
            if edges {
                var probe = [UInt8](repeating: 0, count: 4)
                probe.withUnsafeMutableBytes { d in
                    fill.program.withJob(dst: d.baseAddress!, stride: 0, x: 0, y: 0, width: 1, height: 1, bytesPerPixel: 4,
                                         bgra: bgra, dither: g.dither) { job in
                        ramp = EdgeRamp(segments: Int(job.segments), origins: job.pieces!, &rng)
                    }
                }
            }
            func run(_ entry: GradientEntry, record: Bool) -> [UInt8] {
                var out = dst0
                out.withUnsafeMutableBytes { d in
                    fill.program.withJob(dst: d.baseAddress!, stride: stride, x: x, y: y, width: width, height: height,
                                         bytesPerPixel: bpp, bgra: bgra, dither: g.dither) { job in
                        ramp?.apply(&job)
                        if record {
                            w.begin("G")
                            writeGradient(job, w)
                            w.i64(stride); w.u32(UInt32(misalign)); w.bytes(dst0)
                        } else {
                            entry(&job)
                        }
                    }
                }
                return out
            }
            let expected = run({ if let job = $0 { GradientKernelTwin.run(job.pointee) } }, record: false)
            for (level, table) in cTables where run(table.gradient_span!, record: false) != expected {
                problems.append("gradient \(i)\(edges ? " (edge ramp)" : "") \(g) \(width)×\(height) at (\(x), \(y)) bpp \(bpp) at \(level)")
            }
            _ = run({ _ in }, record: true)
            w.bytes(expected)
            w.cases += 1
        }
        return problems
    }

    /// A blur job as recorded on its first call: its fields, copies of the arrays it points to
    /// (they live only during the call), and every call's pass and range.
    struct RecordedBlur {
        var job: SheenBlurJob
        var weightsX: [UInt16], weightsY: [UInt16]
        var lineX: [Float]?, lineY: [Float]?
        var calls: [(Int32, Int, Int)] = []

        init(_ j: SheenBlurJob) {
            job = j
            weightsX = (0 ... Int(j.radiusX)).map { j.weightsX![$0] }
            weightsY = (0 ... Int(j.radiusY)).map { j.weightsY![$0] }
            lineX = j.lineX.map { p in (0 ..< 16).map { p[$0] } }
            lineY = j.lineY.map { p in (0 ..< 16).map { p[$0] } }
        }
    }

    /// What the recording blur entry saw, and the level entry it forwards to (a C function
    /// cannot capture; the writer runs on one thread).
    nonisolated(unsafe) static var recorded: RecordedBlur? = nil
    nonisolated(unsafe) static var forward: BlurEntry? = nil

    /// Blur jobs: σ 0.3…64 (both methods), one axis in four unblurred, A8 and RGBA, clamped or
    /// transparent edges, odd sizes.
    static func blurs(_ w: Writer, _ rng: inout SeededGenerator, count: Int) throws -> [String] {
        var problems: [String] = []
        for i in 0 ..< count {
            let format: PixelFormat = i % 2 == 0 ? .a8 : .rgba8Premultiplied
            let c = format.bytesPerPixel
            // One axis in four unblurred (σ 0): its pass then only rounds the 8.8 values of the
            // other to levels, which lands on exact ties (v = 256k + 128), where the rounding
            // rule decides.
            let sigma = i % 8 == 3 ? 0 : exp(Double.random(in: log(0.3) ... log(64), using: &rng))
            let sigmaY = i % 8 == 5 ? 0 : Bool.random(using: &rng) ? sigma : exp(Double.random(in: log(0.3) ... log(64), using: &rng))
            let blur = try GaussianBlur(sigmaX: sigma, sigmaY: sigmaY, edges: Bool.random(using: &rng) ? .clamp : .transparent)
            let width = Int.random(in: 1 ... 70, using: &rng), height = Int.random(in: 1 ... 40, using: &rng)
            let srcStride = width * c + Int.random(in: 0 ... 7, using: &rng), dstStride = width * c + Int.random(in: 0 ... 7, using: &rng)
            let src = rows(srcStride, height, width * c, &rng, c == 4 ? premultiplied : mask)
            let dst0 = pattern(dstStride * (height - 1) + width * c, &rng)
            let misalign = misalignments.randomElement(using: &rng)!
            func run(_ body: (ReadOnlyRasterBuffer, RasterBuffer) throws -> Void) throws -> [UInt8] {
                var out = dst0
                var input = src
                try input.withUnsafeMutableBytes { s in
                    try out.withUnsafeMutableBytes { d in
                        let sb = try RasterBuffer(base: s.baseAddress!, width: width, height: height, bytesPerRow: srcStride, format: format)
                        let db = try RasterBuffer(base: d.baseAddress!, width: width, height: height, bytesPerRow: dstStride, format: format)
                        try body(sb.readOnly, db)
                    }
                }
                return out
            }
            let expected = try run { s, d in try blur.runC(s, d, entry: blurJobReference, threads: 1) }
            for (level, table) in cTables {
                Self.forward = table.blur!
                Self.recorded = nil
                let got = try run { s, d in
                    try blur.runC(s, d, entry: { job, pass, begin, end, scratch in
                        if ConformanceGoldens.recorded == nil { ConformanceGoldens.recorded = RecordedBlur(job!.pointee) }
                        ConformanceGoldens.recorded!.calls.append((pass, begin, end))
                        ConformanceGoldens.forward!(job, pass, begin, end, scratch)
                    }, threads: 1)
                }
                if got != expected { problems.append("blur σ \(sigma)/\(sigmaY) \(format) \(width)×\(height) at \(level)") }
            }
            guard let r = Self.recorded else { problems.append("blur \(i): no C level ran"); continue }
            let job = r.job
            w.begin("B")
            w.i64(width); w.i64(height); w.i64(srcStride); w.i64(dstStride); w.i64(job.tmpStride)
            w.u32(job.channels); w.u32(job.clamp); w.u32(job.method)
            w.u32(job.radiusX); w.u32(job.radiusY); w.u32(job.offsetX); w.u32(job.offsetY)
            for weights in [r.weightsX, r.weightsY] {
                w.u32(UInt32(weights.count))
                for v in weights { w.u32(UInt32(v)) }
            }
            for line in [r.lineX, r.lineY] {
                w.u8(line == nil ? 0 : 1)
                for v in line ?? [] { w.f32(v) }
            }
            w.u32(UInt32(r.calls.count))
            for (pass, begin, end) in r.calls { w.u32(UInt32(pass)); w.i64(begin); w.i64(end) }
            w.u32(UInt32(misalign))
            w.bytes(src); w.bytes(dst0); w.bytes(expected)
            w.cases += 1
        }
        return problems
    }

    /// Row fills and copies: 4- and 1-byte values, row lengths 0…300 bytes, periods, phases.
    static func rows(_ w: Writer, _ rng: inout SeededGenerator, count: Int) -> [String] {
        var problems: [String] = []
        for i in 0 ..< count {
            let misalign = misalignments.randomElement(using: &rng)!
            let height = Int.random(in: 1 ... 6, using: &rng)
            if i % 2 == 0 {
                let bpp = Bool.random(using: &rng) ? 4 : 1
                let width = Int.random(in: 0 ... 75, using: &rng), stride = width * bpp + Int.random(in: 0 ... 9, using: &rng)
                let n = Int.random(in: 1 ... 5, using: &rng), phase = Int.random(in: 0 ... 9, using: &rng)
                let values = pattern(n * bpp, &rng), dst0 = pattern(stride * (height - 1) + width * bpp, &rng)
                func run(_ entry: FillRowsEntry) -> [UInt8] {
                    var out = dst0
                    out.withUnsafeMutableBytes { d in
                        values.withUnsafeBufferPointer { v in
                            entry(d.baseAddress?.assumingMemoryBound(to: UInt8.self), stride, width, height, UInt32(bpp), v.baseAddress, n, phase)
                        }
                    }
                    return out
                }
                let expected = run(KernelTable.at(.reference).fillRows)
                for (level, table) in cTables where run(table.fill_rows!) != expected { problems.append("fill \(i) at \(level)") }
                w.begin("F")
                w.i64(stride); w.i64(width); w.i64(height); w.u32(UInt32(bpp)); w.i64(n); w.i64(phase); w.u32(UInt32(misalign))
                w.bytes(values); w.bytes(dst0); w.bytes(expected)
            } else {
                let rowBytes = Int.random(in: 0 ... 300, using: &rng), stride = rowBytes + Int.random(in: 0 ... 9, using: &rng)
                let period = Int.random(in: 1 ... 3, using: &rng), srcStride = rowBytes + Int.random(in: 0 ... 9, using: &rng)
                let src = pattern(srcStride * (period - 1) + rowBytes, &rng), dst0 = pattern(stride * (height - 1) + rowBytes, &rng)
                func run(_ entry: CopyRowsEntry) -> [UInt8] {
                    var out = dst0
                    out.withUnsafeMutableBytes { d in
                        src.withUnsafeBufferPointer { s in
                            entry(d.baseAddress?.assumingMemoryBound(to: UInt8.self), stride, rowBytes, height, s.baseAddress, srcStride, period)
                        }
                    }
                    return out
                }
                let expected = run(KernelTable.at(.reference).copyRows)
                for (level, table) in cTables where run(table.copy_rows!) != expected { problems.append("copy \(i) at \(level)") }
                w.begin("P")
                w.i64(stride); w.i64(rowBytes); w.i64(height); w.i64(srcStride); w.i64(period); w.u32(UInt32(misalign))
                w.bytes(src); w.bytes(dst0); w.bytes(expected)
            }
            w.cases += 1
        }
        return problems
    }

    /// Premultiplied checks: 32-bit rows of 0…90 pixels, valid colour with, in most cases, one
    /// pixel planted anywhere with a colour byte above its alpha byte.
    static func checks(_ w: Writer, _ rng: inout SeededGenerator, count: Int) -> [String] {
        var problems: [String] = []
        for i in 0 ..< count {
            let misalign = misalignments.randomElement(using: &rng)!
            let width = i < 91 ? i : Int.random(in: 0 ... 90, using: &rng), height = Int.random(in: 1 ... 6, using: &rng)
            let stride = 4 * (width + Int.random(in: 0 ... 3, using: &rng))
            var src = premultiplied(stride * (height - 1) + 4 * width, &rng)
            if width > 0 && i % 4 != 0 {
                let at = Int.random(in: 0 ..< height, using: &rng) * stride + 4 * Int.random(in: 0 ..< width, using: &rng)
                let a = UInt8.random(in: 0 ... 254, using: &rng)
                src[at + 3] = a
                src[at + Int.random(in: 0 ... 2, using: &rng)] = UInt8.random(in: a + 1 ... 255, using: &rng)
            }
            func run(_ entry: CheckPremultipliedEntry) -> Int {
                src.withUnsafeBufferPointer { entry($0.baseAddress, stride, width, height) }
            }
            let expected = run(KernelTable.at(.reference).checkPremultiplied)
            for (level, table) in cTables where run(table.check_premultiplied!) != expected { problems.append("check \(i) at \(level)") }
            w.begin("V")
            w.i64(stride); w.i64(width); w.i64(height); w.i64(expected); w.u32(UInt32(misalign))
            w.bytes(src)
            w.cases += 1
        }
        return problems
    }

    /// Bilinear samples: A8 and 32-bit images of 1…30 × 1…20 pixels under scales (½, 2, cairo's
    /// 0.4762, any), rotations and skews, every repeat, into rectangles of 0…70 × 1…4 pixels —
    /// half the 32-bit ones composited onto the destination (the job's `over`) — through the
    /// twin, each C level checked against it here and on every machine from the file.
    static func samples(_ w: Writer, _ rng: inout SeededGenerator, count: Int) -> [String] {
        var problems: [String] = []
        var i = 0
        while i < count {
            let bpp = i % 2 == 0 ? 1 : 4
            let sw = Int.random(in: 1 ... 30, using: &rng), sh = Int.random(in: 1 ... 20, using: &rng)
            let srcStride = sw * bpp + Int.random(in: 0 ... 5, using: &rng)
            let src = pattern(srcStride * (sh - 1) + sw * bpp, &rng)
            let width = i < 71 ? i : Int.random(in: 0 ... 70, using: &rng), height = Int.random(in: 1 ... 4, using: &rng)
            let stride = width * bpp + Int.random(in: 0 ... 7, using: &rng)
            let dst0 = pattern(stride * (height - 1) + width * bpp, &rng)
            let t = BilinearSamplingTests.randomTransform(&rng)
            let mode = SamplingRepeat.allCases[Int.random(in: 0 ..< 4, using: &rng)]
            let (srcMisalign, misalign) = (misalignments.randomElement(using: &rng)!, misalignments.randomElement(using: &rng)!)
            // Every other case under coverage (runs of 0 written as 0, not sampled; none: empty),
            // but for one in four of those composited (below).
            let coverageStride = width + Int.random(in: 0 ... 3, using: &rng)
            let coverage = i % 2 == 1 && i % 8 != 7 && width > 0 ? rows(coverageStride, height, width, &rng, mask) : []
            var scratch = [UInt8](repeating: 0, count: 4)
            let made = scratch.withUnsafeMutableBytes { d in
                src.withUnsafeBytes { s in
                    bilinearJob(src: s.baseAddress!, srcStride: srcStride, srcWidth: sw, srcHeight: sh, bytesPerPixel: bpp, repeat: mode,
                                transform: t, dst: d.baseAddress!, dstStride: stride, x: Int.random(in: -25 ... 25, using: &rng),
                                y: Int.random(in: -25 ... 25, using: &rng), width: width, height: height)
                }
            }
            guard var job = made else { continue }
            // Every other 32-bit case composited onto the destination's pixels.
            if i % 4 == 3 { job.over = 1 }
            let expected = sampleRecord(src: src, dst0: dst0, coverage: coverage, coverageStride: coverageStride, job: job,
                                        run: KernelTable.at(.reference).sampleBilinear)
            for (level, table) in cTables
            where sampleRecord(src: src, dst0: dst0, coverage: coverage, coverageStride: coverageStride, job: job, run: table.sample_bilinear!)
                != expected { problems.append("sample \(i) at \(level)") }
            w.begin("S")
            writeSample(w, job, src: src, srcStride: srcStride, srcMisalign: srcMisalign, stride: stride, misalign: misalign,
                        coverage: coverage, coverageStride: coverageStride, dst0: dst0, expected: expected)
            w.cases += 1
            i += 1
        }
        return problems
    }

    /// A sample job run over copies of its image, destination and coverage (the job's pointers
    /// set to them): the destination's bytes after.
    static func sampleRecord(src: [UInt8], dst0: [UInt8], coverage: [UInt8], coverageStride: Int, job: SheenBilinearJob,
                             run: (UnsafePointer<SheenBilinearJob>?) -> Void) -> [UInt8] {
        var out = dst0
        out.withUnsafeMutableBytes { d in
            src.withUnsafeBytes { s in
                coverage.withUnsafeBytes { c in
                    var j = job
                    j.src = s.baseAddress!.assumingMemoryBound(to: UInt8.self)
                    j.dst = d.baseAddress!.assumingMemoryBound(to: UInt8.self)
                    if !coverage.isEmpty { j.coverage = c.baseAddress!.assumingMemoryBound(to: UInt8.self); j.coverageStride = coverageStride }
                    run(&j)
                }
            }
        }
        return out
    }

    /// A sample record (conformance.c's sample_record): kind S's whole case, kind K's end.
    static func writeSample(_ w: Writer, _ job: SheenBilinearJob, src: [UInt8], srcStride: Int, srcMisalign: Int, stride: Int, misalign: Int,
                            coverage: [UInt8], coverageStride: Int, dst0: [UInt8], expected: [UInt8]) {
        w.i64(srcStride); w.u32(UInt32(job.srcWidth)); w.u32(UInt32(job.srcHeight)); w.u32(job.bytesPerPixel); w.u32(job.repeat)
        w.u32(UInt32(srcMisalign))
        w.bytes(src)
        w.i64(stride); w.i64(job.width); w.i64(job.height); w.u32(UInt32(misalign))
        for v in [job.x, job.y, job.dxdi, job.dydi, job.dxdr, job.dydr] { w.u32(UInt32(bitPattern: v)) }
        w.i64(coverageStride); w.bytes(coverage); w.u32(job.over)
        w.bytes(dst0); w.bytes(expected)
    }

    /// Convolution samples: 32-bit images of 1…30 × 1…20 pixels through separable convolution
    /// filters (ConvolutionSamplingTests.randomFilter: cairo's box filters, impulses, random
    /// weights) under downscales, rotations and skews, every repeat, into rectangles of
    /// 0…70 × 1…4 pixels, every other one under coverage — through the twin, each C level
    /// checked against it here and on every machine from the file.
    static func convolutions(_ w: Writer, _ rng: inout SeededGenerator, count: Int) -> [String] {
        var problems: [String] = []
        var i = 0
        while i < count {
            let sw = Int.random(in: 1 ... 30, using: &rng), sh = Int.random(in: 1 ... 20, using: &rng)
            let srcStride = sw * 4 + Int.random(in: 0 ... 5, using: &rng)
            let src = pattern(srcStride * (sh - 1) + sw * 4, &rng)
            let width = i < 71 ? i : Int.random(in: 0 ... 70, using: &rng), height = Int.random(in: 1 ... 4, using: &rng)
            let stride = width * 4 + Int.random(in: 0 ... 7, using: &rng)
            let dst0 = pattern(stride * (height - 1) + width * 4, &rng)
            let filter = try! ConvolutionFilter(pixmanParameters: ConvolutionSamplingTests.randomFilter(&rng))
            let t = ConvolutionSamplingTests.randomTransform(&rng)
            let mode = SamplingRepeat.allCases[Int.random(in: 0 ..< 4, using: &rng)]
            let (srcMisalign, misalign) = (misalignments.randomElement(using: &rng)!, misalignments.randomElement(using: &rng)!)
            let coverageStride = width + Int.random(in: 0 ... 3, using: &rng)
            let coverage = i % 2 == 1 && width > 0 ? rows(coverageStride, height, width, &rng, mask) : []
            var scratch = [UInt8](repeating: 0, count: 4)
            let made = scratch.withUnsafeMutableBytes { d in
                src.withUnsafeBytes { s in
                    convolutionJob(src: s.baseAddress!, srcStride: srcStride, srcWidth: sw, srcHeight: sh, filter: filter.weights, repeat: mode,
                                   transform: t, dst: d.baseAddress!, dstStride: stride, x: Int.random(in: -25 ... 25, using: &rng),
                                   y: Int.random(in: -25 ... 25, using: &rng), width: width, height: height)
                }
            }
            guard let job = made else { continue }
            // The weights as the job reads them, little-endian.
            let row = ConvolutionFilter.rowLength(tapsAcross: Int(job.tapsAcross))
            let xWeights = (0 ..< row << Int(job.xPhaseBits)).flatMap { withUnsafeBytes(of: job.xWeights[$0].littleEndian, Array.init) }
            let yWeights = (0 ..< Int(job.tapsDown) << Int(job.yPhaseBits)).flatMap { withUnsafeBytes(of: job.yWeights[$0].littleEndian, Array.init) }
            // The job's sample record, run through sample_convolution with this filter.
            func convolved(_ entry: SampleConvolutionEntry) -> (UnsafePointer<SheenBilinearJob>?) -> Void {
                { sample in
                    var k = job
                    k.sample = sample!.pointee
                    withExtendedLifetime(filter) { entry(&k) }
                }
            }
            let expected = sampleRecord(src: src, dst0: dst0, coverage: coverage, coverageStride: coverageStride, job: job.sample,
                                        run: convolved(KernelTable.at(.reference).sampleConvolution))
            for (level, table) in cTables
            where sampleRecord(src: src, dst0: dst0, coverage: coverage, coverageStride: coverageStride, job: job.sample,
                               run: convolved(table.sample_convolution!)) != expected { problems.append("convolution \(i) at \(level)") }
            w.begin("K")
            for v in [job.tapsAcross, job.tapsDown, job.xPhaseBits, job.yPhaseBits] { w.u32(UInt32(bitPattern: v)) }
            w.bytes(xWeights); w.bytes(yWeights)
            writeSample(w, job.sample, src: src, srcStride: srcStride, srcMisalign: srcMisalign, stride: stride, misalign: misalign,
                        coverage: coverage, coverageStride: coverageStride, dst0: dst0, expected: expected)
            w.cases += 1
            i += 1
        }
        return problems
    }

    /// Glyph runs (a composite job's `glyphs`: CompositeEntry.h's composite_glyphs): a colour
    /// of either opacity through 1…24 masks of 0…20 × 0…16 pixels placed inside, across and
    /// outside a destination of 1…40 × 1…20, every operator with a path through a mask, RGBA,
    /// BGRA and A8 — the clipping, the path chosen once and over_n_8_8888 called directly. With
    /// `addingCoverage`: plus of an opaque colour onto A8 through masks up to 150 pixels wide
    /// (add_coverage_rows8's blocks, eight-byte steps and single bytes), as the drop-in adds up a
    /// glyph run's mask. With `componentAlpha`: sourceOver onto RGBA and BGRA through masks of 4
    /// coverage bytes a pixel (CompositeComponentAlpha.h), subpixel text's.
    static func glyphRuns(_ w: Writer, _ rng: inout SeededGenerator, count: Int, addingCoverage: Bool = false,
                          componentAlpha: Bool = false) -> [String] {
        var problems: [String] = []
        var i = 0
        while i < count {
            let bpp = !componentAlpha && (addingCoverage || i % 3 == 2) ? 1 : 4, red: UInt32 = bpp == 4 && i % 3 == 1 ? 2 : 0
            let op = addingCoverage ? .plus : componentAlpha ? .sourceOver : CompositeOperator.allCases.randomElement(using: &rng)!
            let alpha = addingCoverage || i % 2 == 0 ? 255 : UInt32.random(in: 0 ... 255, using: &rng)
            let solid = bpp == 1 ? alpha : alpha << 24 | (0 ..< 3).reduce(0) { v, c in v | UInt32.random(in: 0 ... alpha, using: &rng) << (8 * c) }
            var job = SheenCompositeJob()
            job.solid = solid; job.coverage = 255; job.op = op.kernelIndex; job.bytesPerPixel = UInt32(bpp); job.redByte = red
            job.componentAlpha = componentAlpha ? 1 : 0
            guard sheen_composite_glyph_path(&job) >= 0 else { continue }   // a run the entry refuses: no golden
            let channels = componentAlpha ? 4 : 1
            let width = Int.random(in: 1 ... (addingCoverage ? 170 : 40), using: &rng), height = Int.random(in: 1 ... 20, using: &rng)
            let stride = width * bpp + Int.random(in: 0 ... 7, using: &rng)
            let dst0 = bpp == 4 ? rows(stride, height, width * 4, &rng, premultiplied) : pattern(stride * (height - 1) + width, &rng)
            typealias Glyph = (x: Int, y: Int, width: Int, height: Int, stride: Int, mask: [UInt8])
            let glyphs: [Glyph] = (0 ..< Int.random(in: 1 ... 24, using: &rng)).map { _ in
                let gw = Int.random(in: 0 ... (addingCoverage ? 150 : 20), using: &rng), gh = Int.random(in: 0 ... 16, using: &rng)
                let gs = channels * gw + Int.random(in: 0 ... 5, using: &rng)
                return (Int.random(in: -25 ... width + 5, using: &rng), Int.random(in: -20 ... height + 5, using: &rng), gw, gh, gs,
                        gw == 0 || gh == 0 ? [] : rows(gs, gh, channels * gw, &rng, mask))
            }
            let misalign = misalignments.randomElement(using: &rng)!
            func run(_ entry: CompositeEntry) -> [UInt8] {
                var out = dst0
                let masks = glyphs.map { $0.mask }
                out.withUnsafeMutableBytes { d in
                    var placed: [SheenCompositeGlyph] = []
                    func each(_ k: Int) {
                        guard k < glyphs.count else {
                            placed.withUnsafeBufferPointer { run in
                                var j = job
                                j.dst = d.baseAddress; j.dstStride = stride; j.width = width; j.height = height
                                j.glyphs = run.baseAddress; j.glyphCount = run.count
                                #expect(entry(&j) == 0)
                            }
                            return
                        }
                        masks[k].withUnsafeBufferPointer { m in
                            let g = glyphs[k]
                            placed.append(SheenCompositeGlyph(mask: m.baseAddress, maskStride: g.stride, x: Int32(g.x), y: Int32(g.y),
                                                              width: Int32(g.width), height: Int32(g.height)))
                            each(k + 1)
                        }
                    }
                    each(0)
                }
                return out
            }
            let expected = run(KernelTable.at(.reference).composite)
            for (level, table) in cTables where run(table.composite!) != expected { problems.append("glyph run \(i) (\(op), bpp \(bpp)) at \(level)") }
            w.begin("R")
            w.i64(width); w.i64(height); w.i64(stride)
            w.u32(solid); w.u32(op.kernelIndex); w.u32(UInt32(bpp)); w.u32(red); w.u32(UInt32(misalign))
            w.u32(componentAlpha ? 1 : 0)
            w.i64(glyphs.count)
            w.bytes(dst0)
            for g in glyphs {
                w.u32(UInt32(bitPattern: Int32(g.x))); w.u32(UInt32(bitPattern: Int32(g.y))); w.u32(UInt32(g.width)); w.u32(UInt32(g.height))
                w.i64(g.stride); w.bytes(g.mask)
            }
            w.bytes(expected)
            w.cases += 1
            i += 1
        }
        return problems
    }

    @Test func writeGoldens() throws {
        let path = ProcessInfo.processInfo.environment["SHEEN_CONFORMANCE_OUT"]!
        let w = Writer()
        var rng = SeededGenerator(seed: 48)
        var problems = try Self.composites(w, &rng)
        problems += try Self.textPath(w, &rng)
        problems += try Self.alphaTails(w, &rng)
        problems += try Self.opaqueRows(w, &rng)
        problems += try Self.componentAlpha(w, &rng)
        problems += try Self.boundaries(w, &rng)
        problems += try Self.opaqueAndClearRuns(w, &rng)
        problems += try Self.gradients(w, &rng, count: 2000)
        problems += try Self.gradients(w, &rng, count: 400, edges: true)
        problems += try Self.blurs(w, &rng, count: 240)
        problems += Self.rows(w, &rng, count: 600)
        problems += Self.checks(w, &rng, count: 300)
        problems += Self.samples(w, &rng, count: 150)
        problems += Self.convolutions(w, &rng, count: 120)
        problems += Self.glyphRuns(w, &rng, count: 150)
        problems += Self.glyphRuns(w, &rng, count: 60, addingCoverage: true)
        problems += Self.glyphRuns(w, &rng, count: 60, componentAlpha: true)
        problems += try Self.convertingCopies(w, &rng)
        #expect(problems.isEmpty, "\(problems.prefix(10))")
        guard problems.isEmpty else { return }
        w.end()
        try w.data.write(to: URL(fileURLWithPath: path))
        print("conformance goldens: \(w.cases) cases, \(w.data.count) bytes → \(path)")
    }
}
