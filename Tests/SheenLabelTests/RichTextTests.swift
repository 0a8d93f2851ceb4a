import Testing
@testable import SheenLabel
import SheenRaster
import SheenText
import SheenTestSupport

/// Attributed runs in labels: textColor as UIKit defines it, run fills and strokes, decorations
/// in their own colours, run backgrounds, tabs and soft hyphens — checked pixel by pixel and
/// against a golden.
@Suite struct RichTextTests {
    let black = Color(red: 0, green: 0, blue: 0)
    let green = Color(red: 0, green: 0.8, blue: 0)
    let yellow = Color(red: 1, green: 0.9, blue: 0)

    func label(_ text: AttributedText, width: Double = 600, height: Double = 120) throws -> Label {
        var l = try Label(attributedText: text, size: Size(width: width, height: height))
        l.textAlignment = .center
        return l
    }

    func font() throws -> Font { try TestFonts.bold(40) }

    /// Every opaque pixel of `image` (colour bytes).
    func opaque(_ image: Image, columns: Range<Int>? = nil) -> Set<SIMD4<Int>> {
        var out = Set<SIMD4<Int>>()
        for y in 0..<image.height {
            for x in columns ?? 0..<image.width where x >= 0 && x < image.width {
                let p = LabelFixtures.rgba(image, x, y)
                if p.w == 255 { out.insert(p) }
            }
        }
        return out
    }

    func premultiplied(_ c: Color) -> SIMD4<Int> {
        let p = c.premultiplied8
        return SIMD4(Int(p.x), Int(p.y), Int(p.z), Int(p.w))
    }

    @Test func settingTextColorRecoloursEveryRunAsUIKitDoes() throws {
        var text = AttributedText("red ", attributes: TextAttributes(font: try font(), color: LabelFixtures.red))
        text.append("blue", attributes: TextAttributes(font: try font(), color: LabelFixtures.blue))
        var l = try label(text)
        #expect(opaque(try l.image()) == [premultiplied(LabelFixtures.red), premultiplied(LabelFixtures.blue)])
        l.textColor = green
        #expect(opaque(try l.image()) == [premultiplied(green)])
        // A run coloured afterwards keeps its colour.
        l.attributedText?.updateAttributes(in: 0..<3) { $0.color = LabelFixtures.red }
        #expect(opaque(try l.image()) == [premultiplied(LabelFixtures.red), premultiplied(green)])
    }

    /// An animation interpolates `textColor` for the runs without a colour; runs with their own
    /// keep it in every frame (the interpolation is not a UIKit-style recolouring).
    @Test func animatedTextColorKeepsRunColours() throws {
        var text = AttributedText("red ", attributes: TextAttributes(font: try font(), color: LabelFixtures.red))
        text.append("plain", attributes: TextAttributes(font: try font()))
        let from = try label(text)
        var to = from
        to.textColor = green
        let middle = try LabelAnimation(from: from, to: to, duration: 1, timing: .linear).frame(at: 0.5)
        #expect(middle.attributedText?.attributes(at: 0)?.color == LabelFixtures.red)
        let colours = opaque(try middle.image())
        #expect(colours.contains(premultiplied(LabelFixtures.red)))
        #expect(colours.count == 2 && !colours.contains(premultiplied(black)) && !colours.contains(premultiplied(green)))
    }

    /// The columns the glyphs whose source offsets lie in `range` ink, in label pixels.
    func inkColumns(_ l: Label, _ range: Range<Int>) throws -> Range<Int> {
        let ink = try l.layout().coverage().inkRect(selecting: { range.contains($0.glyph.sourceOffset) })
        let origin = l.textArea
        return (ink.x + Int(origin.x.rounded()))..<(ink.x + ink.width + Int(origin.x.rounded()))
    }

    @Test func aRunGradientSpansTheRunsOwnInk() throws {
        var l = try label(AttributedText("Plain Fancy", font: try font()))
        l.runStyles = [LabelRunStyle(range: 6..<11, fill: .gradient(LabelGradient(colors: [LabelFixtures.red, LabelFixtures.blue])))]
        let image = try l.image()
        let fancy = try inkColumns(l, 6..<11), plain = try inkColumns(l, 0..<5)
        #expect(opaque(image, columns: plain) == [premultiplied(black)])
        // The run's outermost inked columns take the end colours exactly.
        func column(_ x: Int) -> [SIMD4<Int>] { (0..<image.height).map { LabelFixtures.rgba(image, x, $0) }.filter { $0.w > 0 } }
        #expect(column(fancy.lowerBound).allSatisfy { LabelFixtures.close($0, LabelFixtures.red.premultiplied8.scaled(alpha: $0.w), within: 1) })
        #expect(column(fancy.upperBound - 1).allSatisfy { LabelFixtures.close($0, LabelFixtures.blue.premultiplied8.scaled(alpha: $0.w), within: 1) })
    }

