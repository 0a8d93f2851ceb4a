// The exact meaning of every compositing operator, unrounded: what an 8-bit result (Sheen's or any
// other library's) is measured against. CompositeReference is Sheen's rounded twin of the kernels;
// this is the real-valued function both approximate, so it can say how far off a result is, not
// only that it differs.

/// The exact, unrounded result of compositing one premultiplied pixel, in levels (0…255 as a
/// real number): the oracle a compositing kernel — Sheen's or another library's — is measured
/// against.
///
/// What it implements, section by section:
/// - *W3C Compositing and Blending Level 1*: its Porter-Duff compositing operators, each as its
///   `Fa`/`Fb` pair (with `plus` as its `lighter`, clamped at 1); the general form of a blend mode
///   on premultiplied colour (`Dca' = Sca·(1 − Da) + Dca·(1 − Sa) + Sa·Da·B(Cb, Cs)`,
///   `Da' = Sa + Da − Sa·Da`); the separable blend modes' `B` and the non-separable ones' (`Lum`,
///   `ClipColor`, `SetLum`, `Sat`, `SetSat`).
/// - Coverage (a mask or glyph value `c`) by one of the two rules renderers use
///   (`CoverageRule`); the W3C leaves it to the renderer.
///
/// The inputs are 8-bit levels, read as the real numbers `v / 255`; nothing is rounded on the
/// way, and the result is returned × 255 in Double. Each value is within 10⁻⁹ level of the true
/// real result (Double carries about 10⁻¹³ level here; the repository's oracle test checks it
/// against rational arithmetic). The formulas are defined for valid premultiplied input (each
/// colour level ≤ its alpha); other input is evaluated by the same formulas, unclamped except
/// `plus`'s min(1, …): the result may leave 0…255, and is NaN where a non-separable mode's
/// `ClipColor` divides 0 by 0.
///
/// What "correctly rounded" and "within one level" mean against it: see the Rounding policy
/// article. Sheen's kernels are correctly rounded (≤ ½ level) at full coverage for every
/// operator whose formula has only products and sums, within ½ level plus Double's error for the
/// others, and within 1 level (interpolated) or 1.5 levels (scaled paint) through partial coverage.
public enum ExactComposite {
    /// How coverage `c` (0…1) enters an operator.
    public enum CoverageRule: Int32, Sendable, CaseIterable, CustomStringConvertible {
        /// Sheen's rule: `scalesPaint` for the operators whose
        /// `CompositeOperator.coverageScalesPaint` is true, `interpolates` for the others. (Opaque
        /// sourceOver interpolates in the kernels; in real numbers the two agree there.)
        case sheen = 0
        /// `op(S·c, D)`: the paint scaled by coverage, then the operator — Porter-Duff's
        /// `(S in M) op D`, pixman's and cairo's masks, Blend2D's.
        case scalesPaint = 1
        /// `D + (op(S, D) − D)·c`: the result blended towards the destination — a clip, Skia's
        /// coverage for most modes, the HTML canvas's shape edge.
        case interpolates = 2

        /// The rule's name in the C API and the oracle kit's tables.
        public var description: String {
            switch self {
            case .sheen: return "sheen"
            case .scalesPaint: return "scales-paint"
            case .interpolates: return "interpolates"
            }
        }

        /// Whether `op` scales the paint under this rule.
        func scalesPaint(_ op: CompositeOperator) -> Bool {
            switch self {
            case .sheen: return op.coverageScalesPaint
            case .scalesPaint: return true
            case .interpolates: return false
            }
        }
    }

