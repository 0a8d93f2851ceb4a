/// What belongs to a paragraph rather than to a run: alignment, spacing around it and tab stops
/// (NSParagraphStyle's role). A paragraph takes the style of its first character (or, when
/// empty, of the line break that ends it), as in Cocoa; nil fields fall back to the layout options.
public struct ParagraphStyle: Hashable, Sendable {
    /// The paragraph's horizontal alignment; nil uses `TextLayoutOptions.alignment`.
    public var alignment: TextAlignment?
    /// Extra pixels after the paragraph (not after the last), in `spacingRange` (0…1000).
    public var paragraphSpacing: Double
    /// Extra pixels before the paragraph (not before the first), in `spacingRange`.
    public var paragraphSpacingBefore: Double
    /// Explicit tab stops, in any order (they are used sorted by location).
    public var tabStops: [TextTab]
    /// Left stops every `defaultTabInterval` pixels after the last explicit stop, in
    /// `tabIntervalRange` (1…10^6). 28 px by default, the interval of NSParagraphStyle's default stops.
    public var defaultTabInterval: Double

    /// Natural alignment from the options, no spacing, left stops every 28 px.
    public init(alignment: TextAlignment? = nil, paragraphSpacing: Double = 0, paragraphSpacingBefore: Double = 0,
                tabStops: [TextTab] = [], defaultTabInterval: Double = 28) {
        self.alignment = alignment; self.paragraphSpacing = paragraphSpacing
        self.paragraphSpacingBefore = paragraphSpacingBefore; self.tabStops = tabStops
        self.defaultTabInterval = defaultTabInterval
    }

    /// The allowed `paragraphSpacing`s and `paragraphSpacingBefore`s, pixels: 0…1000.
    public static let spacingRange = 0.0 ... 1000.0
    /// The allowed `defaultTabInterval`s, pixels: 1…10^6.
    public static let tabIntervalRange = 1.0 ... 1e6

    /// Throws `TextError.invalidParameter` naming the first bad number (what layout checks of
    /// every paragraph style it is given).
    public func validate() throws(TextError) {
        for (name, v, range) in [("paragraphSpacing", paragraphSpacing, Self.spacingRange),
                                 ("paragraphSpacingBefore", paragraphSpacingBefore, Self.spacingRange),
                                 ("defaultTabInterval", defaultTabInterval, Self.tabIntervalRange)]
        where !(v.isFinite && range.contains(v)) {
            throw .invalidParameter(name: name, value: v, allowed: range.interval + " px")
        }
        for tab in tabStops where !(tab.location.isFinite && TextTab.locationRange.contains(tab.location)) {
            throw .invalidParameter(name: "tabStops.location", value: tab.location, allowed: TextTab.locationRange.interval + " px")
        }
        for tab in tabStops where tab.decimalSeparator.utf16.count != 1 {
            throw .invalidParameter(name: "tabStops.decimalSeparator", value: Double(tab.decimalSeparator.utf16.count),
                                    allowed: "one UTF-16 unit")
        }
    }

    /// The first stop strictly right of `x` (pixels from the line's start): an explicit stop, else
    /// the next multiple of `defaultTabInterval`.
    func stop(after x: Double) -> TextTab {
        // The nearest explicit stop (the first listed among equal locations), found without
        // sorting: every tab of every line asks.
        var nearest: TextTab?
        for tab in tabStops where tab.location > x + 1e-9 {
            if let n = nearest, n.location <= tab.location { continue }
            nearest = tab
        }
        if let nearest { return nearest }
        let k = ((x + 1e-9) / defaultTabInterval).rounded(.down) + 1
        return TextTab(location: k * defaultTabInterval)
    }
}
