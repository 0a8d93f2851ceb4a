@testable import SheenRaster
import SheenTestSupport
import Testing

/// The W3C Compositing and Blending Level 1 formulas in real numbers, written independently of
/// CompositeReference (unit interval, premultiplied; SetSat with the specification's sorting).
enum W3C {
    static func porterDuffFactors(_ op: CompositeOperator, _ sa: Double, _ da: Double) -> (Double, Double) {
        switch op {
        case .clear: return (0, 0)
        case .source: return (1, 0)
        case .destination: return (0, 1)
        case .sourceOver: return (1, 1 - sa)
        case .destinationOver: return (1 - da, 1)
        case .sourceIn: return (da, 0)
        case .destinationIn: return (0, sa)
        case .sourceOut: return (1 - da, 0)
        case .destinationOut: return (0, 1 - sa)
        case .sourceAtop: return (da, 1 - sa)
        case .destinationAtop: return (1 - da, sa)
        case .xor: return (1 - da, 1 - sa)
        default: fatalError()
        }
    }

    static func lum(_ c: [Double]) -> Double { 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2] }
    static func clipColor(_ c: [Double]) -> [Double] {
        let l = lum(c), n = c.min()!, x = c.max()!
        var c = c
        if n < 0 { c = c.map { l + ($0 - l) * l / (l - n) } }
        if x > 1 { c = c.map { l + ($0 - l) * (1 - l) / (x - l) } }
        return c
    }
    static func setLum(_ c: [Double], _ l: Double) -> [Double] { let d = l - lum(c); return clipColor(c.map { $0 + d }) }
    static func sat(_ c: [Double]) -> Double { c.max()! - c.min()! }
    static func setSat(_ c: [Double], _ s: Double) -> [Double] {
        let order = (0 ..< 3).sorted { c[$0] < c[$1] }
        let (mn, md, mx) = (order[0], order[1], order[2])
        var r = [0.0, 0.0, 0.0]
        if c[mx] > c[mn] {
            r[md] = (c[md] - c[mn]) * s / (c[mx] - c[mn])
            r[mx] = s
        }
        return r
    }

    static func separable(_ op: CompositeOperator, _ cs: Double, _ cb: Double) -> Double {
        func hardLight(_ cb: Double, _ cs: Double) -> Double {
            cs <= 0.5 ? cb * 2 * cs : separable(.screen, 2 * cs - 1, cb)
        }
        switch op {
        case .multiply: return cs * cb
        case .screen: return cb + cs - cb * cs
        case .overlay: return hardLight(cs, cb)
        case .darken: return min(cs, cb)
        case .lighten: return max(cs, cb)
        case .colorDodge: return cb == 0 ? 0 : (cs == 1 ? 1 : min(1, cb / (1 - cs)))
        case .colorBurn: return cb == 1 ? 1 : (cs == 0 ? 0 : 1 - min(1, (1 - cb) / cs))
        case .hardLight: return hardLight(cb, cs)
        case .softLight:
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (d - cb)
        case .difference: return abs(cb - cs)
        case .exclusion: return cb + cs - 2 * cb * cs
        default: fatalError()
        }
    }

    /// The operator on premultiplied unit values (R, G, B, A), no coverage.
    static func apply(_ op: CompositeOperator, _ s: [Double], _ d: [Double]) -> [Double] {
        let sa = s[3], da = d[3]
        if op == .plus { return (0 ..< 4).map { min(1, s[$0] + d[$0]) } }
        if !op.isBlendMode {
            let (fa, fb) = porterDuffFactors(op, sa, da)
            return (0 ..< 4).map { s[$0] * fa + d[$0] * fb }
        }
        let cs = (0 ..< 3).map { sa > 0 ? s[$0] / sa : 0 }, cb = (0 ..< 3).map { da > 0 ? d[$0] / da : 0 }
        let b: [Double] = switch op {
        case .hue: setLum(setSat(cs, sat(cb)), lum(cb))
        case .saturation: setLum(setSat(cb, sat(cs)), lum(cb))
        case .color: setLum(cs, lum(cb))
        case .luminosity: setLum(cb, lum(cs))
        default: (0 ..< 3).map { separable(op, cs[$0], cb[$0]) }
        }
        var r = (0 ..< 3).map { s[$0] * (1 - da) + d[$0] * (1 - sa) + sa * da * b[$0] }
        r.append(sa + da - sa * da)
        return r
    }
}

