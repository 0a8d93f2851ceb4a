import Testing
import SheenLabel
import SheenRaster
import SheenTestSupport
import SheenText

@Suite struct LabelRenderTests {
    /// The shadow lies at its offset, in its own colour (never the gradient's), and equals
    /// SheenRaster's blur of the text's union mask, composited there.
    @Test func shadowIsTheBlurredUnionInItsOwnColour() throws {
        var label = Label("Shadow", font: try TestFonts.bold(40), size: Size(width: 300, height: 100))
        label.fill = .gradient(LabelGradient(colors: [LabelFixtures.blue, LabelFixtures.red]), extent: .ink)
        label.shadows = [LabelShadow(color: Color(red: 0, green: 1, blue: 0), offset: Point(12, 9), sigma: 3)]
        let image = try label.image()

        #expect(try label.drawnBounds() == PixelRect(x: 0, y: 0, width: 300, height: 100))
        // Expected shadow coverage: the fill's mask over its ink, blurred into an image grown by
        // the blur's ⌈3σ⌉ margins (SheenRaster's GrownBlur, the one margin policy), at the offset.
        let layout = try label.layout()
        let mask = try layout.coverage().mask()
        let grown = try mask.image.withReadOnlyBuffer { try GaussianBlur(sigma: 3).grown($0) }
        let union = grown
        let region = PixelRect(x: mask.region.x + grown.offsetX, y: mask.region.y + grown.offsetY,
                               width: grown.image.width, height: grown.image.height)
        let o = (Int(label.textArea.x.rounded()), Int(label.textArea.y.rounded()))
        let fill = try layout.mask(region: PixelRect(x: -o.0, y: -o.1, width: 300, height: 100))
        var compared = 0
        for y in 0..<100 {
            for x in 0..<300 where fill.image.pixel(x: x, y: y)[0] == 0 {
                let mx = x - o.0 - 12 - region.x, my = y - o.1 - 9 - region.y
                let m = (mx >= 0 && my >= 0 && mx < region.width && my < region.height) ? Int(union.image.pixel(x: mx, y: my)[0]) : 0
                let p = LabelFixtures.rgba(image, x, y)
                #expect(p == SIMD4(0, m, 0, m), "(\(x), \(y))")
                if m > 0 { compared += 1 }
            }
        }
        #expect(compared > 1000)
        // Down and to the right: the shadow's mass centre is offset from the text's by (12, 9).
        var sx = 0.0, sy = 0.0, sw = 0.0, tx = 0.0, ty = 0.0, tw = 0.0
        for y in 0..<100 {
            for x in 0..<300 {
                let p = LabelFixtures.rgba(image, x, y)
                if p.x == 0 && p.z == 0 && p.y > 0 { sx += Double(x * p.y); sy += Double(y * p.y); sw += Double(p.y) }
                let f = Double(fill.image.pixel(x: x, y: y)[0])
                tx += Double(x) * f; ty += Double(y) * f; tw += f
            }
        }
        #expect(sx / sw - tx / tw > 8 && sy / sw - ty / tw > 5)
    }

    /// Stroke under fill: where the fill covers a pixel fully, the fill's colour is all that shows.
    @Test func fillIsDrawnOverStrokeOverShadow() throws {
        var label = try LabelFixtures.styled()
        label.fill = .color(LabelFixtures.blue)
        let image = try label.image()
        let layout = try label.layout()
        let o = (Int(label.textArea.x.rounded()), Int(label.textArea.y.rounded()))
        let fill = try layout.mask(region: PixelRect(x: -o.0, y: -o.1, width: 1024, height: 160))
        let stroke = try layout.mask(region: PixelRect(x: -o.0, y: -o.1, width: 1024, height: 160), stroke: TextStroke(width: 2))
        var checked = 0
        for y in 0..<160 {
            for x in 0..<1024 {
                if fill.image.pixel(x: x, y: y)[0] == 255 {
                    #expect(LabelFixtures.close(LabelFixtures.rgba(image, x, y), LabelFixtures.blue.premultiplied8, within: 0))
                    checked += 1
                } else if fill.image.pixel(x: x, y: y)[0] == 0 && stroke.image.pixel(x: x, y: y)[0] == 255 {
                    #expect(LabelFixtures.close(LabelFixtures.rgba(image, x, y), Color(rgba: 0x3333_33FF).premultiplied8, within: 0))
                }
            }
        }
        #expect(checked > 3000)
    }

