// The express part of a kept composite plan (PlanExpress.c) against the plan it was made from:
// runs of calls over the same images — every operator kind the express part takes and some it
// does not, colours and images of every format, no mask, a colour's, an a8 image's, a clip box
// now and then —, each call offered to the express part first, as pixman_image_composite32
// offers it. What the express part draws must be what a plan made afresh from the images'
// records draws (CompositePlan.draw, which FastPathTests holds to the full path), byte for
// byte; where it declines, it must have written nothing.

import CSheenPixman
@testable import SheenPixman
import SheenRaster
import Testing

@Suite struct PlanExpressTests {
    typealias Generator = FastPathTests.Generator

    /// `call` offered to the express part of the plan this thread keeps at `level`, as
    /// pixman_image_composite32 offers it: a SHEEN_DROPIN_EXPRESS_* of sheen_dropin_express_composite.
    static func offer(_ call: CompositeCall, at level: SIMDLevel) -> Int {
        Int(sheen_dropin_express_composite(call.op, UnsafeRawPointer(call.source), UnsafeRawPointer(call.mask),
                                           UnsafeRawPointer(call.destination), Int32(call.sourceX), Int32(call.sourceY),
                                           Int32(call.maskX), Int32(call.maskY), Int32(call.destinationX), Int32(call.destinationY),
                                           Int32(call.width), Int32(call.height), UInt(level.memoCode)))
    }

    @Test func theExpressPartDrawsWhatAFreshPlanDraws() throws {
        let level = try Kernels.requestedLevel()
        var g = Generator(state: 0xE_C5E5)
        var expressed = 0, handed = 0, calls = 0
        let formats = FastPathTests.formats
        // Until many calls went the express way: other threads' images retire the plans now and
        // then (the image epoch is the process's), which only delays it.
        while expressed < 3_000 && calls < 400_000 {
            let kept = FastPathTests.CaseImages()
            let (dw, dh) = (4 + g.below(40), 4 + g.below(40))
            let (destination, dBytes, stride) = kept.bits(formats[g.below(5)], width: dw, height: dh, &g)
            if g.chance(15) {
                var region = SheenPixmanRegion32(extents: SheenPixmanBox32(x1: Int32(g.below(5)), y1: Int32(g.below(5)),
                                                                           x2: Int32(dw - g.below(4)), y2: Int32(dh - g.below(4))), data: nil)
                _ = sheenPixmanSetClipRegion32(destination, &region)
            }
            let source: OpaquePointer
            if g.chance(30) {
                var c = SheenPixmanColor(red: 0, green: 0, blue: 0, alpha: g.chance(40) ? 0xFFFF : UInt16(g.below(65536)))
                c.red = UInt16(g.below(Int(c.alpha) + 1)); c.green = UInt16(g.below(Int(c.alpha) + 1)); c.blue = UInt16(g.below(Int(c.alpha) + 1))
                source = kept.keep(sheenPixmanCreateSolidFill(&c)!)
            } else {
                source = kept.bits(formats[g.below(5)], width: 1 + g.below(40), height: 1 + g.below(40), &g).0
            }
            var mask: OpaquePointer? = nil
            switch g.below(4) {
            case 0:
                var c = SheenPixmanColor(red: 0, green: 0, blue: 0, alpha: [0, 0xFFFF, UInt16(g.below(65536))][g.below(3)])
                mask = kept.keep(sheenPixmanCreateSolidFill(&c)!)
            case 1, 2:
                mask = kept.bits(UInt32(SHEEN_PIXMAN_A8), width: 1 + g.below(40), height: 1 + g.below(40), &g).0
            default:
                break
            }
            // src (cleared first through a mask; unmasked, the source must cover the call), over,
            // add, out_reverse; multiply and xor check pixels (never the express part's).
            let op = [0x01, 0x03, 0x03, 0x0C, 0x08, 0x30, 0x0B][g.below(7)] as UInt32
            let bytes = stride * dh
            for _ in 0 ..< 40 {
                calls += 1
                let call = CompositeCall(op: op, source: source, mask: mask, destination: destination,
                                         sourceX: g.below(40) - 8, sourceY: g.below(40) - 8, maskX: g.below(40) - 8, maskY: g.below(40) - 8,
                                         destinationX: g.below(40) - 8, destinationY: g.below(40) - 8,
                                         width: g.below(30), height: 1 + g.below(5))
                let before = Array(UnsafeRawBufferPointer(start: dBytes, count: bytes))
                let express = Self.offer(call, at: level)
                let byExpress = Array(UnsafeRawBufferPointer(start: dBytes, count: bytes))
                dBytes.copyMemory(from: before, byteCount: bytes)
                // Handed to pixman (every such call is pixman's, as the thread keeps): the Swift path hands it over too.
                if express == SHEEN_DROPIN_EXPRESS_HANDED_OVER {
                    handed += 1
                    if case .handedOver = call.drawFast(at: level) {} else { Issue.record("call \(calls): handed over by the express part alone") }
                    dBytes.copyMemory(from: before, byteCount: bytes)
                    continue
                }
                if express == SHEEN_DROPIN_EXPRESS_NOT_TAKEN {
                    #expect(byExpress == before, "call \(calls): the express part declined, yet wrote")
                    // The Swift path makes (or finds) the plan, and its express part, for the next calls.
                    _ = call.drawFast(at: level)
                    dBytes.copyMemory(from: before, byteCount: bytes)
                    continue
                }
                expressed += 1
                let (s, m, d) = ImageRegistry.plainImages(source, mask, destination)
                let fresh = call.drawPlain(source: s, mask: m, destination: d, at: level)
                let same = Array(UnsafeRawBufferPointer(start: dBytes, count: bytes)) == byExpress
                #expect(fresh != nil && same, "call \(calls): op \(op), the express part drew, a fresh plan \(String(describing: fresh))\(same ? "" : ", other pixels")")
                dBytes.copyMemory(from: byExpress, byteCount: bytes)
            }
        }
        #expect(expressed >= 3_000, "\(expressed) of \(calls) calls drawn by the express part (\(handed) handed over)")
    }
}
