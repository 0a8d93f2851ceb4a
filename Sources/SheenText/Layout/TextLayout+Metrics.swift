import SheenRaster

extension TextLayout {
    /// UILabel's `textRect(forBounds:limitedToNumberOfLines:)`: the rectangle the text occupies
    /// when laid out in `bounds` with at most `numberOfLines` lines (0 = unlimited), placed at the
    /// top-left of `bounds` (the label centres it vertically when drawing). Width is the widest
    /// line, height the stacked line boxes; an empty text gives an empty rectangle at the origin.
    public static func textRect(_ text: AttributedText, forBounds bounds: Rect, limitedToNumberOfLines numberOfLines: Int,
                                options: TextLayoutOptions = TextLayoutOptions()) throws(TextError) -> Rect {
        var options = options
        options.numberOfLines = numberOfLines
        options.verticalAlignment = .top
        options.alignment = .left
        let layout = try TextLayout(text, bounds: Size(width: max(0, bounds.width), height: max(0, bounds.height)),
                                    options: options)
        guard !layout.lines.isEmpty else { return Rect(x: bounds.x, y: bounds.y, width: 0, height: 0) }
        let rect = layout.textRect
        return Rect(x: bounds.x, y: bounds.y, width: rect.width, height: rect.maxY - min(rect.y, 0))
    }

    /// UILabel's `sizeThatFits(_:)`: the size, rounded up to whole pixels, that holds the text
    /// laid out within `size` (0 = unconstrained in that direction) with `options` (its
    /// numberOfLines included).
    public static func sizeThatFits(_ text: AttributedText, _ size: Size,
                                    options: TextLayoutOptions = TextLayoutOptions()) throws(TextError) -> Size {
        let rect = try textRect(text, forBounds: Rect(x: 0, y: 0, width: size.width, height: size.height),
                                limitedToNumberOfLines: options.numberOfLines, options: options)
        return Size(width: rect.width.rounded(.up), height: rect.height.rounded(.up))
    }
}
