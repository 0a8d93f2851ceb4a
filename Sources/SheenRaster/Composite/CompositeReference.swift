// The scalar reference twin of every compositing kernel: one pixel at a time, in plain Int (and
// Double for the modes defined with divisions or square roots), written from the W3C formulas
// without any of the kernel's tricks. The SIMD kernels must equal it bit for bit.
//
// Every integer formula is written as one numerator N over 255 in the W3C general form
//   Dca' × 255 = s·(255 − da) + d·(255 − sa) + X,   X = sa·da·B(Cb, Cs)
// (X = s·da for sourceIn-like terms, and so on), and rounded once: round(N / 255).

enum CompositeReference {
    /// round(n / 255) for n ≥ 0 (ties cannot occur: 255 is odd).
    @inline(__always)
    static func roundDiv255(_ n: Int) -> Int { (2 * n + 255) / 510 }

    /// One channel of a Porter-Duff operator; the alpha channel is the same formula with
    /// s = sa and d = da.
    static func porterDuff(_ op: CompositeOperator, _ s: Int, _ sa: Int, _ d: Int, _ da: Int) -> Int {
        switch op {
        case .clear: return 0                                              // 0
        case .source: return s                                             // Sca
        case .destination: return d                                        // Dca
        case .sourceOver: return min(255, roundDiv255(255 * s + d * (255 - sa))) // Sca + Dca·(1 − Sa), saturating (pixman's)
        case .destinationOver: return roundDiv255(s * (255 - da) + 255 * d) // Sca·(1 − Da) + Dca
        case .sourceIn: return roundDiv255(s * da)                         // Sca·Da
        case .destinationIn: return roundDiv255(d * sa)                    // Dca·Sa
        case .sourceOut: return roundDiv255(s * (255 - da))                // Sca·(1 − Da)
        case .destinationOut: return roundDiv255(d * (255 - sa))           // Dca·(1 − Sa)
        case .sourceAtop: return roundDiv255(s * da + d * (255 - sa))      // Sca·Da + Dca·(1 − Sa)
        case .destinationAtop: return roundDiv255(s * (255 - da) + d * sa) // Sca·(1 − Da) + Dca·Sa
        case .xor: return roundDiv255(s * (255 - da) + d * (255 - sa))     // Sca·(1 − Da) + Dca·(1 − Sa)
        case .plus: return min(255, s + d)                                 // min(1, Sca + Dca)
        default: preconditionFailure("\(op) is not a Porter-Duff operator")
        }
    }

    /// X = sa·da·B(Cb, Cs) of an integer blend mode on levels, exactly: `blendTerm` (the twin's
    /// numerator; every product and sum of levels there is an integer below 2^18, which a Double
    /// holds exactly).
    static func integerBlendTerm(_ op: CompositeOperator, _ s: Int, _ sa: Int, _ d: Int, _ da: Int) -> Int {
        Int(blendTerm(op, Double(s), Double(sa), Double(d), Double(da)))
    }

    /// X = sa·da·B(Cb, Cs) of an integer blend mode on premultiplied values: each formula's one
    /// statement. Every formula is homogeneous of degree 2, so with sa = da = 1 it is B(Cb, Cs)
    /// itself (ExactComposite evaluates it there, unrounded). Non-generic, so that the twin and
    /// the exhaustive tests call it at full speed from any module.
    static func blendTerm(_ op: CompositeOperator, _ s: Double, _ sa: Double, _ d: Double, _ da: Double) -> Double {
        switch op {
        case .multiply: return s * d                                        // Cs·Cb
        case .screen: return s * da + d * sa - s * d                        // Cs + Cb − Cs·Cb
        case .overlay:                                                      // hardLight(Cb, Cs)
            return 2 * d <= da ? 2 * s * d : sa * da - 2 * (da - d) * (sa - s)
        case .darken: return min(s * da, d * sa)                            // min(Cs, Cb)
        case .lighten: return max(s * da, d * sa)                           // max(Cs, Cb)
        case .hardLight:                                                    // Cs ≤ ½: multiply(2Cs); else screen(2Cs − 1)
            return 2 * s <= sa ? 2 * s * d : sa * da - 2 * (da - d) * (sa - s)
        case .difference: return abs(s * da - d * sa)                       // |Cs − Cb|
        case .exclusion: return s * da + d * sa - 2 * s * d                 // Cs + Cb − 2·Cs·Cb
        default: preconditionFailure("\(op) is not an integer blend mode")
        }
    }

    /// Da' = Sa + Da − Sa·Da, the alpha of every blend mode.
    @inline(__always)
    static func unionAlpha(_ sa: Int, _ da: Int) -> Int { roundDiv255(255 * sa + da * (255 - sa)) }

    /// The operator applied to one unpremultiplied-free pixel pair, no coverage. `s` and `d` are
    /// premultiplied (R, G, B, A) levels.
    static func apply(_ op: CompositeOperator, _ s: SIMD4<Int>, _ d: SIMD4<Int>) -> SIMD4<Int> {
        let sa = s.w, da = d.w
        if !op.isBlendMode {
            return SIMD4(porterDuff(op, s.x, sa, d.x, da), porterDuff(op, s.y, sa, d.y, da),
                         porterDuff(op, s.z, sa, d.z, da), porterDuff(op, sa, sa, da, da))
        }
        let a = unionAlpha(sa, da)
        if op.isEvaluatedInDouble {
            let c = doubleBlend(op, s, d)
            return SIMD4(c.x, c.y, c.z, a)
        }
        func channel(_ s: Int, _ d: Int) -> Int {
            roundDiv255(s * (255 - da) + d * (255 - sa) + integerBlendTerm(op, s, sa, d, da))
        }
        return SIMD4(channel(s.x, d.x), channel(s.y, d.y), channel(s.z, d.z), a)
    }

    /// The operator through coverage `c` (0…255): the paint scaled by c where
    /// `op.coverageScalesPaint`, otherwise lerp(D, op(S, D), c) — each rounded once. sourceOver
    /// of an opaque paint pixel is the lerp too: there op(S, D) = S exactly, so the lerp rounds
    /// once in all, the correctly rounded real value S·c + D·(1 − c) (scaling first would round
    /// twice).
    static func pixel(_ op: CompositeOperator, _ s: SIMD4<Int>, _ d: SIMD4<Int>, coverage c: Int) -> SIMD4<Int> {
        func lerp(_ r: Int, _ d: Int) -> Int { roundDiv255(r * c + d * (255 - c)) }
        if op == .sourceOver && s.w == 255 {
            return SIMD4(lerp(s.x, d.x), lerp(s.y, d.y), lerp(s.z, d.z), lerp(s.w, d.w))
        }
        if op.coverageScalesPaint {
            let scaled = SIMD4(roundDiv255(s.x * c), roundDiv255(s.y * c), roundDiv255(s.z * c), roundDiv255(s.w * c))
            return apply(op, scaled, d)
        }
        let r = apply(op, s, d)
        return SIMD4(lerp(r.x, d.x), lerp(r.y, d.y), lerp(r.z, d.z), lerp(r.w, d.w))
    }

    /// An alpha-only (A8) destination: the Porter-Duff operator on alphas, through coverage c.
    static func alpha(_ op: CompositeOperator, _ sa: Int, _ da: Int, coverage c: Int) -> Int {
        if op.coverageScalesPaint {
            let s = roundDiv255(sa * c)
            return porterDuff(op, s, s, da, da)
        }
        return roundDiv255(porterDuff(op, sa, sa, da, da) * c + da * (255 - c))
    }
}
