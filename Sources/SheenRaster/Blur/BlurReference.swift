// The exact oracle of the blur (not a level's twin: the twins are BlurConvolutionTwin.swift and
// BlurStripTwin.swift, which every level equals bit for bit): the sampled Gaussian
// e^(−k²/2σ²), |k| ≤ ⌈5σ⌉, normalised to sum 1, applied along x then y in Double, rounded once at
// the end. This is the "true Gaussian" every level is held to within 1 level.

import SheenPlatform

/// The normalised sampled Gaussian for `sigma` (below `GaussianBlur.identitySigma`: the
/// identity [1]); index k + radius holds the weight of offset k.
func gaussianWeights(sigma: Double) -> [Double] {
    guard sigma >= GaussianBlur.identitySigma else { return [1] }
    let radius = max(1, Int((5 * sigma).rounded(.up)))
    var w = (-radius ... radius).map { k in libmExp(-Double(k * k) / (2 * sigma * sigma)) }
    let sum = w.reduce(0, +)
    for i in w.indices { w[i] /= sum }
    return w
}

/// The blur of `src` in Double, unrounded: w·h·channels levels in memory order, each the
/// separable sampled Gaussian (x, then y) of the source's levels.
func blurExactValues(_ src: ReadOnlyRasterBuffer, sigmaX: Double, sigmaY: Double, edges: BlurEdges) -> [Double] {
    let w = src.width, h = src.height, c = src.format.bytesPerPixel
    if w == 0 || h == 0 { return [] }
    var values = [Double](repeating: 0, count: w * h * c)
    // Memory for one line of a test-sized image: its failure is the array's above.
    values.withUnsafeMutableBufferPointer { v in try! blurExactValues(src, sigmaX: sigmaX, sigmaY: sigmaY, edges: edges, into: v.baseAddress!) }
    return values
}

/// `blurExactValues` into `values` (w·h·channels doubles the caller holds), with no working
/// memory but one line of max(w, h) doubles: `RasterError.allocationFailed` when that cannot be
/// allocated, before anything is written.
func blurExactValues(_ src: ReadOnlyRasterBuffer, sigmaX: Double, sigmaY: Double, edges: BlurEdges,
                     into values: UnsafeMutablePointer<Double>) throws(RasterError) {
    let w = src.width, h = src.height, c = src.format.bytesPerPixel
    if w == 0 || h == 0 { return }
    let longest = max(w, h)
    guard let line = malloc(longest * MemoryLayout<Double>.stride)?.bindMemory(to: Double.self, capacity: longest) else {
        throw .allocationFailed(bytes: longest * MemoryLayout<Double>.stride)
    }
    defer { free(line) }
    for y in 0 ..< h {
        for i in 0 ..< w * c { values[(y * w) * c + i] = Double(src.row(y).load(fromByteOffset: i, as: UInt8.self)) }
    }
    // One 1-D convolution along a line of `count` samples `stride` apart from `start`.
    func convolve(_ weights: [Double], count: Int, stride: Int, start: Int) {
        let radius = weights.count / 2
        for n in 0 ..< count { line[n] = values[start + n * stride] }
        for n in 0 ..< count {
            var sum = 0.0
            for k in -radius ... radius {
                guard let m = edges.sampleIndex(n + k, count: count) else { continue }
                sum += weights[k + radius] * line[m]
            }
            values[start + n * stride] = sum
        }
    }
    let wx = gaussianWeights(sigma: sigmaX), wy = gaussianWeights(sigma: sigmaY)
    if wx.count > 1 {
        for y in 0 ..< h { for ch in 0 ..< c { convolve(wx, count: w, stride: c, start: y * w * c + ch) } }
    }
    if wy.count > 1 {
        for start in 0 ..< w * c { convolve(wy, count: h, stride: w * c, start: start) }
    }
}

/// Blurs `src` into `dst` (same size and format, already checked) in Double.
package func blurReference(_ src: ReadOnlyRasterBuffer, _ dst: RasterBuffer, sigmaX: Double, sigmaY: Double,
                   edges: BlurEdges) {
    let w = src.width, h = src.height, c = src.format.bytesPerPixel
    let values = blurExactValues(src, sigmaX: sigmaX, sigmaY: sigmaY, edges: edges)
    if values.isEmpty { return }
    for y in 0 ..< h {
        for x in 0 ..< w {
            let i = (y * w + x) * c
            func level(_ v: Double) -> UInt8 { UInt8(min(max(v.rounded(.toNearestOrEven), 0), 255)) }
            let alpha = level(values[i + c - 1])
            for ch in 0 ..< c {
                let v = ch == c - 1 ? alpha : min(level(values[i + ch]), alpha)
                dst.row(y).storeBytes(of: v, toByteOffset: x * c + ch, as: UInt8.self)
            }
        }
    }
}

extension GaussianBlur {
    /// The exact blur of all of `source`, unrounded: width · height · bytes-per-pixel levels in
    /// memory order (rows packed), each the sampled Gaussian e^(−k²/2σ²) over |k| ≤ ⌈5σ⌉ (the
    /// truncation), normalised to sum 1, applied along x and then y in Double, with `edges`
    /// deciding what lies outside (transparent: nothing; clamp: the nearest edge pixel). Below
    /// `identitySigma` an axis is the identity. Every byte of `apply` is within 1 level of it.
    public func exactValues(of source: ReadOnlyRasterBuffer) -> [Double] {
        blurExactValues(source, sigmaX: sigmaX, sigmaY: sigmaY, edges: edges)
    }

    /// `exactValues(of:)` written into `out`, memory the caller holds (at least width · height ·
    /// bytes-per-pixel doubles): no image-sized working memory, so a blur of any size the caller
    /// can hold the result of is computed — `RasterError.allocationFailed` when one line of
    /// max(width, height) doubles cannot be allocated, before anything is written.
    public func exactValues(of source: ReadOnlyRasterBuffer, into out: UnsafeMutablePointer<Double>) throws(RasterError) {
        try blurExactValues(source, sigmaX: sigmaX, sigmaY: sigmaY, edges: edges, into: out)
    }

    /// The exact blurred value (levels, unrounded) of channel `channel` (memory order; 0 for A8)
    /// of pixel (x, y) of `source`: the Double convolution every output byte is within 1 level
    /// of. Costs (2⌈5σx⌉ + 1)·(2⌈5σy⌉ + 1) multiply-adds; for spot checks, not whole images.
    public func exactValue(of source: ReadOnlyRasterBuffer, x: Int, y: Int, channel: Int) -> Double {
        let wx = gaussianWeights(sigma: sigmaX), wy = gaussianWeights(sigma: sigmaY)
        let rx = wx.count / 2, ry = wy.count / 2, c = source.format.bytesPerPixel
        var sum = 0.0
        for j in -ry ... ry {
            guard let yy = edges.sampleIndex(y + j, count: source.height) else { continue }
            var row = 0.0
            for i in -rx ... rx {
                guard let xx = edges.sampleIndex(x + i, count: source.width) else { continue }
                row += wx[i + rx] * Double(source.row(yy).load(fromByteOffset: xx * c + channel, as: UInt8.self))
            }
            sum += wy[j + ry] * row
        }
        return sum
    }
}

extension BlurEdges {
    /// The sample read for index `m` of a line of `count` samples: itself inside, the nearest
    /// edge under `.clamp`, nil (a zero) under `.transparent`.
    func sampleIndex(_ m: Int, count: Int) -> Int? {
        if m >= 0 && m < count { return m }
        return self == .clamp ? min(max(m, 0), count - 1) : nil
    }
}
