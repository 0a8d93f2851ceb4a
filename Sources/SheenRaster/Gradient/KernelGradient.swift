// What every kernel level needs from a gradient, computed once from the Double model: the
// geometry as a SheenGradientJob describes it (CSheenSIMD.h) and the colour ramp
// (GradientRamp.swift). Parameters that are finite but too extreme to evaluate exactly are refused
// here, by name, before any pixel is written.

import CSheenSIMD

/// The kernel-side form of a gradient.
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

    /// Largest |a|, |b| of a linear gradient (t per pixel): a line at least 2⁻⁴⁰ px long.
    static let steepestLinear = 0x1p40
    /// Repeat and reflect: t per pixel at most 256 and |c| at most 2⁴⁰, so that t stays exact to
    /// 2⁻¹² in Double however far the pixel is from the line's start.
    static let steepestRepeating = 256.0
    static let farthestRepeating = 0x1p40
    /// Repeat and reflect: the longest period, in pixels.
    static let longestRepeating = 0x1p40

    init(_ model: ExactGradient) throws(RasterError) {
        let g0 = model.gradient
        spread = g0.spread
        dither = g0.dither
        ramp = GradientRamp(model)
        ditherTable = (0 ..< 128).map { Float(ditherOffset(x: $0 & 15, y: $0 >> 4)) }
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

    /// Largest length a radial gradient may involve, in its own space and in pixels: 2²⁴ px. The
    /// kernels solve for t in Float; beyond this a cone's discriminant cancels to noise (a cone
    /// 10¹⁵ px long cannot tell a pixel inside from one 8 px outside, even in Double).
    static let longestRadial = 0x1p24
    /// Smallest extent (diameter or centre distance) a radial gradient may have, in pixels.
    static let smallestRadial = 0x1p-29

    private static func requireRadialLengths(c0: Point, r0: Double, c1: Point, r1: Double,
                                             transform t: AffineTransform) throws(RasterError) {
        let range = "[−2²⁴, 2²⁴] (16,777,216 px)"
        for (name, v) in [("startCenter.x", c0.x), ("startCenter.y", c0.y), ("startRadius", r0),
                          ("endCenter.x", c1.x), ("endCenter.y", c1.y), ("endRadius", r1)] where abs(v) > longestRadial {
            throw RasterError.outOfRange(name: name, value: v, range: range)
        }
        let scale = max(abs(t.a), abs(t.b), abs(t.c), abs(t.d))
        // Circles must also not vanish beside the pixel grid: Float holds the cone and pixels 2³¹
        // px away together only within 2⁶⁰ of each other.
        let extent = max(2 * r0, 2 * r1, ((c1.x - c0.x) * (c1.x - c0.x) + (c1.y - c0.y) * (c1.y - c0.y)).squareRoot())
        let extentInPixels = extent * abs(t.a * t.d - t.b * t.c).squareRoot()
        if extent > 0 && !(extentInPixels >= smallestRadial) {
            let byTransform = extent >= smallestRadial
            throw RasterError.outOfRange(name: byTransform ? "transform" : (r1 >= r0 ? "endRadius" : "startRadius"),
                                         value: byTransform ? t.a : max(r0, r1),
                                         range: "circles at least 2⁻²⁹ px across in pixel space")
        }
        let p0 = t.apply(c0), p1 = t.apply(c1)
        let reach = max(abs(p0.x), abs(p0.y), abs(p1.x), abs(p1.y), 2 * r0 * scale, 2 * r1 * scale)
        if !(reach <= longestRadial) {
            throw RasterError.outOfRange(name: "transform", value: reach, range: "circles within " + range + " in pixel space")
        }
    }

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

    /// SheenGradientJob's code for a spread.
    static func jobSpread(_ spread: GradientSpread) -> UInt32 {
        switch spread {
        case .pad: return UInt32(SHEEN_GRADIENT_PAD)
        case .repeat: return UInt32(SHEEN_GRADIENT_REPEAT)
        case .reflect: return UInt32(SHEEN_GRADIENT_REFLECT)
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

    private static func distance(_ s: Point, _ e: Point) -> Double {
        let m = max(abs(s.x), abs(s.y), abs(e.x), abs(e.y))
        if m == 0 { return 0 }
        let dx = e.x / m - s.x / m, dy = e.y / m - s.y / m
        return (dx * dx + dy * dy).squareRoot() * m
    }

    /// The job for a span of pixels (destination, rectangle and format filled in by the caller's
    /// arguments), valid inside `body` only.
    func withJob<R>(dst: UnsafeMutableRawPointer, stride: Int, x: Int, y: Int, width: Int, height: Int,
                    bytesPerPixel: Int, bgra: Bool, dither dithered: Bool,
                    _ body: (inout SheenGradientJob) -> R) -> R {
        var job = SheenGradientJob()
        job.dst = dst.assumingMemoryBound(to: UInt8.self)
        job.dstStride = stride
        job.x = x; job.y = y; job.width = width; job.height = height
        job.bytesPerPixel = UInt32(bytesPerPixel)
        switch geometry {
        case .linear: job.shape = UInt32(SHEEN_GRADIENT_LINEAR)
        case .radial: job.shape = UInt32(SHEEN_GRADIENT_RADIAL)
        case .concentric: job.shape = UInt32(SHEEN_GRADIENT_RADIAL_CONCENTRIC)
        case .conic, .empty: job.shape = UInt32(SHEEN_GRADIENT_CONIC)
        }
        if case .conic = geometry {
            job.spread = UInt32(SHEEN_GRADIENT_WRAPPED)
        } else {
            job.spread = Self.jobSpread(spread)
        }
        job.dither = dithered ? 1 : 0
        job.opaque = ramp.opaque ? 1 : 0
        withUnsafeMutableBytes(of: &job.g) { raw in
            for (k, v) in g.enumerated() { raw.storeBytes(of: v, toByteOffset: 8 * k, as: Double.self) }
        }
        withUnsafeMutableBytes(of: &job.p) { raw in
            for (k, v) in params.enumerated() { raw.storeBytes(of: v, toByteOffset: 4 * k, as: Float.self) }
        }
        job.segments = UInt32(ramp.count)
        job.cellCount = UInt32(ramp.cells.count)
        job.cellSteps = UInt32(ramp.cellSteps)
        let pieces = bgra ? ramp.piecesBGRA : ramp.piecesRGBA
        return laneX.withUnsafeBufferPointer { lx in
            laneY.withUnsafeBufferPointer { ly in
                ditherTable.withUnsafeBufferPointer { dt in
                    ramp.bounds.withUnsafeBufferPointer { b in
                        pieces.withUnsafeBufferPointer { p in
                            ramp.cells.withUnsafeBufferPointer { c in
                                job.laneX = lx.baseAddress; job.laneY = ly.baseAddress
                                job.ditherTable = dithered ? dt.baseAddress : nil
                                job.bounds = b.baseAddress; job.pieces = p.baseAddress; job.cells = c.baseAddress
                                return body(&job)
                            }
                        }
                    }
                }
            }
        }
    }
}
