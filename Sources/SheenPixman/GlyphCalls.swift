// pixman's glyph runs, interposed. pixman_glyph_cache_insert is handed to pixman, which copies
// the glyph's image into an image of its own — made with pixman_image_create_bits, which the
// drop-in interposes, so the copy is caught as the glyph's image (sheen_dropin_capture_*, on the
// inserting thread). pixman_composite_glyphs_no_mask — what cairo draws text with — is, by
// pixman's definition (pixman-glyph.c), one composite per glyph: the source through the glyph's
// image as a mask, at the glyph's position less its origin, clipped to the destination. The
// drop-in draws a run so, in a loop of its own: the source and destination are looked up once,
// each glyph is a fast-path composite (CompositeCall+FastPath.swift) through its image. A glyph
// the fast path declines is composited as any call (drawn by Sheen or handed over) — every glyph
// of a gradient, which the fast path does not read; a run the loop cannot take — a glyph it did
// not see inserted or that is neither a8 nor a1 (a1 glyphs are drawn from an a8 copy; onto a8,
// a8r8g8b8 ones from a copy of their alpha bytes), a
// destination with an alpha map or accessors, a source neither the fast path nor the full path
// reads, an unbounded operator — goes to pixman whole: pixman's own loop is faster than
// composites handed over one by one.
// pixman_composite_glyphs (a run through a mask) adds the glyphs into a mask and composites
// through it: the drop-in adds them into memory of its own and composites through that on a plan
// (sheenPixmanCompositeGlyphs).

import CSheenPixman
import CSheenSIMD
import SheenPlatform
import Synchronization
import SheenRaster

/// One glyph of a cache: where its image's coverage lies, and its origin. Kept small (56 bytes):
/// a run copies each of its glyphs' entries out of the table.
struct GlyphEntry {
    /// pixman's copy of the glyph's image.
    let image: PixmanImage
    /// The glyph's coverage as a8 bytes, rows `coverageStride` apart: the image's own when it is
    /// a8, the drop-in's expansion of it when it is a1, the drop-in's copy of its alpha bytes when
    /// it is a8r8g8b8 (see `ownsMask`; such a glyph's coverage onto colour is not this: see
    /// `coverage(alphaOnly:)`); nil for any other format.
    let maskData: UnsafeMutableRawPointer?
    /// The image's pixels where it is a8r8g8b8 (subpixel text's glyphs: a coverage byte per
    /// channel, added into a component-alpha mask), rows `maskStride` bytes apart; nil for any
    /// other format.
    let componentData: UnsafeMutableRawPointer?
    /// Bytes from one of the image's rows to the next (`componentData`'s, and `maskData`'s but
    /// for an a8r8g8b8 glyph's: `coverageStride`).
    let maskStride: Int
    /// Whether `maskData` is the drop-in's own a8 copy, made once when the glyph is inserted and
    /// freed when it is forgotten: of an a1 image (cairo's glyphs without antialiasing; a bit of
    /// 1 is coverage 255, which every kernel composites exactly as pixman composites a1's 1), or
    /// of an a8r8g8b8 image's alpha bytes.
    let ownsMask: Bool
    /// Whether the image has no pixel (a space's glyph): nothing to draw, whatever its format.
    let isEmpty: Bool
    let originX: Int32, originY: Int32
    let width: Int32, height: Int32

    /// Bytes from one of `maskData`'s rows to the next: a byte for each of the image's 4 where the
    /// glyph is a8r8g8b8 (its alpha copy), else the image's.
    var coverageStride: Int { componentData == nil ? maskStride : maskStride >> 2 }

    /// Whether the glyph is a1 (`maskData` its expansion).
    var isA1: Bool { ownsMask && componentData == nil }

    /// The glyph's coverage as a plain a8 mask of a composite onto a destination that keeps alpha
    /// alone (`alphaOnly`: a8) or onto colour; nil where it has none. pixman composites through an
    /// a8r8g8b8 glyph with component alpha (pixman_glyph_cache_insert gives its copy component
    /// alpha), whose alpha channel — all an a8 destination keeps — is the Porter-Duff operator
    /// through the glyph's alpha byte; onto colour each channel has its own coverage (nil here).
    /// cairo adds a run of subpixel glyphs into an a8 mask so, to draw subpixel text with src.
    @inline(__always)
    func coverage(alphaOnly: Bool) -> UnsafeMutableRawPointer? { componentData == nil || alphaOnly ? maskData : nil }

    /// The a8r8g8b8 image's pixels as an a8 image 4 bytes a pixel wide (CompositePlan.MaskBits'
    /// form of a component-alpha mask), or unusable for any other format.
    var componentMask: PlainImage { Self.a8Image(componentData, bytesWide: 4 * Int(width), height: Int(height), stride: maskStride) }

    /// The glyph's coverage (`maskData`) as the fast path's mask: a8 bits at no offset, or
    /// unusable where it has none.
    var mask: PlainImage { Self.a8Image(maskData, bytesWide: Int(width), height: Int(height), stride: coverageStride) }

    /// `data` (nil: unusable) as a8 bits `bytesWide` × `height` at no offset, rows `stride` apart.
    private static func a8Image(_ data: UnsafeMutableRawPointer?, bytesWide: Int, height: Int, stride: Int) -> PlainImage {
        var m = PlainImage.unusable
        if let data {
            m.kind = .bits
            m.format = .a8
            m.data = data
            m.width = bytesWide; m.height = height
            m.stride = stride
        }
        return m
    }
}

