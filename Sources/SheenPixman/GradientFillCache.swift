// The gradient fills the drop-in prepared last, by what they were made from. cairo makes a new
// pixman gradient image for every drawing call of a gradient pattern — each glyph run of
// gradient text, each shape — the same stops and shape each time; a fill kept by the image's
// record alone (ImageRecord.gradientFill) was prepared again for every run, which cost a run of
// 8-pixel text on a 64-pixel surface 6 % of its time.

import SheenRaster

/// A few recently prepared gradient fills, shared by every thread behind one lock.
enum GradientFillCache {
    /// What a fill is made from: the gradient, its repeat and the map from the drawing's pixels
    /// into gradient space.
    private struct Key: Equatable {
        let gradient: PixmanGradient
        let repeatMode: UInt32
        let map: Matrix2D
    }

    /// How many fills are kept: a program draws with a few gradients at a time.
    private static let capacity = 4
    /// The kept fills, the most recently used first; a nil fill is a gradient Sheen cannot draw.
    private static let kept = Guarded([(key: Key, fill: GradientFill?)]())

    /// The fill of `gradient` with pixman repeat `repeatMode` sampled through `map`
    /// (PixmanGradient.sheenGradient), nil where Sheen cannot draw it: a kept one, or one prepared
    /// now and kept in place of the least recently used.
    static func fill(_ gradient: PixmanGradient, repeatMode: UInt32, map: Matrix2D) -> GradientFill? {
        let key = Key(gradient: gradient, repeatMode: repeatMode, map: map)
        if let found = kept.withLock({ entries -> GradientFill?? in
            guard let i = entries.firstIndex(where: { $0.key == key }) else { return nil }
            let entry = entries.remove(at: i)
            entries.insert(entry, at: 0)
            return .some(entry.fill)
        }) {
            return found
        }
        // Prepared outside the lock: other threads' look-ups do not wait for it.
        let fill = gradient.sheenGradient(repeatMode: repeatMode, map: map).flatMap { try? GradientFill($0) }
        kept.withLock { entries in
            entries.insert((key, fill), at: 0)
            if entries.count > capacity { entries.removeLast() }
        }
        return fill
    }
}
