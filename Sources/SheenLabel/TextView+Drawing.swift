import SheenRaster
import SheenText

// Drawing the view: the lines that reach the frame, as a group (TextField's drawGroup).
extension TextView {
    /// Draws the view into a borrowed RGBA8 or BGRA8 premultiplied view with its top-left corner
    /// at buffer pixel `origin`, sourceOver: background, selection, the lines in view with their
    /// shadows, stroke and fill, the caret — as a group inside the frame, composited once at
    /// `alpha`. Only the lines that reach the frame are rasterised. Throws, touching nothing, for
    /// an A8 buffer or invalid values.
    public func render(into buffer: RasterBuffer, at origin: (x: Int, y: Int) = (0, 0),
                       cache: GlyphCache = .shared) throws(LabelError) {
        guard buffer.format != .a8 else { throw .unsupportedDestination(format: buffer.format) }
        let (content, _) = try content()
        let renderer = try field.contentRenderer(content, cache: cache) { layout, reach in
            let top = Double(-content.origin.y)
            return layout.keepingLines(y: (top - reach)...(top + field.size.height + reach))
        }
        try field.drawGroup(into: buffer, at: origin, marks: field.editingMarks(in: content)) { (b, at) throws(LabelError) in
            try renderer.render(into: b, at: (at.x + content.origin.x, at.y + content.origin.y))
        }
    }

    /// Renders the view into a new transparent image of its frame (its size rounded up), in
    /// `format` (RGBA8 by default).
    public func image(format: PixelFormat = .rgba8Premultiplied, cache: GlyphCache = .shared) throws(LabelError) -> Image {
        try validate()
        let bounds = try Label.imageBounds(field.drawnBounds)
        let image = try liftRaster(Image(width: bounds.width, height: bounds.height, format: format))
        try image.withBuffer { (buffer) throws(LabelError) in try render(into: buffer, cache: cache) }
        return image
    }
}
