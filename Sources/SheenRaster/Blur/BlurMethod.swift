import CSheenSIMD

// Which algorithm a blur runs is decided by σ alone, never by the kernel level, so every level
// computes the same bits. Small σ: a direct convolution in 16-bit integers, whose cost grows with
// the radius; larger σ: Deriche's recursion, whose cost does not. The limit is the measured
// crossover of the AVX2 kernels (1920×1080 A8, one thread): the convolution ran 2,600 Mpix/s at
// σ 1, 1,360 at σ 2 and about 870 at σ 3, where the recursion runs about 700 at every σ.

/// How a blur filters.
enum BlurMethod: Sendable {
    /// Both axes by direct convolution with `BlurTaps` (σ ≤ `GaussianBlur.convolutionSigmaLimit`).
    case convolution
    /// Both axes by Deriche's recursion (`BlurLine`).
    case recursive

    /// The kernel table entry that runs this method.
    var kernelName: String { self == .convolution ? "blur_convolution" : "blur_strip" }
}

extension GaussianBlur {
    /// Largest σ, in pixels, filtered by direct convolution (both axes at or below it); above,
    /// the recursion.
    static let convolutionSigmaLimit = 3.0

    /// The method this blur runs.
    var method: BlurMethod { max(sigmaX, sigmaY) <= Self.convolutionSigmaLimit ? .convolution : .recursive }
}

/// The convolution's integer kernel for one axis: radius R = ⌈4σ⌉ samples each side (0: the axis
/// is left unchanged), the centre weight and one weight per symmetric pair, in units of 1/65536
/// summing to exactly 65536. A pair (a, b) contributes floor(((a + b + 1) / 2) · w / 65536): its
/// rounded average times twice one side's weight, so each pair costs one average and one
/// multiply. Truncating at 4σ drops at most 6.4·10⁻⁵ of the mass per side (0.03 level per axis).
struct BlurTaps: Sendable, Equatable {
    /// Samples each side of the centre (0: identity).
    let radius: Int
    /// `weights[0]` the centre weight, `weights[k]` the weight of the pair at ±k (k = 1 … radius).
    let weights: [UInt16]
    /// Added before the taps: half a unit per floor taken, so the floors round on average.
    let offset: UInt16

    init(sigma: Double) {
        guard sigma >= GaussianBlur.identitySigma else {
            radius = 0; weights = [0]; offset = 0
            return
        }
        let r = min(Int(SHEEN_BLUR_MAX_RADIUS), Int((4 * sigma).rounded(.up)))
        let g = (0 ... r).map { k in libmExp(-Double(k * k) / (2 * sigma * sigma)) }
        let total = g[0] + 2 * g[1...].reduce(0, +)
        var w = [UInt16](repeating: 0, count: r + 1)
        var pairs = 0
        for k in 1 ... r {
            w[k] = UInt16((2 * g[k] / total * 65536).rounded())
            pairs += Int(w[k])
        }
        // At σ ≥ identitySigma the pairs weigh at least 43/65536, so the centre fits 16 bits.
        w[0] = UInt16(65536 - pairs)
        radius = r; weights = w; offset = UInt16((r + 1) / 2)
    }
}

/// floor(a · w / 65536), the high half of a 16-bit product (pmulhuw).
@inline(__always) func mulhi(_ a: UInt16, _ w: UInt16) -> UInt16 {
    UInt16(truncatingIfNeeded: (UInt32(a) &* UInt32(w)) &>> 16)
}

/// (a + b + 1) / 2, the rounded average (pavgw).
@inline(__always) func average(_ a: UInt16, _ b: UInt16) -> UInt16 {
    UInt16(truncatingIfNeeded: (UInt32(a) &+ UInt32(b) &+ 1) &>> 1)
}
