/// A borrowed, read-only view of pixels in memory the caller owns; the twin of `RasterBuffer`
/// with the same validation rules.
public struct ReadOnlyRasterBuffer: @unchecked Sendable {
    /// Address of the top-left pixel.
    public let base: UnsafeRawPointer
    /// Width in pixels (≥ 0).
    public let width: Int
    /// Height in pixels (≥ 0).
    public let height: Int
    /// Distance in bytes from one row to the next (≥ width × bytes per pixel).
    public let bytesPerRow: Int
    /// Layout of each pixel.
    public let format: PixelFormat

    /// Makes a view after checking the layout (see `RasterBuffer.init`).
    public init(base: UnsafeRawPointer, width: Int, height: Int, bytesPerRow: Int,
                format: PixelFormat) throws(RasterError) {
        try validateLayout(width: width, height: height, bytesPerRow: bytesPerRow, format: format)
        self.init(unchecked: base, width: width, height: height, bytesPerRow: bytesPerRow, format: format)
    }

    @usableFromInline
    init(unchecked base: UnsafeRawPointer, width: Int, height: Int, bytesPerRow: Int,
         format: PixelFormat) {
        self.base = base; self.width = width; self.height = height
        self.bytesPerRow = bytesPerRow; self.format = format
    }

    /// The whole view as a rectangle at (0, 0).
    @inlinable
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// The address of the first pixel of row `y` (0 ≤ y < height; not checked).
    @inlinable
    public func row(_ y: Int) -> UnsafeRawPointer { base + y &* bytesPerRow }

    /// A view of the part of `rect` that lies inside this view (clipped; possibly empty).
    public func cropped(to rect: PixelRect) -> ReadOnlyRasterBuffer {
        let r = rect.intersection(bounds)
        let start = r.isEmpty ? base : base + r.y * bytesPerRow + r.x * format.bytesPerPixel
        return ReadOnlyRasterBuffer(unchecked: start, width: r.width, height: r.height,
                                    bytesPerRow: bytesPerRow, format: format)
    }
}
