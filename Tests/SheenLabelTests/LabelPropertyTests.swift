import Foundation
import Testing
import SheenLabel
import SheenRaster
import SheenText

/// `LabelProperty.all`, the one list of a label's properties: docs/label-spec.md's field table
/// is made from it, the spec reader reads its keys and ranges, and refusals name its keys.
@Suite struct LabelPropertyTests {
    static let specPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/label-spec.md")
    static let begin = "<!-- label-properties:begin: LabelProperty.markdownTable -->\n"
    static let end = "<!-- label-properties:end -->"

    /// The field table in docs/label-spec.md is `LabelProperty.markdownTable`. Run with
    /// SHEEN_WRITE_DOCS=1 to rewrite it after changing the table.
    @Test func docsTableIsCurrent() throws {
        let text = try String(contentsOf: Self.specPath, encoding: .utf8)
        let start = try #require(text.range(of: Self.begin)), stop = try #require(text.range(of: Self.end))
        let current = String(text[start.upperBound ..< stop.lowerBound])
        if current != LabelProperty.markdownTable, ProcessInfo.processInfo.environment["SHEEN_WRITE_DOCS"] == "1" {
            try (String(text[..<start.upperBound]) + LabelProperty.markdownTable + String(text[stop.lowerBound...]))
                .write(to: Self.specPath, atomically: true, encoding: .utf8)
            return
        }
        #expect(current == LabelProperty.markdownTable,
                "docs/label-spec.md's field table is stale: SHEEN_WRITE_DOCS=1 swift test --filter docsTableIsCurrent")
    }

    /// Keys are unique, and each has its spec key, a flag and a setter spelt from it unless the
    /// table says otherwise.
    @Test func keysAreTheOneName() {
        let keys = LabelProperty.all.map(\.key)
        #expect(Set(keys).count == keys.count)
        #expect(LabelSpec.labelFields == keys)
        #expect(LabelProperty.named("lineBreak")?.flag == "--line-break")
        #expect(LabelProperty.named("lineBreak")?.setter == "sheen_label_set_line_break")
        #expect(LabelProperty.named("numberOfLines")?.key == "lines")
        #expect(LabelProperty.named("--hyphenate")?.key == "hyphenation")
    }

    /// A refusal's parameter path leads to its property: `shadows[2].sigma` to `shadows`, index 2.
    @Test func parameterPathsNameTheirProperty() {
        #expect(LabelProperty.of(parameter: "shadows[2].sigma")?.key == "shadows")
        #expect(LabelProperty.index(inParameter: "shadows[2].sigma") == 2)
        #expect(LabelProperty.of(parameter: "stroke.width")?.key == "stroke")
        #expect(LabelProperty.of(parameter: "insets.top")?.key == "insets")
        #expect(LabelProperty.of(parameter: "numberOfLines")?.key == "lines")
        #expect(LabelProperty.of(parameter: "no such thing") == nil)
    }

    /// A label refuses a shadow by its path.
    @Test func shadowRefusalsNameTheirPath() {
        var label = Label("x", font: try! Font(named: "DejaVu Sans", size: 12), size: Size(width: 20, height: 20))
        label.shadows = [LabelShadow(color: .black, offset: Point(0, 0), sigma: 1), LabelShadow(color: .black, offset: Point(0, 0), sigma: .nan)]
        do {
            try label.validate()
            Issue.record("a NaN σ accepted")
        } catch {
            guard case let .invalidParameter(name, _, _) = error else { Issue.record("\(error)"); return }
            #expect(name == "shadows[1].sigma")
        }
    }

    /// The spec takes each number's range from the table: a value just past either end is
    /// refused, naming the key; the ends themselves are accepted.
    @Test(arguments: LabelProperty.all.filter { ["lines", "minScale", "lineHeight", "lineSpacing", "alpha", "size"].contains($0.key) })
    func specRangesAreTheTables(property: LabelProperty) throws {
        let range = try #require(property.range)
        for (value, accepted) in [(range.lowerBound, true), (range.upperBound, true), (range.upperBound * 1.5 + 1, false),
                                  (range.lowerBound - 1, false)] {
            let json = #"{"text": "x", "canvas": "10x10", "\#(property.key)": \#(value)}"#
            if accepted {
                #expect(throws: Never.self, "\(json)") { _ = try LabelSpec(json: json) }
            } else {
                do { _ = try LabelSpec(json: json); Issue.record("\(json) accepted") } catch {
                    #expect(error.message.contains(property.key), "\(error.message)")
                }
            }
        }
    }

    /// `lines` has one range on every surface: the Swift property (checked when laid out), the
    /// spec (above), `--lines` (RenderCommandTests) and both C setters (CAPITests).
    @Test func linesHaveOneRange() throws {
        var label = try LabelFixtures.styled()
        label.numberOfLines = Label.maximumLines
        #expect(throws: Never.self) { _ = try label.layout() }
        label.numberOfLines = Label.maximumLines + 1
        #expect(throws: LabelError.self) { _ = try label.layout() }
        #expect(Label.maximumLines == TextLayoutOptions.numberOfLinesRange.upperBound)
        #expect(LabelProperty.named("lines")?.range == 0 ... Double(TextLayoutOptions.numberOfLinesRange.upperBound))
    }
}
