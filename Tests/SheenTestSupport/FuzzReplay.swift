import Foundation
import SheenRaster

/// The replay side of a libFuzzer harness: without the fuzzer, a harness executable re-runs saved
/// inputs (crash files, a corpus directory) through the same check and exits non-zero on the first
/// failure, printing what the check reported.
public enum FuzzReplay {
    /// The kernel a fuzz run focuses on (`Scripts/fuzz.sh --kernel NAME` sets SHEEN_FUZZ_KERNEL):
    /// a harness steers each input towards it and skips inputs its library call would not run
    /// it for. nil (unset): every kernel the harness covers. A harness given a kernel it does not
    /// cover stops at once (see `requireKernel(in:)`).
    public static let kernel: String? = {
        guard let value = getenv("SHEEN_FUZZ_KERNEL"), value.pointee != 0 else { return nil }
        return String(cString: value)
    }()

    /// Stops the process, naming `kernels`, when SHEEN_FUZZ_KERNEL names a kernel not among them.
    public static func requireKernel(in kernels: [String], harness: String) {
        if let kernel, !kernels.contains(kernel) {
            fatalError("\(harness) fuzzes \(kernels.joined(separator: ", ")); SHEEN_FUZZ_KERNEL=\(kernel) is not one of them")
        }
    }

    /// One libFuzzer input through `check`: a failure aborts with its description, which
    /// libFuzzer records as a crash (the harness's `LLVMFuzzerTestOneInput` calls this).
    public static func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int, check: ([UInt8]) -> String?) -> CInt {
        if let failure = check(Array(UnsafeBufferPointer(start: data, count: size))) { fatalError(failure) }
        return 0
    }

    /// Large-input mode (SHEEN_FUZZ_LARGE=1, `Scripts/fuzz.sh --large`): the text and label
    /// harnesses grow each input's text (`grown`) to as much as 1 MiB, where costs that grow
    /// faster than the text — and limits that only matter at size — show. A finding made in this
    /// mode replays with the variable set.
    public static let largeInputs = ProcessInfo.processInfo.environment["SHEEN_FUZZ_LARGE"] == "1"

    /// In large-input mode, `text` repeated (a single "a" for an empty one) to 2^(10 + b mod 11)
    /// UTF-16 units — 1 Ki to 1 Mi, `b` a byte of the input — cut at a unit boundary; otherwise
    /// `text` as it is.
    public static func grown(_ text: [UInt16], by b: UInt8) -> [UInt16] {
        guard largeInputs else { return text }
        let seed = text.isEmpty ? [0x61] : text
        let length = 1 << (10 + Int(b) % 11)
        var out: [UInt16] = []
        out.reserveCapacity(length)
        while out.count < length { out += seed.prefix(length - out.count) }
        return out
    }

    /// Runs `check` on `bytes` at the kernel level the input picks among the SIMD levels this CPU
    /// runs (`comparedLevels`: simd128, avx2, avx512), chosen by the input's length, so a fuzzer whose inputs
    /// are too costly to run at every level (text, labels) still reaches every level's kernels
    /// across its corpus, and a replay of the same input runs the same level. The level is named
    /// in the failure.
    public static func atInputLevel(_ bytes: [UInt8], check: ([UInt8]) -> String?) -> String? {
        let levels = comparedLevels
        let level = levels[bytes.count % levels.count]
        let failure: String?
        do {
            failure = try Kernels.withLevel(level) { check(bytes) }
        } catch {
            return "level \(level) unavailable: \(error)"
        }
        return failure.map { "at level \(level): \($0)" }
    }

    /// Replays every file named in `arguments` (directories: every file inside, sorted).
    /// `check` returns nil when an input passes, else a description of the failure.
    public static func run(tool: String, arguments: [String], check: ([UInt8]) -> String?) -> Never {
        if arguments.isEmpty {
            print("usage: \(tool) FILE|DIRECTORY… — replays fuzzer inputs through the harness's check")
            exit(2)
        }
        var count = 0
        for path in arguments {
            var files = [path]
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                files = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { path + "/" + $0 }
            }
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else {
                    print("cannot read \(file)"); exit(2)
                }
                count += 1
                if let failure = check([UInt8](data)) {
                    print("FAIL \(file)\n  \(failure)")
                    exit(1)
                }
            }
        }
        print("replayed \(count) inputs: all passed")
        exit(0)
    }
}
