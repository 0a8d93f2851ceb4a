// The pixman formats Sheen draws, and how each maps onto Sheen's pixel formats. Every other
// format (16-bit, 24-bit, indexed, YUV, float, the sRGB variant) is handed to the system pixman.

import CSheenPixman
import SheenRaster

/// A pixman format Sheen draws to and from.
enum PixmanFormat: CaseIterable {
    case a8r8g8b8, x8r8g8b8, a8b8g8r8, x8b8g8r8, a8

    /// The format of pixman's code `code`, or nil for one Sheen leaves to pixman.
    init?(code: UInt32) {
        switch Int(code) {
        case Int(SHEEN_PIXMAN_A8R8G8B8): self = .a8r8g8b8
        case Int(SHEEN_PIXMAN_X8R8G8B8): self = .x8r8g8b8
        case Int(SHEEN_PIXMAN_A8B8G8R8): self = .a8b8g8r8
        case Int(SHEEN_PIXMAN_X8B8G8R8): self = .x8b8g8r8
        case Int(SHEEN_PIXMAN_A8): self = .a8
        default: return nil
        }
    }

    /// Sheen's format of the same bytes on a little-endian machine (a pixman 32-bit format names
    /// the channels of a 32-bit word from its high byte down): the x8 formats as their a8 twins,
    /// their padding byte taken as alpha 255 where it is read (`isPadded`).
    var sheenFormat: PixelFormat {
        switch self {
        case .a8r8g8b8, .x8r8g8b8: .bgra8Premultiplied
        case .a8b8g8r8, .x8b8g8r8: .rgba8Premultiplied
        case .a8: .a8
        }
    }

    /// Whether the fourth byte is padding, which pixman reads as alpha 255.
    var isPadded: Bool { self == .x8r8g8b8 || self == .x8b8g8r8 }

    /// pixman's name of the format, as the statistics print it.
    var name: String {
        switch self {
        case .a8r8g8b8: "a8r8g8b8"
        case .x8r8g8b8: "x8r8g8b8"
        case .a8b8g8r8: "a8b8g8r8"
        case .x8b8g8r8: "x8b8g8r8"
        case .a8: "a8"
        }
    }
}

#if !_endian(little)
#error("SheenPixman maps pixman's 32-bit formats to byte orders for little-endian machines only")
#endif
