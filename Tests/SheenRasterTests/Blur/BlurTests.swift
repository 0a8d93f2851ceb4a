import Testing
import SheenTestSupport
@testable import SheenRaster

/// The σ values the accuracy contract is tested at.
let contractSigmas: [Double] = [0.5, 1, 1.5, 2, 3, 5, 8, 13, 21, 34, 55, 100]

struct BlurAccuracyTests {
    /// The public exact blur of a whole image is, value by value, the per-pixel exact value (one
    /// 2-D sum), and every byte `apply` writes is within 1 level of it.
    @Test(arguments: [(2.0, 3.0, BlurEdges.transparent), (0.7, 0.0, .clamp), (5.0, 5.0, .clamp)])
    func exactValuesAreTheGaussianOfEveryPixel(sigmaX: Double, sigmaY: Double, edges: BlurEdges) throws {
        var rng = SeededGenerator(seed: 0xB1A7)
        let image = try Image(width: 23, height: 17, format: .rgba8Premultiplied)
        image.withBuffer { b in
            for y in 0 ..< 17 {
                for x in 0 ..< 23 {
                    let a = UInt8.random(in: 0 ... 255, using: &rng)
                    for c in 0 ..< 3 { b.row(y).storeBytes(of: UInt8.random(in: 0 ... a, using: &rng), toByteOffset: 4 * x + c, as: UInt8.self) }
                    b.row(y).storeBytes(of: a, toByteOffset: 4 * x + 3, as: UInt8.self)
                }
            }
        }
        let blur = try GaussianBlur(sigmaX: sigmaX, sigmaY: sigmaY, edges: edges)
        let exact = image.withBuffer { blur.exactValues(of: $0.readOnly) }
        #expect(exact.count == 23 * 17 * 4)
        let blurred = try Image(width: 23, height: 17, format: .rgba8Premultiplied)
        try image.withBuffer { src in try blurred.withBuffer { try blur.apply(from: src.readOnly, into: $0) } }
        image.withBuffer { src in
            for y in 0 ..< 17 {
                for x in 0 ..< 23 {
                    for c in 0 ..< 4 {
                        let v = exact[(y * 23 + x) * 4 + c]
                        #expect(abs(v - blur.exactValue(of: src.readOnly, x: x, y: y, channel: c)) < 1e-9)
                        #expect(abs(Double(blurred.bytes[(y * 23 + x) * 4 + c]) - v) <= 1)
                    }
                }
            }
        }
    }

    /// Within 1 level of the Double Gaussian for every contract σ, both edge modes, A8 and RGBA8,
    /// text-like and random input. Large σ use smaller images to keep the reference affordable.
    @Test(arguments: contractSigmas)
    func withinOneLevel(sigma: Double) throws {
        let (w, h) = sigma <= 13 ? (97, 61) : (70, 45)
        var worst = 0
        for format in [PixelFormat.a8, .rgba8Premultiplied] {
            for edges in BlurEdges.allCases {
                for content in BlurContent.allCases {
                    let blur = try GaussianBlur(sigma: sigma, edges: edges)
                    let r = try blurErrorAgainstReference(blur, width: w, height: h, format: format, content: content,
                                                          seed: UInt64(sigma * 100))
                    #expect(r.error <= 1, "\(label(["σ": sigma, "format": format, "edges": edges, "content": content])) error \(r.error)")
                    #expect(r.fenceViolations == 0)
                    worst = max(worst, r.error)
                }
            }
        }
        print("blur accuracy σ \(sigma): max error \(worst) level(s)")
    }

