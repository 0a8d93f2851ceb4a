import CSheenSIMD
@testable import SheenRaster
import SheenTestSupport
import Testing

/// The composite entry's glyph runs (SheenCompositeJob's `glyphs`, CompositeEntry.h's
/// composite_glyphs) at every level this CPU runs: the bytes of one job per glyph over the
/// glyph's part inside the run's rectangle, with no read or write outside the rows given.
@Suite struct GlyphRunJobTests {
    /// One glyph's mask, fenced (A8 rows against unmapped pages, or canary bands).
    private struct Glyph {
        let mask: FencedBuffer
        let x: Int, y: Int
    }

    /// Runs `glyphs` as one run job at `level` onto `destination` (its rectangle `clip`), or as
    /// one plain job a glyph at the reference level where `level` is nil; returns the entry's
    /// status (the run's, or the first non-zero of the glyphs').
    private func draw(_ glyphs: [Glyph], op: UInt32, solid: UInt32, onto destination: FencedBuffer, clip: PixelRect,
                      at level: SIMDLevel?) -> Int32 {
        let d = destination.buffer, bpp = d.format.bytesPerPixel
        var job = SheenCompositeJob()
        job.dst = d.base + clip.y * d.bytesPerRow + clip.x * bpp
        job.dstStride = d.bytesPerRow
        job.width = clip.width; job.height = clip.height
        job.solid = solid; job.coverage = 255; job.op = op
        job.bytesPerPixel = UInt32(bpp); job.redByte = UInt32(d.format.redByte)
        let placed = glyphs.map { g in
            let m = g.mask.buffer
            return SheenCompositeGlyph(mask: UnsafePointer(m.base.assumingMemoryBound(to: UInt8.self)), maskStride: m.bytesPerRow,
                                       x: Int32(g.x), y: Int32(g.y), width: Int32(m.width), height: Int32(m.height))
        }
        guard level == nil else {
            return placed.withUnsafeBufferPointer { run in
                job.glyphs = run.baseAddress; job.glyphCount = run.count
                return KernelTable.composite(at: level!)(&job)
            }
        }
        // The definition: refused where no path takes a colour through a mask, else each
        // glyph's part inside the rectangle, one job each.
        if sheen_composite_glyph_path(&job) < 0 { return Int32(SHEEN_COMPOSITE_NO_PATH) }
        for (g, p) in zip(glyphs, placed) {
            let part = PixelRect(x: g.x, y: g.y, width: g.mask.width, height: g.mask.height)
                .intersection(PixelRect(x: 0, y: 0, width: clip.width, height: clip.height))
            if part.isEmpty { continue }
            var one = job
            one.dst = job.dst! + part.y * d.bytesPerRow + part.x * bpp
            one.width = part.width; one.height = part.height
            one.mask = p.mask! + (part.y - g.y) * p.maskStride + (part.x - g.x)
            one.maskStride = p.maskStride
            let status = KernelTable.composite(at: .reference)(&one)
            if status != 0 { return status }
        }
        return 0
    }

