import SheenRaster

/// What text, strokes and shadows are painted with.
public enum LabelPaint: Hashable, Sendable {
    /// One straight-alpha colour.
    case color(Color)
    /// A gradient over the given extent.
    case gradient(LabelGradient, extent: GradientExtent = .ink)
}
