// src of a scaled, rotated or skewed image with a bilinear filter — bilinear, good or best — or,
// 32-bit images, a separable convolution (cairo's downscaling) (cairo's clone of a scaled mask or
// image) through the drop-in against the system pixman's own drawing of the same call: A8,
// a8r8g8b8 and a8b8g8r8 images (drawn by the drop-in with sample_bilinear or sample_convolution
// into a destination of their format), of every repeat under cairo's scales
// (½, 2, 0.4762) and random affine transforms, at random offsets, with and without a one-box
// clip region, into destinations whose rows end at (or start after) an unmapped page. The bytes
// must equal pixman's, nothing outside the call's region may change, and every call must be
// Sheen's (sheen_pixman_drawn_calls). And such an A8 image as the mask
// of a composite (cairo's mask with a scaled image): drawn by Sheen, equal byte for byte to the
// drop-in's drawing through the mask the system pixman samples into an untransformed image,
// within 2 levels of the system pixman's own drawing. And a scaled 32-bit image as the source of
// a composite (cairo's paints, spans and glyphs), through no mask, a solid one or an a8 image:
// drawn by Sheen, equal byte for byte to the drop-in's drawing from the source the system pixman
// samples into an untransformed image, within 2 levels of the system pixman's own drawing.

import CSheenPixman
import Glibc
@testable import SheenPixman
import SheenRaster
import SheenTestSupport
import Testing

/// Three destinations over equal valid premultiplied pixels: the first drawn through the
/// drop-in (fenced: rows against guard pages), the second through the drop-in from an input the
/// system pixman sampled into an untransformed image first, the third by the system pixman — a
/// quarter of them with one clip box on all three.
final class ThreeDestinations {
    let fenced: FencedBuffer
    let copies: [UnsafeMutableRawPointer]
    let images: [OpaquePointer]
    let rowBytes: Int

    init(_ format: (pixman: UInt32, sheen: PixelFormat), guardPages: FencedBuffer.GuardPages, _ g: inout FastPathTests.Generator,
         kept: FastPathTests.CaseImages) {
        fenced = ScaledSourceTests.destination(format.sheen, guardPages: guardPages, &g)
        let (view, width, height) = (fenced.buffer, fenced.width, fenced.height)
        rowBytes = width * format.sheen.bytesPerPixel
        for r in 0 ..< height { ScaledSourceTests.premultiplied(view.base + r * view.bytesPerRow, count: width, a8: format.sheen == .a8, &g) }
        copies = (0 ..< 2).map { _ in UnsafeMutableRawPointer.allocate(byteCount: view.bytesPerRow * height, alignment: 64) }
        for copy in copies {
            for r in 0 ..< height { copy.advanced(by: r * view.bytesPerRow).copyMemory(from: view.base + r * view.bytesPerRow, byteCount: rowBytes) }
        }
        images = ([view.base] + copies).map {
            kept.keep(sheenPixmanCreateBits(format.pixman, Int32(width), Int32(height), $0.assumingMemoryBound(to: UInt32.self), Int32(view.bytesPerRow))!)
        }
        if g.chance(25) {   // one box (pixman's region of one rectangle has no data block)
            var region = SheenPixmanRegion32(extents: SheenPixmanBox32(x1: Int32(g.below(width)), y1: Int32(g.below(height)),
                                                                       x2: Int32(width), y2: Int32(height)), data: nil)
            region.extents.x2 = max(region.extents.x1 + 1, Int32(width - g.below(width / 2 + 1)))
            for image in images { _ = sheenPixmanSetClipRegion32(image, &region) }
        }
    }

    deinit { copies.forEach { $0.deallocate() } }

    /// Composites `op` into the three: the drop-in's call of `source` through `mask` (their
    /// offsets `from`), the drop-in's call of the `sampled` pair, and the system pixman's own
    /// call; whether the first was drawn by Sheen.
    func draw(_ op: UInt32, _ source: OpaquePointer, _ mask: OpaquePointer?, from o: (sx: Int32, sy: Int32, mx: Int32, my: Int32),
              sampled t: (source: OpaquePointer, mask: OpaquePointer?, sx: Int32, sy: Int32, mx: Int32, my: Int32),
              at r: (x: Int32, y: Int32, w: Int32, h: Int32)) -> Bool {
        // (This thread's count: other tests draw beside this one.)
        let before = sheen_dropin_drawn_calls_here()
        sheenPixmanComposite32(op, source, mask, images[0], o.sx, o.sy, o.mx, o.my, r.x, r.y, r.w, r.h)
        let drawn = sheen_dropin_drawn_calls_here() != before
        sheenPixmanComposite32(op, t.source, t.mask, images[1], t.sx, t.sy, t.mx, t.my, r.x, r.y, r.w, r.h)
        SystemPixman.shared.composite32(op, source, mask, images[2], o.sx, o.sy, o.mx, o.my, r.x, r.y, r.w, r.h)
        return drawn
    }

