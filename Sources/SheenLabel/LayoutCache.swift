import SheenRaster
import SheenText

/// The layouts of recently drawn labels, by everything a layout depends on (text, attributes,
/// fonts, bounds, options): a label redrawn with the same text, font and size — an animation of
/// its colours, a highlight, a re-render — is not laid out again. Layouts are immutable values,
/// so a shared one is as good as a fresh one. Small: `capacity` layouts of texts up to
/// `maximumLength` UTF-16 units (when full, the oldest half is dropped), and the last
/// `largeCapacity` layouts of longer texts, the older kept only while all of them weigh at most
/// `largeWeight` (`weight(_:)`: glyphs and lines) — so a long text measured and then drawn is
/// laid out once, and so is a text field that lays its text out twice for every render and
/// query (at its natural width, then truncated to the frame or shrunk to fit it), while a
/// megabyte wrapped into half a million lines is never held beside another layout.
final class LayoutCache: Sendable {
    static let shared = LayoutCache()
    static let capacity = 64
    static let maximumLength = 4096
    static let largeCapacity = 2
    static let largeWeight = 1 << 22

    private struct Key: Hashable {
        let text: AttributedText
        let bounds: Size
        let options: TextLayoutOptions
    }
    private struct Entries {
        var layouts: [Key: TextLayout] = [:]
        var order: [Key] = []
        /// The last layouts of texts longer than `maximumLength`, most recent first, with their
        /// weights.
        var large: [(key: Key, layout: TextLayout, weight: Int)] = []
    }
    private let entries = Locked(Entries())
    /// The attributed form of the last long plain text asked for (`attributed(_:)`).
    private let lastText = Locked<(string: String, attributes: TextAttributes, text: AttributedText)?>(nil)

    /// `label.effectiveText`, without building it again for a long plain text asked for before:
    /// a text field asks for its text on every query, and building the attributed text of a
    /// megabyte (its UTF-16 copy) cost more than the query. Compared, not hashed: equal strings
    /// sharing storage compare at once.
    func attributed(_ label: Label) -> AttributedText {
        guard label.attributedText == nil, label.text.utf8.count > Self.maximumLength else { return label.effectiveText }
        let attributes = label.plainAttributes
        if let kept = lastText.withLock({ $0 }), kept.attributes == attributes, kept.string == label.text { return kept.text }
        let made = label.effectiveText
        lastText.withLock { $0 = (label.text, attributes, made) }
        return made
    }

    /// The layout of `text` in `bounds` with `options`: a kept one, or a new one (kept).
    func layout(_ text: AttributedText, bounds: Size, options: TextLayoutOptions) throws(LabelError) -> TextLayout {
        let key = Key(text: text, bounds: bounds, options: options)
        guard text.utf16.count <= Self.maximumLength else {
            let kept = entries.withLock { e -> TextLayout? in
                guard let i = e.large.firstIndex(where: { $0.key == key }) else { return nil }
                let hit = e.large.remove(at: i)
                e.large.insert(hit, at: 0)
                return hit.layout
            }
            if let kept { return kept }
            let made = try liftText(TextLayout(text, bounds: bounds, options: options))
            let weight = Self.weight(made)
            entries.withLock { e in
                e.large.insert((key, made, weight), at: 0)
                if e.large.count > Self.largeCapacity { e.large.removeLast(e.large.count - Self.largeCapacity) }
                // The newest stays; older ones go, oldest first, until the rest fit the weight.
                while e.large.count > 1, e.large.reduce(0, { $0 + $1.weight }) > Self.largeWeight { e.large.removeLast() }
            }
            return made
        }
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

    /// What keeping `layout` costs, in glyphs: its glyphs, and 16 per line for what a line holds
    /// besides them (its boxes, segments and text: a line of one glyph costs about 17 glyphs'
    /// memory).
    static func weight(_ layout: TextLayout) -> Int {
        layout.lines.reduce(0) { $0 + $1.glyphs.count + 16 }
    }

    /// The ink rectangle of the whole of `layout`, filled or stroked by `stroke`, measured once
    /// and kept with the layout: what a gradient over the ink of a text field's whole text spans
    /// while only the glyphs it shows are rasterised for each render, and what keeps a field's
    /// line inside its frame.
    func inkRect(of layout: TextLayout, stroke: TextStroke?, cache: GlyphCache) throws(LabelError) -> PixelRect {
        try liftText(layout.memoisedInkRect(stroke: stroke, cache: cache))
    }

    /// Whether a kept layout's text contains `string` (tests: a secure field's text is never kept).
    func holdsText(containing string: String) -> Bool {
        entries.withLock { e in
            e.layouts.keys.contains { $0.text.string.contains(string) } || e.large.contains { $0.key.text.string.contains(string) }
        }
    }

    /// How many layouts are kept (tests).
    var count: Int { entries.withLock { $0.layouts.count + $0.large.count } }
}
