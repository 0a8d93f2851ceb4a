/// An instruction-set level a kernel can run at, from the plainest to the widest.
///
/// - `reference`: the scalar Swift twin of every kernel (Double where the operation is defined in
///   real numbers); slow, the oracle every other level must equal bit for bit.
/// - `portable`: the Swift SIMD kernels, built for whatever the package is compiled for (SSE2 on
///   x86-64 by default, NEON on arm64); what every platform without a C level runs.
/// - `avx2`: C kernels built for x86-64-v3 (AVX2, FMA, BMI2), chosen at run time.
/// - `avx512`: C kernels built for x86-64-v4 (AVX-512 F/BW/VL), chosen at run time.
public enum SIMDLevel: String, CaseIterable, Sendable, Hashable, Comparable, CustomStringConvertible {
    case reference, portable, avx2, avx512

    /// Levels compare in the order above: `reference < portable < avx2 < avx512`.
    public static func < (a: SIMDLevel, b: SIMDLevel) -> Bool { a.ordinal < b.ordinal }

    /// The level's position in `allCases` (no array is built to find it: comparisons run per call).
    var ordinal: Int {
        switch self {
        case .reference: 0
        case .portable: 1
        case .avx2: 2
        case .avx512: 3
        }
    }

    /// The level's name as `SHEEN_SIMD` and `sheen-bench --simd` spell it.
    public var description: String { rawValue }
}
