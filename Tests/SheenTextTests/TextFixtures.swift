import SheenRaster
import SheenTestSupport
import SheenText

/// Layout helpers the SheenText tests share; the fonts are SheenTestSupport's `TestFonts`.
enum Fixtures {

    /// Plain text laid out with DejaVu Sans.
    static func layout(_ string: String, size: Double = 20, width: Double = 0, height: Double = 0,
                       configure: (inout TextLayoutOptions) -> Void = { _ in }) throws -> TextLayout {
        var options = TextLayoutOptions()
        options.numberOfLines = 0
        options.lineBreakMode = .byWordWrapping
        configure(&options)
        return try TextLayout(AttributedText(string, font: TestFonts.sans(size)), bounds: Size(width: width, height: height),
                              options: options)
    }

    /// The text of each line.
    static func lineTexts(_ layout: TextLayout) -> [String] { layout.lines.map(\.string) }
}
