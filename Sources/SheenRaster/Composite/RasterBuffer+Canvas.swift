extension CompositeOperator {
    /// True for the operators whose result with a transparent source is not the destination —
    /// clear, source (canvas's "copy"), sourceIn, sourceOut, destinationIn, destinationAtop. An
    /// HTML canvas applies them everywhere ("unbounded"): drawing a shape with one changes the
    /// pixels outside the shape too (`RasterBuffer.compositeAsCanvas`).
    public var clearsOutsideTheShape: Bool {
        switch self {
        case .clear, .source, .sourceIn, .sourceOut, .destinationIn, .destinationAtop: return true
        default: return false
        }
    }
}

extension RasterBuffer {
    /// Composites as an HTML canvas's `globalCompositeOperation` does: the paint, scaled by the
    /// coverage and by `globalAlpha` (0…1), is the source at every pixel of this view — and a
    /// transparent source wherever the paint (an image) or the mask does not reach — and `op`
    /// combines it with the destination: `op(S × coverage × globalAlpha, D)` everywhere. For the
    /// operators that `clearsOutsideTheShape` this changes pixels outside the shape (a canvas's
    /// "copy" of a small image clears the rest of the canvas) and partly covered pixels differ
    /// from `composite`'s `lerp(D, op(S, D), c)`; for the others it is `composite` with the
    /// global alpha folded into the coverage, the same in real numbers.
    ///
    /// The global alpha is rounded to 8 bits (as canvases do); the scaled coverage and the scaled
    /// source are each rounded once before the operator combines them exactly, so each result is
    /// within 1.5 levels of the real value (tested at every pixel for every Porter-Duff operator). The unbounded operators take a scratch image the size
    /// of this view. Throws as `composite` does, and `RasterError.outOfRange` for a global alpha
    /// outside 0…1 (NaN included) — in every case touching nothing.
    public func compositeAsCanvas(_ paint: Paint, operator op: CompositeOperator = .sourceOver,
                                  coverage: Coverage = .full, globalAlpha: Double = 1) throws(RasterError) {
        guard globalAlpha >= 0, globalAlpha <= 1 else {
            throw .outOfRange(name: "globalAlpha", value: globalAlpha, range: "[0, 1]")
        }
        let alpha = UInt8((globalAlpha * 255).rounded())
        // The global alpha joins the coverage (one rounding: a × alpha / 255).
        func times(_ a: UInt8) -> UInt8 { UInt8((Int(a) * Int(alpha) + 127) / 255) }
        let scaled: Coverage
        switch coverage {
        case .full: scaled = .alpha(alpha)
        case let .alpha(a): scaled = .alpha(times(a))
        case let .mask(m, x, y, a): scaled = .mask(m, x: x, y: y, alpha: times(a))
        }
        guard op.clearsOutsideTheShape else {
            try composite(paint, operator: op, coverage: scaled)
            return
        }
        // The source layer: the paint times its coverage where it reaches, transparent elsewhere
        // (source into transparent is lerp(0, S, c) = S × c, rounded once), then `op` with that
        // layer over the whole view.
        let layerFormat: PixelFormat = format == .a8 ? .a8 : format
        let layer = try Image(width: width, height: height, format: layerFormat)
        try layer.withBuffer { (l) throws(RasterError) in try l.composite(paint, operator: .source, coverage: scaled) }
        try layer.withReadOnlyBuffer { (image) throws(RasterError) in try composite(.image(image), operator: op) }
    }
}

extension Paint {
    /// A canvas gradient (`createLinearGradient` and its kin, then `addColorStop`) as a paint:
    /// with no stops it paints transparent black, as a canvas does; a stop offset outside 0…1 is
    /// refused (`RasterError.outOfRange`, canvas's IndexSizeError) where `GradientFill` would
    /// clamp it. Throws what `GradientFill` throws otherwise.
    public static func canvasGradient(_ gradient: Gradient) throws(RasterError) -> Paint {
        try gradient.checkCanvasOffsets()
        guard !gradient.stops.isEmpty else { return .premultiplied(SIMD4(0, 0, 0, 0)) }
        return .gradient(try GradientFill(gradient))
    }
}

extension Gradient {
    /// The canvas rule for stops, in one place for `Paint.canvasGradient` and the C API's
    /// `sheen_gradient_create_canvas_*`: an offset outside 0…1 is refused (canvas's
    /// IndexSizeError) where `GradientFill` would clamp it.
    package func checkCanvasOffsets() throws(RasterError) {
        for (i, s) in stops.enumerated() where !(s.offset >= 0 && s.offset <= 1) {
            throw .outOfRange(name: "stops[\(i)].offset", value: s.offset, range: "[0, 1] (a canvas refuses other offsets)")
        }
    }
}
