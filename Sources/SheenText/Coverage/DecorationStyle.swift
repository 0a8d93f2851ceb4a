import SheenRaster

/// An underline's or strikethrough's kind and colour, shared by reference.
final class DecorationStyle: Sendable {
    let kind: DecorationRect.Kind
    let color: Color?
    init(kind: DecorationRect.Kind, color: Color?) { self.kind = kind; self.color = color }
}
