import Foundation
import SheenPNG
import SheenRaster

/// Image goldens: an image compared with DIRECTORY/NAME.png exactly — A8 masks byte for byte
/// (stored as gray PNGs), RGBA8/BGRA8 images after the same PNG round trip (PNG stores straight
/// alpha, so both sides are compared as the decoder gives them back). On a mismatch (or a missing
/// golden) `compare` returns a message (assert it is nil) and writes NAME.local.png beside the golden for review;
/// Scripts/bless-golden.sh accepts the .local.png files as the new goldens.
public enum Golden {
    /// The `Goldens` folder of the calling test file's target (see `resourceDirectory`).
    public static func directory(besides file: String = #filePath) -> URL {
        resourceDirectory("Goldens", near: file)
    }

    /// Compares `image` with the golden `name` in `directory`: nil when they match (every byte
    /// within `tolerance` levels; exact by default), else what differs and where the candidate
    /// was written.
    public static func compare(_ image: Image, _ name: String, directory: URL, tolerance: UInt8 = 0) throws -> String? {
        let golden = directory.appendingPathComponent(name + ".png")
        let local = directory.appendingPathComponent(name + ".local.png")
        let encoded = try image.withReadOnlyBuffer { try PNG.encode($0) }
        guard let data = try? Data(contentsOf: golden) else {
            try Data(encoded).write(to: local)
            return "no golden \(name).png; wrote \(local.path) — review it, then Scripts/bless-golden.sh"
        }
        let expected = try PNG.decode([UInt8](data))
        let same: Bool
        if image.format == .a8 {
            // Gray PNGs decode to RGBA with the gray level in every colour channel.
            let levels = stride(from: 0, to: expected.bytes.count, by: 4).map { expected.bytes[$0] }
            same = expected.width == image.width && expected.height == image.height && within(levels, image.bytes, tolerance)
        } else {
            let roundTrip = try PNG.decode(encoded)
            same = expected.width == image.width && expected.height == image.height
                && within(expected.bytes, roundTrip.bytes, tolerance)
        }
        if same {
            try? FileManager.default.removeItem(at: local)
            return nil
        } else {
            try Data(encoded).write(to: local)
            return """
                image differs from golden \(name).png (golden \(expected.width)×\(expected.height), \
                image \(image.width)×\(image.height)); wrote \(local.path) — review it, then Scripts/bless-golden.sh
                """
        }
    }

    private static func within(_ a: [UInt8], _ b: [UInt8], _ tolerance: UInt8) -> Bool {
        guard a.count == b.count else { return false }
        if tolerance == 0 { return a == b }
        return maxDifference(a, b) <= Int(tolerance)
    }
}
