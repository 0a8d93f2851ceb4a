import CHarfBuzz
import SheenRaster

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
