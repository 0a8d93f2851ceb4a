import SheenRaster
import SheenTestSupport

/// Settings and collected results of one sheen-bench run.
final class Bench {
    /// `--quick`: few repetitions and small sizes.
    let quick: Bool
    let warmup: Int
    let reps: Int
    let filter: String?
    let json: Bool
    var reporter: Reporter
    var failures: [String] = []
    /// Where `--dump` writes the checked cases' pixels (nil: not dumping).
    let dumper: Dumper?

    /// Exactly these cases (and the references), for re-measuring suspects; nil: use `filter`.
    let only: Set<String>?
    /// Records results without printing them (confirmation re-runs).
    let quiet: Bool
    /// The level the current pass asks for (`--simd`).
    var level: SIMDLevel = Kernels.current

    init(quick: Bool, reps: Int?, filter: String?, json: Bool, build: String, dump: String? = nil,
         only: Set<String>? = nil, quiet: Bool = false) {
        dumper = dump.map { Dumper(directory: $0) }
        self.only = only
        self.quiet = quiet
        self.quick = quick
        warmup = quick ? 1 : 3
        self.reps = reps ?? (quick ? 3 : 25)
        self.filter = filter
        self.json = json
        reporter = Reporter(build: build)
    }

    /// Whether a case is selected; references always run, since every ratio needs them.
    func wants(_ name: String) -> Bool {
        if let only { return only.contains(name) || name.hasPrefix("reference.") }
        guard let f = filter else { return true }
        return name.hasPrefix(f) || name.hasPrefix("reference.")
    }

    /// Whether some case whose name starts with `prefix` may be selected (to skip making the
    /// inputs of a group none of whose cases runs).
    func wantsAny(prefix: String) -> Bool {
        if let only { return only.contains { $0.hasPrefix(prefix) } }
        guard let f = filter else { return true }
        return f.hasPrefix(prefix) || prefix.hasPrefix(f)
    }

    /// Dumps `buffer` as `role` of `caseName` when `--dump` was given.
    func dump(_ caseName: String, _ role: String, _ buffer: RasterBuffer) {
        dumper?.write(caseName, role, buffer)
    }

    func record(_ r: CaseResult, kernel: CaseKernel) {
        var r = r
        switch kernel {
        case let .one(name):
            r.kernel = name
            r.level = Kernels.level(of: name, at: level)?.rawValue
            check(r.level != nil, "\(r.name): no kernel \(name) in Kernels.table")
        case .several: r.level = level.rawValue
        case .none: break
        }
        reporter.results.append(r)
        if !quiet { emit(json ? reporter.jsonLine(r) : reporter.tableLine(r)) }
    }

    /// A wrong fast path must fail instead of winning: each case checks its output.
    func check(_ ok: Bool, _ what: @autoclosure () -> String) {
        if !ok {
            let message = "VERIFY FAILED: " + what()
            failures.append(message)
            emit(message, to: 2)
        }
    }
}

/// Checks a deterministic sample of pixels (corners, edges, a scattered grid) of a 32-bit buffer
/// against `expected` (premultiplied RGBA levels), each channel within `tolerance` levels.
func verifySample(_ buffer: RasterBuffer, tolerance: Double, _ expected: (Int, Int) -> SIMD4<Double>) -> Bool {
    for (x, y) in samplePoints(width: buffer.width, height: buffer.height, random: 1500) {
        let p = buffer.row(y).loadUnaligned(fromByteOffset: x * 4, as: SIMD4<UInt8>.self)
        let rgba = buffer.format.rgbaOrder(p)
        let e = expected(x, y)
        for c in 0 ..< 4 where abs(Double(rgba[c]) - e[c]) > tolerance { return false }
    }
    return true
}

/// The pixels a verification samples: the four corners, the centre and `random` more from the
/// seeded generator (the same points in every run).
func samplePoints(width w: Int, height h: Int, random: Int) -> [(Int, Int)] {
    var points = [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1), (w / 2, h / 2)]
    var rng = SeededGenerator(seed: 0x9E37_79B9_7F4A_7C15)
    for _ in 0 ..< random { points.append((Int.random(in: 0 ..< w, using: &rng), Int.random(in: 0 ..< h, using: &rng))) }
    return points
}

/// The kernels a case measures, as it declares them: one (named as in `Kernels.table`; the case
/// records it and the level it ran at), several (a label: compositing, gradients, blur; the level
/// asked for is recorded) or none (the bandwidth references, text layout).
enum CaseKernel {
    case one(String)
    case several
    case none
}
