import SheenRaster
import SheenText

/// Fonts and helpers the SheenText tests share. DejaVu comes from fonts-dejavu-core
/// (Scripts/install-deps.sh).
enum Fixtures {
    static let dejaVuDirectory = "/usr/share/fonts/truetype/dejavu"
    static let sansPath = dejaVuDirectory + "/DejaVuSans.ttf"
    static let boldPath = dejaVuDirectory + "/DejaVuSans-Bold.ttf"

    static func sans(_ size: Double = 20) throws -> Font { try Font(path: sansPath, size: size) }
    static func bold(_ size: Double = 48) throws -> Font { try Font(path: boldPath, size: size) }

    /// Plain text laid out with DejaVu Sans.
    static func layout(_ string: String, size: Double = 20, width: Double = 0, height: Double = 0,
                       configure: (inout TextLayoutOptions) -> Void = { _ in }) throws -> TextLayout {
        var options = TextLayoutOptions()
        options.numberOfLines = 0
        options.lineBreakMode = .byWordWrapping
        configure(&options)
        return try TextLayout(AttributedText(string, font: sans(size)), bounds: Size(width: width, height: height),
                              options: options)
    }

    /// The text of each line.
    static func lineTexts(_ layout: TextLayout) -> [String] { layout.lines.map(\.string) }
}
