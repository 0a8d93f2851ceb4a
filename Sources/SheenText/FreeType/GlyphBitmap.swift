/// The coverage of one rasterised glyph, trimmed to its ink: every row and column holds at least
/// one non-zero pixel, so the bitmap's extent is the glyph's ink box.
public struct GlyphBitmap: Sendable {
    /// Column of the leftmost pixel, relative to the pen position's whole pixel.
    public let left: Int
    /// Row of the top pixel relative to the baseline (negative above it; y grows downwards).
    public let top: Int
    /// Width in pixels (0 for blank glyphs such as a space).
    public let width: Int
    /// Height in pixels (0 for blank glyphs).
    public let height: Int
    /// Coverage 0…255, `width × height` bytes, rows top to bottom (a colour glyph's alpha).
    public let pixels: [UInt8]
    /// A colour glyph's pixels (emoji): premultiplied RGBA, `4 × width × height` bytes, rows top
    /// to bottom; nil for the glyphs a renderer paints (every outline glyph).
    public let color: [UInt8]?

    /// A glyph that draws nothing.
    static let empty = GlyphBitmap(left: 0, top: 0, width: 0, height: 0, pixels: [])

    /// True when the glyph draws nothing.
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// Bytes this bitmap holds (what the glyph cache's budget counts).
    var byteCount: Int { pixels.count + (color?.count ?? 0) + 64 }

    init(left: Int, top: Int, width: Int, height: Int, pixels: [UInt8], color: [UInt8]? = nil) {
        self.left = left; self.top = top; self.width = width; self.height = height; self.pixels = pixels; self.color = color
    }

    /// A colour glyph from premultiplied RGBA pixels (`width × height`) with its top-left at
    /// (`left`, `top`) relative to the pen (y down), trimmed to the pixels with alpha.
    init(colorRGBA rgba: [UInt8], width: Int, height: Int, left: Int, top: Int) {
        var x0 = width, x1 = -1, y0 = height, y1 = -1
        for y in 0..<height {
            for x in 0..<width where rgba[(y * width + x) * 4 + 3] != 0 {
                x0 = min(x0, x); x1 = max(x1, x); y0 = min(y0, y); y1 = max(y1, y)
            }
        }
        guard x1 >= 0 else { self = .empty; return }
        let w = x1 - x0 + 1, h = y1 - y0 + 1
        var alpha = [UInt8](repeating: 0, count: w * h), color = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let s = ((y0 + y) * width + x0 + x) * 4, d = y * w + x
                alpha[d] = rgba[s + 3]
                for c in 0..<4 { color[d * 4 + c] = rgba[s + c] }
            }
        }
        self.init(left: left + x0, top: top + y0, width: w, height: h, pixels: alpha, color: color)
    }

    /// Copies a FreeType bitmap (`pitch` bytes per row, may be negative: bottom-up rows) placed with
    /// its top-left at (`left`, −`top`) in baseline coordinates, trimming blank rows and columns.
    /// One pass ORs every row into a column summary (a loop the compiler vectorises), so finding
    /// the ink box costs about a read of the bitmap; rows are then copied whole.
    init(rows: Int, columns: Int, pitch: Int, buffer: UnsafePointer<UInt8>?, left: Int, top: Int) {
        guard rows > 0, columns > 0, let buffer else { self = .empty; return }
        func row(_ y: Int) -> UnsafePointer<UInt8> {
            pitch >= 0 ? buffer + y * pitch : buffer + (rows - 1 - y) * (-pitch)
        }
        var y0 = rows, y1 = -1
        let columnInk = [UInt8](unsafeUninitializedCapacity: columns) { ink, count in
            ink.initialize(repeating: 0)
            count = columns
            let c = ink.baseAddress!
            for y in 0..<rows {
                let r = row(y)
                var any: UInt8 = 0
                for x in 0..<columns { let v = r[x]; c[x] |= v; any |= v }
                if any != 0 { if y < y0 { y0 = y }; y1 = y }
            }
        }
        guard y1 >= 0 else { self = .empty; return }
        let x0 = columnInk.firstIndex { $0 != 0 }!, x1 = columnInk.lastIndex { $0 != 0 }!
        let w = x1 - x0 + 1, h = y1 - y0 + 1
        let out = [UInt8](unsafeUninitializedCapacity: w * h) { dst, count in
            for y in 0..<h { (dst.baseAddress! + y * w).initialize(from: row(y0 + y) + x0, count: w) }
            count = w * h
        }
        self.init(left: left + x0, top: -top + y0, width: w, height: h, pixels: out)
    }

    /// The coverage both bitmaps share, pixel by pixel the smaller of the two, trimmed. Where one
    /// of them covers a pixel fully this is the exact area of the intersection; elsewhere (a band
    /// edge inside an anti-aliased glyph edge, only where a stem is thinner than the band) it is
    /// the largest area the intersection can have.
    func intersection(_ other: GlyphBitmap) -> GlyphBitmap {
        let x0 = max(left, other.left), x1 = min(left + width, other.left + other.width)
        let y0 = max(top, other.top), y1 = min(top + height, other.top + other.height)
        guard x0 < x1, y0 < y1 else { return .empty }
        let w = x1 - x0, h = y1 - y0
        var out = [UInt8](repeating: 0, count: w * h)
        pixels.withUnsafeBufferPointer { a in
            other.pixels.withUnsafeBufferPointer { b in
                for y in 0..<h {
                    let ra = (y0 + y - top) * width + (x0 - left), rb = (y0 + y - other.top) * other.width + (x0 - other.left)
                    for x in 0..<w { out[y * w + x] = min(a[ra + x], b[rb + x]) }
                }
            }
        }
        // Baseline coordinates: `top` is already y-down here, the initialiser takes FreeType's y-up top.
        return out.withUnsafeBufferPointer { p in
            GlyphBitmap(rows: h, columns: w, pitch: w, buffer: p.baseAddress, left: x0, top: -y0)
        }
    }
}
