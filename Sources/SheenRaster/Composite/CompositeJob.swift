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

    /// Validates; returns nil when there is nothing to do (empty region, zero coverage).
    init?(destination dst: RasterBuffer, paint: Paint, operator op: CompositeOperator, coverage: Coverage) throws(RasterError) {
        let isA8 = dst.format == .a8
        if isA8 && !op.isAlphaOnly {
            throw RasterError.unsupportedOperator(operator: op.rawValue, format: dst.format)
        }
        var region = dst.bounds
        switch paint {
        case let .color(c):
            for (name, v) in [("red", c.red), ("green", c.green), ("blue", c.blue), ("alpha", c.alpha)] {
                try RasterError.requireFinite(Double(v), "color \(name)")
            }
            source = .solid(packPixel(c.premultiplied8, for: dst.format))
        case let .premultiplied(p):
            for (name, v) in [("red", p.x), ("green", p.y), ("blue", p.z)] where v > p.w {
                throw RasterError.outOfRange(name: "premultiplied \(name)", value: Double(v),
                                             range: "0…\(p.w) (the alpha)")
            }
            source = .solid(packPixel(p, for: dst.format))
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
            if mask.format != .a8 { throw RasterError.formatMismatch(expected: .a8, actual: mask.format) }
            let placed = try PixelRect(x: x, y: y, width: mask.width, height: mask.height).validated()
            region = region.intersection(placed)
            if alpha == 0 { return nil }
        }
        if region.isEmpty { return nil }
        self.destination = dst; self.op = op; self.coverage = coverage; self.region = region
    }

    /// The table entry that runs this job (Kernels.table).
    var kernelName: String {
        if op.isEvaluatedInDouble { return "composite_double_8888" }
        if destination.format == .a8 { return "composite_8" }
        if op == .sourceOver, case let .solid(v) = source, v >> 24 == 255, case .mask = coverage { return "over_n_8_8888" }
        return "composite_8888"
    }

    /// Runs the operation at `requested` (or the best level below it that its kernel has).
    func run(_ requested: SIMDLevel) {
        let level = Kernels.level(of: kernelName, at: requested) ?? .portable
        switch level {
        case .avx2: runC(sheen_composite_avx2, level: level)
        case .avx512: runC(sheen_composite_avx512, level: level)
        case .reference, .portable: runRows(level)
        }
    }

    /// Walks the region row by row with the Swift span kernels (`portable`) or the reference.
    func runRows(_ level: SIMDLevel) {
        let width = region.width
        let bpp = destination.format.bytesPerPixel
        let kernel = level == .reference ? nil : spanKernel(for: op)
        withScratchRows { paintRow, coverageRow in
            var rows = PaintRows(job: self, scratch: paintRow, level: level)
            for y in region.y ..< region.y + region.height {
                let paint = rows.span(y: y)
                let cov = coverageSpan(y: y, scratch: coverageRow)
                let dst = destination.row(y) + region.x * bpp
                if let kernel {
                    kernel(destination.format, paint, cov, dst, width)
                } else {
                    compositeSpanReference(op, destination.format, paint, cov, dst, width)
                }
            }
        }
    }

    /// Runs `body` with a paint row (4 bytes per region pixel) and a coverage row (1 byte per
    /// pixel) of scratch memory.
    func withScratchRows(_ body: (UnsafeMutableRawPointer, UnsafeMutableRawPointer) -> Void) {
        let width = region.width
        withUnsafeTemporaryAllocation(byteCount: width * 5 + 64, alignment: 16) { scratch in
            let paintRow = scratch.baseAddress!
            body(paintRow, paintRow + width * 4 + 32)
        }
    }

    /// The coverage of row y of the region.
    func coverageSpan(y: Int, scratch: UnsafeMutableRawPointer) -> SpanCoverage {
        switch coverage {
        case .full: return .full
        case let .alpha(a): return a == 255 ? .full : .constant(a)
        case let .mask(mask, mx, my, alpha):
            let row = mask.row(y - my) + (region.x - mx)
            if alpha == 255 { return .mask(row) }
            let g = UInt32(alpha)
            for i in 0 ..< region.width {
                let m = UInt32(row.load(fromByteOffset: i, as: UInt8.self))
                scratch.storeBytes(of: UInt8(truncatingIfNeeded: mulDiv255(m, g)), toByteOffset: i, as: UInt8.self)
            }
            return .mask(UnsafeRawPointer(scratch))
        }
    }
}
