// Separable convolution sampling of an affinely transformed image, pixman's way: the job
// SheenRaster hands the sample_convolution kernel (SampleConvolutionBody.h at the C levels,
// sampleConvolutionSwift at `reference`): a bilinear job's placement of the pixels (bilinearJob,
// its range check included) and a filter.

import CSheenSIMD

/// The sample_convolution job that fills the `width` × `height` 32-bit pixels at `dst` (rows
/// `dstStride` bytes apart) whose first pixel is the integer point (x, y) of the transform's
/// space, from the 32-bit image `src` filtered by `filter` (a ConvolutionFilter's `weights`): the
/// pixels bilinearJob would place (nil where it would make none: a position or step beyond
/// `samplingPositionLimit`). With `coverage` (a byte a pixel of the rectangle, rows
/// `coverageStride` bytes apart) pixels of coverage 0 are written as 0. The job points at the
/// filter's weights: it must not outlive them.
package func convolutionJob(src: UnsafeRawPointer, srcStride: Int, srcWidth: Int, srcHeight: Int, filter: ConvolutionFilter.Weights,
                            repeat mode: SamplingRepeat, transform t: FixedAffineTransform,
                            dst: UnsafeMutableRawPointer, dstStride: Int, x: Int, y: Int, width: Int, height: Int,
                            coverage: UnsafeRawPointer? = nil, coverageStride: Int = 0) -> SheenConvolutionJob? {
    guard let sample = bilinearJob(src: src, srcStride: srcStride, srcWidth: srcWidth, srcHeight: srcHeight, bytesPerPixel: 4,
                                   repeat: mode, transform: t, dst: dst, dstStride: dstStride, x: x, y: y, width: width, height: height,
                                   coverage: coverage, coverageStride: coverageStride) else { return nil }
    return convolutionJob(sample: sample, filter: filter)
}

/// The sample_convolution job filtering by `filter` (a ConvolutionFilter's `weights`) the pixels
/// `sample` places (a 32-bit sample_bilinear job without `over`). It points at the filter's
/// weights: it must not outlive them.
func convolutionJob(sample: SheenBilinearJob, filter: ConvolutionFilter.Weights) -> SheenConvolutionJob {
    SheenConvolutionJob(sample: sample, tapsAcross: filter.tapsAcross, tapsDown: filter.tapsDown,
                        xPhaseBits: filter.xPhaseBits, yPhaseBits: filter.yPhaseBits,
                        xWeights: UnsafePointer(filter.x), yWeights: UnsafePointer(filter.y))
}

/// Runs `job` with `level`'s sample_convolution entry (C at simd128, avx2 and avx512,
/// `sampleConvolutionSwift` at reference).
package func runConvolutionSampling(_ job: SheenConvolutionJob, level: SIMDLevel) {
    var job = job
    KernelTable.at(level).sampleConvolution(&job)
}
