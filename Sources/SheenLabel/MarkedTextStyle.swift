import SheenRaster

/// How a text field or view draws its marked text — the composition an input method is still
/// building (UITextInput's `setMarkedText(_:selectedRange:)`): an underline under the marked
/// characters at the font's underline position, thicker under the clause being converted
/// (`TextField.markedSelectedRange`), as input methods draw it.
public struct MarkedTextStyle: Sendable, Equatable {
    /// The underline's colour; nil: the field's `textColor`.
    public var color: Color?
    /// The underline's thickness under the marked text, pixels, in `thicknessRange`; 1 by default.
    public var thickness = 1.0
    /// The underline's thickness under the selected clause, pixels, in `thicknessRange`; 2 by default.
    public var selectedThickness = 2.0
    /// The allowed thicknesses, pixels: a quarter-pixel hairline to a 16-px bar.
    public static let thicknessRange = 0.25 ... 16.0

    /// The default style: 1-px underlines in the text colour, 2 px under the selected clause.
    public init(color: Color? = nil, thickness: Double = 1, selectedThickness: Double = 2) {
        self.color = color
        self.thickness = thickness
        self.selectedThickness = selectedThickness
    }
}
