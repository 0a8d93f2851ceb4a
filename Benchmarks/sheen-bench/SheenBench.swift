import ArgumentParser
import SheenRaster
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// sheen-bench: every kernel, single thread, with the memory-bandwidth references measured in
/// the same run. `--quick` is CI's smoke run (few repetitions, small sizes); `--json` prints one
/// JSON object per case; `--filter PREFIX` runs the cases whose names start with PREFIX.
/// Exit status as `sheen`'s (sysexits.h): 0 fine, 1 a case produced wrong output, 3 a regression,
/// 64 bad arguments or input (a filter that matches no case, an unreadable baseline), 73 an output
/// that cannot be created, 74 one that failed part-way.
@main
struct SheenBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sheen-bench",
        abstract: "Measure every Sheen kernel (Mpix/s, labels/s) beside memset and memcpy of the same run.",
        discussion: """
        Single thread. Every case verifies its output; a wrong result fails the run.

        Exit status: 0 fine, 1 a case produced wrong output, 3 a regression against --compare, 64 bad arguments or input (a --filter that matches no case, an unreadable baseline), 73 an output (--dump, --save-baseline) that cannot be created, 74 one that failed part-way. (Releases up to 0.6.0 exited 2 for bad arguments.)
        """,
        version: Sheen.version
    )

    @Flag(help: "Few repetitions and small sizes (CI's smoke test; still verifies outputs).") var quick = false
    @Flag(help: "One JSON object per case on standard output.") var json = false
    @Option(help: "Only cases whose name starts with PREFIX (the references always run).") var filter: String?
    @Option(help: "Timed repetitions per case (default 25, quick 3).") var reps: Int?
    @Option(help: "Label recorded in JSON, e.g. default or v3.") var build = "default"
    @Option(help: "Write the inputs and outputs of the peer-checked cases to DIR as raw pixels with a manifest (Scripts/compare-peers.py).")
    var dump: String?
    @Option(name: .customLong("save-baseline"),
            help: "Keep this run's medians as baseline NAME (bench/baselines/NAME.jsonl, or NAME itself when it is a path).")
    var saveBaseline: String?
    @Option(help: "Compare each case's median with baseline NAME; exit 3 when one is more than the threshold slower after re-measuring it.")
    var compare: String?
    @Option(help: "Slower than this many percent is a regression.") var threshold = 10.0
    @Option(help: "Re-measure a case that looks slower up to N more times and keep its best median before judging.") var confirm = 2
    @Option(help: """
        Run every case at LEVEL (reference, simd128, avx2, avx512; portable is simd128's old name; default: SHEEN_SIMD or the \
        best this CPU runs); `all` runs every level from simd128 up that this CPU runs, one pass each. Each case reports the level its kernel ran at.
        """)
    var simd: String?

    func validate() throws {
        if let reps, reps < 1 { throw ValidationError("--reps needs a whole number ≥ 1") }
        guard threshold.isFinite, threshold > 0 else { throw ValidationError("--threshold needs a percentage > 0") }
        guard confirm >= 0 else { throw ValidationError("--confirm needs a whole number ≥ 0") }
        for (option, value) in [("--filter", filter), ("--dump", dump), ("--save-baseline", saveBaseline), ("--compare", compare),
                                ("--simd", simd)] where value?.isEmpty == true {
            throw ValidationError("\(option) needs a value")
        }
    }

    /// Bad arguments exit 64 (EX_USAGE, as `sheen` does), with the message and the usage.
    static func main() {
        let command: SheenBench
        do {
            command = try parse()
        } catch {
            if exitCode(for: error) == .success {   // --help, --version
                print(fullMessage(for: error))
                terminate(0)
            }
            fail(message(for: error))
        }
        command.measure()
    }

    func measure() {
        let threshold = self.threshold / 100
        // Read the baseline first: a missing or broken one should fail before minutes of measuring.
        var baseline: [String: Double]? = nil
        if let compare {
            do { baseline = try Baseline.load(name: compare) } catch {
                Self.fail("cannot read baseline \(Baseline.path(compare)): \(error)")
            }
        }
        let levels = Self.simdLevels(simd)
        if levels.count > 1 && (dump != nil || saveBaseline != nil || compare != nil) {
            Self.fail("--simd all cannot be combined with --dump, --save-baseline or --compare (one level per case name)")
        }
        let bench = Bench(quick: quick, reps: reps, filter: filter, json: json, build: build, dump: dump)
        if !json {
            emit("sheen-bench · build \(build) · \(bench.reps) repetitions, median [p10–p90] · single thread · \(Machine.description) · "
                 + "levels \(levels.map(\.rawValue).joined(separator: ", ")) (CPU: \(Kernels.supported.map(\.rawValue).joined(separator: ", ")))")
        }
        for level in levels { Self.runAll(bench, quick: quick, level: level) }
        // A filter that selects nothing is a mistake (a typo, a renamed case), not an empty success.
        if let filter, !bench.reporter.results.contains(where: { $0.name.hasPrefix(filter) && !$0.name.hasPrefix("reference.") }) {
            Self.fail("--filter \(filter) matches no case (names start with gradient., pattern., composite., blur., text., label.)")
        }
        if !bench.failures.isEmpty {
            emit("sheen-bench: \(bench.failures.count) case(s) produced wrong output", to: 2)
            Self.terminate(1)
        }
        if let saveBaseline {
            do { try Baseline.save(bench.reporter.results.map(bench.reporter.jsonLine), name: saveBaseline) } catch {
                Self.fail("cannot write baseline \(Baseline.path(saveBaseline)): \(error)", status: 73)
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
                Self.runAll(again, quick: quick, level: levels[0])
                if !again.failures.isEmpty {
                    emit("sheen-bench: \(again.failures.count) case(s) produced wrong output when measured again", to: 2)
                    Self.terminate(1)
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
            if changes.contains(where: { $0.isRegression(threshold: threshold) }) { Self.terminate(3) }
        }
    }

    /// The levels `--simd` asks for (nil: the process's level); fails on a level this CPU lacks.
    static func simdLevels(_ argument: String?) -> [SIMDLevel] {
        guard let argument else { return [Kernels.current] }
        if argument == "all" { return Kernels.supported.filter { $0 >= .simd128 } }
        guard let level = SIMDLevel(named: argument) else {
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
        try! Kernels.withLevel(level) { Self.runAll(bench, quick: quick) }
    }

    private static func runAll(_ bench: Bench, quick: Bool) {
        let (w, h) = quick ? (480, 270) : (1920, 1080)
        let (sw, sh) = quick ? (128, 32) : (512, 128)
        bench.runReferences(width: w, height: h)
        bench.runReferences(width: sw, height: sh)
        bench.runGradients(width: w, height: h,
                           shapes: ["linear.horizontal", "linear.vertical", "linear.angled30", "linear.angled30.straight", "radial", "conic"])
        bench.runGradients(width: sw, height: sh, shapes: ["linear.horizontal", "linear.vertical", "linear.angled30"])
        bench.runPatternQuestion(width: w, height: h)
        bench.runComposites(width: w, height: h)
        bench.runBlurs(width: w, height: h, labelWidth: quick ? 256 : 1024, labelHeight: quick ? 40 : 160)
        // The same work at 3840×2160 (33 MB a RGBA buffer: beyond the last-level cache of the
        // machines measured), to show what a DRAM-bound machine sees.
        let (lw, lh) = quick ? (960, 540) : (3840, 2160)
        bench.runReferences(width: lw, height: lh)
        bench.runGradients(width: lw, height: lh,
                           shapes: ["linear.horizontal", "linear.vertical", "linear.angled30", "linear.angled30.straight", "radial", "conic"])
        bench.runComposites(width: lw, height: lh, large: true)
        bench.runBlurs(width: lw, height: lh, labelWidth: 0, labelHeight: 0, large: true)
        bench.runText()
        bench.runLabels()
        bench.runLongInputs()
        bench.runEditingQueries()
        // Last: its canvases and 10,000-glyph runs would otherwise change what the heap hands the
        // whole-frame cases after it.
        bench.runSmallCalls(width: w, height: h, calls: quick ? 1_000 : 10_000)
    }

    /// Ends the run with "sheen-bench: MESSAGE" on standard error: bad arguments or input exit 64
    /// with the usage after the message; an output that cannot be created (`status` 73) or failed
    /// part-way (74) exit with that status and no usage.
    static func fail(_ message: String, status: Int32 = 64) -> Never {
        emit("sheen-bench: \(message)\n" + (status == 64 ? Self.usageString() : ""), to: 2)
        terminate(status)
    }

    /// Ends the process with `code` (ParsableCommand's own `exit` reports an error instead).
    static func terminate(_ code: Int32) -> Never {
        #if canImport(Glibc)
        Glibc.exit(code)
        #else
        Darwin.exit(code)
        #endif
    }
}
