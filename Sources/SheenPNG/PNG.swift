internal import CLibPNG
import SheenRaster

/// PNG encoding and decoding over libpng's simplified `png_image_*` API.
///
/// Encoding un-premultiplies 32-bit pixels with exact rounding (`round(c × 255 / a)`) into an
/// 8-bit RGBA PNG; A8 buffers are written as 8-bit greyscale (coverage 255 = white), which is how
/// a mask is looked at. Decoding returns a premultiplied RGBA8 image (`round(c × a / 255)`).
public enum PNG {
    /// Longest side `encode` accepts, in pixels: libpng's default user limit on both width and
    /// height (`PNG_USER_WIDTH_MAX`, `PNG_USER_HEIGHT_MAX`), which its writer enforces too.
    public static let maximumEncodedSide = 1_000_000

    /// Encodes `buffer` as PNG bytes. Throws `PNGError` for an empty image or one with a side
    /// over `maximumEncodedSide`.
    public static func encode(_ buffer: ReadOnlyRasterBuffer) throws(PNGError) -> [UInt8] {
        if buffer.width == 0 || buffer.height == 0 {
            throw .emptyImage(width: buffer.width, height: buffer.height)
        }
        guard buffer.width <= maximumEncodedSide, buffer.height <= maximumEncodedSide else {
            throw .imageTooLarge(width: buffer.width, height: buffer.height, maximumSide: maximumEncodedSide)
        }
        let channels = buffer.format == .a8 ? 1 : 4
        let stride = buffer.width * channels
        var straight = [UInt8](repeating: 0, count: stride * buffer.height)
        for y in 0 ..< buffer.height {
            let row = buffer.row(y)
            for x in 0 ..< buffer.width {
                let o = y * stride + x * channels
                switch buffer.format {
                case .a8:
                    straight[o] = row.load(fromByteOffset: x, as: UInt8.self)
                case .rgba8Premultiplied, .bgra8Premultiplied:
                    let p = row.loadUnaligned(fromByteOffset: x * 4, as: SIMD4<UInt8>.self)
                    let rgba = buffer.format.rgbaOrder(p)
                    let s = unpremultiply(rgba)
                    straight[o] = s.x; straight[o + 1] = s.y; straight[o + 2] = s.z; straight[o + 3] = s.w
                }
            }
        }
        var image = png_image()
        image.version = sheen_png_image_version
        image.width = UInt32(buffer.width)
        image.height = UInt32(buffer.height)
        image.format = channels == 1 ? sheen_png_format_gray : sheen_png_format_rgba
        var size: png_alloc_size_t = 0
        let ok1 = straight.withUnsafeBytes { src in
            png_image_write_to_memory(&image, nil, &size, 0, src.baseAddress, Int32(stride), nil)
        }
        guard ok1 != 0, size > 0 else { throw .encodingFailed(reason: message(of: &image)) }
        var out = [UInt8](repeating: 0, count: Int(size))
        let ok2 = straight.withUnsafeBytes { src in
            out.withUnsafeMutableBytes { dst in
                png_image_write_to_memory(&image, dst.baseAddress, &size, 0, src.baseAddress, Int32(stride), nil)
            }
        }
        guard ok2 != 0 else { throw .encodingFailed(reason: message(of: &image)) }
        png_image_free(&image)
        return Array(out.prefix(Int(size)))
    }

    /// Largest image `decode` accepts, in pixels (2²⁸: 1 GiB of RGBA8).
    public static let maximumPixelCount = 1 << 28

    /// The most pixels `decode` accepts unless asked for more: 2²⁴, a 64 MiB RGBA8 image (4096 ×
    /// 4096). A 32 KB file can declare 2²⁸ pixels that deflate could really expand to; a caller
    /// that expects images that large passes `maximumPixels: PNG.maximumPixelCount`.
    public static let defaultMaximumPixels = 1 << 24

    /// The most bytes deflate can expand one compressed byte into (its longest match, 258 bytes,
    /// costs at least two bits): a PNG of `n` bytes cannot hold more than this × `n` bytes of
    /// image rows, whatever its header claims.
    static let deflateExpansionLimit = 1032

    /// Decodes PNG bytes into a new premultiplied RGBA8 image. Throws `PNGError` for data that is
    /// not a readable PNG, and — before allocating anything — for a declared size above
    /// `maximumPixels` (`defaultMaximumPixels` unless given, at most `maximumPixelCount`: a 32 KB
    /// file cannot make it allocate 1 GiB unless the caller asks for images that large) or larger
    /// than `data` could hold (even at deflate's largest expansion and one bit per pixel).
    public static func decode(_ data: [UInt8], maximumPixels: Int = defaultMaximumPixels) throws(PNGError) -> Image {
        let limit = min(max(maximumPixels, 0), maximumPixelCount)
        var image = png_image()
        image.version = sheen_png_image_version
        let ok = data.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard ok != 0 else { throw .unreadable(reason: message(of: &image)) }
        image.format = sheen_png_format_rgba
        let w = Int(image.width), h = Int(image.height)
        guard w > 0, h > 0, w <= 1 << 16, h <= 1 << 16 else {
            png_image_free(&image)
            throw .sizeOutOfRange(width: w, height: h)
        }
        guard w * h <= limit else {
            png_image_free(&image)
            throw .tooManyPixels(width: w, height: h, maximum: limit)
        }
        // Each row is a filter byte and at least ⌈w/8⌉ bytes (one bit per pixel).
        guard h * (1 + (w + 7) / 8) <= deflateExpansionLimit * data.count else {
            png_image_free(&image)
            throw .sizeExceedsData(width: w, height: h, byteCount: data.count)
        }
        let result: Image
        do { result = try Image(width: w, height: h, format: .rgba8Premultiplied) } catch {
            png_image_free(&image)
            throw .allocationFailed(bytes: w * h * 4)
        }
        let ok2 = result.withBuffer { b in
            png_image_finish_read(&image, nil, b.base, Int32(b.bytesPerRow), nil)
        }
        guard ok2 != 0 else { throw .corrupt(reason: message(of: &image)) }
        result.withBuffer { b in
            for y in 0 ..< h {
                let row = b.row(y)
                for x in 0 ..< w {
                    let p = row.loadUnaligned(fromByteOffset: x * 4, as: SIMD4<UInt8>.self)
                    row.storeBytes(of: premultiply(p), toByteOffset: x * 4, as: SIMD4<UInt8>.self)
                }
            }
        }
        return result
    }

    /// round(c × 255 / a) per colour channel; transparent pixels become (0, 0, 0, 0).
    public static func unpremultiply(_ p: SIMD4<UInt8>) -> SIMD4<UInt8> {
        let a = UInt32(p.w)
        if a == 0 { return .zero }
        func u(_ c: UInt8) -> UInt8 { UInt8(min((UInt32(c) * 255 + a / 2) / a, 255)) }
        return SIMD4(u(p.x), u(p.y), u(p.z), p.w)
    }

    /// round(c × a / 255) per colour channel (exact).
    public static func premultiply(_ p: SIMD4<UInt8>) -> SIMD4<UInt8> {
        let a = UInt32(p.w)
        func m(_ c: UInt8) -> UInt8 { UInt8(mulDiv255(UInt32(c), a)) }
        return SIMD4(m(p.x), m(p.y), m(p.z), p.w)
    }

    private static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
