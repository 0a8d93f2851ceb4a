import SheenRaster
import SheenText

extension Label {
    /// Draws the label into a borrowed RGBA8 or BGRA8 premultiplied view with its top-left corner
    /// at buffer pixel `origin` (which may lie outside the buffer), compositing sourceOver onto
    /// what is there. Only pixels inside both the buffer and the label's rectangle change.
    /// Order: background, shadows (first to last), stroke, fill — every pixel through SheenRaster's
    /// compositing and blur kernels, over the ink's neighbourhood only.
    ///
    /// Throws (touching nothing) for an A8 buffer or invalid style values.
    public func render(into buffer: RasterBuffer, at origin: (x: Int, y: Int) = (0, 0),
                       cache: GlyphCache = .shared) throws {
        guard buffer.format != .a8 else {
            throw RasterError.formatMismatch(expected: .rgba8Premultiplied, actual: buffer.format)
        }
        let layout = try layout()   // validates every parameter before anything is drawn
        let labelRect = PixelRect(x: origin.x, y: origin.y, width: Int(size.width.rounded(.up)),
                                  height: Int(size.height.rounded(.up)))
        let visible = labelRect.intersection(buffer.bounds)
        guard !visible.isEmpty else { return }
        let canvas = LabelCanvas(destination: buffer.cropped(to: visible),
                                 offset: (origin.x - visible.x, origin.y - visible.y),
                                 alpha: isEnabled ? 255 : 128)
        let plan = try RenderPlan(label: self, layout: layout, cache: cache)
        // Everything that can fail (masks, blurs, gradients) runs before the first pixel changes.
        let layers = try plan.shadowLayers(on: canvas) + plan.strokeLayers(on: canvas) + plan.fillLayers(on: canvas)
        if let backgroundColor {
            try canvas.destination.composite(.color(backgroundColor), coverage: .alpha(canvas.alpha))
        }
        for layer in layers { try canvas.composite(layer.paint, mask: layer.mask, at: layer.at) }
    }

    /// Renders the label into a new transparent image of the label's size (rounded up to whole
    /// pixels) in `format` (RGBA8 by default).
    public func image(format: PixelFormat = .rgba8Premultiplied, cache: GlyphCache = .shared) throws -> Image {
        try validate()
        let image = try Image(width: Int(size.width.rounded(.up)), height: Int(size.height.rounded(.up)), format: format)
        try image.withBuffer { try render(into: $0, cache: cache) }
        return image
    }
}

/// One mask to composite in one paint: a shadow, the stroke, or (part of) the fill. `at` is the
/// label pixel of the mask's pixel (0, 0).
struct LabelLayer {
    let paint: Paint
    let mask: Image
    let at: (x: Int, y: Int)
}

/// Where a label is drawn: the visible part of the destination, the label's origin relative to
/// it, and the global alpha (128 when disabled).
struct LabelCanvas {
    let destination: RasterBuffer
    /// Label pixel (0, 0) is destination pixel `offset`.
    let offset: (x: Int, y: Int)
    let alpha: UInt8

    /// Composites `paint` through an A8 mask whose pixel (0, 0) is label pixel `at`.
    func composite(_ paint: Paint, mask: Image, at: (x: Int, y: Int)) throws {
        guard mask.width > 0, mask.height > 0 else { return }
        try mask.withReadOnlyBuffer { m in
            try destination.composite(paint, operator: .sourceOver,
                                      coverage: .mask(m, x: at.x + offset.x, y: at.y + offset.y, alpha: alpha))
        }
    }

    /// A label-space rectangle in destination pixels (for gradient geometry).
    func destinationRect(_ r: Rect) -> Rect { r.offsetBy(dx: Double(offset.x), dy: Double(offset.y)) }
}
