import Testing
import SheenRaster
import SheenText

@Suite struct TruncationTests {
    let text = "Truncate this long line in the middle please"

    private func oneLine(_ mode: LineBreakMode, width: Double = 200, tighten: Bool = false, _ string: String? = nil,
                         configure: (inout TextLayoutOptions) -> Void = { _ in }) throws -> TextLayout {
        try Fixtures.layout(string ?? text, size: 18, width: width) {
            $0.numberOfLines = 1; $0.lineBreakMode = mode; $0.allowsDefaultTighteningForTruncation = tighten
            configure(&$0)
        }
    }

    private func width(_ s: String) throws -> Double { try Fixtures.layout(s, size: 18).lines[0].typographicRect.width }

    @Test func tailHeadAndMiddle() throws {
        let tail = try oneLine(.byTruncatingTail), head = try oneLine(.byTruncatingHead), middle = try oneLine(.byTruncatingMiddle)
        // Truncation cuts between grapheme clusters, not words, as UIKit does.
        #expect(tail.lines[0].string == "Truncate this long li…")
        #expect(head.lines[0].string == "…n the middle please")
        #expect(middle.lines[0].string == "Truncate t…le please")
        for layout in [tail, head, middle] {
            #expect(layout.isTruncated && layout.lines[0].isTruncated)
            #expect(layout.lines[0].typographicRect.width <= 200)
            #expect(layout.lines[0].glyphs.contains { $0.sourceOffset == -1 })
        }
    }

    /// Each truncation keeps as much text as fits: one more grapheme would overflow.
    @Test func truncationIsMaximal() throws {
        let tail = try oneLine(.byTruncatingTail).lines[0].string
        let kept = tail.dropLast()  // "…"
        let next = text.dropFirst(kept.count).first { $0 != " " }!
        let grown = String(text.prefix(kept.count)) + (text.dropFirst(kept.count).hasPrefix(" ") ? " " : "") + String(next) + "…"
        #expect(try width(grown) > 200)
        let head = try oneLine(.byTruncatingHead).lines[0].string.dropFirst()
        let before = text.dropLast(head.count)
        #expect(try width("…" + String(before.last!) + head) > 200 || before.last == " ")
    }

    @Test func textThatFitsIsNotTruncated() throws {
        let layout = try oneLine(.byTruncatingTail, width: 500)
        #expect(layout.lines[0].string == text)
        #expect(!layout.isTruncated && !layout.lines[0].isTruncated)
    }

    @Test func lastPermittedLineOfMultiLineText() throws {
        let layout = try Fixtures.layout(text + " and again and again", size: 18, width: 150) {
            $0.numberOfLines = 2; $0.lineBreakMode = .byTruncatingTail
        }
        #expect(layout.lines.count == 2)
        #expect(!layout.lines[0].isTruncated)
        #expect(layout.lines[1].isTruncated && layout.lines[1].string.hasSuffix("…"))
        #expect(layout.lines[1].typographicRect.width <= 150)
        let head = try Fixtures.layout(text, size: 18, width: 150) { $0.numberOfLines = 2; $0.lineBreakMode = .byTruncatingHead }
        #expect(head.lines[1].string.hasPrefix("…") && head.lines[1].string.hasSuffix("please"))
    }

    /// Tail truncation marks text dropped after the paragraph, even when the line itself fits.
    @Test func droppedParagraphsAreMarked() throws {
        let layout = try Fixtures.layout("one\ntwo", size: 18, width: 300) { $0.numberOfLines = 1; $0.lineBreakMode = .byTruncatingTail }
        #expect(Fixtures.lineTexts(layout) == ["one…"])
        let unconstrained = try Fixtures.layout("one\ntwo", size: 18) { $0.numberOfLines = 1; $0.lineBreakMode = .byTruncatingTail }
        #expect(Fixtures.lineTexts(unconstrained) == ["one…"])
        // Head and middle truncation mark it too, at the end of the last line (no mark showed:
        // "two" vanished without a trace).
        for mode in [LineBreakMode.byTruncatingHead, .byTruncatingMiddle] {
            let layout = try Fixtures.layout("one\ntwo", size: 18, width: 300) { $0.numberOfLines = 1; $0.lineBreakMode = mode }
            #expect(Fixtures.lineTexts(layout) == ["one…"], "\(mode)")
            let tall = try Fixtures.layout("one\ntwo", size: 18, width: 300, height: 25) { $0.numberOfLines = 0; $0.lineBreakMode = mode }
            #expect(Fixtures.lineTexts(tall) == ["one…"], "\(mode), limited by height")
        }
    }

    @Test func wrappingAndClippingModesDropWithoutMarks() throws {
        let wrap = try Fixtures.layout(text, size: 18, width: 150) { $0.numberOfLines = 2; $0.lineBreakMode = .byWordWrapping }
        #expect(wrap.lines.count == 2 && wrap.isTruncated)
        #expect(!wrap.lines.contains { $0.string.contains("…") })
        let clip = try oneLine(.byClipping)
        // The line ends one cluster after the one the frame's edge cuts: the rest of the paragraph
        // is neither measured nor drawn (a megabyte made a mask millions of pixels wide).
        let shown = clip.lines[0].string
        #expect(text.hasPrefix(shown) && shown.count < text.count)
        #expect(clip.lines[0].typographicRect.width > 200)
        #expect(try width(String(shown.dropLast(2))) < 200)
        #expect(clip.isTruncated)
        // The mask is still the bounds: the overflow is clipped.
        #expect(try clip.mask().image.width == 200)
    }

