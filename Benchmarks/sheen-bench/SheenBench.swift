import SheenRaster
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// sheen-bench: every kernel, single thread, with the memory-bandwidth references measured in
/// the same run. `--quick` is CI's smoke run (few repetitions, small sizes); `--json` prints one
/// JSON object per case; `--filter PREFIX` runs the cases whose names start with PREFIX.
@main
struct SheenBench {
    static let usage = """
    usage: sheen-bench [--quick] [--json] [--filter PREFIX] [--reps N] [--build LABEL] [--dump DIR]
                       [--save-baseline NAME] [--compare NAME [--threshold PCT] [--confirm N]]
                       [--simd LEVEL|all]
      --quick         few repetitions and small sizes (CI smoke test; still verifies outputs)
      --json          one JSON object per case on standard output
      --filter PREFIX only cases whose name starts with PREFIX (references always run)
      --reps N        timed repetitions per case (default 25, quick 3)
      --build LABEL   label recorded in JSON, e.g. default or v3
      --dump DIR      write the inputs and outputs of the peer-checked cases (W1, W1p, W2/W3,
                      W4, W5) to DIR as raw pixels with a manifest (Scripts/compare-peers.py)
      --save-baseline NAME  keep this run's medians as baseline NAME (bench/baselines/NAME.jsonl,
                      or NAME itself when it is a path)
      --compare NAME  compare each case's median with baseline NAME and exit 3 when one is more
                      than the threshold slower after re-measuring it
      --threshold PCT slower than this many percent is a regression (default 10)
      --confirm N     re-measure a case that looks slower up to N more times and keep its best
                      median before judging (default 2)
      --simd LEVEL    run every case at LEVEL (reference, portable, avx2, avx512; default: the
                      process's level, SHEEN_SIMD or the best this CPU runs); `all` runs every
                      level from portable up that this CPU runs, one pass each, in one run. Each
                      case reports the level its kernel ran at (a kernel without that level runs
                      at the best one below it)
    exit status: 0 fine, 1 a case produced wrong output, 2 bad arguments, 3 a regression
    """

