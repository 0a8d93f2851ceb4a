import Foundation
import Testing
import SheenLabel
import SheenPNG
import SheenRaster
import SheenText

/// docs/guide.md's SheenLabel examples, verbatim (SheenRasterTests' readmeMatchesThisFile checks that the
/// README's and the guide's blocks appear in one of the example files).
@Suite struct ReadmeLabelExamplesTests {
    @Test func drawsTheSeedLabel() throws {
        var label = Label("Always correct gradient text", font: try Font(named: "DejaVu Sans:bold", size: 48),
                          size: Size(width: 1024, height: 160))
        label.textAlignment = .center
        label.fill = .gradient(LabelGradient(colors: [try Color(hex: "#3478F6"), try Color(hex: "#FF3B30")]),
                               extent: .ink)                       // spans the drawn text, not the frame
        label.stroke = LabelStroke(width: 2, paint: .color(try Color(hex: "#333333")))
        label.shadows = [.css(color: try Color(hex: "#00000080"), offset: Point(0, 4), blurRadius: 12),
                         .glow(color: try Color(hex: "#FF950060"), sigma: 8)]
        let image = try label.image()                               // holds label.drawnBounds(): overhangs are drawn
                                                                    // (or label.render(into: yourBuffer, at: (x, y)))
        let png = try image.withReadOnlyBuffer { try PNG.encode($0) }  // SheenPNG
        try Data(png).write(to: URL(fileURLWithPath: NSTemporaryDirectory() + "label.png"))

        var later = label
        later.fill = .gradient(LabelGradient(colors: [try Color(hex: "#FF9500"), try Color(hex: "#AF52DE")]), extent: .ink)
        let animation = try LabelAnimation(from: label, to: later, duration: 1, timing: .easeInOut)   // colours mix in OKLab
        let frames = try animation.frames(fps: 5).map { try $0.image() }

        #expect(image.width == 1024 && image.height == 160)
        #expect(frames.count == 6)
        #expect(frames[0].bytes == image.bytes)
        #expect(try PNG.decode(Array(Data(contentsOf: URL(fileURLWithPath: NSTemporaryDirectory() + "label.png")))).width == 1024)
    }

    @Test func drawsTextAsPeopleWriteIt() throws {
        let body = try Font(named: "DejaVu Sans", size: 24)
        let columns = ParagraphStyle(tabStops: [TextTab(location: 240, alignment: .decimal)])
        var text = AttributedText("Total\t1,234.50\n", attributes: TextAttributes(font: body, paragraphStyle: columns))
        text.append("Paid", attributes: TextAttributes(font: body, underline: TextDecoration(.double, color: try Color(hex: "#FF3B30"))))
        text.append(" in full 👍🏽 with thanks for your extraordinary patience", attributes: TextAttributes(font: body))
        var receipt = try Label(attributedText: text, size: Size(width: 320, height: 160))
        receipt.numberOfLines = 0
        receipt.lineBreakMode = .byWordWrapping
        receipt.textAlignment = .left
        receipt.hyphenationLanguage = "en_US"                     // libhyphen's dictionary, loaded at run time
        receipt.runStyles = [LabelRunStyle(range: 0..<5, fill: .gradient(LabelGradient(colors: [try Color(hex: "#3478F6"),
                                                                                               try Color(hex: "#FF3B30")])))]
        let receiptImage = try receipt.image()                    // the emoji keeps its own colours

        let layout = try receipt.layout()
        #expect(layout.lines.count == 4 && layout.lines.contains { $0.string.hasSuffix("-") })
        #expect(layout.decorations.filter { $0.kind == .underline }.count == 2)
        #expect(layout.lines[0].glyphs.first { $0.sourceOffset == 11 }?.position.x == 240)   // the "." at the decimal stop
        #expect(receiptImage.width >= 320 && receiptImage.height >= 140)
    }
}
