// The kernel for the seven blend modes defined with divisions or square roots (colorDodge,
// colorBurn, softLight, hue, saturation, color, luminosity), four pixels per step in
// SIMD4<Double>. It performs exactly the IEEE operations of CompositeReference+Double.swift in
// the same order — branches become selects, and `lanesMin`/`lanesMax` copy Swift.min/max's
// choice — so its results equal the reference's bit for bit, not within a tolerance. Rounding
// uses the 2⁵² trick, which is round-half-to-even like the reference's `.toNearestOrEven`.

/// Swift.min(a, b) per lane (`b < a ? b : a`).
@inline(__always)
func lanesMin(_ a: F64x4, _ b: F64x4) -> F64x4 { a.replacing(with: b, where: b .< a) }
/// Swift.max(a, b) per lane (`b >= a ? b : a`).
@inline(__always)
func lanesMax(_ a: F64x4, _ b: F64x4) -> F64x4 { a.replacing(with: b, where: b .>= a) }

/// Four unpremultiplied colours, the lane twin of `UnitRGB`.
struct UnitRGBx4 {
    var r: F64x4, g: F64x4, b: F64x4

    @inline(__always) var lum: F64x4 { 0.3 * r + 0.59 * g + 0.11 * b }
    @inline(__always) var minimum: F64x4 { lanesMin(lanesMin(r, g), b) }
    @inline(__always) var maximum: F64x4 { lanesMax(lanesMax(r, g), b) }
    @inline(__always) var sat: F64x4 { maximum - minimum }

    @inline(__always)
    func map(_ f: (F64x4) -> F64x4) -> UnitRGBx4 { UnitRGBx4(r: f(r), g: f(g), b: f(b)) }

    @inline(__always)
    func select(_ other: UnitRGBx4, where m: SIMDMask<SIMD4<Int64>>) -> UnitRGBx4 {
        UnitRGBx4(r: r.replacing(with: other.r, where: m), g: g.replacing(with: other.g, where: m),
                 b: b.replacing(with: other.b, where: m))
    }

    @inline(__always)
    func clipped() -> UnitRGBx4 {
        let l = lum, n = minimum, x = maximum
        var c = self
        c = c.select(c.map { l + (($0 - l) * l) / (l - n) }, where: n .< 0)
        c = c.select(c.map { l + (($0 - l) * (1 - l)) / (x - l) }, where: x .> 1)
        return c
    }

    @inline(__always)
    func withLum(_ l: F64x4) -> UnitRGBx4 {
        let d = l - lum
        return map { $0 + d }.clipped()
    }

    @inline(__always)
    func withSat(_ s: F64x4) -> UnitRGBx4 {
        let mn = minimum, mx = maximum
        let zero = F64x4()
        return map { zero.replacing(with: (($0 - mn) * s) / (mx - mn), where: mx .> mn) }
    }
}

/// B(Cb, Cs) of a separable Double mode on four lanes (the twin of `separableDoubleB`).
@inline(__always)
func separableDoubleLanes(_ op: CompositeOperator, cs: F64x4, cb: F64x4) -> F64x4 {
    let one = F64x4(repeating: 1), zero = F64x4()
    switch op {
    case .colorDodge:
        var v = lanesMin(one, cb / (1 - cs))
        v.replace(with: one, where: cs .>= 1)
        v.replace(with: zero, where: cb .== 0)
        return v
    case .colorBurn:
        var v = 1 - lanesMin(one, (1 - cb) / cs)
        v.replace(with: zero, where: cs .<= 0)
        v.replace(with: one, where: cb .>= 1)
        return v
    default: // softLight
        let low = cb - (1 - 2 * cs) * cb * (1 - cb)
        let poly = ((16 * cb - 12) * cb + 4) * cb
        let dcb = cb.squareRoot().replacing(with: poly, where: cb .<= 0.25)
        let high = cb + (2 * cs - 1) * (dcb - cb)
        return high.replacing(with: low, where: cs .<= 0.5)
    }
}

