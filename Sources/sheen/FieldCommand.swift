import ArgumentParser
import Foundation
import SheenLabel
import SheenRaster
import SheenText

/// `sheen field`: a text field (or with `--multiline` a text view) to a PNG — its text or
/// placeholder, and while editing its caret or selection, scrolled as UITextField (UITextView)
/// scrolls — styled with the label options that apply to it.
struct FieldCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "field",
        abstract: "Render a styled text field (text or placeholder, caret, selection) to a PNG.",
        discussion: """
        Example:
          sheen field "Gradient text while editing" --size 28 --canvas 300x60 \\
            --shadow "0,3,3,#00000080" --editing -o field.png
          sheen field "" --placeholder "Search…" --editing --canvas 300x60 -o empty.png

        The style options are the label's (font, size, fill, stroke, shadows, glows, background, alignment, insets, hinting, alpha). The PNG is the canvas: the text rectangle is inset so that the stroke, the caret and the shadows fit it, and where the canvas is too small for a shadow the shadow is cropped, never the text. A text wider than the field scrolls to the caret while editing and ends in "…" at rest. Indices (--caret, --select) are UTF-16 offsets into the text, moved to whole characters (grapheme clusters).
        """
    )

    @OptionGroup(title: "Style") var label: LabelStyleOptions
    @Option(help: "Shown when the text is empty.") var placeholder = ""
    @Option(name: .customLong("placeholder-fill"),
            help: "The placeholder's colour, or gradient stops (default UIKit's placeholder grey, #3C3C43 at 30 %).")
    var placeholderFill: String?
    @Flag(help: "Draw the editing state: the caret, or the selection.") var editing = false
    @Option(parsing: .unconditional, help: "Caret index while editing (default: the end of the text).") var caret: Int?
    @Option(help: "Selection \"START:END\" while editing (UTF-16 offsets).") var select: String?
    @Option(parsing: .unconditional, help: "Scroll offset the field had before, pixels (it moves to show the caret).") var scroll = 0.0
    @Option(name: .customLong("caret-color"), help: "The caret's colour (default #007AFF).") var caretColor: String?
    @Option(name: .customLong("caret-affinity"),
            help: "Where the caret stands at a direction boundary: \(CaretAffinity.listed.map { "\($0.word) (\($0.summary))" }.joined(separator: " or ")).")
    var caretAffinity = CaretAffinity.leading.word
    @Flag(help: "A multi-line text view (UITextView): the text wraps at the canvas width and --scroll is vertical.")
    var multiline = false
    @Flag(help: "Secure entry: every character drawn as a bullet.") var secure = false
    @Flag(help: "Draw the field disabled: half its opacity, no caret or selection.") var disabled = false
    @Option(name: .customLong("min-font-size"), parsing: .unconditional,
            help: "Auto-shrink a text wider than the field down to this font size, pixels (0: off).")
    var minFontSize = 0.0
    @Option(help: "Marked text \"START:END\" (UTF-16 offsets): an input method's composition, underlined while editing.")
    var marked: String?
    @Option(name: .customLong("marked-selection"),
            help: "The clause of the marked text being converted, \"START:END\" within it: underlined thicker.")
    var markedSelection: String?
    @Option(name: .customLong("marked-color"), help: "The marked text's underline colour (default: the text colour).")
    var markedColor: String?
    @Option(help: "Where the line sits in the text rectangle: \(VerticalAlignment.wordList) (default: center for a field, top for a text view).")
    var vertical: String?
    @Option(name: .customLong("line-height"), parsing: .unconditional, help: "A text view's line height multiple.")
    var lineHeight: Double?
    @Option(name: .customLong("line-spacing"), parsing: .unconditional, help: "A text view's extra pixels between lines.")
    var lineSpacing: Double?
    @Option(name: .customLong("paragraph-spacing"),
            help: "A text view's extra pixels \"BEFORE,AFTER\" each paragraph (not before the first or after the last).")
    var paragraphSpacing: String?
    @Option(name: [.short, .customLong("output")], help: "Output PNG path (\"-\": standard output).") var output: String

    /// A "START:END" option's range of UTF-16 offsets, START ≤ END.
    private static func range(_ value: String, option: String) throws -> Range<Int> {
        let parts = value.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2, let a = parts[0], let b = parts[1], a <= b else {
            throw ValidationError("\(option) \"\(value)\" is not START:END with START ≤ END")
        }
        return a..<b
    }

    func run() throws {
        let target = try OutputTarget(output)
        let style = try label.makeLabel()
        var spec = FieldSpec(style: style)
        (spec.width, spec.height) = try label.canvasSize()
        spec.hasInsets = label.insets != nil
        spec.placeholder = placeholder
        spec.placeholderFill = try placeholderFill.map { try label.paint($0, option: "--placeholder-fill") }
        spec.isEditing = editing
        spec.caretIndex = caret
        spec.caretAffinity = try Parse.named(caretAffinity, option: "--caret-affinity", CaretAffinity.self)
        spec.selectedRange = try select.map { try Self.range($0, option: "--select") }
        spec.markedRange = try marked.map { try Self.range($0, option: "--marked") }
        spec.markedSelectedRange = try markedSelection.map { try Self.range($0, option: "--marked-selection") }
        spec.markedColor = try markedColor.map { try Parse.color($0, option: "--marked-color") }
        spec.scrollOffset = scroll
        spec.isMultiline = multiline
        spec.isSecure = secure
        spec.isEnabled = !disabled
        spec.minimumFontSize = minFontSize
        spec.caretColor = try caretColor.map { try Parse.color($0, option: "--caret-color") }
        if let vertical {
            spec.style.verticalAlignment = try Parse.named(vertical, option: "--vertical", VerticalAlignment.self)
            spec.hasVerticalAlignment = true
        }
        let viewOptions: [(String, Bool)] = [("--line-height", lineHeight != nil), ("--line-spacing", lineSpacing != nil),
                                             ("--paragraph-spacing", paragraphSpacing != nil)]
        if !multiline, let (name, _) = viewOptions.first(where: { $0.1 }) {
            throw ValidationError("\(name): a one-line field has no lines to space (add --multiline for a text view)")
        }
        if let lineHeight { spec.style.lineHeightMultiple = lineHeight }
        if let lineSpacing { spec.style.lineSpacing = lineSpacing }
        if let paragraphSpacing {
            let parts = paragraphSpacing.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
            guard parts.count == 2, let before = parts[0], let after = parts[1] else {
                throw ValidationError("--paragraph-spacing \"\(paragraphSpacing)\" is not BEFORE,AFTER (pixels)")
            }
            spec.paragraphStyle.paragraphSpacingBefore = before
            spec.paragraphStyle.paragraphSpacing = after
        }
        // A text view has no secure entry (UITextView has none): drawing it would show the secret.
        // The spec's refusal names its field, "secure", which is this option's name too.
        do { try spec.validate() } catch { throw ValidationError("--\(error.message)") }
        let image: Image
        do { image = try spec.image() } catch {
            throw ValidationError("cannot render the \(multiline ? "text view" : "field"): \(error)")
        }
        try writePNG(image, to: target)
    }
}