/// The glyphs the drop-in saw inserted, by the pointer pixman returned, behind one lock (cairo
/// inserts and draws from several threads). A glyph is forgotten when pixman frees its image
/// (removed, or cleared from a cache that grew past its high-water mark, or with the cache).
enum GlyphRegistry {
    private struct Table: ~Copyable {
        var byGlyph = AddressTable<GlyphEntry>()
        var glyphOfImage = AddressTable<UInt>()
        /// How far from its position any glyph ever inserted reaches: grown with each insert,
        /// never shrunk, so every known glyph's box lies within it (`place` skips, unlooked-up,
        /// the glyphs of a run it puts wholly outside the area drawn).
        var reach = Reach()
    }

    /// A glyph's box placed at (x, y) lies within [x + left, x + right) × [y + top, y + bottom).
    struct Reach {
        var left = Int.max, top = Int.max, right = Int.min, bottom = Int.min

        mutating func grow(by e: GlyphEntry) {
            left = Swift.min(left, -Int(e.originX)); right = Swift.max(right, Int(e.width) - Int(e.originX))
            top = Swift.min(top, -Int(e.originY)); bottom = Swift.max(bottom, Int(e.height) - Int(e.originY))
        }

        /// An area no glyph is skipped for (`skips`): where the offsets between positions and the
        /// drawing are so large that pixman's int arithmetic could wrap.
        static let everywhere = PixelRect(x: -(1 << 40), y: -(1 << 40), width: 1 << 41, height: 1 << 41)

        /// `area` of a drawing `dx`, `dy` from the glyphs' positions, in the positions' space (or
        /// `everywhere`, for offsets far enough out to wrap).
        static func area(_ area: PixelRect, offset dx: Int32, _ dy: Int32) -> PixelRect {
            guard abs(Int(dx)) < 1 << 28, abs(Int(dy)) < 1 << 28, abs(area.x) < 1 << 28, abs(area.y) < 1 << 28 else { return everywhere }
            return PixelRect(x: area.x - Int(dx), y: area.y - Int(dy), width: area.width, height: area.height)
        }

        /// The positions at which a glyph can touch `area` (in positions' space), worked out once
        /// a run.
        func window(_ area: PixelRect) -> Window {
            // No glyph inserted yet: none skipped (each is then unknown, and the run pixman's).
            guard left <= right else { return Window(x0: .min, x1: .max, y0: .min, y1: .max) }
            return Window(x0: area.x &- right, x1: area.x &+ area.width &- left, y0: area.y &- bottom, y1: area.y &+ area.height &- top)
        }
    }

    /// Where a glyph's position must lie for its box to touch an area (`Reach.window`): x in
    /// (x0, x1), y in (y0, y1).
    struct Window {
        let x0: Int, x1: Int, y0: Int, y1: Int

        /// Whether a glyph placed at (x, y) cannot touch the area. Positions far enough out that
        /// pixman's int arithmetic could wrap (outside ±2^28) are never skipped.
        @inline(__always)
        func skips(x: Int32, y: Int32) -> Bool {
            let x = Int(x), y = Int(y)
            guard x <= x0 || x >= x1 || y <= y0 || y >= y1 else { return false }
            // Each within (-2^28, 2^28): one unsigned comparison.
            return UInt(bitPattern: x &+ (1 << 28 - 1)) < 1 << 29 - 1 && UInt(bitPattern: y &+ (1 << 28 - 1)) < 1 << 29 - 1
        }
    }

    private static let table = Guarded(Table())
    /// Whether any glyph was ever inserted: freeing an image looks the table up only then.
    private static let inUse = Atomic<Bool>(false)

    static func insert(_ glyph: UnsafeRawPointer, _ entry: GlyphEntry) {
        inUse.store(true, ordering: .releasing)
        table.withLock { t in
            let g = UInt(bitPattern: glyph), image = key(entry.image)
            if let old = t.byGlyph.find(g) {
                t.glyphOfImage.remove(key(old.image))
                if old.ownsMask { old.maskData?.deallocate() }
            }
            t.byGlyph.insert(g, entry)
            t.glyphOfImage.insert(image, g)
            t.reach.grow(by: entry)
        }
    }

    /// Forgets the glyph whose image pixman just freed.
    static func imageFreed(_ image: PixmanImage) {
        guard inUse.load(ordering: .acquiring) else { return }
        table.withLock { t in
            if let g = t.glyphOfImage.remove(key(image)), let old = t.byGlyph.remove(g), old.ownsMask { old.maskData?.deallocate() }
        }
    }

    /// How many glyphs a run resolves at a time (`withEntries`): as many entries as fit in 1,024
    /// bytes, which a temporary allocation takes from the stack without asking the runtime
    /// (past that it looks the thread's stack bounds up: on Linux, pthread_getattr_np).
    static var chunk: Int { 1024 / MemoryLayout<GlyphEntry>.stride }