/// A random valid premultiplied pixel (R, G, B, A) in levels.
func randomPremultiplied(_ rng: inout SeededGenerator) -> SIMD4<Int> {
    let a = Int(randomLevel(&rng))
    func c() -> Int { a == 0 ? 0 : Int.random(in: 0 ... a, using: &rng) }
    return SIMD4(c(), c(), c(), a)
}

@Suite struct CompositeFormulaTests {
    /// Without coverage the reference is the W3C formula rounded once: within ½ level (plus a
    /// hair for Double rounding in the real-number side) for every operator.
    @Test(arguments: CompositeOperator.allCases)
    func referenceIsTheRoundedW3CFormula(op: CompositeOperator) {
        var rng = SeededGenerator(seed: UInt64(CompositeOperator.allCases.firstIndex(of: op)!) &+ 99)
        var pairs: [(SIMD4<Int>, SIMD4<Int>)] = []
        let edges = edgeLevels.map(Int.init)
        for a in edges { for c in edges where c <= a { for b in edges { for e in edges where e <= b {
            pairs.append((SIMD4(c, c, a - c, a), SIMD4(e, b - e, e, b)))
        } } } }
        for _ in 0 ..< 15_000 { pairs.append((randomPremultiplied(&rng), randomPremultiplied(&rng))) }
        var worst = 0.0
        for (s, d) in pairs {
            let r = CompositeReference.apply(op, s, d)
            let exact = W3C.apply(op, (0 ..< 4).map { Double(s[$0]) / 255 }, (0 ..< 4).map { Double(d[$0]) / 255 })
            for ch in 0 ..< 4 {
                let e = abs(Double(r[ch]) - exact[ch] * 255)
                worst = max(worst, e)
                if e > 0.5 + 1e-7 {
                    Issue.record("\(op) s \(s) d \(d) channel \(ch): \(r[ch]) vs exact \(exact[ch] * 255)")
                    return
                }
            }
        }
        #expect(worst <= 0.5 + 1e-7)
    }

    /// With coverage c the result approximates lerp(D, op(S, D), c/255) in real numbers: within
    /// 1 level when coverage lerps the result (two roundings) and 1.5 levels when it scales the
    /// paint (the scaled paint and its alpha are rounded before the operator). `plus` saturates, so
    /// for it scaling the paint is a different operation: it is held to min(1, S·c + D) instead.
    @Test(arguments: CompositeOperator.allCases)
    func coverageStaysCloseToTheRealLerp(op: CompositeOperator) {
        var rng = SeededGenerator(seed: 4242)
        var worst = 0.0
        for _ in 0 ..< 10_000 {
            let s = randomPremultiplied(&rng), d = randomPremultiplied(&rng)
            let c = Int(randomLevel(&rng))
            let r = CompositeReference.pixel(op, s, d, coverage: c)
            let su = (0 ..< 4).map { Double(s[$0]) / 255 }, du = (0 ..< 4).map { Double(d[$0]) / 255 }
            let full = W3C.apply(op, su, du)
            let scaledPlus = W3C.apply(op, su.map { $0 * Double(c) / 255 }, du)
            for ch in 0 ..< 4 {
                let exact = op == .plus ? scaledPlus[ch] * 255 : (du[ch] + (full[ch] - du[ch]) * Double(c) / 255) * 255
                worst = max(worst, abs(Double(r[ch]) - exact))
            }
        }
        let bound = op.coverageScalesPaint ? 1.5 : 1.0
        #expect(worst <= bound + 1e-7, "\(op): worst \(worst)")
    }

    /// Alpha-only (A8) results are the alpha channel of the colour results.
    @Test(arguments: CompositeOperator.allCases.filter(\.isAlphaOnly))
    func alphaOnlyMatchesTheAlphaChannel(op: CompositeOperator) {
        for sa in 0 ... 255 where sa % 5 == 0 || sa == 254 {
            for da in 0 ... 255 where da % 3 == 0 || da == 1 {
                for c in [0, 1, 128, 254, 255] {
                    let colour = CompositeReference.pixel(op, SIMD4(0, 0, 0, sa), SIMD4(0, 0, 0, da), coverage: c)
                    #expect(CompositeReference.alpha(op, sa, da, coverage: c) == colour.w)
                }
            }
        }
    }

