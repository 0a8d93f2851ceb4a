// The composite's fast path (CompositeCall+FastPath.swift) against the full path it restates
// (CompositeCall.drawWithSheen): random calls of every kind — plain ones and the ones the fast
// path must leave alone — each drawn both ways into copies of one destination. Where the fast
// path takes a call it must write what the full path writes, byte for byte, and count the same
// pixels; where it declines, it must have written nothing.

import CSheenPixman
@testable import SheenPixman
import SheenRaster
import Testing

@Suite struct FastPathTests {
    /// A small deterministic generator (SplitMix64), so a failure names a reproducible case.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    }

    static let formats: [UInt32] = [UInt32(SHEEN_PIXMAN_A8R8G8B8), UInt32(SHEEN_PIXMAN_X8R8G8B8), UInt32(SHEEN_PIXMAN_A8B8G8R8),
                                    UInt32(SHEEN_PIXMAN_X8B8G8R8), UInt32(SHEEN_PIXMAN_A8)]

    /// A bits image through the drop-in over `bytes` (32-bit rows of `width` pixels plus padding,
    /// or a8 rows), its pixels random: valid premultiplied colour mostly, a level above its alpha
    /// sometimes (which the operators that check must see).
    static func bits(_ format: UInt32, width: Int, height: Int, _ g: inout Generator) -> (OpaquePointer, UnsafeMutableRawPointer, Int) {
        let a8 = format == UInt32(SHEEN_PIXMAN_A8)
        let stride = ((a8 ? width : 4 * width) + 3 + 4 * g.below(3)) & ~3
        let bytes = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 16)
        let invalid = g.chance(10)
        for i in 0 ..< stride * height / 4 {
            let a = UInt32(g.below(4) == 0 ? 255 : g.below(256))
            let level = { (g: inout Generator) -> UInt32 in invalid && g.chance(20) ? UInt32(g.below(256)) : UInt32(g.below(Int(a) + 1)) }
            let v = a << 24 | level(&g) << 16 | level(&g) << 8 | level(&g)
            bytes.storeBytes(of: a8 ? UInt32(truncatingIfNeeded: g.next()) : v, toByteOffset: 4 * i, as: UInt32.self)
        }
        let image = sheenPixmanCreateBits(format, Int32(width), Int32(height), bytes.assumingMemoryBound(to: UInt32.self), Int32(stride))!
        return (image, bytes, stride)
    }

    /// The images and pixel memory of one case, freed when it ends.
    final class CaseImages {
        private var images: [OpaquePointer] = []
        private var memory: [UnsafeMutableRawPointer] = []

        deinit {
            for image in images { _ = sheenPixmanUnref(image) }
            for m in memory { m.deallocate() }
        }

        /// `image`, kept for the case.
        func keep(_ image: OpaquePointer) -> OpaquePointer {
            images.append(image)
            return image
        }

        /// FastPathTests.bits, kept for the case.
        func bits(_ format: UInt32, width: Int, height: Int, _ g: inout Generator) -> (OpaquePointer, UnsafeMutableRawPointer, Int) {
            let made = FastPathTests.bits(format, width: width, height: height, &g)
            images.append(made.0)
            memory.append(made.1)
            return made
        }
    }

    @Test func fastPathDrawsWhatTheFullPathDraws() throws {
        let level = try Kernels.requestedLevel()
        var g = Generator(state: 0x5EED)
        var taken = 0, declined = 0
        let ops = PixmanOperator.all.map(\.code) + [0x0D, 0x10, 0x20]   // saturate, disjoint, conjoint: not Sheen's
        for n in 0 ..< 6_000 {
            let kept = CaseImages()
            // The destination.
            let (dw, dh) = (1 + g.below(40), 1 + g.below(40))
            let (destination, dBytes, stride) = kept.bits(Self.formats[g.below(5)], width: dw, height: dh, &g)
            if g.chance(10) {
                var region = SheenPixmanRegion32(extents: SheenPixmanBox32(x1: 2, y1: 2, x2: Int32(dw), y2: Int32(dh)), data: nil)
                _ = sheenPixmanSetClipRegion32(destination, &region)
            }
            // The source: solid, bits (sometimes transformed or repeating), or a gradient.
            let source: OpaquePointer
            switch g.below(6) {
            case 0, 1:
                var c = SheenPixmanColor(red: UInt16(g.below(65536)), green: UInt16(g.below(65536)), blue: UInt16(g.below(65536)),
                                         alpha: g.chance(50) ? 0xFFFF : UInt16(g.below(65536)))
                if !g.chance(10) { c.red = min(c.red, c.alpha); c.green = min(c.green, c.alpha); c.blue = min(c.blue, c.alpha) }
                source = kept.keep(sheenPixmanCreateSolidFill(&c)!)
            case 2, 3, 4:
                source = kept.bits(Self.formats[g.below(5)], width: 1 + g.below(40), height: 1 + g.below(40), &g).0
                if g.chance(15) { sheenPixmanSetRepeat(source, UInt32(g.below(4))) }
                if g.chance(15) {
                    var t = SheenPixmanTransform(matrix: ((1 << 16, 0, Int32(g.below(5) - 2) << 16), (0, 1 << 16, Int32(g.below(5) - 2) << 16),
                                                          (0, 0, 1 << 16)))
                    if g.chance(30) { t.matrix.0.0 = 2 << 16 }   // scaled: the full path's (handed to pixman)
                    _ = sheenPixmanSetTransform(source, &t)
                }
            default:
                var p1 = SheenPixmanPointFixed(x: 0, y: 0), p2 = SheenPixmanPointFixed(x: 30 << 16, y: 20 << 16)
                let stops = [SheenPixmanGradientStop(x: 0, color: SheenPixmanColor(red: 0x3434, green: 0x7878, blue: 0xF6F6, alpha: 0xFFFF)),
                             SheenPixmanGradientStop(x: 1 << 16, color: SheenPixmanColor(red: 0x8000, green: 0x3B3B, blue: 0x3030, alpha: 0x8080))]
                source = kept.keep(sheenPixmanCreateLinearGradient(&p1, &p2, stops, 2)!)
            }
            // The mask: none, solid, a8 bits (sometimes repeating or with component alpha), or 32-bit bits.
            var mask: OpaquePointer? = nil
            switch g.below(5) {
            case 0, 1:
                break
            case 2:
                var c = SheenPixmanColor(red: 0, green: 0, blue: 0, alpha: [0, 0xFFFF, UInt16(g.below(65536))][g.below(3)])
                mask = kept.keep(sheenPixmanCreateSolidFill(&c)!)
            default:
                let format = g.chance(85) ? UInt32(SHEEN_PIXMAN_A8) : Self.formats[g.below(4)]
                let image = kept.bits(format, width: 1 + g.below(40), height: 1 + g.below(40), &g).0
                mask = image
                if g.chance(10) { sheenPixmanSetRepeat(image, UInt32(SHEEN_PIXMAN_REPEAT_NORMAL)) }
                if g.chance(10) { sheenPixmanSetComponentAlpha(image, 1) }
            }

            let call = CompositeCall(op: ops[g.below(ops.count)], source: source, mask: mask, destination: destination,
                                     sourceX: g.below(50) - 10, sourceY: g.below(50) - 10, maskX: g.below(50) - 10, maskY: g.below(50) - 10,
                                     destinationX: g.below(50) - 10, destinationY: g.below(50) - 10,
                                     width: g.below(45) - 2, height: g.below(45) - 2)
            let bytes = stride * dh
            let before = Array(UnsafeRawBufferPointer(start: dBytes, count: bytes))
            guard let drawn = call.drawPlain(at: level) else {
                declined += 1
                let untouched = Array(UnsafeRawBufferPointer(start: dBytes, count: bytes)) == before
                #expect(untouched, "case \(n): declined, yet wrote")
                continue
            }
            taken += 1
            let fast = Array(UnsafeRawBufferPointer(start: dBytes, count: bytes))
            dBytes.copyMemory(from: before, byteCount: bytes)
            let full = try? call.drawWithSheen(at: level)
            #expect(full == drawn, "case \(n): the fast path drew \(drawn) pixels, the full path \(String(describing: full))")
            let same = Array(UnsafeRawBufferPointer(start: dBytes, count: bytes)) == fast
            #expect(same, "case \(n): the two paths' pixels differ")
        }
        // Both kinds of call were met in numbers.
        #expect(taken > 1_000 && declined > 1_000, "taken \(taken), declined \(declined)")
    }

    /// A glyph run's plan for sources other than a colour (CompositePlan.Masking.perCall, each
    /// glyph's a8 image given to `draw`) draws what the fast path draws for each glyph's
    /// composite, and declines where it declines, writing nothing — for every source kind, glyph
    /// masks placed anywhere, some sharing memory with the destination.
    @Test func aRunsPlanDrawsWhatEachGlyphsCompositeDraws() throws {
        let level = try Kernels.requestedLevel()
        var g = Generator(state: 0x9_1A7)
        var drawn = 0
        let ops = PixmanOperator.all.map(\.code)
        for n in 0 ..< 3_000 {
            let kept = CaseImages()
            let (dw, dh) = (1 + g.below(40), 1 + g.below(40))
            let (destination, dBytes, stride) = kept.bits(Self.formats[g.below(5)], width: dw, height: dh, &g)
            let source = kept.bits(Self.formats[g.below(5)], width: 1 + g.below(40), height: 1 + g.below(40), &g).0
            // The glyph: an a8 image of its own, or now and then an image over the destination's memory.
            let mask = g.chance(10)
                ? kept.keep(sheenPixmanCreateBits(UInt32(SHEEN_PIXMAN_A8), Int32(min(dw, 8)), 1, dBytes.assumingMemoryBound(to: UInt32.self),
                                                  Int32(stride))!)
                : kept.bits(UInt32(SHEEN_PIXMAN_A8), width: 1 + g.below(24), height: 1 + g.below(24), &g).0
            let (s, m, d) = ImageRegistry.plainImages(source, mask, destination)
            let op = ops[g.below(ops.count)]
            let call = CompositeCall(op: op, source: source, mask: mask, destination: destination,
                                     sourceX: g.below(50) - 10, sourceY: g.below(50) - 10, maskX: g.below(10) - 5, maskY: g.below(10) - 5,
                                     destinationX: g.below(50) - 10, destinationY: g.below(50) - 10,
                                     width: g.below(30), height: g.below(30))
            let bytes = stride * dh
            let before = Array(UnsafeRawBufferPointer(start: dBytes, count: bytes))
            let plan = CompositePlan(op: op, source: s, mask: .perCall, destination: d, level: level) { ImageRegistry.sampling(of: source) }
            let run = plan.flatMap { plan in
                CompositePlan.MaskBits(m, onto: d).flatMap { mask in withUnsafePointer(to: plan) { CompositePlan.draw($0, call, mask: mask, at: level) } }
            }
            let byRun = Array(UnsafeRawBufferPointer(start: dBytes, count: bytes))
            dBytes.copyMemory(from: before, byteCount: bytes)
            let single = call.drawPlain(source: s, mask: m, destination: d, at: level)
            let same = Array(UnsafeRawBufferPointer(start: dBytes, count: bytes)) == byRun
            #expect(run == single && same, "case \(n): the run's plan drew \(String(describing: run)), the glyph's composite \(String(describing: single))")
            if run != nil { drawn += 1 } else { #expect(byRun == before, "case \(n): declined, yet wrote") }
        }
        #expect(drawn > 1_000, "drawn \(drawn)")
    }

    /// A glyph run's solid-colour jobs (SolidMaskJobs) draw what the fast path draws for each
    /// glyph's composite — through a8 masks placed anywhere, over the whole box or a piece of it
    /// (a clip box) — and decline where it declines, writing nothing.
    @Test func solidMaskJobsDrawWhatTheFastPathDraws() throws {
        let level = try Kernels.requestedLevel()
        var g = Generator(state: 0x61F)
        var drawn = 0
        let ops = PixmanOperator.all.map(\.code)
        for n in 0 ..< 4_000 {
            let kept = CaseImages()
            let (dw, dh) = (1 + g.below(40), 1 + g.below(40))
            let (destination, dBytes, stride) = kept.bits(Self.formats[g.below(5)], width: dw, height: dh, &g)
            var c = SheenPixmanColor(red: UInt16(g.below(65536)), green: UInt16(g.below(65536)), blue: UInt16(g.below(65536)),
                                     alpha: g.chance(30) ? 0xFFFF : UInt16(g.below(65536)))
            if !g.chance(5) { c.red = min(c.red, c.alpha); c.green = min(c.green, c.alpha); c.blue = min(c.blue, c.alpha) }
            let source = kept.keep(sheenPixmanCreateSolidFill(&c)!)
            let mask = kept.bits(UInt32(SHEEN_PIXMAN_A8), width: 1 + g.below(24), height: 1 + g.below(24), &g).0
            let (s, m, d) = ImageRegistry.plainImages(source, mask, destination)
            let op = ops[g.below(ops.count)]
            guard let jobs = SolidMaskJobs(op: op, source: s, destination: d, level: level) else { continue }
            let box = PixelRect(x: g.below(dw + 20) - 10, y: g.below(dh + 20) - 10, width: m.width, height: m.height)
            let piece = g.chance(50) ? box : box.intersection(PixelRect(x: g.below(dw), y: g.below(dh), width: g.below(30), height: g.below(30)))
            if piece.isEmpty { continue }
            let bytes = stride * dh
            let before = Array(UnsafeRawBufferPointer(start: dBytes, count: bytes))
            let took = jobs.draw(piece, maskAt: box, maskData: m.data!, maskStride: m.stride)
            let lean = Array(UnsafeRawBufferPointer(start: dBytes, count: bytes))
            dBytes.copyMemory(from: before, byteCount: bytes)
            let call = CompositeCall(op: op, source: source, mask: mask, destination: destination, sourceX: 0, sourceY: 0,
                                     maskX: piece.x - box.x, maskY: piece.y - box.y, destinationX: piece.x, destinationY: piece.y,
                                     width: piece.width, height: piece.height)
            let plain = call.drawPlain(source: s, mask: m, destination: d, at: level)
            let same = Array(UnsafeRawBufferPointer(start: dBytes, count: bytes)) == lean
            if took {
                drawn += 1
                #expect(plain != nil && same, "case \(n): the run's job and the fast path differ")
            } else {
                #expect(plain == nil && lean == before, "case \(n): declined where the fast path draws, or wrote")
            }
        }
        #expect(drawn > 1_500, "drawn \(drawn)")
    }
}
