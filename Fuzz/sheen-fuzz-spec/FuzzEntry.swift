// The libFuzzer harness for label specs: random bytes as a JSON document through SheenLabel's
// own JSON parser and spec reader (what `sheen_label_create_from_spec` runs on a C caller's
// bytes), under AddressSanitizer (see SpecFuzzCase for the invariants). Built by
// Scripts/fuzz.sh --target spec; without FUZZING it replays saved inputs.

import SheenTestSupport

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzReplay.fuzzOne(data, size, check: SpecFuzzCase.failure)
}
#else
@main
struct FuzzReplayMain {
    static func main() {
        FuzzReplay.run(tool: "sheen-fuzz-spec", arguments: Array(CommandLine.arguments.dropFirst()), check: SpecFuzzCase.failure)
    }
}
#endif
