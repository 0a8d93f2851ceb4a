import SheenRaster
import SheenText

/// Interpolates two labels property by property.
struct LabelMixer {
    let space: ColorSpace

    func mix(_ a: Label, _ b: Label, _ t: Double) throws(LabelError) -> Label {
        var out = a
        out.size = Size(width: max(0, SheenLabel.mix(a.size.width, b.size.width, t)),
                        height: max(0, SheenLabel.mix(a.size.height, b.size.height, t)))
        out.plainTextColor = color(a.textColor, b.textColor, t)  // runs keep their own colours
        out.highlightedTextColor = optionalColor(a.highlightedTextColor, b.highlightedTextColor, t)
        out.shadowColor = optionalColor(a.shadowColor, b.shadowColor, t)
        out.shadowOffset = SheenLabel.mix(a.shadowOffset, b.shadowOffset, t)
        out.backgroundColor = optionalColor(a.backgroundColor, b.backgroundColor, t)
        // Every animating number (LabelProperty.Access), kept in its range when a timing overshoots.
        for property in LabelProperty.accessible {
            guard case let .number(get, set, true)? = property.access, let range = property.range else { continue }
            set(&out, min(max(SheenLabel.mix(get(a), get(b), t), range.lowerBound), range.upperBound))
        }
        out.insets = EdgeInsets(top: max(0, SheenLabel.mix(a.insets.top, b.insets.top, t)),
                                left: max(0, SheenLabel.mix(a.insets.left, b.insets.left, t)),
                                bottom: max(0, SheenLabel.mix(a.insets.bottom, b.insets.bottom, t)),
                                right: max(0, SheenLabel.mix(a.insets.right, b.insets.right, t)))
        if a.attributedText == nil, b.attributedText == nil, a.font.size != b.font.size {
            out.font = try liftText(a.font.withSize(max(0.5, SheenLabel.mix(a.font.size, b.font.size, t))))
        }
        out.fill = paint(a.fill ?? .color(a.textColor), b.fill ?? .color(b.textColor), t)
        if a.fill == nil && b.fill == nil { out.fill = nil }
        out.stroke = stroke(a.stroke, b.stroke, t)
        out.shadows = (0..<max(a.shadows.count, b.shadows.count)).map { i in
            let sa = i < a.shadows.count ? a.shadows[i] : transparent(b.shadows[i])
            let sb = i < b.shadows.count ? b.shadows[i] : transparent(a.shadows[i])
            return LabelShadow(color: color(sa.color, sb.color, t), offset: SheenLabel.mix(sa.offset, sb.offset, t),
                               sigma: max(0, SheenLabel.mix(sa.sigma, sb.sigma, t)), spread: max(0, SheenLabel.mix(sa.spread, sb.spread, t)))
        }
        return out
    }

    func color(_ a: Color, _ b: Color, _ t: Double) -> Color { ColorInterpolation.mix(a, b, t, in: space) }

    /// nil is the other colour made transparent, so a colour fades in or out instead of popping.
    func optionalColor(_ a: Color?, _ b: Color?, _ t: Double) -> Color? {
        switch (a, b) {
        case (nil, nil): return nil
        case let (a?, nil): return color(a, clear(a), t)
        case let (nil, b?): return color(clear(b), b, t)
        case let (a?, b?): return color(a, b, t)
        }
    }

    private func clear(_ c: Color) -> Color { Color(red: c.red, green: c.green, blue: c.blue, alpha: 0) }
    private func transparent(_ s: LabelShadow) -> LabelShadow {
        LabelShadow(color: clear(s.color), offset: s.offset, sigma: s.sigma, spread: s.spread)
    }

    func stroke(_ a: LabelStroke?, _ b: LabelStroke?, _ t: Double) -> LabelStroke? {
        guard a != nil || b != nil else { return nil }
        let sa = a ?? LabelStroke(width: 0, paint: b!.paint, placement: b!.placement, join: b!.join)
        let sb = b ?? LabelStroke(width: 0, paint: a!.paint, placement: a!.placement, join: a!.join)
        let width = SheenLabel.mix(sa.width, sb.width, t)
        guard width > 1e-3 else { return nil }
        return LabelStroke(width: min(width, LabelStroke.maximumWidth), paint: paint(sa.paint, sb.paint, t), placement: t < 1 ? sa.placement : sb.placement,
                           join: t < 1 ? sa.join : sb.join)
    }

    /// Colours mix; gradients mix stop by stop (both resampled to the union of their offsets when
    /// the stops differ); a colour meets a gradient as a gradient of that one colour.
    func paint(_ a: LabelPaint, _ b: LabelPaint, _ t: Double) -> LabelPaint {
        switch (a, b) {
        case let (.color(x), .color(y)):
            return .color(color(x, y, t))
        case let (.color(x), .gradient(g, extent)):
            return .gradient(gradient(LabelGradient(colors: [x], geometry: g.geometry, space: g.space), g, t), extent: extent)
        case let (.gradient(g, extent), .color(y)):
            return .gradient(gradient(g, LabelGradient(colors: [y], geometry: g.geometry, space: g.space), t), extent: extent)
        case let (.gradient(g, extent), .gradient(h, extentB)):
            return .gradient(gradient(g, h, t), extent: t < 1 ? extent : extentB)
        }
    }

    func gradient(_ g: LabelGradient, _ h: LabelGradient, _ t: Double) -> LabelGradient {
        var offsets = (g.stops.map(\.offset) + h.stops.map(\.offset)).map { min(max($0, 0), 1) }
        offsets = Array(Set(offsets)).sorted()
        if g.stops.map(\.offset) == h.stops.map(\.offset) { offsets = g.stops.map(\.offset) }
        let stops = offsets.map { o in GradientStop(o, color(colorAt(g, o), colorAt(h, o), t)) }
        var out = g
        out.stops = stops
        if case let .linear(angleA) = g.geometry, case let .linear(angleB) = h.geometry {
            out.geometry = .linear(angle: SheenLabel.mix(angleA, angleB, t))
        }
        return out
    }

    /// The colour a gradient has at `offset` (between its stops, mixed in its own space).
    private func colorAt(_ g: LabelGradient, _ offset: Double) -> Color {
        let stops = g.stops.sorted { $0.offset < $1.offset }
        guard let first = stops.first else { return Color(red: 0, green: 0, blue: 0, alpha: 0) }
        if offset <= first.offset { return first.color }
        for (s0, s1) in zip(stops, stops.dropFirst()) where offset <= s1.offset {
            if let exact = stops.first(where: { $0.offset == offset }) { return exact.color }
            let u = s1.offset > s0.offset ? (offset - s0.offset) / (s1.offset - s0.offset) : 1
            return ColorInterpolation.mix(s0.color, s1.color, u, in: g.space)
        }
        return stops.last!.color
    }
}
