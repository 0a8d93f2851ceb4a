import Foundation
import SheenRaster
import SheenTestSupport
@testable import SheenText
import Testing

/// Caret movement (TextLayout+CaretMovement): examples, and the properties an editor relies on,
/// over random bidi texts — `CaretMovementProperties.check` is run here on a few hundred texts and
/// by CaretMovementLongTests on 10,000 (release).
@Suite struct CaretMovementTests {
    @Test func logicalAndWordMoves() throws {
        let l = try Fixtures.layout("Hello, big world!", size: 20)
        #expect(l.position(from: 0, moving: .forward) == (1, .leading))
        #expect(l.position(from: 5, moving: .backward) == (4, .leading))
        #expect(l.position(from: 0, moving: .backward) == (0, .leading))
        #expect(l.position(from: 17, moving: .forward) == (17, .leading))
        #expect(l.position(from: 0, moving: .wordForward).offset == 5)     // "Hello|"
        #expect(l.position(from: 5, moving: .wordForward).offset == 10)    // "big|"
        #expect(l.position(from: 16, moving: .wordForward).offset == 17)   // past the last word: the end
        #expect(l.position(from: 17, moving: .wordBackward).offset == 11)  // "|world"
        #expect(l.position(from: 11, moving: .wordBackward).offset == 7)   // "|big"
        #expect(l.position(from: 3, moving: .wordBackward).offset == 0)
        #expect(l.position(from: 9, moving: .documentStart) == (0, .leading))
        #expect(l.position(from: 9, moving: .documentEnd) == (17, .leading))
    }

    @Test func graphemeClustersAreOneStep() throws {
        let text = "e\u{301}👍🏽x"   // e + combining acute, a thumb with a skin tone
        let l = try Fixtures.layout(text, size: 20)
        #expect(l.position(from: 0, moving: .forward).offset == 2)
        #expect(l.position(from: 2, moving: .forward).offset == 6)
        #expect(l.position(from: 6, moving: .backward).offset == 2)
        #expect(l.position(from: 0, moving: .right).offset == 2)
        #expect(l.position(from: 4, moving: .forward).offset == 6)  // from inside a cluster: its start, then on
    }

    @Test func visualMovesFollowTheScreenInBidiText() throws {
        // "abc " then Hebrew then " def" in a left-to-right paragraph: right from "c" enters the
        // Hebrew run at its left end, which is its logical end.
        let l = try Fixtures.layout("abc שלום def", size: 20)
        var p = (offset: 0, affinity: CaretAffinity.leading)
        var xs: [Double] = [l.caret(at: 0)!.x]
        for _ in 0..<20 {
            let next = l.position(from: p.offset, affinity: p.affinity, moving: .right)
            if next == p { break }
            p = next
            xs.append(l.caret(at: p.offset, affinity: p.affinity)!.x)
        }
        #expect(xs == xs.sorted() && Set(xs).count == xs.count, "\(xs)")
        #expect(p.offset == 12)
        #expect(xs.count == 13)  // 13 places on screen for 12 characters in three runs
    }

    @Test func lineMovesInAView() throws {
        let l = try Fixtures.layout("First line here\nsecond\nthe third line", size: 20)
        #expect(l.lines.count == 3)
        #expect(l.position(from: 3, moving: .lineEnd) == (15, .leading))   // before the hard break
        #expect(l.position(from: 19, moving: .lineStart) == (16, .leading))
        #expect(l.position(from: 19, moving: .paragraphEnd) == (22, .leading))
        #expect(l.position(from: 30, moving: .paragraphStart) == (23, .leading))
        // Down from the end of the first line to the short second one, then on at the same x:
        // the third line finds the first line's column again.
        let x = l.caret(at: 14)!.x
        let down = l.position(from: 14, moving: .down, preferredX: x)
        #expect(down.offset == 22)
        let again = l.position(from: down.offset, affinity: down.affinity, moving: .down, preferredX: x)
        #expect(abs(l.caret(at: again.offset, affinity: again.affinity)!.x - x) < 8)
        #expect(l.position(from: 2, moving: .up) == (0, .leading))
        #expect(l.position(from: 30, moving: .down) == (37, .leading))
    }

    @Test func wrappedLineEndsStandOnTheirLine() throws {
        let l = try Fixtures.layout("alpha beta gamma delta", size: 20, width: 90)
        #expect(l.lines.count > 1)
        // "alpha" ends the first line, the space after it undrawn: the end is before the space.
        #expect(l.position(from: 0, moving: .lineEnd) == (5, .leading))
        #expect(l.caret(at: 5)!.line == 0)
        // Wrapped by characters (no space), the next line begins at the end: trailing keeps it here.
        let c = try Fixtures.layout("abcdefghijklmnop", size: 20, width: 60) { $0.lineBreakMode = .byCharWrapping }
        #expect(c.lines.count > 1)
        let end = c.position(from: 0, moving: .lineEnd)
        #expect(end == (c.lines[1].sourceRange.lowerBound, .trailing))
        #expect(c.caret(at: end.offset, affinity: end.affinity)!.line == 0)
    }

