import Foundation

/// The replay side of a libFuzzer harness: without the fuzzer, a harness executable re-runs saved
/// inputs (crash files, a corpus directory) through the same check and exits non-zero on the first
/// failure, printing what the check reported.
public enum FuzzReplay {
    /// One libFuzzer input through `check`: a failure aborts with its description, which
    /// libFuzzer records as a crash (the harness's `LLVMFuzzerTestOneInput` calls this).
    public static func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int, check: ([UInt8]) -> String?) -> CInt {
        if let failure = check(Array(UnsafeBufferPointer(start: data, count: size))) { fatalError(failure) }
        return 0
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
