import CSheenSIMD
import CSheenSIMDWidthCheck
@testable import SheenRaster
import SheenTestSupport
import Testing

/// The AVX-512 level cannot run on a CPU without AVX-512, but its code is the AVX2 body at twice
/// the block width. This compiles that width for AVX2 (CSheenSIMDWidthCheck) and holds it to the
/// AVX2 build — itself held to the reference by CompositeKernelTests — on random jobs of every
/// operator, paint and coverage kind, format, width (every tail of both block sizes) and stride.
@Suite(.enabled(if: Kernels.supported.contains(.avx2)))
struct KernelWidthTests {
    @Test func block64EqualsBlock32OnRandomJobs() {
        var rng = SeededGenerator(seed: 0xB10C_64)
        var mismatches = 0
        for _ in 0 ..< 3000 {
            let wide = Bool.random(using: &rng)
            let bpp = wide ? 4 : 1
            let op = UInt32.random(in: 0 ..< (wide ? 28 : 13), using: &rng)
            let width = Int.random(in: 0 ... 140, using: &rng), height = Int.random(in: 1 ... 3, using: &rng)
            let stride = width * bpp + Int.random(in: 0 ... 8, using: &rng)
            let bytes = stride * height + 64
            var dst = [UInt8](repeating: 0, count: bytes), paint = [UInt8](repeating: 0, count: bytes)
            var mask = [UInt8](repeating: 0, count: width * height + 64)
            for i in Swift.stride(from: 0, to: stride * height, by: bpp) {
                for buffer in [0, 1] {
                    let a = randomLevel(&rng)
                    var px = [a]
                    if wide { px = (0 ..< 3).map { _ in a == 0 ? 0 : UInt8.random(in: 0 ... a, using: &rng) } + [a] }
                    for (k, v) in px.enumerated() {
                        if buffer == 0 { dst[i + k] = v } else { paint[i + k] = v }
                    }
                }
            }
            for i in 0 ..< width * height { mask[i] = randomLevel(&rng) }
            let a = randomLevel(&rng)
            let solid: UInt32 = wide
                ? (0 ..< 3).reduce(UInt32(a) << 24) { s, k in s | UInt32(a == 0 ? 0 : UInt8.random(in: 0 ... a, using: &rng)) << (8 * k) }
                : UInt32(a)
            let paintKind = Int.random(in: 0 ... 1, using: &rng), coverageKind = Int.random(in: 0 ... 2, using: &rng)
            let paintStride = Bool.random(using: &rng) ? stride : 0
            let constant = coverageKind == 0 ? 255 : UInt32.random(in: 1 ... 254, using: &rng)
            let red: UInt32 = Bool.random(using: &rng) ? 2 : 0
            var second = dst
            paint.withUnsafeBytes { p in
                mask.withUnsafeBufferPointer { m in
                    func run(_ out: UnsafeMutableRawBufferPointer, _ entry: (UnsafePointer<SheenCompositeJob>?) -> Int32) {
                        var job = SheenCompositeJob()
                        job.dst = out.baseAddress; job.dstStride = stride
                        job.paint = paintKind == 1 ? p.baseAddress : nil; job.paintStride = paintStride
                        job.mask = coverageKind == 2 ? m.baseAddress : nil; job.maskStride = width
                        job.width = width; job.height = height; job.solid = solid; job.coverage = constant
                        job.op = op; job.bytesPerPixel = UInt32(bpp); job.redByte = red
                        // A mask with a constant below 255 is scaled into the scratch.
                        var scratch = [UInt8](repeating: 0, count: sheen_composite_scratch_bytes(width))
                        scratch.withUnsafeMutableBytes { s in
                            job.scratch = s.baseAddress
                            #expect(entry(&job) == 0)
                        }
                    }
                    dst.withUnsafeMutableBytes { run($0, sheen_composite_avx2) }
                    second.withUnsafeMutableBytes { run($0, sheen_composite_block64_on_avx2) }
                }
            }
            if dst != second {
                mismatches += 1
                if mismatches <= 3 {
                    Issue.record("op \(op) · bytes per pixel \(bpp) · width \(width) · paint \(paintKind) · coverage \(coverageKind)")
                }
            }
        }
        #expect(mismatches == 0)
    }
}

/// The blur body at the AVX-512 width (32 UInt16 lanes, two vectors per 64 values), compiled for
/// AVX2, equals the scalar twin on both methods, odd shapes and both formats.
@Suite(.enabled(if: Kernels.supported.contains(.avx2)))
struct BlurWidthTests {
    @Test(arguments: [(0.6, 2.0), (3.0, 0.0), (5.0, 11.0), (0.0, 30.0)])
    func blurBlock64EqualsTheTwin(sx: Double, sy: Double) throws {
        for format in [PixelFormat.a8, .rgba8Premultiplied] {
            for edges in BlurEdges.allCases {
                for (w, h) in [(1, 1), (3, 40), (63, 5), (65, 17), (129, 3)] {
                    let blur = try GaussianBlur(sigmaX: sx, sigmaY: sy, edges: edges)
                    let src = FencedBuffer(width: w, height: h, format: format, padding: 5, misalignment: 3)
                    fillBlurSource(src.buffer, .random, seed: UInt64(w * h))
                    let want = FencedBuffer(width: w, height: h, format: format)
                    let got = FencedBuffer(width: w, height: h, format: format, padding: 2, misalignment: 9)
                    try blur.runKernel(src.buffer.readOnly, want.buffer, threads: 1, level: .reference)
                    try blur.runC(src.buffer.readOnly, got.buffer, entry: sheen_blur_block64_on_avx2, threads: 2)
                    #expect(pixelBytes(got.buffer) == pixelBytes(want.buffer) && got.fenceViolations == 0,
                            "\(label(["σx": sx, "σy": sy, "format": format, "edges": edges, "size": "\(w)×\(h)"]))")
                }
            }
        }
    }
}
