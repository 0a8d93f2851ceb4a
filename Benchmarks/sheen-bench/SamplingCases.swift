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
    /// image repeated past its edges; checked byte for byte against the reference level.
    func runBilinearSampling(width: Int, height: Int) {
        let cases: [(name: String, format: PixelFormat, scale: Int32)] = [
            ("sample.bilinear.a8.half", .a8, 32768), ("sample.bilinear.a8.double", .a8, 131_072),
            ("sample.bilinear.rgba.half", .rgba8Premultiplied, 32768), ("sample.bilinear.rgba.double", .rgba8Premultiplied, 131_072),
        ]
        let kernel = "sample_bilinear"
        for c in cases where wants(c.name) {
            let source = BenchBuffer(width: width, height: height, format: c.format)
            var state: UInt32 = 0x9E37_79B9
            for y in 0 ..< height {
                for i in 0 ..< width * c.format.bytesPerPixel {
                    state = state &* 1_664_525 &+ 1_013_904_223
                    source.buffer.row(y).storeBytes(of: UInt8(truncatingIfNeeded: state >> 24), toByteOffset: i, as: UInt8.self)
                }
            }
            let t = FixedAffineTransform(xx: c.scale, xy: 0, x0: 0, yx: 0, yy: c.scale, y0: 0)
            let dst = BenchBuffer(width: width, height: height, format: c.format)
            let expected = BenchBuffer(width: width, height: height, format: c.format)
            let phases = measurePhases(warmup: warmup, reps: reps) {
                [timed { try! dst.buffer.sampleBilinear(from: source.buffer.readOnly, transform: t, repeat: .normal) }]
            }
            try! Kernels.withLevel(.reference) {
                try expected.buffer.sampleBilinear(from: source.buffer.readOnly, transform: t, repeat: .normal)
            }
            let rowBytes = width * c.format.bytesPerPixel
            let same = (0 ..< height).allSatisfy { memcmp(dst.buffer.row($0), expected.buffer.row($0), rowBytes) == 0 }
            check(same, "\(c.name) differs from the reference level")
            record(CaseResult(name: c.name, width: width, height: height, total: Stats(phases[0]),
                              make: nil, fill: nil, intermediateBytes: 0, reps: reps), kernel: .one(kernel))
        }
    }
}
