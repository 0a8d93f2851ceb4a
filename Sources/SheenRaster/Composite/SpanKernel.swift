// Picks the specialised span kernel for an operator once per job; each returned function
// switches on the span's paint and coverage kinds (once per row) into a fully specialised loop.

/// A span kernel: destination format, paint, coverage, destination span, pixel count.
typealias SpanKernel = (PixelFormat, SpanPaint, SpanCoverage, UnsafeMutableRawPointer, Int) -> Void

func spanKernel(for op: CompositeOperator) -> SpanKernel {
    switch op {
    case .clear: return integerSpanKernel(ClearOp.self)
    case .source: return integerSpanKernel(SourceOp.self)
    case .destination: return { _, _, _, _, _ in }
    case .sourceOver: return sourceOverSpanKernel
    case .destinationOver: return integerSpanKernel(DestinationOverOp.self)
    case .sourceIn: return integerSpanKernel(SourceInOp.self)
    case .destinationIn: return integerSpanKernel(DestinationInOp.self)
    case .sourceOut: return integerSpanKernel(SourceOutOp.self)
    case .destinationOut: return integerSpanKernel(DestinationOutOp.self)
    case .sourceAtop: return integerSpanKernel(SourceAtopOp.self)
    case .destinationAtop: return integerSpanKernel(DestinationAtopOp.self)
    case .xor: return integerSpanKernel(XorOp.self)
    case .plus: return integerSpanKernel(PlusOp.self)
    case .multiply: return integerSpanKernel(MultiplyOp.self)
    case .screen: return integerSpanKernel(ScreenOp.self)
    case .overlay: return integerSpanKernel(OverlayOp.self)
    case .darken: return integerSpanKernel(DarkenOp.self)
    case .lighten: return integerSpanKernel(LightenOp.self)
    case .hardLight: return integerSpanKernel(HardLightOp.self)
    case .difference: return integerSpanKernel(DifferenceOp.self)
    case .exclusion: return integerSpanKernel(ExclusionOp.self)
    case .colorDodge, .colorBurn, .softLight, .hue, .saturation, .color, .luminosity:
        return { format, paint, coverage, dst, count in
            doubleBlendSpan32(op, paint, coverage, dst, count, redOffset: format.redByte)
        }
    }
}

/// sourceOver: the opaque-solid-through-a-mask fast path, else the general integer kernel.
private func sourceOverSpanKernel(_ format: PixelFormat, _ paint: SpanPaint, _ coverage: SpanCoverage,
                                  _ dst: UnsafeMutableRawPointer, _ count: Int) {
    if format != .a8, case let .solid(pixel) = paint {
        if pixel >> 24 != 255 {
            integerSpan(SourceOverScaledOp.self, format, paint, coverage, dst, count)
            return
        }
        switch coverage {
        case let .mask(m): over_n_8_8888_span(pixel, m, dst, count); return
        case .full: fillPixels32(dst, pixel, count); return
        case .constant: break
        }
    }
    integerSpan(SourceOverOp.self, format, paint, coverage, dst, count)
}

private func integerSpanKernel<Op: LaneOperator>(_ op: Op.Type) -> SpanKernel {
    { format, paint, coverage, dst, count in integerSpan(op, format, paint, coverage, dst, count) }
}

/// Pixels per chunk when a solid paint or a constant coverage is expanded into a stack row.
private let expandChunk = 256

/// The integer kernels are instantiated for row paint and for full or mask coverage only: a solid
/// paint or a constant coverage is expanded into a small stack row (once per span, reused chunk
/// by chunk). Loading paint from an L1-resident row costs one load per block, and instantiating
/// every kernel for two paint and three coverage kinds tripled SheenRaster's release build time.
private func integerSpan<Op: LaneOperator>(_ op: Op.Type, _ format: PixelFormat, _ paint: SpanPaint,
                                           _ coverage: SpanCoverage, _ dst: UnsafeMutableRawPointer, _ count: Int) {
    if format == .a8 && Op.isBlendMode { preconditionFailure("blend modes are refused on A8 destinations") }
    let bpp = format.bytesPerPixel
    var solid: UInt32? = nil, constant: UInt8? = nil
    if case let .solid(v) = paint { solid = v }
    if case let .constant(c) = coverage { constant = c }
    if solid == nil && constant == nil {
        integerRowSpan(op, bpp, paint, coverage, dst, count)
        return
    }
    withUnsafeTemporaryAllocation(byteCount: expandChunk * 5, alignment: 16) { raw in
        let paintRow = raw.baseAddress!, coverageRow = raw.baseAddress! + expandChunk * 4
        if let v = solid {
            if bpp == 4 { fillPixels32(paintRow, v, expandChunk) } else { setBytes(paintRow, UInt8(truncatingIfNeeded: v), expandChunk) }
        }
        if let c = constant { setBytes(coverageRow, c, expandChunk) }
        var i = 0
        while i < count {
            let n = min(expandChunk, count - i)
            let p: SpanPaint = solid != nil ? .row(UnsafeRawPointer(paintRow)) : paint.advanced(by: i, bytesPerPixel: bpp)
            let c: SpanCoverage = constant != nil ? .mask(UnsafeRawPointer(coverageRow)) : coverage.advanced(by: i)
            integerRowSpan(op, bpp, p, c, dst + i * bpp, n)
            i += n
        }
    }
}

/// A span with row paint and full or mask coverage.
private func integerRowSpan<Op: LaneOperator>(_ op: Op.Type, _ bpp: Int, _ paint: SpanPaint, _ coverage: SpanCoverage,
                                              _ dst: UnsafeMutableRawPointer, _ count: Int) {
    guard case let .row(p) = paint else { preconditionFailure("solid paint is expanded by integerSpan") }
    let rowPaint = RowPaintBlocks(base: p)
    switch (coverage, bpp) {
    case (.full, 4): compositeSpan32(op, rowPaint, FullCoverage(), dst, count)
    case (.full, _): compositeSpan8(op, rowPaint, FullCoverage(), dst, count)
    case let (.mask(m), 4):
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: coverageChunk) { expanded in
            var start = 0
            while start < count {
                let n = min(coverageChunk, count &- start)
                expandCoverage(m + start, expanded.baseAddress!, n)
                compositeSpan32(op, RowPaintBlocks(base: p + start &* 4),
                                MaskCoverage(base: m + start, lanes: UnsafeRawPointer(expanded.baseAddress!)),
                                dst + start &* 4, n)
                start &+= n
            }
        }
    case let (.mask(m), _): compositeSpan8(op, rowPaint, MaskCoverage(base: m), dst, count)
    case (.constant, _): preconditionFailure("constant coverage is expanded by integerSpan")
    }
}