    /// Different σ per axis, including no blur along one axis.
    @Test(arguments: [(0.0, 5.0), (3.0, 0.0), (2.0, 13.0), (21.0, 0.7), (0.0, 0.0)])
    func separateSigmas(sx: Double, sy: Double) throws {
        for format in [PixelFormat.a8, .bgra8Premultiplied] {
            let blur = try GaussianBlur(sigmaX: sx, sigmaY: sy, edges: .clamp)
            let r = try blurErrorAgainstReference(blur, width: 53, height: 38, format: format, content: .text, seed: 9)
            #expect(r.error <= 1, "\(label(["σx": sx, "σy": sy, "format": format]))")
            if sx == 0 && sy == 0 { #expect(r.error == 0) }
        }
    }

    /// Every size 1…40 along one axis with a few along the other, padded rows, misaligned bases,
    /// fences intact.
    @Test(arguments: [PixelFormat.a8, .rgba8Premultiplied])
    func sizesStridesAlignment(format: PixelFormat) throws {
        var rng = SeededGenerator(seed: 77)
        for w in 1 ... 40 {
            for h in [1, 2, 3, 9, 40] {
                let sigma = [0.5, 1.7, 4, 12][Int.random(in: 0 ..< 4, using: &rng)]
                let blur = try GaussianBlur(sigma: sigma, edges: Bool.random(using: &rng) ? .clamp : .transparent)
                let r = try blurErrorAgainstReference(blur, width: w, height: h, format: format, content: .random,
                                                      seed: UInt64(w * 100 + h), padding: Int.random(in: 0 ... 9, using: &rng),
                                                      misalignment: Int.random(in: 0 ... 15, using: &rng))
                #expect(r.error <= 1, "\(label(["w": w, "h": h, "σ": sigma]))")
                #expect(r.fenceViolations == 0, "\(label(["w": w, "h": h]))")
                // Swapping the axes gives the transpose's blur: the h×w shape goes through too.
                let t = try blurErrorAgainstReference(blur, width: h, height: w, format: format, content: .text,
                                                      seed: UInt64(w * 100 + h))
                #expect(t.error <= 1 && t.fenceViolations == 0, "\(label(["w": h, "h": w, "σ": sigma]))")
            }
        }
    }
}

struct BlurPropertyTests {
    /// One opaque dot: the sampled Gaussian, peak at the dot, symmetric, falling off monotonically.
    @Test func dotGivesGaussianProfile() throws {
        let sigma = 3.0
        let img = try Image(width: 41, height: 41, format: .a8)
        try img.withBuffer { b in
            b.row(20).storeBytes(of: UInt8(255), toByteOffset: 20, as: UInt8.self)
            try GaussianBlur(sigma: sigma).apply(in: b)
        }
        let w = gaussianWeights(sigma: sigma), r = w.count / 2
        for dx in 0 ... 12 {
            let exact = 255 * w[r + dx] * w[r]
            let got = Double(img.pixel(x: 20 + dx, y: 20)[0])
            #expect(abs(got - exact) <= 1, "dx \(dx): \(got) vs \(exact)")
            #expect(img.pixel(x: 20 - dx, y: 20) == img.pixel(x: 20 + dx, y: 20) || abs(Int(img.pixel(x: 20 - dx, y: 20)[0]) - Int(got)) <= 1)
            if dx > 0 { #expect(img.pixel(x: 20 + dx, y: 20)[0] <= img.pixel(x: 19 + dx, y: 20)[0]) }
            #expect(img.pixel(x: 20, y: 20 + dx) == img.pixel(x: 20 + dx, y: 20) || abs(Int(img.pixel(x: 20, y: 20 + dx)[0]) - Int(got)) <= 1)
        }
    }

    /// A mirror-symmetric input blurs to a mirror-symmetric output (within the 1-level contract:
    /// the forward and backward halves round differently).
    @Test func symmetricInputSymmetricOutput() throws {
        let w = 64, h = 20
        let img = try Image(width: w, height: h, format: .a8)
        try img.withBuffer { b in
            fillBlurSource(b, .text, seed: 3)
            for y in 0 ..< h { for x in 0 ..< w / 2 { b.row(y).storeBytes(of: b.row(y).load(fromByteOffset: x, as: UInt8.self), toByteOffset: w - 1 - x, as: UInt8.self) } }
            try GaussianBlur(sigma: 4.5, edges: .clamp).apply(in: b)
        }
        for y in 0 ..< h { for x in 0 ..< w / 2 {
            #expect(abs(Int(img.pixel(x: x, y: y)[0]) - Int(img.pixel(x: w - 1 - x, y: y)[0])) <= 1)
        } }
    }

    /// With transparent edges and content far from the borders, the total is conserved.
    @Test(arguments: [1.0, 6.0, 20.0])
    func massConserved(sigma: Double) throws {
        let margin = Int(6 * sigma) + 2, inner = 30
        let img = try Image(width: inner + 2 * margin, height: inner + 2 * margin, format: .a8)
        var before = 0, after = 0, pixels = 0
        try img.withBuffer { b in
            fillBlurSource(b.cropped(to: PixelRect(x: margin, y: margin, width: inner, height: inner)), .text, seed: 5)
            before = pixelBytes(b).reduce(0) { $0 + Int($1) }
            try GaussianBlur(sigma: sigma).apply(in: b)
            let bytes = pixelBytes(b)
            after = bytes.reduce(0) { $0 + Int($1) }
            pixels = bytes.count
        }
        // Each pixel rounds by at most half a level. Where the blur keeps values well above one
        // level (small σ), rounding errors cancel and the total holds to 1 %; at large σ the
        // mass is spread into values near 0.5 and rounding dominates.
        #expect(abs(after - before) <= max(pixels / 2, 1))
        if sigma <= 6 {
            #expect(Double(abs(after - before)) <= 0.01 * Double(before), "\(label(["σ": sigma, "before": before, "after": after]))")
        }
    }

    /// RGBA output never has a colour above its alpha.
    @Test func premultipliedStaysValid() throws {
        for sigma in [0.5, 2.5, 30] {
            let img = try Image(width: 50, height: 31, format: .rgba8Premultiplied)
            try img.withBuffer { b in
                fillBlurSource(b, .random, seed: 11)
                try GaussianBlur(sigma: sigma, edges: .clamp).apply(in: b)
            }
            for y in 0 ..< 31 { for x in 0 ..< 50 {
                let p = img.pixel(x: x, y: y)
                #expect(p[0] <= p[3] && p[1] <= p[3] && p[2] <= p[3])
            } }
        }
    }

    /// In place equals out of place; several threads equal one, byte for byte.
    @Test func inPlaceAndThreadsAreIdentical() throws {
        for format in [PixelFormat.a8, .rgba8Premultiplied] {
            let src = FencedBuffer(width: 131, height: 77, format: format, padding: 3, misalignment: 1)
            fillBlurSource(src.buffer, .text, seed: 21)
            let blur = try GaussianBlur(sigmaX: 7, sigmaY: 2.5, edges: .transparent)
            let out = FencedBuffer(width: 131, height: 77, format: format)
            try blur.apply(from: src.buffer.readOnly, into: out.buffer)
            for threads in [2, 3, 8] {
                let t = FencedBuffer(width: 131, height: 77, format: format)
                try blur.apply(from: src.buffer.readOnly, into: t.buffer, threads: threads)
                #expect(pixelBytes(t.buffer) == pixelBytes(out.buffer), "threads \(threads)")
            }
            try blur.apply(in: src.buffer)
            #expect(pixelBytes(src.buffer) == pixelBytes(out.buffer))
            #expect(src.fenceViolations == 0 && out.fenceViolations == 0)
        }
    }

    /// The grown blur holds the whole blur: it equals blurring a source padded by the margins.
    @Test func grownKeepsTheWholeBlur() throws {
        let blur = try GaussianBlur(sigmaX: 2, sigmaY: 3.5)
        let src = try Image(width: 12, height: 9, format: .a8)
        src.withBuffer { fillBlurSource($0, .text, seed: 2) }
        let grown = try src.withReadOnlyBuffer { try blur.grown($0) }
        #expect(blur.margins == (6, 11))
        #expect(grown.offsetX == -6 && grown.offsetY == -11)
        #expect(grown.image.width == 24 && grown.image.height == 31)
        let padded = try Image(width: 24, height: 31, format: .a8)
        try padded.withBuffer { p in
            for y in 0 ..< 9 { for x in 0 ..< 12 { p.row(y + 11).storeBytes(of: src.pixel(x: x, y: y)[0], toByteOffset: x + 6, as: UInt8.self) } }
            try blur.apply(in: p)
        }
        #expect(grown.image.bytes == padded.bytes)
        // Nothing was cut: the outermost ring holds under one level of mass.
        #expect(grown.image.pixel(x: 0, y: 15)[0] == 0 && grown.image.pixel(x: 12, y: 0)[0] == 0)
    }

    @Test func cssRadius() {
        #expect(GaussianBlur.sigma(cssRadius: 10) == 5)
        #expect(GaussianBlur.sigma(canvasShadowBlur: 8) == 4)
    }
}

struct BlurBadInputTests {
    @Test(arguments: [Double.nan, .infinity, -.infinity, -1, -0.001, 256.001, 1000])
    func badSigmaThrows(sigma: Double) {
        #expect(throws: RasterError.self) { try GaussianBlur(sigma: sigma) }
        #expect(throws: RasterError.self) { try GaussianBlur(sigmaX: 1, sigmaY: sigma) }
    }

