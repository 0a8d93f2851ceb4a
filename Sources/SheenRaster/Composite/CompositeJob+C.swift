// The bridge from a validated compositing job to a level's composite entry (KernelTable.swift:
// CSheenSIMD's kernels at simd128, AVX2 and AVX-512, the reference twin at `reference`): the job is
// described once (SheenCompositeJob) — its whole paint and its whole coverage — and handed over
// in one call, whose entry walks the rows itself (CompositeEntry.h's composite_rows, or its twin
// in CompositeJob.swift). What Swift prepares is only what repeats: the one row of a horizontal
// gradient or of a row pattern, the column of a column pattern.

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

    /// Whether a composite entry runs this job (CompositeEntry.h's test): a component-alpha job
    /// only where sheen_composite_component_alpha_accepted; the fast path of its paint, and for a
    /// job walked row by row that of every paint a row may take (rows, a colour of either
    /// opacity). Where it does not, the entry returns SHEEN_COMPOSITE_NO_PATH.
    package var hasCompositePath: Bool {
        if componentAlpha != 0 && withUnsafePointer(to: self, { sheen_composite_component_alpha_accepted($0) }) == 0 { return false }
        func path(solid: Bool, opaque: Bool) -> Bool {
            sheen_simd_composite_path(op, solid ? 1 : 0, opaque ? 1 : 0, mask != nil ? 1 : 0, bytesPerPixel) >= 0
        }
        let rows = gradient != nil || paintColumn != nil || (paint != nil && paintConversion != 0) || (mask != nil && coverage < 255)
        if width <= 0 || height <= 0 || !rows { return path(solid: paint == nil, opaque: solid >> 24 == 255) }
        return Self.hasEveryPath(op: op, masked: mask != nil, bytesPerPixel: bytesPerPixel)
    }

    /// Whether a composite entry runs every job of kernel operator `op` (a CompositeOperator's
    /// kernel index) onto pixels of `bytesPerPixel`, masked or not as `masked` says: whatever its
    /// paint (rows, a colour of either opacity) and coverage. Where it holds, `hasCompositePath`
    /// holds for every such job, so that a caller with many small jobs (the pixman drop-in) can
    /// ask once.
    package static func hasEveryPath(op: UInt32, masked: Bool, bytesPerPixel: UInt32) -> Bool {
        let m: Int32 = masked ? 1 : 0
        return sheen_simd_composite_path(op, 0, 0, m, bytesPerPixel) >= 0 && sheen_simd_composite_path(op, 1, 0, m, bytesPerPixel) >= 0
            && sheen_simd_composite_path(op, 1, 1, m, bytesPerPixel) >= 0
    }

    /// `hasEveryPath` for Sheen's operator `op` onto `format`.
    package static func hasEveryPath(_ op: CompositeOperator, onto format: PixelFormat, masked: Bool) -> Bool {
        hasEveryPath(op: op.kernelIndex, masked: masked, bytesPerPixel: UInt32(format.bytesPerPixel))
    }
}

/// Runs `job` through a level's composite `entry`. A job Sheen validated always has a fast path,
/// so an entry's refusal is a defect of Sheen's, not of the caller's: it stops the program.
@inline(__always)
func runComposite(_ entry: CompositeEntry, _ job: inout SheenCompositeJob) {
    let status = entry(&job)
    precondition(status == 0, "no composite fast path (SheenKernels.h) matches operator \(job.op), \(job.bytesPerPixel)-byte pixels")
}

