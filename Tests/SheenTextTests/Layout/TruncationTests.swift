import Testing
import SheenText

@Suite struct TruncationTests {
    let text = "Truncate this long line in the middle please"

    private func oneLine(_ mode: LineBreakMode, width: Double = 200, tighten: Bool = false, _ string: String? = nil) throws -> TextLayout {
        try Fixtures.layout(string ?? text, size: 18, width: width) {
            $0.numberOfLines = 1; $0.lineBreakMode = mode; $0.allowsDefaultTighteningForTruncation = tighten
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
        #expect(clip.lines[0].string == text)
        #expect(clip.lines[0].typographicRect.width > 200)
        #expect(clip.isTruncated)
        // The mask is still the bounds: the overflow is clipped.
        #expect(try clip.mask().image.width == 200)
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
