import SheenRaster

/// Places composed lines: vertical stacking and alignment, baseline adjustment for shrunk text,
/// horizontal alignment and justification, bidi run order, glyph positions.
struct Placement {
    let composer: Composer
    /// The single line at full size, when auto-shrink shrank a single line (baseline adjustment).
    let unshrunk: ComposedLine?

    var options: TextLayoutOptions { composer.options }

    /// The composed `lines` placed. Each composed line's shaping is released once it is placed
    /// (`lines` is left holding the lines' metrics only): a megabyte wrapped into half a million
    /// lines holds the composed and the placed lines at once no longer — about 1 KB a line each.
    func place(_ lines: inout [ComposedLine]) -> (lines: [LaidOutLine], textRect: Rect) {
        guard !lines.isEmpty else { return ([], .zero) }
        let heights = lines.map { composer.lineHeight(ascent: $0.ascent, descent: $0.descent, gap: $0.gap) }
        let blockHeight = heights.reduce(0, +) + options.lineSpacing * Double(lines.count - 1)
            + lines.reduce(0) { $0 + $1.spaceBefore }
        let width = composer.bounds.width > 0 ? composer.bounds.width : lines.map(\.shaped.width).max() ?? 0
        var top = blockTop(height: blockHeight)
        if let unshrunk, lines.count == 1 {
            // Baseline adjustment: relate the shrunk line to where the full-size line would sit.
            let full = composer.lineHeight(ascent: unshrunk.ascent, descent: unshrunk.descent, gap: unshrunk.gap)
            let fullTop = blockTop(height: full)
            switch options.baselineAdjustment {
            case .alignBaselines:
                top = fullTop + baselineOffset(unshrunk, full) - baselineOffset(lines[0], heights[0])
            case .alignCenters:
                top = fullTop + (full - heights[0]) / 2
            case .none:
                top = fullTop
            }
        }
        var placed: [LaidOutLine] = []
        placed.reserveCapacity(lines.count)
        var textRect = Rect.zero
        for i in lines.indices {
            top += lines[i].spaceBefore
            let baseline = top + baselineOffset(lines[i], heights[i])
            let laid = placeLine(lines[i], baseline: baseline, lineTop: top, lineHeight: heights[i], width: width)
            lines[i].shaped = ShapedText.released
            placed.append(laid)
            textRect = textRect.union(laid.lineBox)
            top += heights[i] + options.lineSpacing
        }
        return (placed, textRect)
    }

    /// Top of a block of `height` in the bounds, by vertical alignment (top when unconstrained).
    private func blockTop(height: Double) -> Double {
        let boundsHeight = composer.bounds.height
        guard boundsHeight > 0 else { return 0 }
        switch options.verticalAlignment {
        case .top: return 0
        case .center: return (boundsHeight - height) / 2
        case .bottom: return boundsHeight - height
        }
    }

    /// Baseline below the line box top: half the leading above the ascender (CSS's half-leading).
    private func baselineOffset(_ line: ComposedLine, _ height: Double) -> Double {
        (height - line.ascent - line.descent) / 2 + line.ascent
    }