    /// Calls `body` with the entries of `count` (at most `chunk`) glyphs and each one's index
    /// among them, copied out under the lock into memory on the stack, or with nil when any is
    /// unknown, or neither a8, a1 nor empty (nor a8r8g8b8, with `componentAlpha` or onto a
    /// destination that keeps alpha alone, `alphaOnly`: GlyphEntry.coverage(alphaOnly:)). Glyphs the
    /// registry's reach puts wholly outside `area` (in the positions' space) are left out, not
    /// looked up: cairo passes a line's every glyph, most outside a small surface, and a 48-pixel
    /// line of an image over 64 × 64 spent a tenth of its run copying out and placing the glyphs
    /// it then found outside. (A run's array of entries was a heap allocation, and copying its
    /// entries out one by one a tenth of a mono glyph's cost.)
    static func withEntries<Result>(_ glyphs: UnsafePointer<SheenPixmanGlyph>, _ count: Int, componentAlpha: Bool = false,
                                    alphaOnly: Bool, within area: PixelRect,
                                    _ body: (UnsafeBufferPointer<GlyphEntry>?, UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        precondition(count <= chunk, "withEntries takes at most \(chunk) glyphs")
        return withUnsafeTemporaryAllocation(of: GlyphEntry.self, capacity: chunk) { buffer in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: chunk) { index in
                let found = table.withLock { t -> Int? in
                    var kept = 0
                    let window = t.reach.window(area)
                    for i in 0 ..< count {
                        if window.skips(x: glyphs[i].x, y: glyphs[i].y) { continue }
                        guard let g = glyphs[i].glyph, let e = t.byGlyph.find(UInt(bitPattern: g)),
                              e.coverage(alphaOnly: alphaOnly) != nil || e.isEmpty || (componentAlpha && e.componentData != nil)
                        else { return nil }
                        buffer.initializeElement(at: kept, to: e)
                        index[kept] = UInt8(i)
                        kept += 1
                    }
                    return kept
                }
                // GlyphEntry holds plain values: nothing to deinitialise.
                return body(found.map { UnsafeBufferPointer(rebasing: buffer[0 ..< $0]) },
                            UnsafeBufferPointer(rebasing: index[0 ..< (found ?? 0)]))
            }
        }
    }

    /// The glyph loop's common case in one pass under the lock, no entry copied out: looks up
    /// `count` glyphs (at most as many as `run` holds) and writes `place`'s form of each into
    /// `run`, leaving out empty glyphs and those it gives a width of 0 (nothing to draw), and —
    /// not looked up — those the registry's reach puts wholly outside `area` (the run's drawing
    /// area, in the positions' space: cairo passes a line's every glyph, most outside a small
    /// surface). Returns the number written, or nil — `run` then meaningless — where a glyph is
    /// unknown or neither a8, a1 nor empty (nor a8r8g8b8 onto a destination that keeps alpha alone,
    /// `alphaOnly`; with `componentAlpha`: neither a8r8g8b8 nor empty), or `place` declines one
    /// (nil): the caller takes the chunk glyph by glyph then.
    @inline(__always)
    static func place(_ glyphs: UnsafePointer<SheenPixmanGlyph>, _ count: Int, into run: UnsafeMutablePointer<SheenCompositeGlyph>,
                      componentAlpha: Bool = false, alphaOnly: Bool, within area: PixelRect,
                      _ place: (GlyphEntry, SheenPixmanGlyph) -> SheenCompositeGlyph?) -> Int? {
        table.withLock { t -> Int? in
            var placed = 0
            let window = t.reach.window(area)
            for i in 0 ..< count {
                if window.skips(x: glyphs[i].x, y: glyphs[i].y) { continue }
                guard let g = glyphs[i].glyph, let e = t.byGlyph.find(UInt(bitPattern: g)) else { return nil }
                if e.isEmpty { continue }
                guard (componentAlpha ? e.componentData : e.coverage(alphaOnly: alphaOnly)) != nil, let glyph = place(e, glyphs[i])
                else { return nil }
                if glyph.width > 0 { run[placed] = glyph; placed += 1 }
            }
            return placed
        }
    }

    /// The entries of `count` glyphs, or nil when any is unknown, or has no coverage (`maskData`)
    /// and is not empty.
    static func entries(_ glyphs: UnsafePointer<SheenPixmanGlyph>, _ count: Int) -> [GlyphEntry]? {
        table.withLock { t in
            var out: [GlyphEntry] = []
            out.reserveCapacity(count)
            for i in 0 ..< count {
                guard let g = glyphs[i].glyph, let e = t.byGlyph.find(UInt(bitPattern: g)), e.maskData != nil || e.isEmpty else { return nil }
                out.append(e)
            }
            return out
        }
    }

    private static func key(_ image: PixmanImage) -> UInt { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(image))) }
}

/// pixman_glyph_cache_insert: handed to pixman; the copy it makes is recorded as the glyph's image.
@_cdecl("pixman_glyph_cache_insert")
public func sheenPixmanGlyphCacheInsert(_ cache: OpaquePointer?, _ fontKey: UnsafeMutableRawPointer?, _ glyphKey: UnsafeMutableRawPointer?,
                                        _ originX: Int32, _ originY: Int32, _ image: OpaquePointer?) -> UnsafeRawPointer? {
    sheen_dropin_capture_begin()
    let glyph = SystemPixman.shared.glyphCacheInsert(cache, fontKey, glyphKey, originX, originY, image)
    var width: Int32 = 0, height: Int32 = 0, format: UInt32 = 0
    let copy = sheen_dropin_capture_end(&width, &height, &format)
    if let glyph, let copy {
        let image = OpaquePointer(copy)
        var data: UnsafeMutableRawPointer? = nil, component: UnsafeMutableRawPointer? = nil
        var stride = Int(SystemPixman.shared.getStride(image)), owns = false
        if let bits = SystemPixman.shared.getData(image) {
            if format == UInt32(SHEEN_PIXMAN_A8) {
                data = UnsafeMutableRawPointer(bits)
            } else if format == UInt32(SHEEN_PIXMAN_A8R8G8B8) {
                component = UnsafeMutableRawPointer(bits)
                if width > 0 && height > 0 {
                    data = alphaBytes(UnsafeRawPointer(bits), stride: stride, width: Int(width), height: Int(height))
                    owns = true
                }
            } else if format == UInt32(SHEEN_PIXMAN_A1) && width > 0 && height > 0 {
                data = expandedA1(UnsafeRawPointer(bits), stride: stride, width: Int(width), height: Int(height))
                stride = Int(width)
                owns = true
            }
        }
        ImageRegistry.update(image, unless: { $0.isGlyphImage }) { $0.isGlyphImage = true }
        GlyphRegistry.insert(glyph, GlyphEntry(image: image, maskData: data, componentData: component, maskStride: stride, ownsMask: owns,
                                               isEmpty: width <= 0 || height <= 0,
                                               originX: originX, originY: originY, width: width, height: height))
    }
    return glyph
}

