import SheenRaster

/// The pixel bytes of a view, row by row, without row padding.
public func pixelBytes(_ buffer: ReadOnlyRasterBuffer) -> [UInt8] {
    let rowBytes = buffer.width * buffer.format.bytesPerPixel
    return (0 ..< buffer.height).flatMap { y in Array(UnsafeRawBufferPointer(start: buffer.row(y), count: rowBytes)) }
}

/// The pixel bytes of a view, row by row, without row padding.
public func pixelBytes(_ buffer: RasterBuffer) -> [UInt8] { pixelBytes(buffer.readOnly) }

/// Largest absolute difference, in levels, between two equally long byte arrays (0 when empty).
public func maxDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
    precondition(a.count == b.count, "comparing \(a.count) bytes with \(b.count)")
    var worst = 0
    for (x, y) in zip(a, b) { worst = max(worst, abs(Int(x) - Int(y))) }
    return worst
}

/// Largest absolute difference, in levels, between the pixels of two views of one size and format.
public func maxDifference(_ a: ReadOnlyRasterBuffer, _ b: ReadOnlyRasterBuffer) -> Int {
    precondition(a.width == b.width && a.height == b.height && a.format == b.format, "views differ in shape")
    return maxDifference(pixelBytes(a), pixelBytes(b))
}
