// pixman's glyph runs, interposed. pixman_glyph_cache_insert is handed to pixman, which copies
// the glyph's image into an image of its own — made with pixman_image_create_bits, which the
// drop-in interposes, so the copy is caught as the glyph's image (sheen_dropin_capture_*, on the
// inserting thread). pixman_composite_glyphs_no_mask — what cairo draws text with — is, by
// pixman's definition (pixman-glyph.c), one composite per glyph: the source through the glyph's
// image as a mask, at the glyph's position less its origin, clipped to the destination. The
// drop-in draws a run so, in a loop of its own: the source and destination are looked up once,
// each glyph is a fast-path composite (CompositeCall+FastPath.swift) through its image. A glyph
// the fast path declines is composited as any call (drawn by Sheen or handed over); a run the
// loop cannot take — a glyph it did not see inserted or that is not a8, a destination with a
// clip region, a source the fast path does not read, an unbounded operator — goes to pixman
// whole: pixman's own loop is faster than composites handed over one by one.
// pixman_composite_glyphs (a run through a mask) is left to pixman: it adds the glyphs into a
// mask and composites that with pixman_image_composite32, which the drop-in draws.

import CSheenPixman
import Synchronization
import SheenRaster

/// One glyph of a cache: where its image's coverage lies, and its origin.
struct GlyphEntry {
    /// pixman's copy of the glyph's image.
    let image: PixmanImage
    /// The image as a mask: a8 bits at no offset (`kind` unusable for any other format).
    let mask: PlainImage
    let originX: Int32, originY: Int32
    let width: Int32, height: Int32
}

/// The glyphs the drop-in saw inserted, by the pointer pixman returned, behind one lock (cairo
/// inserts and draws from several threads). A glyph is forgotten when pixman frees its image
/// (removed, or cleared from a cache that grew past its high-water mark, or with the cache).
enum GlyphRegistry {
    private struct Table {
        var byGlyph: [UInt: GlyphEntry] = [:]
        var glyphOfImage: [UInt: UInt] = [:]
    }

    private static let table = Guarded(Table())
    /// Whether any glyph was ever inserted: freeing an image looks the table up only then.
    private static let inUse = Atomic<Bool>(false)

    static func insert(_ glyph: UnsafeRawPointer, _ entry: GlyphEntry) {
        inUse.store(true, ordering: .releasing)
        table.withLock { t in
            let g = UInt(bitPattern: glyph), image = key(entry.image)
            if let old = t.byGlyph[g] { t.glyphOfImage[key(old.image)] = nil }
            t.byGlyph[g] = entry
            t.glyphOfImage[image] = g
        }
    }

    /// Forgets the glyph whose image pixman just freed.
    static func imageFreed(_ image: PixmanImage) {
        guard inUse.load(ordering: .acquiring) else { return }
        table.withLock { t in
            if let g = t.glyphOfImage.removeValue(forKey: key(image)) { t.byGlyph[g] = nil }
        }
    }

    /// The entries of `count` glyphs, or nil when any is unknown or not a8.
    static func entries(_ glyphs: UnsafePointer<SheenPixmanGlyph>, _ count: Int) -> [GlyphEntry]? {
        table.withLock { t in
            var out: [GlyphEntry] = []
            out.reserveCapacity(count)
            for i in 0 ..< count {
                guard let g = glyphs[i].glyph, let e = t.byGlyph[UInt(bitPattern: g)], e.mask.kind == .bits else { return nil }
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
        var mask = PlainImage.unusable
        if format == UInt32(SHEEN_PIXMAN_A8), let data = SystemPixman.shared.getData(image) {
            mask.kind = .bits
            mask.format = .a8
            mask.data = UnsafeMutableRawPointer(data)
            mask.width = Int(width); mask.height = Int(height)
            mask.stride = Int(SystemPixman.shared.getStride(image))
        }
        GlyphRegistry.insert(glyph, GlyphEntry(image: image, mask: mask, originX: originX, originY: originY, width: width, height: height))
    }
    return glyph
}

/// pixman_composite_glyphs_no_mask: one composite per glyph (pixman's definition) in the drop-in's
/// loop, or pixman's call for a run the loop cannot take.
@_cdecl("pixman_composite_glyphs_no_mask")
public func sheenPixmanCompositeGlyphsNoMask(_ op: UInt32, _ src: OpaquePointer?, _ dest: OpaquePointer?,
                                             _ srcX: Int32, _ srcY: Int32, _ destX: Int32, _ destY: Int32,
                                             _ cache: OpaquePointer?, _ count: Int32, _ glyphs: UnsafePointer<SheenPixmanGlyph>?) {
    guard let level = drawingLevel, count > 0, let glyphs, let src, let dest, let row = PixmanOperator.of(op), row.isBounded,
          let entries = GlyphRegistry.entries(glyphs, Int(count))
    else {
        SystemPixman.shared.compositeGlyphsNoMask(op, src, dest, srcX, srcY, destX, destY, cache, count, glyphs)
        return
    }
    let (s, _, d) = ImageRegistry.plainImages(src, nil, dest)
    guard d.isDestination, s.kind != .unusable else {
        SystemPixman.shared.compositeGlyphsNoMask(op, src, dest, srcX, srcY, destX, destY, cache, count, glyphs)
        return
    }
    var drawn = 0
    for (i, e) in entries.enumerated() {
        // Wrapping, as pixman's int arithmetic: positions are the caller's.
        let x = destX &+ Int32(glyphs[i].x) &- e.originX, y = destY &+ Int32(glyphs[i].y) &- e.originY
        let call = CompositeCall(op: op, source: src, mask: e.image, destination: dest,
                                 sourceX: Int(srcX &+ x &- destX), sourceY: Int(srcY &+ y &- destY), maskX: 0, maskY: 0,
                                 destinationX: Int(x), destinationY: Int(y), width: Int(e.width), height: Int(e.height))
        if call.drawPlain(source: s, mask: e.mask, destination: d, at: level) != nil {
            drawn += 1
            if DropInStats.isOn { DropInStats.count(call, handedBecause: nil) }
        } else {
            sheenPixmanComposite32(op, src, e.image, dest, Int32(call.sourceX), Int32(call.sourceY), 0, 0, x, y, e.width, e.height)
        }
    }
    drawnCalls.add(UInt64(drawn), ordering: .relaxed)
}
