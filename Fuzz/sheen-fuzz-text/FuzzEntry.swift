// The libFuzzer harness for text: random bytes become layout options, random UTF-16 text and
// (optionally) the font itself, run through fonts, shaping, bidi, line breaking, layout and
// rasterisation under AddressSanitizer (see TextFuzzCase for the input layout). Bad fonts must
// throw, never crash; the ink rectangle must equal the coverage's bounding box. Built by
// Scripts/fuzz.sh --target text; without FUZZING it replays saved inputs.

import SheenTestSupport

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzReplay.fuzzOne(data, size, check: { FuzzReplay.atInputLevel($0, check: TextFuzzCase.failure) })
}
#else
@main
struct FuzzReplayMain {
    static func main() {
        FuzzReplay.run(tool: "sheen-fuzz-text", arguments: Array(CommandLine.arguments.dropFirst()), check: { FuzzReplay.atInputLevel($0, check: TextFuzzCase.failure) })
    }
}
#endif