    @Test func aRunStrokeOutlinesOnlyTheRun() throws {
        var l = try label(AttributedText("Plain Fancy", font: try font()))
        l.runStyles = [LabelRunStyle(range: 6..<11, stroke: LabelStroke(width: 3, paint: .color(green)))]
        let image = try l.image()
        let fancy = try inkColumns(l, 6..<11)
        var strokeColumns = Set<Int>()
        for y in 0..<image.height {
            for x in 0..<image.width where LabelFixtures.rgba(image, x, y) == premultiplied(green) { strokeColumns.insert(x) }
        }
        #expect(!strokeColumns.isEmpty)
        #expect(strokeColumns.min()! >= fancy.lowerBound - 4 && strokeColumns.max()! <= fancy.upperBound + 3)
        // The label's own stroke still outlines the rest; the run's replaces it.
        l.stroke = LabelStroke(width: 3, paint: .color(LabelFixtures.red))
        let both = try l.image()
        let plain = try inkColumns(l, 0..<5)
        #expect(opaque(both, columns: plain).contains(premultiplied(LabelFixtures.red)))
        #expect(!opaque(both, columns: fancy).contains(premultiplied(LabelFixtures.red)))
    }

    @Test func decorationsInTheirOwnColourAndBackgrounds() throws {
        let attributes = TextAttributes(font: try font(), underline: TextDecoration(.thick, color: LabelFixtures.red),
                                        strikethrough: TextDecoration(), backgroundColor: yellow)
        var l = try label(AttributedText("nu nu", attributes: attributes))
        l.textAlignment = .left
        let image = try l.image()
        let layout = try l.layout()
        let d = layout.decorations
        let under = d.first { $0.kind == .underline }!.rect, strike = d.first { $0.kind == .strikethrough }!.rect
        let background = d.first { $0.kind == .background }!.rect
        let o = l.textArea
        func pixel(_ x: Double, _ y: Double) -> SIMD4<Int> {
            LabelFixtures.rgba(image, Int((x + o.x).rounded(.down)), Int((y + o.y).rounded(.down)))
        }
        // Mid-underline: red (the underline's colour) over the yellow background.
        #expect(pixel((under.x + under.maxX) / 2, (under.y + under.maxY) / 2) == premultiplied(LabelFixtures.red))
        // The strikethrough between the words, over the space: the text's colour.
        let space = layout.lines[0].glyphs[2]
        #expect(pixel(space.position.x + space.advance / 2, (strike.y + strike.maxY) / 2) == premultiplied(black))
        // Above the x-height, inside the line's typographic box: the background.
        #expect(pixel(background.x + 3, background.y + 2) == premultiplied(yellow))
        #expect(LabelFixtures.rgba(image, 0, 0).w == 0 || background.y + o.y < 1)
    }

    /// Emoji keep their own colours whatever paints the text: a gradient, a solid colour, the
    /// highlight colour, a run's fill. Only the glyphs around them change.
    @Test func emojiAreNotTinted() throws {
        var l = try label(AttributedText("Hi 😀 there", font: try font()))
        l.backgroundColor = Color(rgba: 0xFFFF_FFFF)
        let emoji = try inkColumns(l, 3..<5)
        func emojiPixels(_ l: Label) throws -> [SIMD4<Int>] {
            let image = try l.image()
            return (0..<image.height).flatMap { y in emoji.map { LabelFixtures.rgba(image, $0, y) } }
        }
        let solid = try emojiPixels(l)
        #expect(Set(solid).count > 20)  // many colours: the emoji, not a tint
        l.fill = .gradient(LabelGradient(colors: [LabelFixtures.red, LabelFixtures.blue]))
        #expect(try emojiPixels(l) == solid)
        l.isHighlighted = true
        l.highlightedTextColor = green
        #expect(try emojiPixels(l) == solid)
        l.runStyles = [LabelRunStyle(range: 0..<11, fill: .color(LabelFixtures.red))]
        #expect(try emojiPixels(l) == solid)
    }

    /// Which run style takes each offset, found in one pass, equals the rule stated by
    /// `Label.runStyles` (the last style whose range holds it) over random overlapping ranges,
    /// ranges past the text, empty ranges and styles that do not apply.
    @Test func runStyleIndexIsTheLastStyleHoldingEachOffset() {
        var rng = SeededGenerator(seed: 0x7275_6E73)
        for _ in 0 ..< 300 {
            let count = Int(rng.next() % 60)
            let ranges: [Range<Int>?] = (0 ..< Int(rng.next() % 12)).map { _ in
                if rng.next() % 5 == 0 { return nil }
                let a = Int(rng.next() % 70), b = Int(rng.next() % 70)
                return min(a, b) ..< max(a, b)
            }
            let index = LabelRenderer.runStyleIndex(of: ranges, count: count)
            let naive = (0 ..< count).map { o in ranges.lastIndex { $0?.contains(o) ?? false } ?? -1 }
            #expect(index == naive, "\(ranges) over \(count)")
        }
    }

