// The public face of the sample_convolution kernel (ConvolutionSampling.swift): an image drawn
// through an affine transform with pixman's separable convolution filter, byte for byte as
// pixman filters it.

extension RasterBuffer {
    /// Fills `rect` (default: the whole buffer; clipped to it) with `source` filtered by `filter`
    /// through `transform`, exactly as pixman filters a `PIXMAN_FILTER_SEPARABLE_CONVOLUTION`
    /// image (kernel: sample_convolution; cairo downscales images so): the pixel at (x, y) of
    /// this buffer takes the source at the 16.16 position `transform` gives the pixel
    /// (x + origin.x, y + origin.y) — its centre, with pixman_transform_point_3d's rounding —,
    /// rounded to the middle of its phase, each of the filter's taps weighted by the product of
    /// its phase's x and y weights (rounded to 16.16), each channel's sum rounded and clamped to
    /// 0…255; `repeat` places pixels past the source's edges. 32-bit formats only; each byte is
    /// one channel (RGBA8 and BGRA8 alike). Reads only the source pixels sampled.
    ///
    /// Throws, writing nothing: `RasterError.formatMismatch` unless `source` has this buffer's
    /// format, `.unsupportedOperator` for an A8 buffer, `.invalidRect` for a rectangle of
    /// negative size, `.outOfRange` for a source wider or taller than 2²⁹ − 1 pixels, or for a
    /// sampled position or step, in pixels, beyond ±8,192.
    public func sampleConvolution(from source: ReadOnlyRasterBuffer, filter: ConvolutionFilter, transform: FixedAffineTransform,
                                  origin: (x: Int, y: Int) = (0, 0), repeat mode: SamplingRepeat = .none,
                                  rect: PixelRect? = nil) throws(RasterError) {
        guard source.format == format else { throw .formatMismatch(expected: format, actual: source.format) }
        guard format.bytesPerPixel == 4 else { throw .unsupportedOperator(operator: "separable convolution", format: format) }
        let level = try Kernels.requestedLevel()
        let r = try (rect ?? bounds).validated().intersection(bounds)
        if r.isEmpty { return }
        for (name, size) in [("source width", source.width), ("source height", source.height)]
        where size < 1 || size >= samplingPositionLimit {
            throw .outOfRange(name: name, value: Double(size), range: "1…\(samplingPositionLimit - 1)")
        }
        guard let job = convolutionJob(src: source.base, srcStride: source.bytesPerRow, srcWidth: source.width,
                                       srcHeight: source.height, filter: filter.weights, repeat: mode, transform: transform,
                                       dst: row(r.y) + r.x * 4, dstStride: bytesPerRow,
                                       x: r.x + origin.x, y: r.y + origin.y, width: r.width, height: r.height) else {
            let first = transform.position(x: r.x + origin.x, y: r.y + origin.y)
            throw .outOfRange(name: "sampled position or step (pixels)", value: Double(max(abs(first.x), abs(first.y))) / 65536,
                              range: "±\(samplingPositionLimit >> 16)")
        }
        // The filter's weights live as long as `filter`, which outlives the job here.
        withExtendedLifetime(filter) { runConvolutionSampling(job, level: level) }
    }
}
