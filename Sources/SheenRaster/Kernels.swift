import CSheenSIMD
import Synchronization

/// The kernels, the levels they run at, and the level calls run at.
///
/// Every kernel has one name — its row in CSheenSIMD's `SheenKernels.h`, which `table` is read
/// from — used by all its implementations, its reference twin, its tests, its sheen-bench cases
/// and its fuzz target (`Scripts/fuzz.sh --kernel NAME`). Every kernel is built at every level:
/// each level fills every entry of the dispatch table (`KernelTable`), and a call runs at the
/// level asked for — the process's level, or a scoped one.
///
/// The process's level is the best this CPU supports, unless the environment variable
/// `SHEEN_SIMD=reference|simd128|avx2|avx512` (`portable`: the old name of `simd128`) says
/// otherwise when the process starts. Asking for a level the CPU lacks (or an unknown name) never
/// runs foreign instructions: every public entry point then throws
/// `RasterError.simdLevelUnavailable`. `Kernels.withLevel(_:_:)` runs a closure at another level
/// (tests and benchmarks compare levels this way).
public enum Kernels {
    /// One kernel: its name, what it computes, the dispatch entry that runs it and its levels.
    public struct Entry: Sendable, Hashable {
        /// The kernel's name, in pixman's operand notation where it has one
        /// (`over_n_8_8888`: sourceOver, solid paint, A8 mask, 32-bit destination).
        public let name: String
        /// What it computes.
        public let summary: String
        /// The entry of each level's dispatch table that runs it (`composite`, `gradient_span`,
        /// `blur`, `fill_rows`, `copy_rows`, `check_premultiplied`, `sample_bilinear`,
        /// `sample_convolution`); an entry that runs several kernels picks by its job.
        public let entry: String
        /// The levels it is built at, `reference` first: every level.
        public let levels: [SIMDLevel]
    }

    /// Every kernel, in SheenKernels.h's order.
    public static let table: [Entry] = (0 ..< UInt32(SHEEN_KERNEL_COUNT)).map { k in
        Entry(name: String(cString: sheen_simd_kernel_name(k)), summary: String(cString: sheen_simd_kernel_summary(k)),
              entry: String(cString: sheen_simd_kernel_entry(k)), levels: KernelTable.all.map(\.level))
    }

    /// The levels this CPU runs, in order: always `reference`; `simd128` on every CPU but an
    /// x86-64 without SSE4.2 (none in service); `avx2` and `avx512` where the CPU has them.
    public static let supported: [SIMDLevel] = {
        var levels: [SIMDLevel] = [.reference]
        if sheen_simd_cpu_supports(Int32(SHEEN_SIMD_128)) != 0 { levels.append(.simd128) }
        if sheen_simd_cpu_supports(Int32(SHEEN_SIMD_AVX2)) != 0 { levels.append(.avx2) }
        if sheen_simd_cpu_supports(Int32(SHEEN_SIMD_AVX512)) != 0 { levels.append(.avx512) }
        return levels
    }()

    /// The best level this CPU runs.
    public static var best: SIMDLevel { supported.last! }

    /// The process's level: `SHEEN_SIMD` when set (checked: an unknown name or a level this CPU
    /// lacks is kept as an error every entry point throws), otherwise `best`.
    static let processLevel = resolve(environment: environmentValue("SHEEN_SIMD"))

    /// The level a `SHEEN_SIMD` value asks for: `best` when unset or empty, else that level if
    /// this CPU runs it, else the error entry points throw.
    static func resolve(environment value: String?) -> Result<SIMDLevel, RasterError> {
        guard let value, !value.isEmpty else { return .success(best) }
        return checked(SIMDLevel(named: value), spelled: value)
    }

    @TaskLocal static var scopedLevel: SIMDLevel?

    /// The level calls on this thread or task run at: the innermost `withLevel`, else the
    /// process's level (`best` when `SHEEN_SIMD` is unusable; entry points throw in that case).
    public static var current: SIMDLevel { scopedLevel ?? (try? processLevel.get()) ?? best }

    /// How many `withLevel` scopes are running, on any thread. While none is, no task-local
    /// level can be set, so `requestedLevel` skips the task-local look-up a small call would
    /// otherwise pay for.
    private static let openScopes = Atomic<Int>(0)

    /// The level to run at, or `RasterError.simdLevelUnavailable` when `SHEEN_SIMD` asked for
    /// one this CPU lacks. Every public entry point calls this before touching a pixel.
    package static func requestedLevel() throws(RasterError) -> SIMDLevel {
        if openScopes.load(ordering: .relaxed) != 0, let scopedLevel { return scopedLevel }
        return try processLevel.get()
    }

    /// Runs `body` with every kernel call on this thread or task at `level`. Throws
    /// `RasterError.simdLevelUnavailable` (without running `body`) when this CPU lacks it.
    public static func withLevel<R>(_ level: SIMDLevel, _ body: () throws -> R) throws -> R {
        let level = try checked(level, spelled: level.rawValue).get()
        openScopes.add(1, ordering: .relaxed)
        defer { openScopes.subtract(1, ordering: .relaxed) }
        return try $scopedLevel.withValue(level) { try body() }
    }

    /// The level kernel `name` runs at when `requested` is asked for: the best level at or below
    /// `requested` that it is built at — `requested` itself, since every kernel is built at every
    /// level (nil for an unknown name).
    public static func level(of name: String, at requested: SIMDLevel = current) -> SIMDLevel? {
        guard let entry = table.first(where: { $0.name == name }) else { return nil }
        return entry.levels.last { $0 <= requested }
    }

    private static func checked(_ level: SIMDLevel?, spelled: String) -> Result<SIMDLevel, RasterError> {
        guard let level, supported.contains(level) else {
            return .failure(.simdLevelUnavailable(requested: spelled, supported: supported.map(\.rawValue)))
        }
        return .success(level)
    }
}
