import CSheenSIMD
import SheenRaster
import SheenTestSupport

extension Bench {
    /// W2/W3 and one case per operator: compositing onto a W×H RGBA8 destination that holds a
    /// non-trivial image (restored before every repetition, untimed), through an A8 mask whose
    /// values are 50 % zero, 25 % partial, 25 % full — in text-like runs (`.text`: per row, gaps
    /// of 1–15 px, edges of 1–3, full runs of 1–7) or drawn independently per pixel (`.iid`).
    /// Each case's whole output is checked against the scalar reference. `large` runs W2 and W3
    /// alone, their names suffixed with the size (the DRAM-bound 3840×2160 cases); the 1920×1080
    /// names carry no size.
    func runComposites(width: Int, height: Int, large: Bool = false) {
        // The large buffers are made only when a case of theirs is wanted.
        guard !large || wantsAny(prefix: "composite.over_") else { return }
        let original = BenchBuffer(width: width, height: height)
        try! GradientFill(.conic(center: Point(Double(width) / 3, Double(height) / 2), colors: benchColors + [Color(rgba: 0x34C75980)]))
            .fill(original.buffer)
        let text = BenchBuffer(width: width, height: height, format: .a8)
        let iid = BenchBuffer(width: width, height: height, format: .a8)
        fillTextLikeCoverage(text.buffer)
        fillIndependentCoverage(iid.buffer)
        let horizontal = try! GradientFill(.linear(from: Point(0, 0), to: Point(Double(width), 0), colors: benchColors))

        // Each case names the kernel it measures; the library's choice (its composite fast
        // paths) is checked against it.
        var cases: [(String, Paint, CompositeOperator, BenchBuffer, String)] = [
            ("composite.over_n_8_8888.text", .color(Color(rgba: 0x3478_F6FF)), .sourceOver, text, "over_n_8_8888"),
            ("composite.over_n_8_8888.iid", .color(Color(rgba: 0x3478_F6FF)), .sourceOver, iid, "over_n_8_8888"),
            ("composite.over_lg_8_8888.text", .gradient(horizontal), .sourceOver, text, "composite_8888"),
            ("composite.over_lg_8_8888.iid", .gradient(horizontal), .sourceOver, iid, "composite_8888"),
        ]
        if large {
            cases = cases.map { ("\($0.0).\(width)x\(height)", $0.1, $0.2, $0.3, $0.4) }
        }
        for op in CompositeOperator.allCases where !large {
            cases.append(("composite.\(op).iid", .color(Color(rgba: 0xFF3B_30B0)), op, iid,
                          op.isEvaluatedInDouble ? "composite_double_8888" : "composite_8888"))
        }
        let dst = BenchBuffer(width: width, height: height)
        let expected = BenchBuffer(width: width, height: height)
        let bytes = original.byteCount
        for (name, paint, op, mask, kernel) in cases where wants(name) {
            let coverage = Coverage.mask(mask.buffer.readOnly)
            let phases = measurePhases(warmup: warmup, reps: reps) {
                dst.buffer.base.copyMemory(from: original.buffer.base, byteCount: bytes)
                return [timed { try! dst.buffer.composite(paint, operator: op, coverage: coverage) }]
            }
            expected.buffer.base.copyMemory(from: original.buffer.base, byteCount: bytes)
            try! Kernels.withLevel(.reference) { try expected.buffer.composite(paint, operator: op, coverage: coverage) }
            // Gradient paint is shaded by the gradient kernel (within 1 level of exact), the
            // reference shades it exactly; solid paints must match bit for bit.
            let tolerance = name.contains("_lg_") ? 1 : 0
            check(maxDifference(dst.buffer.readOnly, expected.buffer.readOnly) <= tolerance, name)
            if name.contains("_8_8888") {
                dump(name, "input", original.buffer)
                dump(name, "mask", mask.buffer)
                dump(name, "output", dst.buffer)
            }
            let chosen = try! dst.buffer.compositeKernel(paint, operator: op, coverage: coverage)
            check(chosen == kernel, "\(name) runs \(chosen ?? "nothing"), not \(kernel)")
            record(CaseResult(name: name, width: width, height: height, total: Stats(phases[0]),
                              make: nil, fill: nil, intermediateBytes: 0, reps: reps), kernel: .one(kernel))
        }
        if !large {
            runComponentAlpha(width: width, height: height, original: original)
            runAlphaComposite(width: width, height: height, mask: iid)
            runPremultipliedCheck(original)
            runBilinearSampling(width: width, height: height)
        }
    }

