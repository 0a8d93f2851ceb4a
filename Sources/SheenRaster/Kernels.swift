/// The one table that says which implementation each operation runs.
///
/// Every kernel in SheenRaster has a SIMD implementation and a plain scalar reference twin with
/// the same signature. Public entry points run the SIMD kernel unless the environment variable
/// `SHEEN_KERNELS=reference` is set when the process starts; Scripts/test.sh runs the whole test
/// suite both ways, so every test that checks a result through the public API also checks the
/// reference.
public enum Kernels {
    /// Which implementation public entry points run.
    public enum Implementation: String, Sendable {
        /// The optimised SIMD kernels (default).
        case simd
        /// The scalar reference twins (Double precision where the operation is defined in real
        /// numbers); slow, for testing and fuzzing.
        case reference
    }

    /// The implementation chosen for this process (read once from `SHEEN_KERNELS`).
    public static let current: Implementation = {
        environmentValue("SHEEN_KERNELS").flatMap(Implementation.init(rawValue:)) ?? .simd
    }()
}