    /// What is wrong with the first destination — bytes unlike the second's, bytes more than 2
    /// levels from the third's, fence violations — or nil; `largest` takes the largest
    /// difference from the third.
    func problem(largest: inout Int) -> String? {
        let view = fenced.buffer
        var unequal = 0, off = 0
        for r in 0 ..< fenced.height {
            let ours = view.base + r * view.bytesPerRow, throughSampled = copies[0] + r * view.bytesPerRow
            let pixmans = copies[1] + r * view.bytesPerRow
            for i in 0 ..< rowBytes {
                let a = Int(ours.load(fromByteOffset: i, as: UInt8.self))
                if a != Int(throughSampled.load(fromByteOffset: i, as: UInt8.self)) { unequal += 1 }
                let d = abs(a - Int(pixmans.load(fromByteOffset: i, as: UInt8.self)))
                largest = max(largest, d)
                if d > 2 { off += 1 }
            }
        }
        if unequal == 0 && off == 0 && fenced.fenceViolations == 0 { return nil }
        return "\(unequal) bytes unlike the drawing from the sampled input, \(off) more than 2 levels from pixman's, fences \(fenced.fenceViolations)"
    }
}

@Suite struct ScaledSourceTests {
    /// pixman's filters that sample bilinearly (good and best are bilinear in pixman).
    static let bilinearFilters = [SHEEN_PIXMAN_FILTER_BILINEAR, SHEEN_PIXMAN_FILTER_GOOD, SHEEN_PIXMAN_FILTER_BEST]

    /// The destinations of the composites through a sampled input.
    static let destinationFormats: [(pixman: UInt32, sheen: PixelFormat)] = [
        (UInt32(SHEEN_PIXMAN_A8R8G8B8), .bgra8Premultiplied), (UInt32(SHEEN_PIXMAN_A8B8G8R8), .rgba8Premultiplied), (UInt32(SHEEN_PIXMAN_A8), .a8)]
    /// Their operators: over, src (alone, and through a mask: cleared first), out-reverse, add;
    /// multiply (a blend mode, last: not onto a8) onto colour.
    static let ops: [UInt32] = [3, 1, 8, 12, 0x30]

    /// Call `call`'s destination format (the three in turn) and operator (a blend mode only onto colour).
    static func destinationAndOperator(_ call: Int, _ g: inout FastPathTests.Generator) -> ((pixman: UInt32, sheen: PixelFormat), UInt32) {
        let format = destinationFormats[call % 3]
        return (format, ops[g.below(format.sheen == .a8 ? ops.count - 1 : ops.count)])
    }

    /// A source for a call onto a destination of `format`: a valid premultiplied colour, or an
    /// 80 × 40 image of valid premultiplied pixels (a8 onto a8, a8r8g8b8 onto colour).
    static func source(solid: Bool, onto format: PixelFormat, _ kept: FastPathTests.CaseImages,
                       _ g: inout FastPathTests.Generator) -> OpaquePointer {
        if solid {
            var c = SheenPixmanColor(red: 0, green: 0, blue: 0, alpha: UInt16(g.below(65536)))
            c.red = UInt16(g.below(Int(c.alpha) + 1)); c.green = UInt16(g.below(Int(c.alpha) + 1)); c.blue = UInt16(g.below(Int(c.alpha) + 1))
            return kept.keep(sheenPixmanCreateSolidFill(&c)!)
        }
        let a8 = format == .a8
        let (image, bytes, stride) = kept.bits(a8 ? UInt32(SHEEN_PIXMAN_A8) : UInt32(SHEEN_PIXMAN_A8R8G8B8), width: 80, height: 40, &g)
        for r in 0 ..< 40 { premultiplied(bytes + r * stride, count: 80, a8: a8, &g) }
        return image
    }