    private func placeLine(_ line: ComposedLine, baseline: Double, lineTop: Double, lineHeight: Double,
                           width: Double) -> LaidOutLine {
        let shaped = line.shaped
        let rtl = shaped.paragraphLevel & 1 == 1
        var extra = [Double](repeating: 0, count: shaped.piece.count + 1)
        var lineWidth = shaped.width
        var alignment = line.alignment
        if alignment == .justified {
            if !line.endsParagraph && !line.isTruncated && composer.bounds.width > 0 && width > lineWidth {
                justify(shaped, by: width - lineWidth, into: &extra)
                lineWidth = width
            }
            alignment = .natural
        }
        if alignment == .natural || line.isClipped { alignment = rtl ? .right : .left }
        let x0: Double
        switch alignment {
        case .right: x0 = width - lineWidth
        case .center: x0 = (width - lineWidth) / 2
        default: x0 = 0
        }
        var pen = x0
        var glyphs: [LaidOutGlyph] = []
        glyphs.reserveCapacity(shaped.runs.reduce(0) { $0 + $1.glyphs.count })
        // Justification's extra space goes after each cluster's last glyph: glyphs of one
        // cluster are adjacent (HarfBuzz keeps clusters monotonic within a run).
        let justified = extra.contains { $0 != 0 }
        var segments: [LineSegment] = []
        for r in BidiLevels.visualOrder(of: shaped.runs.map(\.level)) {
            let run = shaped.runs[r]
            // Raised runs scale with auto-shrink, as their font does.
            let offset = composer.attributes[run.attributesIndex].baselineOffset
            let raise = offset == 0 ? 0 : offset * run.size / composer.attributes[run.attributesIndex].font.size
            let runStart = pen
            var runSource = -1
            for (gi, g) in run.glyphs.enumerated() {
                let inPiece = g.cluster < shaped.piece.count
                let source = inPiece ? shaped.piece.source[g.cluster] : -1
                if g.cluster == run.glyphs.first?.cluster { runSource = source }
                // A tab is an advance only: the font's glyph for it (often .notdef) is not drawn.
                if !(inPiece && shaped.piece.units[g.cluster] == 0x09) {
                    glyphs.append(LaidOutGlyph(id: g.id, face: run.face, size: run.size,
                                               position: Point(pen + g.dx, baseline - g.dy - raise), advance: g.advance,
                                               attributesIndex: run.attributesIndex, sourceOffset: source,
                                               penX: pen, isRightToLeft: run.level & 1 == 1))
                }
                pen += g.advance
                if justified, g.cluster < extra.count, gi + 1 == run.glyphs.count || run.glyphs[gi + 1].cluster != g.cluster {
                    pen += extra[g.cluster]
                }
            }
            // One segment per run, merged with the one before when nothing about them differs.
            guard pen != runStart || !run.glyphs.isEmpty else { continue }
            // A font's negative advances can move the pen left over a run: the segment then spans
            // from where the pen ended to where it began, so its width stays ≥ 0 as documented.
            if pen < runStart {
                segments.append(LineSegment(attributesIndex: run.attributesIndex, x: pen, width: runStart - pen,
                                            size: run.size, face: run.face, raise: raise, sourceOffset: runSource))
            } else if let last = segments.last, last.attributesIndex == run.attributesIndex, last.face === run.face,
               last.size == run.size, last.raise == raise, abs(last.x + last.width - runStart) < 1e-9, pen >= last.x {
                segments[segments.count - 1] = LineSegment(attributesIndex: last.attributesIndex, x: last.x, width: pen - last.x,
                                                           size: last.size, face: last.face, raise: last.raise,
                                                           sourceOffset: last.sourceOffset)
            } else {
                segments.append(LineSegment(attributesIndex: run.attributesIndex, x: runStart, width: pen - runStart,
                                            size: run.size, face: run.face, raise: raise, sourceOffset: runSource))
            }
        }
        var lowest = Int.max, highest = -1
        for s in shaped.piece.source where s >= 0 { lowest = min(lowest, s); highest = max(highest, s) }
        // A line showing no original text (empty, white space only, or only "…") stands at its
        // anchor: where its text would begin.
        let anchor = max(shaped.piece.anchor, 0)
        let range = highest < 0 ? anchor..<anchor : lowest..<(highest + 1)
        return LaidOutLine(glyphs: glyphs, baseline: baseline,
                           typographicRect: Rect(x: x0, y: baseline - line.ascent, width: lineWidth,
                                                 height: line.ascent + line.descent),
                           lineBox: Rect(x: x0, y: lineTop, width: lineWidth, height: lineHeight),
                           units: shaped.piece.units, sourceRange: range, isTruncated: line.isTruncated, isRightToLeft: rtl,
                           segments: segments)
    }

    /// Spreads `amount` pixels over the line's inner white space, or between its grapheme clusters
    /// when it has none (CJK), recording the extra after each chosen cluster.
    private func justify(_ shaped: ShapedText, by amount: Double, into extra: inout [Double]) {
        let starts = shaped.graphemes.dropLast()
        var spaces = starts.filter { shaped.piece.isWhitespace(at: $0) }
        if spaces.isEmpty { spaces = Array(starts.dropLast()) }
        guard !spaces.isEmpty else { return }
        let each = amount / Double(spaces.count)
        for s in spaces { extra[s] += each }
    }
}
