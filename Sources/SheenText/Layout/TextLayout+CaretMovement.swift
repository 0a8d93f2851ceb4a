import SheenRaster

/// A way an editor's keys move the caret, as UITextInput's `position(from:in:offset:)` and
/// UITextInputTokenizer's text units answer them.
public enum CaretMovement: Sendable, Hashable, CaseIterable {
    /// One caret place to the left on screen (bidi text: the visual order), to the previous line
    /// at a line's left end (the next, in a right-to-left line).
    case left
    /// One caret place to the right on screen, to the next line at a line's right end (the
    /// previous, in a right-to-left line).
    case right
    /// One grapheme cluster later in the text (the next character however it is drawn).
    case forward
    /// One grapheme cluster earlier in the text.
    case backward
    /// To the end of the word after the caret (ICU's word boundaries, UAX #29; spaces and
    /// punctuation are skipped), or the text's end.
    case wordForward
    /// To the start of the word before the caret, or the text's start.
    case wordBackward
    /// To the start of the caret's line (its first character in the text's order).
    case lineStart
    /// To the end of the caret's line: before its hard line break or the white space a wrap
    /// leaves, or, where the next line begins at once, at the wrap point on this line's side
    /// (trailing affinity).
    case lineEnd
    /// To the start of the caret's paragraph (after the hard line break before it).
    case paragraphStart
    /// To the end of the caret's paragraph (before its hard line break).
    case paragraphEnd
    /// To the line above, at the preferred x (the caret's own when none is given); from the first
    /// line, to the text's start.
    case up
    /// To the line below, at the preferred x; from the last line, to the text's end.
    case down
    /// To the text's start.
    case documentStart
    /// To the text's end.
    case documentEnd
}

extension CaretMovement: Vocabulary {
    /// The movements' words (`sheen_caret_movement`).
    public static let vocabulary: [VocabularyWord<CaretMovement>] = [
        .init("left", .left, "SHEEN_MOVE_LEFT", "one place left on screen"),
        .init("right", .right, "SHEEN_MOVE_RIGHT", "one place right on screen"),
        .init("forward", .forward, "SHEEN_MOVE_FORWARD", "the next character"),
        .init("backward", .backward, "SHEEN_MOVE_BACKWARD", "the previous character"),
        .init("wordForward", .wordForward, "SHEEN_MOVE_WORD_FORWARD", "the end of the next word"),
        .init("wordBackward", .wordBackward, "SHEEN_MOVE_WORD_BACKWARD", "the start of the previous word"),
        .init("lineStart", .lineStart, "SHEEN_MOVE_LINE_START", "the start of the line"),
        .init("lineEnd", .lineEnd, "SHEEN_MOVE_LINE_END", "the end of the line"),
        .init("paragraphStart", .paragraphStart, "SHEEN_MOVE_PARAGRAPH_START", "the start of the paragraph"),
        .init("paragraphEnd", .paragraphEnd, "SHEEN_MOVE_PARAGRAPH_END", "the end of the paragraph"),
        .init("up", .up, "SHEEN_MOVE_UP", "the line above, at the preferred x"),
        .init("down", .down, "SHEEN_MOVE_DOWN", "the line below, at the preferred x"),
        .init("documentStart", .documentStart, "SHEEN_MOVE_DOCUMENT_START", "the start of the text"),
        .init("documentEnd", .documentEnd, "SHEEN_MOVE_DOCUMENT_END", "the end of the text"),
    ]
    /// `sheen_caret_movement`.
    public static var cEnumeration: String? { "sheen_caret_movement" }
}