    /// sourceOver of an opaque paint through coverage is the real lerp S·c + D·(1 − c) rounded
    /// once (≤ ½ level, no tie possible), for every coverage and destination level of several
    /// paints, colour and alpha channels alike.
    @Test func opaqueSourceOverThroughCoverageIsCorrectlyRounded() {
        for s in [0, 1, 52, 128, 200, 254, 255] {
            for d in 0 ... 255 {
                for c in 0 ... 255 {
                    let r = CompositeReference.pixel(.sourceOver, SIMD4(s, 255 - s, s / 2, 255), SIMD4(d, d / 3, 0, d), coverage: c)
                    for (ch, (sv, dv)) in [(s, d), (255 - s, d / 3), (s / 2, 0), (255, d)].enumerated() {
                        let exact = (Double(sv) * Double(c) + Double(dv) * Double(255 - c)) / 255
                        if abs(Double(r[ch]) - exact) > 0.5 {
                            Issue.record("s \(sv) d \(dv) c \(c) channel \(ch): \(r[ch]) vs \(exact)"); return
                        }
                    }
                }
            }
        }
    }

    /// The public exact reference is the W3C formula (written apart above, SetSat by sorting),
    /// within 1e-9 level, for every operator, both coverage rules and Sheen's, colour and A8.
    @Test(arguments: CompositeOperator.allCases)
    func exactReferenceIsTheW3CFormula(op: CompositeOperator) {
        var rng = SeededGenerator(seed: 0xE8AC7 &+ UInt64(CompositeOperator.allCases.firstIndex(of: op)!))
        for i in 0 ..< 4_000 {
            let s = randomPremultiplied(&rng), d = randomPremultiplied(&rng)
            let c = i % 4 == 0 ? 255 : Int(randomLevel(&rng))
            let su = (0 ..< 4).map { Double(s[$0]) / 255 }, du = (0 ..< 4).map { Double(d[$0]) / 255 }
            let cu = Double(c) / 255
            for rule in ExactComposite.CoverageRule.allCases {
                let scales = rule == .scalesPaint || (rule == .sheen && op.coverageScalesPaint)
                let w3c = scales ? W3C.apply(op, su.map { $0 * cu }, du)
                                 : zip(du, W3C.apply(op, su, du)).map { d, r in d + (r - d) * cu }
                let exact = ExactComposite.pixel(op, paint: SIMD4(truncatingIfNeeded: s), destination: SIMD4(truncatingIfNeeded: d),
                                                 coverage: UInt8(c), rule: rule)
                let alpha = ExactComposite.alpha(op, paint: UInt8(s.w), destination: UInt8(d.w), coverage: UInt8(c), rule: rule)
                for ch in 0 ..< 4 where abs(exact[ch] - w3c[ch] * 255) > 1e-9 || abs(alpha - w3c[3] * 255) > 1e-9 {
                    Issue.record("\(op) \(rule) s \(s) d \(d) c \(c) channel \(ch): \(exact[ch]) (A8 \(alpha)) vs \(w3c[ch] * 255)")
                    return
                }
            }
        }
    }

    /// Sheen's rounded reference (the twin every kernel level equals) stays within its stated
    /// contract of the exact one: ½ level at full coverage (plus Double's hair for the seven
    /// Double modes), ½ for opaque sourceOver through coverage, 1 level where coverage
    /// interpolates and 1.5 where it scales the paint.
    @Test(arguments: CompositeOperator.allCases)
    func referenceKeepsItsContractWithTheExactResult(op: CompositeOperator) {
        var rng = SeededGenerator(seed: 0xC0A7 &+ UInt64(CompositeOperator.allCases.firstIndex(of: op)!))
        for i in 0 ..< 20_000 {
            let s = i % 7 == 0 ? SIMD4(randomPremultiplied(&rng).x, 0, 0, 255) : randomPremultiplied(&rng)
            let d = randomPremultiplied(&rng)
            let c = i % 3 == 0 ? 255 : Int(randomLevel(&rng))
            let r = CompositeReference.pixel(op, s, d, coverage: c)
            let exact = ExactComposite.pixel(op, paint: SIMD4(truncatingIfNeeded: s), destination: SIMD4(truncatingIfNeeded: d),
                                             coverage: UInt8(c))
            let bound = c == 255 || (op == .sourceOver && s.w == 255) ? 0.5 : (op.coverageScalesPaint ? 1.5 : 1.0)
            for ch in 0 ..< 4 where abs(Double(r[ch]) - exact[ch]) > bound + 1e-9 {
                Issue.record("\(op) s \(s) d \(d) c \(c) channel \(ch): \(r[ch]) vs exact \(exact[ch]) (bound \(bound))")
                return
            }
        }
    }
}
