// The libFuzzer harness for compositing: each input is decoded into a CompositeCase (operator,
// formats, paint and coverage kinds, sizes, strides, offsets, pixel content) and the SIMD kernel
// is held to the scalar reference, fences and premultiplied validity; any disagreement aborts,
// which libFuzzer records as a crash. Built by Scripts/fuzz.sh with
//   swift build --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING
// Without FUZZING this file is a replay tool: `sheen-fuzz FILE…` re-runs saved inputs (crash
// files, the corpus) and exits non-zero on the first failure.

import SheenTestSupport

/// The kernels this harness fuzzes (`Scripts/fuzz.sh --kernel NAME` finds a kernel's harness here).
let kernels = ["over_n_8_8888", "composite_8888", "composite_8", "composite_double_8888", "over_ca_8888"]

/// Runs one input, steered towards SHEEN_FUZZ_KERNEL when set; returns the problems found
/// (empty: it passed). Each input is decoded as a CompositeCase and as a job through
/// component-alpha coverage (ComponentAlphaCase: over_ca_8888, which no public call reaches),
/// each held to its twin at every level; a named kernel runs only its own.
func runInput(_ bytes: [UInt8]) -> (String, [String]) {
    FuzzReplay.requireKernel(in: kernels, harness: "sheen-fuzz")
    var described: [String] = [], problems: [String] = []
    if FuzzReplay.kernel != "over_ca_8888" {
        let c = CompositeCase(fuzzInput: bytes, kernel: FuzzReplay.kernel)
        described.append("\(c)")
        problems += c.checkEveryLevel()
    }
    if FuzzReplay.kernel == nil || FuzzReplay.kernel == "over_ca_8888" {
        let a = ComponentAlphaCase(fuzzInput: bytes)
        described.append("\(a)")
        problems += a.check(levels: comparedLevels)
    }
    return (described.joined(separator: "; "), problems)
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let (c, problems) = runInput(Array(UnsafeBufferPointer(start: data, count: size)))
    if !problems.isEmpty {
        fatalError("\(c): \(problems)")
    }
    return 0
}
#else
@main
struct FuzzReplayMain {
    static func main() {
        FuzzReplay.run(tool: "sheen-fuzz", arguments: Array(CommandLine.arguments.dropFirst())) { bytes in
            let (c, problems) = runInput(bytes)
            return problems.isEmpty ? nil : "\(c)\n  \(problems.joined(separator: "\n  "))"
        }
    }
}
#endif
