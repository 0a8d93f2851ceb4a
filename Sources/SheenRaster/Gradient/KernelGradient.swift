// What every kernel level needs from a gradient, computed once from its ExactGradient: the
// geometry as a SheenGradientJob describes it (CSheenSIMD.h, KernelGradient+Job.swift) and the
// colour ramp (GradientRamp.swift). Parameters that are finite but too extreme to evaluate
// exactly are refused here, by name, before any pixel is written (KernelGradient+Limits.swift).
//
// The four gradient types: `Gradient` says what to draw (public, unvalidated); `ExactGradient` is
// what that means in Double, the reference every level is held to; `KernelGradient` is what the
// kernels read; `GradientFill` (public) validates a Gradient once and holds the other two. Their
// colours (`GradientColors`, exact; `GradientRamp`, for the kernels) are shared between gradients
// with the same stops.

import CSheenSIMD

/// The kernel-side form of a gradient: its geometry in the kernels' terms and its colour ramp.
struct KernelGradient: Sendable {
    /// How a pixel becomes t.
    enum Geometry: Sendable {
        /// t = a·X + b·Y + c at pixel-space (X, Y).
        case linear(LinearCoefficients)
        /// A point shape: C shape `shape` (a row of CSheenSIMD.h's SHEEN_GRADIENT_POINT_SHAPES)
        /// at the point `g` gives; `wraps` when its t wraps whatever the spread.
        case point(shape: UInt32, wraps: Bool)
        /// Paints nothing (zero-length line, identical circles): every pixel transparent.
        case empty
    }

    let geometry: Geometry
    let ramp: GradientRamp
    let spread: GradientSpread
    let dither: Bool
    /// SheenGradientJob.g (6 used), laneX, laneY and p (9 used), held inline: preparing a
    /// gradient per call allocates nothing for them.
    let g: SIMD8<Double>
    let laneX: SIMD16<Float>
    let laneY: SIMD16<Float>
    let params: SIMD16<Float>

    /// The kernel form of `model`, whose colours `ramp` is the ramp of. (`model` and `parts(of:)`'s
    /// are borrowed explicitly: passed by default, the whole model was copied for the call — a
    /// retain and release of each of its references on every gradient made per call.)
    init(_ model: borrowing ExactGradient, ramp: GradientRamp) throws(RasterError) {
        // Everything that can throw comes first: a throw then leaves nothing half-stored to undo.
        let parts = try Self.parts(of: model)
        geometry = parts.geometry
        g = parts.g
        laneX = parts.laneX
        laneY = parts.laneY
        params = parts.params
        spread = model.gradient.spread
        dither = model.gradient.dither
        self.ramp = ramp
    }

    private typealias Parts = (geometry: Geometry, g: SIMD8<Double>, laneX: SIMD16<Float>, laneY: SIMD16<Float>,
                               params: SIMD16<Float>)

    /// The geometry of `model` in the kernels' terms, or the error naming what is too extreme.
    private static func parts(of model: borrowing ExactGradient) throws(RasterError) -> Parts {
        let g0 = model.gradient
        let i = model.inverse
        let empty: Parts = (.empty, .zero, .zero, .zero, .zero)
        if !(i.a.isFinite && i.b.isFinite && i.c.isFinite && i.d.isFinite && i.tx.isFinite && i.ty.isFinite) {
            throw RasterError.singularTransform(determinant: g0.transform.a * g0.transform.d - g0.transform.b * g0.transform.c)
        }
        switch model.evaluation {
        case let .linear(k):
            guard case let .linear(s, e) = g0.shape else { return empty }
            return try linearParts(k, start: s, end: e, spread: g0.spread, transformA: g0.transform.a)
        case let .point(point, prepared):
            guard let form = try point.kernel(g0.shape.scalars, prepared, i, g0.transform) else { return empty }
            let (g, laneX, laneY) = Self.pointGeometry(i, origin: form.origin, scale: form.scale)
            return (.point(shape: form.shape, wraps: point.wraps), g, laneX, laneY, form.p)
        case .nothing:
            return empty
        }
    }

