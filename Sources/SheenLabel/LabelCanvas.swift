import SheenRaster
import SheenText

/// Where a label's layers are drawn: the part of the destination it may change (or the scratch
/// image a group-faded label is drawn into first) and the label's origin relative to it.
struct LabelCanvas {
    let destination: RasterBuffer
    /// Label pixel (0, 0) is destination pixel `offset`.
    let offset: (x: Int, y: Int)

    /// True when a label-pixel rectangle touches the destination.
    func shows(_ r: PixelRect) -> Bool {
        !r.isEmpty && !r.offsetBy(dx: offset.x, dy: offset.y).intersection(destination.bounds).isEmpty
    }

    /// Composites a layer's paint through its A8 mask (clipped to the destination).
    func composite(_ layer: LabelLayer) throws(LabelError) {
        guard layer.mask.width > 0, layer.mask.height > 0 else { return }
        try liftRaster(layer.mask.withReadOnlyBuffer { (m) throws(RasterError) in
            let x = layer.at.x + offset.x, y = layer.at.y + offset.y
            if let paint = layer.paint {
                try destination.composite(paint, operator: .sourceOver, coverage: .mask(m, x: x, y: y))
            } else {
                try destination.composite(.image(m, x: x, y: y), operator: .sourceOver)
            }
        })
    }

    /// A label-space rectangle in destination pixels (for gradient geometry).
    func destinationRect(_ r: Rect) -> Rect { r.offsetBy(dx: Double(offset.x), dy: Double(offset.y)) }
}
