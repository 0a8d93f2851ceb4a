// A setter's change applies to the image's next call. The drop-in changes an image's record in
// place when no call holds it (ImageRegistry.update), forgetting the gradient fill it kept for
// the previous call, and skips a setter that changes nothing: a linear gradient and an image are
// drawn, changed (transform, repeat, filter — some to what they already were) and drawn again at
// the same offsets, through the drop-in and through the system pixman; every call must be
// Sheen's and within 2 levels of pixman's (the gradients' contract, Tests/Pixman/gradients.c).
// Solid images of one colour share a record (ImageRegistry.insertSolid): a setter on one must
// leave the others as they were.

import CSheenPixman
import Glibc
@testable import SheenPixman
import SheenRaster
import Testing

@Suite struct SetterTests {
    /// An a8r8g8b8 destination in two copies: one drawn through the drop-in, one through the
    /// system pixman.
    final class Destinations {
        let width: Int, height: Int
        let ours: UnsafeMutablePointer<UInt32>, theirs: UnsafeMutablePointer<UInt32>
        private let dOurs: OpaquePointer, dTheirs: OpaquePointer

        init(width: Int, height: Int) {
            self.width = width; self.height = height
            ours = .allocate(capacity: width * height)
            theirs = .allocate(capacity: width * height)
            dOurs = sheenPixmanCreateBits(UInt32(SHEEN_PIXMAN_A8R8G8B8), Int32(width), Int32(height), ours, Int32(4 * width))!
            dTheirs = sheenPixmanCreateBits(UInt32(SHEEN_PIXMAN_A8R8G8B8), Int32(width), Int32(height), theirs, Int32(4 * width))!
        }

        deinit {
            _ = sheenPixmanUnref(dOurs); _ = sheenPixmanUnref(dTheirs)
            ours.deallocate(); theirs.deallocate()
        }

        /// Both copies set to `fill`, then `source` composited over each (over, from source pixel
        /// (sx, sy)): whether Sheen drew the drop-in's call.
        func drawOver(_ source: OpaquePointer, fill: UInt32, sourceAt sx: Int32, _ sy: Int32) -> Bool {
            ours.update(repeating: fill, count: width * height)
            theirs.update(repeating: fill, count: width * height)
            // (This thread's count: other tests draw beside this one.)
            let before = sheen_dropin_drawn_calls_here()
            sheenPixmanComposite32(3 /* PIXMAN_OP_OVER */, source, nil, dOurs, sx, sy, 0, 0, 0, 0, Int32(width), Int32(height))
            let bySheen = sheen_dropin_drawn_calls_here() != before
            SystemPixman.shared.composite32(3, source, nil, dTheirs, sx, sy, 0, 0, 0, 0, Int32(width), Int32(height))
            return bySheen
        }
    }

    /// The system pixman's and the drop-in's drawings of `image` over a cleared 64 × 16
    /// a8r8g8b8 destination after each step's changes: the largest difference and whether
    /// every call was Sheen's.
    static func drawAfterEachStep(_ image: OpaquePointer, steps: [(OpaquePointer) -> Void]) -> (largest: Int, allSheen: Bool) {
        let d = Destinations(width: 64, height: 16)
        var largest = 0, allSheen = true
        for step in steps {
            step(image)
            allSheen = d.drawOver(image, fill: 0, sourceAt: 3, 2) && allSheen
            for i in 0 ..< d.width * d.height {
                for shift in [0, 8, 16, 24] {
                    largest = max(largest, abs(Int(d.ours[i] >> UInt32(shift) & 0xFF) - Int(d.theirs[i] >> UInt32(shift) & 0xFF)))
                }
            }
        }
        return (largest, allSheen)
    }

    static func transform(scale: Int32, dx: Int32) -> SheenPixmanTransform {
        SheenPixmanTransform(matrix: ((scale, 0, dx << 16), (0, 1 << 16, 0), (0, 0, 1 << 16)))
    }

    @Test func aGradientsChangesApplyToItsNextCall() {
        var p1 = SheenPixmanPointFixed(x: 0, y: 0), p2 = SheenPixmanPointFixed(x: 40 << 16, y: 0)
        let stops = [SheenPixmanGradientStop(x: 0, color: SheenPixmanColor(red: 0x3434, green: 0x7878, blue: 0xF6F6, alpha: 0xFFFF)),
                     SheenPixmanGradientStop(x: 1 << 16, color: SheenPixmanColor(red: 0xFFFF, green: 0x3B3B, blue: 0x3030, alpha: 0xFFFF))]
        let gradient = sheenPixmanCreateLinearGradient(&p1, &p2, stops, 2)!
        defer { _ = sheenPixmanUnref(gradient) }
        func set(_ scale: Int32, _ dx: Int32, _ mode: Int) -> (OpaquePointer) -> Void {
            { image in
                var t = Self.transform(scale: scale, dx: dx)
                _ = sheenPixmanSetTransform(image, &t)
                sheenPixmanSetRepeat(image, UInt32(mode))
            }
        }
        let steps = [set(1 << 16, 0, SHEEN_PIXMAN_REPEAT_PAD), set(1 << 15, 0, SHEEN_PIXMAN_REPEAT_PAD),
                     set(1 << 15, 0, SHEEN_PIXMAN_REPEAT_REFLECT), set(1 << 15, 0, SHEEN_PIXMAN_REPEAT_REFLECT),
                     set(1 << 15, 7, SHEEN_PIXMAN_REPEAT_NORMAL), set(1 << 16, 0, SHEEN_PIXMAN_REPEAT_PAD)]
        let (largest, allSheen) = Self.drawAfterEachStep(gradient, steps: steps)
        #expect(largest <= 2, "largest difference from pixman \(largest) levels")
        #expect(allSheen, "a call went to pixman")
    }

