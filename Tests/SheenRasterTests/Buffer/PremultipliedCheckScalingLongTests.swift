import Foundation
import SheenRaster
import SheenTestSupport
import Testing

/// The premultiplied check's cost is linear in the pixels it reads: a view of n and of 4n pixels,
/// all valid (so every pixel is read). Enabled by SHEEN_LONG_TESTS=1 (Scripts/test.sh runs the
/// scaling suites one at a time).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["SHEEN_LONG_TESTS"] == "1"))
struct PremultipliedCheckScalingLongTests {
    @Test func checkIsLinearInPixels() {
        // 2,048-pixel rows; n = 8 Mi pixels (32 MiB) and 4n both past the last-level cache.
        Scaling.expectLinear("check_premultiplied", n: 4_096, make: { rows -> Image in
            let image = try! Image(width: 2_048, height: rows, format: .bgra8Premultiplied)
            image.withBuffer { b in
                for y in 0 ..< rows { memset(b.row(y), 0x40, 2_048 * 4) }
            }
            return image
        }) { image in
            image.withReadOnlyBuffer { b in #expect(try! b.firstPixelNotPremultiplied() == nil) }
        }
    }
}
