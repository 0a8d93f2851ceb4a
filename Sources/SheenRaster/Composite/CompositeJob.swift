import CSheenSIMD

/// A validated compositing operation.
struct CompositeJob {
    enum Source {
        case solid(UInt32)
        case gradient(GradientFill)
        case image(ReadOnlyRasterBuffer, x: Int, y: Int)
        case pattern(GradientPattern)
    }

    let destination: RasterBuffer
    let op: CompositeOperator
    let source: Source
    let coverage: Coverage
    /// The destination pixels the operation touches (non-empty).
    let region: PixelRect

    // The checks of an operator, a solid paint and a mask, written once: the job builder below
    // and the per-glyph path (RasterBuffer.compositeColor, the C API's sheen_composite) both
    // make them here. Each is a plain test, which the per-call path makes as it is (a throwing
    // call cost a 12×16 glyph 12 %), and a throwing form that names what failed.

    /// Whether `op` applies to `format` (blend modes need colour).
    @inline(__always)
    static func accepts(_ op: CompositeOperator, onto format: PixelFormat) -> Bool { format != .a8 || op.isAlphaOnly }

    /// Throws unless `accepts(op, onto: format)`.
    static func check(_ op: CompositeOperator, onto format: PixelFormat) throws(RasterError) {
        if !accepts(op, onto: format) { throw RasterError.unsupportedOperator(operator: op.rawValue, format: format) }
    }

    /// A colour as a pixel of `format`, nil for one that is not finite (one test for the four
    /// channels on the call path).
    @inline(__always)
    static func solidPixelIfValid(_ c: Color, for format: PixelFormat) -> UInt32? {
        c.isFinite ? packPixel(c.premultiplied8, for: format) : nil
    }

    /// `solidPixelIfValid`, throwing, naming the component, for a colour that is not finite.
    static func solidPixel(_ c: Color, for format: PixelFormat) throws(RasterError) -> UInt32 {
        if let pixel = solidPixelIfValid(c, for: format) { return pixel }
        try RasterError.requireFinite(Double(c.red), "color red")
        try RasterError.requireFinite(Double(c.green), "color green")
        try RasterError.requireFinite(Double(c.blue), "color blue")
        try RasterError.requireFinite(Double(c.alpha), "color alpha")
        return 0   // not reached: `isFinite` is the four components' test above
    }

    /// A premultiplied colour as a pixel of `format`; throws for a level above its alpha.
    static func solidPixel(_ p: SIMD4<UInt8>, for format: PixelFormat) throws(RasterError) -> UInt32 {
        if p.x > p.w || p.y > p.w || p.z > p.w {
            for (name, v) in [("red", p.x), ("green", p.y), ("blue", p.z)] where v > p.w {
                throw RasterError.outOfRange(name: "premultiplied \(name)", value: Double(v), range: "0…\(p.w) (the alpha)")
            }
        }
        return packPixel(p, for: format)
    }

    /// Whether a coverage `mask` may be placed at (x, y): an A8 mask whose extent does not overflow.
    @inline(__always)
    static func accepts(_ mask: ReadOnlyRasterBuffer, x: Int, y: Int) -> Bool {
        mask.format == .a8 && !x.addingReportingOverflow(mask.width).overflow && !y.addingReportingOverflow(mask.height).overflow
    }

    /// Where a coverage `mask` placed at (x, y) lies; throws for a mask that is not A8 or a
    /// placement whose extent overflows (what `accepts(_:x:y:)` refuses).
    static func placement(of mask: ReadOnlyRasterBuffer, x: Int, y: Int) throws(RasterError) -> PixelRect {
        let rect = PixelRect(x: x, y: y, width: mask.width, height: mask.height)
        if accepts(mask, x: x, y: y) { return rect }
        if mask.format != .a8 { throw RasterError.formatMismatch(expected: .a8, actual: mask.format) }
        return try rect.validated()   // names the overflowing extent
    }

    /// Validates; returns nil when there is nothing to do (empty region, zero coverage).
    init?(destination dst: RasterBuffer, paint: Paint, operator op: CompositeOperator, coverage: Coverage) throws(RasterError) {
        let isA8 = dst.format == .a8
        try Self.check(op, onto: dst.format)
        var region = dst.bounds
        switch paint {
        case let .color(c):
            source = .solid(try Self.solidPixel(c, for: dst.format))
        case let .premultiplied(p):
            source = .solid(try Self.solidPixel(p, for: dst.format))
        case let .gradient(fill):
            source = .gradient(fill)
        case let .image(image, x, y):
            if !isA8 && image.format == .a8 {
                throw RasterError.formatMismatch(expected: dst.format, actual: image.format)
            }
            let placed = try PixelRect(x: x, y: y, width: image.width, height: image.height).validated()
            region = region.intersection(placed)
            source = .image(image, x: x, y: y)
        case let .pattern(pattern):
            if !isA8 && pattern.format == .a8 {
                throw RasterError.formatMismatch(expected: dst.format, actual: pattern.format)
            }
            source = .pattern(pattern)
        }
        switch coverage {
        case .full: break
        case let .alpha(a):
            if a == 0 { return nil }
        case let .mask(mask, x, y, alpha):
            region = region.intersection(try Self.placement(of: mask, x: x, y: y))
            if alpha == 0 { return nil }
        }
        if region.isEmpty { return nil }
        self.destination = dst; self.op = op; self.coverage = coverage; self.region = region
    }

