import SheenRaster
import SheenText

extension FieldSpec {
    /// Reads a field spec from the UTF-8 bytes of a JSON object (docs/label-spec.md, "Field
    /// specs"): the label fields of `styleFields` (read as a label spec reads them; without "text"
    /// the field is empty), "canvas" [width, height] (0…16384 each, 0 sizing that side to the
    /// text; absent: both), and `fieldFields`. Every refusal is a `LabelSpecError` naming the
    /// field; a label field a field does not take (lines, runs, …) is refused by name.
    public init(json bytes: [UInt8]) throws(LabelSpecError) {
        let root = try LabelSpec.parse(bytes)
        guard case let .object(fields) = root else { throw LabelSpecError("the top level must be an object, found \(root.kind)") }
        let known = Self.styleFields + ["canvas"] + Self.fieldFields
        if let unknown = fields.keys.sorted().first(where: { !known.contains($0) }) {
            throw LabelSpecError("the top level: unknown field \"\(unknown)\" (known: \(known.sorted().joined(separator: ", ")))")
        }
        do {
            var label = try LabelSpec.defaultLabel()
            let style = SpecObject(fields: fields.filter { Self.styleFields.contains($0.key) }, path: "")
            try LabelSpec.apply(style, to: &label)
            try style.finish(known: Self.styleFields)
            self.init(style: label)
            hasInsets = style.optional("insets") != nil   // null counts as absent, as everywhere
            hasVerticalAlignment = style.optional("vertical") != nil
            viewStyleGiven = Self.viewStyleFields.filter { style.optional($0) != nil }
            try read(SpecObject(fields: fields.filter { !Self.styleFields.contains($0.key) }, path: ""))
        } catch let error as LabelSpecError {
            throw error
        } catch {
            throw LabelSpecError("\(error)")
        }
        try validate()
    }

    /// A range of UTF-16 offsets written [start, end], start ≤ end.
    private static func range(_ n: SpecNode) throws -> Range<Int> {
        let ends = try n.array()
        guard ends.count == 2 else { throw n.error("expected [start, end], found \(ends.count) numbers") }
        let start = try ends[0].integer(in: 0...Int(Int32.max)), end = try ends[1].integer(in: 0...Int(Int32.max))
        guard start <= end else { throw n.error("the start \(start) is after the end \(end)") }
        return start..<end
    }

    /// The field's own fields and the canvas.
    private mutating func read(_ o: SpecObject) throws {
        if let n = o.optional("canvas") {
            let sides = try n.array()
            guard sides.count == 2 else { throw n.error("expected [width, height], found \(sides.count) numbers") }
            // The label's canvas range, whose 0 here sizes that side to the text.
            let range = LabelSpec.range("canvas"), whole = Int(range.lowerBound) ... Int(range.upperBound)
            width = try sides[0].integer(in: whole)
            height = try sides[1].integer(in: whole)
        }
        if let n = o.optional("placeholder") { placeholder = try n.string() }
        if let n = o.optional("placeholderFill") { placeholderFill = try LabelSpec.paint(n) }
        if let n = o.optional("editing") { isEditing = try n.bool() }
        if let n = o.optional("caret") { caretIndex = try n.integer(in: 0...Int(Int32.max)) }
        if let n = o.optional("caretAffinity") { caretAffinity = try n.named(CaretAffinity.self) }
        if let n = o.optional("selection") { selectedRange = try Self.range(n) }
        if let n = o.optional("marked") { markedRange = try Self.range(n) }
        if let n = o.optional("markedSelection") { markedSelectedRange = try Self.range(n) }
        if let n = o.optional("markedColor") { markedColor = try LabelSpec.color(n) }
        if let n = o.optional("scroll") { scrollOffset = try n.number(in: Self.scrollRange) }
        if let n = o.optional("caretColor") { caretColor = try LabelSpec.color(n) }
        if let n = o.optional("multiline") { isMultiline = try n.bool() }
        if let n = o.optional("secure") { isSecure = try n.bool() }
        if let n = o.optional("disabled") { isEnabled = !(try n.bool()) }
        if let n = o.optional("paragraph") { paragraphStyle = try LabelSpec.paragraph(n) }
        if let n = o.optional("minFontSize") { minimumFontSize = try n.number(in: 0...LabelSpec.range("size").upperBound) }
        try o.finish(known: ["canvas"] + Self.fieldFields)
    }
}