/// An a8r8g8b8 image's alpha bytes as a8 coverage, a byte for each of the image's 4 (rows
/// `stride / 4` bytes apart: GlyphEntry.coverageStride), in memory the caller frees.
private func alphaBytes(_ bits: UnsafeRawPointer, stride: Int, width: Int, height: Int) -> UnsafeMutableRawPointer {
    let outStride = stride >> 2
    let out = UnsafeMutableRawPointer.allocate(byteCount: outStride * height, alignment: 16)
    for y in 0 ..< height {
        let row = bits + y * stride, to = out + y * outStride
        // The pixel as a 32-bit word: alpha is its top byte whatever the machine's byte order.
        for x in 0 ..< width {
            let pixel = row.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
            to.storeBytes(of: UInt8(truncatingIfNeeded: pixel >> 24), toByteOffset: x, as: UInt8.self)
        }
    }
    return out
}

/// pixman_composite_glyphs_no_mask: one composite per glyph (pixman's definition) in the drop-in's
/// loop, or pixman's call for a run the loop cannot take. The glyphs are looked up a chunk at a
/// time (GlyphRegistry.withEntries); a chunk holding a glyph the loop cannot take is handed to
/// pixman as a run of its own — its glyphs composited after the chunk before, as pixman would.
@_cdecl("pixman_composite_glyphs_no_mask")
public func sheenPixmanCompositeGlyphsNoMask(_ op: UInt32, _ src: OpaquePointer?, _ dest: OpaquePointer?,
                                             _ srcX: Int32, _ srcY: Int32, _ destX: Int32, _ destY: Int32,
                                             _ cache: OpaquePointer?, _ count: Int32, _ glyphs: UnsafePointer<SheenPixmanGlyph>?) {
    /// Hands `n` glyphs from `first` to pixman as one run, saying why.
    func handOver(_ reason: StaticString, from first: Int = 0, count n: Int32 = count, pixels: Int = 0) {
        SystemPixman.shared.compositeGlyphsNoMask(op, src, dest, srcX, srcY, destX, destY, cache, n, glyphs.map { $0 + first })
        if DropInStats.isOn { DropInStats.countGlyphRun(op: op, source: src, destination: dest, pixels: pixels, handedBecause: reason) }
    }
    guard let level = DropInState.current.pointee.level else { return handOver("SHEEN_SIMD level unavailable") }
    guard count > 0, let glyphs, let src, let dest else { return handOver("empty run or no image") }
    // The run's own checks before its glyphs' (a run handed over for its source or destination
    // — a scaled image's text, say — looked every glyph up first for nothing).
    /// The pixels of a run's glyphs, for SHEEN_PIXMAN_STATS alone.
    func glyphPixels<C: Collection<GlyphEntry>>(_ entries: C) -> Int { entries.reduce(0) { $0 + Int($1.width) * Int($1.height) } }
    /// The run's pixels where it is handed over before its glyphs were looked up (they are, once more).
    func statsPixels() -> Int {
        guard DropInStats.isOn, let entries = GlyphRegistry.entries(glyphs, Int(count)) else { return 0 }
        return glyphPixels(entries)
    }
    guard let row = PixmanOperator.of(op), row.isBounded else { return handOver("operator", pixels: statsPixels()) }
    var (s, _, d) = ImageRegistry.plainImages(src, nil, dest)
    // A gradient, which the fast path does not read, is drawn a glyph at a time by the full path
    // (its fill prepared once, kept by the gradient's record): pixman's own loop computes every
    // pixel of it through its general path, glyph by glyph.
    guard s.kind != .unusable || ImageRegistry.isGradient(src) else {
        return handOver("source kind, repeat, transform or clip", pixels: statsPixels())
    }
    // A destination whose clip region has more than one box: each glyph is drawn box by box —
    // pixman's own loop intersects each glyph with each box of the region. (No clip, or one box:
    // the drawing is bounded by the destination's drawable part, PlainImage.drawable.)
    var clip: [PixelRect]? = nil
    if !d.isDestination {
        guard d.format != nil, d.data != nil, let record = ImageRegistry.lookup(nil, nil, dest).2, let boxes = record.clip,
              !record.hasAlphaMap, !record.hasAccessors
        else { return handOver("destination format, alpha map or accessors", pixels: statsPixels()) }
        clip = boxes
        d.isDestination = true   // each piece lies within one box
        d.drawable = (0, 0, Int32(truncatingIfNeeded: d.width), Int32(truncatingIfNeeded: d.height))
    }
    // A solid colour (text): the run's constant part made once (SolidMaskJobs). Bound once a
    // chunk (`if let`), or read in place (`?.`) per glyph: a binding copies it.
    let solidJobs = SolidMaskJobs(op: op, source: s, destination: d, level: level)
    // a8r8g8b8 glyphs (subpixel text; pixman composites through each with component alpha): over
    // onto the glyphs' channel order is Sheen's — a colour's through its own jobs, the glyph's
    // pixels a coverage byte per channel (CompositeComponentAlpha.h) —, else each chunk holding
    // one is pixman's. (A gradient's glyph goes through the full path, which takes its
    // component alpha there too.)
    let componentAlpha = op == 0x03 && (d.format == .a8r8g8b8 || d.format == .x8r8g8b8)
    // An a8 destination keeps the alpha channel alone: a8r8g8b8 glyphs composite onto it through
    // their alpha bytes (GlyphEntry.coverage(alphaOnly:)), as a8 glyphs do. (cairo draws subpixel
    // text with src by adding its glyphs into an a8 mask so: every such run was pixman's.)
    let alphaOnly = d.format == .a8
    // The fast path's plan for the run's glyphs that the colour's jobs do not draw (a source other
    // than a colour, above all), each glyph's a8 image its mask: made at the first such glyph, once
    // for the run (a plan a glyph cost more than the glyph).
    var glyphPlan: UnsafePointer<CompositePlan>? = nil, planned = false
    /// Glyph `e`'s box in the destination, placed at `g`. Wrapping, as pixman's int arithmetic:
    /// positions are the caller's.
    func box(_ e: GlyphEntry, at g: SheenPixmanGlyph) -> PixelRect {
        let x = destX &+ Int32(g.x) &- e.originX, y = destY &+ Int32(g.y) &- e.originY
        return PixelRect(x: Int(x), y: Int(y), width: Int(e.width), height: Int(e.height))
    }
    var drawn = 0, pixels = 0
    var first = 0
    // Read once: each read of the lazily made static is a call (swift_once), which per glyph
    // cost 8-pixel text 3 % of the loop.
    let counting = DropInState.current.pointee.statsOn
    // A colour into a destination with nothing to check per glyph: each chunk's glyphs looked up
    // and placed in one pass (GlyphRegistry.place), drawn in one call of the composite entry. A
    // chunk it cannot take (a glyph unknown or of another format, a mask overlapping the
    // destination) goes through the loop below, a glyph at a time.
    // The destination's drawable part in the glyphs' positions.
    let area = GlyphRegistry.Reach.area(d.drawableRect, offset: destX, destY)
    if clip == nil, let solidJobs, solidJobs.drawsRuns {
        drawChunks(solidJobs, component: false, glyphs, Int(count), alphaOnly: alphaOnly, from: &first, drawn: &drawn, pixels: &pixels,
                   counting: counting, within: area, box: box)
    }
    // Subpixel text (a8r8g8b8 glyphs, of which a run is made) so too, through the component-alpha
    // jobs: made only where no chunk was drawn through the colour's (most runs are of a8 glyphs,
    // and the jobs cost a glyph's drawing to make), and kept for the glyph-at-a-time loop below.
    let componentJobs = first == 0 && solidJobs != nil && componentAlpha
        ? SolidMaskJobs(op: op, source: s, destination: d, level: level, componentAlpha: true) : nil
    if clip == nil, let componentJobs, componentJobs.drawsRuns {
        drawChunks(componentJobs, component: true, glyphs, Int(count), alphaOnly: alphaOnly, from: &first, drawn: &drawn, pixels: &pixels,
                   counting: counting, within: area, box: box)
    }
    /// Composites glyph `e` over `piece` of its box (at destination `box`); true where the fast
    /// path drew it, false where it went through the full path (counted there).
    func composite(_ e: GlyphEntry, over piece: PixelRect, box: PixelRect) -> Bool {
        if let m = e.coverage(alphaOnly: alphaOnly), solidJobs?.draw(piece, maskAt: box, maskData: m, maskStride: e.coverageStride) == true {
            return true
        }
        if let c = e.componentData, componentJobs?.draw(piece, maskAt: box, maskData: c, maskStride: e.maskStride) == true { return true }
        // (PixelRect.clipped: the checked intersection cost each glyph of a magnified image's text 2 %.)
        let part = piece.clipped(to: box).clipped(to: d.drawableRect)
        if part.isEmpty { return true }
        if !planned {
            planned = true
            glyphPlan = PlanMemo.glyphRunPlan(op: op, source: s, destination: d, level: level, sampling: { ImageRegistry.sampling(of: src) })
        }
        // A sampled source (a magnified image's text) composited through the glyph's a8 coverage
        // in one pass, where the plan does so (CompositePlan.drawGlyphSampled).
        if let plan = glyphPlan, e.componentData == nil, let m = e.maskData,
           CompositePlan.drawGlyphSampled(plan, area: part, box: box, coverage: m, coverageStride: e.coverageStride,
                                          offset: (Int(srcX) &- Int(destX), Int(srcY) &- Int(destY)), destinationRows: d.height,
                                          level: level) != nil {
            return true
        }
        // The glyph's composite over `part`: source and mask offsets move with its corner.
        let call = CompositeCall(op: op, source: src, mask: e.image, destination: dest,
                                 sourceX: Int(srcX) + part.x - Int(destX), sourceY: Int(srcY) + part.y - Int(destY),
                                 maskX: part.x - box.x, maskY: part.y - box.y,
                                 destinationX: part.x, destinationY: part.y, width: part.width, height: part.height)
        // The glyph's image as the call's mask: where it is not one the fast path reads (an a1
        // glyph), drawPlain would decline the call, as it would for every glyph where the run has
        // no plan.
        if let plan = glyphPlan, let mask = e.coverage(alphaOnly: alphaOnly) != nil ? CompositePlan.MaskBits(e.mask, onto: d)
            : CompositePlan.MaskBits(e.componentMask, onto: d, channels: 4),
           CompositePlan.draw(plan, call, mask: mask, at: level) != nil {
            return true
        }
        // An a8r8g8b8 glyph onto a8 (a gradient's, say): through its alpha bytes, held by the
        // drop-in — the glyph's image would be read with its component alpha, which the full path
        // takes only onto colour.
        if alphaOnly, e.componentData != nil, let alpha = e.maskData {
            let held = CompositeCall.HeldMask(data: alpha + (part.y - box.y) * e.coverageStride + (part.x - box.x), stride: e.coverageStride,
                                              channels: 1)
            let through = CompositeCall(op: op, source: src, mask: nil, destination: dest, sourceX: call.sourceX, sourceY: call.sourceY,
                                        maskX: 0, maskY: 0, destinationX: part.x, destinationY: part.y, width: part.width, height: part.height)
            if (try? through.drawWithSheen(at: level, through: held)) != nil { return true }
        }
        // Through the full path, clipped by the destination's region as any composite.
        sheenPixmanComposite32(op, src, e.image, dest, Int32(truncatingIfNeeded: call.sourceX), Int32(truncatingIfNeeded: call.sourceY),
                               Int32(call.maskX), Int32(call.maskY), Int32(part.x), Int32(part.y), Int32(part.width), Int32(part.height))
        return false
    }
    while first < Int(count) {
        let n = min(GlyphRegistry.chunk, Int(count) - first)
        GlyphRegistry.withEntries(glyphs + first, n, componentAlpha: componentAlpha, alphaOnly: alphaOnly, within: area) { entries, index in
            guard let entries else {
                return handOver("a glyph neither a8 nor a1 (nor a8r8g8b8 for over onto its order or onto a8), or not seen inserted",
                                from: first, count: Int32(n))
            }
            if counting { pixels += glyphPixels(entries) }
            drawn += n - entries.count   // outside the area: pixman composites nothing for them either
            for (i, e) in zip(index, entries) {
                if e.isEmpty { drawn += 1; continue }   // nor for an empty glyph
                let b = box(e, at: glyphs[first + Int(i)])
                var plain = true
                if let clip {
                    for piece in clip where !composite(e, over: piece, box: b) { plain = false }
                } else {
                    plain = composite(e, over: b, box: b)
                }
                if plain { drawn += 1 }   // else counted by the full path where Sheen drew it
            }
        }
        first += n
    }
    countDrawn(UInt64(drawn))
    if counting { DropInStats.countGlyphRun(op: op, source: src, destination: dest, pixels: pixels, handedBecause: nil) }
}