    @Test func sigmaLimitsAccepted() throws {
        _ = try GaussianBlur(sigma: 0)
        _ = try GaussianBlur(sigma: 256)
        let e = #expect(throws: RasterError.self) { try GaussianBlur(sigmaX: -2, sigmaY: 1) }
        #expect(e?.description.contains("sigmaX -2.0") == true)
    }

    /// Mismatched sizes or formats and bad thread counts throw and leave the destination untouched.
    @Test func mismatchesLeaveDestinationUntouched() throws {
        let blur = try GaussianBlur(sigma: 3)
        let src = FencedBuffer(width: 10, height: 8, format: .a8)
        fillBlurSource(src.buffer, .text, seed: 1)
        let cases: [(FencedBuffer, Int)] = [
            (FencedBuffer(width: 11, height: 8, format: .a8), 1),
            (FencedBuffer(width: 10, height: 7, format: .a8), 1),
            (FencedBuffer(width: 10, height: 8, format: .rgba8Premultiplied), 1),
            (FencedBuffer(width: 10, height: 8, format: .a8), 0),
            (FencedBuffer(width: 10, height: 8, format: .a8), -3),
        ]
        for (dst, threads) in cases {
            let before = dst.allBytes
            #expect(throws: RasterError.self) { try blur.apply(from: src.buffer.readOnly, into: dst.buffer, threads: threads) }
            #expect(dst.allBytes == before)
        }
    }

