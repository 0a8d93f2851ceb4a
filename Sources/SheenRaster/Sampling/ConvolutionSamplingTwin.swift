// The scalar reference twin of sample_convolution (CSheenSIMD/SampleConvolutionBody.h): the job's
// arithmetic as SheenConvolutionJob states it, one tap at a time. Every level must equal it byte
// for byte (ConvolutionSamplingTests); the drop-in pixman's tests hold it to the system pixman.

import CSheenSIMD

/// `sample_convolution` in Swift (the reference level's twin).
func sampleConvolutionSwift(_ c: SheenConvolutionJob) {
    let j = c.sample
    let w = Int(j.srcWidth), h = Int(j.srcHeight), cw = Int(c.tapsAcross), ch = Int(c.tapsDown)
    guard w > 0, h > 0, let src = j.src, let dst = j.dst, let xWeights = c.xWeights, let yWeights = c.yWeights else { return }
    let row = ConvolutionFilter.rowLength(tapsAcross: cw)
    let xs = 16 - Int(c.xPhaseBits), ys = 16 - Int(c.yPhaseBits)
    for r in 0 ..< j.height {
        for i in 0 ..< j.width {
            let out = UnsafeMutableRawPointer(dst) + r * j.dstStride + i * 4
            if let coverage = j.coverage, coverage[r * j.coverageStride + i] == 0 {
                out.storeBytes(of: 0, as: UInt32.self)
                continue
            }
            // The position rounded to the middle of its phase; the phase; the first tap.
            let X = ((Int(j.x) + i * Int(j.dxdi) + r * Int(j.dxdr)) >> xs) << xs + ((1 << xs) >> 1)
            let Y = ((Int(j.y) + i * Int(j.dydi) + r * Int(j.dydr)) >> ys) << ys + ((1 << ys) >> 1)
            let px = (X & 0xffff) >> xs, py = (Y & 0xffff) >> ys
            let x1 = (X - 1 - ((cw << 16) - 65536) >> 1) >> 16, y1 = (Y - 1 - ((ch << 16) - 65536) >> 1) >> 16
            var sums = SIMD4<Int>.zero
            for k in 0 ..< ch {
                let fy = Int(yWeights[py * ch + k])
                let ry = samplePlace(y1 + k, h, j.repeat)
                for t in 0 ..< cw {
                    let fx = Int(xWeights[px * row + 4 * t])
                    let f = (fx * fy + 0x8000) >> 16
                    let rx = samplePlace(x1 + t, w, j.repeat)
                    guard f != 0, rx >= 0, ry >= 0 else { continue }
                    let p = UnsafeRawPointer(src) + ry * j.srcStride + rx * 4
                    for c in 0 ..< 4 { sums[c] += Int(p.load(fromByteOffset: c, as: UInt8.self)) * f }
                }
            }
            for c in 0 ..< 4 { out.storeBytes(of: UInt8(min(255, (sums[c] + 0x8000) >> 16)), toByteOffset: c, as: UInt8.self) }
        }
    }
}
