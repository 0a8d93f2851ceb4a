/// The one place buffer layouts are checked, for both view types.
func validateLayout(width: Int, height: Int, bytesPerRow: Int, format: PixelFormat) throws(RasterError) {
    if width < 0 || height < 0 { throw RasterError.negativeSize(width: width, height: height) }
    let bpp = format.bytesPerPixel
    let (rowBytes, o1) = width.multipliedReportingOverflow(by: bpp)
    if o1 { throw RasterError.sizeOverflow(width: width, height: height, bytesPerRow: bytesPerRow) }
    if bytesPerRow < rowBytes {
        throw RasterError.bytesPerRowTooSmall(bytesPerRow: bytesPerRow, width: width, bytesPerPixel: bpp)
    }
    let (whole, o2) = bytesPerRow.multipliedReportingOverflow(by: height)
    if o2 || whole.addingReportingOverflow(rowBytes).overflow {
        throw RasterError.sizeOverflow(width: width, height: height, bytesPerRow: bytesPerRow)
    }
}