    /// A centred or inside stroke is drawn over the fill (CoreGraphics' fill-then-stroke), so its
    /// whole width shows: wherever its band covers a pixel fully, the stroke's colour is all there
    /// is. An inside stroke never reaches past the glyphs.
    @Test(arguments: [TextStroke.Placement.centered, .inside])
    func centredAndInsideStrokesShowTheirWholeWidth(placement: TextStroke.Placement) throws {
        var label = Label("Stroke", font: try TestFonts.bold(64), size: Size(width: 320, height: 100))
        label.textAlignment = .center
        label.fill = .color(LabelFixtures.blue)
        label.stroke = LabelStroke(width: 4, paint: .color(LabelFixtures.red), placement: placement)
        #expect(try label.drawnBounds() == PixelRect(x: 0, y: 0, width: 320, height: 100))
        let image = try label.image()
        let layout = try label.layout()
        let o = (Int(label.textArea.x.rounded()), Int(label.textArea.y.rounded()))
        let frame = PixelRect(x: -o.0, y: -o.1, width: 320, height: 100)
        let fill = try layout.mask(region: frame)
        let band = try layout.mask(region: frame, stroke: TextStroke(width: 4, placement: placement))
        var strokeOnly = 0, fillOnly = 0
        for y in 0..<100 {
            for x in 0..<320 {
                let b = band.image.pixel(x: x, y: y)[0], f = fill.image.pixel(x: x, y: y)[0]
                let p = LabelFixtures.rgba(image, x, y)
                if b == 255 {
                    #expect(LabelFixtures.close(p, LabelFixtures.red.premultiplied8, within: 0), "(\(x), \(y))")
                    strokeOnly += 1
                } else if b == 0 && f == 255 {
                    #expect(LabelFixtures.close(p, LabelFixtures.blue.premultiplied8, within: 0), "(\(x), \(y))")
                    fillOnly += 1
                }
                if placement == .inside && f == 0 { #expect(p == SIMD4(0, 0, 0, 0), "(\(x), \(y))") }
            }
        }
        #expect(strokeOnly > 1000 && fillOnly > 200)
    }

    /// Seed 000's closing warning: change text, font or size and render again — the output is
    /// exactly a fresh label's, never a stale gradient.
    @Test func rerenderingAfterChangesEqualsAFreshLabel() throws {
        var label = try LabelFixtures.styled()
        _ = try label.image()
        label.text = "Short"
        label.font = try TestFonts.bold(30)
        label.size = Size(width: 600, height: 120)
        let changed = try label.image()
        var fresh = Label("Short", font: try TestFonts.bold(30), size: Size(width: 600, height: 120))
        fresh.fill = label.fill; fresh.stroke = label.stroke; fresh.shadows = label.shadows
        fresh.textAlignment = label.textAlignment
        #expect(changed.bytes == (try fresh.image()).bytes)
    }

    @Test func disabledIsHalfOpacityAndHighlightedUsesItsColour() throws {
        var label = Label("State", font: try TestFonts.bold(40), size: Size(width: 200, height: 80))
        label.textColor = LabelFixtures.blue
        let enabled = try label.image()
        label.isEnabled = false
        let disabled = try label.image()
        for i in stride(from: 3, to: enabled.bytes.count, by: 4) {
            let expected = (Int(enabled.bytes[i]) * 128 + 127) / 255
            #expect(abs(Int(disabled.bytes[i]) - expected) <= 1)
        }
        label.isEnabled = true
        label.isHighlighted = true
        label.highlightedTextColor = LabelFixtures.red
        let highlighted = try label.image()
        let full = stride(from: 0, to: highlighted.bytes.count, by: 4).first { highlighted.bytes[$0 + 3] == 255 }!
        #expect(Array(highlighted.bytes[full..<full + 4]) == [0xFF, 0x3B, 0x30, 0xFF])
    }

    /// `image` composited once, sourceOver at coverage `alpha`, onto `under` (a copy).
    static func faded(_ image: Image, alpha: UInt8, over under: Image? = nil) throws -> Image {
        let out = try Image(width: image.width, height: image.height, format: image.format)
        if let under { try out.withBuffer { d in try under.withReadOnlyBuffer { try d.composite(.image($0), operator: .source) } } }
        try out.withBuffer { d in try image.withReadOnlyBuffer { try d.composite(.image($0), coverage: .alpha(alpha)) } }
        return out
    }

    /// A label whose alpha is below 1 (or that is disabled) fades as a group, as UIKit fades a
    /// view: every pixel is the opaque label's composited once at the alpha, so the dark shadow
    /// under the letters does not show through them (layer by layer, a letter pixel came out
    /// (113, 62, 99, 180): darkened, and more opaque than half).
    @Test func alphaFadesTheLabelAsAGroup() throws {
        var label = Label("Fade", font: try TestFonts.bold(48), size: Size(width: 220, height: 90))
        label.textColor = Color(rgba: 0xC0_6A_D8FF)
        label.shadows = [LabelShadow(color: .black, offset: Point(2, 3), sigma: 3)]
        label.stroke = LabelStroke(width: 2, paint: .color(Color(rgba: 0x2020_20FF)), placement: .outside)
        let opaque = try label.image()
        for (alpha, enabled, level) in [(1.0, false, UInt8(128)), (0.5, true, 128), (0.3, true, 77), (0.3, false, 38)] {
            var faded = label
            faded.alpha = alpha
            faded.isEnabled = enabled
            let image = try faded.image()
            #expect(image.width == opaque.width && image.height == opaque.height)
            #expect(image.bytes == (try Self.faded(opaque, alpha: level)).bytes, "alpha \(alpha), enabled \(enabled)")
        }
        // At a letter pixel the fill colour is just halved: no shadow darkens it.
        var half = label
        half.isEnabled = false
        let disabled = try half.image()
        let colour = Color(rgba: 0xC0_6A_D8FF).premultiplied8
        let full = stride(from: 0, to: opaque.bytes.count, by: 4).first { Array(opaque.bytes[$0..<$0 + 4]) == [colour.x, colour.y, colour.z, 255] }!
        let expected = [colour.x, colour.y, colour.z, 255].map { (Int($0) * 128 + 127) / 255 }
        for c in 0..<4 { #expect(abs(Int(disabled.bytes[full + c]) - expected[c]) <= 1) }
    }

    /// Drawn into a buffer that has pixels, the fade composites over them once, changes nothing
    /// outside the label's drawn bounds, and alpha 0 changes nothing at all.
    @Test func alphaOverADestination() throws {
        var label = Label("Over", font: try TestFonts.bold(40), size: Size(width: 160, height: 70))
        label.textColor = LabelFixtures.red
        label.backgroundColor = Color(rgba: 0xFFFF_FF80)
        label.shadows = [LabelShadow(color: .black, offset: Point(0, 4), sigma: 4)]
        let under = try Image(width: 240, height: 140, format: .rgba8Premultiplied)
        try under.withBuffer { try $0.composite(.color(LabelFixtures.blue), operator: .source) }
        let opaque = try Image(width: 240, height: 140, format: .rgba8Premultiplied)
        try opaque.withBuffer { try label.render(into: $0, at: (30, 20)) }
        label.alpha = 0.6
        let canvas = try Self.faded(under, alpha: 255)
        try canvas.withBuffer { try label.render(into: $0, at: (30, 20)) }
        #expect(canvas.bytes == (try Self.faded(opaque, alpha: 153, over: under)).bytes)
        label.alpha = 0
        let untouched = try Self.faded(under, alpha: 255)
        try untouched.withBuffer { try label.render(into: $0, at: (30, 20)) }
        #expect(untouched.bytes == under.bytes)
        for bad in [Double.nan, -0.1, 1.5, .infinity] {
            label.alpha = bad
            #expect(throws: LabelError.self) { try untouched.withBuffer { try label.render(into: $0, at: (30, 20)) } }
        }
        #expect(untouched.bytes == under.bytes)
    }

    /// UILabel's sharp shadow: the text's shape in shadowColor at shadowOffset, unblurred.
    @Test func uiLabelShadowIsSharp() throws {
        var label = Label("Sharp", font: try TestFonts.bold(40), size: Size(width: 200, height: 80))
        label.textColor = Color(red: 1, green: 1, blue: 1)
        label.shadowColor = Color(red: 0, green: 0, blue: 0)
        label.shadowOffset = Point(3, 2)
        let image = try label.image()
        var plain = label
        plain.shadowColor = nil
        let text = try plain.image()
        // Where the plain text is transparent, the shadow is the text's alpha moved by (3, 2).
        for y in 2..<80 {
            for x in 3..<200 where text.pixel(x: x, y: y)[3] == 0 {
                #expect(image.pixel(x: x, y: y)[3] == text.pixel(x: x - 3, y: y - 2)[3])
            }
        }
    }

    @Test func insetsForShadowsKeepTheGlowInside() throws {
        var label = Label("Glow to the edges", font: try TestFonts.bold(40), size: Size(width: 400, height: 90))
        label.shadows = [.glow(color: Color(red: 1, green: 0.6, blue: 0), sigma: 5)]
        label.adjustsFontSizeToFitWidth = true
        label.minimumScaleFactor = 0.3
        func edgeAlpha(_ image: Image) -> Int {
            (0..<image.height).map { max(Int(image.pixel(x: 0, y: $0)[3]), Int(image.pixel(x: image.width - 1, y: $0)[3])) }.max()!
        }
        let frame = PixelRect(x: 0, y: 0, width: 400, height: 90)
        // Unclipped, the glow overhangs the frame and the image grows to hold it.
        let overhanging = try label.drawnBounds()
        #expect(overhanging.x < 0 && overhanging.width > 400)
        #expect(try label.image().width == overhanging.width)
        // Clipped to the frame, the glow is cut at the edges.
        label.clipsToBounds = true
        #expect(try label.drawnBounds() == frame)
        #expect(edgeAlpha(try label.image()) > 10)
        // Inset for shadows: ⌈3σ⌉ inside, nothing overhangs and nothing is cut.
        label.clipsToBounds = false
        label.insetsTextForShadows = true
        #expect(try label.drawnBounds() == frame)
        #expect(edgeAlpha(try label.image()) <= 1)
    }

    /// Embedding: a borrowed BGRA view at origins partly outside it; only the label's drawn
    /// bounds change (overhangs included), the fences hold, and the pixels equal the label's own
    /// image there — a cropped label is exactly the crop of the whole one.
    @Test(arguments: [(-200, 30), (15, -40), (600, 0)])
    func rendersIntoABorrowedViewAtAnOrigin(x: Int, y: Int) throws {
        let label = try LabelFixtures.leftAligned()
        let whole = try label.image(format: .bgra8Premultiplied)
        let bounds = try label.drawnBounds()
        #expect(whole.width == bounds.width && whole.height == bounds.height)
        let fenced = FencedBuffer(width: 700, height: 120, format: .bgra8Premultiplied, padding: 12, misalignment: 1, fill: 0)
        try label.render(into: fenced.buffer, at: (x, y))
        #expect(fenced.fenceViolations == 0)
        var differences = 0
        for by in 0..<120 {
            for bx in 0..<700 {
                let ix = bx - x - bounds.x, iy = by - y - bounds.y
                let expected = (ix >= 0 && iy >= 0 && ix < whole.width && iy < whole.height) ? whole.pixel(x: ix, y: iy) : [0, 0, 0, 0]
                if fenced.pixel(x: bx, y: by) != expected { differences += 1 }
            }
        }
        #expect(differences == 0)
    }

    @Test func badInputThrowsAndTouchesNothing() throws {
        let fenced = FencedBuffer(width: 64, height: 32, format: .rgba8Premultiplied)
        let before = fenced.allBytes
        var label = Label("x", font: try TestFonts.bold(20), size: Size(width: 64, height: 32))
        // A background is drawn first: an error found while drawing the text must still come
        // before it (the empty gradient below is found only then).
        label.backgroundColor = Color(rgba: 0x2040_60FF)
        label.shadows = [LabelShadow(color: .white, sigma: .nan)]
        #expect(throws: LabelError.invalidParameter(name: "shadows[0].sigma", value: .nan, allowed: "[0.0, 256.0]").description.isEmpty
                ? LabelError.self : LabelError.self) { try label.render(into: fenced.buffer) }
        label.shadows = []
        label.size = Size(width: -1, height: 10)
        #expect(throws: LabelError.invalidSize(width: -1, height: 10)) { try label.render(into: fenced.buffer) }
        label.size = Size(width: 64, height: 32)
        label.stroke = LabelStroke(width: 0, paint: .color(.white))
        #expect(throws: LabelError.invalidParameter(name: "stroke.width", value: 0, allowed: "[1e-06, 256] px")) {
            try label.render(into: fenced.buffer)
        }
        label.stroke = nil
        label.fill = .gradient(LabelGradient(stops: []), extent: .ink)
        #expect(throws: LabelError.raster(.emptyGradient)) { try label.render(into: fenced.buffer) }
        label.fill = nil
        let a8 = FencedBuffer(width: 8, height: 8, format: .a8)
        #expect(throws: LabelError.unsupportedDestination(format: .a8)) { try label.render(into: a8.buffer) }
        #expect(throws: LabelError.emptyAttributedText) { try Label(attributedText: AttributedText(), size: .zero) }
        #expect(fenced.allBytes == before)
    }

