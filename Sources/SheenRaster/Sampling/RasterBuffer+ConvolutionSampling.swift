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
        guard format.bytesPerPixel == 4 else { throw .unsupportedOperator(operator: "separable convolution", format: format) }
        guard let (sample, level) = try samplingJob(from: source, transform: transform, origin: origin, repeat: mode, rect: rect)
        else { return }
        let job = convolutionJob(sample: sample, filter: filter.weights)
        // The filter's weights live as long as `filter`, which outlives the job here.
        withExtendedLifetime(filter) { runConvolutionSampling(job, level: level) }
    }
}
