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
        w.u32(j.bytesPerPixel); w.u32(j.shape); w.u32(j.spread); w.u32(j.dither); w.u32(j.opaque)
        withUnsafeBytes(of: j.g) { g in for k in 0 ..< 6 { w.f64(g.load(fromByteOffset: 8 * k, as: Double.self)) } }
        w.floats(j.laneX, 16); w.floats(j.laneY, 16)
        withUnsafeBytes(of: j.p) { p in for k in 0 ..< 9 { w.f32(p.load(fromByteOffset: 4 * k, as: Float.self)) } }
        w.u8(j.ditherTable == nil ? 0 : 1)
        if j.ditherTable != nil { w.floats(j.ditherTable, 128) }
        w.u32(j.segments)
        w.floats(j.bounds, Int(j.segments) + 1)
        w.floats(j.pieces, 9 * Int(j.segments))
        w.u32(j.cellCount); w.u32(j.cellSteps)
        for k in 0 ..< Int(j.cellCount) { w.u32(j.cells![k]) }
    }

    /// Composite jobs: every operator × paint kind (solid, rows, gradient, column, rows in another
    /// format) × coverage kind (full, constant, mask scaled by an alpha) × format (RGBA, BGRA, A8
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

    static func composite(op: CompositeOperator, bpp: Int, paintKind: Int, coverageKind: Int, width: Int,
                          _ w: Writer, _ rng: inout SeededGenerator) throws -> [String] {
        let height = Int.random(in: 1 ... 3, using: &rng)
        let dstStride = width * bpp + Int.random(in: 0 ... 9, using: &rng)
        // Kind 4's rows are 32-bit pixels in the other byte order, or whose alpha is the A8 paint.
        let paintBytes = paintKind == 4 ? 4 : bpp
        let conversion = paintKind != 4 ? SHEEN_PAINT_AS_IS : bpp == 4 ? SHEEN_PAINT_SWAP_RED_BLUE : SHEEN_PAINT_ALPHA
        let paintStride = Bool.random(using: &rng) ? width * paintBytes + Int.random(in: 0 ... 5, using: &rng) : 0
        let maskStride = width + Int.random(in: 0 ... 5, using: &rng)
        let span = { (stride: Int, row: Int) in stride * (height - 1) + row }
        let dst0 = rows(dstStride, height, width * bpp, &rng, bpp == 4 ? premultiplied : pattern)
        let paint = paintStride == 0 ? (paintBytes == 4 ? premultiplied(width * 4, &rng) : pattern(width, &rng))
            : rows(paintStride, height, width * paintBytes, &rng, paintBytes == 4 ? premultiplied : pattern)
        let column: [UInt32] = (0 ..< height).map { _ in
            let p = premultiplied(4, &rng)
            return bpp == 4 ? p.withUnsafeBytes { $0.load(as: UInt32.self) } : UInt32(p[3])
        }
        let mask = Self.mask(span(maskStride, width), &rng)
        let solidPixel = premultiplied(4, &rng)
        let solid = bpp == 4 ? solidPixel.withUnsafeBytes { $0.load(as: UInt32.self) } : UInt32(solidPixel[3])
        let coverage: UInt32 = coverageKind == 0 ? 255 : [0, 1, 128, 254, UInt32.random(in: 0 ... 255, using: &rng)].randomElement(using: &rng)!
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
                                    w.u8(UInt8(ascii: "C")); w.u32(UInt32(w.cases))
                                    w.i64(width); w.i64(height); w.i64(dstStride); w.i64(paintStride); w.i64(maskStride)
                                    w.u32(solid); w.u32(coverage); w.u32(op.kernelIndex); w.u32(UInt32(bpp)); w.u32(red)
                                    w.u8(UInt8(paintKind)); w.u8(coverageKind == 2 ? 1 : 0); w.u32(UInt32(misalign))
                                    w.u32(UInt32(conversion))
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
                                withUnsafePointer(to: g) { gp in
                                    if paintKind == 2 { job.gradient = gp }
                                    column.withUnsafeBufferPointer { c in
                                        if paintKind == 3 { job.paintColumn = c.baseAddress }
                                        entry(&job)
                                    }
                                }
                            }
                        }
                    }
                }
            }
            return out
        }
        let expected = run({ if let job = $0 { compositeJobReference(job) } })
        var problems: [String] = []
        for (level, table) in cTables {
            let got = run(table.composite!)
            if got != expected, let k = got.indices.first(where: { got[$0] != expected[$0] }) {
                problems.append("composite \(op) bpp \(bpp) paint \(paintKind) coverage \(coverageKind) width \(width)×\(height) "
                                + "at \(level): byte \(k) (stride \(dstStride)) \(got[k]) ≠ \(expected[k]), was \(dst0[k])")
            }
        }
        _ = run({ _ in }, record: true)
        w.bytes(expected)
        w.cases += 1
        return problems
    }

    /// Gradient span jobs: random gradients of every shape, spread, space and stop count (the
    /// cell path too), dithered or not, into RGBA, BGRA and A8 rectangles at any x phase.
    static func gradients(_ w: Writer, _ rng: inout SeededGenerator, count: Int) throws -> [String] {
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
            let width = i % 7 == 0 ? 1 : Int.random(in: 0 ... 130, using: &rng), height = Int.random(in: 1 ... 4, using: &rng)
            let stride = width * bpp + Int.random(in: 0 ... 9, using: &rng)
            let x = Int.random(in: -40 ... 150, using: &rng), y = Int.random(in: -10 ... 150, using: &rng)
            let dst0 = pattern(stride * (height - 1) + width * bpp, &rng)
            let misalign = misalignments.randomElement(using: &rng)!
            func run(_ entry: GradientEntry, record: Bool) -> [UInt8] {
                var out = dst0
                out.withUnsafeMutableBytes { d in
                    fill.program.withJob(dst: d.baseAddress!, stride: stride, x: x, y: y, width: width, height: height,
                                         bytesPerPixel: bpp, bgra: bgra, dither: g.dither) { job in
                        if record {
                            w.u8(UInt8(ascii: "G")); w.u32(UInt32(w.cases))
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
                problems.append("gradient \(i) \(g) \(width)×\(height) at (\(x), \(y)) bpp \(bpp) at \(level)")
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

    /// Blur jobs: σ 0.3…64 (both methods), A8 and RGBA, clamped or transparent edges, odd sizes.
    static func blurs(_ w: Writer, _ rng: inout SeededGenerator, count: Int) throws -> [String] {
        var problems: [String] = []
        for i in 0 ..< count {
            let format: PixelFormat = i % 2 == 0 ? .a8 : .rgba8Premultiplied
            let c = format.bytesPerPixel
            let sigma = exp(Double.random(in: log(0.3) ... log(64), using: &rng))
            let sigmaY = Bool.random(using: &rng) ? sigma : exp(Double.random(in: log(0.3) ... log(64), using: &rng))
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
            w.u8(UInt8(ascii: "B")); w.u32(UInt32(w.cases))
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
                w.u8(UInt8(ascii: "F")); w.u32(UInt32(w.cases))
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
                w.u8(UInt8(ascii: "P")); w.u32(UInt32(w.cases))
                w.i64(stride); w.i64(rowBytes); w.i64(height); w.i64(srcStride); w.i64(period); w.u32(UInt32(misalign))
                w.bytes(src); w.bytes(dst0); w.bytes(expected)
            }
            w.cases += 1
        }
        return problems
    }

    @Test func writeGoldens() throws {
        let path = ProcessInfo.processInfo.environment["SHEEN_CONFORMANCE_OUT"]!
        let w = Writer()
        var rng = SeededGenerator(seed: 48)
        var problems = try Self.composites(w, &rng)
        problems += try Self.gradients(w, &rng, count: 2000)
        problems += try Self.blurs(w, &rng, count: 240)
        problems += Self.rows(w, &rng, count: 600)
        #expect(problems.isEmpty, "\(problems.prefix(10))")
        guard problems.isEmpty else { return }
        try w.data.write(to: URL(fileURLWithPath: path))
        print("conformance goldens: \(w.cases) cases, \(w.data.count) bytes → \(path)")
    }
}
