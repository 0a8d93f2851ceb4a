import Foundation
import Testing
import SheenLabel
import SheenPNG
import SheenRaster
import SheenText

/// README's SheenLabel example, verbatim (SheenRasterTests' readmeMatchesThisFile checks that the
/// README's blocks appear in one of the example files).
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
}