    /// A clipped line draws in the frame exactly what the whole line draws there: Latin, Arabic
    /// (joined forms across the cut: it moves to where HarfBuzz allows a break), a Hebrew word
    /// at the edge of a left-to-right line (reordered as a whole), tabs; at every alignment (a
    /// line wider than the frame starts at its leading edge). Right to left, the line keeps its
    /// start at the frame's right edge.
    @Test func aClippedLineDrawsWhatTheWholeLineDrawsInTheFrame() throws {
        let texts = ["Clipped lines draw what the frame shows of them, and nothing else",
                     "مرحبا بالعالم هذا نص طويل جدا لا يتسع في الإطار المحدد له أبدا ولا يزال",
                     "سسسسسسسسسسسسسسسسسسسسسسسسسسسسسسسسسسسسسسسسسسسسسسسسسسسسسسسس",
                     "AVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAV",
                     "A word at the edge: שלום עולם ומה שלומך היום and more text after it",
                     "1.5\t2.25\t3.125\t4.0625\t5\t6\t7\t8\t9\t10\t11\t12\t13\t14"]
        for string in texts {
            let whole = try Fixtures.layout(string, size: 18) { $0.numberOfLines = 1 }
            #expect(whole.lines[0].typographicRect.width > 300, "\(string)")
            let rtl = whole.lines[0].isRightToLeft
            for alignment in [TextAlignment.natural, .left, .center, .right] {
                let clip = try oneLine(.byClipping, width: 200, string) { $0.alignment = alignment }
                let line = clip.lines[0]
                #expect(line.glyphs.count < whole.lines[0].glyphs.count, "\(string)")
                // Its glyphs are the whole line's (the same forms and advances, cut where shaping
                // allows) — but for the last, outside the frame, where no such cut is near (a
                // joined word, kerning across every pair).
                func key(_ g: LaidOutGlyph) -> [Double] { [Double(g.sourceOffset), Double(g.id), g.advance] }
                let wholeGlyphs = Set(whole.lines[0].glyphs.map(key))
                let last = line.glyphs.map(\.sourceOffset).max() ?? 0
                let uncut = string.hasPrefix("سسس") || string.hasPrefix("AVAV")
                #expect(line.glyphs.allSatisfy { wholeGlyphs.contains(key($0)) || uncut && $0.sourceOffset == last }, "\(string)")
                if rtl {
                    #expect(abs(line.typographicRect.maxX - 200) < 1e-9, "\(string) \(alignment)")
                } else {
                    #expect(line.typographicRect.x == 0, "\(string) \(alignment)")
                    let frame = PixelRect(x: 0, y: 0, width: 200, height: clip.pixelBounds.height)
                    #expect(try clip.mask(region: frame).image.bytes == whole.mask(region: frame).image.bytes, "\(string) \(alignment)")
                }
            }
        }
    }

    /// Tightening squeezes letter spacing (by at most 5 %) instead of truncating when that suffices.
    @Test func tighteningBeforeTruncation() throws {
        let natural = try width(text)
        let box = natural * 0.97
        let tight = try oneLine(.byTruncatingTail, width: box, tighten: true)
        #expect(tight.lines[0].string == text)
        let truncated = tight.isTruncated
        #expect(!truncated)
        #expect(tight.lines[0].typographicRect.width <= box)
        #expect(tight.lines[0].typographicRect.width > box - 1)
        let loose = try oneLine(.byTruncatingTail, width: box, tighten: false)
        #expect(loose.lines[0].string.hasSuffix("…"))
        // More than 5 % too wide: truncated anyway.
        let far = try oneLine(.byTruncatingTail, width: natural * 0.9, tighten: true)
        #expect(far.lines[0].string.hasSuffix("…"))
    }

    @Test func aBoxNarrowerThanTheEllipsisShowsJustTheEllipsis() throws {
        let layout = try oneLine(.byTruncatingTail, width: 3)
        #expect(layout.lines[0].string == "…")
    }

    /// Found by the text fuzzer: a box too low for even one line of empty text, with auto-shrink,
    /// made the empty paragraph the last permitted line and "…" looked up attributes it has none of.
    @Test(arguments: [LineBreakMode.byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle])
    func emptyTextInABoxTooLowForALine(_ mode: LineBreakMode) throws {
        for text in ["", "\n", "\n\n", "a\n\nb"] {
            let layout = try Fixtures.layout(text, size: 106, width: 128, height: 2) {
                $0.lineBreakMode = mode; $0.numberOfLines = 3; $0.alignment = .center
                $0.adjustsFontSizeToFitWidth = true; $0.minimumScaleFactor = 57.0 / 127
                $0.baselineAdjustment = .alignCenters
            }
            #expect(layout.lines.count <= 3)
            for line in layout.lines { #expect(line.typographicRect.width <= 128 + 1e-9) }
        }
    }
}
