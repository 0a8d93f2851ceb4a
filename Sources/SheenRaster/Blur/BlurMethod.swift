import CSheenSIMD

// Which algorithm a blur runs is decided by σ alone, never by the kernel level, so every level
// computes the same bits. Small σ: a direct convolution in 16-bit integers, whose cost grows with
// the radius; larger σ: Deriche's recursion, whose cost does not. The limit is the measured
// crossover of the two (bench/kernel-notes.md, "Blur").

/// How a blur filters: each case is named after the kernel that runs it.
enum BlurMethod: Sendable {
    /// `blur_convolution`: both axes by direct convolution with `BlurTaps` (σ ≤
    /// `GaussianBlur.convolutionSigmaLimit`).
    case convolution
    /// `blur_strip`: both axes by Deriche's recursion (`BlurLine`), strips of values at a time.
    case strip

    /// The kernel that runs this method (its `Kernels.table` name, from SheenKernels.h).
    var kernelName: String {
        String(cString: sheen_simd_kernel_name(UInt32(self == .convolution ? SHEEN_KERNEL_blur_convolution : SHEEN_KERNEL_blur_strip)))
    }
}

extension GaussianBlur {
    /// Largest σ, in pixels, filtered by direct convolution (both axes at or below it); above,
    /// the recursion.
    static let convolutionSigmaLimit = 3.0

    /// The method this blur runs.
    var method: BlurMethod { max(sigmaX, sigmaY) <= Self.convolutionSigmaLimit ? .convolution : .strip }

    /// The kernel this blur runs, as `Kernels.table` names it: `blur_convolution` when both σ are
    /// at most 3 px, `blur_strip` (the recursive Gaussian, whose cost does not grow with σ) above.
    public var kernel: String { method.kernelName }
}

/// floor(a · w / 65536), the high half of a 16-bit product (pmulhuw).
@inline(__always) func mulhi(_ a: UInt16, _ w: UInt16) -> UInt16 {
    UInt16(truncatingIfNeeded: (UInt32(a) &* UInt32(w)) &>> 16)
}

/// (a + b + 1) / 2, the rounded average (pavgw).
@inline(__always) func average(_ a: UInt16, _ b: UInt16) -> UInt16 {
    UInt16(truncatingIfNeeded: (UInt32(a) &+ UInt32(b) &+ 1) &>> 1)
}
