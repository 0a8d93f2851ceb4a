// Bilinear sampling of an affinely transformed image, pixman's way: the job SheenRaster hands the
// sample_bilinear kernel (SampleBilinearBody.h at the C levels, sampleBilinearSwift at
// `reference`), built from a transform and the rectangle it fills, with the range check that
// keeps the kernel's 32-bit positions from overflowing.

import CSheenSIMD

/// Positions, steps and their products are kept within ±2²⁹ (16.16: ±8,192 pixels), so that
/// every sum the kernel forms in 32 bits stays below 2³¹.
let samplingPositionLimit = 1 << 29

/// The sample_bilinear job that fills the `width` × `height` pixels at `dst` (rows `dstStride`
/// bytes apart) whose first pixel is the integer point (x, y) of the transform's space, from
/// `src`; nil where a position or step leaves `samplingPositionLimit` (the kernel would
/// overflow; pixman's own 32-bit positions wrap there) or `over` is asked of A8. With `coverage`
/// (a byte a pixel of the rectangle, rows `coverageStride` bytes apart) pixels of coverage 0 are
/// written as 0. With `over` (`bytesPerPixel` 4), each sample is composited onto `dst`'s pixel
/// with sourceOver through its coverage instead (SheenBilinearJob's `over`; `dst` must not
/// overlap `src`).
@inline(__always)
package func bilinearJob(src: UnsafeRawPointer, srcStride: Int, srcWidth: Int, srcHeight: Int, bytesPerPixel: Int,
                         repeat mode: SamplingRepeat, transform t: FixedAffineTransform,
                         dst: UnsafeMutableRawPointer, dstStride: Int, x: Int, y: Int, width: Int, height: Int,
                         coverage: UnsafeRawPointer? = nil, coverageStride: Int = 0, over: Bool = false) -> SheenBilinearJob? {
    guard srcWidth > 0, srcHeight > 0, srcWidth < samplingPositionLimit, srcHeight < samplingPositionLimit,
          !over || bytesPerPixel == 4 else { return nil }
    let first = t.position(x: x, y: y)
    // The kernel computes lanes past a row's end too (up to one vector of 16 pixels).
    let lanes = width + 16
    // (No array of the terms: the drop-in makes a job for each of cairo's spans.)
    func within(_ v: Int) -> Bool { v > -samplingPositionLimit && v < samplingPositionLimit }
    guard within(first.x), within(first.y), within(lanes * Int(t.xx)), within(lanes * Int(t.yx)),
          within(height * Int(t.xy)), within(height * Int(t.yy)) else { return nil }
    return SheenBilinearJob(src: src.assumingMemoryBound(to: UInt8.self), srcStride: srcStride, srcWidth: Int32(srcWidth),
                            srcHeight: Int32(srcHeight), bytesPerPixel: UInt32(bytesPerPixel), repeat: mode.rawValue,
                            dst: dst.assumingMemoryBound(to: UInt8.self), dstStride: dstStride, width: width, height: height,
                            x: Int32(first.x), y: Int32(first.y), dxdi: t.xx, dydi: t.yx, dxdr: t.xy, dydr: t.yy,
                            coverage: coverage?.assumingMemoryBound(to: UInt8.self), coverageStride: coverageStride,
                            over: over ? 1 : 0)
}

/// Runs `job` with `level`'s sample_bilinear entry (C at simd128, avx2 and avx512,
/// `sampleBilinearSwift` at reference).
package func runBilinearSampling(_ job: SheenBilinearJob, level: SIMDLevel) {
    var job = job
    KernelTable.at(level).sampleBilinear(&job)
}

/// `bilinearJob`'s job for these arguments run at `level` where it is made; false, nothing
/// written, where bilinearJob gives nil. A job made, returned and passed on as a value was
/// copied whole after its fields were stored one by one, and the copy's wide loads waited on
/// those stores (2 % of cairo's text of a magnified image, a glyph a call, on an Intel Xeon).
package func runBilinearSampling(src: UnsafeRawPointer, srcStride: Int, srcWidth: Int, srcHeight: Int, bytesPerPixel: Int,
                                 repeat mode: SamplingRepeat, transform t: FixedAffineTransform,
                                 dst: UnsafeMutableRawPointer, dstStride: Int, x: Int, y: Int, width: Int, height: Int,
                                 coverage: UnsafeRawPointer? = nil, coverageStride: Int = 0, over: Bool = false, level: SIMDLevel) -> Bool {
    guard var job = bilinearJob(src: src, srcStride: srcStride, srcWidth: srcWidth, srcHeight: srcHeight, bytesPerPixel: bytesPerPixel,
                                repeat: mode, transform: t, dst: dst, dstStride: dstStride, x: x, y: y, width: width, height: height,
                                coverage: coverage, coverageStride: coverageStride, over: over) else { return false }
    KernelTable.at(level).sampleBilinear(&job)
    return true
}