    /// A blur whose intermediate the system cannot provide throws `allocationFailed` before reading
    /// or writing a pixel. The view claims 2^21 × 2^21 pixels over 64 real bytes: its intermediate
    /// would be 8 TiB. (Only asserted where the kernel refuses such allocations: Linux with its
    /// default or strict overcommit policy.)
    @Test func refusedIntermediateThrowsAndTouchesNothing() throws {
        guard refusesHugeAllocations() else { return }
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 64)
        defer { memory.deallocate() }
        for i in 0 ..< 64 { memory.storeBytes(of: UInt8(i), toByteOffset: i, as: UInt8.self) }
        let huge = RasterBuffer(unchecked: memory, width: 1 << 21, height: 1 << 21, bytesPerRow: 1 << 21, format: .a8)
        let blur = try GaussianBlur(sigma: 2)
        let e = #expect(throws: RasterError.self) { try blur.runKernel(huge.readOnly, huge, threads: 1) }
        #expect(e?.description.contains("cannot allocate") == true)
        for i in 0 ..< 64 { #expect(memory.load(fromByteOffset: i, as: UInt8.self) == UInt8(i)) }
    }

    @Test func emptyImagesAreFine() throws {
        let blur = try GaussianBlur(sigma: 5)
        for (w, h) in [(0, 0), (0, 5), (5, 0)] {
            let b = FencedBuffer(width: w, height: h, format: .rgba8Premultiplied)
            try blur.apply(in: b.buffer)
            #expect(b.fenceViolations == 0)
        }
    }
}

/// σ below `GaussianBlur.identitySigma` leaves its axis unchanged at every level, however small
/// (subnormal σ, σ whose square underflows); σ from the threshold up blurs within 1 level of the
/// exact Gaussian, on shapes smaller than the kernel and on single rows and columns.
struct BlurTinySigmaTests {
    @Test(arguments: [Double.leastNonzeroMagnitude, Double.leastNormalMagnitude / 1024, 1e-200, 1e-163, 1e-100, 0.1, GaussianBlur.identitySigma.nextDown])
    func tinySigmaIsTheIdentityAtEveryLevel(sigma: Double) throws {
        for level in Kernels.supported {
            for format in [PixelFormat.a8, .rgba8Premultiplied] {
                for edges in BlurEdges.allCases {
                    let src = try Image(width: 23, height: 7, format: format)
                    src.withBuffer { fillBlurSource($0, .random, seed: 5) }
                    let dst = try Image(width: 23, height: 7, format: format)
                    try src.withReadOnlyBuffer { s in
                        try dst.withBuffer { d in
                            try Kernels.withLevel(level) { try GaussianBlur(sigma: sigma, edges: edges).apply(from: s, into: d) }
                        }
                    }
                    let same = src.withBuffer { s in dst.withBuffer { d in pixelBytes(s) == pixelBytes(d) } }
                    #expect(same, "\(label(["σ": sigma, "level": level, "format": format, "edges": edges]))")
                }
            }
        }
    }

