// The composite plans a thread keeps (PlanMemo.swift) against the images they were made for:
// long runs of calls over the same few images — masked and unmasked in turn, as cairo's spans
// come, so kept plans are used — with the images changed between calls in every way the
// drop-in records (clip region, repeat, transform, component alpha) and freed and made again
// at the same address. Each call must draw — or decline, writing nothing — what a plan made
// afresh from the images' records draws for it, byte for byte (FastPathTests holds that plan to
// the full path); a call handed to pixman unasked (a handover kept for every call of its images)
// must be one the full path, asked afresh, hands over too or draws nothing in. A plan or a
// handover outliving a change would treat the image as it was. Each call is offered to the kept
// plan's express part first (PlanExpress.c), as pixman_image_composite32 offers it: what that
// draws must be what the fresh plan draws.

import CSheenPixman
@testable import SheenPixman
import SheenRaster
import Testing

@Suite struct PlanMemoTests {
    typealias Generator = FastPathTests.Generator

    /// One image of a run: the pixman image and its pixels (nil for a solid one).
    private struct Made {
        let image: OpaquePointer
        let bytes: UnsafeMutableRawPointer?
        let stride: Int
    }

    /// A random image: bits of `format` (`width` × `height`) or, where `solid`, a colour.
    private static func make(_ format: UInt32, width: Int, height: Int, solid: Bool, _ g: inout Generator) -> Made {
        if solid {
            var c = SheenPixmanColor(red: 0, green: 0, blue: 0, alpha: UInt16(g.below(65536)))
            c.red = UInt16(g.below(Int(c.alpha) + 1)); c.green = UInt16(g.below(Int(c.alpha) + 1)); c.blue = UInt16(g.below(Int(c.alpha) + 1))
            return Made(image: sheenPixmanCreateSolidFill(&c)!, bytes: nil, stride: 0)
        }
        let (image, bytes, stride) = FastPathTests.bits(format, width: width, height: height, &g)
        return Made(image: image, bytes: bytes, stride: stride)
    }

    /// The image epoch now (PlanMemo.c).
    private static func epoch() -> UInt64 {
        var now: UInt64 = 0
        _ = sheen_dropin_plan_memo(&now)
        return now
    }

    private static func free(_ m: Made) {
        _ = sheenPixmanUnref(m.image)
        m.bytes?.deallocate()
    }

