import Foundation
import SheenTestSupport
import Testing
@testable import sheen

/// `sheen animate` at n and 4n frames (`Scaling`): rendering, encoding, staging and the contact
/// sheet grow with the frames, not faster. Enabled by SHEEN_LONG_TESTS=1 (Scripts/test.sh,
/// release build).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["SHEEN_LONG_TESTS"] == "1"), .serialized)
struct AnimateScalingLongTests {
    @Test func framesAreLinear() throws {
        let parent = CLI.temporaryPath("animate-scaling")
        defer { try? FileManager.default.removeItem(atPath: parent) }
        var run = 0
        try Scaling.expectLinear("animate frames", n: 16, make: { $0 }) { frames in
            run += 1
            try CLI.run(["animate", "Frames", "--canvas", "200x60", "--size", "24", "--shadow", "0,2,3,#00000080",
                         "--to-fill", "#FF9500,#AF52DE", "--fps", "\(frames)", "--duration", "0.999", "-o", parent + "/\(run)"])
        }
    }
}
