// One struct per integer operator: its formula on SWAR lanes (CompositeLanes.swift), the twin of
// CompositeReference's Int formula. `channel` gets one colour channel (or alpha) per lane with
// its pixel's alpha broadcast beside it; for Porter-Duff operators the alpha channel is the same
// formula with s = sa and d = da. Numerators are whole W3C numerators divided by 255 once.

/// An operator the integer kernels can run.
protocol LaneOperator {
    /// Coverage scales the paint (`CompositeOperator.coverageScalesPaint`) instead of lerping.
    static var scalesPaint: Bool { get }
    /// The alpha channel is Sa + Da − Sa·Da rather than `channel` applied to alphas (blend modes).
    static var usesUnionAlpha: Bool { get }
    /// Opaque paint pixels lerp instead of scaling (sourceOver; see `CompositeReference.pixel`).
    static var lerpsOpaquePaint: Bool { get }
    /// The operator on one channel per lane: paint s, paint alpha sa, destination d, its alpha da.
    static func channel(_ s: U16x16, _ sa: U16x16, _ d: U16x16, _ da: U16x16) -> U16x16
}

extension LaneOperator {
    static var scalesPaint: Bool { false }
    static var usesUnionAlpha: Bool { false }
    static var lerpsOpaquePaint: Bool { false }
}

/// A blend mode: colour by `channel`, alpha by the union.
protocol LaneBlendMode: LaneOperator {}
extension LaneBlendMode {
    static var usesUnionAlpha: Bool { true }
}

/// s·(255 − da) + d·(255 − sa): the part of every blend mode outside the overlap.
@inline(__always)
func outsideTerms(_ s: U16x16, _ sa: U16x16, _ d: U16x16, _ da: U16x16) -> U16x16 {
    s &* (255 &- da) &+ d &* (255 &- sa)
}

enum ClearOp: LaneOperator {
    @inline(__always) static func channel(_ s: U16x16, _ sa: U16x16, _ d: U16x16, _ da: U16x16) -> U16x16 { U16x16() }
}
enum SourceOp: LaneOperator {
    @inline(__always) static func channel(_ s: U16x16, _ sa: U16x16, _ d: U16x16, _ da: U16x16) -> U16x16 { s }
}
enum SourceOverOp: LaneOperator {
    static var scalesPaint: Bool { true }
    static var lerpsOpaquePaint: Bool { true }
    @inline(__always) static func channel(_ s: U16x16, _ sa: U16x16, _ d: U16x16, _ da: U16x16) -> U16x16 {
        s &+ roundDiv255(d &* (255 &- sa))
    }
}
/// sourceOver for a paint known to have no opaque pixel (a translucent solid colour): the scaled
/// form only, without the per-block opacity test.
enum SourceOverScaledOp: LaneOperator {
    static var scalesPaint: Bool { true }
    @inline(__always) static func channel(_ s: U16x16, _ sa: U16x16, _ d: U16x16, _ da: U16x16) -> U16x16 {
        SourceOverOp.channel(s, sa, d, da)
    }
}
enum DestinationOverOp: LaneOperator {
    static var scalesPaint: Bool { true }
    @inline(__always) static func channel(_ s: U16x16, _ sa: U16x16, _ d: U16x16, _ da: U16x16) -> U16x16 {
        d &+ roundDiv255(s &* (255 &- da))
    }
}
enum SourceInOp: LaneOperator {
    @inline(__always) static func channel(_ s: U16x16, _ sa: U16x16, _ d: U16x16, _ da: U16x16) -> U16x16 {
        roundDiv255(s &* da)
    }
}
enum DestinationInOp: LaneOperator {
    @inline(__always) static func channel(_ s: U16x16, _ sa: U16x16, _ d: U16x16, _ da: U16x16) -> U16x16 {
        roundDiv255(d &* sa)
    }
}
enum SourceOutOp: LaneOperator {
    @inline(__always) static func channel(_ s: U16x16, _ sa: U16x16, _ d: U16x16, _ da: U16x16) -> U16x16 {
        roundDiv255(s &* (255 &- da))
    }
}
enum DestinationOutOp: LaneOperator {
    static var scalesPaint: Bool { true }
    @inline(__always) static func channel(_ s: U16x16, _ sa: U16x16, _ d: U16x16, _ da: U16x16) -> U16x16 {
        roundDiv255(d &* (255 &- sa))
    }
}
enum SourceAtopOp: LaneOperator {
    static var scalesPaint: Bool { true }
    @inline(__always) static func channel(_ s: U16x16, _ sa: U16x16, _ d: U16x16, _ da: U16x16) -> U16x16 {
        roundDiv255(s &* da &+ d &* (255 &- sa))
    }
}
enum DestinationAtopOp: LaneOperator {
    @inline(__always) static func channel(_ s: U16x16, _ sa: U16x16, _ d: U16x16, _ da: U16x16) -> U16x16 {
        roundDiv255(s &* (255 &- da) &+ d &* sa)
    }
}
enum XorOp: LaneOperator {
    static var scalesPaint: Bool { true }
    @inline(__always) static func channel(_ s: U16x16, _ sa: U16x16, _ d: U16x16, _ da: U16x16) -> U16x16 {
        roundDiv255(outsideTerms(s, sa, d, da))
    }
}
enum PlusOp: LaneOperator {
    static var scalesPaint: Bool { true }
    @inline(__always) static func channel(_ s: U16x16, _ sa: U16x16, _ d: U16x16, _ da: U16x16) -> U16x16 {
        pointwiseMin(s &+ d, U16x16(repeating: 255))
    }
}

