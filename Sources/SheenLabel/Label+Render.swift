import SheenRaster
import SheenText

extension Label {
    /// Draws the label into a borrowed RGBA8 or BGRA8 premultiplied view with its top-left corner
    /// at buffer pixel `origin` (which may lie outside the buffer), compositing sourceOver onto
    /// what is there. The frame positions the text; ink, stroke and shadows that overhang it
    /// (italic overhangs, a stroke or shadow reaching past the edge) are drawn wherever the buffer
    /// has pixels, as a UIKit view that does not clip to its bounds — unless `clipsToFrame`.
    /// `drawnBounds()` says which pixels can change.
    /// Order: background (over the frame), shadows (first to last), then an outside stroke under
    /// the fill, or the fill under a centred or inside stroke — every pixel through SheenRaster's
    /// compositing and blur kernels, over the ink's neighbourhood only.
    ///
    /// Throws (touching nothing) for an A8 buffer or invalid style values.
    public func render(into buffer: RasterBuffer, at origin: (x: Int, y: Int) = (0, 0),
                       cache: GlyphCache = .shared) throws(LabelError) {
        try LabelRenderer(label: self, cache: cache).render(into: buffer, at: origin)
    }

    /// `render(into:at:cache:)` and `drawnBounds(cache:)` from one layout and one rasterisation
    /// of the glyphs: what the label fuzzer checks per input, at half the cost of the two calls.
    package func renderReturningBounds(into buffer: RasterBuffer, at origin: (x: Int, y: Int) = (0, 0),
                                       cache: GlyphCache = .shared) throws(LabelError) -> PixelRect {
        let renderer = try LabelRenderer(label: self, cache: cache)
        try renderer.render(into: buffer, at: origin)
        return try renderer.drawnBounds()
    }

    /// The pixels drawing this label can change, in label pixels ((0, 0) is the frame's top-left;
    /// x or y is negative where something overhangs the left or top): the frame, the ink of the
    /// fill and the stroke, and each shadow out to its blur's ⌈3σ⌉ margins. Just the frame when
    /// `clipsToFrame`. Rasterises the glyphs (through `cache`), blurs nothing.
    public func drawnBounds(cache: GlyphCache = .shared) throws(LabelError) -> PixelRect {
        try LabelRenderer(label: self, cache: cache).drawnBounds()
    }

    /// Renders the label into a new transparent image in `format` (RGBA8 by default) that holds
    /// everything it draws: `drawnBounds()`, whose top-left corner is the image's pixel (0, 0) —
    /// so the frame's top-left lies at image pixel (−bounds.x, −bounds.y). When nothing overhangs
    /// (or with `clipsToFrame`), that is the frame itself, the label's size rounded up. Throws
    /// `LabelError.imageTooLarge`, allocating nothing, past `maximumImagePixels`.
    public func image(format: PixelFormat = .rgba8Premultiplied, cache: GlyphCache = .shared) throws(LabelError) -> Image {
        let renderer = try LabelRenderer(label: self, cache: cache)
        let bounds = try Self.imageBounds(renderer.drawnBounds())
        let image = try liftRaster(Image(width: bounds.width, height: bounds.height, format: format))
        try image.withBuffer { (buffer) throws(LabelError) in try renderer.render(into: buffer, at: (-bounds.x, -bounds.y)) }
        return image
    }

    /// Renders `labels` — an animation's frames, say — into images of one size: the union of
    /// their drawn bounds, so that every label's frame corner lies at the same pixel
    /// (−union.x, −union.y) of every image and frames stack into a video or a contact sheet
    /// without moving. Throws as `image()` does, before any image is made.
    public static func images(_ labels: [Label], format: PixelFormat = .rgba8Premultiplied,
                              cache: GlyphCache = .shared) throws(LabelError) -> [Image] {
        let renderers = try labels.map { (label) throws(LabelError) in try LabelRenderer(label: label, cache: cache) }
        guard let first = renderers.first else { return [] }
        var bounds = try first.drawnBounds()
        for r in renderers.dropFirst() { bounds = bounds.union(try r.drawnBounds()) }
        bounds = try imageBounds(bounds)
        return try renderers.map { (renderer) throws(LabelError) in
            let image = try liftRaster(Image(width: bounds.width, height: bounds.height, format: format))
            try image.withBuffer { (buffer) throws(LabelError) in try renderer.render(into: buffer, at: (-bounds.x, -bounds.y)) }
            return image
        }
    }

    /// The label's frame in whole pixels: (0, 0) and its size rounded up.
    var frame: PixelRect {
        PixelRect(x: 0, y: 0, width: Int(size.width.rounded(.up)), height: Int(size.height.rounded(.up)))
    }

    /// `bounds` when an image that size may be made, else `LabelError.imageTooLarge`.
    static func imageBounds(_ bounds: PixelRect) throws(LabelError) -> PixelRect {
        let (pixels, overflow) = bounds.width.multipliedReportingOverflow(by: bounds.height)
        guard !overflow, pixels <= maximumImagePixels else {
            throw .imageTooLarge(width: bounds.width, height: bounds.height, maximumPixels: maximumImagePixels)
        }
        return bounds
    }
}