    /// Labels rendered on many threads at once — sharing fonts, the glyph cache and the blur's
    /// memory — equal the same labels rendered one at a time. Scripts/test.sh also runs this
    /// under ThreadSanitizer.
    @Test func concurrentRendersEqualSerialOnes() async throws {
        var labels: [Label] = []
        for (i, text) in ["Shadowed", "Stroked AV", "Ωμέγα glow", "gradient fi"].enumerated() {
            var label = Label(text, font: try TestFonts.bold(18 + Double(i) * 3), size: Size(width: 180, height: 48))
            label.fill = i % 2 == 0 ? .gradient(LabelGradient(colors: [LabelFixtures.blue, LabelFixtures.red]), extent: .ink) : nil
            label.stroke = i == 1 ? LabelStroke(width: 2, paint: .color(.black)) : nil
            label.shadows = [LabelShadow(color: Color(rgba: 0x0000_0080), offset: Point(1, 2), sigma: 1.5 + Double(i) * 2)]
            labels.append(label)
        }
        let expected = try labels.map { try $0.image().bytes }
        // Eight tasks, each returning its images (Image is Sendable), two per label.
        try await withThrowingTaskGroup(of: (Int, [Image]).self) { group in
            for task in 0 ..< 8 {
                let index = task % labels.count, label = labels[index]
                group.addTask { (index, try (0 ..< 3).map { _ in try label.image() }) }
            }
            for try await (index, images) in group {
                for image in images { #expect(image.bytes == expected[index]) }
            }
        }
    }

    /// The widest stroke grown by a shadow's spread is a valid label: its shadow is cast by a
    /// 257 px outside stroke, within the text stroke's limit.
    @Test func widestStrokeWithASpreadShadowRenders() throws {
        var label = Label("x", font: try TestFonts.bold(20), size: Size(width: 64, height: 32))
        label.backgroundColor = .white
        label.stroke = LabelStroke(width: 256, paint: .color(.black))
        label.shadows = [.glow(color: Color(rgba: 0xFF00_00FF), sigma: 2, spread: 1)]
        let image = try label.image()
        let b = try label.drawnBounds()
        #expect(b.x < -200 && b.y < -200)   // the stroke and its glow reach far past the frame
        #expect(image.pixel(x: -b.x, y: -b.y) == [0, 0, 0, 255])   // the stroke covers the whole label
    }

    /// Exact at every level: the gradient and blur kernels of every level equal their scalar
    /// twins bit for bit, so SHEEN_SIMD=reference draws the same bytes.
    @Test func goldenLabels() throws {
        let tolerance: UInt8 = 0
        #expect(try Golden.compare(LabelFixtures.styled().image(), "styled", directory: Golden.directory(), tolerance: tolerance) == nil)
        var lines = Label("Per-line gradients on three lines, no bleeding", font: try TestFonts.bold(36),
                          size: Size(width: 440, height: 180))
        lines.numberOfLines = 0
        lines.lineBreakMode = .byWordWrapping
        lines.textAlignment = .center
        lines.fill = .gradient(LabelGradient(colors: [LabelFixtures.blue, LabelFixtures.red], geometry: .linear(angle: 90),
                                             space: .oklab), extent: .lines)
        lines.shadows = [.glow(color: Color(rgba: 0xFF95_00C0), sigma: 4)]
        lines.backgroundColor = Color(rgba: 0x2020_20FF)
        #expect(try Golden.compare(lines.image(), "lines-glow", directory: Golden.directory(), tolerance: tolerance) == nil)
    }
}
