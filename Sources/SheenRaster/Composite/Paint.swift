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
