/// How a paint combines with the destination: the Porter-Duff operators and the W3C blend modes
/// of *Compositing and Blending Level 1*, on premultiplied 8-bit values.
///
/// Notation (levels 0…255, premultiplied): `s`, `sa` the paint's colour channel and alpha; `d`,
/// `da` the destination's. Each case's comment gives its formula in unit-interval form
/// (`Dca' = …` for colour, `Da' = …` for alpha), as the W3C specification writes it.
///
/// Rounding: every integer operator computes its whole numerator exactly and divides by 255 once,
/// rounding to nearest, so it equals the correctly rounded real result (≤ ½ level). The modes
/// defined with divisions or square roots (`colorDodge`, `colorBurn`, `softLight`, `hue`,
/// `saturation`, `color`, `luminosity`) are evaluated in Double from the 8-bit inputs and rounded
/// once (half to even). `Coverage` and `RasterBuffer.composite(_:operator:coverage:)` say how coverage enters.
public enum CompositeOperator: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    /// `Dca' = 0`, `Da' = 0`.
    case clear
    /// `Dca' = Sca`, `Da' = Sa`.
    case source
    /// `Dca' = Dca`, `Da' = Da` (leaves the destination as it is).
    case destination
    /// `Dca' = Sca + Dca × (1 − Sa)` — the usual "paint over".
    case sourceOver
    /// `Dca' = Sca × (1 − Da) + Dca`.
    case destinationOver
    /// `Dca' = Sca × Da`.
    case sourceIn
    /// `Dca' = Dca × Sa`.
    case destinationIn
    /// `Dca' = Sca × (1 − Da)`.
    case sourceOut
    /// `Dca' = Dca × (1 − Sa)`.
    case destinationOut
    /// `Dca' = Sca × Da + Dca × (1 − Sa)`, `Da' = Da`.
    case sourceAtop
    /// `Dca' = Sca × (1 − Da) + Dca × Sa`, `Da' = Sa`.
    case destinationAtop
    /// `Dca' = Sca × (1 − Da) + Dca × (1 − Sa)`.
    case xor
    /// `Dca' = min(1, Sca + Dca)` (saturating add; "lighter" in Canvas).
    case plus
    /// `B = Cs × Cb`.
    case multiply
    /// `B = Cs + Cb − Cs × Cb`.
    case screen
    /// `B = hardLight(Cb, Cs)` (hard light with the layers swapped).
    case overlay
    /// `B = min(Cs, Cb)`.
    case darken
    /// `B = max(Cs, Cb)`.
    case lighten
    /// `B = 0 if Cb = 0; 1 if Cs = 1; else min(1, Cb / (1 − Cs))`.
    case colorDodge
    /// `B = 1 if Cb = 1; 0 if Cs = 0; else 1 − min(1, (1 − Cb) / Cs)`.
    case colorBurn
    /// `B = 2·Cs·Cb if Cs ≤ ½, else screen(Cb, 2·Cs − 1)`.
    case hardLight
    /// W3C soft light: `Cb − (1 − 2Cs)·Cb·(1 − Cb)` if Cs ≤ ½, else `Cb + (2Cs − 1)·(D(Cb) − Cb)`
    /// with `D(x) = ((16x − 12)x + 4)x` for x ≤ ¼ and `√x` above.
    case softLight
    /// `B = |Cs − Cb|`.
    case difference
    /// `B = Cs + Cb − 2·Cs·Cb`.
    case exclusion
    /// `B = SetLum(SetSat(Cs, Sat(Cb)), Lum(Cb))`.
    case hue
    /// `B = SetLum(SetSat(Cb, Sat(Cs)), Lum(Cb))`.
    case saturation
    /// `B = SetLum(Cs, Lum(Cb))`.
    case color
    /// `B = SetLum(Cb, Lum(Cs))`.
    case luminosity

    // Blend modes (multiply … luminosity) all share the W3C general form on premultiplied values:
    //   Dca' = Sca × (1 − Da) + Dca × (1 − Sa) + Sa × Da × B(Cb, Cs),   Da' = Sa + Da − Sa × Da
    // with Cs = Sca / Sa and Cb = Dca / Da the unpremultiplied colours (0 where alpha is 0).

    /// True for the 15 W3C blend modes (multiply … luminosity); false for the 13 Porter-Duff
    /// operators (clear … plus).
    public var isBlendMode: Bool {
        switch self {
        case .clear, .source, .destination, .sourceOver, .destinationOver, .sourceIn, .destinationIn,
             .sourceOut, .destinationOut, .sourceAtop, .destinationAtop, .xor, .plus:
            return false
        default:
            return true
        }
    }

    /// True when the operator works on alpha alone and so applies to A8 destinations (mask
    /// arithmetic): the Porter-Duff operators. Blend modes need colour and are refused on A8.
    public var isAlphaOnly: Bool { !isBlendMode }

    /// True when coverage is applied by scaling the paint (`op(S × c, D)`) rather than by
    /// interpolating the result (`lerp(D, op(S, D), c)`). This is Skia's rule
    /// (`SkBlendMode_ShouldPreScaleCoverage` without per-channel coverage): destination,
    /// destinationOver, plus, destinationOut, sourceAtop, sourceOver and xor. For all of them but
    /// plus the two forms agree exactly in real numbers and scaling rounds once less; for plus,
    /// which saturates, they differ, and scaling is the meaningful one (a half-covered pixel adds
    /// half the light: min(1, S·c + D), not a blend towards a clipped sum). One exception:
    /// sourceOver of an opaque paint pixel lerps, because there the lerp of exact values rounds
    /// once in all and gives the correctly rounded S·c + D·(1 − c) (opaque text).
    public var coverageScalesPaint: Bool {
        switch self {
        case .destination, .destinationOver, .plus, .destinationOut, .sourceAtop, .sourceOver, .xor:
            return true
        default:
            return false
        }
    }

    /// True for the modes whose formula needs a division or a square root and is therefore
    /// evaluated in Double (in the kernel too, vectorised with the reference's operation order).
    public var isEvaluatedInDouble: Bool {
        switch self {
        case .colorDodge, .colorBurn, .softLight, .hue, .saturation, .color, .luminosity: return true
        default: return false
        }
    }

    /// The operator's name as it appears in code and in sheen-bench case names.
    /// The operator's index in `allCases` (the `op` of a `SheenCompositeJob`, sheen.h's
    /// `SHEEN_OP_*`): the case's tag, read without building `allCases` on the call path.
    /// KernelsTests holds it to `allCases.firstIndex(of:)` for every case.
    var kernelIndex: UInt32 { UInt32(withUnsafeBytes(of: self) { $0[0] }) }

    /// The operators in kernel-index order, built once (the synthesised `allCases` builds its
    /// array on every use).
    private static let byKernelIndex = allCases

    /// The operator of a job's `op` (see `kernelIndex`); nil past the last one.
    init?(kernelIndex: UInt32) {
        guard Int(kernelIndex) < Self.byKernelIndex.count else { return nil }
        self = Self.byKernelIndex[Int(kernelIndex)]
    }

    public var description: String { rawValue }
}
