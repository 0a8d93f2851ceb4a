@testable import SheenRaster
import SheenTestSupport
import Testing

/// The kernel table: levels, SHEEN_SIMD, scoped levels and per-kernel fallback.
@Suite struct KernelsTests {
    @Test func supportedLevelsAreOrderedAndIncludeTheSwiftLevels() {
        #expect(Kernels.supported.prefix(2) == [.reference, .portable])
        #expect(Kernels.supported == Kernels.supported.sorted())
        #expect(Kernels.best == Kernels.supported.last)
    }

    @Test func environmentValueSelectsALevelOrIsAnError() throws {
        #expect(try Kernels.resolve(environment: nil).get() == Kernels.best)
        #expect(try Kernels.resolve(environment: "").get() == Kernels.best)
        #expect(try Kernels.resolve(environment: "portable").get() == .portable)
        #expect(try Kernels.resolve(environment: "reference").get() == .reference)
        guard case let .failure(error) = Kernels.resolve(environment: "avx9") else {
            Issue.record("an unknown level was accepted"); return
        }
        #expect(error.description.contains("\"avx9\""))
        #expect(error.description.contains("portable"))
        for level in SIMDLevel.allCases where !Kernels.supported.contains(level) {
            #expect(throws: RasterError.simdLevelUnavailable(requested: level.rawValue,
                                                             supported: Kernels.supported.map(\.rawValue))) {
                try Kernels.resolve(environment: level.rawValue).get()
            }
        }
    }

    /// A level the CPU lacks is refused before the closure runs: no foreign instruction executes.
    @Test func withLevelRefusesLevelsThisCPULacks() throws {
        for level in SIMDLevel.allCases where !Kernels.supported.contains(level) {
            var ran = false
            #expect(throws: RasterError.self) { try Kernels.withLevel(level) { ran = true } }
            #expect(!ran)
        }
    }

    @Test func scopedLevelHoldsInsideTheClosureOnly() throws {
        let outside = Kernels.current
        for level in Kernels.supported {
            let inside = try Kernels.withLevel(level) { Kernels.current }
            #expect(inside == level)
            let nested = try Kernels.withLevel(level) { try Kernels.withLevel(.reference) { Kernels.current } }
            #expect(nested == .reference)
        }
        #expect(Kernels.current == outside)
    }

    @Test func kernelsRunAtTheBestLevelTheyHaveAtOrBelowTheRequest() {
        #expect(Kernels.level(of: "gradient_span", at: .avx512) == .avx512)
        #expect(Kernels.level(of: "composite_8888", at: .avx512) == .avx512)
        #expect(Kernels.level(of: "composite_8888", at: .avx2) == .avx2)
        #expect(Kernels.level(of: "over_n_8_8888", at: .reference) == .reference)
        #expect(Kernels.level(of: "composite_double_8888", at: .avx2) == .avx2)
        #expect(Kernels.level(of: "gradient_span", at: .avx2) == .avx2)
        #expect(Kernels.level(of: "gradient_span", at: .portable) == .portable)
        #expect(Kernels.level(of: "blur_strip", at: .avx2) == .avx2)
        #expect(Kernels.level(of: "blur_convolution", at: .portable) == .portable)
        #expect(Kernels.level(of: "no_such_kernel") == nil)
        #expect(Set(Kernels.table.map(\.name)).count == Kernels.table.count)
        for entry in Kernels.table { #expect(entry.levels.first == .reference && entry.levels.contains(.portable)) }
    }

    /// Each compositing job names the table entry it runs.
    @Test func compositeJobsNameTheirKernel() throws {
        let image = try Image(width: 4, height: 1, format: .rgba8Premultiplied)
        let mask = try Image(width: 4, height: 1, format: .a8)
        let names: [String?] = image.withBuffer { dst in
            mask.withReadOnlyBuffer { m in
                let jobs: [(Paint, CompositeOperator, Coverage)] = [
                    (.color(Color(rgba: 0x3478_F6FF)), .sourceOver, .mask(m)),
                    (.color(Color(rgba: 0x3478_F680)), .sourceOver, .mask(m)),
                    (.color(Color(rgba: 0x3478_F6FF)), .sourceOver, .full),
                    (.color(Color(rgba: 0x3478_F6FF)), .hue, .full),
                ]
                return jobs.map { paint, op, coverage in
                    (try? CompositeJob(destination: dst, paint: paint, operator: op, coverage: coverage))??.kernelName
                }
            }
        }
        #expect(names == ["over_n_8_8888", "composite_8888", "composite_8888", "composite_double_8888"])
    }
}
