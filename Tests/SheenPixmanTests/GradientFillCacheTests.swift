// cairo makes a new pixman gradient image for every call that draws a gradient pattern, and the
// drop-in keeps the fills it prepared by what they were made from (GradientFillCache): a new
// image of the same gradient takes the kept fill, and one that differs in any part — a stop's
// offset or colour, the shape, the repeat, the transform — must not. Gradients that each differ
// from the first in one part are made afresh and drawn in turn, more of them than the cache
// keeps and each again after the others, through the drop-in and through the system pixman:
// every call Sheen's and within 2 levels of pixman's (the gradients' contract,
// Tests/Pixman/gradients.c). The parts differ by far more than that in the pixels drawn.

import CSheenPixman
@testable import SheenPixman
import Testing

@Suite struct GradientFillCacheTests {
    /// One gradient's parts.
    struct Parts {
        var end: Int32 = 40, middle: Int32 = 1 << 15, green: UInt16 = 0x7878
        var repeatMode = SHEEN_PIXMAN_REPEAT_PAD, scale: Int32 = 1 << 16, radial = false

        /// A new gradient image of these parts (the caller unrefs it).
        func make() -> OpaquePointer {
            let stops = [SheenPixmanGradientStop(x: 0, color: SheenPixmanColor(red: 0x3434, green: green, blue: 0xF6F6, alpha: 0xFFFF)),
                         SheenPixmanGradientStop(x: middle, color: SheenPixmanColor(red: 0x8080, green: 0xFFFF, blue: 0, alpha: 0xC0C0)),
                         SheenPixmanGradientStop(x: 1 << 16, color: SheenPixmanColor(red: 0xFFFF, green: 0x3B3B, blue: 0x3030, alpha: 0xFFFF))]
            var p1 = SheenPixmanPointFixed(x: 0, y: 0), p2 = SheenPixmanPointFixed(x: end << 16, y: 0)
            let image = radial ? sheenPixmanCreateRadialGradient(&p1, &p1, 0, end << 16, stops, 3)!
                               : sheenPixmanCreateLinearGradient(&p1, &p2, stops, 3)!
            var t = SetterTests.transform(scale: scale, dx: 0)
            _ = sheenPixmanSetTransform(image, &t)
            sheenPixmanSetRepeat(image, UInt32(repeatMode))
            return image
        }
    }

    @Test func aGradientMadeAgainTakesItsOwnParts() {
        let d = SetterTests.Destinations(width: 64, height: 16)
        let first = Parts()
        var others: [Parts] = []
        var p = first; p.end = 20; others.append(p)
        p = first; p.middle = 1 << 14; others.append(p)
        p = first; p.green = 0x1010; others.append(p)
        p = first; p.repeatMode = SHEEN_PIXMAN_REPEAT_REFLECT; others.append(p)
        p = first; p.scale = 1 << 15; others.append(p)
        p = first; p.radial = true; others.append(p)
        var largest = 0, allSheen = true, calls = 0
        for _ in 0 ..< 3 {
            for parts in [first] + others + [first] {
                let image = parts.make()
                allSheen = d.drawOver(image, fill: 0, sourceAt: 3, 2) && allSheen
                _ = sheenPixmanUnref(image)
                calls += 1
                for i in 0 ..< d.width * d.height {
                    for shift: UInt32 in [0, 8, 16, 24] {
                        largest = max(largest, abs(Int(d.ours[i] >> shift & 0xFF) - Int(d.theirs[i] >> shift & 0xFF)))
                    }
                }
            }
        }
        #expect(largest <= 2, "largest difference from pixman over \(calls) calls: \(largest) levels")
        #expect(allSheen, "a call went to pixman")
    }
}
