import Foundation
import SheenRaster
import SheenTestSupport
import SheenText
import Testing
@testable import SheenLabel

/// Issue 49's property: text never disappears. Random texts (Latin, Hebrew, Arabic, Thai, CJK,
/// Hangul, emoji sequences, combining marks, newlines, tabs), fonts, sizes, frames, decorations,
/// line modes and field states; for a text with something visible, either every visible
/// character is laid out on a line or an ellipsis marks where text was cut, the image is never
/// empty, and a field keeps its line inside its frame and its caret on the drawn text.
/// `TextNeverDisappearsTests` runs a few hundred cases in every build; the release long tests
/// (`TextNeverDisappearsLongTests`, SHEEN_LONG_TESTS=1) run 10,000.
enum NeverDisappears {
    static let pieces: [String] = [
        "Hello", "gyp", "Wrapped", "naïve", "café", "AVATAR", "office", "Jiggly", "123", "x",
        "שלום", "עולם", "مرحبا", "بالعالم", "ที่นี่", "ปั้นกุ้ง", "中文排版", "测试", "한국어", "문장",
        "👍🏽", "👨‍👩‍👧", "🇫🇷", "e\u{301}", "a\u{308}\u{301}",
    ]
    static let separators: [String] = [" ", " ", " ", "  ", "\n", "\r\n", "\u{2029}", "\t", ""]

    /// A random text of 1…12 pieces.
    static func text(_ g: inout SeededGenerator) -> String {
        var s = ""
        for i in 0..<Int.random(in: 1...12, using: &g) {
            if i > 0 { s += separators.randomElement(using: &g)! }
            s += pieces.randomElement(using: &g)!
        }
        return s
    }

    /// The UTF-16 ranges of the text's grapheme clusters that draw something (not white space,
    /// controls or invisible format characters).
    static func visibleClusters(_ text: String) -> [Range<Int>] {
        var out: [Range<Int>] = [], at = 0
        for c in text {
            let n = c.utf16.count
            let visible = c.unicodeScalars.contains {
                !$0.properties.isWhitespace && $0.properties.generalCategory != .control
                    && $0.properties.generalCategory != .format
            }
            if visible { out.append(at..<at + n) }
            at += n
        }
        return out
    }

    /// Whether every visible cluster lies on a line of `layout`, or an ellipsis is drawn.
    static func everyCharacterOrEllipsis(_ text: String, _ layout: TextLayout) -> String? {
        let ellipsis = layout.lines.contains { $0.glyphs.contains { $0.sourceOffset < 0 } }
        if ellipsis { return nil }
        let ranges = layout.lines.map(\.sourceRange)
        for c in visibleClusters(text) where !ranges.contains(where: { $0.overlaps(c) }) {
            return "cluster \(c) (\(String(decoding: Array(text.utf16)[c], as: UTF16.self).debugDescription)) is on no line and no ellipsis shows"
        }
        return nil
    }

    /// Whether an image has any pixel with alpha.
    static func hasInk(_ image: Image) -> Bool { image.bytes.enumerated().contains { $0.offset % 4 == 3 && $0.element > 0 } }

    static let truncating: [LineBreakMode] = [.byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle]

    /// One label case: a problem, or nil.
    static func labelCase(_ g: inout SeededGenerator, fonts: [String]) throws -> String? {
        let text = text(&g)
        let font = try Font(path: fonts.randomElement(using: &g)!, size: Double(Int.random(in: 8...60, using: &g)))
        var label = Label(text, font: font, size: .zero)
        label.textColor = .black
        if Int.random(in: 0..<4, using: &g) == 0 {
            label.adjustsFontSizeToFitWidth = true
            label.minimumScaleFactor = 0.5
        }
        if Int.random(in: 0..<4, using: &g) == 0 { label.lineHeightMultiple = [0.7, 1.3, 2][Int.random(in: 0..<3, using: &g)] }
        if Bool.random(using: &g) {
            // Wrapping, unlimited lines, in the frame sizeThatFits gives for a random width.
            label.lineBreakMode = Bool.random(using: &g) ? .byWordWrapping : .byCharWrapping
            label.numberOfLines = 0
            label.size = try label.sizeThatFits(Size(width: Double(Int.random(in: 20...400, using: &g)), height: 0))
        } else {
            // Truncating, any line count, any frame.
            label.lineBreakMode = truncating.randomElement(using: &g)!
            label.numberOfLines = Int.random(in: 0...3, using: &g)
            label.size = Size(width: Double(Int.random(in: 10...400, using: &g)), height: Double(Int.random(in: 1...200, using: &g)))
        }
        let describe = "label \(text.debugDescription) \(font.size) px \(label.size) \(label.lineBreakMode) lines \(label.numberOfLines)"
        let layout = try label.layout()
        if let problem = everyCharacterOrEllipsis(text, layout) { return "\(describe): \(problem)" }
        if !visibleClusters(text).isEmpty, !hasInk(try label.image()) { return "\(describe): an empty image" }
        return nil
    }

