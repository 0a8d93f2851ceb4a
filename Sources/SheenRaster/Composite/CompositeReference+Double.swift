// The reference for the seven blend modes defined with divisions or square roots: computed in
// Double from the 8-bit premultiplied inputs and rounded once (half to even). The C kernels
// (CSheenSIMD's BlendDouble.h) perform the same IEEE operations in the same order, so their
// results are identical, not merely close.

/// Unpremultiplied colour in the unit interval, for the non-separable modes.
struct UnitRGB {
    var r: Double, g: Double, b: Double

    /// Lum(C) = 0.3·R + 0.59·G + 0.11·B.
    var lum: Double { 0.3 * r + 0.59 * g + 0.11 * b }
    var minimum: Double { min(min(r, g), b) }
    var maximum: Double { max(max(r, g), b) }
    /// Sat(C) = max − min.
    var sat: Double { maximum - minimum }

    func map(_ f: (Double) -> Double) -> UnitRGB { UnitRGB(r: f(r), g: f(g), b: f(b)) }

    /// ClipColor(C): pull out-of-gamut colours back towards their luminosity.
    func clipped() -> UnitRGB {
        let l = lum, n = minimum, x = maximum
        var c = self
        if n < 0 { c = c.map { l + (($0 - l) * l) / (l - n) } }
        if x > 1 { c = c.map { l + (($0 - l) * (1 - l)) / (x - l) } }
        return c
    }

    /// SetLum(C, l).
    func withLum(_ l: Double) -> UnitRGB {
        let d = l - lum
        return map { $0 + d }.clipped()
    }

    /// SetSat(C, s), written per channel (the W3C's max/mid/min assignment, without sorting:
    /// the maximum becomes s, the minimum 0, the middle scales).
    func withSat(_ s: Double) -> UnitRGB {
        let mn = minimum, mx = maximum
        return map { mx > mn ? (($0 - mn) * s) / (mx - mn) : 0 }
    }
}

extension CompositeReference {
    /// B(Cb, Cs) of a separable Double mode, one channel.
    static func separableDoubleB(_ op: CompositeOperator, cs: Double, cb: Double) -> Double {
        switch op {
        case .colorDodge:
            if cb == 0 { return 0 }
            if cs >= 1 { return 1 }
            return min(1, cb / (1 - cs))
        case .colorBurn:
            if cb >= 1 { return 1 }
            if cs <= 0 { return 0 }
            return 1 - min(1, (1 - cb) / cs)
        case .softLight:
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let dcb = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (dcb - cb)
        default: preconditionFailure("\(op) is not a separable Double mode")
        }
    }

    /// B(Cb, Cs) of a non-separable mode.
    static func nonSeparableB(_ op: CompositeOperator, cs: UnitRGB, cb: UnitRGB) -> UnitRGB {
        switch op {
        case .hue: return cs.withSat(cb.sat).withLum(cb.lum)
        case .saturation: return cb.withSat(cs.sat).withLum(cb.lum)
        case .color: return cs.withLum(cb.lum)
        case .luminosity: return cb.withLum(cs.lum)
        default: preconditionFailure("\(op) is not a non-separable mode")
        }
    }

    /// The colour channels (R, G, B; alpha unused) of a Double-evaluated blend mode:
    /// round((s·(255 − da) + d·(255 − sa) + sa·da·B) / 255).
    static func doubleBlend(_ op: CompositeOperator, _ s: SIMD4<Int>, _ d: SIMD4<Int>) -> SIMD4<Int> {
        let sa = Double(s.w), da = Double(d.w)
        func unit(_ v: Int, _ a: Double) -> Double { a > 0 ? Double(v) / a : 0 }
        let cs = UnitRGB(r: unit(s.x, sa), g: unit(s.y, sa), b: unit(s.z, sa))
        let cb = UnitRGB(r: unit(d.x, da), g: unit(d.y, da), b: unit(d.z, da))
        let b = op.isSeparable
            ? UnitRGB(r: separableDoubleB(op, cs: cs.r, cb: cb.r), g: separableDoubleB(op, cs: cs.g, cb: cb.g),
                      b: separableDoubleB(op, cs: cs.b, cb: cb.b))
            : nonSeparableB(op, cs: cs, cb: cb)
        let sada = Double(s.w * d.w)
        func channel(_ sv: Int, _ dv: Int, _ bv: Double) -> Int {
            let q = (Double(sv * (255 - d.w) + dv * (255 - s.w)) + sada * bv) / 255
            if q.isNaN { return 0 } // only for input that is not valid premultiplied colour
            return Int(min(max(q, 0), 255).rounded(.toNearestOrEven))
        }
        return SIMD4(channel(s.x, d.x, b.r), channel(s.y, d.y, b.g), channel(s.z, d.z, b.b), 0)
    }
}
