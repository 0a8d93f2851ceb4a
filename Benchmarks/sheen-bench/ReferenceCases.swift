#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Bench {
    /// memset and memcpy over the same bytes a W×H RGBA8 fill writes: the bandwidth yardsticks
    /// every ratio is taken against, measured in this run.
    func runReferences(width: Int, height: Int) {
        let dst = BenchBuffer(width: width, height: height)
        let src = BenchBuffer(width: width, height: height)
        memset(src.buffer.base, 0x5A, src.byteCount)
        let bytes = dst.byteCount
        var value: Int32 = 0
        let setPhases = measurePhases(warmup: warmup, reps: reps) {
            value = (value + 1) & 0xFF
            return [timed { memset(dst.buffer.base, value, bytes) }]
        }
        check(dst.buffer.base.load(fromByteOffset: bytes - 1, as: UInt8.self) == UInt8(value), "memset output")
        record(CaseResult(name: "reference.memset.\(width)x\(height)", width: width, height: height,
                          total: Stats(setPhases[0]), make: nil, fill: nil, intermediateBytes: 0, reps: reps), kernel: .none)
        let copyPhases = measurePhases(warmup: warmup, reps: reps) {
            [timed { memcpy(dst.buffer.base, src.buffer.base, bytes) }]
        }
        check(memcmp(dst.buffer.base, src.buffer.base, bytes) == 0, "memcpy output")
        record(CaseResult(name: "reference.memcpy.\(width)x\(height)", width: width, height: height,
                          total: Stats(copyPhases[0]), make: nil, fill: nil, intermediateBytes: 0, reps: reps), kernel: .none)
    }
}