extension TextLayout {
    /// Where the caret at UTF-16 `offset` (moved back to a grapheme cluster boundary), standing on
    /// the side `affinity` says, goes with `movement`: a grapheme cluster boundary and the
    /// affinity that draws the caret there. `preferredX` (layout pixels) is the x an up or down
    /// move keeps — an editor keeps the x of the first of a run of vertical moves, so a caret
    /// crossing a short line comes back to its column; nil takes the caret's own. Moves past the
    /// text's ends stay at them. Left and right visit each place a caret can be drawn on a line
    /// once, in screen order: where two positions draw at one place (a direction boundary), one of
    /// them stands for both, so moving right then left returns to the same place on screen, not
    /// always the same offset. A layout without lines moves only within its text by its offsets.
    public func position(from offset: Int, affinity: CaretAffinity = .leading, moving movement: CaretMovement,
                         preferredX: Double? = nil) -> (offset: Int, affinity: CaretAffinity) {
        let count = text.utf16.count
        let o = lines.isEmpty ? min(max(offset, 0), count) : graphemeBoundary(atOrBefore: offset)
        switch movement {
        case .documentStart: return (0, .leading)
        case .documentEnd: return (count, .leading)
        case .forward, .backward:
            // `o` is a boundary: the one after or before it.
            let boundaries = lines.isEmpty ? Array(0...count) : caretBoundaries()
            let i = ShapedText.lowerBound(boundaries.count) { boundaries[$0] <= o } - 1
            return (boundaries[movement == .forward ? min(i + 1, boundaries.count - 1) : max(i - 1, 0)], .leading)
        case .wordForward, .wordBackward:
            // A word boundary inside a grapheme cluster (ICU's word and character rules differ on
            // a few sequences) moves to the cluster's edge in the direction of travel.
            let w = wordBoundary(from: o, forward: movement == .wordForward)
            if lines.isEmpty { return (w, .leading) }
            let back = graphemeBoundary(atOrBefore: w)
            return (movement == .wordForward && back < w ? graphemeRange(enclosing: back..<w).upperBound : back, .leading)
        case .paragraphStart, .paragraphEnd:
            // After the last hard break before the caret, or at the first at or after it.
            let breaks = hardBreaks()
            let i = ShapedText.lowerBound(breaks.count) { breaks[$0] < o }
            let k = movement == .paragraphStart ? (i > 0 ? breaks[i - 1] + 1 : 0) : (i < breaks.count ? breaks[i] : count)
            return (lines.isEmpty ? k : graphemeBoundary(atOrBefore: k), .leading)
        default:
            // The moves that start from where the caret is drawn: along or across lines.
            guard let caret = caret(at: o, affinity: affinity) else { return (o, affinity) }
            switch movement {
            // A line may begin inside a grapheme cluster (a break before a mark the line breaker
            // allows): its start is the first boundary on it.
            case .lineStart: return (boundary(atOrAfter: lines[caret.line].sourceRange.lowerBound), .leading)
            case .lineEnd: return lineEnd(caret.line)
            case .up, .down:
                let target = caret.line + (movement == .up ? -1 : 1)
                guard lines.indices.contains(target) else { return movement == .up ? (0, .leading) : (count, .leading) }
                let p = caretPosition(at: Point(preferredX ?? caret.x, lines[target].lineBox.y + lines[target].lineBox.height / 2))
                return (boundary(atOrAfter: p.offset), p.affinity)
            default:
                return visualStep(from: caret, right: movement == .right) ?? (o, affinity)
            }
        }
    }

    /// The end of line `index` as a caret stands there: the end of its text (before a hard line
    /// break, or before the white space a wrap leaves undrawn), on this line's side.
    private func lineEnd(_ index: Int) -> (offset: Int, affinity: CaretAffinity) {
        let range = lines[index].sourceRange, units = text.utf16
        var end = min(range.upperBound, units.count)
        while end > range.lowerBound, HardLineBreak.contains(UInt32(units[end - 1])) { end -= 1 }
        // Trailing only where the next line begins at this very offset (a wrap inside a word, or
        // after white space the line keeps): there leading would stand at the next line's start.
        let wraps = index + 1 < lines.count && lines[index + 1].sourceRange.lowerBound == end && end > range.lowerBound
            && !HardLineBreak.contains(UInt32(units[end - 1]))
        return (graphemeBoundary(atOrBefore: end), wraps ? .trailing : .leading)
    }

    /// A place a caret can be drawn on a line: its x (layout pixels) and the position drawn there.
    struct CaretStop {
        var x: Double
        var offset: Int
        var affinity: CaretAffinity
    }