    /// cairo's scales (½, 2, 0.4762) or a random one, a random offset, sometimes rotated or skewed.
    static func randomTransform(_ g: inout FastPathTests.Generator) -> SheenPixmanTransform {
        let scale: Int32 = [32768, 131_072, 31208, Int32(8192 + g.below(200_000))][g.below(4)]
        var t = SheenPixmanTransform(matrix: ((scale, 0, Int32(g.below(20 << 16)) - (10 << 16)),
                                              (0, scale, Int32(g.below(20 << 16)) - (10 << 16)), (0, 0, 1 << 16)))
        if g.chance(30) {   // rotated or skewed
            t.matrix.0.1 = Int32(g.below(1 << 17)) - (1 << 16)
            t.matrix.1.0 = Int32(g.below(1 << 17)) - (1 << 16)
        }
        return t
    }

    /// A destination of 1…70 × 1…20 pixels, rows 4-byte aligned, against guard pages.
    static func destination(_ format: PixelFormat, guardPages: FencedBuffer.GuardPages, _ g: inout FastPathTests.Generator) -> FencedBuffer {
        let width = 1 + g.below(70), height = 1 + g.below(20)
        let rowBytes = width * format.bytesPerPixel
        return FencedBuffer(width: width, height: height, format: format, padding: (4 - rowBytes % 4) % 4,
                            misalignment: 4 * g.below(4), fill: 0x3C, guardPages: guardPages)
    }

    /// Gives `image` a random repeat, transform (randomTransform) and bilinear filter — or, for
    /// a 32-bit image (`convolving`), two times in five a separable convolution
    /// (convolutionParameters) —; returns them.
    static func scale(_ image: OpaquePointer, convolving: Bool = false,
                      _ g: inout FastPathTests.Generator) -> (repeat: UInt32, transform: SheenPixmanTransform, filter: Int) {
        let mode = UInt32(g.below(4))
        sheenPixmanSetRepeat(image, mode)
        var t = randomTransform(&g)
        _ = sheenPixmanSetTransform(image, &t)
        if convolving && g.chance(40) {
            let params = convolutionParameters(&g)
            #expect(sheenPixmanSetFilter(image, UInt32(SHEEN_PIXMAN_FILTER_SEPARABLE_CONVOLUTION), params, Int32(params.count)) != 0)
            return (mode, t, Int(SHEEN_PIXMAN_FILTER_SEPARABLE_CONVOLUTION))
        }
        let filter = bilinearFilters[g.below(3)]
        _ = sheenPixmanSetFilter(image, UInt32(filter), nil, 0)
        return (mode, t, filter)
    }

    /// A separable convolution filter's parameters (pixman's form): 1–5 taps and 0–5 phase bits
    /// each way, each phase's weights random and summing to 1.0 (65536) — as cairo's downscaling
    /// filters do — or, one time in five, an axis of one tap of weight 1.0 (cairo's impulse).
    static func convolutionParameters(_ g: inout FastPathTests.Generator) -> [Int32] {
        let cw = 1 + g.below(5), ch = 1 + g.below(5), xb = g.below(6), yb = g.below(6)
        func phases(_ taps: Int, _ bits: Int) -> [Int32] {
            if taps == 1 && g.chance(20) { return [Int32](repeating: 65536, count: 1 << bits) }
            var out: [Int32] = []
            for _ in 0 ..< 1 << bits {
                let raw = (0 ..< taps).map { _ in 1 + g.below(1000) }
                let total = raw.reduce(0, +)
                var weights = raw.map { Int32($0 * 65536 / total) }
                weights[taps - 1] += 65536 - weights.reduce(0, +)
                out += weights
            }
            return out
        }
        return [Int32(cw) << 16, Int32(ch) << 16, Int32(xb) << 16, Int32(yb) << 16] + phases(cw, xb) + phases(ch, yb)
    }

    /// `count` pixels of valid premultiplied colour at `data` (a level above its alpha is
    /// pixman's to draw), or alphas for an a8 image.
    static func premultiplied(_ data: UnsafeMutableRawPointer, count: Int, a8: Bool, _ g: inout FastPathTests.Generator) {
        for i in 0 ..< count {
            let a = g.below(256)
            if a8 {
                data.storeBytes(of: UInt8(a), toByteOffset: i, as: UInt8.self)
                continue
            }
            var pixel = UInt32(a) << 24
            for shift: UInt32 in [0, 8, 16] { pixel |= UInt32(g.below(a + 1)) << shift }
            data.storeBytes(of: pixel, toByteOffset: 4 * i, as: UInt32.self)
        }
    }

