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
    /// The gradient as made or last changed (no stops: a canvas gradient without any).
    private(set) var gradient: Gradient
    private(set) var fill: GradientFill
    /// Made by sheen_gradient_create_canvas_*: the canvas rules hold (`Paint.canvasGradient`).
    let canvasRules: Bool

    /// Prepares `gradient` (throws what `GradientFill` refuses, or under `canvasRules` what
    /// a canvas refuses).
    init(_ gradient: Gradient, canvasRules: Bool = false) throws(RasterError) {
        self.canvasRules = canvasRules
        self.gradient = gradient
        fill = try Self.prepare(gradient, canvasRules: canvasRules)
    }

    /// Replaces the gradient, only if it prepares.
    func replace(with gradient: Gradient) throws(RasterError) {
        fill = try Self.prepare(gradient, canvasRules: canvasRules)
        self.gradient = gradient
    }

    /// The fill of `gradient`. A canvas gradient without stops paints transparent black whatever
    /// its shape, spread, transform or dither (as `Paint.canvasGradient`'s solid paint does): a
    /// fixed gradient of one transparent stop, which every operator and format treats as that
    /// solid (every channel of every pixel is 0).
    private static func prepare(_ gradient: Gradient, canvasRules: Bool) throws(RasterError) -> GradientFill {
        if canvasRules {
            try gradient.checkCanvasOffsets()
            if gradient.stops.isEmpty {
                // It paints nothing, but its geometry and transform are held to what a gradient
                // with stops is: a NaN or singular transform is refused, not kept.
                try gradient.validateShape()
                _ = try gradient.transform.inverted()
                return try transparent()
            }
        }
        return try GradientFill(gradient)
    }

    private static func transparent() throws(RasterError) -> GradientFill {
        try GradientFill(Gradient(shape: .linear(start: Point(0, 0), end: Point(1, 0)),
                                  stops: [GradientStop(0, Color(red: 0, green: 0, blue: 0, alpha: 0))]))
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
final class FieldBox {
    var field: TextField
    /// Multi-line mode (sheen_text_field_set_multiline): drawn and asked as a text view.
    var multiline = false
    init(_ field: TextField) { self.field = field }

    /// What drawing and the queries use: the field, or in multi-line mode a text view holding
    /// it, its scroll offset the view's vertical content offset.
    var editable: any Editable {
        guard multiline else { return field }
        var view = TextView(font: field.font, size: field.size)
        view.field = field
        view.scrollOffset = 0
        view.contentOffset = field.scrollOffset
        return view
    }
}

/// What a C field handle answers, as a one-line field or as a text view.
protocol Editable {
    func caretRect(at index: Int, affinity: CaretAffinity) throws(LabelError) -> Rect
    func caretPosition(at point: Point) throws(LabelError) -> (index: Int, affinity: CaretAffinity)
    func selectionRects(for range: Range<Int>) throws(LabelError) -> [Rect]
    func selectionHandles(for range: Range<Int>) throws(LabelError) -> (start: Rect, end: Rect)
    func markedTextUnderlines() throws(LabelError) -> [Rect]
    func position(from index: Int, affinity: CaretAffinity, moving movement: CaretMovement,
                  preferredX: Double?) throws(LabelError) -> (index: Int, affinity: CaretAffinity)
    func render(into buffer: RasterBuffer, at origin: (x: Int, y: Int), cache: GlyphCache) throws(LabelError)
    /// The scroll offset drawing uses: horizontal for a field, vertical for a view.
    func resolvedScroll() throws(LabelError) -> Double
    /// The size that fits: a field's whole line; a view's lines at its width.
    func fittingSize() throws(LabelError) -> Size
}

extension TextField: Editable {
    func resolvedScroll() throws(LabelError) -> Double { try resolvedScrollOffset() }
    func fittingSize() throws(LabelError) -> Size { try sizeThatFits() }
}

extension TextView: Editable {
    func resolvedScroll() throws(LabelError) -> Double { try resolvedContentOffset() }
    func fittingSize() throws(LabelError) -> Size { try sizeThatFits(width: field.size.width) }
}