    static func main() {
        var quick = false, json = false
        var filter: String? = nil, reps: Int? = nil, build = "default", dump: String? = nil
        var saveBaseline: String? = nil, compare: String? = nil, threshold = 0.10, confirm = 2
        var simd: String? = nil
        var args = CommandLine.arguments.dropFirst().makeIterator()
        while let a = args.next() {
            switch a {
            case "--quick": quick = true
            case "--json": json = true
            case "--filter": filter = args.next()
            case "--reps":
                guard let n = args.next().flatMap(Int.init), n >= 1 else { fail("--reps needs a whole number ≥ 1") }
                reps = n
            case "--build": build = args.next() ?? build
            case "--dump":
                guard let d = args.next(), !d.isEmpty else { fail("--dump needs a directory") }
                dump = d
            case "--save-baseline":
                guard let n = args.next(), !n.isEmpty else { fail("--save-baseline needs a name") }
                saveBaseline = n
            case "--compare":
                guard let n = args.next(), !n.isEmpty else { fail("--compare needs a baseline name") }
                compare = n
            case "--threshold":
                guard let t = args.next().flatMap(Double.init), t.isFinite, t > 0 else {
                    fail("--threshold needs a percentage > 0")
                }
                threshold = t / 100
            case "--confirm":
                guard let n = args.next().flatMap(Int.init), n >= 0 else { fail("--confirm needs a whole number ≥ 0") }
                confirm = n
            case "--simd":
                guard let l = args.next(), !l.isEmpty else { fail("--simd needs a level or all") }
                simd = l
            case "-h", "--help": print(usage); return
            default: fail("unknown argument \(a)")
            }
        }
        // Read the baseline first: a missing or broken one should fail before minutes of measuring.
        var baseline: [String: Double]? = nil
        if let compare {
            do { baseline = try Baseline.load(name: compare) } catch {
                fail("cannot read baseline \(Baseline.path(compare)): \(error)")
            }
        }
        let levels = simdLevels(simd)
        if levels.count > 1 && (dump != nil || saveBaseline != nil || compare != nil) {
            fail("--simd all cannot be combined with --dump, --save-baseline or --compare (one level per case name)")
        }
        let bench = Bench(quick: quick, reps: reps, filter: filter, json: json, build: build, dump: dump)
        if !json {
            emit("sheen-bench · build \(build) · \(bench.reps) repetitions, median [min–max] · single thread · "
                 + "levels \(levels.map(\.rawValue).joined(separator: ", ")) (CPU: \(Kernels.supported.map(\.rawValue).joined(separator: ", ")))")
        }
        for level in levels { runAll(bench, quick: quick, level: level) }
        if !bench.failures.isEmpty {
            emit("sheen-bench: \(bench.failures.count) case(s) produced wrong output", to: 2)
            exit(1)
        }
        if let saveBaseline {
            do { try Baseline.save(bench.reporter.results.map(bench.reporter.jsonLine), name: saveBaseline) } catch {
                fail("cannot write baseline \(Baseline.path(saveBaseline)): \(error)")
            }
            emit("saved baseline \(Baseline.path(saveBaseline))", to: json ? 2 : 1)
        }
        if let compare, let baseline {
            var changes = compareWithBaseline(bench.reporter.results, baseline: baseline)
            // Noise-aware: a case that looks slower is measured again; its best median counts.
            for _ in 0 ..< confirm {
                let suspects = Set(changes.filter { $0.isRegression(threshold: threshold) }.map(\.name))
                if suspects.isEmpty { break }
                let again = Bench(quick: quick, reps: reps, filter: nil, json: false, build: build, only: suspects, quiet: true)
                runAll(again, quick: quick, level: levels[0])
                if !again.failures.isEmpty {
                    emit("sheen-bench: \(again.failures.count) case(s) produced wrong output when measured again", to: 2)
                    exit(1)
                }
                for r in again.reporter.results {
                    if let i = changes.firstIndex(where: { $0.name == r.name }), suspects.contains(r.name) {
                        changes[i].current = min(changes[i].current, r.total.median)
                        changes[i].runs += 1
                    }
                }
            }
            let notRun = baseline.keys.filter { name in !changes.contains { $0.name == name } }.count
            for line in comparisonReport(changes, threshold: threshold, baselineName: compare, notRun: notRun) {
                emit(line, to: json ? 2 : 1)
            }
            if changes.contains(where: { $0.isRegression(threshold: threshold) }) { exit(3) }
        }
    }

    /// The levels `--simd` asks for (nil: the process's level); fails on a level this CPU lacks.
    static func simdLevels(_ argument: String?) -> [SIMDLevel] {
        guard let argument else { return [Kernels.current] }
        if argument == "all" { return Kernels.supported.filter { $0 >= .portable } }
        guard let level = SIMDLevel(rawValue: argument) else {
            fail("--simd \(argument): not one of \(SIMDLevel.allCases.map(\.rawValue).joined(separator: ", ")), all")
        }
        guard Kernels.supported.contains(level) else {
            fail("--simd \(argument): this CPU runs only \(Kernels.supported.map(\.rawValue).joined(separator: ", "))")
        }
        return [level]
    }

    /// Every case group, in the published order, at `level`.
    static func runAll(_ bench: Bench, quick: Bool, level: SIMDLevel) {
        bench.level = level
        try! Kernels.withLevel(level) { runAll(bench, quick: quick) }
    }

    private static func runAll(_ bench: Bench, quick: Bool) {
        let (w, h) = quick ? (480, 270) : (1920, 1080)
        let (sw, sh) = quick ? (128, 32) : (512, 128)
        bench.runReferences(width: w, height: h)
        bench.runReferences(width: sw, height: sh)
        bench.runGradients(width: w, height: h,
                           shapes: ["linear.horizontal", "linear.vertical", "linear.angled30", "radial", "conic"])
        bench.runGradients(width: sw, height: sh, shapes: ["linear.horizontal", "linear.vertical", "linear.angled30"])
        bench.runPatternQuestion(width: w, height: h)
        bench.runComposites(width: w, height: h)
        bench.runBlurs(width: w, height: h, labelWidth: quick ? 256 : 1024, labelHeight: quick ? 40 : 160)
        bench.runText()
        bench.runLabels()
    }

    static func fail(_ message: String) -> Never {
        emit("sheen-bench: \(message)\n\(usage)", to: 2)
        exit(2)
    }
}
