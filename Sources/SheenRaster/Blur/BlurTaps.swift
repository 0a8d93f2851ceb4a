import CSheenSIMD

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
