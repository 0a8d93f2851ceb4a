import SheenLabel
import SheenRaster
import SheenTestSupport
import SheenText

/// One field fuzz input, decoded. Numbers come from one byte each: 0…239 over the property's
/// ordinary range, 240…255 one of `LabelFuzzCase`-style extremes (NaN, ±∞, 1e300, the limits).
///
/// Layout:  [0] flags: bit 0 multi-line (a text view), 1 secure entry, 2 editing, 3 gradient fill,
///          4 the text empty (the placeholder shows), 5 stroke, 6 shadow, 7 disabled · [1] modes:
///          bits 0–1 alignment, bit 2 a gradient placeholder, bit 3 trailing affinity, bit 4
///          auto-shrink, bits 5–7 the gradient's extent · [2…9] numbers: width, height, font size,
///          caret (a fraction of the text), selection length, scroll offset, tap x, tap y · [10]
///          b: large-mode growth (b mod 11), vertical alignment ((b / 11) mod 3: centre, top, bottom),
///          and when (b / 33) is odd a text view's spacing (line height multiple font size / 10, line
///          spacing selection length − 20, paragraph spacing before and after the selection length),
///          and when (b / 66) is odd marked text: the four units before the caret, the last two its
///          selected clause, and when (b / 132) is odd attributed text: the text's scalars in three
///          runs (the second bold, larger, coloured and underlined, with a gradient run style; the
///          third tracked and raised) · then the text as UTF-8 (at most 64 bytes; in large-input mode,
///          `FuzzReplay.largeInputs`, grown to 2^(10 + [10] mod 11) UTF-16 units), also the
///          placeholder.
struct FieldFuzzCase: CustomStringConvertible {
    static let extremes: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, .greatestFiniteMagnitude, .leastNonzeroMagnitude,
                                     -0.0, 1e-300, 16384, 16385, 256, 257, 512.5, -1, 0]

    let flags: UInt8
    let modes: UInt8
    let layoutByte: UInt8
    let numbers: [Double]
    let text: String

    init(_ bytes: [UInt8]) {
        func byte(_ i: Int) -> UInt8 { i < bytes.count ? bytes[i] : 0 }
        flags = byte(0)
        modes = byte(1)
        layoutByte = byte(10)
        let ranges: [ClosedRange<Double>] = [1...320, 1...200, 1...40, 0...1, 0...40, 0...400, -20...340, -20...220]
        numbers = ranges.enumerated().map { i, range in
            let b = byte(2 + i)
            if b >= 240 { return Self.extremes[Int(b) - 240] }
            return range.lowerBound + (range.upperBound - range.lowerBound) * Double(b) / 239
        }
        let given = bytes.count > 11 ? String(decoding: bytes[11...].prefix(64), as: UTF8.self) : "Edit me\nagain"
        text = String(decoding: FuzzReplay.grown(Array(given.utf16), by: byte(10)), as: UTF16.self)
    }

    /// The font every input shares, and its bold for attributed runs.
    nonisolated(unsafe) static var font: Font?
    nonisolated(unsafe) static var bold: Font?

    func field() throws -> TextField {
        if Self.font == nil { Self.font = try TestFonts.sans(14); Self.bold = try TestFonts.bold(14) }
        let n = numbers
        var field = TextField(text: flags & 16 != 0 ? "" : text, font: try Self.font!.withSize(n[2]), size: Size(width: n[0], height: n[1]))
        field.placeholder = text
        field.isSecureTextEntry = flags & 2 != 0
        field.isEditing = flags & 4 != 0
        field.isEnabled = flags & 128 == 0
        let extents: [GradientExtent] = [.ink, .lines, .typographic, .frame]
        let gradient = LabelGradient(colors: [Color(rgba: 0x3478_F6FF), Color(rgba: 0xFF3B_30FF)], geometry: .linear(angle: 30))
        if flags & 8 != 0 { field.fill = .gradient(gradient, extent: extents[Int(modes >> 5) % extents.count]) }
        if modes & 4 != 0 { field.placeholderFill = .gradient(gradient, extent: .ink) }
        if flags & 32 != 0 { field.stroke = LabelStroke(width: 1.5, paint: .color(Color(rgba: 0x1010_10FF))) }
        if flags & 64 != 0 { field.shadows = [LabelShadow(color: Color(rgba: 0x0000_0080), offset: Point(1, 2), sigma: 2)] }
        field.textAlignment = [TextAlignment.natural, .left, .center, .right][Int(modes & 3)]
        field.caretAffinity = modes & 8 != 0 ? .trailing : .leading
        if modes & 16 != 0 { field.adjustsFontSizeToFitWidth = true; field.minimumFontSize = 6 }
        let count = field.text.utf16.count
        // The caret a fraction of the text in (an extreme is clamped to its ends), the selection
        // as long as the number says, up to the text's end.
        let fraction = n[3].isFinite ? min(max(n[3], 0), 1) : 1
        field.caretIndex = min(Int((fraction * Double(count)).rounded(.down)), count)
        if n[4].isFinite, n[4] >= 1 { field.selectedRange = field.caretIndex ..< min(count, field.caretIndex + Int(min(n[4], 1e6))) }
        field.scrollOffset = n[5]
        field.verticalAlignment = [VerticalAlignment.center, .top, .bottom][Int(layoutByte / 11) % 3]
        if (layoutByte / 33) % 2 == 1 {
            field.lineHeightMultiple = n[2] / 10
            field.lineSpacing = n[4] - 20
            field.paragraphStyle = ParagraphStyle(paragraphSpacing: n[4], paragraphSpacingBefore: n[4])
        }
        if (layoutByte / 66) % 2 == 1 {
            field.markedRange = max(0, field.caretIndex - 4) ..< field.caretIndex
            field.markedSelectedRange = max(0, field.caretIndex - 2) ..< field.caretIndex
        }
        if (layoutByte / 132) % 2 == 1, !field.text.isEmpty {
            let scalars = Array(field.text.unicodeScalars), third = scalars.count / 3
            let pieces = [scalars[..<third], scalars[third ..< 2 * third], scalars[(2 * third)...]].map { String(String.UnicodeScalarView($0)) }
            // An extreme size the base font takes may be too large at 1.5×: the base font then.
            var middle = TextAttributes(font: (try? Self.bold!.withSize(n[2] * 1.5)) ?? field.font, color: Color(rgba: 0x2080_40FF))
            middle.underline = TextDecoration(.single)
            var last = TextAttributes(font: field.font)
            last.tracking = 1.5
            last.baselineOffset = 2
            var attributed = AttributedText()
            for (piece, attributes) in zip(pieces, [TextAttributes(font: field.font), middle, last]) { attributed.append(piece, attributes: attributes) }
            let start = pieces[0].utf16.count
            field.attributedText = attributed
            field.runStyles = [LabelRunStyle(range: start ..< start + pieces[1].utf16.count, fill: .gradient(gradient, extent: .ink))]
        }
        return field
    }

    /// Draws through `render` into a fenced 64 × 40 buffer; nil when the fences held and a
    /// throw left every byte as it was.
    static func checkRender(_ render: (RasterBuffer) throws -> Void) -> String? {
        FencedBuffer(width: 64, height: 40, format: .rgba8Premultiplied, padding: 4, misalignment: 1, fill: 0x5A).checkedDraw(render).failure
    }

    /// The queries an editor makes; nil when every answer is within the text.
    static func checkQueries(count: Int, caretRect: (Int) throws -> Rect, position: (Point) throws -> (index: Int, affinity: CaretAffinity),
                             selection: (Range<Int>) throws -> [Rect],
                             handles: (Range<Int>) throws -> (start: Rect, end: Rect),
                             move: (Int, CaretMovement, Double?) throws -> (index: Int, affinity: CaretAffinity),
                             tap: Point, caret: Int) -> String? {
        if let r = try? caretRect(caret), !(r.x.isFinite && r.y.isFinite && r.width >= 0 && r.height >= 0) { return "caret rect \(r)" }
        if let p = try? position(tap), !(0 ... count).contains(p.index) { return "a tap gave index \(p.index) of \(count)" }
        // Every move from the caret (up and down at the tap's x too) stays in the text.
        for movement in CaretMovement.listed.map(\.value) {
            for x in [nil, tap.x.isFinite ? tap.x : nil] {
                if let p = try? move(caret, movement, x), !(0 ... count).contains(p.index) {
                    return "\(movement.word) gave index \(p.index) of \(count)"
                }
            }
        }
        if let rects = try? selection(max(0, caret - 3) ..< min(count, caret + 3)),
           rects.contains(where: { !($0.x.isFinite && $0.width >= 0 && $0.height >= 0) }) { return "selection rects \(rects)" }
        if let h = try? handles(max(0, caret - 3) ..< min(count, caret + 3)),
           ![h.start, h.end].allSatisfy({ $0.x.isFinite && $0.y.isFinite && $0.width >= 0 && $0.height >= 0 }) {
            return "selection handles \(h)"
        }
        return nil
    }

    /// Runs the input as a field, or as a text view in multi-line mode, before and after typing
    /// one character at the caret; nil when every invariant held.
    func check() -> String? {
        guard var field = try? field() else { return nil }
        let tap = Point(numbers[6], numbers[7])
        for round in 0 ..< 2 {
            let count = field.text.utf16.count
            // Grapheme boundaries from the surface under test: a view's own layout (a field's
            // would lay a megabyte out once more, as one line).
            var boundary: Int?
            if flags & 1 != 0 {
                var view = TextView(font: field.font, size: field.size)
                view.field = field
                view.contentOffset = numbers[5]
                if let failure = Self.checkRender({ try view.render(into: $0, at: (-3, -2)) }) { return "view: \(failure)" }
                if let failure = Self.checkQueries(count: count, caretRect: { try view.caretRect(at: $0, affinity: field.caretAffinity) },
                                                   position: { try view.caretPosition(at: $0) }, selection: { try view.selectionRects(for: $0) },
                                                   handles: { try view.selectionHandles(for: $0) },
                                                   move: { try view.position(from: $0, affinity: field.caretAffinity, moving: $1, preferredX: $2) },
                                                   tap: tap, caret: field.caretIndex) { return "view: \(failure)" }
                boundary = try? view.layout().graphemeBoundary(atOrBefore: field.caretIndex)
            } else {
                if let failure = Self.checkRender({ try field.render(into: $0, at: (-3, -2)) }) { return "field: \(failure)" }
                if let failure = Self.checkQueries(count: count, caretRect: { try field.caretRect(at: $0, affinity: field.caretAffinity) },
                                                   position: { try field.caretPosition(at: $0) }, selection: { try field.selectionRects(for: $0) },
                                                   handles: { try field.selectionHandles(for: $0) },
                                                   move: { try field.position(from: $0, affinity: field.caretAffinity, moving: $1, preferredX: $2) },
                                                   tap: tap, caret: field.caretIndex) { return "field: \(failure)" }
                boundary = try? field.graphemeBoundary(atOrBefore: field.caretIndex)
            }
            if let b = boundary, !(0 ... count).contains(b) { return "grapheme boundary \(b)" }
            guard round == 0, let at = boundary else { break }
            // One character typed at the caret (a caret inside a character moves back first),
            // keeping attributed runs and run styles.
            do { try field.replaceText(in: at ..< at, with: "x") } catch { return "typing at \(at) of \(count): \(error)" }
        }
        return nil
    }

    /// Decodes and checks one input; nil when it passed, else the case and what broke.
    static func failure(of bytes: [UInt8]) -> String? {
        let c = FieldFuzzCase(bytes)
        return c.check().map { "\(c)\n  \($0)" }
    }

    var description: String {
        "field flags \(flags) modes \(modes) numbers \(numbers) text \(text.prefix(80).debugDescription) (\(text.utf16.count) units)"
    }
}
