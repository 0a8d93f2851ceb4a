import SheenRaster

/// An owned buffer for benchmarks, 64-byte aligned, tightly packed.
final class BenchBuffer {
    let image: Image
    let buffer: RasterBuffer

    init(width: Int, height: Int, format: PixelFormat = .rgba8Premultiplied) {
        image = try! Image(width: width, height: height, format: format)
        buffer = image.withBuffer { $0 }   // the Image outlives this view: it is stored beside it
    }

    var byteCount: Int { buffer.bytesPerRow * buffer.height }
}