/// Draws a run's chunks of glyphs from `first` on through `jobs` (a colour's, SolidMaskJobs) while
/// each chunk's glyphs are all of the kind they take — a8 and a1 (and a8r8g8b8 onto a destination
/// that keeps alpha alone, `alphaOnly`), or with `component` a8r8g8b8 —,
/// each chunk (SHEEN_DROPIN_GLYPH_BATCH glyphs: cairo's line of text in one) looked up and placed
/// in one pass (GlyphRegistry.place) into the thread's batch memory and drawn in one call of the
/// composite entry; `first` moves past the chunks drawn, `drawn` counts their glyphs and, where
/// `counting`, `pixels` their pixels. A free function of plain arguments: as a closure over the run's
/// counters it made them boxed, exclusively accessed variables (~250 instructions a run).
private func drawChunks(_ jobs: SolidMaskJobs, component: Bool, _ glyphs: UnsafePointer<SheenPixmanGlyph>, _ count: Int,
                        alphaOnly: Bool, from first: inout Int, drawn: inout Int, pixels: inout Int, counting: Bool,
                        within area: PixelRect, box: (GlyphEntry, SheenPixmanGlyph) -> PixelRect) {
    let run = sheen_dropin_glyph_batch()!, batch = Int(SHEEN_DROPIN_GLYPH_BATCH)
    while first < count {
        let n = min(batch, count - first)
        var chunkPixels = 0
        let placed = GlyphRegistry.place(glyphs + first, n, into: run, componentAlpha: component, alphaOnly: alphaOnly,
                                         within: area) { e, g in
            if counting { chunkPixels += Int(e.width) * Int(e.height) }
            return component ? jobs.place(maskAt: box(e, g), maskData: e.componentData!, maskStride: e.maskStride)
                : jobs.place(maskAt: box(e, g), maskData: e.maskData!, maskStride: e.coverageStride)
        }
        guard let placed else { return }
        jobs.drawRun(UnsafeBufferPointer(start: run, count: placed))
        drawn += n
        pixels += chunkPixels
        first += n
    }
}

