// The scalar twin of blur_strip, the recursive kernel (CSheenSIMD/BlurBody.h, BlurKernel.swift):
// the same Float multiplies and adds in the same order, one line at a time, so every level can be
// compared with it bit for bit. Pass 1 runs down columns into 8.8 values, pass 2 along rows.

/// blur_strip's recursive blur of `src` into `dst` (same size and format, already checked; may alias).
/// `tmp` holds width × channels × height values (the caller allocates it, so a size the system
/// refuses throws instead of trapping).
func blurStripTwin(_ src: ReadOnlyRasterBuffer, _ dst: RasterBuffer, x lineX: BlurLine, y lineY: BlurLine, clamp: Bool,
                   tmp: UnsafeMutablePointer<UInt16>) {
    let c = src.format.bytesPerPixel, n = src.width * c, w = src.width, h = src.height
    var line = [Float](repeating: 0, count: max(w, h))
    for i in 0 ..< n {
        for y in 0 ..< h { line[y] = Float(src.row(y).load(fromByteOffset: i, as: UInt8.self)) }
        let filtered = lineY.isIdentity ? Array(line[0 ..< h]) : recurseLine(Array(line[0 ..< h]), lineY, clamp: clamp)
        for y in 0 ..< h {
            let scaled = min(max(filtered[y] * 256, 0), 65280)
            tmp[y * n + i] = UInt16(scaled.rounded(.toNearestOrEven))
        }
    }
    var out = [UInt16](repeating: 0, count: n)
    for y in 0 ..< h {
        for ch in 0 ..< c {
            let values = (0 ..< w).map { Float(tmp[y * n + $0 * c + ch]) }
            let filtered = lineX.isIdentity ? values : recurseLine(values, lineX, clamp: clamp)
            for x in 0 ..< w {
                out[x * c + ch] = UInt16(min(max(filtered[x] * (1 / 256), 0), 255).rounded(.toNearestOrEven))
            }
        }
        storeLevels(out, row: dst.row(y), channels: c)
    }
}

/// One line through both sections forwards and backwards: ((s0 + s1) + (t0 + t1)), each step
/// ((feed-forward − older·d2) − newer·d1). Clamp starts each direction in the steady state of
/// the edge value; otherwise the outside is zero.
func recurseLine(_ x: [Float], _ k: BlurLine, clamp: Bool) -> [Float] {
    let count = x.count
    var out = [Float](repeating: 0, count: count)
    let first: Float = clamp ? x[0] : 0
    var older0 = first * k.causalGain0, newer0 = older0, older1 = first * k.causalGain1, newer1 = older1
    var xp = first
    for n in 0 ..< count {
        let s0 = ((x[n] * k.n00 + xp * k.n01) - older0 * k.d02) - newer0 * k.d01
        let s1 = ((x[n] * k.n10 + xp * k.n11) - older1 * k.d12) - newer1 * k.d11
        older0 = newer0; newer0 = s0; older1 = newer1; newer1 = s1; xp = x[n]
        out[n] = s0 + s1
    }
    let last: Float = clamp ? x[count - 1] : 0
    older0 = last * k.anticausalGain0; newer0 = older0; older1 = last * k.anticausalGain1; newer1 = older1
    var x1 = last, x2 = last
    for n in stride(from: count - 1, through: 0, by: -1) {
        let t0 = ((x1 * k.m01 + x2 * k.m02) - older0 * k.d02) - newer0 * k.d01
        let t1 = ((x1 * k.m11 + x2 * k.m12) - older1 * k.d12) - newer1 * k.d11
        older0 = newer0; newer0 = t0; older1 = newer1; newer1 = t1
        out[n] = out[n] + (t0 + t1)
        x2 = x1; x1 = x[n]
    }
    return out
}
