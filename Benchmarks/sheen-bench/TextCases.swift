import SheenRaster
import SheenTestSupport
import SheenText

extension Bench {
    /// SheenText: `text.layout.paragraph` (a 200-word paragraph, DejaVu Sans 16 px, word-wrapped at
    /// 600 px: layouts/s, timed 4 to a repetition), `text.layout.label` (the label below, one
    /// line: layouts/s, timed 100 to a repetition), and
    /// `text.mask.cold` / `text.mask.warm` ("Always correct gradient text", DejaVu Sans Bold 48 px,
    /// in 1024 × 160: masks/s with a new, empty glyph cache per repetition vs a warm one). Cold
    /// minus warm is FreeType's rasterisation; warm is cache lookups plus SheenRaster compositing.
    /// Outputs are checked: lines fit and hold every word; cold and warm masks are identical.
    func runText() {
        do {
            try runTextCases()
        } catch {
            check(false, "text cases: \(error)")
        }
    }

    private func runTextCases() throws {
        let sans = try TestFonts.sans(16)
        let bold = try TestFonts.bold(48)
        let words = ["gradient", "text", "always", "spans", "its", "ink", "bounds", "and", "the", "label", "wraps",
                     "lines", "with", "kerning", "AV", "ligatures", "fi", "shadow", "glow", "stroke"]
        var rng = SeededGenerator(seed: 0x9E37_79B9_7F4A_7C15)
        let paragraph = (0..<200).map { _ in words.randomElement(using: &rng)! }.joined(separator: " ")

        var wrap = TextLayoutOptions()
        wrap.numberOfLines = 0
        wrap.lineBreakMode = .byWordWrapping
        let paragraphText = AttributedText(paragraph, font: sans)
        if wants("text.layout.paragraph") {
            var layout: TextLayout?
            let phases = try measureThrowing(batch: quick ? 1 : 4) {
                layout = try TextLayout(paragraphText, bounds: Size(width: 600, height: 0), options: wrap)
            }
            dumper?.write("text.layout.paragraph", text: paragraph)
            let lines = layout!.lines
            check(lines.allSatisfy { $0.typographicRect.width <= 600 } && lines.map(\.string).joined(separator: " ") == paragraph,
                  "text.layout.paragraph: lines overflow or lose words")
            record(CaseResult(name: "text.layout.paragraph", width: 600, height: Int(layout!.textRect.height.rounded(.up)),
                              total: Stats(phases), make: nil, fill: nil, intermediateBytes: 0, reps: reps, unit: "layouts/s"))
        }

        let label = AttributedText("Always correct gradient text", font: bold)
        let bounds = Size(width: 1024, height: 160)
        if wants("text.layout.label") {
            var layout: TextLayout?
            let phases = try measureThrowing(batch: quick ? 1 : 100) { layout = try TextLayout(label, bounds: bounds) }
            dumper?.write("text.layout.label", text: label.string)
            check(layout!.lines.count == 1 && !layout!.isTruncated, "text.layout.label: expected one untruncated line")
            record(CaseResult(name: "text.layout.label", width: 1024, height: 160, total: Stats(phases),
                              make: nil, fill: nil, intermediateBytes: 0, reps: reps, unit: "layouts/s"))
        }

        let layout = try TextLayout(label, bounds: bounds)
        let expected = try layout.mask(cache: GlyphCache(byteBudget: 1 << 20)).image.bytes
        check(expected.contains { $0 == 255 }, "text.mask: the label mask is empty")
        if wants("text.mask.cold") {
            var caches: [GlyphCache] = []
            var last: TextMask?
            let phases = try measureThrowing(prepare: { caches.append(GlyphCache(byteBudget: 1 << 20)) }) {
                last = try layout.mask(cache: caches.removeLast())
            }
            check(last?.image.bytes == expected, "text.mask.cold: mask differs from the reference rendering")
            record(CaseResult(name: "text.mask.cold", width: 1024, height: 160, total: Stats(phases),
                              make: nil, fill: nil, intermediateBytes: 0, reps: reps, unit: "masks/s"))
        }
        if wants("text.mask.warm") {
            let cache = GlyphCache(byteBudget: 1 << 20)
            _ = try layout.mask(cache: cache)
            var last: TextMask?
            let phases = try measureThrowing { last = try layout.mask(cache: cache) }
            check(last?.image.bytes == expected, "text.mask.warm: mask differs from the reference rendering")
            record(CaseResult(name: "text.mask.warm", width: 1024, height: 160, total: Stats(phases),
                              make: nil, fill: nil, intermediateBytes: 0, reps: reps, unit: "masks/s"))
        }
    }

    /// Times `body` (after `warmup` untimed runs) `reps` times; `prepare` runs untimed before each.
    /// Per-repetition samples in ns of one `body` call; with `batch` > 1 each repetition runs
    /// `body` that many times back to back and records the mean, so a call of a few µs is timed
    /// in a warm loop as a renderer makes it (and as the Pango harness times its layouts), not
    /// against the timer's resolution and a cold cache.
    private func measureThrowing(batch: Int = 1, prepare: () -> Void = {}, _ body: () throws -> Void) throws -> [Double] {
        var samples: [Double] = []
        for i in 0 ..< warmup + reps {
            prepare()
            let t0 = nowNs()
            for _ in 0 ..< batch { try body() }
            let t = Double(nowNs() - t0) / Double(batch)
            if i >= warmup { samples.append(t) }
        }
        return samples
    }
}
