// The public face of the sample_bilinear kernel (BilinearSampling.swift): an image drawn through
// an affine transform with pixman's bilinear filter, byte for byte as pixman samples it; and the
// checked job both sampling entry points start from (samplingJob).

import CSheenSIMD

extension RasterBuffer {
    /// Fills `rect` (default: the whole buffer; clipped to it) with `source` sampled through
    /// `transform` with pixman's bilinear filter, exactly as pixman samples a `PIXMAN_FILTER_BILINEAR`
    /// image (kernel: sample_bilinear): the pixel at (x, y) of this buffer takes the source at the
    /// 16.16 position `transform` gives the pixel (x + origin.x, y + origin.y) — its centre, with
    /// pixman_transform_point_3d's rounding —, weighting the four nearest pixels with 7-bit weights
    /// and rounding each channel down; `repeat` places pixels past the source's edges. Each byte is
    /// one channel, whatever its meaning (RGBA8 and BGRA8 alike; A8: one channel), so premultiplied
    /// sources give premultiplied results. Reads only the source pixels sampled.
    ///
    /// Throws, writing nothing: `RasterError.formatMismatch` unless `source` has this buffer's
    /// format, `.invalidRect` for a rectangle of negative size, `.outOfRange` for a source wider or
    /// taller than 2²⁹ − 1 pixels, or for a sampled position or step, in pixels, beyond ±8,192 (the
    /// kernel's positions are 32-bit 16.16 numbers).
    public func sampleBilinear(from source: ReadOnlyRasterBuffer, transform: FixedAffineTransform,
                               origin: (x: Int, y: Int) = (0, 0), repeat mode: SamplingRepeat = .none,
                               rect: PixelRect? = nil) throws(RasterError) {
        guard let (job, level) = try samplingJob(from: source, transform: transform, origin: origin, repeat: mode, rect: rect) else { return }
        runBilinearSampling(job, level: level)
    }

    /// The sample_bilinear job filling `rect` (default: the whole buffer; clipped to it) from
    /// `source` through `transform` — what sampleBilinear runs, and what sampleConvolution's
    /// job places its pixels by — and the level to run it at; nil for an empty rectangle. Throws,
    /// having written nothing, as sampleBilinear says.
    func samplingJob(from source: ReadOnlyRasterBuffer, transform: FixedAffineTransform, origin: (x: Int, y: Int),
                     repeat mode: SamplingRepeat, rect: PixelRect?) throws(RasterError) -> (SheenBilinearJob, SIMDLevel)? {
        guard source.format == format else { throw .formatMismatch(expected: format, actual: source.format) }
        let level = try Kernels.requestedLevel()
        let r = try (rect ?? bounds).validated().intersection(bounds)
        if r.isEmpty { return nil }
        let bpp = format.bytesPerPixel
        for (name, size) in [("source width", source.width), ("source height", source.height)]
        where size < 1 || size >= samplingPositionLimit {
            throw .outOfRange(name: name, value: Double(size), range: "1…\(samplingPositionLimit - 1)")
        }
        guard let job = bilinearJob(src: source.base, srcStride: source.bytesPerRow, srcWidth: source.width,
                                    srcHeight: source.height, bytesPerPixel: bpp, repeat: mode, transform: transform,
                                    dst: row(r.y) + r.x * bpp, dstStride: bytesPerRow,
                                    x: r.x + origin.x, y: r.y + origin.y, width: r.width, height: r.height) else {
            let first = transform.position(x: r.x + origin.x, y: r.y + origin.y)
            throw .outOfRange(name: "sampled position or step (pixels)", value: Double(max(abs(first.x), abs(first.y))) / 65536,
                              range: "±\(samplingPositionLimit >> 16)")
        }
        return (job, level)
    }
}