    /// The exact result of `paint` `op` `destination` through `coverage` (255: fully covered),
    /// as (R, G, B, A) levels 0…255, unrounded. Both pixels are premultiplied (R, G, B, A) levels.
    public static func pixel(_ op: CompositeOperator, paint: SIMD4<UInt8>, destination: SIMD4<UInt8>,
                             coverage: UInt8 = 255, rule: CoverageRule = .sheen) -> SIMD4<Double> {
        let s = SIMD4<Double>(paint) / 255, d = SIMD4<Double>(destination) / 255
        let c = Double(coverage) / 255
        if coverage == 255 { return unit(op, s, d) * 255 }
        if rule.scalesPaint(op) { return unit(op, s * c, d) * 255 }
        return (d * (1 - c) + unit(op, s, d) * c) * 255
    }

    /// The exact result of an alpha-only composite (an A8 destination): the alpha channel of
    /// `pixel` for paint and destination with alpha `paint` and `destination` and no colour.
    public static func alpha(_ op: CompositeOperator, paint: UInt8, destination: UInt8, coverage: UInt8 = 255,
                             rule: CoverageRule = .sheen) -> Double {
        pixel(op, paint: SIMD4(0, 0, 0, paint), destination: SIMD4(0, 0, 0, destination), coverage: coverage, rule: rule).w
    }

    /// The operator on unit-interval premultiplied pixels (s may be coverage-scaled, so not 8-bit).
    static func unit(_ op: CompositeOperator, _ s: SIMD4<Double>, _ d: SIMD4<Double>) -> SIMD4<Double> {
        let sa = s.w, da = d.w
        guard op.isBlendMode else {
            // Porter-Duff: co = Fa·cs + Fb·cb on premultiplied values, alpha alike.
            let (fa, fb): (Double, Double)
            switch op {
            case .clear: (fa, fb) = (0, 0)
            case .source: (fa, fb) = (1, 0)
            case .destination: (fa, fb) = (0, 1)
            case .sourceOver: (fa, fb) = (1, 1 - sa)
            case .destinationOver: (fa, fb) = (1 - da, 1)
            case .sourceIn: (fa, fb) = (da, 0)
            case .destinationIn: (fa, fb) = (0, sa)
            case .sourceOut: (fa, fb) = (1 - da, 0)
            case .destinationOut: (fa, fb) = (0, 1 - sa)
            case .sourceAtop: (fa, fb) = (da, 1 - sa)
            case .destinationAtop: (fa, fb) = (1 - da, sa)
            case .xor: (fa, fb) = (1 - da, 1 - sa)
            default: // .plus, the specification's lighter: Fa = Fb = 1, clamped.
                let sum = s + d
                return SIMD4(min(1, sum.x), min(1, sum.y), min(1, sum.z), min(1, sum.w))
            }
            return s * fa + d * fb
        }
        // Blend modes: unpremultiplied colours (0 where alpha is 0), B, then the general form.
        func colour(_ v: SIMD4<Double>) -> UnitRGB {
            v.w > 0 ? UnitRGB(r: v.x / v.w, g: v.y / v.w, b: v.z / v.w) : UnitRGB(r: 0, g: 0, b: 0)
        }
        let cs = colour(s), cb = colour(d)
        let b = op.isSeparable
            ? UnitRGB(r: separableB(op, cs: cs.r, cb: cb.r), g: separableB(op, cs: cs.g, cb: cb.g), b: separableB(op, cs: cs.b, cb: cb.b))
            : CompositeReference.nonSeparableB(op, cs: cs, cb: cb)
        let rest = s * (1 - da) + d * (1 - sa)
        return SIMD4(rest.x + sa * da * b.r, rest.y + sa * da * b.g, rest.z + sa * da * b.b, sa + da - sa * da)
    }

    /// B(Cb, Cs) of a separable blend mode, one channel in the unit interval: the reference twin's
    /// own formulas, unrounded (the integer modes' term at sa = da = 1; the Double modes' B).
    static func separableB(_ op: CompositeOperator, cs: Double, cb: Double) -> Double {
        op.isEvaluatedInDouble ? CompositeReference.separableDoubleB(op, cs: cs, cb: cb)
                               : CompositeReference.blendTerm(op, cs, 1, cb, 1)
    }
}
