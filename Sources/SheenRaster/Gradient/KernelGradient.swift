// What every kernel level needs from a gradient, computed once from its ExactGradient: the
// geometry as a SheenGradientJob describes it (CSheenSIMD.h, KernelGradient+Job.swift) and the
// colour ramp (GradientRamp.swift). Parameters that are finite but too extreme to evaluate
// exactly are refused here, by name, before any pixel is written (KernelGradient+Limits.swift).
//
// The four gradient types: `Gradient` says what to draw (public, unvalidated); `ExactGradient` is
// what that means in Double, the reference every level is held to; `KernelGradient` is what the
// kernels read; `GradientFill` (public) validates a Gradient once and holds the other two.

import CSheenSIMD

/// The kernel-side form of a gradient: its geometry in the kernels' terms and its colour ramp.
struct KernelGradient: Sendable {
    /// How a pixel becomes t.
    enum Geometry: Sendable {
        /// t = a·X + b·Y + c at pixel-space (X, Y).
        case linear(LinearCoefficients)
        /// Two-point conical (`concentric` when the centres are equal) or conic, through `g`.
        case radial, concentric, conic
        /// Paints nothing (zero-length line, identical circles): every pixel transparent.
        case empty
    }

    let geometry: Geometry
    let ramp: GradientRamp
    let spread: GradientSpread
    let dither: Bool
    /// SheenGradientJob.g, laneX, laneY and p.
    let g: [Double]
    let laneX: [Float]
    let laneY: [Float]
    let params: [Float]
    /// 8 rows × 16 lanes of dither offsets (levels).
    let ditherTable: [Float]

    init(_ model: ExactGradient) throws(RasterError) {
        let g0 = model.gradient
        spread = g0.spread
        dither = g0.dither
        ramp = GradientRamp.shared(for: model)
        ditherTable = Self.ditherOffsets
        let i = model.inverse
        for v in [i.a, i.b, i.c, i.d, i.tx, i.ty] where !v.isFinite {
            throw RasterError.singularTransform(determinant: g0.transform.a * g0.transform.d - g0.transform.b * g0.transform.c)
        }
        switch g0.shape {
        case let .linear(s, e):
            guard let k = model.linear else {
                geometry = .empty; g = []; laneX = []; laneY = []; params = []
                return
            }
            // Too steep in pixel space: blame the line when it is short itself, else the transform.
            let length = Self.distance(s, e)
            let culprit = length < 1 / Self.steepestLinear ? "end" : "transform"
            guard abs(k.a) <= Self.steepestLinear, abs(k.b) <= Self.steepestLinear, k.c.isFinite else {
                throw RasterError.outOfRange(name: culprit, value: culprit == "end" ? length : g0.transform.a,
                                             range: "a line at least 2⁻⁴⁰ px long in pixel space")
            }
            if g0.spread != .pad {
                guard abs(k.a) <= Self.steepestRepeating, abs(k.b) <= Self.steepestRepeating else {
                    let culprit = length < 1 / Self.steepestRepeating ? "end" : "transform"
                    throw RasterError.outOfRange(name: culprit, value: culprit == "end" ? length : g0.transform.a,
                                                 range: "a repeat period of at least 1/256 px in pixel space")
                }
                // A period beyond 2⁴⁰ px puts the whole canvas within 10⁻¹² of one wrap, where which
                // side a pixel is on is below what t can resolve.
                let period = 1 / (k.a * k.a + k.b * k.b).squareRoot()
                guard period <= Self.longestRepeating else {
                    let culprit = length > Self.longestRepeating ? "end" : "transform"
                    throw RasterError.outOfRange(name: culprit, value: culprit == "end" ? length : g0.transform.a,
                                                 range: "a repeat period of at most 2⁴⁰ px in pixel space")
                }
                guard abs(k.c) <= Self.farthestRepeating else {
                    throw RasterError.outOfRange(name: "start", value: abs(s.x) > abs(s.y) ? s.x : s.y,
                                                 range: "fewer than 2⁴⁰ repeat periods from the pixel grid's origin")
                }
            }
            geometry = .linear(k)
            g = [k.a, k.b, k.c, 0, 0, 0]
            laneX = (0 ..< 16).map {
                GradientKernelTwin.linearBase(Self.reducedBase(Double($0) * k.a, spread: g0.spread), Self.jobSpread(g0.spread))
            }
            laneY = laneX
            params = []
        case let .radial(c0, r0, c1, r1):
            try Self.requireRadialLengths(c0: c0, r0: r0, c1: c1, r1: r1, transform: g0.transform)
            let concentric = c0 == c1
            if concentric && r0 == r1 {
                geometry = .empty; g = []; laneX = []; laneY = []; params = []
                return
            }
            let f = Self.scale(i, [c0.x, c0.y, c1.x, c1.y, r0, r1])
            (g, laneX, laneY) = Self.pointGeometry(i, origin: c0, scale: f)
            let cdx = c1.x * f - c0.x * f, cdy = c1.y * f - c0.y * f
            let r0s = r0 * f, dr = r1 * f - r0 * f
            let a = cdx * cdx + cdy * cdy - dr * dr
            params = [Float(cdx), Float(cdy), Float(r0s), Float(dr), Float(a), a == 0 ? .infinity : Float(1 / a),
                      Float(r0s * dr), Float(r0s * r0s), dr == 0 ? 0 : Float(1 / dr)]
            geometry = concentric ? .concentric : .radial
        case let .conic(center, _):
            let f = Self.scale(i, [center.x, center.y])
            (g, laneX, laneY) = Self.pointGeometry(i, origin: center, scale: f)
            let turns = model.conicStart / (2 * Double.pi)
            params = [Float(turns - turns.rounded(.down))]
            geometry = .conic
        }
    }

