import Foundation
import SheenLabel
import SheenPNG
import SheenRaster
import SheenText
import Testing
@testable import sheen

/// `sheen field`: the field the library draws, from the label's style options and the field's own.
@Suite struct FieldCommandTests {
    func decoded(_ path: String) throws -> [UInt8] { try PNG.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path)))).bytes }
    func expected(_ field: TextField) throws -> [UInt8] { try PNG.decode(try field.image().withReadOnlyBuffer { try PNG.encode($0) }).bytes }

    @Test func drawsTheLibrarysField() throws {
        let out = CLI.temporaryPath("field.png")
        defer { try? FileManager.default.removeItem(atPath: out) }
        try CLI.run(["field", "Typed text", "--size", "24", "--canvas", "240x50", "--shadow", "0,2,3,#00000080",
                     "--fill", "#3478F6,#FF3B30", "--editing", "--caret", "5", "-o", out])
        var field = TextField(text: "Typed text", font: try Font(named: "DejaVu Sans:bold", size: 24), size: Size(width: 240, height: 50))
        field.fill = .gradient(LabelGradient(colors: [Color(rgba: 0x3478_F6FF), Color(rgba: 0xFF3B_30FF)]), extent: .ink)
        field.shadows = [LabelShadow(color: Color(rgba: 0x0000_0080), offset: Point(0, 2), sigma: 3)]
        field.isEditing = true
        field.caretIndex = 5
        #expect(try decoded(out) == expected(field))
        // An empty field: the placeholder in its gradient, a selection.
        try CLI.run(["field", "", "--placeholder", "Search", "--placeholder-fill", "#8E8E93,#C7C7CC", "--canvas", "200x40",
                     "--size", "20", "-o", out])
        var empty = TextField(text: "", font: try Font(named: "DejaVu Sans:bold", size: 20), size: Size(width: 200, height: 40))
        empty.fill = field.fill
        empty.placeholder = "Search"
        empty.placeholderFill = .gradient(LabelGradient(colors: [Color(rgba: 0x8E8E_93FF), Color(rgba: 0xC7C7_CCFF)]), extent: .ink)
        #expect(try decoded(out) == expected(empty))
        try CLI.run(["field", "Selected", "--editing", "--select", "0:3", "--canvas", "200x40", "--size", "20", "-o", out])
        var selected = TextField(text: "Selected", font: try Font(named: "DejaVu Sans:bold", size: 20), size: Size(width: 200, height: 40))
        selected.fill = field.fill
        selected.isEditing = true
        selected.caretIndex = 8
        selected.selectedRange = 0..<3
        #expect(try decoded(out) == expected(selected))
    }

    @Test(arguments: [
        (["x", "--lines", "2"], "Unknown option '--lines'"),
        (["x", "--line-break", "clip", "--disabled"], "Unknown option '--line-break'"),
        (["x", "--select", "3"], "--select"),
        (["x", "--select", "4:2"], "--select"),
        (["x", "--editing", "--caret", "9"], "caretIndex = 9.0"),
        (["x", "--scroll", "nan"], "scrollOffset"),
        (["x", "--placeholder-fill", "#12"], "--placeholder-fill"),
        (["secret", "--secure", "--multiline"], "--secure"),
    ])
    func badArgumentsWriteNothing(extra: [String], mentions: String) throws {
        let out = CLI.temporaryPath("bad-field.png")
        CLI.expectFailure(["field", "-o", out] + extra, mentions: mentions, output: out)
    }

    /// `sheen field --help` lists only what `field` accepts (it listed a dozen label options the
    /// command then refused): every option in the help parses, and no line or state option is
    /// in it.
    @Test func helpListsOnlyWhatFieldAccepts() throws {
        let help = FieldCommand.helpMessage(columns: 200)
        let listed = help.split(separator: "\n").compactMap { line -> String? in
            let word = line.drop { $0 == " " }.prefix { $0 != " " && $0 != "," }
            return line.hasPrefix("  ") && word.hasPrefix("--") ? String(word) : nil
        }
        #expect(listed.count > 20)
        for option in listed where option != "--help" && option != "--version" {
            // A flag takes "1" as the text argument, an option as its value: both parse.
            #expect(throws: Never.self, "\(option)") { _ = try FieldCommand.parse(["-o", "f.png", option, "1"]) }
        }
        // (--vertical, --line-height and --line-spacing are the field's own now: its line's place,
        // a text view's spacing.)
        for refused in ["--lines", "--line-break", "--min-scale", "--tighten", "--clip",
                        "--inset-shadows", "--highlight", "--hyphenate"] {
            #expect(!listed.contains(refused), "\(refused)")
        }
    }
}
