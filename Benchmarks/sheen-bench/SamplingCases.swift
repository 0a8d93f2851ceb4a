import SheenRaster
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Bench {
    /// sample_bilinear: a W×H destination filled from an image of its size through the scales
    /// cairo hands pixman (mask-*-half: ×½, each destination pixel between four source pixels;
    /// mask-*-double: ×2, every other source pixel), A8 (cairo's scaled masks) and RGBA8, the
    /// image repeated past its edges; sample_convolution: the same from an RGBA8 image of twice
    /// its size through the separable convolution filter cairo gives an image it draws at 1/1.9
    /// of its size (cairo-perf's image-rgba-min: 3 × 3 taps, 128 phases each way). Each checked
    /// byte for byte against the reference level.
    func runBilinearSampling(width: Int, height: Int) {
        let convolution = try! ConvolutionFilter(pixmanParameters: Self.minifyingFilter)
        let cases: [(name: String, kernel: String, format: PixelFormat, scale: Int32)] = [
            ("sample.bilinear.a8.half", "sample_bilinear", .a8, 32768), ("sample.bilinear.a8.double", "sample_bilinear", .a8, 131_072),
            ("sample.bilinear.rgba.half", "sample_bilinear", .rgba8Premultiplied, 32768),
            ("sample.bilinear.rgba.double", "sample_bilinear", .rgba8Premultiplied, 131_072),
            ("sample.convolution.rgba.min", "sample_convolution", .rgba8Premultiplied, 124_518),
        ]
        for c in cases where wants(c.name) {
            // The convolution's image twice the destination's size, as cairo-perf's (drawn whole).
            let grow = c.kernel == "sample_convolution" ? 2 : 1
            let source = BenchBuffer(width: grow * width, height: grow * height, format: c.format)
            var state: UInt32 = 0x9E37_79B9
            for y in 0 ..< grow * height {
                for i in 0 ..< grow * width * c.format.bytesPerPixel {
                    state = state &* 1_664_525 &+ 1_013_904_223
                    source.buffer.row(y).storeBytes(of: UInt8(truncatingIfNeeded: state >> 24), toByteOffset: i, as: UInt8.self)
                }
            }
            let t = FixedAffineTransform(xx: c.scale, xy: 0, x0: 0, yx: 0, yy: c.scale, y0: 0)
            let dst = BenchBuffer(width: width, height: height, format: c.format)
            let expected = BenchBuffer(width: width, height: height, format: c.format)
            func draw(_ into: RasterBuffer) throws {
                if c.kernel == "sample_convolution" {
                    try into.sampleConvolution(from: source.buffer.readOnly, filter: convolution, transform: t, repeat: .normal)
                } else {
                    try into.sampleBilinear(from: source.buffer.readOnly, transform: t, repeat: .normal)
                }
            }
            let phases = measurePhases(warmup: warmup, reps: reps) { [timed { try! draw(dst.buffer) }] }
            try! Kernels.withLevel(.reference) { try draw(expected.buffer) }
            let rowBytes = width * c.format.bytesPerPixel
            let same = (0 ..< height).allSatisfy { memcmp(dst.buffer.row($0), expected.buffer.row($0), rowBytes) == 0 }
            check(same, "\(c.name) differs from the reference level")
            record(CaseResult(name: c.name, width: width, height: height, total: Stats(phases[0]),
                              make: nil, fill: nil, intermediateBytes: 0, reps: reps), kernel: .one(c.kernel))
        }
    }

    /// The separable convolution parameters cairo 1.16 gives pixman for an image drawn at 1/1.9
    /// of its size (PIXMAN_FILTER_SEPARABLE_CONVOLUTION as cairo-perf-micro's image-rgba-min sets
    /// it): 3 × 3 taps, 7 phase bits each way, a box of 1.9 pixels at each phase.
    static let minifyingFilter: [Int32] = {
        var p: [Int32] = [3 << 16, 3 << 16, 7 << 16, 7 << 16]
        for _ in 0 ..< 2 {
            for phase in 0 ..< 128 {
                let centre = (Double(phase) + 0.5) / 128 - 0.5
                let w = (0 ..< 3).map { (t: Int) -> Double in
                    let lo: Double = Double(t) - 1.5 - centre, hi: Double = lo + 1
                    return max(0, min(hi, 0.95) - max(lo, -0.95))
                }
                let total = w.reduce(0, +)
                var fixed = w.map { Int32(($0 / total * 65536).rounded()) }
                fixed[1] += 65536 - fixed.reduce(0, +)
                p += fixed
            }
        }
        return p
    }()
}
