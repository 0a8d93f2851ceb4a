import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Scaling checks for the long tests: a call's time at n and at 4n, measured in one run (the
/// median of five interleaved rounds, so a descheduled round does not count), must grow at most
/// 5× — linear with slack for caches and allocation, where a quadratic cost grows 16×. Inputs are made outside the
/// timing; `n` should make one call take milliseconds, not microseconds, so that the ratio is
/// the work's and not the timer's — and keep n and 4n on one side of the last-level cache: a
/// layout touches about 150 bytes per UTF-16 unit, and the same linear work costs 15–40 % more
/// per unit once it leaves the cache (a 262,144-letter label word in 31 ms, 1 MiB in 171 ms: ×5.5;
/// char-wrapped, 317 ns a unit at 16 Ki, 368 at 64 Ki, 337 at 256 Ki), so a step across it
/// reaches ×5 with no quadratic term.
public enum Scaling {
    /// The largest accepted ratio of time(4n) to time(n).
    public static let maximumRatio = 5.0

    /// glibc serves blocks over its mmap threshold with fresh pages, zeroed by the kernel on first
    /// touch, and moves that threshold as blocks are freed: the same call then costs 40 or 60 ms by
    /// the allocator's history, not by its work. Large blocks are kept in the heap instead, so that
    /// every round reuses warm memory and the ratio is the work's.
    private static let steadyAllocator: Void = {
        #if canImport(Glibc)
        // mallopt is in <malloc.h>, which the Glibc module does not export.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        let trimThreshold: Int32 = -1, mmapThreshold: Int32 = -3   // M_TRIM_THRESHOLD, M_MMAP_THRESHOLD
        _ = mallopt(mmapThreshold, 1 << 30)
        _ = mallopt(trimThreshold, 1 << 30)
        #endif
    }()

    /// Seconds the fastest of `rounds` calls of `body` took.
    public static func bestSeconds(rounds: Int = 3, _ body: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0 ..< rounds {
            let t0 = DispatchTime.now().uptimeNanoseconds
            try body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9)
        }
        return best
    }

    /// Expects `work` (made by `make` for a size, then timed) to take at most `maximumRatio` ×
    /// as long at 4n as at n: medians of five interleaved rounds, in up to three attempts, the
    /// first at or under the ratio passing. A cost quadratic in n is ×16 in every attempt; a
    /// linear one's ratio wanders around ×4 with the machine's memory (see above) and the
    /// attempts keep that from failing a run. Returns the passing (or last) attempt's times.
    @discardableResult
    public static func expectLinear<Input>(_ name: String, n: Int, make: (Int) throws -> Input, _ work: (Input) throws -> Void,
                                           sourceLocation: SourceLocation = #_sourceLocation) rethrows -> (Double, Double) {
        _ = steadyAllocator
        let small = try make(n), large = try make(4 * n)
        var attempts: [(Double, Double)] = []
        for _ in 0 ..< 3 {
            // Interleaved, so that a slow spell of the machine falls on both sizes; medians, so
            // that neither one lucky round (which a best-of would keep) nor one slow one decides.
            var smallTimes: [Double] = [], largeTimes: [Double] = []
            for _ in 0 ..< 5 {
                smallTimes.append(try bestSeconds(rounds: 1) { try work(small) })
                largeTimes.append(try bestSeconds(rounds: 1) { try work(large) })
            }
            let a = smallTimes.sorted()[2], b = largeTimes.sorted()[2]
            attempts.append((a, b))
            print(String(format: "scaling: %@: n %d %.2f ms, 4n %.2f ms, ×%.2f", name, n, a * 1e3, b * 1e3, b / a))
            if b <= maximumRatio * a { return (a, b) }
        }
        let report = attempts.map { String(format: "%.2f ms → %.2f ms (×%.2f)", $0.0 * 1e3, $0.1 * 1e3, $0.1 / $0.0) }
        Issue.record("\(name): n = \(n) then 4n, in \(attempts.count) attempts: \(report.joined(separator: "; ")) — more than ×\(maximumRatio)",
                     sourceLocation: sourceLocation)
        return attempts[attempts.count - 1]
    }
}
