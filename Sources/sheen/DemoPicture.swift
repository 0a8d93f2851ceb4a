import ArgumentParser
import SheenLabel
import SheenRaster
import SheenText

/// Builds the demo picture: captioned panels in rows on a light background.
struct DemoPicture {
    let fontPattern: String
    let blue = Color(rgba: 0x3478_F6FF), red = Color(rgba: 0xFF3B_30FF)
    let orange = Color(rgba: 0xFF95_00FF), purple = Color(rgba: 0xAF52_DEFF)
    let panelBackground = Color(rgba: 0xFFFF_FFFF)

    func font(_ size: Double) throws -> Font { try Font(named: fontPattern, size: size) }

    func label(_ text: String, size: Double, width: Double, height: Double, configure: (inout Label) -> Void = { _ in }) throws -> Image {
        var label = Label(text, font: try font(size), size: Size(width: width, height: height))
        label.backgroundColor = panelBackground
        label.insets = EdgeInsets(top: 6, left: 14, bottom: 6, right: 14)
        configure(&label)
        return try label.image()
    }

    func caption(_ text: String, width: Double) throws -> Image {
        var label = Label(text, font: try Font(named: "DejaVu Sans", size: 14), size: Size(width: width, height: 22))
        label.textColor = Color(rgba: 0x5050_50FF)
        label.textAlignment = .left
        label.verticalAlignment = .bottom
        return try label.image()
    }

    func render() throws -> Image {
        let gradient = LabelGradient(colors: [blue, red], space: .oklab)
        let vertical = LabelGradient(colors: [blue, red], geometry: .linear(angle: 90), space: .oklab)
        var rows: [[(String, Image)]] = []

        rows.append([
            ("000 · gradient over the frame: the text sees only its middle", try label("Gradient", size: 44, width: 520, height: 90) {
                $0.fill = .gradient(gradient, extent: .frame)
            }),
            ("000 · gradient over the ink (default): both end colours, always", try label("Gradient", size: 44, width: 520, height: 90) {
                $0.fill = .gradient(gradient, extent: .ink)
            }),
        ])
        let three = "Multi-line text gets one gradient per line"
        rows.append([
            ("004 · one gradient over the whole block", try label(three, size: 30, width: 520, height: 140) {
                $0.numberOfLines = 0; $0.lineBreakMode = .byWordWrapping
                $0.fill = .gradient(vertical, extent: .typographic)
            }),
            ("004 · per line: each line its own gradient, no bleeding", try label(three, size: 30, width: 520, height: 140) {
                $0.numberOfLines = 0; $0.lineBreakMode = .byWordWrapping
                $0.fill = .gradient(vertical, extent: .lines)
            }),
        ])
        rows.append([
            ("004 · stroke, blurred drop shadow (own colour, not the gradient's)", try label("Stroke + shadow", size: 46, width: 520, height: 110) {
                $0.fill = .gradient(LabelGradient(colors: [orange, purple], space: .oklab), extent: .ink)
                $0.stroke = LabelStroke(width: 2.5, paint: .color(Color(rgba: 0x2222_22FF)))
                $0.shadows = [LabelShadow(color: Color(rgba: 0x0000_0090), offset: Point(0, 5), sigma: 5)]
                $0.insetsTextForShadows = true
            }),
            ("004 · outer glow: a shadow with no offset", try label("Outer glow", size: 46, width: 520, height: 110) {
                $0.backgroundColor = Color(rgba: 0x1C1C_2EFF)
                $0.fill = .color(.white)
                $0.shadows = [.glow(color: Color(rgba: 0x5AC8_FAFF), sigma: 6, spread: 1)]
            }),
        ])
        let long = "Sheen truncates the last line of text that does not fit"
        rows.append([
            ("002 · truncating head", try label(long, size: 20, width: 340, height: 50) { $0.lineBreakMode = .byTruncatingHead }),
            ("002 · truncating middle", try label(long, size: 20, width: 340, height: 50) { $0.lineBreakMode = .byTruncatingMiddle }),
            ("002 · truncating tail", try label(long, size: 20, width: 340, height: 50) { $0.lineBreakMode = .byTruncatingTail }),
        ])
        rows.append([
            ("002 · auto-shrink: the largest size that fits (minimum scale 0.4)", try label(long, size: 28, width: 520, height: 60) {
                $0.adjustsFontSizeToFitWidth = true; $0.minimumScaleFactor = 0.4
            }),
            ("002 · the same without auto-shrink: tail truncation", try label(long, size: 28, width: 520, height: 60)),
        ])
        var from = Label("Animated", font: try font(28), size: Size(width: 200, height: 64))
        from.backgroundColor = panelBackground
        from.textAlignment = .center
        from.fill = .gradient(gradient, extent: .ink)
        var to = from
        to.fill = .gradient(LabelGradient(colors: [orange, purple], space: .oklab), extent: .ink)
        to.font = try font(34)
        to.shadows = [LabelShadow(color: Color(rgba: 0xAF52_DE80), offset: Point(0, 3), sigma: 4)]
        let frames = try LabelAnimation(from: from, to: to, duration: 1, timing: .easeInOut).frames(fps: 5)
        let frameImages = try Label.images(frames)
        rows.append([("003 · animation, 0 → 1 s at 5 fps, easeInOut, colours in OKLab", try ContactSheet.make(frameImages, columns: 6))])
        return try compose(rows)
    }

    /// Stacks captioned panels: rows top to bottom, panels left to right, 16 px margins.
    func compose(_ rows: [[(String, Image)]]) throws -> Image {
        let margin = 16, captionHeight = 22
        let width = rows.map { $0.reduce(margin) { $0 + $1.1.width + margin } }.max()!
        let height = rows.reduce(margin) { $0 + captionHeight + 4 + ($1.map(\.1.height).max() ?? 0) + margin }
        let picture = try Image(width: width, height: height, format: .rgba8Premultiplied)
        try picture.withBuffer { dst in
            try dst.composite(.color(Color(rgba: 0xECEC_F0FF)), operator: .source)
            var y = margin
            for row in rows {
                var x = margin
                for (text, image) in row {
                    let caption = try caption(text, width: Double(image.width))
                    try caption.withReadOnlyBuffer { try dst.draw($0, x: x, y: y) }
                    try image.withReadOnlyBuffer { try dst.draw($0, x: x, y: y + captionHeight + 4) }
                    x += image.width + margin
                }
                y += captionHeight + 4 + (row.map(\.1.height).max() ?? 0) + margin
            }
        }
        return picture
    }
}
