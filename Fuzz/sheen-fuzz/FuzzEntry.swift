// The libFuzzer harness for compositing: each input is decoded into a CompositeCase (operator,
// formats, paint and coverage kinds, sizes, strides, offsets, pixel content) and the SIMD kernel
// is held to the scalar reference, fences and premultiplied validity; any disagreement aborts,
// which libFuzzer records as a crash. Built by Scripts/fuzz.sh with
//   swift build --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING
// Without FUZZING this file is a replay tool: `sheen-fuzz FILE…` re-runs saved inputs (crash
// files, the corpus) and exits non-zero on the first failure.

import SheenTestSupport
#if !FUZZING
import Foundation
#endif

/// Runs one input; returns the problems found (empty: it passed).
func runInput(_ bytes: [UInt8]) -> (CompositeCase, [String]) {
    let c = CompositeCase(fuzzInput: bytes)
    return (c, c.check())
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
struct FuzzReplay {
    static func main() {
        let paths = CommandLine.arguments.dropFirst()
        if paths.isEmpty {
            print("usage: sheen-fuzz FILE|DIRECTORY… — replays fuzzer inputs against the reference")
            exit(2)
        }
        var count = 0
        for path in paths {
            var files = [path]
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                files = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { path + "/" + $0 }
            }
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else {
                    print("cannot read \(file)"); exit(2)
                }
                let (c, problems) = runInput([UInt8](data))
                count += 1
                if !problems.isEmpty {
                    print("FAIL \(file)\n  \(c)\n  \(problems.joined(separator: "\n  "))")
                    exit(1)
                }
            }
        }
        print("replayed \(count) inputs: all agree with the reference")
    }
}
#endif
