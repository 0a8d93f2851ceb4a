import CSheenSIMDWidthCheck
import SheenTestSupport
import Testing

/// The gradient body's fused multiply-add where the level has no FMA instruction (the 128-bit
/// level on x86-64: GradientBody.h's fma_exact, in Double with a correction) against an exact
/// fma (`addingProduct`), bit for bit, on inputs chosen to reach every branch of it.
@Suite struct GradientFMATests {
    /// Runs `count` cases from `make` through the kernel's fma and an exact one; returns the
    /// mismatches and how many cases Double rounded twice would have got wrong (the cases that
    /// need the correction).
    static func compare(count: Int, seed: UInt64, _ make: (inout SeededGenerator) -> (Float, Float, Float)) -> (mismatches: [String], twice: Int) {
        var rng = SeededGenerator(seed: seed)
        var a = [Float](), b = [Float](), c = [Float]()
        for _ in 0 ..< count {
            let (x, y, z) = make(&rng)
            a.append(x); b.append(y); c.append(z)
        }
        var out = [Float](repeating: 0, count: count)
        sheen_gradient_fma_check(a, b, c, &out, count)
        var mismatches: [String] = [], twice = 0
        for i in 0 ..< count {
            let exact = c[i].addingProduct(a[i], b[i])
            let naive = Float(Double(a[i]) * Double(b[i]) + Double(c[i]))
            if naive.bitPattern != exact.bitPattern, !exact.isNaN { twice += 1 }
            if out[i].bitPattern != exact.bitPattern, !(out[i].isNaN && exact.isNaN), mismatches.count < 5 {
                mismatches.append("fma(\(a[i]), \(b[i]), \(c[i])) = \(out[i]), exact \(exact)")
            }
        }
        return (mismatches, twice)
    }

    /// Any bit patterns (NaN, infinities, subnormals and zeros included).
    @Test func arbitraryBitPatterns() {
        let r = Self.compare(count: 400_000, seed: 1) { rng in
            (Float(bitPattern: UInt32.random(in: 0 ... .max, using: &rng)), Float(bitPattern: UInt32.random(in: 0 ... .max, using: &rng)),
             Float(bitPattern: UInt32.random(in: 0 ... .max, using: &rng)))
        }
        #expect(r.mismatches.isEmpty, "\(r.mismatches)")
    }

    /// c and a product close to half of c's Float spacing, `half`: a is any Float, b the Float
    /// nearest half / a, so a·b lies within 2⁻²⁴ of it relatively, and often close enough that
    /// the Double sum lands on the Float tie while the exact sum lies just off it.
    static func nearTie(_ rng: inout SeededGenerator, c: Float, half: Double) -> (Float, Float, Float) {
        // a's exponent keeps b a normal Float (a subnormal b has too few bits to get near).
        let e = half.exponent
        let a = Float(sign: .plus, exponent: Int.random(in: (e > -100 ? -20 : -60) ... (e > -100 ? 20 : -30), using: &rng),
                      significand: Float.random(in: 1 ..< 2, using: &rng))
        let b = Float(half / Double(a)) * (Bool.random(using: &rng) ? 1 : -1)
        return (a, b, c)
    }

    /// Products near half a Float spacing of c: exact sums just off a Float tie that the Double
    /// sum lands on, which only the correction gets right.
    @Test func nearTies() {
        let r = Self.compare(count: 400_000, seed: 2) { rng in
            let e = Int.random(in: -30 ... 30, using: &rng)
            let c = Float(sign: Bool.random(using: &rng) ? .minus : .plus, exponent: e,
                          significand: 1 + Float(Int.random(in: 1 ..< (1 << 23), using: &rng)) * 0x1p-23)
            return Self.nearTie(&rng, c: c, half: Double(sign: .plus, exponent: e - 24, significand: 1))
        }
        #expect(r.mismatches.isEmpty, "\(r.mismatches)")
        #expect(r.twice > 1000, "only \(r.twice) cases need the correction: the test no longer reaches it")
    }

    /// Sums below 2⁻¹²⁶, where Floats are subnormal and their ties (odd multiples of 2⁻¹⁵⁰) are
    /// not where the normal range's test looks.
    @Test func subnormalResults() {
        let r = Self.compare(count: 400_000, seed: 3) { rng in
            let c = Float(bitPattern: UInt32.random(in: 1 ..< 0x0080_0000, using: &rng)) * (Bool.random(using: &rng) ? 1 : -1)
            return Self.nearTie(&rng, c: c, half: 0x1p-150)
        }
        #expect(r.mismatches.isEmpty, "\(r.mismatches)")
        #expect(r.twice > 1000, "only \(r.twice) cases need the correction: the test no longer reaches it")
    }

    /// Colour-like values: levels, slopes and t in the ranges a ramp has.
    @Test func rampValues() {
        let r = Self.compare(count: 400_000, seed: 4) { rng in
            (Float.random(in: -1 ... 2, using: &rng), Float.random(in: -4096 ... 4096, using: &rng),
             Float.random(in: -2 ... 257, using: &rng))
        }
        #expect(r.mismatches.isEmpty, "\(r.mismatches)")
    }
}
