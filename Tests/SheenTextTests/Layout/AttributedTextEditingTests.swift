import SheenRaster
import SheenTestSupport
import SheenText
import Testing

/// `AttributedText.replaceCharacters(in:with:)`: edits keep the attributes of the text they touch.
@Suite struct AttributedTextEditingTests {
    let font: Font
    let red: TextAttributes, blue: TextAttributes, green: TextAttributes

    init() throws {
        font = try TestFonts.sans(16)
        red = TextAttributes(font: font, color: Color(red: 1, green: 0, blue: 0))
        blue = TextAttributes(font: font, color: Color(red: 0, green: 0, blue: 1), underline: TextDecoration(.single))
        green = TextAttributes(font: try TestFonts.bold(20), color: Color(red: 0, green: 1, blue: 0))
    }

    func text(_ pieces: [(String, TextAttributes)]) -> AttributedText {
        var t = AttributedText()
        for (s, a) in pieces { t.append(s, attributes: a) }
        return t
    }

    /// Typing inside a run, at a run's end and at the start takes the run before (after, at the
    /// start); replacing takes the first replaced character's; the result is the text built anew.
    @Test func editsTakeTheAttributesOfTheTextTheyTouch() {
        var t = text([("Hello ", red), ("world", blue)])
        t.replaceCharacters(in: 2..<2, with: "XY")               // inside red
        #expect(t == text([("HeXYllo ", red), ("world", blue)]))
        t.replaceCharacters(in: 8..<8, with: "!")                // at red's end, before blue
        #expect(t == text([("HeXYllo !", red), ("world", blue)]))
        t.replaceCharacters(in: 0..<0, with: ">")                // at the start: the first character's
        #expect(t == text([(">HeXYllo !", red), ("world", blue)]))
        t.replaceCharacters(in: 9..<12, with: "W")               // "!wo" → first replaced is red's "!"
        #expect(t == text([(">HeXYllo W", red), ("rld", blue)]))
        t.replaceCharacters(in: 10..<10, with: "_")              // after red at the boundary: red
        t.replaceCharacters(in: 11..<12, with: "R")              // replaces blue "r": blue
        #expect(t == text([(">HeXYllo W_", red), ("Rld", blue)]))
        t.replaceCharacters(in: t.utf16.count..<t.utf16.count, with: "?")   // at the end: the last run's
        #expect(t == text([(">HeXYllo W_", red), ("Rld?", blue)]))
    }

    /// Deleting everything keeps the attributes of what was deleted first for the next typing;
    /// offsets past the text are clamped; a surrogate pair is never split.
    @Test func emptiedTextTypesOnInItsAttributes() {
        var t = text([("ab", blue), ("cd", red)])
        t.replaceCharacters(in: 0..<4, with: "")
        #expect(t.string.isEmpty && t.attributes == [blue] && t.runs.isEmpty)
        t.replaceCharacters(in: 0..<0, with: "new")
        #expect(t == text([("new", blue)]))
        t.replaceCharacters(in: 2..<99, with: "w!")
        #expect(t == text([("new!", blue)]))
        var emoji = text([("a😀b", red)])
        emoji.replaceCharacters(in: 2..<3, with: "x")            // the trail surrogate: the whole 😀
        #expect(emoji == text([("axb", red)]))
        var none = AttributedText()
        none.replaceCharacters(in: 0..<0, with: "lost")          // nothing to style it with
        #expect(none == AttributedText())
    }

    /// Random texts of 1–6 runs in three styles, 200 random edits each, against a model that keeps
    /// one attribute per UTF-16 unit: the same units, attributes and well-formed runs.
    @Test func randomEditsMatchAUnitByUnitModel() {
        var rng = SeededGenerator(seed: 0x5EED_0061)
        let styles = [red, blue, green]
        let alphabet = ["a", "b", " ", "é", "😀", "中"]
        for _ in 0..<40 {
            var t = AttributedText()
            var model: [(UInt16, Int)] = []
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                let s = (0..<Int.random(in: 1...5, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }.joined()
                let k = Int.random(in: 0..<3, using: &rng)
                t.append(s, attributes: styles[k])
                model += s.utf16.map { ($0, k) }
            }
            for _ in 0..<200 {
                let n = model.count
                var lo = Int.random(in: 0...n, using: &rng), hi = Int.random(in: lo...min(n, lo + 4), using: &rng)
                if lo > 0, lo < n, UTF16.isTrailSurrogate(model[lo].0) { lo -= 1 }
                if hi > 0, hi < n, UTF16.isTrailSurrogate(model[hi].0) { hi += 1 }
                let s = (0..<Int.random(in: 0...3, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }.joined()
                let donor = model.isEmpty ? styles.firstIndex(of: t.attributes(at: 0)!)! : model[lo < hi || lo == 0 ? lo : lo - 1].1
                t.replaceCharacters(in: lo..<hi, with: s)
                model.replaceSubrange(lo..<hi, with: s.utf16.map { ($0, donor) })
                #expect(t.utf16 == model.map(\.0))
                let perUnit = t.runs.flatMap { run in run.range.map { _ in styles.firstIndex(of: t.attributes[run.attributesIndex])! } }
                #expect(perUnit == model.map(\.1))
                #expect(zip(t.runs, t.runs.dropFirst()).allSatisfy { $0.range.upperBound == $1.range.lowerBound && $0.attributesIndex != $1.attributesIndex })
                #expect(Set(t.runs.map(\.attributesIndex)).count == t.attributes.count || t.runs.isEmpty)
            }
        }
    }
}
