/// An instruction-set level a kernel can run at, from the plainest to the widest.
///
/// - `reference`: the scalar Swift twin of every kernel (Double where the operation is defined in
///   real numbers); slow, the oracle every other level must equal bit for bit.
/// - `simd128`: C kernels built for 128-bit vectors: SSE4.2 (x86-64-v2) on x86-64, ASIMD (NEON) on
///   AArch64, the baseline target the package is compiled for on any other CPU; what every CPU
///   without AVX2 runs.
/// - `avx2`: C kernels built for x86-64-v3 (AVX2, FMA, BMI2), chosen at run time.
/// - `avx512`: C kernels built for x86-64-v4 (AVX-512 F/BW/VL/DQ), chosen at run time.
///
/// Up to release 0.6.0 the level below `avx2` was `portable` (Swift SIMD kernels); that name is
/// still accepted, as `simd128`, by `SHEEN_SIMD`, `sheen-bench --simd` and `SIMDLevel(named:)`
/// for one more release.
public enum SIMDLevel: String, CaseIterable, Sendable, Hashable, Comparable, CustomStringConvertible {
    case reference, simd128, avx2, avx512

    /// The 128-bit level's old name.
    @available(*, deprecated, renamed: "simd128", message: "the Swift SIMD level became the 128-bit C level")
    public static var portable: SIMDLevel { .simd128 }

    /// The level named `name` as `SHEEN_SIMD` and `sheen-bench --simd` spell it, `portable` (the
    /// old name of `simd128`) included; nil for any other name.
    public init?(named name: String) {
        if name == "portable" { self = .simd128 } else if let level = SIMDLevel(rawValue: name) { self = level } else { return nil }
    }

    /// Levels compare in the order above: `reference < simd128 < avx2 < avx512`.
    public static func < (a: SIMDLevel, b: SIMDLevel) -> Bool { a.ordinal < b.ordinal }

    /// The level's position in `allCases` (no array is built to find it: comparisons run per call).
    var ordinal: Int {
        switch self {
        case .reference: 0
        case .simd128: 1
        case .avx2: 2
        case .avx512: 3
        }
    }

    /// The level's name as `SHEEN_SIMD` and `sheen-bench --simd` spell it.
    public var description: String { rawValue }
}