    /// One field case: a problem, or nil.
    static func fieldCase(_ g: inout SeededGenerator, fonts: [String]) throws -> String? {
        let text = text(&g)
        let font = try Font(path: fonts.randomElement(using: &g)!, size: Double(Int.random(in: 8...48, using: &g)))
        var field = TextField(text: text, font: font, size: Size(width: 1, height: 1))
        field.textColor = .black
        field.textAlignment = [.natural, .left, .right, .center][Int.random(in: 0..<4, using: &g)]
        let fit = try field.sizeThatFits()
        // A frame the undecorated text's line fits in height, any width from narrow to roomy.
        field.size = Size(width: Double(Int.random(in: 8...Int(max(9, fit.width * 1.5)), using: &g)),
                          height: fit.height + Double(Int.random(in: 0...30, using: &g)))
        // Decorations the frame may not have room for.
        for _ in 0..<Int.random(in: 0...2, using: &g) {
            field.shadows.append(LabelShadow(color: Color(red: 0, green: 0, blue: 0, alpha: 0.5),
                                             offset: Point(Double(Int.random(in: -8...8, using: &g)), Double(Int.random(in: -8...8, using: &g))),
                                             sigma: Double(Int.random(in: 0...12, using: &g)), spread: Double(Int.random(in: 0...3, using: &g))))
        }
        if Bool.random(using: &g) { field.stroke = LabelStroke(width: Double(Int.random(in: 1...5, using: &g)), paint: .color(.black)) }
        field.isEditing = Bool.random(using: &g)
        field.caretIndex = Int.random(in: 0...text.utf16.count, using: &g)
        field.caretAffinity = Bool.random(using: &g) ? .leading : .trailing
        field.scrollOffset = Double(Int.random(in: 0...200, using: &g))
        field.isSecureTextEntry = Int.random(in: 0..<6, using: &g) == 0
        field.adjustsFontSizeToFitWidth = Int.random(in: 0..<4, using: &g) == 0
        let describe = "field \(text.debugDescription) \(font.size) px \(field.size) editing \(field.isEditing) caret \(field.caretIndex) "
            + "shadows \(field.shadows.count) stroke \(field.stroke?.width ?? 0) \(field.textAlignment) "
            + "secure \(field.isSecureTextEntry) shrink \(field.adjustsFontSizeToFitWidth)"
        let (content, _) = try field.content()
        let layout = content.layout
        let shown = field.isSecureTextEntry ? String(repeating: "\u{2022}", count: text.count) : text
        if !field.isEditing, let problem = everyCharacterOrEllipsis(TextField.shownLine(shown), layout) {
            return "\(describe): \(problem)"
        }
        guard !visibleClusters(text).isEmpty else { return nil }
        // The line inside the frame, top to bottom, where its ink fits the frame.
        let ink = try layout.inkRect()
        let top = content.origin.y + ink.y, bottom = top + ink.height
        if ink.height <= Int(field.size.height), top < 0 || bottom > Int(field.size.height) {
            return "\(describe): ink rows \(top)..<\(bottom) outside the \(field.size.height)-px frame"
        }
        if !hasInk(try field.image()) { return "\(describe): an empty image" }
        if field.isEditing {
            let caret = try field.caretRect(at: field.caretIndex, affinity: field.caretAffinity)
            if caret.x < -1e-9 || caret.maxX > field.size.width + 1e-9 || caret.y < -1e-9 || caret.y + caret.height > field.size.height + 1e-9 {
                return "\(describe): caret \(caret) outside the frame"
            }
            if let box = layout.lines.first?.typographicRect {
                let mid = caret.x + caret.width / 2, x0 = Double(content.origin.x)
                if mid < x0 + box.x - 1e-6 || mid > x0 + box.maxX + 1e-6 {
                    return "\(describe): caret at \(mid) off the drawn text \(x0 + box.x)…\(x0 + box.maxX)"
                }
            }
        }
        return nil
    }