    /// Ten thousand run styles, one per character, between two over the whole text render (they
    /// used to cost time cubic in their number: 500 took 8.7 s), and the per-character fills,
    /// the later styles, hide the first style's green.
    @Test func manyRunStylesRender() throws {
        let text = String(repeating: "ab", count: 5_000)
        var l = Label(text, font: try TestFonts.bold(8), size: Size(width: 2_000, height: 400))
        l.numberOfLines = 0
        l.runStyles = [LabelRunStyle(range: 0 ..< 10_000, fill: .color(green))]
            + (0 ..< 10_000).map { LabelRunStyle(range: $0 ..< $0 + 1, fill: .color($0 % 2 == 0 ? LabelFixtures.red : LabelFixtures.blue)) }
            + [LabelRunStyle(range: 0 ..< 10_000, stroke: LabelStroke(width: 0.5, paint: .color(black)))]
        let pixels = try l.image().withReadOnlyBuffer { pixelBytes($0) }
        var reddish = 0, bluish = 0, greenish = 0
        for i in stride(from: 0, to: pixels.count, by: 4) {
            let (r, g, b) = (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]))
            if r > g + 60 && r > b + 60 { reddish += 1 }
            if b > r + 60 && b > g + 60 { bluish += 1 }
            if g > r + 60 && g > b + 60 { greenish += 1 }
        }
        #expect(reddish > 1_000 && bluish > 1_000 && greenish == 0, "\(reddish) \(bluish) \(greenish)")
    }

    @Test func goldenEmoji() throws {
        var l = Label("Sheen ✨ emoji 👍🏽🇫🇷", font: try font(), size: Size(width: 560, height: 110))
        l.textAlignment = .center
        l.fill = .gradient(LabelGradient(colors: [LabelFixtures.blue, LabelFixtures.red]))
        l.stroke = LabelStroke(width: 2, paint: .color(Color(rgba: 0x3333_33FF)))
        l.shadows = [LabelShadow(color: Color(rgba: 0x0000_0080), offset: Point(0, 4), sigma: 4)]
        l.backgroundColor = Color(rgba: 0xF4F4_F4FF)
        #expect(try Golden.compare(l.image(), "emoji", directory: Golden.directory(), tolerance: 0) == nil)
    }

    @Test func goldenRichText() throws {
        let f = try font(), small = try TestFonts.bold(24)
        let style = ParagraphStyle(alignment: .left, paragraphSpacing: 8,
                                   tabStops: [TextTab(location: 220, alignment: .right), TextTab(location: 330, alignment: .decimal)])
        var text = AttributedText("Item\tQty\tPrice\n", attributes: TextAttributes(font: small, underline: TextDecoration(.double),
                                                                               paragraphStyle: style))
        text.append("Tea\t12\t3.50\n", attributes: TextAttributes(font: small, paragraphStyle: style))
        text.append("Cake\t1\t12.25\n", attributes: TextAttributes(font: small, strikethrough: TextDecoration(color: LabelFixtures.red),
                                                                   paragraphStyle: style))
        text.append("Extra", attributes: TextAttributes(font: f, backgroundColor: yellow))
        text.append("ordinary", attributes: TextAttributes(font: f, baselineOffset: 10, underline: TextDecoration(.thick)))
        text.append(" demon\u{AD}stration", attributes: TextAttributes(font: try TestFonts.bold(64)))
        var l = try Label(attributedText: text, size: Size(width: 420, height: 410))
        l.numberOfLines = 0
        l.lineBreakMode = .byWordWrapping
        l.textAlignment = .center
        l.backgroundColor = Color(rgba: 0xFFFF_FFFF)
        l.runStyles = [LabelRunStyle(range: 45..<53, fill: .gradient(LabelGradient(colors: [LabelFixtures.blue, LabelFixtures.red])),
                                     stroke: LabelStroke(width: 2, paint: .color(Color(rgba: 0x3333_33FF))))]
        #expect(try l.layout().lines.map(\.string).contains { $0.hasSuffix("-") })
        #expect(try Golden.compare(l.image(), "rich-text", directory: Golden.directory(), tolerance: 0) == nil)
    }
}

extension SIMD4<UInt8> {
    /// This premultiplied colour at coverage `alpha` (0…255) of its own alpha: what an opaque
    /// paint leaves in a transparent pixel it covers partly.
    func scaled(alpha: Int) -> SIMD4<UInt8> {
        let k = Double(alpha) / Double(w == 0 ? 255 : w)
        return SIMD4(UInt8((Double(x) * k).rounded()), UInt8((Double(y) * k).rounded()), UInt8((Double(z) * k).rounded()),
                     UInt8(alpha))
    }
}
