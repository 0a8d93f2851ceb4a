import Foundation
import SheenPNG
import SheenRaster

/// Writes `image` as a PNG at `path` atomically: the file appears whole or not at all, so a
/// failure never leaves a partial output behind.
func writePNG(_ image: Image, to path: String) throws {
    let bytes = try image.withReadOnlyBuffer { try PNG.encode($0) }
    try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
}
