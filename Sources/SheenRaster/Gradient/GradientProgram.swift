// What the SIMD kernel needs from a gradient, computed once from the Double model: the affine
// coefficients that turn a pixel position into t (or a gradient-space point), and a colour ramp in
// one of three shapes — one linear piece, up to four linear pieces, or a 4,096-entry table.

/// Entries in the colour table of non-analytic ramps.
let rampTableSize = 4096

/// The kernel-side form of a gradient.
struct GradientProgram {
    /// How a pixel becomes t.
    enum Geometry {
        /// t = a·X + b·Y + c at pixel-space (X, Y).
        case linear(a: Double, b: Double, c: Double)
        /// Gradient-space point P = inverse(X, Y); t from the two circles.
        case radial(c0: Point, cd: Point, r0: Double, dr: Double)
        /// Gradient-space point P = inverse(X, Y); t from the angle around `center`.
        case conic(center: Point, startTurns: Double)
        /// Paints nothing (zero-length line, identical circles): every pixel transparent.
        case empty
    }

    /// How t becomes a colour.
    enum Ramp {
        /// Up to four linear pieces in premultiplied sRGB levels (exact in Float).
        case pieces(PiecewiseRamp)
        /// A table sampled from the exact colour; index round(t · 4095).
        case table(ColorTable)
    }

    let geometry: Geometry
    let ramp: Ramp
    let inverse: AffineTransform
    let spread: GradientSpread
    let isConic: Bool
    let dither: Bool

    init(_ model: GradientModel) {
        let g = model.gradient
        inverse = model.inverse
        spread = g.spread
        dither = g.dither
        switch g.shape {
        case let .linear(s, e):
            let dx = e.x - s.x, dy = e.y - s.y
            let len2 = dx * dx + dy * dy
            if len2 == 0 || !len2.isFinite {
                geometry = .empty
            } else {
                // t = ((P − s)·d)/|d|² with P = inverse(X, Y), expanded into a·X + b·Y + c.
                let i = inverse
                geometry = .linear(a: (i.a * dx + i.b * dy) / len2, b: (i.c * dx + i.d * dy) / len2,
                                   c: ((i.tx - s.x) * dx + (i.ty - s.y) * dy) / len2)
            }
            isConic = false
        case let .radial(c0, r0, c1, r1):
            let cd = Point(c1.x - c0.x, c1.y - c0.y)
            geometry = (cd.x == 0 && cd.y == 0 && r0 == r1) ? .empty : .radial(c0: c0, cd: cd, r0: r0, dr: r1 - r0)
            isConic = false
        case let .conic(center, start):
            let turns = start / (2 * Double.pi)
            geometry = .conic(center: center, startTurns: turns - turns.rounded(.down))
            isConic = true
        }
        if let pieces = PiecewiseRamp(model) {
            ramp = .pieces(pieces)
        } else {
            ramp = .table(ColorTable(model))
        }
    }
}

/// Up to four pieces of colour = base + t · slope, in premultiplied sRGB levels, RGBA order;
/// piece i applies where t ≥ starts[i] (the last such piece wins).
struct PiecewiseRamp {
    var count: Int
    var starts: SIMD4<Float>
    var bases: (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>)
    var slopes: (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>)

