// over_ca_8888: sourceOver through component-alpha coverage (CSheenSIMD.h: a job's componentAlpha;
// the kernel in CompositeComponentAlpha.h, its twin in CompositeSpanReference.swift): every level against
// the twin, the twin against the formula written out here, glyph runs against a job per glyph,
// nothing outside the rows read or written, and the jobs the entries refuse refused everywhere
// with nothing written.

import CSheenSIMD
@testable import SheenRaster
import SheenTestSupport
import Testing

@Suite struct ComponentAlphaTests {
    /// 600 jobs (widths 0…70: every tail at every level; 1–3 rows; solid, as-is, byte-swapped and
    /// padded paint; both byte orders; rows against guard pages after and before, or padded and
    /// misaligned between canaries): each level byte-equal to the twin, nothing outside the rows
    /// written; the twin equal, per channel, to round((s·m + d·(255 − m))/255) for opaque paint,
    /// else min(255, round(s·m/255) + round(d·(255 − round(sa·m/255))/255)), computed here.
    @Test func everyLevelDrawsTheFormula() {
        var rng = SeededGenerator(seed: 0xCA_0E4)
        var mixed = 0
        for n in 0 ..< 600 {
            let c = ComponentAlphaCase(n, using: &rng)
            let problems = c.check(levels: Kernels.supported)
            #expect(problems.isEmpty, "case \(n): \(c): \(problems.prefix(4))")
            mixed += c.mixedChannels
        }
        #expect(mixed > 10_000, "channels of mixed coverage: \(mixed)")
    }

    /// Jobs the entries refuse (another operator, an A8 destination, no mask, a coverage below
    /// 255, a glyph run of paint rows) are refused at every level and by the twin, nothing written.
    @Test func refusedJobsWriteNothing() {
        var rng = SeededGenerator(seed: 0xCA_0E5)
        let c = ComponentAlphaCase(17, using: &rng)
        var glyph = SheenCompositeGlyph(mask: c.coverage.buffer.base.assumingMemoryBound(to: UInt8.self), maskStride: c.coverage.bytesPerRow,
                                        x: 0, y: 0, width: 2, height: 1)
        let changes: [(String, (inout SheenCompositeJob) -> Void)] = [
            ("plus", { $0.op = CompositeOperator.plus.kernelIndex }),
            ("A8", { $0.bytesPerPixel = 1 }),
            ("no mask", { $0.mask = nil }),
            ("coverage 200", { $0.coverage = 200 }),
        ]
        for level in [SIMDLevel.reference] + Kernels.supported {
            for (name, change) in changes {
                let out = c.destination.copy()
                var job = c.job(onto: out)
                change(&job)
                #expect(!job.hasCompositePath, "\(name): taken")
                #expect(KernelTable.composite(at: level)(&job) == Int32(SHEEN_COMPOSITE_NO_PATH), "\(level) \(name): not refused")
                #expect(out.sameBytes(as: c.destination), "\(level) \(name): written")
            }
            // A glyph run of paint rows (a run takes a colour only).
            let out = c.destination.copy()
            var job = c.job(onto: out)
            job.mask = nil
            job.paint = UnsafeRawPointer(c.paint.buffer.base)
            withUnsafePointer(to: &glyph) { job.glyphs = $0; job.glyphCount = 1 }
            #expect(KernelTable.composite(at: level)(&job) == Int32(SHEEN_COMPOSITE_NO_PATH), "\(level) glyph run of rows: not refused")
            #expect(out.sameBytes(as: c.destination), "\(level) glyph run of rows: written")
        }
    }

