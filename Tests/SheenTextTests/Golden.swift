import Foundation
import SheenPNG
import SheenRaster
import Testing

/// Mask goldens: A8 images compared byte for byte with Tests/SheenTextTests/Goldens/NAME.png.
/// On a mismatch (or a missing golden) the test fails and writes NAME.local.png beside the golden
/// for review; Scripts/bless-golden.sh accepts the .local.png files as the new goldens.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    static func check(_ image: Image, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let golden = directory.appendingPathComponent(name + ".png")
        let local = directory.appendingPathComponent(name + ".local.png")
        let encoded = try image.withReadOnlyBuffer { try PNG.encode($0) }
        guard let data = try? Data(contentsOf: golden) else {
            try Data(encoded).write(to: local)
            Issue.record("no golden \(name).png; wrote \(local.path) — review it, then Scripts/bless-golden.sh",
                         sourceLocation: sourceLocation)
            return
        }
        // Goldens are gray PNGs; the decoder gives RGBA with the gray level in every colour channel.
        let expected = try PNG.decode([UInt8](data))
        let levels = stride(from: 0, to: expected.bytes.count, by: 4).map { expected.bytes[$0] }
        let same = image.format == .a8 && expected.width == image.width && expected.height == image.height
            && levels == image.bytes
        if same {
            try? FileManager.default.removeItem(at: local)
        } else {
            try Data(encoded).write(to: local)
            Issue.record("""
                mask differs from golden \(name).png (golden \(expected.width)×\(expected.height), \
                mask \(image.width)×\(image.height)); wrote \(local.path) — review it, then Scripts/bless-golden.sh
                """, sourceLocation: sourceLocation)
        }
    }
}
