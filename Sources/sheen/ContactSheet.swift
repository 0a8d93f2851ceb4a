import ArgumentParser
import SheenRaster

/// Frames laid out in a grid on one image, 8 px apart on a neutral grey (so transparent frames
/// stay readable).
enum ContactSheet {
    static func make(_ images: [Image], columns: Int) throws -> Image {
        guard let first = images.first else { throw ValidationError("no frames") }
        let gap = 8, cols = min(columns, images.count), rows = (images.count + cols - 1) / cols
        let sheet = try Image(width: cols * first.width + (cols + 1) * gap, height: rows * first.height + (rows + 1) * gap,
                              format: .rgba8Premultiplied)
        try sheet.withBuffer { dst in
            try dst.composite(.color(Color(rgba: 0xD0D0_D0FF)), operator: .source)
            for (i, image) in images.enumerated() {
                let x = gap + (i % cols) * (first.width + gap), y = gap + (i / cols) * (first.height + gap)
                try image.withReadOnlyBuffer { try dst.draw($0, x: x, y: y) }
            }
        }
        return sheet
    }
}