    @Test func anImagesChangesApplyToItsNextCall() {
        let pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: 8 * 8)
        defer { pixels.deallocate() }
        for i in 0 ..< 64 { pixels[i] = i % 3 == 0 ? 0xFF20_4080 : i % 3 == 1 ? 0x8040_2010 : 0xFFFF_FFFF }
        let image = sheenPixmanCreateBits(UInt32(SHEEN_PIXMAN_A8R8G8B8), 8, 8, pixels, 32)!
        defer { _ = sheenPixmanUnref(image) }
        func set(_ dx: Int32, _ mode: Int, _ filter: Int) -> (OpaquePointer) -> Void {
            { image in
                var t = Self.transform(scale: 1 << 16, dx: dx)
                _ = sheenPixmanSetTransform(image, &t)
                sheenPixmanSetRepeat(image, UInt32(mode))
                _ = sheenPixmanSetFilter(image, UInt32(filter), nil, 0)
            }
        }
        let steps = [set(0, SHEEN_PIXMAN_REPEAT_NORMAL, SHEEN_PIXMAN_FILTER_NEAREST), set(0, SHEEN_PIXMAN_REPEAT_NORMAL, SHEEN_PIXMAN_FILTER_NEAREST),
                     set(3, SHEEN_PIXMAN_REPEAT_NORMAL, SHEEN_PIXMAN_FILTER_BILINEAR), set(3, SHEEN_PIXMAN_REPEAT_PAD, SHEEN_PIXMAN_FILTER_BILINEAR),
                     set(-2, SHEEN_PIXMAN_REPEAT_REFLECT, SHEEN_PIXMAN_FILTER_NEAREST)]
        let (largest, allSheen) = Self.drawAfterEachStep(image, steps: steps)
        #expect(largest == 0, "largest difference from pixman \(largest) levels")
        #expect(allSheen, "a call went to pixman")
    }

    /// Two solid images of one colour, made one after the other (sharing a record): a transform
    /// set on the first hands its calls to pixman (Sheen reads a solid source only
    /// untransformed), and must not reach the second, which Sheen still draws, as pixman does;
    /// nor, after an image of another colour, the first freed, a third of the first colour.
    @Test func solidImagesOfOneColourChangeApart() {
        let d = Destinations(width: 16, height: 4)
        var colour = SheenPixmanColor(red: 0x4040, green: 0x1010, blue: 0x6060, alpha: 0x8080)
        var other = SheenPixmanColor(red: 0xFFFF, green: 0, blue: 0, alpha: 0xFFFF)
        /// Whether Sheen drew `source` over a grey destination, and that drawing equals pixman's.
        func drawn(_ source: OpaquePointer) -> (bySheen: Bool, equal: Bool) {
            let bySheen = d.drawOver(source, fill: 0xFF80_8080, sourceAt: 0, 0)
            return (bySheen, (0 ..< d.width * d.height).allSatisfy { d.ours[$0] == d.theirs[$0] })
        }
        let first = sheenPixmanCreateSolidFill(&colour)!
        let second = sheenPixmanCreateSolidFill(&colour)!
        defer { _ = sheenPixmanUnref(second) }
        #expect(drawn(first) == (true, true) && drawn(second) == (true, true), "solid images before any setter")
        var scaled = Self.transform(scale: 1 << 15, dx: 0)
        _ = sheenPixmanSetTransform(first, &scaled)
        #expect(drawn(first) == (false, true), "the transformed image: pixman's")
        #expect(drawn(second) == (true, true), "the other image of the colour after the first's transform")
        let between = sheenPixmanCreateSolidFill(&other)!
        defer { _ = sheenPixmanUnref(between) }
        #expect(drawn(between) == (true, true), "the image of another colour")
        _ = sheenPixmanUnref(first)
        let third = sheenPixmanCreateSolidFill(&colour)!
        defer { _ = sheenPixmanUnref(third) }
        #expect(drawn(third) == (true, true) && drawn(second) == (true, true), "images of the colour after the first is freed")
    }
}
