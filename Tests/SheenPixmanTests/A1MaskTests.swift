import CSheenPixman
import SheenRaster
@testable import SheenPixman
import SheenTestSupport
import Testing

/// a1 masks (cairo's mono glyphs, and the mask pixman_composite_glyphs builds of them for any
/// source but a colour): drawn by Sheen through their bits expanded into A8 scratch
/// (A1Coverage.swift).
@Suite struct A1MaskTests {
    /// `expandA1` against the definition (bit c mod 32 of the row's 32-bit word c / 32), for
    /// every start column 0…40 and widths 0…70: the head, the eight-at-a-time middle and the tail.
    @Test func expansionIsTheBitsOneByOne() {
        var g = FastPathTests.Generator(state: 0xA1)
        let stride = 16, height = 3
        let bits = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 16)
        defer { bits.deallocate() }
        for i in 0 ..< stride * height { bits.storeBytes(of: UInt8(truncatingIfNeeded: g.next()), toByteOffset: i, as: UInt8.self) }
        let out = UnsafeMutableRawPointer.allocate(byteCount: 80 * height, alignment: 16)
        defer { out.deallocate() }
        var wrong = 0
        for x in 0 ... 40 {
            for width in 0 ... min(70, 128 - x) {
                expandA1(bits, stride: stride, x: x, y: 0, width: width, height: height, into: out, outStride: 80)
                for r in 0 ..< height {
                    for i in 0 ..< width {
                        let word = bits.loadUnaligned(fromByteOffset: r * stride + 4 * ((x + i) / 32), as: UInt32.self)
                        let want: UInt8 = word >> UInt32((x + i) % 32) & 1 == 1 ? 255 : 0
                        if out.load(fromByteOffset: r * 80 + i, as: UInt8.self) != want { wrong += 1 }
                    }
                }
            }
        }
        #expect(wrong == 0, "\(wrong) pixels expanded wrongly")
    }

    /// 360 calls a guard-page setting — over, src through the mask (cleared first), out-reverse,
    /// add, multiply; solid, image and linear gradient sources; a8r8g8b8, a8b8g8r8 and a8
    /// destinations against guard pages (sometimes clipped to one box); a1 masks of 1…70 × 1…30
    /// pixels whose rows end at unmapped pages, at offsets that start anywhere in a 32-bit word —
    /// each byte for byte the drop-in's drawing through the a8 mask the system pixman makes of
    /// the a1 one, within 2 levels of the system pixman's own drawing, every call Sheen's.
    @Test(arguments: FencedBuffer.GuardPages.allCases)
    func anA1MaskIsCompositedAsItsA8Copy(guardPages: FencedBuffer.GuardPages) throws {
        var g = FastPathTests.Generator(state: 0xA1A5_0000 | UInt64(FencedBuffer.GuardPages.allCases.firstIndex(of: guardPages)!))
        var drawn = 0, failures: [String] = [], largest = 0
        for call in 0 ..< 360 {
            let kept = FastPathTests.CaseImages()
            let (format, op) = ScaledSourceTests.destinationAndOperator(call, &g)
            let kind = g.below(3)
            let source: OpaquePointer
            switch kind {
            case 0, 1:
                source = ScaledSourceTests.source(solid: kind == 0, onto: format.sheen, kept, &g)
            default:
                // Long enough to be smooth: across a steep edge Sheen and pixman may differ by more (docs/pixman.md).
                var p1 = SheenPixmanPointFixed(x: 0, y: 0), p2 = SheenPixmanPointFixed(x: Int32(40 + g.below(60)) << 16, y: Int32(g.below(30)) << 16)
                let stops = [SheenPixmanGradientStop(x: 0, color: SheenPixmanColor(red: 0x3434, green: 0x7878, blue: 0xF6F6, alpha: 0xFFFF)),
                             SheenPixmanGradientStop(x: 1 << 16, color: SheenPixmanColor(red: 0x8000, green: 0x3B3B, blue: 0x3030, alpha: 0x8080))]
                source = kept.keep(sheenPixmanCreateLinearGradient(&p1, &p2, stops, 2)!)
            }
            // The a1 mask: each row's words end at a guard page (or a canary band).
            let (mw, mh) = (1 + g.below(70), 1 + g.below(30))
            let words = FencedBuffer(width: (mw + 31) / 32 * 4, height: mh, format: .a8, guardPages: guardPages)
            let wordsView = words.buffer
            for r in 0 ..< mh {
                for i in 0 ..< words.width { (wordsView.base + r * wordsView.bytesPerRow).storeBytes(of: UInt8(truncatingIfNeeded: g.next()), toByteOffset: i, as: UInt8.self) }
            }
            let mask = kept.keep(sheenPixmanCreateBits(UInt32(SHEEN_PIXMAN_A1), Int32(mw), Int32(mh), wordsView.base.assumingMemoryBound(to: UInt32.self),
                                                       Int32(wordsView.bytesPerRow))!)
            // Its a8 copy, by the system pixman.
            let copyStride = (mw + 3) & ~3
            let copyBytes = UnsafeMutableRawPointer.allocate(byteCount: copyStride * mh, alignment: 16)
            defer { copyBytes.deallocate() }
            let copy = kept.keep(sheenPixmanCreateBits(UInt32(SHEEN_PIXMAN_A8), Int32(mw), Int32(mh), copyBytes.assumingMemoryBound(to: UInt32.self),
                                                       Int32(copyStride))!)
            SystemPixman.shared.composite32(1, mask, nil, copy, 0, 0, 0, 0, 0, 0, Int32(mw), Int32(mh))

            let three = ThreeDestinations(format, guardPages: guardPages, &g, kept: kept)
            let (width, height) = (three.fenced.width, three.fenced.height)
            let sx = Int32(g.below(20)), sy = Int32(g.below(10)), mx = Int32(g.below(50)) - 20, my = Int32(g.below(40)) - 20
            let dx = Int32(g.below(width)) - 3, dy = Int32(g.below(height)) - 3
            let w = Int32(1 + g.below(width + 4)), h = Int32(1 + g.below(height + 4))
            drawn += three.draw(op, source, mask, from: (sx, sy, mx, my), sampled: (source, copy, sx, sy, mx, my), at: (dx, dy, w, h)) ? 1 : 0
            if let problem = three.problem(largest: &largest) {
                failures.append("call \(call): op \(op), format \(format.sheen), \(mw)×\(mh) mask from (\(mx), \(my)), \(w)×\(h) at (\(dx), \(dy)): \(problem)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures (largest difference from pixman \(largest)):\n\(failures.prefix(8).joined(separator: "\n"))")
        // Every call's operator is bounded or src, its colour valid, its mask untransformed: Sheen's.
        #expect(drawn == 360, "\(drawn) of 360 calls drawn by Sheen")
    }
}
