// The drop-in pixman from several threads at once, as cairo draws: images shared by every thread
// (a repeating tile, a gradient, a solid fill) read by all, while each thread makes, clips,
// composites into and drops images of its own, so the drop-in's record of every image (its
// table, looked up on every call and changed by every constructor, setter and unref) is read and
// changed concurrently. Scripts/test.sh runs this under ThreadSanitizer too.

import CSheenPixman
import SheenPixman
import Testing

/// Images every thread reads, made through the drop-in; their pixels live as long as they do.
final class SharedImages: @unchecked Sendable {
    let tilePixels: UnsafeMutablePointer<UInt32>
    let tile: OpaquePointer
    let gradient: OpaquePointer
    let solid: OpaquePointer

    init() {
        tilePixels = .allocate(capacity: 16 * 16)
        for i in 0 ..< 256 { tilePixels[i] = i & 17 != 0 ? 0xFF20_4080 : 0x8040_2010 }
        tile = sheenPixmanCreateBits(UInt32(SHEEN_PIXMAN_A8R8G8B8), 16, 16, tilePixels, 64)!
        sheenPixmanSetRepeat(tile, UInt32(SHEEN_PIXMAN_REPEAT_NORMAL))
        var p1 = SheenPixmanPointFixed(x: 0, y: 0), p2 = SheenPixmanPointFixed(x: 50 << 16, y: 30 << 16)
        let stops = [SheenPixmanGradientStop(x: 0, color: SheenPixmanColor(red: 0x3434, green: 0x7878, blue: 0xF6F6, alpha: 0xFFFF)),
                     SheenPixmanGradientStop(x: 1 << 16, color: SheenPixmanColor(red: 0xFFFF, green: 0x3B3B, blue: 0x3030, alpha: 0x8080))]
        gradient = sheenPixmanCreateLinearGradient(&p1, &p2, stops, 2)!
        sheenPixmanSetRepeat(gradient, UInt32(SHEEN_PIXMAN_REPEAT_REFLECT))
        var c = SheenPixmanColor(red: 0x4000, green: 0x2000, blue: 0x1000, alpha: 0x8000)
        solid = sheenPixmanCreateSolidFill(&c)!
    }

    deinit {
        _ = sheenPixmanUnref(tile); _ = sheenPixmanUnref(gradient); _ = sheenPixmanUnref(solid)
        tilePixels.deallocate()
    }
}

@Suite struct DropInThreadTests {
    /// Task `task`'s picture: its own 64 × 64 destination, clipped to a box of its own each round,
    /// with each shared source composited through a mask made and dropped that round, then a span
    /// of the shared solid through that mask unclipped, and a fill.
    static func draw(task: Int, shared: SharedImages) -> [UInt32] {
        var pixels = [UInt32](repeating: 0x8040_2010 &+ UInt32(task), count: 64 * 64)
        var mask = [UInt8](repeating: 0, count: 64 * 64)
        pixels.withUnsafeMutableBufferPointer { p in
            let dst = sheenPixmanCreateBits(UInt32(SHEEN_PIXMAN_A8R8G8B8), 64, 64, p.baseAddress, 256)!
            for round in 0 ..< 24 {
                for i in 0 ..< mask.count { mask[i] = UInt8(truncatingIfNeeded: i &* 7 &+ round &* 31 &+ task) }
                mask.withUnsafeMutableBytes { m in
                    let coverage = sheenPixmanCreateBits(UInt32(SHEEN_PIXMAN_A8), 64, 64, m.baseAddress!.assumingMemoryBound(to: UInt32.self), 64)!
                    let x = (task * 7 + round * 5) % 40, y = (task * 3 + round * 11) % 40
                    var region = SheenPixmanRegion32(extents: SheenPixmanBox32(x1: Int32(x), y1: Int32(y), x2: Int32(x + 24), y2: Int32(y + 24)), data: nil)
                    _ = sheenPixmanSetClipRegion32(dst, &region)
                    let source = [shared.tile, shared.gradient, shared.solid][round % 3]
                    let op: UInt32 = [0x03, 0x0C, 0x30, 0x01][(round + task) % 4]
                    sheenPixmanComposite32(op, source, op == 0x01 ? nil : coverage, dst, Int32(round), Int32(task), 0, 0, 0, 0, 64, 64)
                    _ = sheenPixmanSetClipRegion32(dst, nil)
                    // Unclipped: the fast path's call (CompositeCall+FastPath.swift), a span of a row.
                    sheenPixmanComposite32(0x03, shared.solid, coverage, dst, 0, 0, Int32(x), Int32(y), Int32(x), Int32(y + round % 8), 17, 1)
                    _ = sheenPixmanUnref(coverage)
                }
                _ = sheenPixmanFill(p.baseAddress, 64, 32, Int32(round % 60), Int32(task % 60), 4, 4, 0xFF00_0000 | UInt32(round))
            }
            _ = sheenPixmanUnref(dst)
        }
        return pixels
    }

    /// Sixteen tasks at once draw what each draws alone, and Sheen drew the calls.
    @Test func sharedAcrossThreads() async {
        let shared = SharedImages()
        let before = sheenPixmanDrawnCalls()
        let expected = (0 ..< 8).map { Self.draw(task: $0, shared: shared) }
        #expect(sheenPixmanDrawnCalls() - before >= 8 * 24 * 2, "Sheen drew the calls (not pixman, which would make this test pixman's)")
        await withTaskGroup(of: Bool.self) { group in
            for task in 0 ..< 16 {
                group.addTask { Self.draw(task: task % 8, shared: shared) == expected[task % 8] }
            }
            for await same in group { #expect(same) }
        }
    }
}
