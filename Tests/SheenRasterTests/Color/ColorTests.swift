import Testing
@testable import SheenRaster

@Suite struct ColorTests {
    @Test func parsesHexStrings() throws {
        #expect(try Color(hex: "#3478F6") == Color(rgba: 0x3478F6FF))
        #expect(try Color(hex: "#ff3b3080") == Color(rgba: 0xFF3B3080))
        for bad in ["3478F6", "#3478F", "#3478F6F", "#GG0000", "", "#", "#12345678A", "#１２３４５６"] {
            #expect(throws: RasterError.malformedColor(bad), "\(bad)") { try Color(hex: bad) }
        }
        #expect(Color(rgba: 0x3478F6FF).description == "#3478F6FF")
    }

    /// CSS's forms: short and long hex, rgb()/rgba() with commas or spaces and "/ alpha",
    /// numbers and percentages, the 148 names and transparent; anything else is refused.
    @Test func parsesCSSColours() throws {
        #expect(try Color(css: "#3478F6") == Color(rgba: 0x3478F6FF))
        #expect(try Color(css: "#abc") == Color(rgba: 0xAABBCCFF))
        #expect(try Color(css: "#abc8") == Color(rgba: 0xAABBCC88))
        #expect(try Color(css: "rgb(52, 120, 246)") == Color(hex: "#3478F6"))
        #expect(try Color(css: "RGB( 100%, 0%, 0% )") == Color(rgba: 0xFF0000FF))
        #expect(try Color(css: "rgba(255, 59, 48, 0.5)") == Color(red: 1, green: 59 / 255, blue: 48 / 255, alpha: 0.5))
        #expect(try Color(css: "rgb(255 59 48 / 50%)") == Color(css: "rgba(255,59,48,0.5)"))
        #expect(try Color(css: " RebeccaPurple ") == Color(rgba: 0x663399FF))
        #expect(try Color(css: "transparent") == Color(rgba: 0))
        #expect(Color.cssNames.count == 149)
        for (name, value) in Color.cssNames { #expect(try Color(css: name) == Color(rgba: value), "\(name)") }
        #expect(try Color(css: "grey") == Color(css: "gray"))
        for bad in ["rgb(256, 0, 0)", "rgb(1, 2)", "rgb(1, 2, 3, 4, 5)", "rgb(nan, 0, 0)", "rgb(-1, 0, 0)", "rgba(0, 0, 0, 2)",
                    "rgb(0 0 0 / 1 / 1)", "hsl(0, 0%, 0%)", "#ab", "#ABCDE", "notacolor", "", "rgb(1, 2, 3"] {
            #expect(throws: RasterError.malformedColor(bad), "\(bad)") { try Color(css: bad) }
        }
    }

    @Test func premultipliesWithExactRounding() {
        // Every (component, alpha) pair of 8-bit values against the integer definition.
        for a in 0 ... 255 {
            for c in 0 ... 255 {
                let col = Color(rgba: UInt32(c) << 24 | UInt32(a))
                let p = col.premultiplied8
                let expected = UInt8((Double(c) * Double(a) / 255).rounded())
                if p.x != expected || p.w != UInt8(a) {
                    Issue.record("c \(c) a \(a): got \(p), expected \(expected)")
                    return
                }
                #expect(p.x <= p.w)
            }
        }
    }

    @Test func srgbTransferRoundTrips() {
        for i in 0 ... 255 {
            let c = Double(i) / 255
            #expect(abs(linearToSRGB(srgbToLinear(c)) - c) < 1e-12)
        }
        #expect(abs(srgbToLinear(0.5) - 0.214041140) < 1e-8)   // IEC 61966-2-1
        #expect(srgbToLinear(0.04045) == 0.04045 / 12.92)
    }

    /// Reference values from Ottosson's OKLab post and the CSS Color 4 sample code.
    @Test func oklabMatchesPublishedValues() {
        let cases: [(SIMD3<Double>, SIMD3<Double>)] = [
            (SIMD3(1, 1, 1), SIMD3(1.0, 0, 0)),
            (SIMD3(1, 0, 0), SIMD3(0.627955, 0.224863, 0.125846)),
            (SIMD3(0, 1, 0), SIMD3(0.866440, -0.233888, 0.179498)),
            (SIMD3(0, 0, 1), SIMD3(0.452014, -0.032457, -0.311528)),
        ]
        for (rgb, lab) in cases {
            let got = Color(red: Float(rgb.x), green: Float(rgb.y), blue: Float(rgb.z)).components(in: .oklab)
            #expect(abs(got.x - lab.x) < 2e-4 && abs(got.y - lab.y) < 2e-4 && abs(got.z - lab.z) < 2e-4,
                    "rgb \(rgb): \(got) vs \(lab)")
            let back = okLabToLinearSRGB(got)
            #expect(abs(back.x - rgb.x) < 1e-6 && abs(back.y - rgb.y) < 1e-6 && abs(back.z - rgb.z) < 1e-6)
        }
    }

    @Test func mulDiv255IsExactForAllPairs() {
        for x in UInt32(0) ... 255 {
            for y in UInt32(0) ... 255 {
                let exact = UInt32((Double(x * y) / 255).rounded())
                if mulDiv255(x, y) != exact { Issue.record("x \(x) y \(y)"); return }
            }
        }
    }
}