    /// The dither table every gradient shares (made once).
    private static let ditherOffsets: [Float] = (0 ..< 128).map { Float(ditherOffset(x: $0 & 15, y: $0 >> 4)) }

    /// A linear block base (or lane offset) reduced by the spread, in Double: clamped to ±2²⁴ for
    /// pad (beyond, t is 0 or 1 anyway); into [−½, ½) for repeat and [−1, 1) for reflect, centred
    /// on the wrap so that a t a hair below or above it stays small and keeps its sign in Float.
    @inline(__always)
    static func reducedBase(_ t: Double, spread: GradientSpread) -> Double {
        switch spread {
        case .pad: return t < -16_777_216 ? -16_777_216 : (t > 16_777_216 ? 16_777_216 : t)
        case .repeat: return t - (t + 0.5).rounded(.down)
        case .reflect: return t - 2 * (t * 0.5 + 0.5).rounded(.down)
        }
    }

    /// The power of two that brings the largest length a radial or conic gradient involves (its
    /// points and radii, the transform's translation and its reach over 2³¹ pixels) to about 2²⁰.
    private static func scale(_ i: AffineTransform, _ lengths: [Double]) -> Double {
        let reach = (abs(i.a) + abs(i.b) + abs(i.c) + abs(i.d)) * 0x1p31
        return powerOfTwoScale(bringing: (lengths.map(abs) + [abs(i.tx), abs(i.ty), reach]).max()!, toExponent: 20)
    }

    /// g and the lane offsets of the gradient-space offset P − origin, scaled by `f`.
    private static func pointGeometry(_ i: AffineTransform, origin: Point, scale f: Double)
        -> ([Double], [Float], [Float]) {
        let g = [i.a * f, i.c * f, i.tx * f - origin.x * f, i.b * f, i.d * f, i.ty * f - origin.y * f]
        return (g, (0 ..< 16).map { Float(Double($0) * g[0]) }, (0 ..< 16).map { Float(Double($0) * g[3]) })
    }

}
