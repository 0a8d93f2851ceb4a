import Testing
import SheenRaster
import SheenTestSupport
@testable import SheenText

/// Carets, hit testing and selection rectangles (TextLayout+Caret), in left-to-right,
/// right-to-left and mixed text.
@Suite struct CaretTests {
    func y(_ l: TextLayout, line: Int = 0) -> Double { l.lines[line].lineBox.y + l.lines[line].lineBox.height / 2 }

    @Test func leftToRight() throws {
        let l = try Fixtures.layout("Hello", size: 20)
        let glyphs = l.lines[0].glyphs
        for i in 0..<5 {
            #expect(l.caret(at: i)! == (0, glyphs[i].penX))
            // Left of a character's middle is before it, right of it after.
            let mid = glyphs[i].penX + glyphs[i].advance / 2
            #expect(l.caretOffset(at: Point(mid - 0.5, y(l))) == i)
            #expect(l.caretOffset(at: Point(mid + 0.5, y(l))) == i + 1)
        }
        #expect(abs(l.caret(at: 5)!.x - l.lines[0].typographicRect.maxX) < 1e-9)
        // Outside the text: the nearest end; offsets are clamped.
        #expect(l.caretOffset(at: Point(-50, y(l))) == 0 && l.caretOffset(at: Point(500, y(l))) == 5)
        #expect(l.caret(at: -3)!.x == l.caret(at: 0)!.x && l.caret(at: 99)!.x == l.caret(at: 5)!.x)
        #expect(l.selectionRects(1..<3) == [Rect(x: glyphs[1].penX, y: l.lines[0].lineBox.y, width: glyphs[3].penX - glyphs[1].penX,
                                                 height: l.lines[0].lineBox.height)])
        #expect(l.selectionRects(2..<2).isEmpty)
    }

    @Test func rightToLeft() throws {
        let l = try Fixtures.layout("שלום", size: 20)
        #expect(l.lines[0].isRightToLeft)
        let box = l.lines[0].typographicRect
        #expect(abs(l.caret(at: 0)!.x - box.maxX) < 1e-9)
        #expect(abs(l.caret(at: 4)!.x - box.x) < 1e-9)
        // The first letter is the rightmost: its right half is before it.
        #expect(l.caretOffset(at: Point(box.maxX - 0.5, y(l))) == 0)
        #expect(l.caretOffset(at: Point(box.x + 0.5, y(l))) == 4)
        #expect(l.caretOffset(at: Point(box.maxX + 40, y(l))) == 0)
        let xs = (0...4).map { l.caret(at: $0)!.x }
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 > $1 })
    }

    /// Mixed text: every boundary's caret, hit again, lands on the same x (at a direction change
    /// two offsets can share an x); selections across the change are two rectangles.
    @Test func mixedDirections() throws {
        let text = "abc שלום def"
        let l = try Fixtures.layout(text, size: 20)
        for o in 0...text.utf16.count {
            let x = l.caret(at: o)!.x
            let hit = l.caretOffset(at: Point(x, y(l)))
            #expect(abs(l.caret(at: hit)!.x - x) < 1e-6, "offset \(o) → x \(x) → \(hit)")
        }
        // "c שׁ": the range 2..<6 is "c", " ", and two Hebrew letters drawn at the run's right end.
        let rects = l.selectionRects(2..<6)
        #expect(rects.count == 2)
        let total = rects.reduce(0) { $0 + $1.width }
        let glyphWidths = l.lines[0].glyphs.filter { (2..<6).contains($0.sourceOffset) }.reduce(0) { $0 + $1.advance }
        #expect(abs(total - glyphWidths) < 1e-6)
    }

    /// A ligature drawing two characters: the caret between them stands halfway across it.
    @Test func insideALigature() throws {
        let l = try Fixtures.layout("fi", size: 40)
        try #require(l.lines[0].glyphs.count == 1, "DejaVu Sans draws fi as one glyph")
        let g = l.lines[0].glyphs[0]
        #expect(abs(l.caret(at: 1)!.x - (g.penX + g.advance / 2)) < 1e-9)
        #expect(l.caretOffset(at: Point(g.penX + g.advance * 0.45, y(l))) == 1)
        #expect(l.caretOffset(at: Point(g.penX + g.advance * 0.2, y(l))) == 0)
        #expect(l.selectionRects(0..<1).first.map { abs($0.width - g.advance / 2) < 1e-9 } == true)
    }

    /// Wrapped lines: a caret at a wrap point starts the next line; y chooses the line.
    @Test func wrappedLines() throws {
        let l = try Fixtures.layout("one two three four", size: 20, width: 70)
        try #require(l.lines.count >= 2)
        let second = l.lines[1].sourceRange.lowerBound
        #expect(l.caret(at: second)!.line == 1)
        #expect(abs(l.caret(at: second)!.x - l.lines[1].glyphs[0].penX) < 1e-9)
        #expect(l.caretOffset(at: Point(0, y(l, line: 1))) == second)
        #expect(l.caretOffset(at: Point(0, -100)) == 0)
        #expect(l.caretOffset(at: Point(1000, 1000)) == "one two three four".utf16.count)
        #expect(l.selectionRects(0..<second + 1).count == 2)
        // Upstream at the wrap point: the end of the first line, after its last drawn character.
        let upstream = l.caret(at: second, affinity: .trailing)!
        #expect(upstream.line == 0 && abs(upstream.x - l.lines[0].glyphs.last!.penX - l.lines[0].glyphs.last!.advance) < 1e-9)
        #expect(l.caret(at: second - 2, affinity: .trailing)! == l.caret(at: second - 2)!)
    }

    /// Affinity: inside a run both sides are one place; at a direction boundary they are the two
    /// edges of the runs, and a tap's position carries the side it was on.
    @Test func affinityAtDirectionBoundaries() throws {
        let text = "abc שלום def"
        let l = try Fixtures.layout(text, size: 20)
        let after = l.caret(at: 4, affinity: .trailing)!.x, before = l.caret(at: 4)!.x
        #expect(before - after > 40)
        // A tap beside either edge is drawn at that edge (at `after` the Hebrew word's logical
        // end meets "abc ": 8 upstream stands there as 4 upstream does).
        for x in [after, before] {
            for dx in [-0.5, 0.5] {
                let p = l.caretPosition(at: Point(x + dx, y(l)))
                #expect(abs(l.caret(at: p.offset, affinity: p.affinity)!.x - x) < 1e-9, "\(x + dx) → \(p)")
            }
        }
        for o in [1, 2, 6, 10] { #expect(l.caret(at: o, affinity: .trailing)! == l.caret(at: o)!) }
        #expect(l.caret(at: 0, affinity: .trailing)! == l.caret(at: 0)!)
    }

    /// Combining marks: a caret never splits a cluster.
    @Test func clustersAreNotSplit() throws {
        let text = "e\u{301}x"
        let l = try Fixtures.layout(text, size: 20)
        #expect(l.caret(at: 1)!.x == l.caret(at: 0)!.x)
        #expect(l.caretOffset(at: Point(l.caret(at: 2)!.x - 0.5, y(l))) == 2)
    }

    /// A tap at any point has an answer: NaN is before the start, ±∞ and ±1e300 the ends, inside
    /// a cluster a hair wide (found by the field fuzzer: Int of NaN trapped).
    @Test func anyTapPointHasACaret() throws {
        for text in ["Hello", "e\u{301}f\u{301}", "שלום abc", ""] {
            let l = try Fixtures.layout(text, size: 20)
            for x in [Double.nan, .infinity, -.infinity, 1e300, -1e300, 0, 3.5] {
                for y in [Double.nan, .infinity, -.infinity, 10] {
                    let p = l.caretPosition(at: Point(x, y))
                    #expect((0 ... text.utf16.count).contains(p.offset), "\(text) (\(x), \(y))")
                }
            }
        }
    }
}