/// Composites `count` 32-bit pixels with a Double-evaluated blend mode. `redOffset` is the byte
/// of red in each pixel (0 for RGBA, 2 for BGRA).
func doubleBlendSpan32(_ op: CompositeOperator, _ paint: SpanPaint, _ coverage: SpanCoverage,
                       _ dst: UnsafeMutableRawPointer, _ count: Int, redOffset: Int) {
    let blueOffset = 2 - redOffset
    var i = 0
    while i < count {
        let n = min(4, count - i)
        var s = SIMD16<UInt8>(), d = SIMD16<UInt8>(), c = SIMD4<UInt8>()
        for k in 0 ..< n {
            let px = paint.pixel32(i + k)
            let dp = (dst + 4 * (i + k)).loadUnaligned(as: UInt32.self)
            for b in 0 ..< 4 {
                s[4 * k + b] = UInt8(truncatingIfNeeded: px >> (8 * b))
                d[4 * k + b] = UInt8(truncatingIfNeeded: dp >> (8 * b))
            }
            c[k] = coverage.value(i + k)
        }
        if c == SIMD4() { i += 4; continue }
        @inline(__always) func lanes(_ v: SIMD16<UInt8>, _ byte: Int) -> F64x4 {
            F64x4(Double(v[byte]), Double(v[4 + byte]), Double(v[8 + byte]), Double(v[12 + byte]))
        }
        let sr = lanes(s, redOffset), sg = lanes(s, 1), sb = lanes(s, blueOffset), sa = lanes(s, 3)
        let dr = lanes(d, redOffset), dg = lanes(d, 1), db = lanes(d, blueOffset), da = lanes(d, 3)
        let zero = F64x4()
        @inline(__always) func unit(_ v: F64x4, _ a: F64x4) -> F64x4 {
            zero.replacing(with: v / a, where: a .> 0)
        }
        let cs = UnitRGBx4(r: unit(sr, sa), g: unit(sg, sa), b: unit(sb, sa))
        let cb = UnitRGBx4(r: unit(dr, da), g: unit(dg, da), b: unit(db, da))
        let blend: UnitRGBx4
        switch op {
        case .colorDodge, .colorBurn, .softLight:
            blend = UnitRGBx4(r: separableDoubleLanes(op, cs: cs.r, cb: cb.r),
                             g: separableDoubleLanes(op, cs: cs.g, cb: cb.g),
                             b: separableDoubleLanes(op, cs: cs.b, cb: cb.b))
        case .hue: blend = cs.withSat(cb.sat).withLum(cb.lum)
        case .saturation: blend = cb.withSat(cs.sat).withLum(cb.lum)
        case .color: blend = cs.withLum(cb.lum)
        default: blend = cb.withLum(cs.lum)
        }
        let sada = sa * da, isa = 255 - sa, ida = 255 - da
        // (s·(255 − da) + d·(255 − sa)) is an exact integer in Double, as in the reference.
        @inline(__always) func level(_ sv: F64x4, _ dv: F64x4, _ bv: F64x4) -> SIMD4<UInt64> {
            var q = (sv * ida + dv * isa + sada * bv) / 255
            q.replace(with: zero, where: q .!= q)
            q = lanesMin(lanesMax(q, zero), F64x4(repeating: 255))
            return unsafeBitCast(q + 4_503_599_627_370_496.0, to: SIMD4<UInt64>.self) & 0xFF
        }
        let rr = level(sr, dr, blend.r), rg = level(sg, dg, blend.g), rb = level(sb, db, blend.b)
        for k in 0 ..< n where c[k] != 0 {
            let a = UInt32(CompositeReference.unionAlpha(Int(s[4 * k + 3]), Int(d[4 * k + 3])))
            var r = SIMD4<UInt32>(repeating: 0)
            r[redOffset] = UInt32(rr[k]); r[1] = UInt32(rg[k]); r[blueOffset] = UInt32(rb[k]); r[3] = a
            let cov = UInt32(c[k])
            var out: UInt32 = 0
            for b in 0 ..< 4 {
                let v = roundDiv255(r[b] &* cov &+ UInt32(d[4 * k + b]) &* (255 - cov))
                out |= v << (8 * b)
            }
            (dst + 4 * (i + k)).storeBytes(of: out, as: UInt32.self)
        }
        i += 4
    }
}
