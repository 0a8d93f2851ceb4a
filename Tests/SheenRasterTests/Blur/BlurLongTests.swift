import Foundation
import Testing
import SheenTestSupport
@testable import SheenRaster

/// The long run of the blur contract: random σ pairs over [0.5, 100] (and a few up to 256),
/// random shapes, strides, alignments, formats and edge modes, each held to the Double reference.
/// Enabled by SHEEN_LONG_TESTS=1; Scripts/test.sh runs it in a release build.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["SHEEN_LONG_TESTS"] == "1"))
struct BlurLongTests {
    @Test(arguments: 0 ..< 4)
    func randomBlursLong(batch: Int) throws {
        var rng = SeededGenerator(seed: 0xB1_0000 + UInt64(batch))
        for i in 0 ..< 60 {
            func sigma() -> Double {
                switch Int.random(in: 0 ..< 10, using: &rng) {
                case 0: return 0
                case 1: return Double.random(in: 100 ... 256, using: &rng)
                default: return exp(Double.random(in: log(0.5) ... log(100), using: &rng))
                }
            }
            let blur = try GaussianBlur(sigmaX: sigma(), sigmaY: sigma(),
                                        edges: Bool.random(using: &rng) ? .clamp : .transparent)
            let format = PixelFormat.allCases.randomElement(using: &rng)!
            let (w, h) = (Int.random(in: 1 ... 160, using: &rng), Int.random(in: 1 ... 120, using: &rng))
            let r = try blurErrorAgainstReference(blur, width: w, height: h, format: format,
                                                  content: Bool.random(using: &rng) ? .text : .random, seed: UInt64(i),
                                                  padding: Int.random(in: 0 ... 20, using: &rng),
                                                  misalignment: Int.random(in: 0 ... 15, using: &rng))
            #expect(r.error <= 1 && r.fenceViolations == 0,
                    "\(label(["σx": blur.sigmaX, "σy": blur.sigmaY, "edges": blur.edges, "format": format, "w": w, "h": h, "error": r.error]))")
        }
    }
}
