import SheenRaster
import SheenTestSupport
import SheenText
import Testing

@Suite struct GlyphCacheTests {
    @Test func coldAndWarmMasksAreIdentical() throws {
        let layout = try MaskTests.label()
        let cache = GlyphCache(byteBudget: 8 << 20)
        let cold = try layout.mask(cache: cache).image.bytes
        let misses = cache.statistics.misses
        #expect(misses > 10 && cache.statistics.hits >= 0)
        let warm = try layout.mask(cache: cache).image.bytes
        #expect(cold == warm)
        #expect(cache.statistics.misses == misses)
        #expect(cache.statistics.hits >= misses)
        cache.removeAll()
        #expect(cache.statistics == GlyphCache.Statistics())
    }

    /// The byte budget bounds the cache; least recently used glyphs go first.
    @Test func evictsLeastRecentlyUsedWithinTheBudget() throws {
        let font = try TestFonts.bold(60)
        let cache = GlyphCache(byteBudget: 6000)
        let layout = try TextLayout(AttributedText("abcdefghijklmnopqrstuvwxyz", font: font))
        _ = try layout.mask(cache: cache)
        let stats = cache.statistics
        #expect(stats.byteCount <= 6000 || stats.glyphCount == 1)
        #expect(stats.evictions > 0)
        #expect(stats.glyphCount + stats.evictions == stats.misses)
        // The most recent glyph ("z") is still there: drawing it again is a hit.
        let hits = stats.hits
        _ = try layout.mask(cache: cache) { $0.sourceOffset == 25 }
        #expect(cache.statistics.hits == hits + 1)
        // The oldest ("a") was evicted: a miss.
        let misses = cache.statistics.misses
        _ = try layout.mask(cache: cache) { $0.sourceOffset == 0 }
        #expect(cache.statistics.misses == misses + 1)
        // A zero budget still keeps the glyph being drawn.
        let tiny = GlyphCache(byteBudget: 0)
        #expect(try layout.mask(cache: tiny).image.bytes == layout.mask().image.bytes)
        #expect(tiny.statistics.glyphCount == 1)
    }

    /// One cache and one set of faces shared by many threads give the single-threaded bytes.
    @Test func sharedAcrossThreads() async throws {
        let cache = GlyphCache(byteBudget: 64 << 10)
        let texts = ["Always correct", "gradient text", "Ωμέγα Кириллица", "AV fi q\u{301}", "عربي עברית"]
        let expected = try texts.map { try TextLayout(AttributedText($0, font: TestFonts.bold(36))).mask().image.bytes }
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for task in 0..<16 {
                group.addTask {
                    let i = task % texts.count
                    let layout = try TextLayout(AttributedText(texts[i], font: TestFonts.bold(36)))
                    var same = true
                    for _ in 0..<5 { same = try same && layout.mask(cache: cache).image.bytes == expected[i] }
                    return same
                }
            }
            for try await same in group { #expect(same) }
        }
    }
}