    private init(destination: RasterBuffer, op: CompositeOperator, source: Source, coverage: Coverage, region: PixelRect) {
        self.destination = destination; self.op = op; self.source = source; self.coverage = coverage; self.region = region
    }

    /// This job (validated with full coverage) through an A8 `mask` placed at (x, y), already
    /// checked for format and extent: nil where they do not overlap.
    func through(_ mask: ReadOnlyRasterBuffer, x: Int, y: Int) -> CompositeJob? {
        let placed = region.intersection(PixelRect(x: x, y: y, width: mask.width, height: mask.height))
        if placed.isEmpty { return nil }
        return CompositeJob(destination: destination, op: op, source: source, coverage: .mask(mask, x: x, y: y), region: placed)
    }

    /// The kernel that runs this job: the first of SheenKernels.h's composite fast paths that
    /// matches its operator, paint, coverage and format — the test the C entry makes.
    var kernelName: String {
        var solid = false, opaque = false
        if case let .solid(v) = source { solid = true; opaque = v >> 24 == 255 }
        var masked = false
        if case .mask = coverage { masked = true }
        let k = sheen_simd_composite_kernel(op.kernelIndex, solid ? 1 : 0, opaque ? 1 : 0, masked ? 1 : 0,
                                            UInt32(destination.format.bytesPerPixel))
        return k < 0 ? "" : String(cString: sheen_simd_kernel_name(UInt32(k)))
    }

    /// Runs the operation with `level`'s composite entry (KernelTable.swift).
    func run(_ level: SIMDLevel) {
        runC(KernelTable.composite(at: level), level: level)
    }
}

/// The composite entry of the `reference` level (KernelTable.swift): the job's rows through the
/// scalar reference; SHEEN_COMPOSITE_NO_PATH, nothing written, where the C entries refuse it.
func compositeJobReference(_ job: UnsafePointer<SheenCompositeJob>) -> Int32 {
    if job.pointee.glyphCount > 0 { return compositeGlyphsReference(job.pointee) }
    if job.pointee.componentAlpha != 0 {
        guard sheen_composite_component_alpha_accepted(job) != 0 else { return Int32(SHEEN_COMPOSITE_NO_PATH) }
        compositeJobRows(job.pointee, shading: GradientKernelTwin.run) { _, format, paint, coverage, dst, count in
            guard case let .mask(mask) = coverage else { preconditionFailure("a component-alpha job has a mask") }
            overComponentAlphaSpanReference(format, paint, mask, dst, count)
        }
        return 0
    }
    guard job.pointee.hasCompositePath else { return Int32(SHEEN_COMPOSITE_NO_PATH) }
    // A copy whose rows convert straight into the destination, as the C entries' copy_converted_rows
    // writes it: the caller gives such a job no scratch (runOnCheckedPath), so the row walker
    // below, which converts into scratch, would draw nothing. (The drop-in pixman's src of an
    // a8r8g8b8 image into a8b8g8r8 drew nothing at SHEEN_SIMD=reference until this.)
    if sheen_composite_converts_in_place(job) != 0 {
        let j = job.pointee
        guard j.width > 0, j.height > 0, let dst = j.dst, let paint = j.paint else { return 0 }
        for r in 0 ..< j.height {
            let from = paint + r * j.paintStride, to = dst + r * j.dstStride
            for i in 0 ..< j.width {
                to.storeBytes(of: sheen_paint_converted(from.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self), j.paintConversion),
                              toByteOffset: 4 * i, as: UInt32.self)
            }
        }
        return 0
    }
    /// The job's rows through the scalar reference.
    func walk(_ j: SheenCompositeJob) {
        compositeJobRows(j, shading: GradientKernelTwin.run) { op, format, paint, coverage, dst, count in
            compositeSpanReference(op, format, paint, coverage, dst, count)
        }
    }
    // sourceOver of x8 rows through a mask, which the C entries make opaque in registers
    // (over_opaque_rows): the caller gives no scratch, so the walker, which converts the rows
    // into scratch, is given its own.
    if sheen_composite_over_opaque_rows(job) != 0 && job.pointee.scratch == nil {
        var j = job.pointee
        withAlignedScratch(byteCount: sheen_composite_scratch_bytes(j.width)) { scratch in
            j.scratch = scratch
            walk(j)
        }
        return 0
    }
    walk(job.pointee)
    return 0
}

