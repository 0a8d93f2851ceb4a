// The separable convolution filter the drop-in made last, by its parameters. cairo makes a new
// pixman image, and sets the same filter on it, for every drawing call of a downscaled image —
// each glyph run of text painted with one —: a filter checked and laid out afresh for each
// (ConvolutionFilter's init) cost 8-pixel mono text of a downscaled image over 64 × 64 12 % of
// its time (by perf).

import SheenRaster

/// The filter made last, shared by every thread behind one lock.
enum ConvolutionFilterCache {
    private static let last = Guarded<ConvolutionFilter?>(nil)

    /// The filter of pixman's parameters `p`: the one made last where its parameters are `p`,
    /// else a new one (nil where ConvolutionFilter refuses them), kept for the next call.
    static func filter(_ p: UnsafeBufferPointer<Int32>) -> ConvolutionFilter? {
        if let kept = last.withLock({ $0 }), kept.hasParameters(p) { return kept }
        guard let made = ConvolutionFilter(pixmanParameters: p) else { return nil }
        last.withLock { $0 = made }
        return made
    }
}
