// One caseless enum per integer operator — a type, not a value, so every span kernel is
// specialised with its operator's formula inlined: its formula on SWAR lanes
// (CompositeLanes.swift), the twin of CompositeReference's Int formula. The protocols they
// conform to and the shared terms are in LaneOperator.swift.

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

enum MultiplyOp: LaneBlendModeAlphaByChannel {
    // s·(255 − da) + d·(255 − sa) + s·d = 255·s − s·da + d·(255 − sa + s): two products, and the
    // paint's part (255·s, 255 − sa + s) is computed once for a solid paint.
    @inline(__always) static func channel(_ s: U16x16, _ sa: U16x16, _ d: U16x16, _ da: U16x16) -> U16x16 {
        roundDiv255(times255(s) &- s &* da &+ d &* (255 &- sa &+ s))
    }
}
enum ScreenOp: LaneBlendModeAlphaByChannel {
    // (255s + 255d − s·d) / 255 = s + d − s·d/255, and no tie can occur, so one rounding of s·d.
    @inline(__always) static func channel(_ s: U16x16, _ sa: U16x16, _ d: U16x16, _ da: U16x16) -> U16x16 {
        s &+ d &- roundDiv255(s &* d)
    }
}
/// The whole hard-light numerator, outside terms included: 255·s plus an affine function of d
/// and da whose coefficients depend on the paint only (computed once for a solid paint).
///   multiply branch (the "lower" layer at most half its alpha):
///     s·(255 − da) + d·(255 − sa) + 2·s·d = 255·s − s·da + d·(255 − sa + 2·s)
///   screen branch: s·(255 − da) + d·(255 − sa) + sa·da − 2·(da − d)·(sa − s)
///     = 255·s + da·(s − sa) + d·(255 + sa − 2·s)
/// Coefficients and products may wrap modulo 2^16; the numerator lies in 0…65,025.
@inline(__always)
func hardLightNumerator(lowerHalf: SIMDMask<SIMD16<Int16>>, _ s: U16x16, _ sa: U16x16, _ d: U16x16, _ da: U16x16) -> U16x16 {
    let multiply = d &* (255 &- sa &+ (s &<< 1)) &- s &* da
    let screen = da &* (s &- sa) &+ d &* (255 &+ sa &- (s &<< 1))
    return times255(s) &+ screen.replacing(with: multiply, where: lowerHalf)
}
enum OverlayOp: LaneBlendModeAlphaByChannel {
    @inline(__always) static func channel(_ s: U16x16, _ sa: U16x16, _ d: U16x16, _ da: U16x16) -> U16x16 {
        roundDiv255(hardLightNumerator(lowerHalf: (d &<< 1) .<= da, s, sa, d, da))
    }
}
enum HardLightOp: LaneBlendModeAlphaByChannel {
    // The W3C terms as written: at this level `hardLightNumerator` measured 3 % slower for
    // hardLight (whose branch depends on the paint alone) while the C levels gain 30 % from it.
    @inline(__always) static func channel(_ s: U16x16, _ sa: U16x16, _ d: U16x16, _ da: U16x16) -> U16x16 {
        let multiply = (s &* d) &<< 1
        let screen = sa &* da &- (((da &- d) &* (sa &- s)) &<< 1)
        return roundDiv255(outsideTerms(s, sa, d, da) &+ screen.replacing(with: multiply, where: (s &<< 1) .<= sa))
    }
}
// darken, lighten and difference: with x = s·da and y = d·sa the outside terms are
// 255·(s + d) − x − y, so outside + min(x, y) = 255·(s + d) − max(x, y), outside + max(x, y) =
// 255·(s + d) − min(x, y), and outside + |x − y| = 255·(s + d) − 2·min(x, y): two products.
enum DarkenOp: LaneBlendModeAlphaByChannel {
    @inline(__always) static func channel(_ s: U16x16, _ sa: U16x16, _ d: U16x16, _ da: U16x16) -> U16x16 {
        roundDiv255(times255(s &+ d) &- pointwiseMax(s &* da, d &* sa))
    }
}
enum LightenOp: LaneBlendModeAlphaByChannel {
    @inline(__always) static func channel(_ s: U16x16, _ sa: U16x16, _ d: U16x16, _ da: U16x16) -> U16x16 {
        roundDiv255(times255(s &+ d) &- pointwiseMin(s &* da, d &* sa))
    }
}
enum DifferenceOp: LaneBlendMode {
    @inline(__always) static func channel(_ s: U16x16, _ sa: U16x16, _ d: U16x16, _ da: U16x16) -> U16x16 {
        roundDiv255(times255(s &+ d) &- (pointwiseMin(s &* da, d &* sa) &<< 1))
    }
}
enum ExclusionOp: LaneBlendMode {
    // 255·(s + d) − 2·s·d wraps in 16 bits on the way but is ≤ 65,025 at the end.
    @inline(__always) static func channel(_ s: U16x16, _ sa: U16x16, _ d: U16x16, _ da: U16x16) -> U16x16 {
        roundDiv255((s &+ d) &* 255 &- ((s &* d) &<< 1))
    }
}
