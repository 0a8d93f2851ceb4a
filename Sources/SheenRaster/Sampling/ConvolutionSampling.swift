// Separable convolution sampling of an affinely transformed image, pixman's way: the job
// SheenRaster hands the sample_convolution kernel (SampleConvolutionBody.h at the C levels,
// sampleConvolutionSwift at `reference`), built from a filter, a transform and the rectangle it
// fills, with bilinearJob's range check.

import CSheenSIMD

/// The sample_convolution job that fills the `width` × `height` 32-bit pixels at `dst` (rows
/// `dstStride` bytes apart) whose first pixel is the integer point (x, y) of the transform's
/// space, from the 32-bit image `src` filtered by `filter` (a ConvolutionFilter's `weights`); nil
/// where a position or step leaves `samplingPositionLimit`, as bilinearJob. With `coverage` (a
/// byte a pixel of the rectangle, rows `coverageStride` bytes apart) pixels of coverage 0 are
/// written as 0. The job points at the filter's weights: it must not outlive them.
package func convolutionJob(src: UnsafeRawPointer, srcStride: Int, srcWidth: Int, srcHeight: Int, filter: ConvolutionFilter.Weights,
                            repeat mode: SamplingRepeat, transform t: FixedAffineTransform,
                            dst: UnsafeMutableRawPointer, dstStride: Int, x: Int, y: Int, width: Int, height: Int,
                            coverage: UnsafeRawPointer? = nil, coverageStride: Int = 0) -> SheenConvolutionJob? {
    guard srcWidth > 0, srcHeight > 0, srcWidth < samplingPositionLimit, srcHeight < samplingPositionLimit else { return nil }
    let first = t.position(x: x, y: y)
    func within(_ v: Int) -> Bool { v > -samplingPositionLimit && v < samplingPositionLimit }
    guard within(first.x), within(first.y), within(width * Int(t.xx)), within(width * Int(t.yx)),
          within(height * Int(t.xy)), within(height * Int(t.yy)) else { return nil }
    return SheenConvolutionJob(src: src.assumingMemoryBound(to: UInt8.self), srcStride: srcStride, srcWidth: Int32(srcWidth),
                               srcHeight: Int32(srcHeight), repeat: mode.rawValue,
                               dst: dst.assumingMemoryBound(to: UInt8.self), dstStride: dstStride, width: width, height: height,
                               x: Int32(first.x), y: Int32(first.y), dxdi: t.xx, dydi: t.yx, dxdr: t.xy, dydr: t.yy,
                               coverage: coverage?.assumingMemoryBound(to: UInt8.self), coverageStride: coverageStride,
                               tapsAcross: filter.tapsAcross, tapsDown: filter.tapsDown,
                               xPhaseBits: filter.xPhaseBits, yPhaseBits: filter.yPhaseBits,
                               xWeights: UnsafePointer(filter.x), yWeights: UnsafePointer(filter.y))
}

/// Runs `job` with `level`'s sample_convolution entry (C at simd128, avx2 and avx512,
/// `sampleConvolutionSwift` at reference).
package func runConvolutionSampling(_ job: SheenConvolutionJob, level: SIMDLevel) {
    var job = job
    KernelTable.at(level).sampleConvolution(&job)
}
