/// A borrowed, writable view of pixels in memory the caller owns: base address, size, row stride
/// and format. Sheen never retains or frees that memory.
///
/// The view is validated once, when made, so kernels check nothing per pixel. Any base alignment
/// and any row padding works; the last row needs no padding (the view spans
/// `bytesPerRow × (height − 1) + width × bytesPerPixel` bytes).
///
/// The caller keeps the memory alive and unaliased by other writers while a kernel runs.
///
/// Sendable (unchecked, like the memory it points to): a view may be handed to another task or
/// thread — for instance disjoint `cropped` bands rendered in parallel — under the same rule:
/// no two of them write the same pixels at once, or one writes while another reads.
public struct RasterBuffer: @unchecked Sendable {
    /// Address of the top-left pixel.
    public let base: UnsafeMutableRawPointer
    /// Width in pixels (≥ 0).
    public let width: Int
    /// Height in pixels (≥ 0).
    public let height: Int
    /// Distance in bytes from one row to the next (≥ width × bytes per pixel).
    public let bytesPerRow: Int
    /// Layout of each pixel.
    public let format: PixelFormat

    /// Makes a view after checking the layout. Throws `RasterError` for negative sizes, a
    /// `bytesPerRow` below `width × format.bytesPerPixel`, or an extent that overflows `Int`.
    public init(base: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int,
                format: PixelFormat) throws(RasterError) {
        try validateLayout(width: width, height: height, bytesPerRow: bytesPerRow, format: format)
        self.init(unchecked: base, width: width, height: height, bytesPerRow: bytesPerRow, format: format)
    }

    /// Makes a view of a layout already known to be valid.
    @usableFromInline
    init(unchecked base: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int,
         format: PixelFormat) {
        self.base = base; self.width = width; self.height = height
        self.bytesPerRow = bytesPerRow; self.format = format
    }

    /// The whole view as a rectangle at (0, 0).
    @inlinable
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// The address of the first pixel of row `y` (0 ≤ y < height; not checked).
    @inlinable
    public func row(_ y: Int) -> UnsafeMutableRawPointer { base + y &* bytesPerRow }

    /// A view of the part of `rect` that lies inside this view (clipped; possibly empty).
    /// Coordinates are relative to this view's top-left pixel.
    public func cropped(to rect: PixelRect) -> RasterBuffer {
        let r = rect.intersection(bounds)
        let start = r.isEmpty ? base : base + r.y * bytesPerRow + r.x * format.bytesPerPixel
        return RasterBuffer(unchecked: start, width: r.width, height: r.height,
                            bytesPerRow: bytesPerRow, format: format)
    }

    /// The same pixels, read-only.
    @inlinable
    public var readOnly: ReadOnlyRasterBuffer {
        ReadOnlyRasterBuffer(unchecked: UnsafeRawPointer(base), width: width, height: height,
                             bytesPerRow: bytesPerRow, format: format)
    }
}
