// Deriche's fourth-order recursive approximation of the Gaussian (Deriche 1993, "Recursively
// implementing the Gaussian and its derivatives"): for x ≥ 0
//   g(x) ≈ (1.68·cos(0.6318·x/σ) + 3.735·sin(0.6318·x/σ))·e^(−1.783·x/σ)
//        − (0.6803·cos(1.997·x/σ) + 0.2598·sin(1.997·x/σ))·e^(−1.723·x/σ),
// mirrored for x < 0. Sampled at the integers, each damped cosine is exactly the impulse response
// of a second-order recursion, so the filter is two parallel second-order sections run forwards
// (x ≥ 0) and backwards (x < 0). Parallel sections rather than Deriche's single fourth-order
// recursion: with poles at e^(−1.7/σ) ≈ 0.98 for σ = 100, the fourth-order polynomial form loses
// Float precision; the sections do not.
//
// Measured against the normalised sampled Gaussian (BlurTests checks the consequence),
// the sum of absolute differences of the two kernels is ≤ 0.23/255 at σ = 0.5 and ≤ 0.15/255 for
// σ ≥ 2, so a 2-D blur is within 0.5 level of the exact convolution before rounding.

/// One 1-D pass: the coefficients of both sections, normalised to a DC gain of exactly 1.
struct BlurLine: Sendable {
    /// Forward taps on x[n] and x[n−1], per section.
    var n00: Float = 0, n01: Float = 0, n10: Float = 0, n11: Float = 0
    /// Backward taps on x[n+1] and x[n+2], per section.
    var m01: Float = 0, m02: Float = 0, m11: Float = 0, m12: Float = 0
    /// Feedback on the previous two outputs, per section (same both ways).
    var d01: Float = 0, d02: Float = 0, d11: Float = 0, d12: Float = 0
    /// Steady-state output of each section for a constant input of 1 (clamp edges start there).
    var causalGain0: Float = 0, causalGain1: Float = 0, anticausalGain0: Float = 0, anticausalGain1: Float = 0
    /// σ = 0: the pass leaves values unchanged.
    var isIdentity = true

    /// Coefficients for `sigma` pixels (below `GaussianBlur.identitySigma`: the identity;
    /// otherwise up to 256).
    init(sigma: Double) {
        guard sigma >= GaussianBlur.identitySigma else { return }
        isIdentity = false
        // (cosine weight, sine weight, decay, frequency) of each section, per unit of x/σ.
        let sections: [(Double, Double, Double, Double)] = [(1.68, 3.735, 1.783, 0.6318),
                                                            (-0.6803, -0.2598, 1.723, 1.997)]
        var raw: [(n0: Double, n1: Double, m1: Double, m2: Double, d1: Double, d2: Double)] = []
        var total = 0.0
        for (a, b, decay, freq) in sections {
            let lambda = decay / sigma, omega = freq / sigma
            func g(_ n: Double) -> Double { (a * libmCos(omega * n) + b * libmSin(omega * n)) * libmExp(-lambda * n) }
            let d1 = -2 * libmExp(-lambda) * libmCos(omega), d2 = libmExp(-2 * lambda)
            let s = (n0: g(0), n1: g(1) + d1 * g(0), m1: g(1), m2: g(2) + d1 * g(1), d1: d1, d2: d2)
            total += (s.n0 + s.n1 + s.m1 + s.m2) / (1 + d1 + d2)
            raw.append(s)
        }
        let (p, q) = (raw[0], raw[1])
        n00 = Float(p.n0 / total); n01 = Float(p.n1 / total)
        n10 = Float(q.n0 / total); n11 = Float(q.n1 / total)
        m01 = Float(p.m1 / total); m02 = Float(p.m2 / total)
        m11 = Float(q.m1 / total); m12 = Float(q.m2 / total)
        d01 = Float(p.d1); d02 = Float(p.d2); d11 = Float(q.d1); d12 = Float(q.d2)
        causalGain0 = Float((p.n0 + p.n1) / total / (1 + p.d1 + p.d2))
        causalGain1 = Float((q.n0 + q.n1) / total / (1 + q.d1 + q.d2))
        anticausalGain0 = Float((p.m1 + p.m2) / total / (1 + p.d1 + p.d2))
        anticausalGain1 = Float((q.m1 + q.m2) / total / (1 + q.d1 + q.d2))
    }
}
