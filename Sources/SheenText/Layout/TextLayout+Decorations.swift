import CHarfBuzz
import SheenRaster

/// A rectangle a run's attributes draw besides its glyphs: an underline, a strikethrough or a
/// background, in layout pixels.
public struct DecorationRect: Hashable, Sendable {
    /// What draws the rectangle.
    public enum Kind: Hashable, Sendable {
        /// An underline (one rectangle per line of a double underline).
        case underline
        /// A strikethrough (one rectangle per line of a double strikethrough).
        case strikethrough
        /// The run's background colour, over the line's typographic height.
        case background
    }

    /// What draws it.
    public let kind: Kind
    /// Where, in layout pixels (fractional: edges are drawn with their exact area coverage).
    public let rect: Rect
    /// The line it lies on.
    public let line: Int
    /// The attributes that asked for it.
    public let attributesIndex: Int
    /// Its colour: the decoration's or background's own, nil for a decoration painted like the text.
    public let color: Color?
    /// Index of the segment in its line's `segments`.
    public let segment: Int
}

extension TextLayout {
    /// Every underline, strikethrough and background the runs' attributes draw, line by line,
    /// left to right. Underlines and strikethroughs take position and thickness from the face of
    /// the segment (OpenType `post` underline, OS/2 strikeout), at its size, raised with it.
    public var decorations: [DecorationRect] {
        var out: [DecorationRect] = []
        guard text.attributes.contains(where: { $0.underline != nil || $0.strikethrough != nil || $0.backgroundColor != nil })
        else { return out }
        for (i, line) in lines.enumerated() {
            for (k, s) in line.segments.enumerated() where s.width > 0 {
                let attributes = text.attributes[s.attributesIndex]
                if let color = attributes.backgroundColor {
                    let r = line.typographicRect
                    out.append(DecorationRect(kind: .background, rect: Rect(x: s.x, y: r.y, width: s.width, height: r.height),
                                              line: i, attributesIndex: s.attributesIndex, color: color, segment: k))
                }
                let metrics = s.face.decorationMetrics
                let scale = s.size / Double(s.face.unitsPerEm)
                for (kind, decoration, top, thickness) in [
                    (DecorationRect.Kind.underline, attributes.underline, metrics.underlineTop, metrics.underlineThickness),
                    (.strikethrough, attributes.strikethrough, metrics.strikeoutTop, metrics.strikeoutThickness)] {
                    guard let decoration else { continue }
                    let t = thickness * scale
                    let y = line.baseline - s.raise - top * scale
                    let bands: [(Double, Double)]
                    switch decoration.style {
                    case .single: bands = [(y, t)]
                    case .thick: bands = [(y, 2 * t)]
                    case .double: bands = [(y, t), (y + 2 * t, t)]
                    }
                    for (y0, h) in bands {
                        out.append(DecorationRect(kind: kind, rect: Rect(x: s.x, y: y0, width: s.width, height: h), line: i,
                                                  attributesIndex: s.attributesIndex, color: decoration.color, segment: k))
                    }
                }
            }
        }
        return out
    }
}

/// A face's underline and strikeout metrics, design units, y up: the top edge of each line
/// relative to the baseline and its thickness.
struct DecorationMetrics {
    var underlineTop: Double, underlineThickness: Double
    var strikeoutTop: Double, strikeoutThickness: Double

    /// From the `post` and OS/2 tables through HarfBuzz; a table that lacks them gets the
    /// conventional values (an underline 1/10 em below the baseline, 1/20 em thick; a strikeout
    /// a quarter em up), so every face can decorate.
    init(hbFont: OpaquePointer, unitsPerEm: Int) {
        func metric(_ tag: hb_ot_metrics_tag_t) -> Double? {
            var v: hb_position_t = 0
            return hb_ot_metrics_get_position(hbFont, tag, &v) != 0 ? Double(v) : nil
        }
        let em = Double(unitsPerEm)
        let thickness = metric(HB_OT_METRICS_TAG_UNDERLINE_SIZE).flatMap { $0 > 0 ? $0 : nil } ?? em / 20
        underlineThickness = thickness
        underlineTop = metric(HB_OT_METRICS_TAG_UNDERLINE_OFFSET) ?? -em / 10
        strikeoutThickness = metric(HB_OT_METRICS_TAG_STRIKEOUT_SIZE).flatMap { $0 > 0 ? $0 : nil } ?? thickness
        strikeoutTop = metric(HB_OT_METRICS_TAG_STRIKEOUT_OFFSET).flatMap { $0 != 0 ? $0 : nil } ?? em / 4 + strikeoutThickness / 2
    }
}

extension Rect {
    /// The rectangle's coverage on the pixel grid: each pixel's value is the area of it the
    /// rectangle covers (× 255, rounded), trimmed to the pixels it touches. nil for an empty or
    /// absurd rectangle.
    func coverageBitmap() -> (rect: PixelRect, bitmap: GlyphBitmap)? {
        guard width > 0, height > 0, x.isFinite, y.isFinite, maxX.isFinite, maxY.isFinite,
              abs(x) < 1e9, abs(y) < 1e9, width < 1e6, height < 1e6 else { return nil }
        let c0 = Int(x.rounded(.down)), c1 = Int(maxX.rounded(.up))
        let r0 = Int(y.rounded(.down)), r1 = Int(maxY.rounded(.up))
        let w = c1 - c0, h = r1 - r0
        guard w > 0, h > 0, w * h <= FontFace.maximumGlyphPixels else { return nil }
        func overlap(_ p: Int, _ a: Double, _ b: Double) -> Double { max(0, min(Double(p + 1), b) - max(Double(p), a)) }
        let columns = (0..<w).map { overlap(c0 + $0, x, maxX) }
        var pixels = [UInt8](repeating: 0, count: w * h)
        for row in 0..<h {
            let cy = overlap(r0 + row, y, maxY)
            for col in 0..<w { pixels[row * w + col] = UInt8((columns[col] * cy * 255).rounded()) }
        }
        let bitmap = pixels.withUnsafeBufferPointer {
            GlyphBitmap(rows: h, columns: w, pitch: w, buffer: $0.baseAddress, left: c0, top: -r0)
        }
        guard !bitmap.isEmpty else { return nil }
        return (PixelRect(x: bitmap.left, y: bitmap.top, width: bitmap.width, height: bitmap.height), bitmap)
    }

    /// The rectangle's coverage as an A8 mask over the pixels it touches (see `coverageBitmap`),
    /// nil when it covers no pixel.
    public func coverageMask() throws(TextError) -> TextMask? {
        guard let (rect, bitmap) = coverageBitmap() else { return nil }
        let image = try Image.forText(width: rect.width, height: rect.height, format: .a8)
        image.withBuffer { b in
            bitmap.pixels.withUnsafeBufferPointer { src in
                for y in 0..<rect.height {
                    (b.base + y * b.bytesPerRow).copyMemory(from: src.baseAddress! + y * rect.width, byteCount: rect.width)
                }
            }
        }
        return TextMask(image: image, region: rect)
    }
}
