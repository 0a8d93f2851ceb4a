// How t becomes a colour in every kernel level: a list of pieces, colour = base + u·slope +
// u²·curve with u = t − origin, in premultiplied sRGB levels, each applying from its bound to the
// next. In sRGB there is one exact piece per stop interval: linear where alpha is interpolated
// premultiplied (or is the same at every stop), quadratic with straight alpha (the straight
// colour's line times alpha's; pixman's and CSS's gradients interpolate so). Elsewhere (OKLab,
// linear light) each interval is bisected until its chord is within `GradientRamp.tolerance` of
// the exact Double colour, so that with the final rounding every pixel stays within 1 level.

import CSheenSIMD

/// The kernel's colour ramp: pieces in the layout SheenGradientJob reads (CSheenSIMD.h), with the
/// exact colours they stand for. Immutable, and shared by the gradients with equal stops,
/// interpolation and wrapping (`shared(for:)`), so that holding one costs a single reference.
final class GradientRamp: Sendable {
    /// Largest distance, in levels, between a piece and the exact colour it stands for. With ½
    /// level of rounding and Float noise this keeps every pixel within 1 level.
    static let tolerance = 0.3
    /// Chords narrower than this in t are accepted whatever their error: Float resolves t no finer.
    static let narrowest = 0x1p-22

    /// The exact colours the pieces stand for.
    let colors: GradientColors
    /// bounds[i] ≤ t < bounds[i + 1] selects piece i; bounds[0] = −∞, bounds[count] = +∞.
    let bounds: [Float]
    /// 9 rows of `count` Floats — origin, base in memory channel order (alpha last), slope — and
    /// for a quadratic ramp 4 more: the curvature (SheenGradientJob's layout).
    let piecesRGBA: [Float]
    let piecesBGRA: [Float]
    /// For more than SHEEN_GRADIENT_BROADCAST_SEGMENTS pieces: the piece at t = i/cells.count,
    /// and how many bounds can lie inside one cell.
    let cells: [UInt32]
    let cellSteps: Int
    /// Every stop opaque: alpha is 255 at every t.
    let opaque: Bool
    /// Some piece has a curvature (the pieces carry its rows).
    let quadratic: Bool

    var count: Int { bounds.count - 1 }

    /// What a ramp is a function of: the stops as given (equal stops validate and convert
    /// alike), the interpolation, and whether t wraps. Geometry and transform play no part.
    private struct Key: Hashable {
        let stops: [GradientStop]
        let space: ColorSpace
        let alpha: AlphaInterpolation
        let wraps: Bool
    }

    /// Recently built ramps: a caller that makes its gradient per call (a canvas drawing one
    /// rectangle at a time) repeats the same stops with new geometry, and the ramp — with the
    /// stops' validation and conversion, the costly part of preparing a gradient — is the same.
    /// The last one is compared first (no hashing); the table is bounded: emptied when it
    /// reaches 64 entries.
    private struct Recent {
        var last: (key: Key, ramp: GradientRamp)?
        var table: [Key: GradientRamp] = [:]
    }

    private static let recent = Locked(Recent())

    /// The ramp of `gradient`'s stops, built or reused. Throws the `RasterError` naming the first
    /// bad stop (only stops that validated are ever kept, and NaN equals nothing, so a reused
    /// ramp's stops are valid).
    /// `summary` is the summary of the gradient's shape kind.
    static func shared(for gradient: Gradient, _ summary: GradientShapeSummary) throws(RasterError) -> GradientRamp {
        let key = Key(stops: gradient.stops, space: gradient.space, alpha: gradient.alphaInterpolation,
                      wraps: gradient.wraps(summary))
        let found: GradientRamp? = recent.withLock { r in
            if let last = r.last, last.key == key { return last.ramp }
            guard let ramp = r.table[key] else { return nil }
            r.last = (key, ramp)
            return ramp
        }
        if let found { return found }
        let ramp = GradientRamp(try GradientColors(gradient))
        recent.withLock { r in
            if r.table.count >= 64 { r.table.removeAll(keepingCapacity: true) }
            r.table[key] = ramp
            r.last = (key, ramp)
        }
        return ramp
    }

    /// Builds the ramp of `colors`.
    init(_ colors: GradientColors) {
        self.colors = colors
        var list: [Piece] = []
        let offsets = colors.stops.map(\.offset)
        let n = offsets.count
        func constant(from t: Double, _ color: SIMD4<Double>) { list.append(Piece(start: t, base: color, slope: .zero, curve: .zero)) }
        // Before the first stop: its colour. Unreachable when the first stop is at 0.
        if offsets[0] > 0 || n == 1 { constant(from: -.infinity, colors.color(atSpread: 0)) }
        for k in 0 ..< n - 1 where offsets[k] < offsets[k + 1] {
            Self.addInterval(k, of: colors, to: &list)
        }
        // From the last stop on: its colour. Reachable below 1; at t = 1 only under pad (see
        // GradientColors.wraps) and only when the last interval does not already end in that colour.
        let lastIntervalEndsThere = n >= 2 && offsets[n - 2] < offsets[n - 1]
        if n >= 2 && (offsets[n - 1] < 1 || (!colors.wraps && !lastIntervalEndsThere)) {
            constant(from: offsets[n - 1], colors.color(atSpread: 1))
        }
        // Float bounds: a piece whose Float bound equals the next one's can never be selected.
        var kept: [(bound: Float, piece: Piece)] = []
        for (i, p) in list.enumerated() {
            let bound = i == 0 ? -Float.infinity : Float(p.start)
            if let last = kept.last, last.bound >= bound { kept.removeLast() }
            kept.append((bound, p))
        }
        kept[0].bound = -.infinity
        bounds = kept.map(\.bound) + [.infinity]
        opaque = colors.points.allSatisfy { $0.w == 1 }
        quadratic = kept.contains { $0.piece.curve != .zero }
        piecesRGBA = Self.layout(kept.map(\.piece), swapRedBlue: false, quadratic: quadratic)
        piecesBGRA = Self.layout(kept.map(\.piece), swapRedBlue: true, quadratic: quadratic)
        (cells, cellSteps) = Self.cellIndex(bounds)
    }

