import SheenRaster

/// The content a text field or view last worked out (its layout, origin and scroll), kept for
/// the next query on an equal value: an editor asks for the caret, a move, the selection's
/// rectangles and a render of one state in a row, and working the content out again is linear in
/// the text (validating, copying and hashing it to find the cached layout) — milliseconds for a
/// megabyte. Held by the field and shared by its copies; a copy that changes is unequal to the
/// value kept and works its content out anew. Equality of a field compares its text in O(1) while
/// both values share the string's storage, as unchanged copies do.
final class ContentMemo: Equatable, @unchecked Sendable {
    /// One kept content with the value it was made for, by reference: a query compares its value
    /// with the kept key in place and copies only the content out (a field is some forty
    /// properties; copying it out of the lock on every query cost a caret move a tenth of its time).
    private final class Kept<Key: Equatable>: @unchecked Sendable {
        let key: Key, content: TextField.Content, scroll: Double
        init(key: Key, content: TextField.Content, scroll: Double) { self.key = key; self.content = content; self.scroll = scroll }
    }
    private struct State {
        var field: Kept<TextField>?
        var view: Kept<TextView>?
    }
    private let state = Locked(State())

    /// A memo is not part of a field's value: any two are equal.
    static func == (a: ContentMemo, b: ContentMemo) -> Bool { true }

    /// The memo the kept keys hold instead of their own: a key holding the memo that keeps it
    /// would be a reference cycle, and the field's memory would never be freed. Nothing is ever
    /// kept in it.
    static let detached = ContentMemo()

    /// The content of field `key`: the one kept when `key` equals the field it was made for, else
    /// `make()`'s, kept.
    func field(_ key: TextField, _ make: () throws(LabelError) -> (content: TextField.Content, scroll: Double))
        throws(LabelError) -> (content: TextField.Content, scroll: Double) {
        if let kept = state.withLock({ $0.field }), kept.key == key { return (kept.content, kept.scroll) }
        let made = try make()
        var key = key
        key.contentMemo = .detached
        let kept = Kept(key: key, content: made.content, scroll: made.scroll)
        state.withLock { $0.field = kept }
        return made
    }

    /// The content of text view `key`, as `field(_:_:)`.
    func view(_ key: TextView, _ make: () throws(LabelError) -> (content: TextField.Content, offset: Double))
        throws(LabelError) -> (content: TextField.Content, offset: Double) {
        if let kept = state.withLock({ $0.view }), kept.key == key { return (kept.content, kept.scroll) }
        let made = try make()
        var key = key
        key.field.contentMemo = .detached
        let kept = Kept(key: key, content: made.content, scroll: made.offset)
        state.withLock { $0.view = kept }
        return made
    }
}
