// Colour-space conversions, in Double: the sRGB transfer function (IEC 61966-2-1) and OKLab as
// Björn Ottosson defined it (2020), whose published matrices are used verbatim. These feed the
// gradient references and the gradient lookup tables, never a per-pixel hot loop.

/// The colour spaces Sheen converts between. `sRGB` components are gamma-encoded, `linearSRGB`
/// components are linear light with sRGB primaries, `oklab` is (L, a, b) with L in 0…1.
public enum ColorSpace: String, Sendable, Hashable, CaseIterable {
    /// Gamma-encoded sRGB, what CSS and CAGradientLayer interpolate in by default.
    case sRGB
    /// Linear-light sRGB: physically additive light.
    case linearSRGB
    /// OKLab: perceptually uniform lightness and hue; midpoints of saturated pairs stay vivid.
    case oklab
}

/// sRGB transfer: encoded component → linear light (both nominally 0…1; extended symmetrically).
@inlinable
public func srgbToLinear(_ c: Double) -> Double {
    let a = abs(c)
    let l = a <= 0.04045 ? a / 12.92 : libmPow((a + 0.055) / 1.055, 2.4)
    return c < 0 ? -l : l
}

/// Inverse sRGB transfer: linear light → encoded component (extended symmetrically).
@inlinable
public func linearToSRGB(_ l: Double) -> Double {
    let a = abs(l)
    let c = a <= 0.0031308 ? a * 12.92 : 1.055 * libmPow(a, 1 / 2.4) - 0.055
    return l < 0 ? -c : c
}

/// Linear sRGB (r, g, b) → OKLab (L, a, b), Ottosson's M1, cube root, M2.
public func linearSRGBToOKLab(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
    let l = 0.4122214708 * rgb.x + 0.5363325363 * rgb.y + 0.0514459929 * rgb.z
    let m = 0.2119034982 * rgb.x + 0.6806995451 * rgb.y + 0.1073969566 * rgb.z
    let s = 0.0883024619 * rgb.x + 0.2817188376 * rgb.y + 0.6299787005 * rgb.z
    let l_ = libmCbrt(l), m_ = libmCbrt(m), s_ = libmCbrt(s)
    return SIMD3(0.2104542553 * l_ + 0.7936177850 * m_ - 0.0040720468 * s_,
                 1.9779984951 * l_ - 2.4285922050 * m_ + 0.4505937099 * s_,
                 0.0259040371 * l_ + 0.7827717662 * m_ - 0.8086757660 * s_)
}

/// OKLab (L, a, b) → linear sRGB (r, g, b); may leave 0…1 for colours outside the sRGB gamut.
public func okLabToLinearSRGB(_ lab: SIMD3<Double>) -> SIMD3<Double> {
    let l_ = lab.x + 0.3963377774 * lab.y + 0.2158037573 * lab.z
    let m_ = lab.x - 0.1055613458 * lab.y - 0.0638541728 * lab.z
    let s_ = lab.x - 0.0894841775 * lab.y - 1.2914855480 * lab.z
    let l = l_ * l_ * l_, m = m_ * m_ * m_, s = s_ * s_ * s_
    return SIMD3(+4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
                 -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
                 -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s)
}

extension Color {
    /// The colour's (r, g, b) in `space`: encoded sRGB, linear sRGB or OKLab (L, a, b).
    public func components(in space: ColorSpace) -> SIMD3<Double> {
        let srgb = SIMD3(Double(red), Double(green), Double(blue))
        switch space {
        case .sRGB: return srgb
        case .linearSRGB: return SIMD3(srgbToLinear(srgb.x), srgbToLinear(srgb.y), srgbToLinear(srgb.z))
        case .oklab: return linearSRGBToOKLab(components(in: .linearSRGB))
        }
    }

    /// A colour from components in `space` (see `components(in:)`) and an alpha; out-of-gamut
    /// results are clipped to 0…1 per channel in linear light.
    public init(_ space: ColorSpace, _ c: SIMD3<Double>, alpha: Float = 1) {
        let s = srgbFromComponents(space, c)
        self.init(red: Float(s.x), green: Float(s.y), blue: Float(s.z), alpha: alpha)
    }
}

/// Encoded sRGB (clipped to 0…1) from components in `space`.
@usableFromInline
func srgbFromComponents(_ space: ColorSpace, _ c: SIMD3<Double>) -> SIMD3<Double> {
    switch space {
    case .sRGB:
        return SIMD3(clamp01(c.x), clamp01(c.y), clamp01(c.z))
    case .linearSRGB:
        return SIMD3(linearToSRGB(clamp01(c.x)), linearToSRGB(clamp01(c.y)), linearToSRGB(clamp01(c.z)))
    case .oklab:
        return srgbFromComponents(.linearSRGB, okLabToLinearSRGB(c))
    }
}