extension CompositeJob {
    /// Runs the job on `entry` (a level's composite entry) in one call. `level` is the
    /// compositing kernel's; a gradient paint is shaded at the same level.
    func runC(_ entry: CompositeEntry, level: SIMDLevel) {
        let bpp = destination.format.bytesPerPixel
        let (width, height) = (region.width, region.height)
        var job = SheenCompositeJob(onto: destination, op: op)
        job.width = width
        job.height = height
        job.dst = destination.row(region.y) + region.x * bpp
        switch coverage {
        case .full: break
        case let .alpha(a): job.coverage = UInt32(a)
        case let .mask(mask, mx, my, alpha):
            job.mask = UnsafeRawPointer(mask.row(region.y - my) + (region.x - mx)).assumingMemoryBound(to: UInt8.self)
            job.maskStride = mask.bytesPerRow
            job.coverage = UInt32(alpha)
        }
        switch source {
        case let .solid(v):
            job.solid = v
        case let .image(image, ix, iy):
            job.paint = UnsafeRawPointer(image.row(region.y - iy) + (region.x - ix) * image.format.bytesPerPixel)
            job.paintStride = image.bytesPerRow
            job.paintConversion = conversion(from: image.format)
        case .gradient, .pattern:
            break
        }
        let inMemory: Bool = switch source { case .solid, .image: true; case .gradient, .pattern: false }
        if inMemory && job.paintConversion == UInt32(SHEEN_PAINT_AS_IS) && (job.mask == nil || job.coverage == 255) {
            runComposite(entry, &job)   // the common call: no scratch to make
            return
        }
        let column: Bool = if case let .pattern(p) = source { p.axis == .column } else { false }
        // A column pattern's values follow the rows, 64-byte aligned.
        let columnOffset = (sheen_composite_scratch_bytes(width) + 63) & ~63
        let scratchBytes = columnOffset + (column ? 4 * height : 0)
        withAlignedScratch(byteCount: scratchBytes) { paintRow in
            job.scratch = paintRow
            switch source {
            case .solid, .image:
                break
            case let .gradient(fill):
                job.runGradient(fill.program, x: region.x, y: region.y, bgra: destination.format == .bgra8Premultiplied,
                                entry: entry, level: level)
                return
            case let .pattern(pattern):
                let convert = conversion(from: pattern.format)
                if pattern.axis == .row {
                    // One row of the strip, the paint of every row.
                    for i in 0 ..< width {
                        store(sheen_paint_converted(pattern.entry((region.x + i) % pattern.length), convert), at: paintRow, i)
                    }
                    job.paint = UnsafeRawPointer(paintRow)
                } else {
                    let values = (paintRow + columnOffset).bindMemory(to: UInt32.self, capacity: height)
                    for r in 0 ..< height { values[r] = sheen_paint_converted(pattern.entry((region.y + r) % pattern.length), convert) }
                    job.paintColumn = UnsafePointer(values)
                }
            }
            runComposite(entry, &job)
        }
    }

    /// The paint conversion (SheenCompositeJob's paintConversion) from pixels in `format` to the
    /// destination's.
    private func conversion(from format: PixelFormat) -> UInt32 {
        if format == destination.format { return UInt32(SHEEN_PAINT_AS_IS) }
        return UInt32(destination.format == .a8 ? SHEEN_PAINT_ALPHA : SHEEN_PAINT_SWAP_RED_BLUE)
    }

    /// Stores pixel `i` of a paint row in the destination's format.
    private func store(_ v: UInt32, at row: UnsafeMutableRawPointer, _ i: Int) {
        if destination.format == .a8 {
            row.storeBytes(of: UInt8(truncatingIfNeeded: v), toByteOffset: i, as: UInt8.self)
        } else {
            row.storeBytes(of: v, toByteOffset: 4 * i, as: UInt32.self)
        }
    }
}

extension SheenCompositeJob {
    /// A job of `op` over `width` × `height` pixels of `format` from `dst`, rows `dstStride` bytes
    /// apart, at full coverage, its paint and mask still to set: how a caller inside the package
    /// that reads pixels from memory it was handed (the pixman drop-in) starts one.
    package init(op: CompositeOperator, format: PixelFormat, dst: UnsafeMutableRawPointer, dstStride: Int, width: Int, height: Int) {
        self.init()
        self.dst = dst
        self.dstStride = dstStride
        self.op = op.kernelIndex
        bytesPerPixel = UInt32(format.bytesPerPixel)
        redByte = UInt32(format.redByte)
        coverage = 255
        self.width = width
        self.height = height
    }

    /// Runs this job, described in full by a caller inside the package that has placed and
    /// checked it (the pixman drop-in, SheenPixman), at `level`: with the scratch rows a paint
    /// conversion or a scaled mask needs. Returns false, having written nothing, where no
    /// composite fast path (SheenKernels.h) takes the job.
    package mutating func run(at level: SIMDLevel) -> Bool {
        guard hasCompositePath else { return false }
        runOnCheckedPath(at: level)
        return true
    }

    /// Runs this job, as `run(at:)` does, where `hasCompositePath` was checked already (for this
    /// job, or for one that differs from it only in its rectangle's place and size): the small
    /// calls of the pixman drop-in do not pay for the test twice.
    package mutating func runOnCheckedPath(at level: SIMDLevel) {
        let entry = KernelTable.composite(at: level)
        // No scratch where the entry reads none: an x8 or byte-swapped copy converts straight
        // into the destination (past 976 bytes the scratch is a heap allocation: a 512-pixel x8
        // span copied this way ran at 0.4× pixman's speed in cairo's fill-eo-noaa).
        if !needsScratch {
            runComposite(entry, &self)
            return
        }
        withAlignedScratch(byteCount: sheen_composite_scratch_bytes(width)) { scratch in
            self.scratch = scratch
            defer { self.scratch = nil }
            runComposite(entry, &self)
        }
    }
}

