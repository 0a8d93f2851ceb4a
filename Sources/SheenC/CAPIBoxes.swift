// The Swift boxes behind the C API's opaque handles (CAPIHandles.swift hands them out and
// borrows them back), one class per handle type so a borrow can check it got the right kind.

import SheenLabel
import SheenRaster
import SheenText

/// An image Sheen owns (sheen_image).
final class ImageBox { let image: Image; init(_ image: Image) { self.image = image } }
/// A gradient (sheen_gradient): its description and its prepared fill, made once when the
/// gradient is made or changed and reused by every fill, composite and pattern that draws it.
final class GradientBox {
    private(set) var fill: GradientFill
    /// The gradient as made or last changed.
    var gradient: Gradient { fill.gradient }

    /// Prepares `gradient` (throws what `GradientFill` refuses).
    init(_ gradient: Gradient) throws(RasterError) {
        fill = try GradientFill(gradient)
    }

    /// Replaces the gradient, only if it prepares.
    func replace(with gradient: Gradient) throws(RasterError) {
        fill = try GradientFill(gradient)
    }
}
/// A baked 1-pixel gradient strip (sheen_pattern).
final class PatternBox { let pattern: GradientPattern; init(_ pattern: GradientPattern) { self.pattern = pattern } }
/// A font (sheen_font).
final class FontBox { let font: Font; init(_ font: Font) { self.font = font } }
/// A laid-out text (sheen_text_layout).
final class LayoutBox { let layout: TextLayout; init(_ layout: TextLayout) { self.layout = layout } }
/// A label (sheen_label).
final class LabelBox { var label: Label; init(_ label: Label) { self.label = label } }
/// A text field (sheen_text_field).
final class FieldBox { var field: TextField; init(_ field: TextField) { self.field = field } }
