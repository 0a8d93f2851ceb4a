import SheenRaster

/// A bounded cache of rasterised glyphs, keyed by (face, size, glyph, subpixel bucket, stroke),
/// evicting the least recently used glyph once its byte budget is exceeded.
///
/// Thread safety: one cache may be shared by any number of threads (`shared` is). Lookups and
/// insertions take a lock; rasterising a missing glyph happens outside it (under the face's own
/// lock), so threads drawing different faces do not wait for each other. Two threads missing the
/// same glyph at once both rasterise it; the results are identical and one is kept.
public final class GlyphCache: Sendable {
    /// Horizontal subpixel positions per pixel: glyph origins are rounded to the nearest 1/4 px
    /// and each quarter is rasterised separately.
    public static let subpixelBuckets = 4

    /// The process-wide cache layout uses unless told otherwise: 32 MB.
    public static let shared = GlyphCache(byteBudget: 32 << 20)

    /// Counters since the cache was made (or last emptied).
    public struct Statistics: Hashable, Sendable {
        /// Lookups answered from the cache.
        public var hits = 0
        /// Lookups that rasterised.
        public var misses = 0
        /// Glyphs evicted to stay within the budget.
        public var evictions = 0
        /// Glyphs held now.
        public var glyphCount = 0
        /// Bytes held now (bitmaps plus a fixed per-glyph overhead).
        public var byteCount = 0
        /// All counters zero: a new or emptied cache.
        public init() {}
    }

    struct Key: Hashable {
        let face: Int
        let size26: Int
        let glyph: UInt32
        let bucket: Int
        /// The shape and the hinting: TextStroke.cacheKey (0 = fill) << 2 | Hinting.cacheKey — one
        /// word, so hinting costs the per-glyph key nothing.
        let stroke: Int
    }

    struct State {
        var index: [Key: Int] = [:]
        var keys: [Key] = []
        var values: [GlyphBitmap] = []
        var previous: [Int] = []
        var next: [Int] = []
        var free: [Int] = []
        var head = -1  // most recently used
        var tail = -1  // least recently used
        var statistics = Statistics()
    }

    /// Largest number of bytes kept; at least one glyph is always kept, whatever its size.
    public let byteBudget: Int
    private let state = Locked(State())

    /// A cache holding at most `byteBudget` bytes of glyphs (clamped to ≥ 0).
    public init(byteBudget: Int) { self.byteBudget = max(0, byteBudget) }

    /// The current counters.
    public var statistics: Statistics { state.withLock { $0.statistics } }

    /// Drops every glyph and resets the counters.
    public func removeAll() { state.withLock { $0 = State() } }

    /// One glyph to draw: its bitmap and the whole pixel column its bitmap's `left` is relative to.
    struct Placed {
        let bitmap: GlyphBitmap
        let column: Int
    }

    /// The key's `stroke` word for glyphs filled (nil) or stroked with `stroke`, hinted by `hinting`.
    static func strokeKey(_ stroke: TextStroke?, hinting: Hinting) -> Int {
        (stroke?.cacheKey ?? 0) << 2 | Int(hinting.cacheKey)
    }

    /// The key of `g`'s bitmap (`strokeKey` from `strokeKey(_:hinting:)`) and the whole pixel
    /// column its bitmap's `left` is relative to: pen x rounded to a quarter pixel, the quarter
    /// choosing the subpixel bucket — or, fully hinted, to the nearest whole pixel.
    static func key(of g: LaidOutGlyph, strokeKey: Int, hinting: Hinting) -> (key: Key, column: Int) {
        let column: Int, bucket: Int
        if hinting == .full {
            // A fully hinted glyph is fitted to whole pixels: drawn at the nearest one.
            column = Int(g.position.x.rounded())
            bucket = 0
        } else {
            let quarters = (g.position.x * Double(subpixelBuckets)).rounded()
            column = Int((quarters / Double(subpixelBuckets)).rounded(.down))
            bucket = Int(quarters) - column * subpixelBuckets
        }
        return (Key(face: g.face.id, size26: Int((g.size * 64).rounded()), glyph: g.id, bucket: bucket, stroke: strokeKey), column)
    }

