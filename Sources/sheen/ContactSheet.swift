import ArgumentParser
import SheenLabel
import SheenPNG
import SheenRaster

/// Frames laid out in a grid on one image, 8 px apart on a neutral grey (so transparent frames
/// stay readable), filled one frame at a time as the frames are rendered: only the sheet stays
/// in memory. Frames are shown at full size when the sheet fits `Label.maximumImagePixels` and
/// PNG's side limit, else reduced by the smallest whole factor that makes it fit (each thumbnail
/// pixel the average of a factor × factor block of premultiplied pixels).
struct ContactSheet {
    static let gap = 8
    /// The sheet, grey until frames are added.
    let image: Image
    /// Frames per row, the reduction factor, and a thumbnail's size.
    let columns: Int, factor: Int, thumbWidth: Int, thumbHeight: Int

    /// A sheet for `count` frames of `width` × `height` on at most `columns` columns.
    init(frameWidth width: Int, frameHeight height: Int, count: Int, columns: Int) throws {
        guard count > 0, width > 0, height > 0 else { throw ValidationError("no frames") }
        let cols = min(columns, count), rows = (count + cols - 1) / cols, gap = Self.gap
        func sheetSize(_ k: Int) -> (Int, Int) {
            let w = (width + k - 1) / k, h = (height + k - 1) / k
            return (cols * w + (cols + 1) * gap, rows * h + (rows + 1) * gap)
        }
        var k = 1
        while true {
            let (w, h) = sheetSize(k)
            if w <= PNG.maximumEncodedSide && h <= PNG.maximumEncodedSide
                && w.multipliedReportingOverflow(by: h).partialValue <= Label.maximumImagePixels { break }
            // The gaps alone can outgrow the limits (a million one-pixel frames): no factor helps.
            guard k < max(width, height) else {
                throw ValidationError("the contact sheet of \(count) frames on \(cols) columns cannot fit \(Label.maximumImagePixels) pixels "
                                      + "and PNG's \(PNG.maximumEncodedSide)-pixel sides; use more --sheet-columns or fewer frames")
            }
            k += 1
        }
        let (w, h) = sheetSize(k)
        (self.columns, factor, thumbWidth, thumbHeight) = (cols, k, (width + k - 1) / k, (height + k - 1) / k)
        image = try Image(width: w, height: h, format: .rgba8Premultiplied)
        try image.withBuffer { try $0.composite(.color(Color(rgba: 0xD0D0_D0FF)), operator: .source) }
    }

    /// Draws frame `index` (of the size the sheet was made for) in its cell.
    func add(_ frame: Image, at index: Int) throws {
        let x = Self.gap + (index % columns) * (thumbWidth + Self.gap), y = Self.gap + (index / columns) * (thumbHeight + Self.gap)
        let thumb = factor == 1 ? frame : try reduced(frame)
        try image.withBuffer { dst in try thumb.withReadOnlyBuffer { try dst.draw($0, x: x, y: y) } }
    }

    /// `frame` reduced by `factor`: each pixel the rounded mean of its block (blocks cut by the
    /// frame's right and bottom edges average the pixels they have).
    private func reduced(_ frame: Image) throws -> Image {
        let thumb = try Image(width: thumbWidth, height: thumbHeight, format: .rgba8Premultiplied)
        frame.withReadOnlyBuffer { src in
            thumb.withBuffer { dst in
                for ty in 0 ..< thumbHeight {
                    for tx in 0 ..< thumbWidth {
                        var sum = SIMD4<Int>.zero, n = 0
                        for y in ty * factor ..< min((ty + 1) * factor, src.height) {
                            let row = src.row(y)
                            for x in tx * factor ..< min((tx + 1) * factor, src.width) {
                                let p = row.load(fromByteOffset: 4 * x, as: SIMD4<UInt8>.self)
                                sum &+= SIMD4<Int>(truncatingIfNeeded: p)
                                n += 1
                            }
                        }
                        let mean = (sum &* 2 &+ SIMD4(repeating: n)) / SIMD4(repeating: 2 * n)
                        dst.row(ty).storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: mean), toByteOffset: 4 * tx, as: SIMD4<UInt8>.self)
                    }
                }
            }
        }
        return thumb
    }

    /// The sheet of `images` (all of one size).
    static func make(_ images: [Image], columns: Int) throws -> Image {
        guard let first = images.first else { throw ValidationError("no frames") }
        let sheet = try ContactSheet(frameWidth: first.width, frameHeight: first.height, count: images.count, columns: columns)
        for (i, image) in images.enumerated() { try sheet.add(image, at: i) }
        return sheet.image
    }
}
