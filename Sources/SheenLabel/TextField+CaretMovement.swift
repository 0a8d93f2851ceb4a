import SheenRaster
import SheenText

extension TextField {
    /// Where the caret at `index` (a UTF-16 offset in `text`, moved back to a grapheme cluster
    /// boundary), drawn on the side `affinity` says, goes with `movement` — an arrow key, a word
    /// or line key, Home/End (`TextLayout.position(from:affinity:moving:preferredX:)` says how each
    /// moves, bidi text included). A field has one line: up goes to the text's start, down to its
    /// end. `preferredX` (field coordinates) is the x a run of vertical moves keeps in a text
    /// view. While the placeholder shows, every move stays at 0. Keep both answers in
    /// `caretIndex` and `caretAffinity`.
    public func position(from index: Int, affinity: CaretAffinity = .leading, moving movement: CaretMovement,
                         preferredX: Double? = nil) throws(LabelError) -> (index: Int, affinity: CaretAffinity) {
        try position(in: content().content, from: index, affinity: affinity, moving: movement, preferredX: preferredX)
    }

    /// `position(from:affinity:moving:preferredX:)` in a content (a field's or a text view's).
    func position(in content: Content, from index: Int, affinity: CaretAffinity, moving movement: CaretMovement,
                  preferredX: Double?) throws(LabelError) -> (index: Int, affinity: CaretAffinity) {
        if let preferredX, !preferredX.isFinite {
            throw .invalidParameter(name: "preferredX", value: preferredX, allowed: "a finite number of pixels")
        }
        guard !content.showsPlaceholder else { return (0, .leading) }
        let dx = content.layoutOrigin.x
        let moved = content.layout.position(from: content.shown(index), affinity: affinity, moving: movement,
                                            preferredX: preferredX.map { $0 - dx })
        return (min(content.source(moved.offset), text.utf16.count), moved.affinity)
    }
}