    /// The pieces of `model`'s ramp, or nil when its colour is not piecewise linear in output
    /// space (OKLab, linear light, straight alpha) or needs more than four pieces.
    init?(_ model: GradientModel) {
        let g = model.gradient
        let straightButEqualAlpha = g.alphaInterpolation == .straight
            && Set(model.points.map(\.w)).count == 1
        guard g.space == .sRGB, g.alphaInterpolation == .premultiplied || straightButEqualAlpha else { return nil }
        // Premultiplied sRGB levels of each stop. With straight interpolation and one alpha for
        // all stops, premultiplied colour is the straight colour times that constant alpha.
        let stopLevels = model.points.map { p -> SIMD4<Double> in
            g.alphaInterpolation == .premultiplied ? p * 255 : SIMD4(p.x * p.w, p.y * p.w, p.z * p.w, p.w) * 255
        }
        let offsets = model.stops.map(\.offset)
        var list: [(start: Double, base: SIMD4<Double>, slope: SIMD4<Double>)] = []
        let n = offsets.count
        // Before the first stop: its colour. Unreachable when the first stop is at 0.
        if offsets[0] > 0 { list.append((-.infinity, stopLevels[0], .zero)) }
        for k in 0 ..< n - 1 where offsets[k] < offsets[k + 1] {
            let slope = (stopLevels[k + 1] - stopLevels[k]) / (offsets[k + 1] - offsets[k])
            list.append((offsets[k], stopLevels[k] - slope * offsets[k], slope))
        }
        // From the last stop on: its colour. Reachable below 1; at t = 1 only under pad (see
        // GradientModel.wraps) and only when the last segment does not already end in that colour.
        let lastSegmentEndsThere = n >= 2 && offsets[n - 2] < offsets[n - 1]
        if offsets[n - 1] < 1 || (!model.wraps && !lastSegmentEndsThere) || n == 1 {
            list.append((offsets[n - 1], stopLevels[n - 1], .zero))
        }
        guard !list.isEmpty, list.count <= 4 else { return nil }
        count = list.count
        func f(_ v: SIMD4<Double>) -> SIMD4<Float> { SIMD4<Float>(Float(v.x), Float(v.y), Float(v.z), Float(v.w)) }
        var s = SIMD4<Float>(repeating: .infinity)
        var b = [SIMD4<Float>](repeating: .zero, count: 4), sl = b
        for (i, p) in list.enumerated() {
            s[i] = i == 0 ? -.infinity : Float(p.start)
            b[i] = f(p.base); sl[i] = f(p.slope)
        }
        starts = s
        bases = (b[0], b[1], b[2], b[3])
        slopes = (sl[0], sl[1], sl[2], sl[3])
    }
}

/// The exact colour sampled at t = i / 4095: packed premultiplied 8-bit pixels (memory order
/// R, G, B, A and B, G, R, A) and the same with 8 fractional bits per channel (16 bits a channel,
/// channel k at bit 16k) for dithering.
final class ColorTable: @unchecked Sendable {
    let rgba: [UInt32]
    let bgra: [UInt32]
    let rgba88: [UInt64]
    let bgra88: [UInt64]

    init(_ model: GradientModel) {
        var rgba = [UInt32](), bgra = [UInt32](), rgba88 = [UInt64](), bgra88 = [UInt64]()
        rgba.reserveCapacity(rampTableSize); bgra.reserveCapacity(rampTableSize)
        rgba88.reserveCapacity(rampTableSize); bgra88.reserveCapacity(rampTableSize)
        for i in 0 ..< rampTableSize {
            let c = model.color(atSpread: Double(i) / Double(rampTableSize - 1))
            let a8 = UInt32(min(max(c.w.rounded(.toNearestOrEven), 0), 255))
            func l8(_ v: Double) -> UInt32 { min(UInt32(min(max(v.rounded(.toNearestOrEven), 0), 255)), a8) }
            let a16 = UInt64(min(max((c.w * 256).rounded(), 0), 65280))
            func l16(_ v: Double) -> UInt64 { min(UInt64(min(max((v * 256).rounded(), 0), 65280)), a16) }
            func packed8(_ c: SIMD4<Double>) -> UInt32 { l8(c.x) | l8(c.y) << 8 | l8(c.z) << 16 | a8 << 24 }
            func packed16(_ c: SIMD4<Double>) -> UInt64 { l16(c.x) | l16(c.y) << 16 | l16(c.z) << 32 | a16 << 48 }
            rgba.append(packed8(c)); bgra.append(packed8(c.redBlueSwapped))
            rgba88.append(packed16(c)); bgra88.append(packed16(c.redBlueSwapped))
        }
        self.rgba = rgba; self.bgra = bgra; self.rgba88 = rgba88; self.bgra88 = bgra88
    }
}
