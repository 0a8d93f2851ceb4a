// The libFuzzer harness for the editable surfaces: random bytes become a text field, a secure
// field or a text view (multi-line) with its style, editing state and a placeholder, rendered into
// fenced buffers, queried (caret, tap, selection, graphemes), edited by one character and rendered
// again under AddressSanitizer (see FieldFuzzCase for the input layout and the invariants).
// Built by Scripts/fuzz.sh --target field; without FUZZING it replays saved inputs.

import SheenTestSupport

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzReplay.fuzzOne(data, size, check: { FuzzReplay.atInputLevel($0, check: FieldFuzzCase.failure) })
}
#else
@main
struct FuzzReplayMain {
    static func main() {
        FuzzReplay.run(tool: "sheen-fuzz-field", arguments: Array(CommandLine.arguments.dropFirst()), check: { FuzzReplay.atInputLevel($0, check: FieldFuzzCase.failure) })
    }
}
#endif
