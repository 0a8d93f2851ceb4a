// The portable level of the convolution: the twin's integer steps on 16 lanes of Swift SIMD
// (UInt16 widened to UInt32 for the high half of each product), equal to the twin bit for bit.

// Widened in halves of eight lanes: a SIMD16<UInt32> falls off the vectoriser (DESIGN.md, "Speed without flags").
@inline(__always) private func mulhi16(_ a: U16x16, _ w: U16x16) -> U16x16 {
    @inline(__always) func half(_ a: SIMD8<UInt16>, _ w: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let product = U32x8(truncatingIfNeeded: a) &* U32x8(truncatingIfNeeded: w)
        return SIMD8<UInt16>(truncatingIfNeeded: product &>> 16)
    }
    return U16x16(lowHalf: half(a.lowHalf, w.lowHalf), highHalf: half(a.highHalf, w.highHalf))
}

@inline(__always) private func average16(_ a: U16x16, _ b: U16x16) -> U16x16 {
    @inline(__always) func half(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let sum = U32x8(truncatingIfNeeded: a) &+ U32x8(truncatingIfNeeded: b) &+ 1
        return SIMD8<UInt16>(truncatingIfNeeded: sum &>> 1)
    }
    return U16x16(lowHalf: half(a.lowHalf, b.lowHalf), highHalf: half(a.highHalf, b.highHalf))
}

@inline(__always) private func load16(_ p: UnsafePointer<UInt16>) -> U16x16 {
    UnsafeRawPointer(p).loadUnaligned(as: U16x16.self)
}

extension GaussianBlur {
    /// The convolution at the portable level (one thread; `threads` is accepted for symmetry).
    func runConvolutionPortable(_ source: ReadOnlyRasterBuffer, _ destination: RasterBuffer) throws(RasterError) {
        let tx = BlurTaps(sigma: sigmaX), ty = BlurTaps(sigma: sigmaY), clamp = edges == .clamp
        let c = source.format.bytesPerPixel, n = source.width * c, h = source.height
        let stride = (n + 15) / 16 * 16, margin = tx.radius * c
        // tmp rows, one row with margins for pass 1, one zero row for pass 2: one allocation.
        let words = try byteCount(stride, stride: h + 1) + stride + 2 * margin + 16
        try BlurMemory.shared.with(bytes: try byteCount(words, stride: 2)) { raw in
            let tmp = raw.bindMemory(to: UInt16.self, capacity: words)
            convolve(source, destination, tmp: tmp, stride: stride, taps: (tx, ty), clamp: clamp)
        }
    }

    private func convolve(_ source: ReadOnlyRasterBuffer, _ destination: RasterBuffer, tmp: UnsafeMutablePointer<UInt16>,
                          stride: Int, taps: (x: BlurTaps, y: BlurTaps), clamp: Bool) {
        let (tx, ty) = taps
        let c = source.format.bytesPerPixel, n = source.width * c, h = source.height, margin = tx.radius * c
        let zeros = tmp + stride * h, line = zeros + stride
        zeros.initialize(repeating: 0, count: stride)
        let mid = line + margin
        let cx = U16x16(repeating: tx.weights[0]), ox = U16x16(repeating: tx.offset)
        for y in 0 ..< h {
            let row = source.row(y)
            for i in 0 ..< n { mid[i] = UInt16(row.load(fromByteOffset: i, as: UInt8.self)) << 8 }
            for k in Swift.stride(from: 1, through: margin, by: 1) { mid[-k] = clamp ? mid[(c - k % c) % c] : 0 }
            for k in n ..< stride + margin { mid[k] = clamp ? mid[n - c + k % c] : 0 }
            let out = tmp + y * stride
            for i in Swift.stride(from: 0, to: stride, by: 16) {
                let v = load16(mid + i)
                var acc = ox &+ (tx.radius == 0 ? v : mulhi16(v, cx))
                if tx.radius > 0 {
                    for k in 1 ... tx.radius {
                        let pair = average16(load16(mid + i - k * c), load16(mid + i + k * c))
                        acc &+= mulhi16(pair, U16x16(repeating: tx.weights[k]))
                    }
                }
                UnsafeMutableRawPointer(out + i).storeBytes(of: acc, as: U16x16.self)
            }
        }
        let cy = U16x16(repeating: ty.weights[0]), oy = U16x16(repeating: ty.offset &+ 128)
        var rows = [UnsafePointer<UInt16>](repeating: UnsafePointer(zeros), count: 2 * ty.radius + 1)
        var bytes = [UInt8](repeating: 0, count: stride)
        for y in 0 ..< h {
            for k in -ty.radius ... ty.radius {
                var yy = y + k
                if yy < 0 || yy >= h {
                    guard clamp else { rows[k + ty.radius] = UnsafePointer(zeros); continue }
                    yy = yy < 0 ? 0 : h - 1
                }
                rows[k + ty.radius] = UnsafePointer(tmp + yy * stride)
            }
            for i in Swift.stride(from: 0, to: stride, by: 16) {
                let v = load16(rows[ty.radius] + i)
                var acc = oy &+ (ty.radius == 0 ? v : mulhi16(v, cy))
                if ty.radius > 0 {
                    for k in 1 ... ty.radius {
                        let pair = average16(load16(rows[ty.radius - k] + i), load16(rows[ty.radius + k] + i))
                        acc &+= mulhi16(pair, U16x16(repeating: ty.weights[k]))
                    }
                }
                var level = acc &>> 8
                if c == 4 {
                    // Each pixel's alpha (its fourth word) in all four words, then the cap.
                    let pixels = unsafeBitCast(level, to: SIMD4<UInt64>.self)
                    let spread: SIMD4<UInt64> = (pixels &>> 48) &* 0x0001_0001_0001_0001
                    let alpha = unsafeBitCast(spread, to: U16x16.self)
                    level.replace(with: alpha, where: level .> alpha)
                }
                for l in 0 ..< 16 { bytes[i + l] = UInt8(truncatingIfNeeded: level[l]) }
            }
            bytes.withUnsafeBytes { copyBytes(destination.row(y), $0.baseAddress!, n) }
        }
    }
}