    /// The linear gradient's parts, or the error naming what is too extreme (`transformA`, the
    /// transform's a, is the value an error names for a transform too steep). It takes values,
    /// not the gradient: a part of the model passed to a call was copied with the whole model.
    private static func linearParts(_ k: LinearCoefficients, start s: Point, end e: Point, spread: GradientSpread,
                                    transformA: Double) throws(RasterError) -> Parts {
        // Too steep in pixel space: blame the line when it is short itself, else the transform.
        let length = Self.distance(s, e)
        let culprit = length < 1 / Self.steepestLinear ? "end" : "transform"
        guard abs(k.a) <= Self.steepestLinear, abs(k.b) <= Self.steepestLinear, k.c.isFinite else {
            throw RasterError.outOfRange(name: culprit, value: culprit == "end" ? length : transformA,
                                         range: "a line at least 2⁻⁴⁰ px long in pixel space")
        }
        if spread != .pad {
            guard abs(k.a) <= Self.steepestRepeating, abs(k.b) <= Self.steepestRepeating else {
                let culprit = length < 1 / Self.steepestRepeating ? "end" : "transform"
                throw RasterError.outOfRange(name: culprit, value: culprit == "end" ? length : transformA,
                                             range: "a repeat period of at least 1/256 px in pixel space")
            }
            // A period beyond 2⁴⁰ px puts the whole canvas within 10⁻¹² of one wrap, where which
            // side a pixel is on is below what t can resolve.
            let period = 1 / (k.a * k.a + k.b * k.b).squareRoot()
            guard period <= Self.longestRepeating else {
                let culprit = length > Self.longestRepeating ? "end" : "transform"
                throw RasterError.outOfRange(name: culprit, value: culprit == "end" ? length : transformA,
                                             range: "a repeat period of at most 2⁴⁰ px in pixel space")
            }
            guard abs(k.c) <= Self.farthestRepeating else {
                throw RasterError.outOfRange(name: "start", value: abs(s.x) > abs(s.y) ? s.x : s.y,
                                             range: "fewer than 2⁴⁰ repeat periods from the pixel grid's origin")
            }
        }
        let lanes = Self.linearLanes(k.a, spread: spread)
        return (.linear(k), SIMD8(k.a, k.b, k.c, 0, 0, 0, 0, 0), lanes, lanes, .zero)
    }

    /// The dither table every gradient shares (made once): 8 rows × 16 lanes of offsets (levels).
    static let ditherTable: [Float] = (0 ..< 128).map { Float(ditherOffset(x: $0 & 15, y: $0 >> 4)) }

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

    /// The linear lane offsets: lane i's `reducedBase(i·a)` as `GradientKernelTwin.linearBase`
    /// makes it a Float, the sixteen lanes at once.
    static func linearLanes(_ a: Double, spread: GradientSpread) -> SIMD16<Float> {
        let iota = SIMD16<Double>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
        let t = iota * a
        let reduced: SIMD16<Double>
        switch spread {
        case .pad:
            let limit = SIMD16<Double>(repeating: 16_777_216)
            return SIMD16<Float>(t.replacing(with: -limit, where: t .< -limit).replacing(with: limit, where: t .> limit))
        case .repeat: reduced = t - (t + 0.5).rounded(.down)
        case .reflect: reduced = t - 2 * (t * 0.5 + 0.5).rounded(.down)
        }
        // Never rounded to zero from a non-zero value (see linearBase): Float's zero keeps the
        // sign, only the lanes that became zero are looked at again.
        var f = SIMD16<Float>(reduced)
        for i in 0 ..< 16 where f[i] == 0 && reduced[i] != 0 {
            f[i] = reduced[i] < 0 ? -.leastNonzeroMagnitude : .leastNonzeroMagnitude
        }
        return f
    }

    /// The power of two that brings the largest length a point shape involves (its points and
    /// lengths, the transform's translation and its reach over 2³¹ pixels) to about 2²⁰.
    static func scale(_ i: Matrix2D, _ lengths: Double...) -> Double {
        let reach = (abs(i.a) + abs(i.b) + abs(i.c) + abs(i.d)) * 0x1p31
        var m = max(abs(i.tx), abs(i.ty), reach)
        for l in lengths { m = max(m, abs(l)) }
        return powerOfTwoScale(bringing: m, toExponent: 20)
    }

    /// g and the lane offsets of the gradient-space offset P − origin, scaled by `f`.
    private static func pointGeometry(_ i: Matrix2D, origin: Point, scale f: Double)
        -> (SIMD8<Double>, SIMD16<Float>, SIMD16<Float>) {
        let g = SIMD8(i.a * f, i.c * f, i.tx * f - origin.x * f, i.b * f, i.d * f, i.ty * f - origin.y * f, 0, 0)
        var lx = SIMD16<Float>(), ly = SIMD16<Float>()
        for k in 0 ..< 16 { lx[k] = Float(Double(k) * g[0]); ly[k] = Float(Double(k) * g[3]) }
        return (g, lx, ly)
    }

}
