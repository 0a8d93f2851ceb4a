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
            help: "The placeholder's colour, or gradient stops (default UIKit's placeholder grey).")
    var placeholderFill = "#3C3C434D"
    @Flag(help: "Draw the editing state: the caret, or the selection.") var editing = false
    @Option(parsing: .unconditional, help: "Caret index while editing (default: the end of the text).") var caret: Int?
    @Option(help: "Selection \"START:END\" while editing (UTF-16 offsets).") var select: String?
    @Option(parsing: .unconditional, help: "Scroll offset the field had before, pixels (it moves to show the caret).") var scroll = 0.0
    @Option(name: .customLong("caret-color"), help: "The caret's colour.") var caretColor = "#007AFF"
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
    @Option(name: [.short, .customLong("output")], help: "Output PNG path (\"-\": standard output).") var output: String

    func run() throws {
        // A text view has no secure entry (UITextView has none): drawing it would show the secret.
        if secure && multiline { throw ValidationError("--secure is for a one-line field; a --multiline view has no secure entry") }
        let target = try OutputTarget(output)
        let style = try label.makeLabel()
        var field = TextField(text: style.text, font: style.font, size: style.size)
        field.textColor = style.textColor
        field.fill = style.fill
        field.stroke = style.stroke
        field.shadows = style.shadows
        field.backgroundColor = style.backgroundColor
        field.textAlignment = style.textAlignment
        field.insets = style.insets
        field.hinting = style.hinting
        field.alpha = style.alpha
        field.placeholder = placeholder
        let paint = try label.paint(placeholderFill, option: "--placeholder-fill")
        if case let .color(c) = paint { field.placeholderColor = c } else { field.placeholderFill = paint }
        field.isEditing = editing
        field.caretIndex = caret ?? field.text.utf16.count
        field.caretAffinity = try Parse.named(caretAffinity, option: "--caret-affinity", CaretAffinity.self)
        if let select {
            let parts = select.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
            guard parts.count == 2, let a = parts[0], let b = parts[1], a <= b else {
                throw ValidationError("--select \"\(select)\" is not START:END with START ≤ END")
            }
            field.selectedRange = a..<b
        }
        field.scrollOffset = scroll
        field.isSecureTextEntry = secure
        field.isEnabled = !disabled
        field.adjustsFontSizeToFitWidth = minFontSize > 0
        field.minimumFontSize = minFontSize
        field.caretColor = try Parse.color(caretColor, option: "--caret-color")
        let (w, h) = try label.canvasSize()
        let image: Image
        if multiline {
            var view = TextView(text: field.text, font: field.font, size: field.size)
            let containerInsets = view.insets
            view.field = field
            view.insets = label.insets == nil ? containerInsets : field.insets
            view.scrollOffset = 0
            view.contentOffset = scroll
            if w == 0 || h == 0 {
                let fit = try view.sizeThatFits(width: Double(w))
                view.field.size = Size(width: w > 0 ? Double(w) : fit.width, height: h > 0 ? Double(h) : fit.height)
            }
            do { image = try view.image() } catch {
                throw ValidationError("cannot render the text view: \(error)")
            }
        } else {
            if w == 0 || h == 0 {
                let fit = try field.sizeThatFits()
                field.size = Size(width: w > 0 ? Double(w) : fit.width, height: h > 0 ? Double(h) : fit.height)
            }
            do { image = try field.image() } catch {
                throw ValidationError("cannot render the field: \(error)")
            }
        }
        try writePNG(image, to: target)
    }
}
