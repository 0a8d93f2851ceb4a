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
    usage: sheen-bench [--quick] [--json] [--filter PREFIX] [--reps N] [--build LABEL]
      --quick         few repetitions and small sizes (CI smoke test; still verifies outputs)
      --json          one JSON object per case on standard output
      --filter PREFIX only cases whose name starts with PREFIX (references always run)
      --reps N        timed repetitions per case (default 25, quick 3)
      --build LABEL   label recorded in JSON, e.g. default or v3
    """

    static func main() {
        var quick = false, json = false
        var filter: String? = nil, reps: Int? = nil, build = "default"
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
            case "-h", "--help": print(usage); return
            default: fail("unknown argument \(a)")
            }
        }
        let bench = Bench(quick: quick, reps: reps, filter: filter, json: json, build: build)
        let (w, h) = quick ? (480, 270) : (1920, 1080)
        let (sw, sh) = quick ? (128, 32) : (512, 128)
        if !json { emit("sheen-bench · build \(build) · \(bench.reps) repetitions, median [min–max] · single thread") }
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
        if !bench.failures.isEmpty {
            emit("sheen-bench: \(bench.failures.count) case(s) produced wrong output", to: 2)
            exit(1)
        }
    }

    static func fail(_ message: String) -> Never {
        emit("sheen-bench: \(message)\n\(usage)", to: 2)
        exit(2)
    }
}
