import Foundation
import Testing

/// CaretMovementProperties over 10,000 random bidi texts (the count), enabled by
/// SHEEN_LONG_TESTS=1 (Scripts/test.sh, release build).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["SHEEN_LONG_TESTS"] == "1"))
struct CaretMovementLongTests {
    @Test func propertiesHoldOnTenThousandTexts() throws {
        try CaretMovementProperties.check(texts: 10_000, seed: 0x4C6F_6E67)
    }
}
