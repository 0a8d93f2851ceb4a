import Testing
import SheenRaster
import SheenTestSupport
import SheenText
@testable import SheenLabel

/// Labels keep recent layouts: the same text, attributes, bounds and options are laid out once.
@Suite struct LayoutCacheTests {
    @Test func sameInputsAreLaidOutOnce() throws {
        let cache = LayoutCache()
        let text = AttributedText("Cached", font: try TestFonts.bold(30))
        let a = try cache.layout(text, bounds: Size(width: 200, height: 60), options: TextLayoutOptions())
        let b = try cache.layout(text, bounds: Size(width: 200, height: 60), options: TextLayoutOptions())
        #expect(cache.count == 1)
        #expect(a.lines.map(\.baseline) == b.lines.map(\.baseline) && a.textRect == b.textRect)
        // What a layout depends on makes a new one: bounds, options, text, attributes, font size.
        _ = try cache.layout(text, bounds: Size(width: 201, height: 60), options: TextLayoutOptions())
        var options = TextLayoutOptions()
        options.alignment = .center
        _ = try cache.layout(text, bounds: Size(width: 200, height: 60), options: options)
        _ = try cache.layout(AttributedText("Cached!", font: try TestFonts.bold(30)), bounds: Size(width: 200, height: 60),
                             options: TextLayoutOptions())
        _ = try cache.layout(AttributedText("Cached", font: try TestFonts.bold(31)), bounds: Size(width: 200, height: 60),
                             options: TextLayoutOptions())
        var red = text
        red.updateAttributes { $0.color = Color(red: 1, green: 0, blue: 0) }
        _ = try cache.layout(red, bounds: Size(width: 200, height: 60), options: TextLayoutOptions())
        #expect(cache.count == 6)
        // The fresh layout of each equals the kept one.
        let fresh = try TextLayout(red, bounds: Size(width: 200, height: 60))
        let kept = try cache.layout(red, bounds: Size(width: 200, height: 60), options: TextLayoutOptions())
        #expect(fresh.lines.map(\.glyphs.count) == kept.lines.map(\.glyphs.count) && fresh.textRect == kept.textRect)
        #expect(cache.count == 6)
    }

    @Test func theCacheStaysSmall() throws {
        let cache = LayoutCache()
        let font = try TestFonts.sans(12)
        for i in 0..<LayoutCache.capacity { _ = try cache.layout(AttributedText("\(i)", font: font), bounds: .zero, options: TextLayoutOptions()) }
        #expect(cache.count == LayoutCache.capacity)
        _ = try cache.layout(AttributedText("one more", font: font), bounds: .zero, options: TextLayoutOptions())
        #expect(cache.count == LayoutCache.capacity / 2 + 1)
        // The newest are kept, the oldest dropped.
        _ = try cache.layout(AttributedText("\(LayoutCache.capacity - 1)", font: font), bounds: .zero, options: TextLayoutOptions())
        #expect(cache.count == LayoutCache.capacity / 2 + 1)
        // Of long texts only the last two are kept, apart: the most recently used.
        let long = String(repeating: "long ", count: LayoutCache.maximumLength / 5 + 1)
        let wrapped = Size(width: 300, height: 0)
        _ = try cache.layout(AttributedText(long, font: font), bounds: wrapped, options: TextLayoutOptions())
        #expect(cache.count == LayoutCache.capacity / 2 + 2)
        _ = try cache.layout(AttributedText(long + "er", font: font), bounds: wrapped, options: TextLayoutOptions())
        #expect(cache.count == LayoutCache.capacity / 2 + 3)
        let first = try cache.layout(AttributedText(long, font: font), bounds: wrapped, options: TextLayoutOptions())
        _ = try cache.layout(AttributedText(long + "est", font: font), bounds: wrapped, options: TextLayoutOptions())
        #expect(cache.count == LayoutCache.capacity / 2 + 3)
        // "long" was used after "longer": it stays, "longer" went.
        // (The kept layout shares its lines' storage with the one handed out before.)
        func storage(_ l: TextLayout) -> UnsafePointer<LaidOutLine>? { l.lines.withUnsafeBufferPointer { $0.baseAddress } }
        #expect(storage(try cache.layout(AttributedText(long, font: font), bounds: wrapped, options: TextLayoutOptions())) == storage(first))
        #expect(cache.count == LayoutCache.capacity / 2 + 3)
        // Two long layouts are kept while they weigh at most `largeWeight` together: a layout
        // of many lines too heavy to keep beside another replaces the older one (asked again,
        // it is laid out anew), a small one stays beside it.
        let small = try cache.layout(AttributedText(long, font: font), bounds: wrapped, options: TextLayoutOptions())
        // 60 % of the weight each: one fits beside the small layout, two do not fit together.
        let lines = LayoutCache.largeWeight * 6 / 10 / 17
        var every = TextLayoutOptions()
        every.numberOfLines = 0
        let heavy = AttributedText(String(repeating: "a\n", count: lines), font: font)
        let heavyLayout = try cache.layout(heavy, bounds: .zero, options: every)
        #expect(LayoutCache.weight(heavyLayout) > LayoutCache.largeWeight / 2)
        #expect(cache.count == LayoutCache.capacity / 2 + 3)
        #expect(storage(try cache.layout(AttributedText(long, font: font), bounds: wrapped, options: TextLayoutOptions())) == storage(small))
        // Two heavy ones do not fit together: after another heavy text, the first is laid out
        // anew, and held alone.
        _ = try cache.layout(AttributedText(String(repeating: "b\n", count: lines), font: font), bounds: .zero, options: every)
        #expect(storage(try cache.layout(heavy, bounds: .zero, options: every)) != storage(heavyLayout))
        #expect(cache.count == LayoutCache.capacity / 2 + 2)
        let kept = try cache.layout(AttributedText(long + "er", font: font), bounds: Size(width: 300, height: 0), options: TextLayoutOptions())
        let fresh = try TextLayout(AttributedText(long + "er", font: font), bounds: Size(width: 300, height: 0))
        #expect(kept.lines.map(\.glyphs.count) == fresh.lines.map(\.glyphs.count) && kept.textRect == fresh.textRect)
    }

    /// A label redrawn with only its colours changed draws what a fresh label draws.
    @Test func aRecolouredLabelDrawsAsAFreshOne() throws {
        var label = Label("Recolour", font: try TestFonts.bold(36), size: Size(width: 240, height: 70))
        _ = try label.image()
        label.textColor = Color(red: 0.2, green: 0.6, blue: 0.3)
        let again = try label.image()
        var fresh = Label("Recolour", font: try TestFonts.bold(36), size: Size(width: 240, height: 70))
        fresh.textColor = Color(red: 0.2, green: 0.6, blue: 0.3)
        #expect(again.bytes == (try fresh.image()).bytes)
    }
}