    @Test func propertiesHoldOnRandomTexts() throws {
        try CaretMovementProperties.check(texts: 300, seed: 0x6361_7265)
    }
}

/// The properties of caret movement, over `texts` random texts of Latin, Hebrew, Arabic, digits,
/// spaces, punctuation, combining marks, emoji and line breaks at random widths.
enum CaretMovementProperties {
    static let pieces = ["a", "b", "word", "Hello", " ", " ", ",", ".", "1", "23", "ש", "לום", "עולם", "م", "رحبا",
                         "e\u{301}", "👍🏽", "🇫🇷", "\n", "x\u{5B0}", "ก", "่"]

    static func check(texts: Int, seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        for _ in 0..<texts {
            let count = Int.random(in: 0...24, using: &rng)
            let text = (0..<count).map { _ in pieces.randomElement(using: &rng)! }.joined()
            let width = [0.0, 60, 120, 200].randomElement(using: &rng)!
            let l = try Fixtures.layout(text, size: 16, width: width)
            try properties(of: l, text: text)
        }
    }

    static func properties(of l: TextLayout, text: String) throws {
        let boundaries = Set(l.caretBoundaries())
        let n = text.utf16.count
        func place(_ p: (offset: Int, affinity: CaretAffinity)) -> (line: Int, x: Double)? { l.caret(at: p.offset, affinity: p.affinity) }
        func same(_ a: (line: Int, x: Double)?, _ b: (line: Int, x: Double)?) -> Bool {
            guard let a, let b else { return a == nil && b == nil }
            return a.line == b.line && abs(a.x - b.x) < 1e-6
        }
        for o in l.caretBoundaries() {
            for affinity in [CaretAffinity.leading, .trailing] {
                for movement in CaretMovement.allCases {
                    let p = l.position(from: o, affinity: affinity, moving: movement)
                    #expect(boundaries.contains(p.offset), "\(movement) from \(o) in \(text.debugDescription) lands inside a cluster: \(p.offset)")
                    #expect(place(p) != nil || l.lines.isEmpty)
                }
                let start = (offset: o, affinity: affinity)
                // Right then left (and left then right) return to the same place on screen, where
                // the move stays between lines of one direction.
                for (there, back) in [(CaretMovement.right, CaretMovement.left), (.left, .right)] {
                    let moved = l.position(from: o, affinity: affinity, moving: there)
                    guard !same(place(moved), place(start)), let a = place(start), let b = place(moved),
                          l.lines[a.line].isRightToLeft == l.lines[b.line].isRightToLeft else { continue }
                    let returned = l.position(from: moved.offset, affinity: moved.affinity, moving: back)
                    #expect(same(place(returned), place(start)),
                            "\(there) then \(back) from \(start) in \(text.debugDescription): \(moved) then \(returned)")
                }
                // Forward then backward return to the offset.
                if o < n {
                    let f = l.position(from: o, moving: .forward)
                    #expect(f.offset > o && l.position(from: f.offset, moving: .backward).offset == o)
                }
                // Word moves go one way and stop at the ends.
                let wf = l.position(from: o, moving: .wordForward).offset, wb = l.position(from: o, moving: .wordBackward).offset
                #expect((wf > o || o == n) && (wb < o || o == 0))
            }
        }
        // Every boundary is reachable by visual moves: the places that left and right moves reach
        // from the text's start (any sequence of them) include each boundary's place (a boundary
        // drawn where another is may be reached as that place's other position).
        guard !l.lines.isEmpty else { return }
        var visited: [(line: Int, x: Double)] = []
        var seen = Set<[Int]>(), queue = [(offset: 0, affinity: CaretAffinity.leading)]
        while let p = queue.popLast() {
            guard seen.insert([p.offset, p.affinity == .leading ? 0 : 1]).inserted else { continue }
            if let at = place(p) { visited.append(at) }
            queue.append(l.position(from: p.offset, affinity: p.affinity, moving: .left))
            queue.append(l.position(from: p.offset, affinity: p.affinity, moving: .right))
        }
        for o in l.caretBoundaries() {
            let here = place((o, .leading))
            #expect(visited.contains { same($0, here) }, "boundary \(o) of \(text.debugDescription) at \(String(describing: here)) is never reached")
        }
    }
}
