// The Swift boxes behind the C API's opaque handles (CAPIHandles.swift hands them out and
// borrows them back), one class per handle type so a borrow can check it got the right kind.

import SheenLabel
import SheenRaster
import SheenText

/// An image Sheen owns (sheen_image).
final class ImageBox { let image: Image; init(_ image: Image) { self.image = image } }
/// A gradient description (sheen_gradient).
final class GradientBox { var gradient: Gradient; init(_ gradient: Gradient) { self.gradient = gradient } }
/// A baked 1-pixel gradient strip (sheen_pattern).
final class PatternBox { let pattern: GradientPattern; init(_ pattern: GradientPattern) { self.pattern = pattern } }
/// A font (sheen_font).
final class FontBox { let font: Font; init(_ font: Font) { self.font = font } }
/// A laid-out text (sheen_text_layout).
final class LayoutBox { let layout: TextLayout; init(_ layout: TextLayout) { self.layout = layout } }
/// A label (sheen_label).
final class LabelBox { var label: Label; init(_ label: Label) { self.label = label } }