    @Test(arguments: FencedBuffer.GuardPages.allCases)
    func srcOfAScaledImageIsTheSample(guardPages: FencedBuffer.GuardPages) throws {
        var g = FastPathTests.Generator(state: 0x5CA1_ED00 | UInt64(FencedBuffer.GuardPages.allCases.firstIndex(of: guardPages)!))
        var drawn = 0, failures: [String] = []
        for call in 0 ..< 240 {
            let kept = FastPathTests.CaseImages()
            let format = Self.destinationFormats[call % 3]
            let source = kept.bits(format.pixman, width: 1 + g.below(40), height: 1 + g.below(30), &g).0
            let (mode, t, filter) = Self.scale(source, convolving: format.sheen != .a8, &g)
            // Two destinations over equal pixels: one drawn through the drop-in (fenced), one by
            // the system pixman.
            let fenced = Self.destination(format.sheen, guardPages: guardPages, &g)
            let (view, width, height) = (fenced.buffer, fenced.width, fenced.height)
            let rowBytes = width * format.sheen.bytesPerPixel
            let theirs = UnsafeMutableRawPointer.allocate(byteCount: view.bytesPerRow * height, alignment: 64)
            defer { theirs.deallocate() }
            for r in 0 ..< height { theirs.advanced(by: r * view.bytesPerRow).copyMemory(from: view.base + r * view.bytesPerRow, byteCount: rowBytes) }
            let ours = kept.keep(sheenPixmanCreateBits(format.pixman, Int32(width), Int32(height), view.base.assumingMemoryBound(to: UInt32.self),
                                                       Int32(view.bytesPerRow))!)
            let reference = kept.keep(sheenPixmanCreateBits(format.pixman, Int32(width), Int32(height), theirs.assumingMemoryBound(to: UInt32.self),
                                                            Int32(view.bytesPerRow))!)
            let clipped = g.chance(25)
            if clipped {
                // One box (pixman's region of one rectangle has no data block).
                var region = SheenPixmanRegion32(extents: SheenPixmanBox32(x1: Int32(g.below(width)), y1: Int32(g.below(height)),
                                                                           x2: Int32(width), y2: Int32(height)), data: nil)
                region.extents.x2 = max(region.extents.x1 + 1, Int32(width - g.below(width / 2 + 1)))
                _ = sheenPixmanSetClipRegion32(ours, &region)
                _ = SystemPixman.shared.setClipRegion32(reference, &region)
            }
            let sx = Int32(g.below(60)) - 30, sy = Int32(g.below(60)) - 30
            let dx = Int32(g.below(width)) - 3, dy = Int32(g.below(height)) - 3
            let w = Int32(1 + g.below(width + 4)), h = Int32(1 + g.below(height + 4))
            let before = sheen_dropin_drawn_calls_here()
            sheenPixmanComposite32(1 /* PIXMAN_OP_SRC */, source, nil, ours, sx, sy, 0, 0, dx, dy, w, h)
            let byUs = sheen_dropin_drawn_calls_here() != before
            SystemPixman.shared.composite32(1 /* PIXMAN_OP_SRC */, source, nil, reference, sx, sy, 0, 0, dx, dy, w, h)
            drawn += byUs ? 1 : 0
            let differing = (0 ..< height).filter { memcmp(view.base + $0 * view.bytesPerRow, theirs + $0 * view.bytesPerRow, rowBytes) != 0 }.count
            if differing != 0 || fenced.fenceViolations != 0 {
                failures.append("call \(call): format \(format.sheen), repeat \(mode), filter \(filter), transform \(t.matrix), \(w)×\(h) at (\(dx), \(dy)) "
                                + "from (\(sx), \(sy)), clip \(clipped), by Sheen \(byUs): \(differing) rows differ, fences \(fenced.fenceViolations)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures:\n\(failures.prefix(8).joined(separator: "\n"))")
        // Every call here is within the sampling range: Sheen's.
        #expect(drawn == 240, "\(drawn) of 240 calls drawn by Sheen")
    }

    @Test(arguments: FencedBuffer.GuardPages.allCases)
    func aScaledA8MaskIsSampledAsPixmanSamplesIt(guardPages: FencedBuffer.GuardPages) throws {
        var g = FastPathTests.Generator(state: 0x3A5C_ED00 | UInt64(FencedBuffer.GuardPages.allCases.firstIndex(of: guardPages)!))
        var drawn = 0, failures: [String] = [], largest = 0
        for call in 0 ..< 360 {
            let kept = FastPathTests.CaseImages()
            let (format, op) = Self.destinationAndOperator(call, &g)
            let source = Self.source(solid: g.chance(50), onto: format.sheen, kept, &g)
            let mask = kept.bits(UInt32(SHEEN_PIXMAN_A8), width: 1 + g.below(40), height: 1 + g.below(30), &g).0
            let (mode, t, filter) = Self.scale(mask, &g)

            // Three destinations: the sampled input is the mask.
            let three = ThreeDestinations(format, guardPages: guardPages, &g, kept: kept)
            let (width, height) = (three.fenced.width, three.fenced.height)
            let sx = Int32(g.below(20)), sy = Int32(g.below(10)), mx = Int32(g.below(60)) - 30, my = Int32(g.below(60)) - 30
            let dx = Int32(g.below(width)) - 3, dy = Int32(g.below(height)) - 3
            let w = Int32(1 + g.below(width + 4)), h = Int32(1 + g.below(height + 4))
            // The mask as pixman samples it, pixel (i, j) for destination pixel (dx + i, dy + j).
            let sampledStride = (Int(w) + 3) & ~3
            let sampledBytes = UnsafeMutableRawPointer.allocate(byteCount: sampledStride * Int(h), alignment: 16)
            defer { sampledBytes.deallocate() }
            let sampled = kept.keep(sheenPixmanCreateBits(UInt32(SHEEN_PIXMAN_A8), w, h, sampledBytes.assumingMemoryBound(to: UInt32.self),
                                                          Int32(sampledStride))!)
            SystemPixman.shared.composite32(1, mask, nil, sampled, mx, my, 0, 0, 0, 0, w, h)

            drawn += three.draw(op, source, mask, from: (sx, sy, mx, my), sampled: (source, sampled, sx, sy, 0, 0), at: (dx, dy, w, h)) ? 1 : 0

            if let problem = three.problem(largest: &largest) {
                failures.append("call \(call): op \(op), format \(format.sheen), repeat \(mode), filter \(filter), transform \(t.matrix), "
                                + "\(w)×\(h) at (\(dx), \(dy)) mask from (\(mx), \(my)): \(problem)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures (largest difference from pixman \(largest)):\n\(failures.prefix(8).joined(separator: "\n"))")
        // Every call here is within the sampling range, its operator bounded or src, its colour
        // valid: Sheen's.
        #expect(drawn == 360, "\(drawn) of 360 calls drawn by Sheen")
    }

    @Test(arguments: FencedBuffer.GuardPages.allCases)
    func aScaledImageSourceIsSampledAsPixmanSamplesIt(guardPages: FencedBuffer.GuardPages) throws {
        var g = FastPathTests.Generator(state: 0x5A3D_ED00 | UInt64(FencedBuffer.GuardPages.allCases.firstIndex(of: guardPages)!))
        let sourceFormats = [UInt32(SHEEN_PIXMAN_A8R8G8B8), UInt32(SHEEN_PIXMAN_A8B8G8R8)]
        var drawn = 0, failures: [String] = [], largest = 0
        for call in 0 ..< 360 {
            let kept = FastPathTests.CaseImages()
            let (format, op) = Self.destinationAndOperator(call, &g)
            let sourceFormat = sourceFormats[g.below(2)]
            let sourceWidth = 1 + g.below(40), sourceHeight = 1 + g.below(30)
            let (source, bytes, stride) = kept.bits(sourceFormat, width: sourceWidth, height: sourceHeight, &g)
            for r in 0 ..< sourceHeight { Self.premultiplied(bytes + r * stride, count: sourceWidth, a8: false, &g) }
            let (mode, t, filter) = Self.scale(source, convolving: true, &g)
            // No mask, a solid one, or an a8 image (cairo's spans and glyphs).
            let maskKind = g.below(3)
            var mask: OpaquePointer? = nil, sparse = false
            if maskKind == 1 {
                var c = SheenPixmanColor(red: 0, green: 0, blue: 0, alpha: UInt16(g.below(65536)))
                mask = kept.keep(sheenPixmanCreateSolidFill(&c)!)
            } else if maskKind == 2 {
                // Half of them sparse: coverage in a few bands of columns only (a stroke's mask),
                // which the drop-in samples the source over alone (CompositeCall.coveredColumns).
                let (image, bytes, stride) = kept.bits(UInt32(SHEEN_PIXMAN_A8), width: 80, height: 20, &g)
                sparse = g.chance(50)
                if sparse {
                    var keep = [Bool](repeating: false, count: 80)
                    for _ in 0 ..< 1 + g.below(3) {
                        let from = g.below(80)
                        for x in from ..< min(80, from + 1 + g.below(12)) { keep[x] = true }
                    }
                    for r in 0 ..< 20 {
                        for x in 0 ..< 80 where !keep[x] || g.chance(30) { bytes.storeBytes(of: 0, toByteOffset: r * stride + x, as: UInt8.self) }
                    }
                }
                mask = image
            }

            // Three destinations: the sampled input is the source.
            let three = ThreeDestinations(format, guardPages: guardPages, &g, kept: kept)
            let (width, height) = (three.fenced.width, three.fenced.height)
            let sx = Int32(g.below(60)) - 30, sy = Int32(g.below(60)) - 30, mx = Int32(g.below(10)), my = Int32(g.below(10))
            let dx = Int32(g.below(width)) - 3, dy = Int32(g.below(height)) - 3
            var w = Int32(1 + g.below(width + 4)), h = Int32(1 + g.below(height + 4))
            // A sparse mask's calls wide and tall enough to be sampled by runs.
            if sparse { w = Int32(max(Int(w), min(width + 4, 32 + g.below(48)))); h = max(h, 2) }
            // The source as pixman samples it, pixel (i, j) for destination pixel (dx + i, dy + j).
            let sampledBytes = UnsafeMutableRawPointer.allocate(byteCount: 4 * Int(w) * Int(h), alignment: 16)
            defer { sampledBytes.deallocate() }
            let sampled = kept.keep(sheenPixmanCreateBits(sourceFormat, w, h, sampledBytes.assumingMemoryBound(to: UInt32.self), 4 * w)!)
            SystemPixman.shared.composite32(1, source, nil, sampled, sx, sy, 0, 0, 0, 0, w, h)

            drawn += three.draw(op, source, mask, from: (sx, sy, mx, my), sampled: (sampled, mask, 0, 0, mx, my), at: (dx, dy, w, h)) ? 1 : 0

            if let problem = three.problem(largest: &largest) {
                failures.append("call \(call): op \(op), format \(format.sheen), source \(sourceFormat), repeat \(mode), filter \(filter), "
                                + "transform \(t.matrix), mask \(maskKind), \(w)×\(h) at (\(dx), \(dy)) from (\(sx), \(sy)): \(problem)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures (largest difference from pixman \(largest)):\n\(failures.prefix(8).joined(separator: "\n"))")
        // Every call here is within the sampling range, its operator bounded or src, its
        // colours valid: Sheen's.
        #expect(drawn == 360, "\(drawn) of 360 calls drawn by Sheen")
    }

    /// CompositeCall.coveredColumns: every column any row of the mask covers lies in one of its
    /// runs, which are ascending, apart and within the rectangle — over sparse masks of random
    /// bands, sizes and offsets (the runs are all a scaled source is sampled over). And a mask
    /// covering few enough of its 8-column words is split (its runs, each word bridged to the next
    /// over at most one empty word, hold at most twice those words' columns and the last part
    /// word: under half the rectangle), however its rows are read (the first and last, then from
    /// the middle out, counted after the 1st, 2nd, 4th, 8th… and the last, stopping once more than
    /// half is covered).
    @Test func coveredColumnsHoldEveryCoveredColumn() {
        var g = FastPathTests.Generator(state: 0xC0_1D00)
        var split = 0, failures: [String] = []
        for call in 0 ..< 2_000 {
            let maskWidth = 1 + g.below(200), maskHeight = 1 + g.below(call % 2 == 0 ? 6 : 40), stride = maskWidth + g.below(9)
            var bytes = [UInt8](repeating: 0, count: stride * maskHeight)
            for _ in 0 ..< g.below(4) {
                let from = g.below(maskWidth), to = min(maskWidth, from + 1 + g.below(20))
                for r in 0 ..< maskHeight where g.chance(70) { for x in from ..< to where g.chance(80) { bytes[r * stride + x] = UInt8(1 + g.below(255)) } }
            }
            let x0 = g.below(maskWidth), y0 = g.below(maskHeight)
            let r = PixelRect(x: 5 + x0, y: 3 + y0, width: 1 + g.below(maskWidth - x0), height: 1 + g.below(maskHeight - y0))
            bytes.withUnsafeMutableBytes { m in
                // The mask's pixel for destination (x, y) at (x − 5, y − 3).
                let found = CompositeCall.coveredColumns(.bits(data: m.baseAddress!, stride: stride, dx: -5, dy: -3), r)
                if r.height > 1 && r.width / 8 >= 4 {
                    let coveredWords = (0 ..< r.width / 8).filter { w in
                        (0 ..< r.height).contains { row in (0 ..< 8).contains { m[(r.y - 3 + row) * stride + r.x - 5 + 8 * w + $0] != 0 } }
                    }.count
                    if 32 * coveredWords + 32 <= r.width && found == nil {
                        failures.append("call \(call): \(coveredWords) covered words of \(r.width) columns, not split")
                    }
                }
                guard let runs = found else { return }
                split += 1
                for (i, run) in runs.enumerated() where run.isEmpty || run.lowerBound < 0 || run.upperBound > r.width
                    || (i > 0 && run.lowerBound <= runs[i - 1].upperBound) {
                    failures.append("call \(call): run \(run) of \(runs) in \(r.width) columns")
                }
                for row in 0 ..< r.height {
                    for x in 0 ..< r.width where m[(r.y - 3 + row) * stride + r.x - 5 + x] != 0 && !runs.contains(where: { $0.contains(x) }) {
                        failures.append("call \(call): column \(x) covered in row \(row), outside \(runs)")
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures:\n\(failures.prefix(8).joined(separator: "\n"))")
        #expect(split > 100, "only \(split) of 2,000 masks were split into runs")
    }

    /// A call whose mask scratch would pass CompositeCall.scratchPixelLimit (a byte a pixel of
    /// its area) is pixman's: one pixel more than the limit, handed over.
    @Test func aMaskScratchPastTheLimitIsPixmans() throws {
        let (width, height) = (4097, 4096)
        #expect(width * height > CompositeCall.scratchPixelLimit && width * (height - 1) <= CompositeCall.scratchPixelLimit)
        let stride = (width + 3) & ~3
        // pixman's own pixels (it clears them).
        let destination = sheenPixmanCreateBits(UInt32(SHEEN_PIXMAN_A8), Int32(width), Int32(height), nil, Int32(stride))!
        defer { _ = sheenPixmanUnref(destination) }
        let maskBytes = UnsafeMutablePointer<UInt32>.allocate(capacity: 16)
        defer { maskBytes.deallocate() }
        maskBytes.update(repeating: 0x80FF_40C0, count: 16)
        let mask = sheenPixmanCreateBits(UInt32(SHEEN_PIXMAN_A8), 8, 8, maskBytes, 8)!
        defer { _ = sheenPixmanUnref(mask) }
        var t = SheenPixmanTransform(matrix: ((1 << 11, 0, 0), (0, 1 << 11, 0), (0, 0, 1 << 16)))
        _ = sheenPixmanSetTransform(mask, &t)
        _ = sheenPixmanSetFilter(mask, UInt32(SHEEN_PIXMAN_FILTER_BILINEAR), nil, 0)
        var c = SheenPixmanColor(red: 0, green: 0, blue: 0, alpha: 0xC000)
        let solid = sheenPixmanCreateSolidFill(&c)!
        defer { _ = sheenPixmanUnref(solid) }
        // Through the full path, whose answer is this call's alone (the drawn-calls counter is
        // shared with the tests running beside this one).
        let level = try Kernels.requestedLevel()
        func call(rows: Int) -> CompositeCall {
            CompositeCall(op: 3 /* PIXMAN_OP_OVER */, source: solid, mask: mask, destination: destination, sourceX: 0, sourceY: 0,
                          maskX: 0, maskY: 0, destinationX: 0, destinationY: 0, width: width, height: rows)
        }
        #expect(throws: CompositeCall.Handover.self) { _ = try call(rows: height).drawWithSheen(at: level) }
        // One row fewer is within the limit: Sheen's.
        #expect((try? call(rows: height - 1).drawWithSheen(at: level)) == width * (height - 1))
    }
}
