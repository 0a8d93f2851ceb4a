// pixman_fill through the drop-in against the system pixman's: random rectangles of 32- and 8-bit
// pixels, every width up to past two 64-byte stores, into rows that end at (or start after) an
// unmapped page; the bytes must equal the system pixman's and nothing outside the rectangle may change.

import Glibc
@testable import SheenPixman
import SheenRaster
import SheenTestSupport
import Testing

@Suite struct FillTests {
    @Test(arguments: [32, 8], FencedBuffer.GuardPages.allCases)
    func fillsWhatPixmanFills(bpp: Int, guardPages: FencedBuffer.GuardPages) {
        var g = FastPathTests.Generator(state: UInt64(bpp) << 8 | UInt64(FencedBuffer.GuardPages.allCases.firstIndex(of: guardPages)!))
        let format: PixelFormat = bpp == 32 ? .bgra8Premultiplied : .a8
        var cases = 0
        for _ in 0 ..< 300 {
            let width = 1 + g.below(90), height = 1 + g.below(6)
            // pixman's stride counts 32-bit words: the row padding makes it whole.
            let rowBytes = width * format.bytesPerPixel
            let fenced = FencedBuffer(width: width, height: height, format: format, padding: (4 - rowBytes % 4) % 4 + 4 * g.below(3),
                                      misalignment: 4 * g.below(4), guardPages: guardPages)
            let view = fenced.buffer
            guard view.bytesPerRow % 4 == 0 else { continue }
            let x = g.below(width), y = g.below(height)
            let w = g.below(width - x + 1), h = g.below(height - y + 1)
            let filler = UInt32(truncatingIfNeeded: g.next())
            // The system pixman fills an aligned copy of the same rows.
            let copy = UnsafeMutableRawPointer.allocate(byteCount: view.bytesPerRow * height, alignment: 64)
            defer { copy.deallocate() }
            for r in 0 ..< height { copy.advanced(by: r * view.bytesPerRow).copyMemory(from: view.base + r * view.bytesPerRow, byteCount: rowBytes) }
            let stride = Int32(view.bytesPerRow / 4)
            let ours = sheenPixmanFill(UnsafeMutablePointer(OpaquePointer(view.base)), stride, Int32(bpp), Int32(x), Int32(y), Int32(w), Int32(h), filler)
            let theirs = SystemPixman.shared.fill(UnsafeMutablePointer(OpaquePointer(copy)), stride, Int32(bpp), Int32(x), Int32(y), Int32(w), Int32(h), filler)
            #expect(ours == theirs)
            var differing = 0
            for r in 0 ..< height where memcmp(view.base + r * view.bytesPerRow, copy + r * view.bytesPerRow, rowBytes) != 0 { differing += 1 }
            #expect(differing == 0, "\(w)×\(h) at (\(x), \(y)) in \(width)×\(height), \(bpp) bpp: \(differing) rows differ from pixman's")
            #expect(fenced.fenceViolations == 0, "\(w)×\(h) at (\(x), \(y)): bytes written outside the rows")
            cases += 1
        }
        #expect(cases > 250)
    }
}
