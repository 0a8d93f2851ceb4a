/// How much of the paint reaches each destination pixel: 0 (none) … 255 (all).
///
/// Coverage c applies as `lerp(D, op(S, D), c)` — as Skia and pixman do — or, for the operators
/// where that is the same thing in real numbers and rounds once less, by scaling the paint:
/// `op(S × c, D)`; plus also scales the paint, as in Skia
/// (`CompositeOperator.coverageScalesPaint`). sourceOver of an opaque paint pixel is the lerp,
/// rounded once: the correctly rounded S·c + D·(1 − c). Either way coverage 0 leaves the
/// destination pixel exactly as it was, so "bounded" operators such as sourceIn, destinationIn,
/// sourceOut, destinationAtop, source and clear change nothing where the mask is 0 — unlike
/// Canvas 2D's globalCompositeOperation, which clears the whole canvas outside the shape.
public enum Coverage: Sendable {
    /// Every pixel fully covered.
    case full
    /// The same coverage everywhere (a global alpha): 0 does nothing, 255 is `.full`.
    case alpha(UInt8)
    /// An A8 mask with its top-left pixel at destination (x, y), its values multiplied by
    /// `alpha` (rounded once). The operation is clipped to where the mask lies.
    case mask(ReadOnlyRasterBuffer, x: Int = 0, y: Int = 0, alpha: UInt8 = 255)
}
