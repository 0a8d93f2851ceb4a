import Testing
import SheenTestSupport
@testable import SheenRaster

/// Every level of both blur kernels (blur_convolution, blur_strip) equals its scalar twin bit for bit: σ on both sides of the
/// convolution limit, one axis unblurred, σx ≠ σy, both edge modes, A8 and RGBA, shapes from 1×1
/// to wider than every strip and band, padded rows, misaligned bases, rows against unmapped
/// pages, several workers, in place.
struct BlurLevelTests {
    static let sigmaPairs: [(Double, Double)] = [
        (0.3, 0.3), (0.7, 1.2), (2, 2), (3, 0), (0, 2.5), (3, 3), (3.01, 3.01), (1, 9), (8, 8), (0, 20), (40, 6),
    ]

    @Test(arguments: sigmaPairs.indices)
    func everyLevelEqualsTheTwin(pair: Int) throws {
        let (sx, sy) = Self.sigmaPairs[pair]
        var rng = SeededGenerator(seed: 0x7B1 + UInt64(pair))
        let shapes = [(1, 1), (1, 37), (37, 1), (5, 3), (17, 18), (67, 41), (130, 9)]
        for format in [PixelFormat.a8, .rgba8Premultiplied] {
            for edges in BlurEdges.allCases {
                let blur = try GaussianBlur(sigmaX: sx, sigmaY: sy, edges: edges)
                for (n, (w, h)) in shapes.enumerated() {
                    let src = FencedBuffer(width: w, height: h, format: format, padding: Int.random(in: 0 ... 9, using: &rng),
                                           misalignment: Int.random(in: 0 ... 15, using: &rng),
                                           guardPages: FencedBuffer.GuardPages.allCases[n % 3])
                    fillBlurSource(src.buffer, Bool.random(using: &rng) ? .text : .random, seed: rng.next())
                    let twin = FencedBuffer(width: w, height: h, format: format)
                    try blur.runKernel(src.buffer.readOnly, twin.buffer, threads: 1, level: .reference)
                    let want = pixelBytes(twin.buffer)
                    for level in Kernels.supported.dropFirst() {
                        for threads in [1, 3] {
                            // Against unmapped pages after every row, then before (the source too, by shape).
                            let got = FencedBuffer(width: w, height: h, format: format, padding: 3, misalignment: 7,
                                                   guardPages: threads == 1 ? .afterRows : .beforeRows)
                            try blur.runKernel(src.buffer.readOnly, got.buffer, threads: threads, level: level)
                            #expect(pixelBytes(got.buffer) == want && got.fenceViolations == 0,
                                    "\(label(["σx": sx, "σy": sy, "level": level, "threads": threads, "format": format, "edges": edges, "size": "\(w)×\(h)"]))")
                        }
                        // In place: pass 1 reads everything before pass 2 writes.
                        let inPlace = FencedBuffer(width: w, height: h, format: format)
                        for y in 0 ..< h {
                            copyBytes(inPlace.buffer.row(y), src.buffer.row(y), w * format.bytesPerPixel)
                        }
                        try blur.runKernel(inPlace.buffer.readOnly, inPlace.buffer, threads: 2, level: level)
                        #expect(pixelBytes(inPlace.buffer) == want, "in place \(level) \(w)×\(h)")
                    }
                    #expect(src.fenceViolations == 0)
                }
            }
        }
    }

    /// The method follows σ alone: the convolution up to the limit on both axes, else the recursion.
    @Test func methodFollowsSigma() throws {
        #expect(try GaussianBlur(sigma: GaussianBlur.convolutionSigmaLimit).method == .convolution)
        #expect(try GaussianBlur(sigmaX: 0, sigmaY: GaussianBlur.convolutionSigmaLimit.nextUp).method == .strip)
        #expect(try GaussianBlur(sigma: 0).method == .convolution)
    }

    /// The convolution's integer weights sum to exactly 65536 and the centre fits 16 bits at the
    /// identity threshold and at the limit.
    @Test(arguments: [GaussianBlur.identitySigma, 0.5, 1, 2.2, GaussianBlur.convolutionSigmaLimit])
    func tapsSumToOne(sigma: Double) {
        let taps = BlurTaps(sigma: sigma)
        #expect(taps.radius == Int((4 * sigma).rounded(.up)))
        #expect(Int(taps.weights[0]) + taps.weights.dropFirst().reduce(0) { $0 + Int($1) } == 65536)
    }
}

/// Repeated blurs reuse the intermediate and scratch memory: after the first call of a size,
/// calls of that size or smaller allocate nothing; blocks past the budget are freed.
struct BlurMemoryTests {
    @Test func blocksAreReused() throws {
        let memory = BlurMemory(keptBytes: 10_000, keptBlocks: 2)
        var first: UnsafeMutableRawPointer?
        try memory.with(bytes: 4000) { first = $0 }
        try memory.with(bytes: 4000) { #expect($0 == first) }
        try memory.with(bytes: 100) { #expect($0 == first) }
        #expect(memory.allocations == 1)
        // Two at once: the second is new; both are kept (8,000 bytes ≤ 10,000).
        try memory.with(bytes: 4000) { (outer) throws(RasterError) in try memory.with(bytes: 4000) { #expect($0 != outer) } }
        #expect(memory.allocations == 2)
        try memory.with(bytes: 4000) { (_) throws(RasterError) in try memory.with(bytes: 4000) { _ in } }
        #expect(memory.allocations == 2)
        // A block over the budget is used, then freed: the next call allocates again.
        try memory.with(bytes: 20_000) { _ in }
        try memory.with(bytes: 20_000) { _ in }
        #expect(memory.allocations == 4)
        // A lower budget frees what no longer fits: the next call allocates again; a higher one
        // keeps a block that did not fit before.
        memory.keptBytes = 3000
        try memory.with(bytes: 4000) { _ in }
        #expect(memory.allocations == 5)
        memory.keptBytes = 30_000
        try memory.with(bytes: 20_000) { _ in }
        try memory.with(bytes: 20_000) { _ in }
        #expect(memory.allocations == 6)
    }

    /// The public budget is the shared cache's, and by default holds a 3840×2160 RGBA blur.
    @Test func retainedMemoryLimitIsTheSharedBudget() {
        #expect(GaussianBlur.retainedMemoryLimit == BlurMemory.shared.keptBytes)
        #expect(BlurMemory.defaultKeptBytes >= 2 * 3840 * 4 * 2160 + (16 << 20))
    }

    /// A blur through the shared cache still equals the twin when the reused block held another
    /// image's values (every byte it reads is written first in the same call).
    @Test func reusedMemoryDoesNotLeakIntoResults() throws {
        for level in Kernels.supported where level >= .simd128 {
            for (w, h, sigma) in [(301, 77, 2.0), (40, 9, 2.0), (301, 77, 9.0), (33, 12, 9.0)] {
                let src = FencedBuffer(width: w, height: h, format: .rgba8Premultiplied)
                fillBlurSource(src.buffer, .random, seed: UInt64(w))
                let blur = try GaussianBlur(sigma: sigma, edges: .clamp)
                let want = FencedBuffer(width: w, height: h, format: .rgba8Premultiplied)
                let got = FencedBuffer(width: w, height: h, format: .rgba8Premultiplied)
                try blur.runKernel(src.buffer.readOnly, want.buffer, threads: 1, level: .reference)
                try blur.runKernel(src.buffer.readOnly, got.buffer, threads: 1, level: level)
                #expect(pixelBytes(got.buffer) == pixelBytes(want.buffer), "\(level) \(w)×\(h) σ \(sigma)")
            }
        }
    }
}
