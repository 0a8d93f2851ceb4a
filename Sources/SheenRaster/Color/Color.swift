/// A straight-alpha colour in sRGB: every component is a Float in 0…1, alpha not multiplied in.
///
/// This is the colour type at the API edge; kernels work on premultiplied 8-bit values, made once
/// by `premultiplied8`.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// Red, sRGB-encoded, 0…1.
    public var red: Float
    /// Green, sRGB-encoded, 0…1.
    public var green: Float
    /// Blue, sRGB-encoded, 0…1.
    public var blue: Float
    /// Opacity, 0 (transparent) … 1 (opaque).
    public var alpha: Float

    /// A colour from straight sRGB components in 0…1 (stored as given; kernels clamp).
    @inlinable
    public init(red: Float, green: Float, blue: Float, alpha: Float = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// A colour from a 32-bit 0xRRGGBBAA value.
    public init(rgba: UInt32) {
        self.init(red: Float((rgba >> 24) & 0xFF) / 255, green: Float((rgba >> 16) & 0xFF) / 255,
                  blue: Float((rgba >> 8) & 0xFF) / 255, alpha: Float(rgba & 0xFF) / 255)
    }

    /// A colour from `#RRGGBB` or `#RRGGBBAA` (hex digits in either case; the `#` is required).
    /// Throws `RasterError.malformedColor` for anything else.
    public init(hex: String) throws(RasterError) {
        let digits = Array(hex.utf8)
        guard digits.first == UInt8(ascii: "#"), digits.count == 7 || digits.count == 9 else {
            throw RasterError.malformedColor(hex)
        }
        var value: UInt32 = 0
        for d in digits.dropFirst() {
            let nibble: UInt8
            switch d {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = d - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = d - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = d - UInt8(ascii: "A") + 10
            default: throw RasterError.malformedColor(hex)
            }
            value = value << 4 | UInt32(nibble)
        }
        self.init(rgba: digits.count == 7 ? value << 8 | 0xFF : value)
    }

    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// Fully transparent black.
    public static let transparent = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// True when every component is finite (NaN and ±∞ are rejected by kernels).
    public var isFinite: Bool { red.isFinite && green.isFinite && blue.isFinite && alpha.isFinite }

    /// The colour premultiplied and rounded to 8 bits, as (R, G, B, A) levels 0…255:
    /// `round(c × a × 255)` and `round(a × 255)`, components clamped to 0…1 first. Each colour
    /// level is ≤ the alpha level.
    public var premultiplied8: SIMD4<UInt8> {
        let a = Double(clamp01(alpha))
        // Written out rather than through a nested function: every solid-colour composite
        // converts its colour here, and the calls cost more than the arithmetic.
        return SIMD4(roundedLevel(Double(clamp01(red)) * a * 255), roundedLevel(Double(clamp01(green)) * a * 255),
                     roundedLevel(Double(clamp01(blue)) * a * 255), roundedLevel(a * 255))
    }

    /// `#RRGGBBAA` of the colour rounded to 8 bits per component.
    public var description: String {
        func hex2(_ c: Float) -> String {
            let v = Int((Double(clamp01(c)) * 255).rounded())
            let s = String(v, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + hex2(red) + hex2(green) + hex2(blue) + hex2(alpha)
    }
}

/// `x.rounded()` (half away from zero) as a level, for 0 ≤ x ≤ 255: the whole part by truncation
/// and one comparison of the exact remainder, since `rounded()` is a libm call on the x86-64
/// baseline and every solid-colour composite converts its colour this way.
@inline(__always) func roundedLevel(_ x: Double) -> UInt8 {
    let whole = UInt8(x)
    return x - Double(whole) >= 0.5 ? whole + 1 : whole
}

@inline(__always) func clamp01(_ v: Float) -> Float { v.isNaN ? 0 : min(max(v, 0), 1) }
@inline(__always) func clamp01(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