extension SheenCompositeJob {
    /// Whether the composite entry reads scratch rows for this job: a paint conversion other
    /// than one written in place or made in registers (an x8 image over through a mask), a
    /// gradient, a mask scaled by a coverage below 255.
    package var needsScratch: Bool {
        if paintConversion == UInt32(SHEEN_PAINT_AS_IS) && gradient == nil && (mask == nil || coverage == 255) { return false }
        return withUnsafePointer(to: self) { sheen_composite_converts_in_place($0) == 0 && sheen_composite_over_opaque_rows($0) == 0 }
    }
}

/// One level's composite entry, for a caller inside the package that runs many jobs of one kind
/// itself (the pixman drop-in's glyph runs: a job a glyph of a few dozen pixels, where looking
/// the entry up and asking for scratch each time cost as much as the pixels).
package struct CompositeRunner {
    private let entry: CompositeEntry

    /// `level`'s entry.
    package init(level: SIMDLevel) { entry = KernelTable.composite(at: level) }

    /// The entry itself, for a caller in C that runs such jobs (the drop-in pixman's express
    /// composites, PlanExpress.c): it returns 0, or non-zero having written nothing where no fast
    /// path matches.
    package var cEntry: @convention(c) (UnsafePointer<SheenCompositeJob>?) -> Int32 { entry }

    /// Runs `job`, which has a composite fast path (`hasCompositePath`, asked for it or for a job
    /// differing only in its rectangle and mask) and needs no scratch (`needsScratch` false).
    @inline(__always)
    package func run(_ job: inout SheenCompositeJob) { runComposite(entry, &job) }
}

extension SheenCompositeJob {
    /// Runs this job — destination, rectangle, operator and coverage set, `scratch` holding
    /// sheen_composite_scratch_bytes(width) bytes — on `entry` with gradient `program` as its
    /// paint, evaluated from destination pixel (x, y) for the job's first pixel: transparent, one
    /// row shaded once when the gradient is constant down the columns, else shaded row by row
    /// inside the entry (the row's one colour when constant along the row).
    mutating func runGradient(_ program: KernelGradient, x: Int, y: Int, bgra: Bool, entry: CompositeEntry, level: SIMDLevel) {
        let paintRow = scratch!
        switch program.structure(width: width, height: height) {
        case .transparent:
            solid = 0
            runComposite(entry, &self)
        case .horizontal where !program.dither:
            program.shade(paintRow, stride: 0, x: x, y: y, width: width, height: 1,
                          bytesPerPixel: Int(bytesPerPixel), bgra: bgra, dither: false, level: level)
            paint = UnsafeRawPointer(paintRow)
            runComposite(entry, &self)
        case let structure:
            let oneColour = structure == .vertical && !program.dither
            program.withJob(dst: paintRow, stride: 0, x: x, y: y, width: oneColour ? 1 : width,
                            height: 1, bytesPerPixel: oneColour ? 4 : Int(bytesPerPixel), bgra: bgra, dither: program.dither) { shading in
                withUnsafePointer(to: &shading) { shading in
                    gradient = shading
                    defer { gradient = nil }
                    runComposite(entry, &self)
                }
            }
        }
    }

    /// Runs this job, described in full but for its paint by a caller inside the package (the
    /// pixman drop-in), with `fill` as its paint — the gradient evaluated at destination pixel
    /// (x, y) for the job's first pixel, in the pixel space `fill` was prepared for — at `level`.
    /// Returns false, having written nothing, where no composite fast path takes the job.
    package mutating func run(gradient fill: GradientFill, x: Int, y: Int, level: SIMDLevel) -> Bool {
        paint = nil
        paintConversion = UInt32(SHEEN_PAINT_AS_IS)
        guard Self.hasEveryPath(op: op, masked: mask != nil, bytesPerPixel: bytesPerPixel) else { return false }
        let entry = KernelTable.composite(at: level)
        let bgra = bytesPerPixel == 4 && redByte == 2
        withAlignedScratch(byteCount: sheen_composite_scratch_bytes(width)) { scratch in
            self.scratch = scratch
            defer { self.scratch = nil }
            runGradient(fill.program, x: x, y: y, bgra: bgra, entry: entry, level: level)
        }
        return true
    }
}
