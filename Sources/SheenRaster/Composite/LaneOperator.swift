// What an integer operator is to the span kernels. `channel` gets one colour channel (or alpha)
// per lane with its pixel's alpha broadcast beside it; for Porter-Duff operators the alpha channel
// is the same formula with s = sa and d = da. Numerators are whole W3C numerators divided by 255
// once.

/// An operator the integer kernels can run.
protocol LaneOperator {
    /// Coverage scales the paint (`CompositeOperator.coverageScalesPaint`) instead of lerping.
    static var scalesPaint: Bool { get }
    /// A W3C blend mode (refused on A8 destinations).
    static var isBlendMode: Bool { get }
    /// The alpha channel is Sa + Da − Sa·Da computed apart from `channel` (the blend modes whose
    /// `channel` on alphas is not that already).
    static var usesUnionAlpha: Bool { get }
    /// Opaque paint pixels lerp instead of scaling (sourceOver; see `CompositeReference.pixel`).
    static var lerpsOpaquePaint: Bool { get }
    /// The operator on one channel per lane: paint s, paint alpha sa, destination d, its alpha da.
    static func channel(_ s: U16x16, _ sa: U16x16, _ d: U16x16, _ da: U16x16) -> U16x16
}

extension LaneOperator {
    static var scalesPaint: Bool { false }
    static var isBlendMode: Bool { false }
    static var usesUnionAlpha: Bool { false }
    static var lerpsOpaquePaint: Bool { false }
}

/// A blend mode: colour by `channel`, alpha by the union.
protocol LaneBlendMode: LaneOperator {}
extension LaneBlendMode {
    static var isBlendMode: Bool { true }
    static var usesUnionAlpha: Bool { true }
}

/// A blend mode whose `channel`, given s = sa and d = da, is already the union alpha rounded
/// once: B(1, 1) = 1 makes its numerator 255·(sa + da) − sa·da, the reference's
/// (CompositeReference.unionAlpha); screen's s + d − round(s·d/255) equals it too, as x/255 is
/// never a tie. So the alpha lane needs no separate union (difference and exclusion have
/// B(1, 1) = 0 and do).
protocol LaneBlendModeAlphaByChannel: LaneBlendMode {}
extension LaneBlendModeAlphaByChannel {
    static var usesUnionAlpha: Bool { false }
}

/// 255·v, wrapping modulo 2^16.
@inline(__always)
func times255(_ v: U16x16) -> U16x16 { (v &<< 8) &- v }

/// s·(255 − da) + d·(255 − sa): the part of every blend mode outside the overlap.
@inline(__always)
func outsideTerms(_ s: U16x16, _ sa: U16x16, _ d: U16x16, _ da: U16x16) -> U16x16 {
    s &* (255 &- da) &+ d &* (255 &- sa)
}
