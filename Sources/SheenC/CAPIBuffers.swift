// Pixel buffers, formats, colours and images across the C boundary.

import CSheenAPI
import SheenRaster

/// Where an empty buffer described with NULL pixels points (never read or written).
nonisolated(unsafe) private let emptyPixels = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 64)

/// A pixel format from its C value.
func pixelFormat(_ value: Int32) throws -> PixelFormat {
    switch UInt32(bitPattern: value) {
    case SHEEN_FORMAT_RGBA8_PREMULTIPLIED.rawValue: return .rgba8Premultiplied
    case SHEEN_FORMAT_BGRA8_PREMULTIPLIED.rawValue: return .bgra8Premultiplied
    case SHEEN_FORMAT_A8.rawValue: return .a8
    default: throw CAPIError.invalid("format \(value) is not a sheen_format (0…2)")
    }
}

/// The C value of a pixel format.
func cFormat(_ format: PixelFormat) -> Int32 {
    switch format {
    case .rgba8Premultiplied: return Int32(SHEEN_FORMAT_RGBA8_PREMULTIPLIED.rawValue)
    case .bgra8Premultiplied: return Int32(SHEEN_FORMAT_BGRA8_PREMULTIPLIED.rawValue)
    case .a8: return Int32(SHEEN_FORMAT_A8.rawValue)
    }
}

/// A validated view of the memory a sheen_buffer describes (see RasterBuffer.init).
func rasterBuffer(_ buffer: UnsafePointer<sheen_buffer>?, _ name: @autoclosure () -> String) throws -> RasterBuffer {
    guard let b = buffer?.pointee else { throw CAPIError.null(name()) }
    let format = try pixelFormat(b.format)
    let base: UnsafeMutableRawPointer
    if let pixels = b.pixels {
        base = pixels
    } else {
        guard b.width == 0 || b.height == 0 else { throw CAPIError.null("\(name())->pixels") }
        base = emptyPixels
    }
    return try RasterBuffer(base: base, width: b.width, height: b.height, bytesPerRow: b.bytes_per_row, format: format)
}

/// A sheen_buffer describing `buffer`.
func cBuffer(_ buffer: RasterBuffer) -> sheen_buffer {
    sheen_buffer(pixels: buffer.base, width: buffer.width, height: buffer.height, bytes_per_row: buffer.bytesPerRow,
                 format: cFormat(buffer.format))
}

/// A colour from C, with every component finite.
func color(_ c: sheen_color, _ name: @autoclosure () -> String) throws -> Color {
    // One test on the call path; the component is named only when it fails.
    if !(c.red.isFinite && c.green.isFinite && c.blue.isFinite && c.alpha.isFinite) {
        for (component, value) in [("red", c.red), ("green", c.green), ("blue", c.blue), ("alpha", c.alpha)] where !value.isFinite {
            throw CAPIError.invalid("\(name()).\(component) is \(value), not a finite number")
        }
    }
    return Color(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
}

/// A finite number from C.
func finite(_ value: Double, _ name: @autoclosure () -> String) throws -> Double {
    guard value.isFinite else { throw CAPIError.invalid("\(name()) is \(value), not a finite number") }
    return value
}

/// A size_t from C: Swift reads one above INTPTR_MAX as a negative Int, which is refused by its
/// real value rather than taken as a small one.
func size(_ value: Int, _ name: @autoclosure () -> String) throws -> Int {
    guard value >= 0 else { throw CAPIError.invalid("\(name()) is \(UInt(bitPattern: value)), more than \(Int.max)") }
    return value
}

/// `sheen_color_from_rgba` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_color_from_rgba")
public func sheenColorFromRGBA(_ rgba: UInt32) -> sheen_color {
    let c = Color(rgba: rgba)
    return sheen_color(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
}

/// `sheen_image_create` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_image_create")
public func sheenImageCreate(_ width: Int, _ height: Int, _ format: Int32, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> sheen_status {
    capi {
        let out = try required(out, "out")
        // sheen.h promises INVALID_ARGUMENT for a side out of range (a buffer's own sizes are
        // INVALID_BUFFER, but here there is no buffer yet).
        for (name, side) in [("width", width), ("height", height)] where !(0 ... Image.maximumSide).contains(side) {
            throw CAPIError.invalid("\(name) \(side) is outside 0…\(Image.maximumSide)")
        }
        store(ImageBox(try Image(width: width, height: height, format: try pixelFormat(format))), into: out)
    }
}

/// `sheen_image_get_buffer` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_image_get_buffer")
public func sheenImageGetBuffer(_ image: OpaquePointer?, _ out: UnsafeMutablePointer<sheen_buffer>?) -> sheen_status {
    capi {
        let box = try borrow(image, "image", as: ImageBox.self)
        let out = try required(out, "out")
        out.pointee = box.image.withBuffer { cBuffer($0) }
    }
}

/// `sheen_image_destroy` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_image_destroy")
public func sheenImageDestroy(_ image: OpaquePointer?) { release(image, as: ImageBox.self) }
