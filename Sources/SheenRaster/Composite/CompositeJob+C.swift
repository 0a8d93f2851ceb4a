// The bridge from a validated compositing job to a level's composite entry (KernelTable.swift:
// CSheenSIMD's kernels at AVX2 and AVX-512, the Swift span kernels or the reference below): the
// job is described once (SheenCompositeJob) and handed over as whole rectangles, so the entry
// loops over rows itself and Swift pays one call per job, not one per row: a gradient paint goes
// with the job and the entry shades its rows. Only paints converted row by row in Swift (an
// image in another format, a row pattern) and masks scaled by an alpha cost a call per row,
// until the paint row repeats.

import CSheenSIMD

extension SheenCompositeJob {
    /// A job of `op` onto `destination`'s rows, at full coverage, its rectangle, paint and mask
    /// still to set: what every job of a call shares.
    init(onto destination: RasterBuffer, op: CompositeOperator) {
        self.init()
        dstStride = destination.bytesPerRow
        self.op = op.kernelIndex
        bytesPerPixel = UInt32(destination.format.bytesPerPixel)
        redByte = UInt32(destination.format.redByte)
        coverage = 255
    }
}

extension CompositeJob {
    /// Runs the job on `entry` (a level's composite entry): one call for the whole region when
    /// coverage lies in memory as a rectangle (full or constant coverage, or a mask at full alpha)
    /// and the paint is a solid colour, an image in the destination's format or a gradient the
    /// entry shades row by row; otherwise row by row through `PaintRows` and `coverageSpan`, and,
    /// once the paint row repeats (a horizontal gradient, a row pattern), one call for all
    /// remaining rows.
    /// `level` is the compositing kernel's; a gradient paint is shaded at the same level.
    func runC(_ entry: CompositeEntry, level: SIMDLevel) {
        let bpp = destination.format.bytesPerPixel
        var job = SheenCompositeJob(onto: destination, op: op)
        job.width = region.width

        var coverageInMemory = true
        switch coverage {
        case .full: break
        case let .alpha(a): job.coverage = UInt32(a)
        case let .mask(mask, mx, my, alpha):
            if alpha == 255 {
                job.mask = UnsafeRawPointer(mask.row(region.y - my) + (region.x - mx)).assumingMemoryBound(to: UInt8.self)
                job.maskStride = mask.bytesPerRow
            } else {
                coverageInMemory = false
            }
        }
        var paintInMemory = true
        switch source {
        case let .solid(v): job.solid = v
        case let .image(image, ix, iy) where image.format == destination.format:
            job.paint = image.row(region.y - iy) + (region.x - ix) * bpp
            job.paintStride = image.bytesPerRow
        case let .gradient(fill) where coverageInMemory:
            let program = fill.program
            switch program.structure(width: region.width, height: region.height) {
            case .transparent: job.solid = 0
            case .horizontal where !program.dither: paintInMemory = false   // one row, shaded once, reused
            case let structure:
                // Shaded row by row inside the entry (CSheenSIMD.h: a gradient paint), each row
                // as PaintRows would: its one colour when constant along the row, else in full.
                let oneColour = structure == .vertical && !program.dither
                job.dst = destination.row(region.y) + region.x * bpp
                job.height = region.height
                withScratchRows { paintRow, _ in
                    program.withJob(dst: paintRow, stride: 0, x: region.x, y: region.y, width: oneColour ? 1 : region.width,
                                    height: 1, bytesPerPixel: oneColour ? 4 : bpp,
                                    bgra: destination.format == .bgra8Premultiplied, dither: program.dither) { shading in
                        withUnsafePointer(to: &shading) { shading in
                            job.gradient = shading
                            job.scratch = paintRow
                            entry(&job)
                        }
                    }
                }
                return
            }
        default: paintInMemory = false
        }
        if paintInMemory && coverageInMemory {
            job.dst = destination.row(region.y) + region.x * bpp
            job.height = region.height
            entry(&job)
            return
        }

        withScratchRows { paintRow, coverageRow in
            var rows = PaintRows(job: self, scratch: paintRow, level: level)
            let end = region.y + region.height
            for y in region.y ..< end {
                switch rows.span(y: y) {
                case let .solid(v): job.paint = nil; job.solid = v
                case let .row(p): job.paint = p; job.paintStride = 0
                }
                switch coverageSpan(y: y, scratch: coverageRow) {
                case .full: job.mask = nil; job.coverage = 255
                case let .constant(c): job.mask = nil; job.coverage = UInt32(c)
                case let .mask(m): job.mask = m.assumingMemoryBound(to: UInt8.self)
                }
                job.dst = destination.row(y) + region.x * bpp
                if rows.reusable && coverageInMemory {
                    job.height = end - y
                    entry(&job)
                    return
                }
                job.height = 1
                entry(&job)
            }
        }
    }
}
