/// The blur of a source drawn into a new image grown on every side, so no part of the blur is
/// cut off: what a shadow or glow needs before it is composited.
public struct GrownBlur: Sendable {
    /// The blurred pixels, `margins` larger than the source on every side, same format.
    public let image: Image
    /// Where the image's top-left pixel lies relative to the source's (−⌈3σx⌉, −⌈3σy⌉).
    public let offsetX: Int
    /// See `offsetX`.
    public let offsetY: Int
}

extension GaussianBlur {
    /// Pixels added on each side by `grown`: ⌈3σ⌉ per axis. The Gaussian's mass beyond 3σ is
    /// 0.13 % per side, under half a level even for a fully opaque edge.
    public var margins: (x: Int, y: Int) {
        (Int(Self.margin(sigma: sigmaX)), Int(Self.margin(sigma: sigmaY)))
    }

    /// The margin `grown` adds for a standard deviation `sigma` (pixels): ⌈3σ⌉, as a Double so
    /// a caller can lay out with a σ it has not yet validated (SheenLabel's text area does).
    public static func margin(sigma: Double) -> Double { (3 * sigma).rounded(.up) }

    /// Blurs `source` into a new image grown by `margins` on every side (the growth starts
    /// transparent). Throws `RasterError` when the grown image cannot be allocated or `threads` < 1.
    public func grown(_ source: ReadOnlyRasterBuffer, threads: Int = 1) throws(RasterError) -> GrownBlur {
        let (mx, my) = margins
        let image = try Image(width: source.width + 2 * mx, height: source.height + 2 * my, format: source.format)
        try image.withBuffer { (dst) throws(RasterError) in
            let rowBytes = source.width * source.format.bytesPerPixel
            for y in 0 ..< source.height {
                copyBytes(dst.row(y + my) + mx * source.format.bytesPerPixel, source.row(y), rowBytes)
            }
            try apply(in: dst, threads: threads)
        }
        return GrownBlur(image: image, offsetX: -mx, offsetY: -my)
    }
}
