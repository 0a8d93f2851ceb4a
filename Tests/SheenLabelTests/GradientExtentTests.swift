import SheenLabel
import SheenRaster
import SheenTestSupport
import SheenText
import Testing

/// Seed 000's property: the gradient spans the text's ink, so the leftmost inked columns get the
/// start colour and the rightmost the end colour, whatever the frame and alignment.
@Suite struct GradientExtentTests {
    /// For the fully covered pixels of the leftmost and rightmost columns that have any, the
    /// largest difference (levels) from the start and end colours. `mask` is the fill coverage in
    /// label pixels, `region` limits the search (a line's ink).
    private func endColumnErrors(_ image: Image, mask: TextMask, origin: (Int, Int), region: PixelRect) -> (Int, Int) {
        var full: [Int: [Int]] = [:]  // column → rows fully covered
        for y in region.y..<(region.y + region.height) {
            for x in region.x..<(region.x + region.width) {
                let mx = x - mask.region.x, my = y - mask.region.y
                guard mx >= 0, my >= 0, mx < mask.image.width, my < mask.image.height else { continue }
                if mask.image.pixel(x: mx, y: my)[0] == 255 { full[x, default: []].append(y) }
            }
        }
        guard let left = full.keys.min(), let right = full.keys.max() else { return (999, 999) }
        func worst(_ x: Int, _ target: Color) -> Int {
            full[x]!.map { y in
                let p = LabelFixtures.rgba(image, x + origin.0, y + origin.1), t = target.premultiplied8
                return max(abs(p.x - Int(t.x)), abs(p.y - Int(t.y)), abs(p.z - Int(t.z)))
            }.max()!
        }
        return (worst(left, LabelFixtures.blue), worst(right, LabelFixtures.red))
    }

    private func label(_ alignment: TextAlignment, width: Double, extent: GradientExtent, text: String = "Hi there",
                       lines: Int = 1) throws -> Label {
        var label = Label(text, font: try TestFonts.bold(40), size: Size(width: width, height: lines == 1 ? 80 : 200))
        label.textAlignment = alignment
        label.numberOfLines = lines
        label.lineBreakMode = .byWordWrapping
        label.fill = .gradient(LabelGradient(colors: [LabelFixtures.blue, LabelFixtures.red]), extent: extent)
        return label
    }

    @Test(arguments: [TextAlignment.left, .center, .right], [400.0, 700.0, 1000.0])
    func inkExtentHitsBothEndColours(alignment: TextAlignment, width: Double) throws {
        let label = try label(alignment, width: width, extent: .ink)
        let image = try label.image()
        let layout = try label.layout()
        let mask = try layout.mask(region: layout.inkRect())
        let (l, r) = endColumnErrors(image, mask: mask, origin: (0, 0), region: mask.region)
        #expect(l <= 2 && r <= 2, "left \(l), right \(r)")
    }

    /// A clipped label (line-break mode clip, or clipsToBounds) shows part of its ink, and the
    /// gradient spans that part: the rightmost column the frame shows carries the end colour (it
    /// spanned the ink cut away, so the end colour never showed — seed 000's look again).
    @Test(arguments: [false, true])
    func clippedInkExtentHitsBothEndColours(clipsToBounds: Bool) throws {
        var label = try label(.left, width: 200, extent: .ink, text: "Clipped gradient text")
        if clipsToBounds { label.clipsToBounds = true } else { label.lineBreakMode = .byClipping }
        let image = try label.image()
        #expect(image.width == 200)
        let layout = try label.layout()
        let mask = try layout.mask(region: layout.inkRect())
        let shown = mask.region.intersection(PixelRect(x: 0, y: 0, width: 200, height: 80))
        let (l, r) = endColumnErrors(image, mask: mask, origin: (0, 0), region: shown)
        #expect(l <= 2 && r <= 2, "left \(l), right \(r)")
    }

    /// With the frame as extent (seed 000's bug), text that does not span the frame misses the ends.
    @Test(arguments: [TextAlignment.center, .right], [700.0, 1000.0])
    func frameExtentMissesThem(alignment: TextAlignment, width: Double) throws {
        let label = try label(alignment, width: width, extent: .frame)
        let image = try label.image()
        let layout = try label.layout()
        let mask = try layout.mask(region: layout.inkRect())
        let (l, r) = endColumnErrors(image, mask: mask, origin: (0, 0), region: mask.region)
        #expect(l > 2 || r > 2)
    }

    /// Per-line extent: every line hits both colours on its own ink, whatever its length.
    @Test(arguments: [TextAlignment.left, .center, .right])
    func linesExtentPerLine(alignment: TextAlignment) throws {
        var label = try label(alignment, width: 480, extent: .lines, text: "Per-line gradients on three lines, each spanning its ink", lines: 0)
        label.insets = EdgeInsets(left: 10, right: 10)   // glyph overhang stays inside the label
        let image = try label.image()
        let layout = try label.layout()
        try #require(layout.lines.count == 3, "\(layout.lines.map(\.string))")
        let inks = try layout.lineInkRects()
        let o = (Int(label.textArea.x.rounded()), Int(label.textArea.y.rounded()))   // layout → label pixels
        for (i, line) in try layout.lineMasks().enumerated() {
            let (l, r) = endColumnErrors(image, mask: line, origin: o, region: inks[i])
            #expect(l <= 2 && r <= 2, "line \(i): left \(l), right \(r) ink \(inks[i])")
            // The very first and last inked columns carry the end colours exactly (unpremultiplied,
            // where coverage is at least half).
            for (x, target) in [(inks[i].x, LabelFixtures.blue), (inks[i].x + inks[i].width - 1, LabelFixtures.red)] {
                for y in inks[i].y..<(inks[i].y + inks[i].height) {
                    let p = LabelFixtures.rgba(image, x + o.0, y + o.1)
                    guard p.w >= 128 else { continue }
                    let t = target.premultiplied8
                    let straight = [p.x, p.y, p.z].map { Double($0) * 255 / Double(p.w) }
                    let error = zip(straight, [t.x, t.y, t.z]).map { abs($0 - Double($1)) }.max()!
                    #expect(error <= 2, "line \(i) column \(x) row \(y): \(p)")
                }
            }
        }
    }

    /// Angles are reduced by whole turns before they become radians: 10³⁰⁸° draws (it used to
    /// overflow to NaN and refuse every render as "start.x is nan"), 370° draws as 10°, and a
    /// NaN angle is refused by its own name.
    @Test func anglesAreReducedByWholeTurns() throws {
        var label = Label("Angle", font: try TestFonts.bold(40), size: Size(width: 200, height: 60))
        func image(_ angle: Double) throws -> [UInt8] {
            label.fill = .gradient(LabelGradient(colors: [LabelFixtures.blue, LabelFixtures.red], geometry: .linear(angle: angle)))
            return try label.image().bytes
        }
        _ = try image(1e308)
        #expect(try image(370) == (try image(10)))
        #expect(throws: LabelError.invalidParameter(name: "gradient angle", value: .infinity, allowed: "a finite number of degrees")) {
            _ = try image(.infinity)
        }
    }
}