    /// The places a caret can be drawn on line `index`, left to right: each distinct x once, with
    /// the position that draws there (the leading edge of the character after it where there is
    /// one, else the trailing edge of the character before). Made once per line and layout: an
    /// editor moving through a long line does not rebuild them per key.
    func caretStops(line index: Int) -> [CaretStop] {
        if let kept = caretMemo.withLock({ $0.stops[index] }) { return kept }
        var stops: [CaretStop] = []
        let boundaries = caretBoundaries()
        for c in caretClusters(line: index) {
            var bounds = [c.range.lowerBound] + c.inner + [c.range.upperBound]
            if c.rightToLeft { bounds.reverse() }
            // A glyph cluster may start inside a grapheme (a mark drawn by a fallback font): a
            // caret never stands there.
            for b in bounds where isBoundary(b, boundaries) {
                let trailing = b == c.range.upperBound
                let x = trailing ? (c.rightToLeft ? c.left : c.right) : c.x(at: b)
                if let last = stops.last, abs(last.x - x) < 1e-6 {
                    // One place, two positions: the leading one stands for both.
                    if last.affinity == .trailing && !trailing { stops[stops.count - 1] = CaretStop(x: last.x, offset: b, affinity: .leading) }
                    continue
                }
                stops.append(CaretStop(x: x, offset: b, affinity: trailing ? .trailing : .leading))
            }
        }
        caretMemo.withLock { $0.stops[index] = stops }
        return stops
    }

    /// The first grapheme cluster boundary at or after `offset` (the text's end at most).
    private func boundary(atOrAfter offset: Int) -> Int {
        let boundaries = caretBoundaries()
        let i = ShapedText.lowerBound(boundaries.count) { boundaries[$0] < offset }
        return i < boundaries.count ? boundaries[i] : text.utf16.count
    }

    /// Whether `offset` is one of `boundaries` (sorted).
    private func isBoundary(_ offset: Int, _ boundaries: [Int]) -> Bool {
        let i = ShapedText.lowerBound(boundaries.count) { boundaries[$0] < offset }
        return i < boundaries.count && boundaries[i] == offset
    }

    /// One caret place left or right of `caret` on its line, else the far end of the line before
    /// or after it (by the line's direction); nil where there is none.
    private func visualStep(from caret: (line: Int, x: Double), right: Bool) -> (offset: Int, affinity: CaretAffinity)? {
        let stops = caretStops(line: caret.line)
        // The first stop right of the caret (stops are sorted by x), or the last left of it.
        let after = ShapedText.lowerBound(stops.count) { stops[$0].x <= caret.x + 1e-6 }
        let before = ShapedText.lowerBound(stops.count) { stops[$0].x < caret.x - 1e-6 }
        if right, after < stops.count { return (stops[after].offset, stops[after].affinity) }
        if !right, before > 0 { return (stops[before - 1].offset, stops[before - 1].affinity) }
        // Past the line's end on screen: the neighbouring line in reading order (a right-to-left
        // line reads on to the left), entered at its near end on screen.
        let forward = right != lines[caret.line].isRightToLeft
        let target = caret.line + (forward ? 1 : -1)
        guard lines.indices.contains(target) else { return nil }
        let next = caretStops(line: target)
        guard let s = right ? next.first : next.last else {
            return (boundary(atOrAfter: lines[target].sourceRange.lowerBound), .leading)
        }
        return (s.offset, s.affinity)
    }

    /// The offsets of the text's hard line breaks (`HardLineBreak`), in order. Found on the first
    /// paragraph move and kept with the layout.
    func hardBreaks() -> [Int] {
        if let kept = caretMemo.withLock({ $0.hardBreaks }) { return kept }
        let made = text.utf16.indices.filter { HardLineBreak.contains(UInt32(text.utf16[$0])) }
        caretMemo.withLock { $0.hardBreaks = made }
        return made
    }

    /// The end of the word at or after `offset` (forward), or the start of the word before it: ICU's
    /// word boundaries, skipping the segments that are not words (spaces, punctuation); the text's
    /// end or start when there is no word that way.
    private func wordBoundary(from offset: Int, forward: Bool) -> Int {
        let words = wordSegments()
        if forward {
            let i = ShapedText.lowerBound(words.count) { words[$0].upperBound <= offset }
            return i < words.count ? words[i].upperBound : text.utf16.count
        }
        let i = ShapedText.lowerBound(words.count) { words[$0].lowerBound < offset }
        return i > 0 ? words[i - 1].lowerBound : 0
    }

    /// The text's words (ICU word segments whose rule status is a word's), in order. Found on the
    /// first word move and kept with the layout.
    func wordSegments() -> [Range<Int>] {
        if let kept = caretMemo.withLock({ $0.words }) { return kept }
        let made = (try? BreakIterators.wordSegments(Array(text.utf16))) ?? []
        caretMemo.withLock { $0.words = made }
        return made
    }
}
