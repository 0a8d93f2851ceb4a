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
        let stroke: Int  // 0 = fill; else radius26 << 2 | placement << 1 | join
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

    /// The bitmap of `glyph` of `face` at `size` pixels with its pen at `x` (fractional pixels),
    /// filled or stroked, and the whole pixel column its bitmap's `left` is relative to.
    func bitmap(face: FontFace, glyph: UInt32, size: Double, x: Double,
                stroke: TextStroke?) throws(TextError) -> (bitmap: GlyphBitmap, column: Int) {
        let quarters = (x * Double(Self.subpixelBuckets)).rounded()
        let column = Int((quarters / Double(Self.subpixelBuckets)).rounded(.down))
        let bucket = Int(quarters) - column * Self.subpixelBuckets
        var strokeKey = 0
        if let stroke {
            strokeKey = stroke.radius26 << 2 | (stroke.placement == .outside ? 2 : 0) | (stroke.join == .round ? 1 : 0)
        }
        let size26 = Int((size * 64).rounded())
        let key = Key(face: face.id, size26: size26, glyph: glyph, bucket: bucket, stroke: strokeKey)
        if let hit = state.withLock({ $0.lookup(key) }) { return (hit, column) }
        let made = try face.rasterize(glyph: glyph, size26: size26, offset26: bucket * 64 / Self.subpixelBuckets, stroke: stroke)
        state.withLock { $0.insert(key, made, budget: byteBudget) }
        return (made, column)
    }
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
