import Foundation
import SheenLabel
import SheenRaster
import SheenText
import Testing

/// What the tables declare is written nowhere else in Sources: no vocabulary's words as a second
/// list (a parser's pairs, a help text, an array of its cases), and no numeric range a value is
/// checked against outside a named constant or a `LabelProperty` row.
@Suite struct DeclaredOnceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every Swift file under `Sources/`, as (path from the root, lines).
    static func sources() throws -> [(path: String, lines: [String])] {
        let base = root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
        return try files.filter { $0.hasSuffix(".swift") }.sorted().map { name in
            let text = try String(contentsOf: base.appendingPathComponent(name), encoding: .utf8)
            return ("Sources/" + name, text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        }
    }

    /// A vocabulary's listed words and its values' Swift case names.
    static func table<V: Vocabulary>(_: V.Type) -> (name: String, words: [String], cases: [String]) {
        (String(describing: V.self), V.listed.map(\.word), V.listed.map { String(describing: $0.value) })
    }

    static let vocabularies = [
        table(TextAlignment.self), table(VerticalAlignment.self), table(LineBreakMode.self), table(BaselineAdjustment.self),
        table(GradientExtent.self), table(TextStroke.Placement.self), table(TextStroke.Join.self), table(Hinting.self),
        table(CaretAffinity.self), table(TextDecoration.Style.self), table(TextTab.Alignment.self), table(GradientShape.Kind.self),
        table(CaretMovement.self),
    ]

    /// Lines naming two or more of one vocabulary's words or cases as a list, outside the table
    /// that declares them (`VocabularyWord` rows, `.init("word", .value, …)`).
    static func secondLists(in files: [(path: String, lines: [String])]) -> [String] {
        var found: [String] = []
        for (path, lines) in files {
            for (i, line) in lines.enumerated() where !line.contains(".init(\"") && !line.contains(".alternate(\"") {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("///") || code.hasPrefix("//") { continue }
                for v in vocabularies {
                    let quoted = v.words.filter { line.contains("\"\($0)\"") }
                    let literals = line.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
                        .filter { $0.offset % 2 == 1 }.map(\.element)
                    let listed = zip(v.words, v.words.dropFirst()).contains { pair in
                        literals.contains { $0.contains("\(pair.0), \(pair.1)") }
                    }
                    let cases = v.cases.filter { line.contains("[.\($0)") || line.contains(", .\($0)") }
                    if quoted.count >= 2 || listed || cases.count >= 3 {
                        found.append("\(path):\(i + 1): \(v.name) words written again: \(code)")
                        break
                    }
                }
            }
        }
        return found
    }

    @Test func vocabularyWordsAreWrittenOnlyInTheirTables() throws {
        let found = Self.secondLists(in: try Self.sources())
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
        // The scan finds what it is for: a parser's pairs, a help text, a C value table.
        let planted = [("a.swift", [#"x = try n.named([("top", .top), ("center", .center)])"#]),
                       ("b.swift", [#"@Option(help: "top, center or bottom.") var vertical"#]),
                       ("c.swift", [#"let all: [TextAlignment] = [.left, .right, .center, .justified, .natural]"#])]
        #expect(Self.secondLists(in: planted).count == 3)
    }

    /// Numbers a value is checked against (`number(in:)`, `integer(in:)`, `check(…, a...b)`,
    /// `(a...b).contains`) are named constants: a range literal stands only in a `static let`
    /// or a `LabelProperty` row, where it is declared.
    static func literalRanges(in files: [(path: String, lines: [String])]) throws -> [String] {
        let checked = try NSRegularExpression(pattern: #"(in:|, ) *\(?-?[0-9][0-9_.e]* *\.\.\. *-?[0-9]|\(-?[0-9][0-9_.e]* *\.\.\. *-?[0-9][0-9_.e]*\)\.contains"#)
        var found: [String] = []
        for (path, lines) in files where !path.hasSuffix("LabelProperty.swift") {
            for (i, line) in lines.enumerated() where !line.contains("static let") {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("//") { continue }
                if checked.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
                    found.append("\(path):\(i + 1): a range written in place: \(code)")
                }
            }
        }
        return found
    }

    @Test func checkedRangesAreNamedConstants() throws {
        let surfaces = try Self.sources().filter { f in
            ["Sources/SheenLabel/", "Sources/sheen/", "Sources/SheenC/", "Sources/SheenText/Layout/"].contains { f.path.hasPrefix($0) }
        }
        let found = try Self.literalRanges(in: surfaces)
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
        let planted = [("a.swift", ["a.tracking = try n.number(in: -1000...1000)", "try check(\"alpha\", alpha, 0...1)",
                                    "where !(v.isFinite && (0...1).contains(v))"])]
        #expect(try Self.literalRanges(in: planted).count == 3)
    }
}
