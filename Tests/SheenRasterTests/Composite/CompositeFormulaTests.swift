@testable import SheenRaster
import SheenTestSupport
import Testing

/// A random valid premultiplied pixel (R, G, B, A) in levels.
func randomPremultiplied(_ rng: inout SeededGenerator) -> SIMD4<Int> {
    let a = Int(randomLevel(&rng))
    func c() -> Int { a == 0 ? 0 : Int.random(in: 0 ... a, using: &rng) }
    return SIMD4(c(), c(), c(), a)
}

@Suite struct CompositeFormulaTests {
    /// Without coverage the reference is the exact result rounded once: within ½ level (plus a
    /// hair for Double rounding in the real-number side) for every operator, on every pair of
    /// edge-level pixels and 15,000 random ones. The exact result is ExactComposite, which
    /// Scripts/oracle/exact_check.py (part of the test command) holds to the W3C formulas in
    /// arbitrary precision.
    @Test(arguments: CompositeOperator.allCases)
    func referenceIsTheExactResultRoundedOnce(op: CompositeOperator) {
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
            let exact = ExactComposite.pixel(op, paint: SIMD4(truncatingIfNeeded: s), destination: SIMD4(truncatingIfNeeded: d))
            for ch in 0 ..< 4 {
                let e = abs(Double(r[ch]) - exact[ch])
                worst = max(worst, e)
                if e > 0.5 + 1e-7 {
                    Issue.record("\(op) s \(s) d \(d) channel \(ch): \(r[ch]) vs exact \(exact[ch])")
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
            let exact = ExactComposite.pixel(op, paint: SIMD4(truncatingIfNeeded: s), destination: SIMD4(truncatingIfNeeded: d),
                                             coverage: UInt8(c), rule: op == .plus ? .scalesPaint : .interpolates)
            for ch in 0 ..< 4 { worst = max(worst, abs(Double(r[ch]) - exact[ch])) }
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

    /// The exact reference's coverage rules are what they say: at full coverage every rule is the
    /// operator itself; `.scalesPaint` is the operator on the paint scaled by c (exactly, so
    /// `alpha` agrees with the pixel's alpha), `.interpolates` the lerp of the destination and
    /// the full-coverage result, and `.sheen` one of the two as `coverageScalesPaint` says.
    @Test(arguments: CompositeOperator.allCases)
    func exactReferenceCoverageRules(op: CompositeOperator) {
        var rng = SeededGenerator(seed: 0xE8AC7 &+ UInt64(CompositeOperator.allCases.firstIndex(of: op)!))
        for _ in 0 ..< 2_000 {
            let s = SIMD4<UInt8>(truncatingIfNeeded: randomPremultiplied(&rng))
            let d = SIMD4<UInt8>(truncatingIfNeeded: randomPremultiplied(&rng))
            let c = randomLevel(&rng), cu = Double(c) / 255
            let full = ExactComposite.pixel(op, paint: s, destination: d)
            let lerped = SIMD4<Double>(d) + (full - SIMD4<Double>(d)) * cu
            let scaled = ExactComposite.unit(op, SIMD4<Double>(s) / 255 * cu, SIMD4<Double>(d) / 255) * 255
            let cases: [(ExactComposite.CoverageRule, SIMD4<Double>)] = [
                (.interpolates, lerped), (.scalesPaint, scaled), (.sheen, op.coverageScalesPaint ? scaled : lerped)]
            for (rule, expected) in cases {
                let got = ExactComposite.pixel(op, paint: s, destination: d, coverage: c, rule: rule)
                let alpha = ExactComposite.alpha(op, paint: s.w, destination: d.w, coverage: c, rule: rule)
                for ch in 0 ..< 4 where abs(got[ch] - expected[ch]) > 1e-9 || abs(alpha - expected.w) > 1e-9 {
                    Issue.record("\(op) \(rule) s \(s) d \(d) c \(c) channel \(ch): \(got[ch]) (A8 \(alpha)) vs \(expected[ch])")
                    return
                }
                #expect(ExactComposite.pixel(op, paint: s, destination: d, coverage: 255, rule: rule) == full)
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