    /// check_premultiplied: the validation a caller (the drop-in pixman) runs over a source
    /// before compositing it — every pixel of the W×H RGBA8 image read (it is all valid
    /// premultiplied colour, so the search reaches the end); checked to answer none, and to find
    /// a pixel planted in the last row once the timing is done.
    private func runPremultipliedCheck(_ image: BenchBuffer) {
        let name = "check.premultiplied", kernel = "check_premultiplied"
        guard wants(name) else { return }
        let view = image.buffer.readOnly
        var found: (x: Int, y: Int)? = (0, 0)
        let phases = measurePhases(warmup: warmup, reps: reps) {
            [timed { found = try! view.firstPixelNotPremultiplied() }]
        }
        check(found == nil, "\(name) found \(found.map { "(\($0.x), \($0.y))" } ?? "") in a valid image")
        let last = image.buffer.row(view.height - 1), saved = last.load(fromByteOffset: 4, as: UInt32.self)
        last.storeBytes(of: 0x10FF_FFFF as UInt32, toByteOffset: 4, as: UInt32.self)
        let planted = try! view.firstPixelNotPremultiplied()
        last.storeBytes(of: saved, toByteOffset: 4, as: UInt32.self)
        check(planted?.x == 1 && planted?.y == view.height - 1, "\(name) missed the planted pixel")
        record(CaseResult(name: name, width: view.width, height: view.height, total: Stats(phases[0]),
                          make: nil, fill: nil, intermediateBytes: 0, reps: reps), kernel: .one(kernel))
    }

    /// over_ca_8888: sourceOver of the opaque colour of the text cases through component-alpha
    /// coverage (a coverage byte per channel, as subpixel glyphs hold it: the text-like coverage
    /// of `fillTextLikeCoverage` on RGBA8, each channel its own level) onto the W×H RGBA8 image
    /// — a SheenCompositeJob with `componentAlpha`, which only the drop-in pixman makes — checked
    /// against the reference twin bit for bit.
    private func runComponentAlpha(width: Int, height: Int, original: BenchBuffer) {
        let name = "composite.over_ca_8888.text", kernel = "over_ca_8888"
        guard wants(name) else { return }
        let coverage = BenchBuffer(width: width, height: height)
        fillTextLikeCoverage(coverage.buffer)
        let dst = BenchBuffer(width: width, height: height)
        let expected = BenchBuffer(width: width, height: height)
        let bytes = original.byteCount
        /// The job onto `out`, run at `level`.
        func composite(onto out: BenchBuffer, at level: SIMDLevel) {
            var job = SheenCompositeJob(op: .sourceOver, format: .rgba8Premultiplied, dst: out.buffer.base,
                                        dstStride: out.buffer.bytesPerRow, width: width, height: height)
            job.solid = 0xFFF6_7834   // #3478F6, opaque, in RGBA8's byte order
            job.mask = UnsafePointer(coverage.buffer.base.assumingMemoryBound(to: UInt8.self))
            job.maskStride = coverage.buffer.bytesPerRow
            job.componentAlpha = 1
            let ran = job.run(at: level)
            check(ran, "\(name): the entry refused the job")
        }
        let phases = measurePhases(warmup: warmup, reps: reps) {
            dst.buffer.base.copyMemory(from: original.buffer.base, byteCount: bytes)
            return [timed { composite(onto: dst, at: level) }]
        }
        expected.buffer.base.copyMemory(from: original.buffer.base, byteCount: bytes)
        composite(onto: expected, at: .reference)
        check(maxDifference(dst.buffer.readOnly, expected.buffer.readOnly) == 0, name)
        record(CaseResult(name: name, width: width, height: height, total: Stats(phases[0]),
                          make: nil, fill: nil, intermediateBytes: 0, reps: reps), kernel: .one(kernel))
    }

    /// composite_8: sourceOver of a translucent alpha through the i.i.d. mask onto an A8
    /// destination (a mask drawn into a mask), checked against the reference.
    private func runAlphaComposite(width: Int, height: Int, mask: BenchBuffer) {
        let name = "composite.sourceOver.a8.iid", kernel = "composite_8"
        guard wants(name) else { return }
        let original = BenchBuffer(width: width, height: height, format: .a8)
        fillTextLikeCoverage(original.buffer)
        let dst = BenchBuffer(width: width, height: height, format: .a8)
        let expected = BenchBuffer(width: width, height: height, format: .a8)
        let paint = Paint.color(Color(rgba: 0xFF3B_30B0)), coverage = Coverage.mask(mask.buffer.readOnly)
        let bytes = original.byteCount
        let phases = measurePhases(warmup: warmup, reps: reps) {
            dst.buffer.base.copyMemory(from: original.buffer.base, byteCount: bytes)
            return [timed { try! dst.buffer.composite(paint, operator: .sourceOver, coverage: coverage) }]
        }
        expected.buffer.base.copyMemory(from: original.buffer.base, byteCount: bytes)
        try! Kernels.withLevel(.reference) { try expected.buffer.composite(paint, operator: .sourceOver, coverage: coverage) }
        check(maxDifference(dst.buffer.readOnly, expected.buffer.readOnly) == 0, name)
        let chosen = try! dst.buffer.compositeKernel(paint, operator: .sourceOver, coverage: coverage)
        check(chosen == kernel, "\(name) runs \(chosen ?? "nothing"), not \(kernel)")
        record(CaseResult(name: name, width: width, height: height, total: Stats(phases[0]),
                          make: nil, fill: nil, intermediateBytes: 0, reps: reps), kernel: .one(kernel))
    }
}