    /// One piece: colour = base + u·slope + u²·curve with u = t − start, from `start` on
    /// (levels, RGBA).
    struct Piece {
        var start: Double
        var base: SIMD4<Double>
        var slope: SIMD4<Double>
        var curve: SIMD4<Double>
    }

    /// The pieces of stop interval k: one exact piece where the colour is linear or quadratic,
    /// else chords.
    private static func addInterval(_ k: Int, of colors: GradientColors, to list: inout [Piece]) {
        let o0 = colors.stops[k].offset, o1 = colors.stops[k + 1].offset
        let width = o1 - o0
        func color(_ u: Double) -> SIMD4<Double> { colors.color(interval: k, at: u) }
        if colors.isPiecewiseLinear {
            let c0 = color(0), c1 = color(1)
            list.append(Piece(start: o0, base: c0, slope: (c1 - c0) / width, curve: .zero))
            return
        }
        if colors.isPiecewiseQuadratic {
            // Per unit u across the interval → per unit t.
            let q = colors.quadratic(interval: k)
            list.append(Piece(start: o0, base: q.base, slope: q.slope / width, curve: q.curve / (width * width)))
            return
        }
        // Bisect [u0, u1] until the chord is within tolerance at 15 interior samples.
        var stack: [(Double, Double, SIMD4<Double>, SIMD4<Double>)] = [(0, 1, color(0), color(1))]
        var chords: [(Double, SIMD4<Double>, SIMD4<Double>)] = []
        while let (u0, u1, c0, c1) = stack.popLast() {
            var worst = 0.0
            for i in 1 ..< 16 {
                let f = Double(i) / 16
                let d = color(u0 + (u1 - u0) * f) - (c0 + (c1 - c0) * f)
                worst = max(worst, abs(d.x), abs(d.y), abs(d.z), abs(d.w))
            }
            if worst <= tolerance || (u1 - u0) * width <= narrowest {
                chords.append((u0, c0, (c1 - c0) / ((u1 - u0) * width)))
            } else {
                let um = (u0 + u1) / 2, cm = color(um)
                stack.append((um, u1, cm, c1))   // popped after the left half: chords stay in order
                stack.append((u0, um, c0, cm))
            }
        }
        for (u, c, slope) in chords { list.append(Piece(start: o0 + width * u, base: c, slope: slope, curve: .zero)) }
    }

    /// The 9 × count Float layout (13 × count with `quadratic`); each piece's origin is its Float
    /// bound, and its base and slope are moved along the piece to that origin. A lone piece's
    /// origin is 0 — the kernels use t itself for it — and so is that of a first piece reaching
    /// back to −∞.
    private static func layout(_ pieces: [Piece], swapRedBlue: Bool, quadratic: Bool) -> [Float] {
        let n = pieces.count
        var out = [Float](repeating: 0, count: (quadratic ? 13 : 9) * n)
        for (i, p) in pieces.enumerated() {
            let origin: Float = n == 1 || !p.start.isFinite ? 0 : Float(p.start)
            // δ = new origin − start: f(δ + v) = base + δ·slope + δ²·curve + v·(slope + 2δ·curve) + v²·curve.
            let delta = Double(origin) - (p.start.isFinite ? p.start : Double(origin))
            var base = p.base + p.slope * delta + p.curve * (delta * delta)
            var slope = p.slope + p.curve * (2 * delta)
            var curve = p.curve
            if swapRedBlue { base = base.redBlueSwapped; slope = slope.redBlueSwapped; curve = curve.redBlueSwapped }
            out[i] = origin
            for c in 0 ..< 4 {
                out[(1 + c) * n + i] = Float(base[c])
                out[(5 + c) * n + i] = Float(slope[c])
                if quadratic { out[(9 + c) * n + i] = Float(curve[c]) }
            }
        }
        return out
    }

    /// The cell index of the gather path: a power-of-two count of cells, each holding the piece
    /// at its start, and the most bounds any cell holds in (start, end].
    private static func cellIndex(_ bounds: [Float]) -> ([UInt32], Int) {
        let n = bounds.count - 1
        if n <= Int(SHEEN_GRADIENT_BROADCAST_SEGMENTS) { return ([], 0) }
        var count = 16
        while count < 4 * n && count < 1 << 16 { count <<= 1 }
        var cells = [UInt32](repeating: 0, count: count)
        var steps = 0
        var piece = 0
        for i in 0 ..< count {
            let start = Float(i) / Float(count), end = Float(i + 1) / Float(count)
            while piece + 1 < n && bounds[piece + 1] <= start { piece += 1 }
            cells[i] = UInt32(piece)
            var inside = 0
            var j = piece + 1
            while j < n && bounds[j] <= end { if bounds[j] > start { inside += 1 }; j += 1 }
            steps = max(steps, inside)
        }
        return (cells, steps)
    }
}