/// pixman_composite_glyphs: by pixman's definition (pixman-glyph.c) the run's glyphs added into a
/// mask image of `maskFormat`, `width` × `height` pixels at (`maskX`, `maskY`) of the glyphs'
/// space — each glyph at its position less its origin, added as pixman's add operator adds, its
/// coverage saturating at 255 —, then the source composited through that mask at (`destX`,
/// `destY`). cairo draws text so wherever it does not draw a glyph at a time (subpixel text, a
/// source other than a colour): pixman made and freed the mask image around every run, which the
/// drop-in recorded and forgot, and its composite was planned afresh for the new mask. The drop-in
/// adds the glyphs into a8 memory of its own in one glyph-run job (white added through each
/// glyph: its coverage) and composites through it on a plan made for the run. The mask's contents
/// are exact either way, so the run draws what the composite through pixman's mask draws. An a8
/// mask takes a8 and a1 glyphs (an a1 glyph adds 255 where its bit is set, as pixman fetches it);
/// an a1 mask, whose pixels pixman stores as bits, a1 glyphs only (coverage 255 wherever one is
/// set: what pixman's mask holds, read as a8). An a8r8g8b8 mask (subpixel text: pixman gives it
/// component alpha) takes a8r8g8b8 glyphs, added byte by byte as pixman adds them — the same sums
/// over rows four times as long —, for over and src of an image or a colour onto a8r8g8b8 and
/// x8r8g8b8 (the mask's channel order), composited through it a coverage byte per channel
/// (CompositeComponentAlpha.h). A gradient source, which the plan does not read, is composited
/// through the mask by the full path (CompositeCall.HeldMask). A run it does not take — another
/// mask format, a glyph it did not see inserted or of another format, a composite its plan
/// declines (a clip of several boxes, an unbounded operator) with a source other than a
/// gradient, or the full path declines — is
/// pixman's, whose own composite through its mask the drop-in then draws as any (through a
/// component-alpha mask, handed on at once).
@_cdecl("pixman_composite_glyphs")
public func sheenPixmanCompositeGlyphs(_ op: UInt32, _ src: OpaquePointer?, _ dest: OpaquePointer?, _ maskFormat: UInt32,
                                       _ srcX: Int32, _ srcY: Int32, _ maskX: Int32, _ maskY: Int32, _ destX: Int32, _ destY: Int32,
                                       _ width: Int32, _ height: Int32,
                                       _ cache: OpaquePointer?, _ count: Int32, _ glyphs: UnsafePointer<SheenPixmanGlyph>?) {
    /// The run's pixels as SHEEN_PIXMAN_STATS counts them: the mask's.
    let pixels = Int(max(width, 0)) * Int(max(height, 0))
    /// A mask with colour channels and alpha (subpixel text): pixman gives it component alpha.
    let componentAlpha = maskFormat >> 12 & 0xF != 0 && maskFormat & 0xFFF != 0
    func handOver(_ reason: StaticString) {
        // Through a component-alpha mask, or of a source every composite of which is pixman's
        // (cairo's downscaled images, under a convolution filter), pixman's composite is
        // pixman's in any case: the calls pixman makes back into the drop-in for the run (its
        // mask made, set and freed, the composite) are handed on at once (HandedRuns.c), which
        // cost the run more than its composite otherwise.
        let wholly = componentAlpha || src.map(ImageRegistry.isPixmansAsSource) ?? true
        if wholly { sheen_dropin_handed_begin() }
        SystemPixman.shared.compositeGlyphs(op, src, dest, maskFormat, srcX, srcY, maskX, maskY, destX, destY, width, height,
                                            cache, count, glyphs)
        if wholly { sheen_dropin_handed_end() }
        if DropInStats.isOn {
            DropInStats.countGlyphRun(op: op, source: src, destination: dest, throughMask: true, pixels: pixels, handedBecause: reason)
        }
    }
    guard let level = DropInState.current.pointee.level else { return handOver("SHEEN_SIMD level unavailable") }
    let a1 = maskFormat == UInt32(SHEEN_PIXMAN_A1)
    /// The mask's bytes a pixel: a coverage byte per channel for an a8r8g8b8 mask.
    let channels = maskFormat == UInt32(SHEEN_PIXMAN_A8R8G8B8) ? 4 : 1
    guard maskFormat == UInt32(SHEEN_PIXMAN_A8) || a1 || channels == 4 else { return handOver("mask format") }
    guard let src, let dest, count >= 0, glyphs != nil || count == 0 else { return handOver("no image or glyphs") }
    // The mask as pixman makes it: nothing to draw through where it has no pixel; past the
    // scratch limit, pixman's.
    guard width > 0, height > 0, pixels <= CompositeCall.scratchPixelLimit else { return handOver("mask size") }
    let (s, _, d) = ImageRegistry.plainImages(src, nil, dest)
    // A source neither path reads (a convolution filter, above all): handed over before a plan
    // is tried for it.
    if s.kind == .unusable && ImageRegistry.isPixmansAsSource(src) { return handOver("source every composite of which is pixman's") }
    // Component alpha: over (and src, drawn as over of the cleared area) onto the mask's channel
    // order, of an image or a colour. (A colour's runs were handed over while over_ca_8888
    // computed both its forms for every block: 8-pixel subpixel text of one, best of alternated
    // runs against pixman, is 0.896× to 0.973× drawn by Sheen from 64 × 64 to 512 × 512 and
    // 0.889× to 0.911× handed over.)
    if channels == 4 && !((op == 0x03 || op == 0x01) && (d.format == .a8r8g8b8 || d.format == .x8r8g8b8)) {
        return handOver("operator or destination format through a component-alpha mask")
    }
    // The composite through the mask: a colour's by its jobs (SolidMaskJobs, as a glyph's in the
    // loop above: a plan made for the run and copied cost subpixel text of a colour over 64 × 64
    // ~7 % of its run by perf), else on a plan (CompositePlan) made for the run, or — for a gradient
    // source, which the plan does not read — by the full path (CompositeCall's drawWithSheen)
    // through the mask held in the drop-in's memory.
    let colourJobs = s.kind == .solid ? SolidMaskJobs(op: op, source: s, destination: d, level: level, componentAlpha: channels == 4) : nil
    let plan = colourJobs != nil ? nil : PlanMemo.glyphRunPlan(op: op, source: s, destination: d, level: level,
                                                               sampling: { ImageRegistry.sampling(of: src) })
    if colourJobs == nil && plan == nil && !ImageRegistry.isGradient(src) {
        return handOver("source, operator or destination of the composite through the mask")
    }

    // The mask's memory, cleared, as the glyph-run job adds into it: A8 values, a channel's
    // coverage each for component alpha. The thread's scratch slot for it where it fits (a calloc
    // and a free each run were a tenth of what 8-pixel text of a magnified image cost the drop-in
    // beyond pixman's run), else calloc's (the stdlib's initialiser cleared it a byte at a time).
    let maskBytes = channels * Int(width), maskStride = (maskBytes + 3) & ~3
    let kept = sheen_dropin_scratch(0, maskStride * Int(height))
    guard let bytes = kept ?? calloc(maskStride * Int(height), 1) else { return handOver("mask memory") }
    if kept != nil { memset(bytes, 0, maskStride * Int(height)) }
    defer { if kept == nil { free(bytes) } }
    var mask = PlainImage()
    mask.kind = .bits
    mask.format = .a8
    mask.data = bytes
    mask.width = maskBytes; mask.height = Int(height); mask.stride = maskStride
    mask.isDestination = true
    mask.drawable = (0, 0, Int32(truncatingIfNeeded: maskBytes), height)
    var white = PlainImage()
    white.kind = .solid
    white.solid = 0xFFFF_FFFF
    guard let adding = SolidMaskJobs(op: PixmanOperator.add.code, source: white, destination: mask, level: level, ownDestination: true),
          adding.drawsRuns
    else { return handOver("no kernel path for the mask") }

    // The glyphs added a batch at a time (the thread's batch memory), each at its position less
    // its origin and the mask's offset (pixman's int arithmetic: wrapping).
    // The mask in the glyphs' positions.
    let maskArea = GlyphRegistry.Reach.area(PixelRect(x: 0, y: 0, width: Int(width), height: Int(height)), offset: 0 &- maskX, 0 &- maskY)
    let added = { () -> Bool in
        guard let glyphs else { return count == 0 }
        let run = sheen_dropin_glyph_batch()!, batch = Int(SHEEN_DROPIN_GLYPH_BATCH)
        var first = 0
        while first < Int(count) {
            let n = min(batch, Int(count) - first)
            // (A mask without colour channels keeps alpha alone.)
            let placed = GlyphRegistry.place(glyphs + first, n, into: run, componentAlpha: channels == 4, alphaOnly: channels == 1,
                                             within: maskArea) { e, g in
                // An a8 or a8r8g8b8 glyph into an a1 mask: pixman keeps one bit of its sum.
                if a1 && !e.isA1 { return nil }
                let x = Int32(truncatingIfNeeded: g.x) &- e.originX &- maskX, y = Int32(truncatingIfNeeded: g.y) &- e.originY &- maskY
                // In the mask's bytes: a pixel is `channels` of them.
                return adding.place(maskAt: PixelRect(x: channels * Int(x), y: Int(y), width: channels * Int(e.width), height: Int(e.height)),
                                    maskData: channels == 4 ? e.componentData! : e.maskData!,
                                    maskStride: channels == 4 ? e.maskStride : e.coverageStride)
            }
            guard let placed else { return false }
            adding.drawRun(UnsafeBufferPointer(start: run, count: placed))
            first += n
        }
        return true
    }()
    guard added else { return handOver("a glyph of another format than the mask takes, or not seen inserted") }

    let call = CompositeCall(op: op, source: src, mask: nil, destination: dest, sourceX: Int(srcX), sourceY: Int(srcY), maskX: 0, maskY: 0,
                             destinationX: Int(destX), destinationY: Int(destY), width: Int(width), height: Int(height))
    if let colourJobs {
        let box = PixelRect(x: Int(destX), y: Int(destY), width: Int(width), height: Int(height))
        guard colourJobs.draw(box, maskAt: box, maskData: bytes, maskStride: maskStride) else {
            return handOver("the composite through the mask (its pixels)")
        }
    } else if plan != nil {
        // The mask as the plan reads it (made here: the colour's jobs and the full path take the memory itself).
        guard let maskBits = CompositePlan.MaskBits(mask, onto: d, channels: channels, isGlyphRun: true),
              CompositePlan.draw(plan.unsafelyUnwrapped, call, mask: maskBits, at: level) != nil else {
            return handOver("the composite through the mask (its pixels)")
        }
    } else {
        do throws(CompositeCall.Handover) {
            _ = try call.drawWithSheen(at: level, through: CompositeCall.HeldMask(data: bytes, stride: maskStride, channels: channels))
        } catch {
            return handOver(error.reason)
        }
    }
    countDrawn()
    if DropInStats.isOn {
        DropInStats.countGlyphRun(op: op, source: src, destination: dest, throughMask: true, pixels: pixels, handedBecause: nil)
    }
}
