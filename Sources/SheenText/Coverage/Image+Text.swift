import SheenRaster

extension Image {
    /// A zeroed image for text coverage, its allocation failure reported as SheenText's error.
    static func forText(width: Int, height: Int, format: PixelFormat) throws(TextError) -> Image {
        do { return try Image(width: width, height: height, format: format) } catch { throw .raster(error) }
    }
}
