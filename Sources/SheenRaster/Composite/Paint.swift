/// What a compositing operation paints with.
///
/// Positions are destination pixel coordinates: gradients are evaluated at the destination's
/// pixel centres (as `GradientFill.fill` does), images and patterns are placed with their
/// top-left pixel at (x, y) of the destination.
public enum Paint: Sendable {
    /// One straight-alpha colour, premultiplied and rounded once (`Color.premultiplied8`).
    /// Components must be finite.
    case color(Color)
    /// One exact premultiplied colour: (R, G, B, A) levels 0…255, each colour level ≤ alpha.
    case premultiplied(SIMD4<UInt8>)
    /// A prepared gradient. A gradient constant along columns (horizontal) is shaded once and the
    /// row reused; one constant along rows (vertical) is one colour per row.
    case gradient(GradientFill)
    /// A premultiplied image (RGBA8 or BGRA8 for colour destinations, in either byte order; any
    /// format for A8 destinations, which take its alpha) with its top-left pixel at destination
    /// (x, y). The operation is clipped to where the image lies.
    case image(ReadOnlyRasterBuffer, x: Int = 0, y: Int = 0)
    /// A baked 1-pixel gradient pattern, repeated (`GradientPattern`), from destination (0, 0).
    case pattern(GradientPattern)
}

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
