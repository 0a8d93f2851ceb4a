import SheenRaster
import SheenText

// Edits of the field's text, as UITextInput's replace(_:withText:) makes them.
extension TextField {
    /// Replaces the text in `range` (UTF-16 offsets in `text`) with `string`, as a text editor
    /// types, pastes and deletes (UITextInput's replace(_:withText:)): attributed text keeps its
    /// runs, the new text taking the attributes of the text it touches (`AttributedText.
    /// replaceCharacters(in:with:)`: the first replaced character's, or the character's before an
    /// insertion); `runStyles` move with the text, a style covering the character the new text
    /// takes its attributes from covering it too, a style left empty removed. The caret stands
    /// after the new text, the selection is cleared, and marked text the edit touches is unmarked
    /// (marked text after it moves with it). A range outside the text, or one splitting a
    /// surrogate pair, is refused with nothing changed. Linear in the text's length.
    public mutating func replaceText(in range: Range<Int>, with string: String) throws(LabelError) {
        let units = text.utf16.count
        for (name, bound) in [("range.lowerBound", range.lowerBound), ("range.upperBound", range.upperBound)]
        where !(0...units).contains(bound) {
            throw .invalidParameter(name: name, value: Double(bound), allowed: "0…\(units) (a UTF-16 offset in the text)")
        }
        let utf16 = text.utf16
        for bound in [range.lowerBound, range.upperBound] where bound > 0 && bound < units {
            if UTF16.isTrailSurrogate(utf16[utf16.index(utf16.startIndex, offsetBy: bound)]) {
                throw .invalidParameter(name: "range", value: Double(bound), allowed: "offsets between characters, not inside a surrogate pair")
            }
        }
        let inserted = string.utf16.count
        let delta = inserted - range.count
        // The character whose attributes the new text takes: that of the run styles, too.
        let donor = range.isEmpty && range.lowerBound > 0 ? range.lowerBound - 1 : range.lowerBound
        runStyles = runStyles.compactMap { style in
            let r = style.range
            let before = min(r.upperBound, range.lowerBound), after = max(r.lowerBound, range.upperBound)
            let kept = [r.lowerBound..<max(r.lowerBound, before), after + delta..<max(after, r.upperBound) + delta].filter { !$0.isEmpty }
            var parts = kept
            if r.contains(donor), inserted > 0 { parts.append(range.lowerBound..<range.lowerBound + inserted) }
            guard let lo = parts.map(\.lowerBound).min(), let hi = parts.map(\.upperBound).max() else { return nil }
            var moved = style
            moved.range = lo..<hi
            return moved
        }
        if var attributed = attributedText {
            attributedText = nil   // the one reference: the units and runs are spliced in place
            attributed.replaceCharacters(in: range, with: string)
            attributedText = attributed
        } else {
            var units = Array(text.utf16)
            units.replaceSubrange(range, with: string.utf16)
            text = String(decoding: units, as: UTF16.self)
        }
        caretIndex = range.lowerBound + inserted
        selectedRange = nil
        if let marked = markedRange {
            if marked.upperBound < range.lowerBound {
                // Before the edit: stays.
            } else if marked.lowerBound > range.upperBound {
                markedRange = marked.lowerBound + delta..<marked.upperBound + delta
                markedSelectedRange = markedSelectedRange.map { $0.lowerBound + delta..<$0.upperBound + delta }
            } else {
                markedRange = nil
                markedSelectedRange = nil
            }
        }
    }
}
