// The differential libFuzzer harness of the drop-in pixman: each input is a few images and calls
// made through the drop-in (SheenPixman, linked into this program) and through the system pixman
// (opened by path), compared as PixmanFuzzCase says. Built by Scripts/fuzz.sh --target pixman;
// without FUZZING it replays saved inputs, or, given --captures WITH WITHOUT, compares two
// recordings of a program's calls (CaptureComparison).

import SheenPlatform
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
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "--captures" {
            guard arguments.count == 3 else { print("usage: sheen-fuzz-pixman --captures WITH WITHOUT"); exit(2) }
            exit(CaptureComparison.run(with: arguments[1], without: arguments[2]))
        }
        FuzzReplay.run(tool: "sheen-fuzz-pixman", arguments: Array(CommandLine.arguments.dropFirst()), check: PixmanFuzzCase.failure)
    }
}
#endif
