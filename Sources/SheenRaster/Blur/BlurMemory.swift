// The blur's intermediate rows and workers' scratch come from a small process-wide cache, so
// repeated blurs of similar sizes (every label's shadow, every frame of an animation) allocate
// nothing after the first: a fresh 4 MB block also costs a page fault per 4 KB on first touch,
// which was a tenth of a 1920×1080 A8 blur.


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
    }

    private let cache = Locked(Cache())

    /// The cache every blur uses.
    static let shared = BlurMemory()

    /// Most bytes kept between calls, and most blocks (one per concurrent blur is enough).
    let keptBytes: Int, keptBlocks: Int

    init(keptBytes: Int = 64 << 20, keptBlocks: Int = 4) {
        self.keptBytes = keptBytes
        self.keptBlocks = keptBlocks
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
                cache.blocks.sort { $0.bytes > $1.bytes }
                // Largest first, while they fit the budget; the rest are freed.
                var stay: [Block] = [], drop: [Block] = [], total = 0
                for b in cache.blocks {
                    if stay.count < keptBlocks && total + b.bytes <= keptBytes { stay.append(b); total += b.bytes } else { drop.append(b) }
                }
                cache.blocks = stay
                return drop
            }
            for b in dropped { freeBytes(b.base) }
        }
        return try body(block.base)
    }
}
