import CSheenSIMD

/// A separable Gaussian blur of A8 or premultiplied RGBA8/BGRA8 pixels, validated once and
/// applied to any number of buffers.
///
/// Blurring premultiplied values is what keeps transparent pixels from bleeding colour into a
/// shadow's edge. Accuracy: every output byte is within 1 level of the exact convolution with the
/// sampled, normalised Gaussian (kernel truncated at 5σ) under the same edge mode, for every σ in
/// [0.5, 100] (tested; larger σ behave alike). Two methods, chosen by σ alone so every kernel
/// level gives the same bytes (BlurMethod.swift): up to σ 3 a direct convolution in 16-bit
/// integers (radius ⌈4σ⌉), above it Deriche's fourth-order recursive Gaussian
/// (BlurCoefficients.swift), whose cost does not depend on σ. RGBA output stays
/// premultiplied-valid (no colour above its alpha). Intermediate memory is reused across calls.
public struct GaussianBlur: Sendable, Hashable {
    /// Largest accepted σ, in pixels.
    public static let maximumSigma = 256.0

    /// σ below this many pixels leaves its axis unchanged, in every mode and at every kernel
    /// level (subnormal σ included). There the sampled Gaussian's neighbours weigh at most
    /// e^(−8) ≈ 3.4·10⁻⁴ against 1, so the exact blurred value lies within 0.2 level of the
    /// input and the input is its correctly rounded value.
    public static let identitySigma = 0.25

    /// Standard deviation along x, in pixels (below `identitySigma`, 0 included: no blur along x).
    public let sigmaX: Double
    /// Standard deviation along y, in pixels (below `identitySigma`, 0 included: no blur along y).
    public let sigmaY: Double
    /// What lies outside the image.
    public let edges: BlurEdges

    /// A blur with σ `sigmaX` and `sigmaY` pixels, each in [0, 256]; below `identitySigma` an
    /// axis is left unchanged.
    /// Throws `RasterError.nonFinite` for NaN or infinite σ and `.outOfRange` for negative or
    /// too large σ.
    public init(sigmaX: Double, sigmaY: Double, edges: BlurEdges = .transparent) throws(RasterError) {
        try RasterError.requireFinite(sigmaX, "sigmaX")
        try RasterError.requireFinite(sigmaY, "sigmaY")
        for (name, s) in [("sigmaX", sigmaX), ("sigmaY", sigmaY)] where s < 0 || s > Self.maximumSigma {
            throw RasterError.outOfRange(name: name, value: s, range: "0 (none) or (0, 256] pixels")
        }
        self.sigmaX = sigmaX; self.sigmaY = sigmaY; self.edges = edges
    }

    /// The same σ (pixels, 0 or (0, 256]) along both axes.
    public init(sigma: Double, edges: BlurEdges = .transparent) throws(RasterError) {
        try self.init(sigmaX: sigma, sigmaY: sigma, edges: edges)
    }

    /// σ for a CSS / Canvas 2D blur radius (`filter: blur(r)`, `shadowBlur` is 2× this): the
    /// specifications define the radius as 2σ, so σ = r / 2.
    public static func sigma(cssRadius: Double) -> Double { cssRadius / 2 }

    /// σ for a Canvas 2D `shadowBlur` value b: the HTML specification sets σ = b / 2.
    public static func sigma(canvasShadowBlur: Double) -> Double { canvasShadowBlur / 2 }

    /// Most bytes of intermediate memory blurs keep between calls, so that repeated blurs of a
    /// size allocate nothing after the first (a fresh block costs a page fault per 4 KB). Default
    /// 160 MiB: enough for a 3840×2160 RGBA blur (66 MB of intermediate) and smaller ones beside
    /// it. Setting it lower frees what is kept beyond it at once; 0 keeps nothing. Process-wide.
    public static var retainedMemoryLimit: Int {
        get { BlurMemory.shared.keptBytes }
        set { BlurMemory.shared.keptBytes = newValue }
    }

    /// Blurs `source` into `destination`, which must have the same size and format; they may be
    /// the same memory (in place). `threads` ≥ 1 splits the work into bands across that many
    /// workers with byte-identical output. Throws, leaving `destination` untouched, for mismatched
    /// sizes or formats, `threads` < 1, or `RasterError.allocationFailed` when the kernel's
    /// intermediate (2 bytes per value, rows rounded up to 64 values) cannot be allocated.
    public func apply(from source: ReadOnlyRasterBuffer, into destination: RasterBuffer, threads: Int = 1) throws(RasterError) {
        let level = try Kernels.requestedLevel()
        guard source.format == destination.format else {
            throw RasterError.formatMismatch(expected: source.format, actual: destination.format)
        }
        guard source.width == destination.width, source.height == destination.height else {
            throw RasterError.sizeMismatch(expectedWidth: source.width, expectedHeight: source.height,
                                           actualWidth: destination.width, actualHeight: destination.height)
        }
        guard threads >= 1 else { throw RasterError.outOfRange(name: "threads", value: Double(threads), range: "1 or more") }
        if source.width == 0 || source.height == 0 { return }
        try runKernel(source, destination, threads: threads, level: level)
    }

    /// Blurs `buffer` in place; see `apply(from:into:threads:)`.
    public func apply(in buffer: RasterBuffer, threads: Int = 1) throws(RasterError) {
        try apply(from: buffer.readOnly, into: buffer, threads: threads)
    }

    /// The blur at `level`: the scalar twins at `reference`, the C kernels above, each on the same
    /// job (GaussianBlur+C.swift). Tests hold every level to the twins bit for bit and to
    /// `blurReference` within 1 level.
    package func runKernel(_ source: ReadOnlyRasterBuffer, _ destination: RasterBuffer, threads: Int,
                   level requested: SIMDLevel = Kernels.current) throws(RasterError) {
        try runC(source, destination, entry: KernelTable.at(requested).blur, threads: threads)
    }
}
