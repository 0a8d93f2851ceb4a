// The compositing entry point: validates everything, clips the region, then runs it at the
// kernel table's level (Kernels.swift): the C kernels take whole rectangles where paint and
// coverage lie in memory (CompositeJob+C.swift); otherwise the region is walked row by row, each
// row's paint span and coverage span handed to a Swift span kernel (CompositeSpan+Kernel.swift,
// BlendDoubleLanes.swift) or to the scalar reference (CompositeSpan+Reference.swift).

import CSheenSIMD

extension RasterBuffer {
    /// Composites `paint` onto this buffer with `operator`, through `coverage`.
    ///
    /// - The destination is premultiplied RGBA8 or BGRA8, or A8 for the Porter-Duff operators
    ///   (mask arithmetic on alpha; blend modes throw `RasterError.unsupportedOperator` there).
    /// - The operation covers this whole view, clipped to where an image paint and a mask lie
    ///   (pixels outside that intersection are not touched). Nothing is read outside any view.
    /// - Coverage applies as `lerp(D, op(S, D), c)`, or as `op(S × c, D)` where that is the same
    ///   in real numbers (see `Coverage` and `CompositeOperator.coverageScalesPaint`); sourceOver
    ///   of an opaque paint pixel is the lerp rounded once, the correctly rounded value. Coverage
    ///   0 leaves a pixel unchanged for every operator.
    /// - Results are exact (see `CompositeOperator`) for valid premultiplied input (every colour
    ///   level ≤ its alpha). Input that is not valid premultiplied colour gives unspecified
    ///   values but never reads or writes outside the views.
    /// - An image or mask view may be this very buffer only at the same position (x = y = 0 and
    ///   identical layout); other overlaps give unspecified values.
    ///
    /// Throws `RasterError` — destination untouched — for a non-finite colour, a premultiplied
    /// colour with a level above its alpha, an image, pattern or mask of the wrong format, a
    /// placement whose extent overflows `Int`, or a blend mode on an A8 destination.
    ///
    /// Runs at `Kernels.current` (see `Kernels` for choosing a level); throws
    /// `RasterError.simdLevelUnavailable` when `SHEEN_SIMD` asked for a level this CPU lacks.
    public func composite(_ paint: Paint, operator op: CompositeOperator = .sourceOver,
                          coverage: Coverage = .full) throws {
        let level = try Kernels.requestedLevel()
        guard let job = try CompositeJob(destination: self, paint: paint, operator: op, coverage: coverage) else { return }
        job.run(level)
    }

    /// Composites a colour through an A8 mask placed at destination (x, y) — text drawing.
    public func composite(_ color: Color, through mask: ReadOnlyRasterBuffer, x: Int = 0, y: Int = 0,
                          operator op: CompositeOperator = .sourceOver) throws {
        try composite(.color(color), operator: op, coverage: .mask(mask, x: x, y: y))
    }

    /// Draws a premultiplied image with its top-left pixel at destination (x, y), with a global
    /// alpha (255 = opaque).
    public func draw(_ image: ReadOnlyRasterBuffer, x: Int = 0, y: Int = 0, alpha: UInt8 = 255,
                     operator op: CompositeOperator = .sourceOver) throws {
        try composite(.image(image, x: x, y: y), operator: op, coverage: .alpha(alpha))
    }
}

/// The paint of one row span, in the destination's format: one repeated value (a 32-bit pixel
/// in memory byte order, or an A8 value in the low byte) or a row of pixels.
enum SpanPaint {
    case solid(UInt32)
    case row(UnsafeRawPointer)

    /// Pixel `i` of a 32-bit span.
    @inline(__always)
    func pixel32(_ i: Int) -> UInt32 {
        switch self {
        case let .solid(v): return v
        case let .row(p): return p.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)
        }
    }

    /// The span from pixel `i` on.
    @inline(__always)
    func advanced(by i: Int, bytesPerPixel: Int) -> SpanPaint {
        switch self {
        case .solid: return self
        case let .row(p): return .row(p + i * bytesPerPixel)
        }
    }

    /// Value `i` of an A8 span.
    @inline(__always)
    func alpha8(_ i: Int) -> UInt8 {
        switch self {
        case let .solid(v): return UInt8(truncatingIfNeeded: v)
        case let .row(p): return p.load(fromByteOffset: i, as: UInt8.self)
        }
    }
}

/// The coverage of one row span.
enum SpanCoverage {
    case full
    case constant(UInt8)
    case mask(UnsafeRawPointer)

    /// The span from pixel `i` on.
    @inline(__always)
    func advanced(by i: Int) -> SpanCoverage {
        switch self {
        case .full, .constant: return self
        case let .mask(p): return .mask(p + i)
        }
    }

    /// Coverage of pixel `i`.
    @inline(__always)
    func value(_ i: Int) -> UInt8 {
        switch self {
        case .full: return 255
        case let .constant(c): return c
        case let .mask(p): return p.load(fromByteOffset: i, as: UInt8.self)
        }
    }
}

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
    init?(destination dst: RasterBuffer, paint: Paint, operator op: CompositeOperator, coverage: Coverage) throws {
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

/// (R, G, B, A) levels as one pixel in `format`'s memory byte order (A8: alpha in the low byte).
func packPixel(_ p: SIMD4<UInt8>, for format: PixelFormat) -> UInt32 {
    switch format {
    case .rgba8Premultiplied:
        return UInt32(p.x) | UInt32(p.y) << 8 | UInt32(p.z) << 16 | UInt32(p.w) << 24
    case .bgra8Premultiplied:
        return UInt32(p.z) | UInt32(p.y) << 8 | UInt32(p.x) << 16 | UInt32(p.w) << 24
    case .a8:
        return UInt32(p.w)
    }
}
