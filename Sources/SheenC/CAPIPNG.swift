// PNG encoding across the C boundary.

import CSheenAPI
import SheenPNG
import SheenRaster
import SheenPlatform

/// `sheen_png_encode` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_png_encode")
public func sheenPNGEncode(_ buffer: UnsafePointer<sheen_buffer>?, _ bytes: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?,
                           _ count: UnsafeMutablePointer<Int>?) -> sheen_status {
    capi {
        let source = try rasterBuffer(buffer, "buffer")
        let (bytes, count) = (try required(bytes, "bytes"), try required(count, "count"))
        let encoded = try PNG.encode(source.readOnly)
        guard let memory = malloc(encoded.count)?.assumingMemoryBound(to: UInt8.self) else {
            throw RasterError.allocationFailed(bytes: encoded.count)
        }
        memory.initialize(from: encoded, count: encoded.count)
        bytes.pointee = memory
        count.pointee = encoded.count
    }
}

/// `sheen_png_write` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_png_write")
public func sheenPNGWrite(_ buffer: UnsafePointer<sheen_buffer>?, _ path: UnsafePointer<CChar>?) -> sheen_status {
    capi {
        let source = try rasterBuffer(buffer, "buffer")
        // The command line's output rules (PNGFile): devices and FIFOs written through, symbolic
        // links kept, a replaced file's permissions kept, whole or nothing for regular files.
        let file = try PNGFile(path: try string(path, "path"))
        let encoded = try PNG.encode(source.readOnly)
        try file.write(encoded)
    }
}
