// The differential libFuzzer harness of the drop-in pixman: each input is a few images and calls
// made through the drop-in (SheenPixman, linked into this program) and through the system pixman
// (opened by path), compared as PixmanFuzzCase says. Built by Scripts/fuzz.sh --target pixman;
// without FUZZING it replays saved inputs.

import SheenTestSupport

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzReplay.fuzzOne(data, size, check: PixmanFuzzCase.failure)
}
#else
@main
struct FuzzReplayMain {
    static func main() {
        FuzzReplay.run(tool: "sheen-fuzz-pixman", arguments: Array(CommandLine.arguments.dropFirst()), check: PixmanFuzzCase.failure)
    }
}
#endif
