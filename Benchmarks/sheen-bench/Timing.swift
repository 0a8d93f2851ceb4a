#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Monotonic time in nanoseconds.
@inline(__always) func nowNs() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Order statistics of a set of timings.
struct Stats {
    let median: Double, min: Double, max: Double
    /// The 10th and 90th percentiles (nearest rank): the spread of a run without its outliers.
    let p10: Double, p90: Double

    init(_ samples: [Double]) {
        let s = samples.sorted()
        median = s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
        min = s.first ?? 0
        max = s.last ?? 0
        func rank(_ p: Double) -> Double {
            guard !s.isEmpty else { return 0 }
            return s[Swift.min(s.count - 1, Swift.max(0, Int((p * Double(s.count)).rounded(.up)) - 1))]
        }
        p10 = rank(0.1)
        p90 = rank(0.9)
    }
}

/// Runs `body` `warmup` times untimed, then `reps` times timed; returns per-phase samples.
/// `body` returns the split points inside one repetition (e.g. [make, fill]) in ns.
func measurePhases(warmup: Int, reps: Int, _ body: () -> [Double]) -> [[Double]] {
    for _ in 0 ..< warmup { _ = body() }
    var phases: [[Double]] = []
    for _ in 0 ..< reps {
        let p = body()
        if phases.isEmpty { phases = Array(repeating: [], count: p.count) }
        for (i, v) in p.enumerated() { phases[i].append(v) }
    }
    return phases
}

/// Times one call of `body` in ns.
@inline(__always) func timed(_ body: () -> Void) -> Double {
    let t0 = nowNs()
    body()
    return Double(nowNs() - t0)
}

/// Writes a line to a file descriptor unbuffered (1 = standard output, 2 = standard error), so
/// progress shows even when the output is piped.
func emit(_ line: String, to fd: Int32 = 1) {
    var bytes = Array((line + "\n").utf8)
    var done = 0
    while done < bytes.count {
        let n = bytes.withUnsafeMutableBytes { write(fd, $0.baseAddress! + done, $0.count - done) }
        if n <= 0 { return }
        done += n
    }
}