    /// One axis below the threshold, the other above: the blur along the other axis alone.
    @Test func tinySigmaOnOneAxisIsThatAxisUnblurred() throws {
        for level in Kernels.supported {
            let src = try Image(width: 31, height: 17, format: .rgba8Premultiplied)
            src.withBuffer { fillBlurSource($0, .text, seed: 8) }
            var outputs = [[UInt8]]()
            for sx in [0, 1e-300, 0.2] {
                let dst = try Image(width: 31, height: 17, format: .rgba8Premultiplied)
                try src.withReadOnlyBuffer { s in
                    try dst.withBuffer { d in try Kernels.withLevel(level) { try GaussianBlur(sigmaX: sx, sigmaY: 3).apply(from: s, into: d) } }
                }
                outputs.append(dst.withBuffer { pixelBytes($0) })
            }
            #expect(outputs[1] == outputs[0] && outputs[2] == outputs[0], "\(level)")
        }
    }

    @Test(arguments: [GaussianBlur.identitySigma, 0.3, 0.4, 0.45])
    func justAboveTheThresholdIsWithinOneLevel(sigma: Double) throws {
        for format in [PixelFormat.a8, .rgba8Premultiplied] {
            for edges in BlurEdges.allCases {
                for (w, h) in [(1, 1), (2, 1), (1, 9), (9, 1), (3, 2), (40, 30)] {
                    let blur = try GaussianBlur(sigma: sigma, edges: edges)
                    let r = try blurErrorAgainstReference(blur, width: w, height: h, format: format, content: .random, seed: UInt64(w * 31 + h))
                    #expect(r.error <= 1 && r.fenceViolations == 0, "\(label(["σ": sigma, "size": "\(w)×\(h)", "format": format, "edges": edges])) error \(r.error)")
                }
            }
        }
    }
}
