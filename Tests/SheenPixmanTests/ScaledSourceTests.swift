// src of a scaled, rotated or skewed image with the bilinear filter (cairo's clone of a scaled
// mask or image) through the drop-in against the system pixman's own drawing of the same call:
// A8 images (drawn by the drop-in with sample_bilinear), a8r8g8b8 and a8b8g8r8 ones (which it
// hands to pixman, whose SSE2 path for them is faster), of every repeat under cairo's
// scales (½, 2, 0.4762) and random affine transforms, at random offsets, with and without a
// one-box clip region, into destinations whose rows end at (or start after) an unmapped page. The bytes
// must equal pixman's, nothing outside the call's region may change, and every A8 call must be
// Sheen's (sheen_pixman_drawn_calls).

import CSheenPixman
import Glibc
@testable import SheenPixman
import SheenRaster
import SheenTestSupport
import Testing

@Suite struct ScaledSourceTests {
    @Test(arguments: FencedBuffer.GuardPages.allCases)
    func srcOfAScaledImageIsPixmans(guardPages: FencedBuffer.GuardPages) throws {
        var g = FastPathTests.Generator(state: 0x5CA1_ED00 | UInt64(FencedBuffer.GuardPages.allCases.firstIndex(of: guardPages)!))
        let formats: [(pixman: UInt32, sheen: PixelFormat)] = [(UInt32(SHEEN_PIXMAN_A8), .a8), (UInt32(SHEEN_PIXMAN_A8R8G8B8), .bgra8Premultiplied),
                                                               (UInt32(SHEEN_PIXMAN_A8B8G8R8), .rgba8Premultiplied)]
        var drawn = 0, plain = 0, failures: [String] = []
        for call in 0 ..< 240 {
            let kept = FastPathTests.CaseImages()
            let format = formats[call % 3]
            let source = kept.bits(format.pixman, width: 1 + g.below(40), height: 1 + g.below(30), &g).0
            let mode = UInt32(g.below(4))
            sheenPixmanSetRepeat(source, mode)
            let scale: Int32 = [32768, 131_072, 31208, Int32(8192 + g.below(200_000))][g.below(4)]
            var t = SheenPixmanTransform(matrix: ((scale, 0, Int32(g.below(20 << 16)) - (10 << 16)),
                                                  (0, scale, Int32(g.below(20 << 16)) - (10 << 16)), (0, 0, 1 << 16)))
            if g.chance(30) {   // rotated or skewed
                t.matrix.0.1 = Int32(g.below(1 << 17)) - (1 << 16)
                t.matrix.1.0 = Int32(g.below(1 << 17)) - (1 << 16)
            }
            _ = sheenPixmanSetTransform(source, &t)
            _ = sheenPixmanSetFilter(source, UInt32(SHEEN_PIXMAN_FILTER_BILINEAR), nil, 0)
            // Two destinations over equal pixels: one drawn through the drop-in (fenced), one by
            // the system pixman.
            let width = 1 + g.below(70), height = 1 + g.below(20)
            let rowBytes = width * format.sheen.bytesPerPixel
            let fenced = FencedBuffer(width: width, height: height, format: format.sheen, padding: (4 - rowBytes % 4) % 4,
                                      misalignment: 4 * g.below(4), fill: 0x3C, guardPages: guardPages)
            let view = fenced.buffer
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
            let before = sheenPixmanDrawnCalls()
            sheenPixmanComposite32(1 /* PIXMAN_OP_SRC */, source, nil, ours, sx, sy, 0, 0, dx, dy, w, h)
            let byUs = sheenPixmanDrawnCalls() != before
            SystemPixman.shared.composite32(1 /* PIXMAN_OP_SRC */, source, nil, reference, sx, sy, 0, 0, dx, dy, w, h)
            if format.sheen == .a8 {
                drawn += byUs ? 1 : 0
                plain += 1
            }
            let differing = (0 ..< height).filter { memcmp(view.base + $0 * view.bytesPerRow, theirs + $0 * view.bytesPerRow, rowBytes) != 0 }.count
            if differing != 0 || fenced.fenceViolations != 0 {
                failures.append("call \(call): format \(format.sheen), repeat \(mode), transform \(t.matrix), \(w)×\(h) at (\(dx), \(dy)) "
                                + "from (\(sx), \(sy)), clip \(clipped), by Sheen \(byUs): \(differing) rows differ, fences \(fenced.fenceViolations)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures:\n\(failures.prefix(8).joined(separator: "\n"))")
        // Every A8 call here is within the sampling range: Sheen's (and no other).
        #expect(drawn == plain, "\(drawn) of \(plain) calls drawn by Sheen")
    }
}
