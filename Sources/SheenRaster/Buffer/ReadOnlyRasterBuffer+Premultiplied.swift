// Validation of premultiplied pixels: where a view holds colour no premultiplied kernel defines.

extension ReadOnlyRasterBuffer {
    /// The first pixel, in row order, that is not valid premultiplied colour — one of its colour
    /// levels above its alpha level (0…255 each), for which compositing defines no result — or nil
    /// when every pixel is valid; always nil for `a8` and for an empty view. `x` and `y` are in
    /// pixels from the view's top-left corner.
    ///
    /// Reads every pixel once, rows through the `check_premultiplied` kernel at the level calls
    /// run at (`Kernels.current`), then the one row that holds such a pixel to find it; reads
    /// nothing outside the view's rows.
    /// - Throws: `RasterError.simdLevelUnavailable` when `SHEEN_SIMD` asks for a level this CPU
    ///   lacks.
    public func firstPixelNotPremultiplied() throws(RasterError) -> (x: Int, y: Int)? {
        let level = try Kernels.requestedLevel()
        guard format.bytesPerPixel == 4,
              let found = firstRowNotPremultiplied(base, stride: bytesPerRow, width: width, height: height, level: level)
        else { return nil }
        // The row the kernel names, pixel by pixel with its twin's test; then every row, only
        // were the two ever to disagree (the tests hold them to the same answer).
        for y in [found] + Array(0 ..< height) {
            let row = self.row(y).assumingMemoryBound(to: UInt8.self)
            for x in 0 ..< width where checkPremultipliedSwift(row + 4 * x, 0, 1, 1) == 0 { return (x, y) }
        }
        return nil
    }
}
