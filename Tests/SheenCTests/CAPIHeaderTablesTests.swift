import CSheenAPI
import Foundation
import SheenC
import SheenLabel
import SheenRaster
import SheenText
import Testing

/// sheen.h repeats what the tables declare, since it is installed alone; these tests hold it to
/// them. Its enumerations of label and text values are the `Vocabulary` tables — each constant
/// in the table's order with its value and word (run with SHEEN_WRITE_DOCS=1 to rewrite them
/// after changing a table) — and every range a setter's comment states is its constant's.
@Suite struct CAPIHeaderTablesTests {
    static let headerPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/CSheenAPI/include/sheen.h")

    /// The body sheen.h's `typedef enum NAME { … } NAME;` has for vocabulary `T`.
    static func body<T: Vocabulary>(_: T.Type) -> (name: String, body: String) {
        let listed = T.listed
        let lines = listed.enumerated().map { i, w in
            let comment = "    /** `\(w.word)`" + (w.summary.isEmpty ? "" : ": \(w.summary)") + ". */\n"
            return comment + "    \(w.constant!) = \(i)" + (i + 1 < listed.count ? ",\n" : "\n")
        }
        return (T.cEnumeration!, "\n" + lines.joined())
    }

    /// Every vocabulary with a C enumeration.
    static let enumerations = [
        body(TextAlignment.self), body(VerticalAlignment.self), body(LineBreakMode.self), body(BaselineAdjustment.self),
        body(GradientExtent.self), body(TextStroke.Placement.self), body(Hinting.self), body(CaretAffinity.self),
        body(GradientShape.Kind.self), body(CaretMovement.self),
    ]

    @Test func headerEnumerationsAreTheVocabularies() throws {
        var text = try String(contentsOf: Self.headerPath, encoding: .utf8)
        var stale: [String] = []
        for (name, body) in Self.enumerations {
            let open = "typedef enum \(name) {", close = "} \(name);"
            let start = try #require(text.range(of: open), "sheen.h has no enumeration \(name)")
            let stop = try #require(text.range(of: close, range: start.upperBound ..< text.endIndex))
            if String(text[start.upperBound ..< stop.lowerBound]) != body {
                stale.append(name)
                text.replaceSubrange(start.upperBound ..< stop.lowerBound, with: body)
            }
        }
        if !stale.isEmpty, ProcessInfo.processInfo.environment["SHEEN_WRITE_DOCS"] == "1" {
            try text.write(to: Self.headerPath, atomically: true, encoding: .utf8)
            return
        }
        #expect(stale.isEmpty, "sheen.h's \(stale) differ from their Vocabulary tables: SHEEN_WRITE_DOCS=1 swift test --filter headerEnumerationsAreTheVocabularies")
    }

    /// The compiled constants are the tables' positions (sheen.h as compiled, not as text), and
    /// a value past the last is refused by name.
    @Test func constantsAreTablePositions() throws {
        #expect(TextAlignment(cValue: Int32(SHEEN_ALIGN_NATURAL.rawValue)) == .natural)
        #expect(LineBreakMode(cValue: Int32(SHEEN_BREAK_TRUNCATE_MIDDLE.rawValue)) == .byTruncatingMiddle)
        #expect(TextStroke.Placement(cValue: Int32(SHEEN_STROKE_INSIDE.rawValue)) == .inside)
        #expect(GradientExtent(cValue: Int32(SHEEN_EXTENT_FRAME.rawValue)) == .frame)
        #expect(CaretAffinity(cValue: Int32(SHEEN_AFFINITY_TRAILING.rawValue)) == .trailing)
        #expect(BaselineAdjustment(cValue: Int32(SHEEN_BASELINE_NONE.rawValue)) == BaselineAdjustment.none)
        #expect(Hinting(cValue: 3) == nil && Hinting(cValue: -1) == nil)
        #expect(TextStroke.Placement.named("centred") == .centered && TextStroke.Placement.wordList == "outside, centered or inside")
    }

    /// The ranges sheen.h's setters take: each `LabelProperty` row's with a setter, and the
    /// shadow's and the field's that no row states.
    static let ranges: [(setter: String, range: ClosedRange<Double>)] =
        LabelProperty.all.compactMap { p in p.setter.flatMap { s in p.range.map { (s, $0) } } } + [
            ("sheen_label_add_shadow", LabelShadow.sigmaRange), ("sheen_label_add_shadow", LabelShadow.spreadRange),
            ("sheen_text_field_add_shadow", LabelShadow.sigmaRange), ("sheen_text_field_add_shadow", LabelShadow.spreadRange),
            ("sheen_text_field_set_stroke", 0 ... LabelStroke.maximumWidth), ("sheen_text_field_set_alpha", Label.alphaRange),
            ("sheen_label_set_line_break", LabelProperty.named("lines")!.range!),
        ]

    /// The comment right above each setter's declaration states its range as "low…high" (a
    /// minus as "−"), the constants' values: a range changed in Swift fails here until sheen.h
    /// says it too.
    @Test func setterCommentsStateTheirRanges() throws {
        let text = try String(contentsOf: Self.headerPath, encoding: .utf8)
        func written(_ d: Double) -> String { ClosedRange<Double>.written(d).replacingOccurrences(of: "-", with: "−") }
        var checked = 0
        for (setter, range) in Self.ranges {
            let declaration = try #require(text.range(of: "sheen_status \(setter)("), "sheen.h declares no \(setter)")
            let before = text[..<declaration.lowerBound]
            let close = try #require(before.range(of: "*/", options: .backwards), "\(setter) has no comment")
            let adjacent = before[close.upperBound...].allSatisfy { $0.isWhitespace }
            #expect(adjacent, "\(setter): its comment is not right above it")
            let open = try #require(before[..<close.lowerBound].range(of: "/**", options: .backwards))
            let comment = before[open.lowerBound ..< close.upperBound]
            let stated = written(range.lowerBound) + "…" + written(range.upperBound)
            #expect(comment.range(of: stated) != nil, "\(setter)'s comment does not state its range \(stated): \(comment)")
            checked += 1
        }
        #expect(checked >= 15)
    }
}
