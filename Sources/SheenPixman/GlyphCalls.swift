// pixman's glyph runs, interposed. pixman_glyph_cache_insert is handed to pixman, which copies
// the glyph's image into an image of its own — made with pixman_image_create_bits, which the
// drop-in interposes, so the copy has a record and is caught as the glyph's image
// (sheen_dropin_capture_*). pixman_composite_glyphs_no_mask — what cairo calls to draw text — is
// then, by pixman's own definition (pixman-glyph.c), one composite per glyph: the source through
// the glyph's image as a mask, at the glyph's position less its origin, clipped like any
// composite; so the drop-in makes those composites, each drawn by Sheen or handed over as any
// other. A run with a glyph the drop-in did not see inserted, or one that is not a8, goes to
// pixman whole.
// pixman_composite_glyphs (a run through a mask) is left to pixman: it adds the glyphs into a
// mask and composites that with pixman_image_composite32, which the drop-in already draws.

import CSheenPixman
import SheenRaster

/// The image and origin of one glyph of a cache.
struct GlyphEntry {
    let image: PixmanImage
    let originX: Int32, originY: Int32
    let width: Int32, height: Int32
    /// Whether the image is a8: coverage Sheen draws through. Other glyphs — a1 and a4, or
    /// colour ones, whose copy pixman gives component alpha — are pixman's, and so is a run
    /// with one: pixman's own loop is faster than composites handed over one by one.
    let isA8: Bool
}

/// The glyphs the drop-in saw inserted, by the pointer pixman returned, behind one lock (cairo
/// inserts and draws from several threads). A glyph is forgotten when pixman frees its image
/// (removed, or cleared from a cache that grew past its high-water mark, or with the cache).
enum GlyphRegistry {
    private struct Table {
        var byGlyph: [UInt: GlyphEntry] = [:]
        var glyphOfImage: [UInt: UInt] = [:]
    }

    private static let table = Locked(Table())
    /// Whether any glyph was ever inserted: freeing an image looks the table up only then.
    private static let inUse = Locked(false)

    static func insert(_ glyph: UnsafeRawPointer, _ entry: GlyphEntry) {
        inUse.withLock { $0 = true }
        table.withLock { t in
            let g = UInt(bitPattern: glyph), image = key(entry.image)
            if let old = t.byGlyph[g] { t.glyphOfImage[key(old.image)] = nil }
            t.byGlyph[g] = entry
            t.glyphOfImage[image] = g
        }
    }

    /// Forgets the glyph whose image pixman just freed.
    static func imageFreed(_ image: PixmanImage) {
        guard inUse.withLock({ $0 }) else { return }
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
                guard let g = glyphs[i].glyph, let e = t.byGlyph[UInt(bitPattern: g)], e.isA8 else { return nil }
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
        GlyphRegistry.insert(glyph, GlyphEntry(image: OpaquePointer(copy), originX: originX, originY: originY, width: width, height: height,
                                               isA8: format == UInt32(SHEEN_PIXMAN_A8)))
    }
    return glyph
}

/// pixman_composite_glyphs_no_mask: one composite per glyph (pixman's definition), or pixman's
/// call for a run with a glyph the drop-in does not know or that is not a8.
@_cdecl("pixman_composite_glyphs_no_mask")
public func sheenPixmanCompositeGlyphsNoMask(_ op: UInt32, _ src: OpaquePointer?, _ dest: OpaquePointer?,
                                             _ srcX: Int32, _ srcY: Int32, _ destX: Int32, _ destY: Int32,
                                             _ cache: OpaquePointer?, _ count: Int32, _ glyphs: UnsafePointer<SheenPixmanGlyph>?) {
    guard drawingLevel != nil, count > 0, let glyphs, let entries = GlyphRegistry.entries(glyphs, Int(count)) else {
        SystemPixman.shared.compositeGlyphsNoMask(op, src, dest, srcX, srcY, destX, destY, cache, count, glyphs)
        return
    }
    for (i, e) in entries.enumerated() {
        // Wrapping, as pixman's int arithmetic: positions are the caller's.
        let x = destX &+ Int32(glyphs[i].x) &- e.originX, y = destY &+ Int32(glyphs[i].y) &- e.originY
        sheenPixmanComposite32(op, src, e.image, dest, srcX &+ x &- destX, srcY &+ y &- destY, 0, 0, x, y, e.width, e.height)
    }
}