enum MultiplyOp: LaneBlendMode {
    @inline(__always) static func channel(_ s: U16x16, _ sa: U16x16, _ d: U16x16, _ da: U16x16) -> U16x16 {
        roundDiv255(outsideTerms(s, sa, d, da) &+ s &* d)
    }
}
enum ScreenOp: LaneBlendMode {
    // (255s + 255d − s·d) / 255 = s + d − s·d/255, and no tie can occur, so one rounding of s·d.
    @inline(__always) static func channel(_ s: U16x16, _ sa: U16x16, _ d: U16x16, _ da: U16x16) -> U16x16 {
        s &+ d &- roundDiv255(s &* d)
    }
}
/// X = 2·s·d where the "lower" layer is at most half its alpha, else sa·da − 2·(da − d)·(sa − s).
@inline(__always)
func hardLightTerm(lowerHalf: SIMDMask<SIMD16<Int16>>, _ s: U16x16, _ sa: U16x16, _ d: U16x16, _ da: U16x16) -> U16x16 {
    let multiply = (s &* d) &<< 1
    let screen = sa &* da &- (((da &- d) &* (sa &- s)) &<< 1)
    return screen.replacing(with: multiply, where: lowerHalf)
}
enum OverlayOp: LaneBlendMode {
    @inline(__always) static func channel(_ s: U16x16, _ sa: U16x16, _ d: U16x16, _ da: U16x16) -> U16x16 {
        roundDiv255(outsideTerms(s, sa, d, da) &+ hardLightTerm(lowerHalf: (d &<< 1) .<= da, s, sa, d, da))
    }
}
enum HardLightOp: LaneBlendMode {
    @inline(__always) static func channel(_ s: U16x16, _ sa: U16x16, _ d: U16x16, _ da: U16x16) -> U16x16 {
        roundDiv255(outsideTerms(s, sa, d, da) &+ hardLightTerm(lowerHalf: (s &<< 1) .<= sa, s, sa, d, da))
    }
}
enum DarkenOp: LaneBlendMode {
    @inline(__always) static func channel(_ s: U16x16, _ sa: U16x16, _ d: U16x16, _ da: U16x16) -> U16x16 {
        roundDiv255(outsideTerms(s, sa, d, da) &+ pointwiseMin(s &* da, d &* sa))
    }
}
enum LightenOp: LaneBlendMode {
    @inline(__always) static func channel(_ s: U16x16, _ sa: U16x16, _ d: U16x16, _ da: U16x16) -> U16x16 {
        roundDiv255(outsideTerms(s, sa, d, da) &+ pointwiseMax(s &* da, d &* sa))
    }
}
enum DifferenceOp: LaneBlendMode {
    @inline(__always) static func channel(_ s: U16x16, _ sa: U16x16, _ d: U16x16, _ da: U16x16) -> U16x16 {
        let x = s &* da, y = d &* sa
        return roundDiv255(outsideTerms(s, sa, d, da) &+ (pointwiseMax(x, y) &- pointwiseMin(x, y)))
    }
}
enum ExclusionOp: LaneBlendMode {
    // 255·(s + d) − 2·s·d wraps in 16 bits on the way but is ≤ 65,025 at the end.
    @inline(__always) static func channel(_ s: U16x16, _ sa: U16x16, _ d: U16x16, _ da: U16x16) -> U16x16 {
        roundDiv255((s &+ d) &* 255 &- ((s &* d) &<< 1))
    }
}
