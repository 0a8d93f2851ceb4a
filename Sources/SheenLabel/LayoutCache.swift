import SheenRaster
import SheenText

/// The layouts of recently drawn labels, by everything a layout depends on (text, attributes,
/// fonts, bounds, options): a label redrawn with the same text, font and size — an animation of
/// its colours, a highlight, a re-render — is not laid out again. Layouts are immutable values,
/// so a shared one is as good as a fresh one. Small: `capacity` layouts of texts up to
/// `maximumLength` UTF-16 units; when full, the oldest half is dropped.
final class LayoutCache: Sendable {
    static let shared = LayoutCache()
    static let capacity = 64
    static let maximumLength = 4096

    private struct Key: Hashable {
        let text: AttributedText
        let bounds: Size
        let options: TextLayoutOptions
    }
    private struct Entries {
        var layouts: [Key: TextLayout] = [:]
        var order: [Key] = []
    }
    private let entries = Locked(Entries())

    /// The layout of `text` in `bounds` with `options`: a kept one, or a new one (kept).
    func layout(_ text: AttributedText, bounds: Size, options: TextLayoutOptions) throws(LabelError) -> TextLayout {
        guard text.utf16.count <= Self.maximumLength else {
            return try liftText(TextLayout(text, bounds: bounds, options: options))
        }
        let key = Key(text: text, bounds: bounds, options: options)
        if let kept = entries.withLock({ $0.layouts[key] }) { return kept }
        let made = try liftText(TextLayout(text, bounds: bounds, options: options))
        entries.withLock { e in
            guard e.layouts[key] == nil else { return }
            if e.order.count >= Self.capacity {
                let dropped = e.order.prefix(Self.capacity / 2)
                for k in dropped { e.layouts[k] = nil }
                e.order.removeFirst(dropped.count)
            }
            e.layouts[key] = made
            e.order.append(key)
        }
        return made
    }

    /// How many layouts are kept (tests).
    var count: Int { entries.withLock { $0.layouts.count } }
}
