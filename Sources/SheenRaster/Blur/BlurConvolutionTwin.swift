// The scalar twin of the convolution kernels (CSheenSIMD/BlurBody.h): the same integer steps,
// value by value, so every level can be compared with it bit for bit. `blurReference` remains
// the oracle all of them are held to within 1 level.

/// Convolution blur of `src` into `dst` (same size and format, already checked; may alias).
/// `tmp` holds width × channels × height values (the caller allocates it, so a size the system
/// refuses throws instead of trapping).
func blurConvolutionTwin(_ src: ReadOnlyRasterBuffer, _ dst: RasterBuffer, x tx: BlurTaps, y ty: BlurTaps, clamp: Bool,
                         tmp: UnsafeMutablePointer<UInt16>) {
    let c = src.format.bytesPerPixel, n = src.width * c, h = src.height
    // Pass 1, along x: the row as 8.8 values, edges by `clamp`.
    for y in 0 ..< h {
        let row = src.row(y)
        func value(_ i: Int) -> UInt16 {
            var i = i
            if i < 0 || i >= n {
                guard clamp else { return 0 }
                i = i < 0 ? (i % c + c) % c : n - c + i % c
            }
            return UInt16(row.load(fromByteOffset: i, as: UInt8.self)) << 8
        }
        for i in 0 ..< n {
            var acc = tx.offset &+ (tx.radius == 0 ? value(i) : mulhi(value(i), tx.weights[0]))
            if tx.radius > 0 {
                for k in 1 ... tx.radius { acc &+= mulhi(average(value(i - k * c), value(i + k * c)), tx.weights[k]) }
            }
            tmp[y * n + i] = acc
        }
    }
    // Pass 2, along y, rounded to bytes.
    func sample(_ yy: Int, _ i: Int) -> UInt16 {
        var yy = yy
        if yy < 0 || yy >= h {
            guard clamp else { return 0 }
            yy = yy < 0 ? 0 : h - 1
        }
        return tmp[yy * n + i]
    }
    var out = [UInt16](repeating: 0, count: n)
    for y in 0 ..< h {
        for i in 0 ..< n {
            var acc = (ty.offset &+ 128) &+ (ty.radius == 0 ? sample(y, i) : mulhi(sample(y, i), ty.weights[0]))
            if ty.radius > 0 {
                for k in 1 ... ty.radius { acc &+= mulhi(average(sample(y - k, i), sample(y + k, i)), ty.weights[k]) }
            }
            out[i] = acc >> 8
        }
        storeLevels(out, row: dst.row(y), channels: c)
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