    /// 600 random runs — every operator with a path through a mask, both formats, opaque and
    /// translucent colours, 1…40 glyphs of 0…24 pixels a side placed inside, across and outside a
    /// rectangle anywhere in the destination, destination and masks against unmapped pages after
    /// their rows, before them, or between canary bands — byte for byte the glyphs' own jobs at
    /// every level, fences intact.
    @Test func aRunDrawsWhatItsGlyphsJobsDraw() {
        var rng = SeededGenerator(seed: 0x6_1A9F)
        var drawn = 0
        for n in 0 ..< 600 {
            let guardPages = FencedBuffer.GuardPages.allCases[n % 3]
            let format = PixelFormat.allCases[Int.random(in: 0 ..< PixelFormat.allCases.count, using: &rng)]
            let op = CompositeOperator.allCases[Int.random(in: 0 ..< CompositeOperator.allCases.count, using: &rng)]
            let (w, h) = (Int.random(in: 1 ... 40, using: &rng), Int.random(in: 1 ... 30, using: &rng))
            let x0 = Int.random(in: 0 ..< w, using: &rng), y0 = Int.random(in: 0 ..< h, using: &rng)
            let clip = PixelRect(x: x0, y: y0, width: Int.random(in: 0 ... w - x0, using: &rng), height: Int.random(in: 0 ... h - y0, using: &rng))
            let glyphs = (0 ..< Int.random(in: 1 ... 40, using: &rng)).map { _ in
                let mask = FencedBuffer(width: Int.random(in: 0 ... 24, using: &rng), height: Int.random(in: 0 ... 24, using: &rng),
                                        format: .a8, padding: Int.random(in: 0 ... 5, using: &rng),
                                        misalignment: Int.random(in: 0 ... 7, using: &rng), guardPages: guardPages)
                fillRandomPremultiplied(mask.buffer, &rng)
                return Glyph(mask: mask, x: Int.random(in: -30 ... clip.width + 6, using: &rng), y: Int.random(in: -30 ... clip.height + 6, using: &rng))
            }
            let alpha = Bool.random(using: &rng) ? 255 : UInt32.random(in: 0 ... 255, using: &rng)
            let solid = format == .a8 ? alpha : alpha << 24 | (0 ..< 3).reduce(0) { v, c in v | UInt32.random(in: 0 ... alpha, using: &rng) << (8 * c) }
            let destination = FencedBuffer(width: w, height: h, format: format, padding: Int.random(in: 0 ... 9, using: &rng),
                                           misalignment: Int.random(in: 0 ... 63, using: &rng), guardPages: guardPages)
            fillRandomPremultiplied(destination.buffer, &rng)
            let want = destination.copy()
            let wantStatus = draw(glyphs, op: op.kernelIndex, solid: solid, onto: want, clip: clip, at: nil)
            for level in Kernels.supported {
                let got = destination.copy()
                let status = draw(glyphs, op: op.kernelIndex, solid: solid, onto: got, clip: clip, at: level)
                #expect(status == wantStatus, "case \(n) \(level) \(op) \(format): status \(status), its glyphs' \(wantStatus)")
                #expect(got.sameBytes(as: want), "case \(n) \(level) \(op) \(format) \(glyphs.count) glyphs in \(clip): bytes differ")
                #expect(got.fenceViolations == 0, "case \(n) \(level): wrote outside the rows")
            }
            if wantStatus == 0 && !want.sameBytes(as: destination) { drawn += 1 }
        }
        #expect(drawn > 200, "runs that drew: \(drawn)")
    }

