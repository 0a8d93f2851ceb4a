// Picks the specialised span kernel for an operator once per job; each returned function
// switches on the span's paint and coverage kinds (once per row) into a fully specialised loop.

/// A span kernel: destination format, paint, coverage, destination span, pixel count.
typealias SpanKernel = (PixelFormat, SpanPaint, SpanCoverage, UnsafeMutableRawPointer, Int) -> Void

func spanKernel(for op: CompositeOperator) -> SpanKernel {
    switch op {
    case .clear: return integerSpanKernel(ClearLanes.self)
    case .source: return integerSpanKernel(SourceLanes.self)
    case .destination: return { _, _, _, _, _ in }
    case .sourceOver: return sourceOverSpanKernel
    case .destinationOver: return integerSpanKernel(DestinationOverLanes.self)
    case .sourceIn: return integerSpanKernel(SourceInLanes.self)
    case .destinationIn: return integerSpanKernel(DestinationInLanes.self)
    case .sourceOut: return integerSpanKernel(SourceOutLanes.self)
    case .destinationOut: return integerSpanKernel(DestinationOutLanes.self)
    case .sourceAtop: return integerSpanKernel(SourceAtopLanes.self)
    case .destinationAtop: return integerSpanKernel(DestinationAtopLanes.self)
    case .xor: return integerSpanKernel(XorLanes.self)
    case .plus: return integerSpanKernel(PlusLanes.self)
    case .multiply: return integerSpanKernel(MultiplyLanes.self)
    case .screen: return integerSpanKernel(ScreenLanes.self)
    case .overlay: return integerSpanKernel(OverlayLanes.self)
    case .darken: return integerSpanKernel(DarkenLanes.self)
    case .lighten: return integerSpanKernel(LightenLanes.self)
    case .hardLight: return integerSpanKernel(HardLightLanes.self)
    case .difference: return integerSpanKernel(DifferenceLanes.self)
    case .exclusion: return integerSpanKernel(ExclusionLanes.self)
    case .colorDodge, .colorBurn, .softLight, .hue, .saturation, .color, .luminosity:
        return { format, paint, coverage, dst, count in
            doubleBlendSpan32(op, paint, coverage, dst, count, redOffset: format == .bgra8Premultiplied ? 2 : 0)
        }
    }
}

/// sourceOver: the opaque-solid-through-a-mask fast path, else the general integer kernel.
private func sourceOverSpanKernel(_ format: PixelFormat, _ paint: SpanPaint, _ coverage: SpanCoverage,
                                  _ dst: UnsafeMutableRawPointer, _ count: Int) {
    if format != .a8, case let .solid(pixel) = paint, pixel >> 24 == 255 {
        switch coverage {
        case let .mask(m): opaqueOverSpan32(pixel, m, dst, count); return
        case .full: fillPixels32(dst, pixel, count); return
        case .constant: break
        }
    }
    integerSpan(SourceOverLanes.self, format, paint, coverage, dst, count)
}

private func integerSpanKernel<Op: LaneOperator>(_ op: Op.Type) -> SpanKernel {
    { format, paint, coverage, dst, count in integerSpan(op, format, paint, coverage, dst, count) }
}

private func integerSpan<Op: LaneOperator>(_ op: Op.Type, _ format: PixelFormat, _ paint: SpanPaint,
                                           _ coverage: SpanCoverage, _ dst: UnsafeMutableRawPointer, _ count: Int) {
    // Blend modes never reach A8 destinations (refused when the job is made); not instantiating
    // their A8 loops halves what the optimiser has to compile.
    if format == .a8 {
        if Op.usesUnionAlpha { preconditionFailure("blend modes are refused on A8 destinations") }
        switch paint {
        case let .solid(v):
            integerSpan8(op, SolidPaintBlocks(value: ByteBlock(byte: UInt8(truncatingIfNeeded: v))), coverage, dst, count)
        case let .row(p):
            integerSpan8(op, RowPaintBlocks(base: p), coverage, dst, count)
        }
    } else {
        switch paint {
        case let .solid(v): integerSpan32(op, SolidPaintBlocks(value: ByteBlock(pixel: v)), coverage, dst, count)
        case let .row(p): integerSpan32(op, RowPaintBlocks(base: p), coverage, dst, count)
        }
    }
}

private func integerSpan32<Op: LaneOperator, P: PaintBlocks>(_ op: Op.Type, _ paint: P, _ coverage: SpanCoverage,
                                                             _ dst: UnsafeMutableRawPointer, _ count: Int) {
    switch coverage {
    case .full: compositeSpan32(op, paint, FullCoverage(), dst, count)
    case let .constant(c): compositeSpan32(op, paint, ConstantCoverage(value: c), dst, count)
    case let .mask(m): compositeSpan32(op, paint, MaskCoverage(base: m), dst, count)
    }
}

private func integerSpan8<Op: LaneOperator, P: PaintBlocks>(_ op: Op.Type, _ paint: P, _ coverage: SpanCoverage,
                                                            _ dst: UnsafeMutableRawPointer, _ count: Int) {
    switch coverage {
    case .full: compositeSpan8(op, paint, FullCoverage(), dst, count)
    case let .constant(c): compositeSpan8(op, paint, ConstantCoverage(value: c), dst, count)
    case let .mask(m): compositeSpan8(op, paint, MaskCoverage(base: m), dst, count)
    }
}
