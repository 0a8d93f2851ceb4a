import Foundation
@testable import SheenRaster
import SheenTestSupport
import Testing

/// The long runs of the gradient property tests: thousands of random gradients and a fine sweep
/// of angles. Enabled by SHEEN_LONG_TESTS=1; Scripts/test.sh runs them in a release build.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["SHEEN_LONG_TESTS"] == "1"))
struct GradientLongTests {
    @Test(arguments: 0 ..< 8)
    func randomGradientsLong(batch: Int) throws {
        let problems = try randomGradientProblems(seed: 0x10_0000 + UInt64(batch), cases: 2_500)
        #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.prefix(20).joined(separator: "\n"))")
    }

    /// The precision table of the closing notes and RoundingPolicy: 400 gradients per family.
    @Test func precisionTableLong() throws {
        try GradientPrecision.check(casesPerFamily: 400, seed: 0x9E_D000, report: true)
    }

    @Test func twoStopPrecisionLong() throws {
        let p = try twoStopPrecision(seed: 7, angles: Array(stride(from: 0.0, to: 360, by: 2.5)), width: 1024, height: 96)
        #expect(p.maxError <= 0.5 + 1e-4, "max error \(p.maxError)")
        #expect(p.mismatches * 100_000 <= p.total, "\(p.mismatches) of \(p.total) channels not correctly rounded")
    }
}