    /// plus of an opaque colour through glyphs onto A8 — how the drop-in adds a glyph run's mask up
    /// (CompositeEntry.h's add_coverage_rows8) — is each value's saturating sum with the coverage
    /// over it, glyph after glyph: 300 runs of glyphs 0…150 pixels wide (whole blocks of every
    /// level, their rests, every length), destination and masks against unmapped pages or canary
    /// bands, at every level as a run and one plain job a glyph; the sums computed here.
    @Test func aRunAddingCoverageOntoA8IsSaturatingSums() {
        var rng = SeededGenerator(seed: 0xADD_A8)
        let plus = CompositeOperator.plus.kernelIndex
        for n in 0 ..< 300 {
            let guardPages = FencedBuffer.GuardPages.allCases[n % 3]
            let (w, h) = (Int.random(in: 1 ... 170, using: &rng), Int.random(in: 1 ... 12, using: &rng))
            let clip = PixelRect(x: 0, y: 0, width: w, height: h)
            let glyphs = (0 ..< Int.random(in: 1 ... 6, using: &rng)).map { _ in
                let mask = FencedBuffer(width: Int.random(in: 0 ... 150, using: &rng), height: Int.random(in: 0 ... 10, using: &rng),
                                        format: .a8, padding: Int.random(in: 0 ... 5, using: &rng),
                                        misalignment: Int.random(in: 0 ... 7, using: &rng), guardPages: guardPages)
                fillRandomPremultiplied(mask.buffer, &rng)
                return Glyph(mask: mask, x: Int.random(in: -20 ... w, using: &rng), y: Int.random(in: -4 ... h, using: &rng))
            }
            let destination = FencedBuffer(width: w, height: h, format: .a8, padding: Int.random(in: 0 ... 9, using: &rng),
                                           misalignment: Int.random(in: 0 ... 63, using: &rng), guardPages: guardPages)
            fillRandomPremultiplied(destination.buffer, &rng)
            // The sums, glyph after glyph.
            var want = (0 ..< h).map { y in (0 ..< w).map { x in destination.pixel(x: x, y: y)[0] } }
            for g in glyphs {
                for y in 0 ..< g.mask.height where (0 ..< h).contains(g.y + y) {
                    for x in 0 ..< g.mask.width where (0 ..< w).contains(g.x + x) {
                        want[g.y + y][g.x + x] = UInt8(min(255, Int(want[g.y + y][g.x + x]) + Int(g.mask.pixel(x: x, y: y)[0])))
                    }
                }
            }
            for level in [nil] + Kernels.supported.map(Optional.some) {
                let got = destination.copy()
                #expect(draw(glyphs, op: plus, solid: 255, onto: got, clip: clip, at: level) == 0, "case \(n) \(String(describing: level))")
                let sums = (0 ..< h).map { y in (0 ..< w).map { x in got.pixel(x: x, y: y)[0] } }
                #expect(sums == want, "case \(n) \(String(describing: level)): not the saturating sums")
                #expect(got.fenceViolations == 0, "case \(n) \(String(describing: level)): wrote outside the rows")
            }
        }
    }

    /// A run the entry refuses — a paint of rows, a mask of its own, a coverage below 255, a
    /// blend mode onto A8 — writes nothing and says so, at every level.
    @Test func aRunItCannotTakeIsRefusedUntouched() {
        var mask = [UInt8](repeating: 0x80, count: 16)
        var paint = [UInt32](repeating: 0x8040_2010, count: 16)
        for level in Kernels.supported {
            for refusal in 0 ..< 4 {
                let bpp = refusal == 3 ? 1 : 4
                var dst = [UInt8](repeating: 0x5A, count: 16 * bpp)
                let status = dst.withUnsafeMutableBytes { d in
                    mask.withUnsafeMutableBufferPointer { m in
                        paint.withUnsafeMutableBytes { p in
                            var glyph = SheenCompositeGlyph(mask: UnsafePointer(m.baseAddress), maskStride: 4, x: 0, y: 0, width: 4, height: 4)
                            var job = SheenCompositeJob()
                            job.dst = d.baseAddress; job.dstStride = 4 * bpp; job.width = 4; job.height = 4
                            job.solid = 0xFF20_4060; job.coverage = 255; job.bytesPerPixel = UInt32(bpp)
                            job.op = (refusal == 3 ? CompositeOperator.multiply : .sourceOver).kernelIndex
                            if refusal == 0 { job.paint = UnsafeRawPointer(p.baseAddress); job.paintStride = 16 }
                            if refusal == 1 { job.mask = UnsafePointer(m.baseAddress); job.maskStride = 4 }
                            if refusal == 2 { job.coverage = 100 }
                            return withUnsafePointer(to: &glyph) { g in
                                job.glyphs = g; job.glyphCount = 1
                                return KernelTable.composite(at: level)(&job)
                            }
                        }
                    }
                }
                #expect(status == Int32(SHEEN_COMPOSITE_NO_PATH), "\(level) refusal \(refusal)")
                #expect(dst.allSatisfy { $0 == 0x5A }, "\(level) refusal \(refusal) wrote")
            }
        }
    }
}
