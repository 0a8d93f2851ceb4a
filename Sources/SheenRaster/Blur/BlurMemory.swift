// The blur's intermediate rows and workers' scratch come from a small process-wide cache, so
// repeated blurs of similar sizes (every label's shadow, every frame of an animation) allocate
// nothing after the first: a fresh 4 MB block also costs a page fault per 4 KB on first touch,
// which was a tenth of a 1920×1080 A8 blur, and more than two fifths of a 3840×2160 RGBA blur
// when its 66 MB intermediate was over the budget and came fresh from the kernel every call.


/// Blocks of memory reused across blur calls (`shared` for the blurs; tests make their own).
final class BlurMemory: Sendable {
    private struct Block: @unchecked Sendable {
        let base: UnsafeMutableRawPointer
        let bytes: Int
    }

    private struct Cache: Sendable {
        var blocks: [Block] = []
        /// Blocks allocated fresh since the process started (tests watch it stay put).
        var allocations = 0
        /// Most bytes kept between calls.
        var keptBytes: Int
    }

    private let cache: Locked<Cache>

    /// The cache every blur uses.
    static let shared = BlurMemory()

    /// The default budget: a 3840×2160 RGBA blur's intermediate (66 MB) and its scratch, with room.
    static let defaultKeptBytes = 160 << 20

    /// Most blocks kept (one per concurrent blur is enough).
    let keptBlocks: Int

    init(keptBytes: Int = defaultKeptBytes, keptBlocks: Int = 4) {
        cache = Locked(Cache(keptBytes: keptBytes))
        self.keptBlocks = keptBlocks
    }

    /// Most bytes kept between calls; lowering it frees the blocks over the new budget at once.
    var keptBytes: Int {
        get { cache.withLock { $0.keptBytes } }
        set {
            let dropped: [Block] = cache.withLock { cache in
                cache.keptBytes = max(0, newValue)
                return trim(&cache)
            }
            for b in dropped { freeBytes(b.base) }
        }
    }

    /// Keeps the largest blocks, up to `keptBlocks` and `keptBytes`; returns the others to free.
    private func trim(_ cache: inout Cache) -> [Block] {
        cache.blocks.sort { $0.bytes > $1.bytes }
        var stay: [Block] = [], drop: [Block] = [], total = 0
        for b in cache.blocks {
            if stay.count < keptBlocks && total + b.bytes <= cache.keptBytes { stay.append(b); total += b.bytes } else { drop.append(b) }
        }
        cache.blocks = stay
        return drop
    }

    deinit {
        for block in cache.withLock({ $0.blocks }) { freeBytes(block.base) }
    }

    /// Blocks allocated fresh so far.
    var allocations: Int { cache.withLock { $0.allocations } }

    /// Runs `body` with a 64-byte-aligned block of at least `bytes` bytes: the smallest cached one
    /// that is large enough, else a new one (counted). The block returns to the cache afterwards,
    /// which keeps the largest blocks up to `keptBytes` and frees the rest. Throws
    /// `RasterError.allocationFailed` when a new block cannot be allocated.
    func with<R>(bytes: Int, _ body: (UnsafeMutableRawPointer) throws(RasterError) -> R) throws(RasterError) -> R {
        let cached: Block? = cache.withLock { cache in
            let fitting = cache.blocks.indices.filter { cache.blocks[$0].bytes >= bytes }
            guard let best = fitting.min(by: { cache.blocks[$0].bytes < cache.blocks[$1].bytes }) else { return nil }
            return cache.blocks.remove(at: best)
        }
        let block: Block
        if let cached {
            block = cached
        } else {
            block = Block(base: try allocateBytes(bytes, alignment: 64), bytes: bytes)
            cache.withLock { $0.allocations += 1 }
        }
        defer {
            let dropped: [Block] = cache.withLock { cache in
                cache.blocks.append(block)
                return trim(&cache)
            }
            for b in dropped { freeBytes(b.base) }
        }
        return try body(block.base)
    }
}
