// The scalar twin of blur_convolution, the convolution kernel (CSheenSIMD/BlurConvolution.h): the same integer
// steps, value by value, on the same job and the same passes, so every level can be compared with
// it bit for bit. `blurReference` remains the oracle all of them are held to within 1 level.

import CSheenSIMD

/// Pass `pass` of the convolution `job` over rows `rows`, as a level's blur entry runs it: pass 1
/// filters source row y along x into tmp row y (8.8 values, edges by the job's clamp), pass 2
/// filters tmp rows y − R … y + R along y into destination row y, rounded to bytes.
func blurConvolutionTwin(_ j: SheenBlurJob, pass: Int32, _ rows: Range<Int>) {
    guard let src = j.src, let dst = j.dst, let tmp = j.tmp, let wx = j.weightsX, let wy = j.weightsY else { return }
    let c = Int(j.channels), n = j.width * c, h = j.height, clamp = j.clamp != 0
    if pass == 1 {
        let radius = Int(j.radiusX), offset = UInt16(truncatingIfNeeded: j.offsetX)
        for y in rows {
            let row = UnsafeRawPointer(src + y * j.srcStride)
            func value(_ i: Int) -> UInt16 {
                var i = i
                if i < 0 || i >= n {
                    guard clamp else { return 0 }
                    i = i < 0 ? (i % c + c) % c : n - c + i % c
                }
                return UInt16(row.load(fromByteOffset: i, as: UInt8.self)) << 8
            }
            for i in 0 ..< n {
                var acc = offset &+ (radius == 0 ? value(i) : mulhi(value(i), wx[0]))
                if radius > 0 {
                    for k in 1 ... radius { acc &+= mulhi(average(value(i - k * c), value(i + k * c)), wx[k]) }
                }
                tmp[y * j.tmpStride + i] = acc
            }
        }
        return
    }
    let radius = Int(j.radiusY), offset = UInt16(truncatingIfNeeded: j.offsetY)
    func sample(_ yy: Int, _ i: Int) -> UInt16 {
        var yy = yy
        if yy < 0 || yy >= h {
            guard clamp else { return 0 }
            yy = yy < 0 ? 0 : h - 1
        }
        return tmp[yy * j.tmpStride + i]
    }
    var out = [UInt16](repeating: 0, count: n)
    for y in rows {
        for i in 0 ..< n {
            var acc = (offset &+ 128) &+ (radius == 0 ? sample(y, i) : mulhi(sample(y, i), wy[0]))
            if radius > 0 {
                for k in 1 ... radius { acc &+= mulhi(average(sample(y - k, i), sample(y + k, i)), wy[k]) }
            }
            out[i] = acc >> 8
        }
        storeLevels(out, row: dst + y * j.dstStride, channels: c)
    }
}

/// Stores one row of levels (each ≤ 255) as bytes; RGBA colours are capped at their alpha,
/// since rounding each channel alone could put a colour one level above it.
func storeLevels(_ levels: [UInt16], row: UnsafeMutableRawPointer, channels c: Int) {
    for i in levels.indices {
        var v = levels[i]
        if c == 4 { v = min(v, levels[i | 3]) }
        row.storeBytes(of: UInt8(truncatingIfNeeded: v), toByteOffset: i, as: UInt8.self)
    }
}