    /// 300 glyph runs of a colour (opaque or not) through 1…24 component-alpha masks of 0…20 × 0…16
    /// pixels (each its own fenced rows: against guard pages after and before, or padded between
    /// canaries) placed inside, across and outside a destination of 1…40 × 1…12: at every level
    /// and the twin, what one component-alpha job per glyph over its part inside the destination
    /// draws, in order (its parts cut here); nothing outside the rows written, no mask changed.
    @Test func glyphRunsDrawWhatEachGlyphsJobDraws() {
        var rng = SeededGenerator(seed: 0xCA_0E6)
        for n in 0 ..< 300 {
            let format: PixelFormat = n % 2 == 0 ? .rgba8Premultiplied : .bgra8Premultiplied
            let guardPages = [FencedBuffer.GuardPages.none, .afterRows, .beforeRows][n % 3]
            let width = Int.random(in: 1 ... 40, using: &rng), height = Int.random(in: 1 ... 12, using: &rng)
            let destination = FencedBuffer(width: width, height: height, format: format, padding: guardPages == .none ? n % 7 : 0,
                                           guardPages: guardPages)
            for y in 0 ..< height {
                for i in 0 ..< width { destination.buffer.row(y).storeBytes(of: ComponentAlphaCase.premultiplied(&rng), toByteOffset: 4 * i, as: UInt32.self) }
            }
            var solid = ComponentAlphaCase.premultiplied(&rng)
            if n % 4 == 0 { solid |= 0xFF00_0000 }
            let masks: [(x: Int, y: Int, buffer: FencedBuffer)] = (0 ..< Int.random(in: 1 ... 24, using: &rng)).map { _ in
                let gw = Int.random(in: 0 ... 20, using: &rng), gh = Int.random(in: 0 ... 16, using: &rng)
                let mask = FencedBuffer(width: gw, height: gh, format: format, padding: guardPages == .none ? Int.random(in: 0 ... 5, using: &rng) : 0,
                                        guardPages: guardPages)
                for y in 0 ..< gh {
                    for b in 0 ..< 4 * gw { mask.buffer.row(y).storeBytes(of: UInt8.random(in: 0 ... 255, using: &rng), toByteOffset: b, as: UInt8.self) }
                }
                return (Int.random(in: -25 ... width + 5, using: &rng), Int.random(in: -20 ... height + 5, using: &rng), mask)
            }
            let before = masks.map { $0.buffer.copy() }
            // What the parts draw: one job each, cut to the destination here.
            let want = destination.copy()
            for m in masks {
                let x0 = max(m.x, 0), y0 = max(m.y, 0), x1 = min(m.x + m.buffer.width, width), y1 = min(m.y + m.buffer.height, height)
                guard x1 > x0, y1 > y0 else { continue }
                var job = SheenCompositeJob(op: .sourceOver, format: format, dst: want.buffer.row(y0) + 4 * x0, dstStride: want.bytesPerRow,
                                            width: x1 - x0, height: y1 - y0)
                job.solid = solid
                job.mask = UnsafePointer((m.buffer.buffer.row(y0 - m.y) + 4 * (x0 - m.x)).assumingMemoryBound(to: UInt8.self))
                job.maskStride = m.buffer.bytesPerRow
                job.componentAlpha = 1
                let ran = job.run(at: .reference)
                #expect(ran, "run \(n): a part refused")
            }
            for level in [SIMDLevel.reference] + Kernels.supported {
                let out = destination.copy()
                var glyphs = masks.map { m in
                    SheenCompositeGlyph(mask: m.buffer.width * m.buffer.height == 0 ? nil : UnsafePointer(m.buffer.buffer.base.assumingMemoryBound(to: UInt8.self)),
                                        maskStride: m.buffer.bytesPerRow, x: Int32(m.x), y: Int32(m.y),
                                        width: Int32(m.buffer.width), height: Int32(m.buffer.height))
                }
                var job = SheenCompositeJob(op: .sourceOver, format: format, dst: out.buffer.base, dstStride: out.bytesPerRow, width: width, height: height)
                job.solid = solid
                job.componentAlpha = 1
                let status = glyphs.withUnsafeMutableBufferPointer { g in
                    job.glyphs = UnsafePointer(g.baseAddress)
                    job.glyphCount = g.count
                    return KernelTable.composite(at: level)(&job)
                }
                #expect(status == 0 && out.sameBytes(as: want), "run \(n) \(level): \(width) × \(height), \(masks.count) glyphs, \(format)")
                #expect(out.fenceViolations == 0, "run \(n) \(level): bytes written outside the rows")
                #expect(zip(masks, before).allSatisfy { $0.buffer.sameBytes(as: $1) }, "run \(n) \(level): a mask changed")
            }
        }
    }
}
