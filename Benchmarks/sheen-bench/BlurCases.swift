import SheenRaster
import SheenTestSupport

extension Bench {
    /// W4: Gaussian blur of a text-like mask (A8) or a text-like RGBA image (`fillTextLikeCoverage`), transparent edges,
    /// source and destination separate; single thread except the `.threads2` case (the opt-in
    /// banded variant on both cores). `large` runs the DRAM-bound cases instead (RGBA σ 8 and A8
    /// σ 2 and 8, names suffixed with the size).
    func runBlurs(width: Int, height: Int, labelWidth: Int, labelHeight: Int, large: Bool = false) {
        let suffix = ".\(width)x\(height)"
        let cases: [(String, PixelFormat, Double, Int, Int)] = large ? [
            ("blur.a8.s2" + suffix, .a8, 2, width, height),
            ("blur.a8.s8" + suffix, .a8, 8, width, height),
            ("blur.rgba8.s8" + suffix, .rgba8Premultiplied, 8, width, height),
        ] : [
            ("blur.a8.s1", .a8, 1, width, height),
            ("blur.a8.s2", .a8, 2, width, height),
            ("blur.a8.s3", .a8, 3, width, height),          // the widest direct convolution (radius 12)
            ("blur.a8.s8", .a8, 8, width, height),
            ("blur.a8.s32", .a8, 32, width, height),
            ("blur.a8.s64", .a8, 64, width, height),
            ("blur.a8.s256", .a8, 256, width, height),      // the largest σ accepted
            ("blur.rgba8.s8", .rgba8Premultiplied, 8, width, height),
            ("blur.a8.s6.\(labelWidth)x\(labelHeight)", .a8, 6, labelWidth, labelHeight),
            ("blur.a8.s8.threads2", .a8, 8, width, height),
        ]
        for (name, format, sigma, w, h) in cases where wants(name) {
            let threads = name.hasSuffix(".threads2") ? 2 : 1
            let src = BenchBuffer(width: w, height: h, format: format)
            let dst = BenchBuffer(width: w, height: h, format: format)
            fillTextLikeCoverage(src.buffer)
            let blur = try! GaussianBlur(sigma: sigma)
            let phases = measurePhases(warmup: warmup, reps: reps) {
                [timed { try! blur.apply(from: src.buffer.readOnly, into: dst.buffer, threads: threads) }]
            }
            check(verifyBlur(blur, src.buffer.readOnly, dst.buffer), name)
            // σ up to 3 is blur_convolution's; above, blur_strip's.
            let kernel = sigma <= 3 ? "blur_convolution" : "blur_strip"
            check(blur.kernel == kernel, "\(name) runs \(blur.kernel), not \(kernel)")
            dump(name, "input", src.buffer)
            dump(name, "output", dst.buffer)
            record(CaseResult(name: name, width: w, height: h, total: Stats(phases[0]),
                              make: nil, fill: nil, intermediateBytes: w * h * format.bytesPerPixel * 2, reps: reps),
                   kernel: .one(kernel))
        }
    }

    /// Spot-checks the blur at corners, centre and a scattered sample against the exact Gaussian.
    private func verifyBlur(_ blur: GaussianBlur, _ src: ReadOnlyRasterBuffer, _ dst: RasterBuffer) -> Bool {
        let c = dst.format.bytesPerPixel
        for (x, y) in samplePoints(width: dst.width, height: dst.height, random: 24) {
            for ch in 0 ..< c {
                let got = Double(dst.row(y).load(fromByteOffset: x * c + ch, as: UInt8.self))
                if abs(got - blur.exactValue(of: src, x: x, y: y, channel: ch)) > 1 { return false }
            }
        }
        return true
    }
}
