import SheenLabel
import Testing

/// `import SheenLabel` alone is enough to make and draw a label: fonts, attributed text,
/// colours, sizes and images come with it (this file imports nothing else).
@Suite struct OneImportTests {
    @Test func aLabelFromOneImport() throws {
        var label = Label("One import", font: try Font(named: "DejaVu Sans:bold", size: 30), size: Size(width: 220, height: 50))
        label.fill = .gradient(LabelGradient(colors: [Color(red: 0.2, green: 0.47, blue: 0.96), Color(red: 1, green: 0.23, blue: 0.19)]))
        label.attributedText = AttributedText("One import", font: try Font(named: "DejaVu Sans", size: 30))
        let image: Image = try label.image()
        #expect(image.width == 220 && image.format == PixelFormat.rgba8Premultiplied)
        let layout: TextLayout = try label.layout()
        #expect(layout.lines.count == 1 && layout.textRect.width > 0)
    }
}
