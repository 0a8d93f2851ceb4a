import SheenRaster

/// What a blur test source holds.
public enum BlurContent: String, CaseIterable, Sendable {
    /// Glyph-like coverage (`fillTextLikeCoverage`): strokes with partially covered edges.
    case text
    /// Independent random (premultiplied-valid) pixels.
    case random
}

/// Fills `buffer` with `content` (RGBA: colours ≤ alpha).
public func fillBlurSource(_ buffer: RasterBuffer, _ content: BlurContent, seed: UInt64) {
    switch content {
    case .text:
        fillTextLikeCoverage(buffer, seed: seed)
    case .random:
        var rng = SeededGenerator(seed: seed)
        let c = buffer.format.bytesPerPixel
        for y in 0 ..< buffer.height {
            for x in 0 ..< buffer.width {
                let a = UInt8.random(in: 0 ... 255, using: &rng)
                let p = buffer.row(y) + x * c
                if c == 1 { p.storeBytes(of: a, as: UInt8.self); continue }
                for ch in 0 ..< 3 { p.storeBytes(of: UInt8.random(in: 0 ... a, using: &rng), toByteOffset: ch, as: UInt8.self) }
                p.storeBytes(of: a, toByteOffset: 3, as: UInt8.self)
            }
        }
    }
}

/// Blurs a fresh `content` source of the given shape with the kernel at the current level and with
/// the Double reference; returns the largest difference in levels and the fence bytes changed.
/// With `guardPages`, the source's and destination's rows lie against unmapped pages.
public func blurErrorAgainstReference(_ blur: GaussianBlur, width: Int, height: Int, format: PixelFormat,
                                      content: BlurContent, seed: UInt64, padding: Int = 0,
                                      misalignment: Int = 0,
                                      guardPages: FencedBuffer.GuardPages = .none) throws(RasterError) -> (error: Int, fenceViolations: Int) {
    let src = FencedBuffer(width: width, height: height, format: format, padding: padding, misalignment: misalignment,
                           guardPages: guardPages)
    fillBlurSource(src.buffer, content, seed: seed)
    let got = FencedBuffer(width: width, height: height, format: format, padding: padding,
                           misalignment: (misalignment + 5) % 16, guardPages: guardPages)
    let want = FencedBuffer(width: width, height: height, format: format)
    try blur.runKernel(src.buffer.readOnly, got.buffer, threads: 1)
    blurReference(src.buffer.readOnly, want.buffer, sigmaX: blur.sigmaX, sigmaY: blur.sigmaY, edges: blur.edges)
    return (maxDifference(got.buffer.readOnly, want.buffer.readOnly), got.fenceViolations + src.fenceViolations)
}