    @Test func keptPlansFollowTheirImagesChanges() throws {
        let level = try Kernels.requestedLevel()
        var g = Generator(state: 0x9_1A4E)
        var taken = 0, byExpress = 0, changed = 0, sameAddress = 0, handedOver = 0, confirmed = 0
        let formats = FastPathTests.formats
        for run in 0 ..< 60 {
            let (dw, dh) = (8 + g.below(40), 8 + g.below(40))
            var destination = Self.make(formats[g.below(4)], width: dw, height: dh, solid: false, &g)
            var source = Self.make(formats[g.below(5)], width: 4 + g.below(40), height: 4 + g.below(40), solid: g.chance(30), &g)
            var mask = Self.make(UInt32(SHEEN_PIXMAN_A8), width: 4 + g.below(40), height: 4 + g.below(40), solid: false, &g)
            let op = [0x01, 0x03, 0x03, 0x0C, 0x30, 0x08][g.below(6)] as UInt32
            for n in 0 ..< 300 {
                // Between calls, now and then, one of the images changes or is made again.
                if g.chance(8) {
                    changed += 1
                    let target = [destination.image, source.image, mask.image][g.below(3)]
                    switch g.below(6) {
                    case 0:
                        var region = SheenPixmanRegion32(extents: SheenPixmanBox32(x1: Int32(g.below(10)), y1: Int32(g.below(10)),
                                                                                   x2: Int32(5 + g.below(40)), y2: Int32(5 + g.below(40))),
                                                         data: nil)
                        if g.chance(70) { _ = sheenPixmanSetClipRegion32(target, &region) } else { _ = sheenPixmanSetClipRegion32(target, nil) }
                    case 1:
                        sheenPixmanSetRepeat(target, UInt32(g.below(4)))
                    case 2:
                        var t = SheenPixmanTransform(matrix: ((1 << 16, 0, Int32(g.below(9) - 4) << 16), (0, 1 << 16, Int32(g.below(9) - 4) << 16),
                                                              (0, 0, 1 << 16)))
                        if g.chance(30) { t.matrix.0.0 = 3 << 15 }
                        _ = sheenPixmanSetTransform(target, &t)
                    case 3:
                        sheenPixmanSetComponentAlpha(target, Int32(g.below(2)))
                    default:
                        // Freed and made again, of another size or kind: malloc hands the freed
                        // block straight back, so the new image mostly takes the old one's address.
                        let which = g.below(3)
                        let old = [destination, source, mask][which]
                        Self.free(old)
                        let made: Made
                        switch which {
                        case 0: made = Self.make(formats[g.below(4)], width: 8 + g.below(40), height: 8 + g.below(40), solid: false, &g)
                        case 1: made = Self.make(formats[g.below(5)], width: 4 + g.below(40), height: 4 + g.below(40), solid: g.chance(30), &g)
                        default: made = Self.make(UInt32(SHEEN_PIXMAN_A8), width: 4 + g.below(40), height: 4 + g.below(40), solid: false, &g)
                        }
                        if made.image == old.image { sameAddress += 1 }
                        switch which {
                        case 0: destination = made
                        case 1: source = made
                        default: mask = made
                        }
                    }
                }
                // Masked and unmasked calls in turn, as cairo's spans come.
                let call = CompositeCall(op: op, source: source.image, mask: n % 3 == 1 ? nil : mask.image, destination: destination.image,
                                         sourceX: g.below(30) - 8, sourceY: g.below(30) - 8, maskX: g.below(30) - 8, maskY: g.below(30) - 8,
                                         destinationX: g.below(40) - 8, destinationY: g.below(40) - 8,
                                         width: 1 + g.below(30), height: 1 + g.below(4))
                let d = ImageRegistry.lookup(nil, nil, destination.image).2
                guard case let .bits(_, _, _, height, _)? = d?.content, let bytes = destination.bytes else { continue }
                let count = destination.stride * height
                let before = Array(UnsafeRawBufferPointer(start: bytes, count: count))
                // As pixman_image_composite32 does: the kept plan's express part first (PlanExpress.c),
                // which draws the call or hands it to pixman, where the thread keeps that.
                let express = PlanExpressTests.offer(call, at: level)
                let expressed = express == SHEEN_DROPIN_EXPRESS_DRAWN, handedByExpress = express == SHEEN_DROPIN_EXPRESS_HANDED_OVER
                let outcome = expressed ? .drawn(-1) : handedByExpress ? .handedOver(CompositeCall.Handover("kept")) : call.drawFast(at: level)
                // (What pixman drew, handed the call, is not the drop-in's.)
                let afterKept = handedByExpress ? before : Array(UnsafeRawBufferPointer(start: bytes, count: count))
                bytes.copyMemory(from: before, byteCount: count)
                // The same call through a plan made now from the images' records.
                let (s, m, dd) = ImageRegistry.plainImages(source.image, call.mask, destination.image)
                let fresh = call.drawPlain(source: s, mask: m, destination: dd, at: level)
                let same = Array(UnsafeRawBufferPointer(start: bytes, count: count)) == afterKept
                bytes.copyMemory(from: before, byteCount: count)
                switch outcome {
                case .drawn where expressed:
                    taken += 1
                    byExpress += 1
                    #expect(fresh != nil && same, "run \(run) call \(n): a kept plan's express part drew, a fresh plan \(String(describing: fresh))\(same ? "" : ", other pixels")")
                case let .drawn(n):
                    taken += 1
                    #expect(fresh == n && same, "run \(run) call \(n): a kept plan drew \(n) pixels, a fresh one \(String(describing: fresh))\(same ? "" : ", other pixels")")
                case .declined:
                    #expect(fresh == nil && afterKept == before, "run \(run) call \(n): declined, yet a fresh plan drew or it wrote")
                    // As pixman_image_composite32 does: the full path, and its handover kept where it holds for every call.
                    do throws(CompositeCall.Handover) { _ = try call.drawWithSheen(at: level) } catch {
                        call.keep(error, at: level)
                        // Such a handover, kept, must hand the same call over unasked at once — unless
                        // an image changed meanwhile, on any thread (the epoch is the process's: other
                        // tests run beside this one), which retires it: tried until none did.
                        if error.forEveryCall {
                            for _ in 0 ..< 100 {
                                let epoch = Self.epoch()
                                if case .declined = call.drawFast(at: level) { call.keep(error, at: level) }
                                let again = call.drawFast(at: level)
                                guard Self.epoch() == epoch else { continue }
                                if case .handedOver = again { confirmed += 1 } else {
                                    Issue.record("run \(run) call \(n): a handover kept for every call, yet the next call was not handed over")
                                }
                                break
                            }
                        }
                    }
                    bytes.copyMemory(from: before, byteCount: count)
                case .handedOver:
                    // A kept handover: the full path, asked afresh, hands the call over too or draws nothing.
                    handedOver += 1
                    var full: Int? = nil
                    do throws(CompositeCall.Handover) { full = try call.drawWithSheen(at: level) } catch {}
                    #expect(fresh == nil && afterKept == before && (full == nil || full == 0),
                            "run \(run) call \(n): handed over unasked, yet the full path drew \(String(describing: full)) pixels")
                    bytes.copyMemory(from: before, byteCount: count)
                }
            }
            for m in [destination, source, mask] { Self.free(m) }
        }
        // Many calls drawn (some by the express part: how many depends on other threads' images,
        // which retire the plans; PlanExpressTests holds many more), many handed over unasked (met
        // in the run, or confirmed at once after being kept: which of the two a call is depends on
        // other threads' images, their sum does not), many changes, and images made again where a
        // freed one was.
        #expect(taken > 5_000 && byExpress > 100 && handedOver + confirmed > 500 && changed > 1_000 && sameAddress > 100,
                "taken \(taken) (by the express part \(byExpress)), handed over \(handedOver) + \(confirmed), changed \(changed), same address \(sameAddress)")
    }

    /// A glyph run's plan, kept by what it is made from (PlanMemo.glyphRunPlan), against a plan
    /// made afresh for each run: runs over the same images with the destination's clip set anew
    /// (as cairo sets it to each run's extents), the source scaled or not, and now and then the
    /// source or the destination freed and made again (mostly at the same address). Each run's
    /// composite through a random a8 mask must draw what the fresh plan draws, byte for byte, or
    /// both decline.
    @Test func glyphRunPlansFollowEachRunsImages() throws {
        let level = try Kernels.requestedLevel()
        var g = Generator(state: 0x6_17F0)
        var drawn = 0, kept = 0, clipped = 0, remade = 0
        let formats = FastPathTests.formats
        var destination = Self.make(formats[g.below(4)], width: 40, height: 30, solid: false, &g)
        var source = Self.make(formats[g.below(5)], width: 24, height: 24, solid: false, &g)
        let mask = Self.make(UInt32(SHEEN_PIXMAN_A8), width: 48, height: 40, solid: false, &g)
        defer { for m in [destination, source, mask] { Self.free(m) } }
        let ops: [UInt32] = [0x01, 0x03, 0x03, 0x0C, 0x0B]
        var op = ops[0]
        for run in 0 ..< 3_000 {
            switch g.below(10) {
            case 0:
                Self.free(source)
                let old = source.image
                source = Self.make(formats[g.below(5)], width: 8 + g.below(30), height: 8 + g.below(30), solid: false, &g)
                if source.image == old { remade += 1 }
            case 1:
                Self.free(destination)
                let old = destination.image
                destination = Self.make(formats[g.below(4)], width: 20 + g.below(30), height: 20 + g.below(20), solid: false, &g)
                if destination.image == old { remade += 1 }
            case 2:
                // Scaled by 1.5 (a sampled source) or not.
                var t = SheenPixmanTransform(matrix: ((g.chance(50) ? 3 << 15 : 1 << 16, 0, 0), (0, 1 << 16, 0), (0, 0, 1 << 16)))
                _ = sheenPixmanSetTransform(source.image, &t)
                _ = sheenPixmanSetFilter(source.image, UInt32(g.chance(50) ? SHEEN_PIXMAN_FILTER_BILINEAR : SHEEN_PIXMAN_FILTER_NEAREST), nil, 0)
            case 3:
                op = ops[g.below(ops.count)]
            default:
                clipped += 1
                var region = SheenPixmanRegion32(extents: SheenPixmanBox32(x1: Int32(g.below(15)), y1: Int32(g.below(15)),
                                                                           x2: Int32(10 + g.below(40)), y2: Int32(10 + g.below(30))),
                                                 data: nil)
                _ = g.chance(85) ? sheenPixmanSetClipRegion32(destination.image, &region) : sheenPixmanSetClipRegion32(destination.image, nil)
            }
            let (s, m, d) = ImageRegistry.plainImages(source.image, mask.image, destination.image)
            let sampled = s.kind == .sampled ? ImageRegistry.sampling(of: source.image) : nil
            let memo = PlanMemo.glyphRunPlan(op: op, source: s, destination: d, level: level, sampling: { sampled })
            let fresh = CompositePlan(op: op, source: s, mask: .perCall, destination: d, level: level, sampling: { sampled })
            #expect((memo == nil) == (fresh == nil), "run \(run): a kept plan \(memo == nil ? "declined" : "drew"), a fresh one not")
            guard let memo, let fresh, let bits = CompositePlan.MaskBits(m, onto: d, isGlyphRun: g.chance(50)),
                  case let .bits(_, _, _, height, _)? = ImageRegistry.lookup(nil, nil, destination.image).2?.content,
                  let bytes = destination.bytes else { continue }
            kept += 1
            let call = CompositeCall(op: op, source: source.image, mask: nil, destination: destination.image,
                                     sourceX: g.below(20) - 4, sourceY: g.below(20) - 4, maskX: g.below(10), maskY: g.below(10),
                                     destinationX: g.below(40) - 4, destinationY: g.below(30) - 4, width: 1 + g.below(40), height: 1 + g.below(30))
            let count = destination.stride * height
            let before = Array(UnsafeRawBufferPointer(start: bytes, count: count))
            let byKept = CompositePlan.draw(memo, call, mask: bits, at: level)
            let afterKept = Array(UnsafeRawBufferPointer(start: bytes, count: count))
            bytes.copyMemory(from: before, byteCount: count)
            let byFresh = withUnsafePointer(to: fresh) { CompositePlan.draw($0, call, mask: bits, at: level) }
            let same = Array(UnsafeRawBufferPointer(start: bytes, count: count)) == afterKept
            #expect(byKept == byFresh && same, "run \(run): a kept plan drew \(String(describing: byKept)), a fresh one \(String(describing: byFresh))\(same ? "" : ", other pixels")")
            if let byKept, byKept > 0 { drawn += 1 }
        }
        #expect(kept > 1_000 && drawn > 500 && clipped > 1_500 && remade > 50,
                "kept \(kept), drawn \(drawn), clips set \(clipped), images made again at the same address \(remade)")
    }

    /// A glyph run's plan is kept by PlainImage's and SampledImage's equality, written out field by
    /// field (a tuple field keeps it from being synthesised): each must tell apart two values that
    /// differ in any one stored field, and the fields changed here must be every stored field, so
    /// that one added later fails this until `==` compares it.
    @Test func imageDescriptionsCompareEveryField() throws {
        var base = PlainImage()
        base.kind = .bits; base.solid = 7; base.format = .a8r8g8b8; base.data = UnsafeMutableRawPointer(bitPattern: 0x1000)
        base.width = 10; base.height = 11; base.stride = 40; base.dx = 1; base.dy = 2; base.isDestination = true
        base.drawable = (0, 0, 10, 11)
        let plainChanges: [(String, (inout PlainImage) -> Void)] = [
            ("kind", { $0.kind = .sampled }), ("solid", { $0.solid = 8 }), ("format", { $0.format = .a8b8g8r8 }),
            ("data", { $0.data = UnsafeMutableRawPointer(bitPattern: 0x2000) }), ("width", { $0.width = 9 }), ("height", { $0.height = 9 }),
            ("stride", { $0.stride = 44 }), ("dx", { $0.dx = 0 }), ("dy", { $0.dy = 0 }), ("isDestination", { $0.isDestination = false }),
            ("drawable", { $0.drawable.y1 = 5 }),
        ]
        #expect(Set(Mirror(reflecting: base).children.compactMap(\.label)) == Set(plainChanges.map(\.0)), "PlainImage's stored fields")
        #expect(base == base)
        for (field, change) in plainChanges {
            var other = base
            change(&other)
            #expect(other != base, "PlainImage differing in \(field) compared equal")
        }

        let filters = try [ConvolutionFilter(pixmanParameters: [1 << 16, 1 << 16, 0, 0, 1 << 16, 1 << 16]),
                           ConvolutionFilter(pixmanParameters: [1 << 16, 1 << 16, 0, 0, 1 << 16, 1 << 16])]
        let data = UnsafeMutableRawPointer(bitPattern: 0x1000)!
        func sampled(data: UnsafeMutableRawPointer = data, width: Int = 10, height: Int = 11, stride: Int = 40, format: PixmanFormat = .a8r8g8b8,
                     repeat mode: SamplingRepeat = .none, transform: FixedAffineTransform = .identity, filter: Int? = 0) -> SampledImage {
            SampledImage(data: data, width: width, height: height, stride: stride, format: format, repeat: mode, transform: transform,
                         convolution: filter.map { Unmanaged.passUnretained(filters[$0].weights) })
        }
        var shifted = FixedAffineTransform.identity
        shifted.x0 = 1
        let sampledChanges: [(String, SampledImage)] = [
            ("data", sampled(data: UnsafeMutableRawPointer(bitPattern: 0x2000)!)), ("width", sampled(width: 9)), ("height", sampled(height: 9)),
            ("stride", sampled(stride: 44)), ("format", sampled(format: .a8b8g8r8)), ("repeat", sampled(repeat: .pad)),
            ("transform", sampled(transform: shifted)), ("convolution", sampled(filter: 1)),
        ]
        #expect(Set(Mirror(reflecting: sampled()).children.compactMap(\.label)) == Set(sampledChanges.map(\.0)), "SampledImage's stored fields")
        #expect(sampled() == sampled() && sampled(filter: nil) != sampled())
        for (field, other) in sampledChanges { #expect(other != sampled(), "SampledImage differing in \(field) compared equal") }
    }
}
