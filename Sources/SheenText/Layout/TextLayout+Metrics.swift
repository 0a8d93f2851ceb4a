import SheenRaster

extension TextLayout {
    /// UILabel's `textRect(forBounds:limitedToNumberOfLines:)`: the rectangle the text occupies
    /// when laid out in `bounds` with at most `numberOfLines` lines (0 = unlimited), placed at the
    /// top-left of `bounds` (the label centres it vertically when drawing). Width is the widest
    /// line, height the stacked line boxes; an empty text gives an empty rectangle at the origin.
    public static func textRect(_ text: AttributedText, forBounds bounds: Rect, limitedToNumberOfLines numberOfLines: Int,
                                options: TextLayoutOptions = TextLayoutOptions()) throws(TextError) -> Rect {
        let layout = try measuring(text, Size(width: bounds.width, height: bounds.height), numberOfLines, options)
        return rect(of: layout, at: Point(bounds.x, bounds.y))
    }

    /// The layout `textRect` measures: top-left aligned in `size`.
    private static func measuring(_ text: AttributedText, _ size: Size, _ numberOfLines: Int,
                                  _ options: TextLayoutOptions) throws(TextError) -> TextLayout {
        var options = options
        options.numberOfLines = numberOfLines
        options.verticalAlignment = .top
        options.alignment = .left
        return try TextLayout(text, bounds: Size(width: max(0, size.width), height: max(0, size.height)), options: options)
    }

    /// The rectangle a measuring layout's lines occupy, placed at `origin`.
    private static func rect(of layout: TextLayout, at origin: Point) -> Rect {
        guard !layout.lines.isEmpty else { return Rect(x: origin.x, y: origin.y, width: 0, height: 0) }
        let rect = layout.textRect
        return Rect(x: origin.x, y: origin.y, width: rect.width, height: rect.maxY - min(rect.y, 0))
    }

    /// UILabel's `sizeThatFits(_:)`: the size, rounded up to whole pixels, that holds the text
    /// laid out within `size` (0 = unconstrained in that direction) with `options` (its
    /// numberOfLines included). Laid out again in the size returned, the text breaks into the
    /// same lines: a line broken inside a word (character wrapping; Arabic or Thai reshaped at
    /// the cut) can be drawn narrower than the width that broke it, and that narrower width would
    /// break it differently (dropping a line from a label sized to fit), so the width is checked
    /// and widened — by 1, 2, 4… pixels, to the width offered at most — until the lines come back.
    /// A text with a line wider than the width offered is given that width.
    public static func sizeThatFits(_ text: AttributedText, _ size: Size,
                                    options: TextLayoutOptions = TextLayoutOptions()) throws(TextError) -> Size {
        let layout = try measuring(text, size, options.numberOfLines, options)
        let measured = rect(of: layout, at: Point(0, 0))
        let height = measured.height.rounded(.up)
        var width = measured.width.rounded(.up)
        // Unconstrained, every line is a whole paragraph, measured as it is drawn: nothing to check.
        guard size.width > 0, layout.lines.count > 1 || layout.isTruncated else { return Size(width: width, height: height) }
        // A line drawn wider than the width offered (reshaped wider than it was broken) would let
        // the others pack differently in its width: the width offered is the one that breaks the
        // text into these lines.
        let limit = size.width.rounded(.up)
        width = min(width, limit)
        let lines = layout.lines.map(\.sourceRange)
        var step = 1.0
        while true {
            let again = try measuring(text, Size(width: width, height: size.height), options.numberOfLines, options)
            if again.lines.map(\.sourceRange) == lines || width >= limit { return Size(width: width, height: height) }
            width = min(limit, width + step)
            step *= 2
        }
    }
}