    /// The bitmaps of `glyphs` (filled, or stroked with `stroke`), in order, each with the whole
    /// pixel column of its pen position: pen x rounded to a quarter pixel, the quarter choosing the
    /// subpixel bucket. Every glyph is looked up under one lock; the missing ones are rasterised
    /// outside it, grouped so that a glyph appearing at several subpixel positions is loaded and
    /// stroked once (`FontFace.rasterize`), then inserted under one lock. A glyph the font cannot
    /// draw (`TextError.glyph`) gets an empty bitmap and is listed in `failures` by its index in
    /// `glyphs`; any other error is thrown.
    func bitmaps(_ glyphs: some Sequence<LaidOutGlyph>, stroke: TextStroke?, hinting: Hinting = .none,
                 failures: inout [(index: Int, error: TextError)]) throws(TextError) -> [Placed] {
        let strokeKey = Self.strokeKey(stroke, hinting: hinting)
        var keys: [Key] = [], columns: [Int] = [], faces: [FontFace] = []
        for g in glyphs {
            let (key, column) = Self.key(of: g, strokeKey: strokeKey, hinting: hinting)
            keys.append(key)
            columns.append(column)
            faces.append(g.face)
        }
        // A key repeated in one batch is looked up once; its repeats count as hits (the one
        // rasterisation answers them), so misses stay the number of glyphs rasterised.
        var found: [GlyphBitmap?] = state.withLock { state in
            var seen: [Key: GlyphBitmap?] = [:]
            // Distinct keys are few (a text repeats its glyphs): a million-glyph batch reserved a
            // million-entry table, a third of its time in page faults.
            seen.reserveCapacity(min(keys.count, 1024))
            return keys.map { key in
                if let earlier = seen[key] { state.statistics.hits += 1; return earlier }
                let bitmap = state.lookup(key)
                seen[key] = .some(bitmap)
                return bitmap
            }
        }
        // Misses grouped by (face, size, glyph): the buckets each group needs, and which glyphs wait for them.
        var groups: [Key: MissGroup] = [:], order: [Key] = []
        for i in keys.indices where found[i] == nil {
            let k = keys[i]
            let groupKey = Key(face: k.face, size26: k.size26, glyph: k.glyph, bucket: 0, stroke: strokeKey)
            if groups[groupKey] == nil { groups[groupKey] = MissGroup(face: faces[i]); order.append(groupKey) }
            if !groups[groupKey]!.buckets.contains(k.bucket) { groups[groupKey]!.buckets.append(k.bucket) }
            groups[groupKey]!.waiting.append((i, k.bucket))
        }
        var made: [(Key, GlyphBitmap)] = []
        for groupKey in order {
            let group = groups[groupKey]!
            let bitmaps: [GlyphBitmap]
            do {
                bitmaps = try group.face.rasterize(glyph: groupKey.glyph, size26: groupKey.size26,
                                                   offsets26: group.buckets.map { $0 * 64 / Self.subpixelBuckets }, stroke: stroke,
                                                   hinting: hinting)
            } catch let error {
                // One glyph the font cannot draw (a corrupt outline, a colour bitmap whose header
                // disagrees with its metrics) draws nothing, and the rest of the text draws; the
                // failure is reported (TextCoverage.failedGlyphs) and not cached, so it is
                // reported every time.
                guard case .glyph = error else { throw error }
                for (index, _) in group.waiting {
                    found[index] = .empty
                    failures.append((index, error))
                }
                continue
            }
            for (bucket, bitmap) in zip(group.buckets, bitmaps) {
                made.append((Key(face: groupKey.face, size26: groupKey.size26, glyph: groupKey.glyph, bucket: bucket, stroke: strokeKey), bitmap))
            }
            for (index, bucket) in group.waiting { found[index] = bitmaps[group.buckets.firstIndex(of: bucket)!] }
        }
        if !made.isEmpty {
            state.withLock { state in for (k, b) in made { state.insert(k, b, budget: byteBudget) } }
        }
        return keys.indices.map { Placed(bitmap: found[$0]!, column: columns[$0]) }
    }
}

/// Glyphs missing from the cache that one rasterisation answers: a face, the subpixel buckets
/// wanted, and which glyphs of the batch wait for which bucket.
private struct MissGroup {
    var face: FontFace
    var buckets: [Int] = []
    var waiting: [(index: Int, bucket: Int)] = []
}

extension GlyphCache.State {
    mutating func lookup(_ key: GlyphCache.Key) -> GlyphBitmap? {
        guard let slot = index[key] else { statistics.misses += 1; return nil }
        statistics.hits += 1
        unlink(slot); pushFront(slot)
        return values[slot]
    }

    mutating func insert(_ key: GlyphCache.Key, _ value: GlyphBitmap, budget: Int) {
        if let slot = index[key] { unlink(slot); pushFront(slot); return }
        let slot: Int
        if let reused = free.popLast() {
            slot = reused; keys[slot] = key; values[slot] = value
        } else {
            slot = keys.count; keys.append(key); values.append(value); previous.append(-1); next.append(-1)
        }
        index[key] = slot
        pushFront(slot)
        statistics.glyphCount += 1
        statistics.byteCount += value.byteCount
        while statistics.byteCount > budget && tail != head {
            let victim = tail
            unlink(victim)
            index[keys[victim]] = nil
            statistics.byteCount -= values[victim].byteCount
            statistics.glyphCount -= 1
            statistics.evictions += 1
            values[victim] = .empty
            free.append(victim)
        }
    }

    private mutating func unlink(_ slot: Int) {
        let p = previous[slot], n = next[slot]
        if p >= 0 { next[p] = n } else { head = n }
        if n >= 0 { previous[n] = p } else { tail = p }
        previous[slot] = -1; next[slot] = -1
    }

    private mutating func pushFront(_ slot: Int) {
        previous[slot] = -1
        next[slot] = head
        if head >= 0 { previous[head] = slot }
        head = slot
        if tail < 0 { tail = slot }
    }
}