    /// One text view case: every visible character on a line (a view never truncates), the
    /// image not empty, the caret in the frame while editing (scrolled into view).
    static func viewCase(_ g: inout SeededGenerator, fonts: [String]) throws -> String? {
        let text = text(&g)
        let font = try Font(path: fonts.randomElement(using: &g)!, size: Double(Int.random(in: 8...40, using: &g)))
        var view = TextView(text: text, font: font, size: Size(width: 1, height: 1))
        view.textColor = .black
        view.textAlignment = [.natural, .left, .right, .center][Int.random(in: 0..<4, using: &g)]
        let width = Double(Int.random(in: 40...400, using: &g))
        let fit = try view.sizeThatFits(width: width)
        view.field.size = Size(width: width, height: max(fit.height / Double(Int.random(in: 1...3, using: &g)), font.size * 2.5))
        if Bool.random(using: &g) {
            view.shadows = [LabelShadow(color: Color(red: 0, green: 0, blue: 0, alpha: 0.5), offset: Point(0, 2),
                                        sigma: Double(Int.random(in: 0...10, using: &g)))]
        }
        view.isEditing = Bool.random(using: &g)
        view.caretIndex = Int.random(in: 0...text.utf16.count, using: &g)
        view.contentOffset = Double(Int.random(in: 0...300, using: &g))
        let describe = "view \(text.debugDescription) \(font.size) px \(view.field.size) editing \(view.isEditing) caret \(view.caretIndex)"
        let layout = try view.layout()
        if let problem = everyCharacterOrEllipsis(text, layout) { return "\(describe): \(problem)" }
        if layout.lines.contains(where: { $0.glyphs.contains { $0.sourceOffset < 0 } }) { return "\(describe): truncated" }
        guard !visibleClusters(text).isEmpty else { return nil }
        if !hasInk(try view.image()) { return "\(describe): an empty image" }
        if view.isEditing {
            let caret = try view.caretRect(at: view.caretIndex)
            if caret.x < -1e-9 || caret.x + caret.width > view.field.size.width + 1e-9 || caret.y < -1 || caret.y + caret.height > view.field.size.height + 1 {
                return "\(describe): caret \(caret) outside the frame"
            }
        }
        return nil
    }

    /// Runs `count` cases of each kind from seeds `base + i`; records the first few problems.
    static func run(count: Int, base: UInt64) throws {
        let fonts = [TestFonts.sansPath, TestFonts.boldPath]
        var problems: [String] = []
        for i in 0..<count {
            var g = SeededGenerator(seed: base &+ UInt64(i))
            if let p = try labelCase(&g, fonts: fonts) { problems.append("seed \(base &+ UInt64(i)): \(p)") }
            if let p = try fieldCase(&g, fonts: fonts) { problems.append("seed \(base &+ UInt64(i)): \(p)") }
            if let p = try viewCase(&g, fonts: fonts) { problems.append("seed \(base &+ UInt64(i)): \(p)") }
            if problems.count >= 5 { break }
        }
        for p in problems { Issue.record(Comment(rawValue: p)) }
    }
}

@Suite struct TextNeverDisappearsTests {
    @Test func aFewHundredCases() throws { try NeverDisappears.run(count: 150, base: 0x4E45_5645_5200) }
}

@Suite(.enabled(if: ProcessInfo.processInfo.environment["SHEEN_LONG_TESTS"] == "1"))
struct TextNeverDisappearsLongTests {
    /// 10,000 labels, 10,000 fields and 10,000 text views.
    @Test func tenThousandCases() throws { try NeverDisappears.run(count: 10_000, base: 0x4C4F_4E47_0000) }
}


