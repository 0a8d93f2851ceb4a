// The scalar twin of blur_strip, the recursive kernel (CSheenSIMD/BlurRecursion.h, BlurBands.h):
// the same Float multiplies and adds in the same order, one line at a time, on the same job and
// the same passes, so every level can be compared with it bit for bit. Pass 1 runs down columns
// into 8.8 values, pass 2 along rows. (Its tmp is row after row, tmpStride values apart: only
// this twin's pass 2 reads what its pass 1 wrote, and the job's tmp, sized for the C levels'
// tiles, holds that too.)

import CSheenSIMD

/// Pass `pass` of the recursive blur `job` over `units`, as a level's blur entry runs it: pass 1
/// over strips of 16 values (columns 16·unit …), pass 2 over bands of 16 rows (A8) or 4 (RGBA).
func blurStripTwin(_ j: SheenBlurJob, pass: Int32, _ units: Range<Int>) {
    guard let src = j.src, let dst = j.dst, let tmp = j.tmp else { return }
    let c = Int(j.channels), n = j.width * c, w = j.width, h = j.height, clamp = j.clamp != 0
    if pass == 1 {
        var line = [Float](repeating: 0, count: h)
        for i in 16 * units.lowerBound ..< min(16 * units.upperBound, n) {
            for y in 0 ..< h { line[y] = Float(src[y * j.srcStride + i]) }
            let filtered = j.lineY.map { recurseLine(line, $0, clamp: clamp) } ?? line
            for y in 0 ..< h {
                let scaled = min(max(filtered[y] * 256, 0), 65280)
                tmp[y * j.tmpStride + i] = UInt16(scaled.rounded(.toNearestOrEven))
            }
        }
        return
    }
    let band = c == 1 ? 16 : 4
    var out = [UInt16](repeating: 0, count: n)
    for y in band * units.lowerBound ..< min(band * units.upperBound, h) {
        for ch in 0 ..< c {
            let values = (0 ..< w).map { Float(tmp[y * j.tmpStride + $0 * c + ch]) }
            let filtered = j.lineX.map { recurseLine(values, $0, clamp: clamp) } ?? values
            for x in 0 ..< w {
                out[x * c + ch] = UInt16(min(max(filtered[x] * (1 / 256), 0), 255).rounded(.toNearestOrEven))
            }
        }
        storeLevels(out, row: dst + y * j.dstStride, channels: c)
    }
}

/// One line through both sections forwards and backwards: ((s0 + s1) + (t0 + t1)), each step
/// ((feed-forward − older·d2) − newer·d1). Clamp starts each direction in the steady state of
/// the edge value; otherwise the outside is zero. `k` holds BlurLine's 16 coefficients in
/// BlurRecursion.h's order (BlurLine.coefficients).
func recurseLine(_ x: [Float], _ k: UnsafePointer<Float>, clamp: Bool) -> [Float] {
    let (n00, n01, n10, n11, m01, m02, m11, m12) = (k[0], k[1], k[2], k[3], k[4], k[5], k[6], k[7])
    let (d01, d02, d11, d12) = (k[8], k[9], k[10], k[11])
    let count = x.count
    var out = [Float](repeating: 0, count: count)
    if count == 0 { return out }
    let first: Float = clamp ? x[0] : 0
    var older0 = first * k[12], newer0 = older0, older1 = first * k[13], newer1 = older1
    var xp = first
    for n in 0 ..< count {
        let s0 = ((x[n] * n00 + xp * n01) - older0 * d02) - newer0 * d01
        let s1 = ((x[n] * n10 + xp * n11) - older1 * d12) - newer1 * d11
        older0 = newer0; newer0 = s0; older1 = newer1; newer1 = s1; xp = x[n]
        out[n] = s0 + s1
    }
    let last: Float = clamp ? x[count - 1] : 0
    older0 = last * k[14]; newer0 = older0; older1 = last * k[15]; newer1 = older1
    var x1 = last, x2 = last
    for n in stride(from: count - 1, through: 0, by: -1) {
        let t0 = ((x1 * m01 + x2 * m02) - older0 * d02) - newer0 * d01
        let t1 = ((x1 * m11 + x2 * m12) - older1 * d12) - newer1 * d11
        older0 = newer0; newer0 = t0; older1 = newer1; newer1 = t1
        out[n] = out[n] + (t0 + t1)
        x2 = x1; x1 = x[n]
    }
    return out
}

/// The `reference` level's blur entry (KernelTable.swift): pass `pass` of `job` over units
/// [begin, end) through the twin of the job's method; `scratch` is not needed.
func blurJobReference(_ job: UnsafePointer<SheenBlurJob>?, _ pass: Int32, _ begin: Int, _ end: Int,
                      _ scratch: UnsafeMutableRawPointer?) {
    guard let j = job?.pointee, begin < end else { return }
    if j.method == UInt32(SHEEN_BLUR_CONVOLUTION) {
        blurConvolutionTwin(j, pass: pass, begin ..< end)
    } else {
        blurStripTwin(j, pass: pass, begin ..< end)
    }
}
