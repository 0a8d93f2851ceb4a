// The libFuzzer harness for labels: random bytes become a label's options (with NaN, ±∞, 1e300,
// Int.min, Int.max and the limits one byte away), an animation to a second label, and text
// placements at extreme regions and origins, rendered into fenced buffers under
// AddressSanitizer (see LabelFuzzCase for the input layout and the invariants). Built by
// Scripts/fuzz.sh --target label; without FUZZING it replays saved inputs.

import SheenTestSupport

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzReplay.fuzzOne(data, size, check: { FuzzReplay.atInputLevel($0, check: LabelFuzzCase.failure) })
}
#else
@main
struct FuzzReplayMain {
    static func main() {
        FuzzReplay.run(tool: "sheen-fuzz-label", arguments: Array(CommandLine.arguments.dropFirst()), check: { FuzzReplay.atInputLevel($0, check: LabelFuzzCase.failure) })
    }
}
#endif
