/// A gradient baked into a 1-pixel-wide column or 1-pixel-tall row, then filled by repetition —
/// the "1-pixel pattern image" of UIKit-era gradient labels, measured by sheen-bench.
///
/// A column pattern holds the colours of one pixel column (y = 0 ..< length) and paints every
/// pixel (x, y) of a destination with entry `y mod length`; a row pattern holds one pixel row and
/// paints (x, y) with entry `x mod length`. It is exact for gradients that are constant along the
/// repeated direction (vertical gradients for a column, horizontal ones for a row) and a
/// deliberate approximation otherwise. Patterns are not dithered: the dither is a 2-D pattern.
public struct GradientPattern: Sendable {
    /// Which way the pattern runs.
    public enum Axis: String, Sendable, CaseIterable {
        /// 1 × length pixels, repeated across every row.
        case column
        /// length × 1 pixels, repeated down every column.
        case row
    }

    /// The direction of the baked strip.
    public let axis: Axis
    /// Pixels in the strip.
    public let length: Int
    /// The format the strip is stored in (the format it fills).
    public let format: PixelFormat
    private let pixels: [UInt8]

    /// Longest strip, in pixels (2²⁴: longer than any destination a strip is meant to repeat
    /// across, and 64 MiB of RGBA).
    public static let maximumLength = 1 << 24

    /// Bakes `length` pixels of `fill`'s gradient along pixel column `at` (for `.column`) or pixel
    /// row `at` (for `.row`), stored in `format`. Throws `RasterError.outOfRange` for a length
    /// below 1 or above `maximumLength`.
    public init(_ fill: GradientFill, axis: Axis, length: Int, at position: Int = 0,
                format: PixelFormat = .rgba8Premultiplied) throws(RasterError) {
        guard length >= 1, length <= Self.maximumLength else {
            throw RasterError.outOfRange(name: "length", value: Double(length), range: "[1, \(Self.maximumLength)]")
        }
        self.axis = axis; self.length = length; self.format = format
        let level = try Kernels.requestedLevel()
        let program = fill.program
        var bytes = [UInt8](repeating: 0, count: length * 4)
        bytes.withUnsafeMutableBytes { raw in
            let column = axis == .column
            program.shade(raw.baseAddress!, stride: 4, x: column ? position : 0, y: column ? 0 : position,
                          width: column ? 1 : length, height: column ? length : 1, bytesPerPixel: 4,
                          bgra: format == .bgra8Premultiplied, dither: false, level: level)
        }
        if format == .a8 {
            bytes = (0 ..< length).map { bytes[$0 * 4 + 3] }
        }
        pixels = bytes
    }

    /// Entry `i` (0 ≤ i < length) as stored: a 32-bit pixel in memory byte order, or an A8 value.
    func entry(_ i: Int) -> UInt32 {
        format == .a8 ? UInt32(pixels[i])
            : pixels.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self) }
    }

    /// Bytes of memory the strip occupies.
    public var byteCount: Int { pixels.count }

    /// Paints `rect` (default: all; clipped) of `buffer` by repeating the strip — a column strip
    /// with kernel fill_rows (each row one value), a row strip with copy_rows. Throws
    /// `RasterError.formatMismatch` unless `buffer.format` is the strip's format, and
    /// `.invalidRect` for a negative rectangle, touching nothing.
    public func fill(_ buffer: RasterBuffer, rect: PixelRect? = nil) throws(RasterError) {
        if buffer.format != format { throw RasterError.formatMismatch(expected: format, actual: buffer.format) }
        let r = try (rect ?? buffer.bounds).validated().intersection(buffer.bounds)
        if r.isEmpty { return }
        let bpp = format.bytesPerPixel
        let rowBytes = r.width * bpp
        let level = try Kernels.requestedLevel()
        pixels.withUnsafeBytes { strip in
            let src = strip.baseAddress!
            switch axis {
            case .column:
                fillRows(buffer.row(r.y) + r.x * bpp, stride: buffer.bytesPerRow, width: r.width, height: r.height,
                         bytesPerPixel: bpp, values: src, count: length, phase: r.y % length, level: level)
            case .row:
                // The first destination row: the strip from phase x mod length, wrapped, up to
                // one period, then doubled; every other row copies the first.
                let first = buffer.row(r.y) + r.x * bpp
                let phase = r.x % length
                let head = min((length - phase) * bpp, rowBytes)
                copyBytes(first, src + phase * bpp, head)
                let period = min(length * bpp, rowBytes)
                if period > head { copyBytes(first + head, src, period - head) }
                extendPeriodic(first, filled: period, total: rowBytes)
                copyRows(buffer.row(r.y + 1) + r.x * bpp, stride: buffer.bytesPerRow, rowBytes: rowBytes,
                         height: r.height - 1, from: first, srcStride: 0, period: 1, level: level)
            }
        }
    }
}
