// One image of a fuzz input, made twice: once through the drop-in (side A, whose calls Sheen may
// draw) and once through the system pixman (side B, pixman's own). Its pixels (bits images), its
// state as the calls set it and how pixman samples it, for the exact reference.

import CSheenPixman
import SheenPixman

/// pixman's formats the harness makes bits images of: the five the drop-in draws.
let fuzzFormats: [UInt32] = [UInt32(SHEEN_PIXMAN_A8R8G8B8), UInt32(SHEEN_PIXMAN_X8R8G8B8), UInt32(SHEEN_PIXMAN_A8B8G8R8),
                             UInt32(SHEEN_PIXMAN_X8B8G8R8), UInt32(SHEEN_PIXMAN_A8)]

/// Bytes per pixel of one of `fuzzFormats`.
func bytesPerPixel(_ format: UInt32) -> Int { format == UInt32(SHEEN_PIXMAN_A8) ? 1 : 4 }

/// Whether `format` is an x8 format: its fourth byte is padding, read as alpha 255.
func isPadded(_ format: UInt32) -> Bool {
    format == UInt32(SHEEN_PIXMAN_X8R8G8B8) || format == UInt32(SHEEN_PIXMAN_X8B8G8R8)
}

/// The pixel of `format` at `p` as premultiplied (R, G, B, A) levels, as pixman reads it.
func readPixel(_ p: UnsafeRawPointer, _ format: UInt32) -> SIMD4<UInt8> {
    if format == UInt32(SHEEN_PIXMAN_A8) { return SIMD4(0, 0, 0, p.load(as: UInt8.self)) }
    let w = p.loadUnaligned(as: UInt32.self)
    let hi = UInt8(truncatingIfNeeded: w >> 16), mid = UInt8(truncatingIfNeeded: w >> 8), lo = UInt8(truncatingIfNeeded: w)
    let a = isPadded(format) ? 255 : UInt8(truncatingIfNeeded: w >> 24)
    let isARGB = format == UInt32(SHEEN_PIXMAN_A8R8G8B8) || format == UInt32(SHEEN_PIXMAN_X8R8G8B8)
    return isARGB ? SIMD4(hi, mid, lo, a) : SIMD4(lo, mid, hi, a)
}

/// What pixman samples at pixel (x, y) of a bits image's own space (after any translation) of
/// `format`, `width` × `height` pixels `stride` bytes a row at `pixels`: repeat none is
/// transparent outside, normal wraps, pad clamps, reflect mirrors.
func pixmanSample(_ x: Int, _ y: Int, format: UInt32, pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int,
                  repeatMode: UInt32) -> SIMD4<UInt8> {
    guard let sx = FuzzImage.wrap(x, width, repeatMode), let sy = FuzzImage.wrap(y, height, repeatMode) else { return .zero }
    return readPixel(pixels + sy * stride + sx * bytesPerPixel(format), format)
}

/// A paired image and the state the input's calls gave it.
final class FuzzImage {
    enum Kind {
        /// A bits image: `a` and `b` hold its pixels on each side.
        case bits(format: UInt32, width: Int, height: Int, a: FencedBits, b: FencedBits)
        /// A solid fill: its colour as pixman keeps it (each 16-bit channel's high byte).
        case solid(SIMD4<UInt8>)
        /// A linear, radial or conical gradient.
        case gradient
    }

    let kind: Kind
    /// The image made through the drop-in and through the system pixman.
    let a: OpaquePointer
    let b: OpaquePointer
    var repeatMode: UInt32 = UInt32(SHEEN_PIXMAN_REPEAT_NONE)
    /// The transform when it is an integer translation (identity: (0, 0)); nil for any other.
    var translation: (x: Int, y: Int)? = (0, 0)
    /// Whether the filter is one that samples a pixel centre as that pixel (not a convolution).
    var pointFilter = true
    /// Whether the filter is a separable convolution (pixman's own sampling of the image models
    /// it, as it does a point filter's).
    var separable = false
    /// The clip region's boxes; nil: no clip region set.
    var clip: [SheenPixmanBox32]?
    var clientClip = false
    var sourceClipping = false
    var componentAlpha = false
    var hasAlphaMap = false

    init(kind: Kind, a: OpaquePointer, b: OpaquePointer) {
        self.kind = kind; self.a = a; self.b = b
    }

    deinit {
        _ = sheenPixmanUnref(a)
        _ = ReferencePixman.shared.unref(b)
    }

    /// The bits image's layout and sides; nil for solid fills and gradients.
    var bits: (format: UInt32, width: Int, height: Int, a: FencedBits, b: FencedBits)? {
        if case let .bits(format, width, height, a, b) = kind { return (format, width, height, a, b) }
        return nil
    }

    /// Whether (x, y) is inside the clip region (true without one).
    func clipContains(_ x: Int, _ y: Int) -> Bool {
        guard let clip else { return true }
        return clip.contains { Int($0.x1) <= x && x < Int($0.x2) && Int($0.y1) <= y && y < Int($0.y2) }
    }

    /// Whether pixman applies this image's clip when it is a call's source or mask.
    var clipsAsSource: Bool { clip != nil && clientClip && sourceClipping }

    /// What pixman samples at pixel (x, y) of its source space (before the transform, which
    /// must be a translation), reading bits from `pixels` (a snapshot of side A's, or side A's
    /// own): repeat none is transparent outside, normal wraps, pad clamps, reflect mirrors.
    func sample(_ x: Int, _ y: Int, pixels: UnsafeRawPointer) -> SIMD4<UInt8> {
        switch kind {
        case .solid(let colour): return colour
        case .gradient: preconditionFailure("gradients are not sampled by the reference")
        case let .bits(format, width, height, a, _):
            let t = translation ?? (0, 0)
            return pixmanSample(x + t.x, y + t.y, format: format, pixels: pixels, width: width, height: height, stride: a.stride,
                                repeatMode: repeatMode)
        }
    }

    /// Coordinate `v` of a row or column of `size` under pixman's `repeat`; nil outside repeat none.
    static func wrap(_ v: Int, _ size: Int, _ repeatMode: UInt32) -> Int? {
        switch Int(repeatMode) {
        case Int(SHEEN_PIXMAN_REPEAT_NORMAL): return ((v % size) + size) % size
        case Int(SHEEN_PIXMAN_REPEAT_PAD): return min(max(v, 0), size - 1)
        case Int(SHEEN_PIXMAN_REPEAT_REFLECT):
            let m = ((v % (2 * size)) + 2 * size) % (2 * size)
            return m >= size ? 2 * size - 1 - m : m
        default: return (0 ..< size).contains(v) ? v : nil
        }
    }
}