/// A glyph run's job (`glyphs`), as CompositeEntry.h's composite_glyphs runs it: refused unless
/// sheen_composite_glyph_path finds a path (and, through component-alpha masks,
/// sheen_composite_component_alpha_accepted holds), then one job per glyph over its part inside
/// the run's rectangle, through the glyph's mask.
private func compositeGlyphsReference(_ run: SheenCompositeJob) -> Int32 {
    var run = run
    let ca = run.componentAlpha != 0
    guard sheen_composite_glyph_path(&run) >= 0, !ca || sheen_composite_component_alpha_accepted(&run) != 0,
          let glyphs = run.glyphs, let dst = run.dst else { return Int32(SHEEN_COMPOSITE_NO_PATH) }
    var part = run
    part.glyphs = nil
    part.glyphCount = 0
    for glyph in UnsafeBufferPointer(start: glyphs, count: run.glyphCount) {
        let x0 = Int(glyph.x), y0 = Int(glyph.y), x1 = x0 + Int(glyph.width), y1 = y0 + Int(glyph.height)
        let cx0 = max(x0, 0), cy0 = max(y0, 0), cx1 = min(x1, run.width), cy1 = min(y1, run.height)
        guard cx1 > cx0, cy1 > cy0, let mask = glyph.mask else { continue }
        part.dst = dst + cy0 * run.dstStride + cx0 * Int(run.bytesPerPixel)
        part.mask = mask + (cy0 - y0) * glyph.maskStride + (cx0 - x0) * (ca ? 4 : 1)
        part.maskStride = glyph.maskStride
        part.width = cx1 - cx0
        part.height = cy1 - cy0
        _ = compositeJobReference(&part)
    }
    return 0
}

/// Walks a job's rows as spans, as CompositeEntry.h's composite_rows does (the C levels' one row
/// walker, of which this is the twin): its paint (row pointer, solid value, a value of the paint
/// column, a row converted to the destination's format, or a gradient row shaded by `shading`,
/// the level's gradient span kernel) and coverage (mask row, scaled by the job's coverage where
/// that is below 255, or constant) per row, in the format its bytes per pixel and red byte name.
private func compositeJobRows(_ j: SheenCompositeJob, shading: (SheenGradientJob) -> Void,
                              _ span: (CompositeOperator, PixelFormat, SpanPaint, SpanCoverage, UnsafeMutableRawPointer, Int) -> Void) {
    guard j.width > 0, j.height > 0, let dst = j.dst, let op = CompositeOperator(kernelIndex: j.op) else { return }
    let format: PixelFormat = j.bytesPerPixel == 1 ? .a8 : j.redByte == 2 ? .bgra8Premultiplied : .rgba8Premultiplied
    let scaled = j.mask != nil && j.coverage < 255
    let paintRow = j.scratch, maskRow = j.scratch.map { $0 + sheen_composite_scratch_mask_offset(j.width) }
    var colour: UInt32 = 0
    for r in 0 ..< j.height {
        let paint: SpanPaint
        if let gradient = j.gradient {
            var row = gradient.pointee
            row.y = gradient.pointee.y + r
            row.height = 1
            row.dstStride = 0
            if row.width == 1 && row.bytesPerPixel == 4 {
                paint = withUnsafeMutableBytes(of: &colour) { c in
                    row.dst = c.baseAddress?.assumingMemoryBound(to: UInt8.self)
                    shading(row)
                    return .solid(j.bytesPerPixel == 1 ? c.load(as: UInt32.self) >> 24 : c.load(as: UInt32.self))
                }
            } else {
                guard let paintRow else { return }
                row.dst = paintRow.assumingMemoryBound(to: UInt8.self)
                shading(row)
                paint = .row(UnsafeRawPointer(paintRow))
            }
        } else if let column = j.paintColumn {
            paint = .solid(column[r])
        } else if let p = j.paint {
            let row = p + r * j.paintStride
            if j.paintConversion != UInt32(SHEEN_PAINT_AS_IS) {
                guard let paintRow else { return }
                for i in 0 ..< j.width {
                    let v = sheen_paint_converted(row.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self), j.paintConversion)
                    if sheen_paint_conversion_is_alpha(j.paintConversion) != 0 {
                        paintRow.storeBytes(of: UInt8(v), toByteOffset: i, as: UInt8.self)
                    } else {
                        paintRow.storeBytes(of: v, toByteOffset: 4 * i, as: UInt32.self)
                    }
                }
                paint = .row(UnsafeRawPointer(paintRow))
            } else {
                paint = .row(row)
            }
        } else {
            paint = .solid(j.solid)
        }
        let coverage: SpanCoverage
        if let mask = j.mask {
            let row = UnsafeRawPointer(mask) + r * j.maskStride
            if scaled {
                guard let maskRow else { return }
                for i in 0 ..< j.width {
                    let m = UInt32(row.load(fromByteOffset: i, as: UInt8.self))
                    maskRow.storeBytes(of: UInt8(truncatingIfNeeded: mulDiv255(m, j.coverage)), toByteOffset: i, as: UInt8.self)
                }
                coverage = .mask(UnsafeRawPointer(maskRow))
            } else {
                coverage = .mask(row)
            }
        } else {
            coverage = j.coverage == 255 ? .full : .constant(UInt8(truncatingIfNeeded: j.coverage))
        }
        span(op, format, paint, coverage, dst + r * j.dstStride, j.width)
    }
}
