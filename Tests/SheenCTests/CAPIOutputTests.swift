import CSheenAPI
import Foundation
import SheenLabel
import SheenRaster
import SheenText
import Testing

/// What Tests/CAPI/capi_test.c wrote from C (Scripts/test-capi.sh sets SHEEN_CAPI_OUTPUT to its
/// directory) equals what the Swift API makes of the same calls, byte for byte.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["SHEEN_CAPI_OUTPUT"] != nil))
struct CAPIOutputTests {
    static var directory: String { ProcessInfo.processInfo.environment["SHEEN_CAPI_OUTPUT"] ?? "" }

    func written(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.directory + "/" + name)))
    }

    /// The seed label (gradient over the ink, stroke, soft shadow) as C drew it.
    static func seedLabel() throws -> Label {
        var label = Label("Always correct gradient text", font: try Font(named: "DejaVu Sans:bold", size: 48),
                          size: Size(width: 1024, height: 160))
        label.fill = .gradient(LabelGradient(colors: [Color(rgba: 0x3478_F6FF), Color(rgba: 0xFF3B_30FF)]), extent: .ink)
        label.stroke = LabelStroke(width: 2, paint: .color(Color(rgba: 0x3333_33FF)))
        label.shadows = [LabelShadow(color: Color(rgba: 0x0000_0080), offset: Point(0, 4), sigma: 6)]
        return label
    }

    @Test func seedLabelImage() throws {
        let image = try Self.seedLabel().image()
        #expect(try written("label.rgba") == image.bytes)
    }

    /// C read the seed label from a JSON spec (capi_test.c also held it to its setter-made twin).
    @Test func specLabelImage() throws {
        #expect(try written("spec-label.rgba") == (try Self.seedLabel().image()).bytes)
    }

    @Test func seedLabelInAHostBuffer() throws {
        let image = try Image(width: 700, height: 120, format: .bgra8Premultiplied)
        try image.withBuffer { buffer in
            try buffer.composite(.premultiplied(SIMD4(255, 255, 255, 255)), operator: .source)
            try Self.seedLabel().render(into: buffer, at: (-100, -20))
        }
        #expect(try written("label-own.bgra") == image.bytes)
    }

    /// The text field C drew while editing, into its own white buffer.
    @Test func textFieldInAHostBuffer() throws {
        var field = TextField(text: "naïve café", font: try Font(named: "DejaVu Sans", size: 24), size: Size(width: 200, height: 44))
        field.fill = .gradient(LabelGradient(colors: [Color(rgba: 0x3478_F6FF), Color(rgba: 0xFF3B_30FF)]), extent: .ink)
        field.shadows = [LabelShadow(color: Color(rgba: 0x0000_0080), offset: Point(0, 2), sigma: 2)]
        field.backgroundColor = Color(red: 0.95, green: 0.95, blue: 0.97)
        field.isEditing = true
        field.caretIndex = 10
        let image = try Image(width: 240, height: 60, format: .rgba8Premultiplied)
        try image.withBuffer { buffer in
            try buffer.composite(.premultiplied(SIMD4(255, 255, 255, 255)), operator: .source)
            try field.render(into: buffer, at: (20, 8))
        }
        #expect(try written("field.rgba") == image.bytes)
    }

    /// A field C painted with a conic, dithered OKLab gradient over its lines' ink.
    @Test func conicFieldFromC() throws {
        var field = TextField(text: "Conic field", font: try Font(named: "DejaVu Sans", size: 24), size: Size(width: 200, height: 44))
        let stops = [GradientStop(0, Color(rgba: 0x3478_F6FF)), GradientStop(0.5, Color(rgba: 0xFF95_00FF)),
                     GradientStop(1, Color(rgba: 0xFF3B_30FF))]
        field.fill = .gradient(LabelGradient(stops: stops, geometry: .conic(center: Point(0.5, 0.5), startAngle: 30), space: .oklab,
                                             dither: true), extent: .lines)
        let image = try Image(width: 200, height: 44, format: .rgba8Premultiplied)
        try image.withBuffer { buffer in
            try buffer.composite(.premultiplied(SIMD4(255, 255, 255, 255)), operator: .source)
            try field.render(into: buffer)
        }
        #expect(try written("field-conic.rgba") == image.bytes)
    }

    @Test func gradientThroughATextMask() throws {
        let font = try Font(named: "DejaVu Sans:bold", size: 48)
        var options = TextLayoutOptions()
        options.numberOfLines = 0
        options.lineBreakMode = .byWordWrapping
        options.alignment = .center
        let layout = try TextLayout(AttributedText("Sheen from C: gradients through text", font: font),
                                    bounds: Size(width: 300, height: 0), options: options)
        let mask = try layout.mask(region: try layout.inkRect())
        try mask.image.withBuffer { try GaussianBlur(sigma: 1.5).apply(in: $0) }
        var gradient = Gradient(shape: .conic(center: Point(150, 60), startAngle: 0.5),
                                stops: [GradientStop(0, Color(rgba: 0x3478_F6FF)), GradientStop(0.5, Color(rgba: 0xFF95_00FF)),
                                        GradientStop(1, Color(rgba: 0xAF52_DEFF))])
        gradient.spread = .reflect
        gradient.space = .oklab
        let canvas = try Image(width: 320, height: 130, format: .rgba8Premultiplied)
        let coverage = try Image(width: 320, height: 130, format: .a8)
        try coverage.withBuffer { try layout.draw(into: $0, origin: (10, 5)) }
        try canvas.withBuffer { buffer in
            try buffer.composite(.premultiplied(SIMD4(20, 24, 30, 255)), operator: .source)
            try mask.image.withReadOnlyBuffer { m in
                try buffer.composite(.gradient(try GradientFill(gradient)), operator: .sourceOver,
                                     coverage: .mask(m, x: mask.region.x + 10, y: mask.region.y + 5))
            }
            try coverage.withReadOnlyBuffer { try buffer.composite(.color(.white), operator: .sourceOver, coverage: .mask($0)) }
        }
        #expect(try written("composite.rgba") == canvas.bytes)
    }

    /// The shared corpus (capi_test.c's `corpus_answers`): for each text C laid out, Swift's
    /// answers to the same questions — line metrics, carets on both sides of every character
    /// boundary, taps, grapheme ranges, sizes that fit, a label's lines — equal C's exactly
    /// (doubles compared as the %a text C printed).
    @Test func layoutCorpusAnswersEqualSwift() throws {
        let lines = String(decoding: try written("layout-corpus.txt"), as: UTF8.self).split(separator: "\n").map(String.init)
        let font = try Font(named: "DejaVu Sans", size: 20)
        var options = TextLayoutOptions()
        options.alignment = .natural
        options.verticalAlignment = .center
        options.lineBreakMode = .byWordWrapping
        options.numberOfLines = 0
        func a(_ v: Double) -> String { String(format: "%a", v) }
        var expected: [String] = []
        var texts = 0
        for line in lines where line.hasPrefix("text ") {
            texts += 1
            let hex = Array(line.dropFirst(5).utf8)
            let bytes = stride(from: 0, to: hex.count, by: 2).map { UInt8(String(decoding: hex[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
            let text = String(decoding: bytes, as: UTF8.self)
            // Byte offsets ↔ UTF-16 offsets of `text`.
            func units(_ byte: Int) -> Int { text.utf16.distance(from: text.startIndex, to: text.utf8.index(text.startIndex, offsetBy: byte)) }
            func byte(_ unit: Int) -> Int { text.utf8.distance(from: text.startIndex, to: text.utf16.index(text.startIndex, offsetBy: unit)) }
            func aff(_ v: CaretAffinity) -> Int { v == .leading ? 0 : 1 }
            expected.append(line)
            let layout = try TextLayout(AttributedText(text, font: font), bounds: Size(width: 160, height: 0), options: options)
            expected.append("lines \(layout.lines.count)")
            for (i, l) in layout.lines.enumerated() {
                let r = l.typographicRect
                expected.append("line \(i) \(a(r.x)) \(a(r.y)) \(a(r.width)) \(a(r.height)) \(a(l.baseline)) \(a(l.lineBox.y)) "
                                + "\(a(l.lineBox.height)) \(byte(l.sourceRange.lowerBound)) \(byte(l.sourceRange.upperBound)) "
                                + "\(l.isTruncated ? 1 : 0) \(l.isRightToLeft ? 1 : 0)")
                for x in stride(from: -10.0, through: 175, by: 7) {
                    let p = layout.caretPosition(at: Point(x, r.y + r.height / 2))
                    expected.append("hit \(a(x)) \(a(r.y + r.height / 2)) \(byte(p.offset)) \(aff(p.affinity))")
                }
            }
            var field = TextField(text: text, font: font, size: Size(width: 200, height: 44))
            field.caretIndex = text.utf16.count
            var previous = 0
            for b in 0...bytes.count where b == bytes.count || bytes[b] & 0xC0 != 0x80 {
                for affinity in [CaretAffinity.leading, .trailing] {
                    if let c = layout.caret(at: units(b), affinity: affinity) {
                        expected.append("caret \(b) \(aff(affinity)) \(c.line) \(a(c.x))")
                    }
                    let r = try field.caretRect(at: units(b), affinity: affinity)
                    expected.append("field-caret \(b) \(aff(affinity)) \(a(r.x)) \(a(r.y)) \(a(r.width)) \(a(r.height))")
                }
                let g = layout.graphemeRange(enclosing: units(previous)..<units(b))
                expected.append("grapheme \(b) \(byte(g.lowerBound)) \(byte(g.upperBound))")
                previous = b
            }
            for x in stride(from: -10.0, through: 210, by: 9) {
                let p = try field.caretPosition(at: Point(x, 22))
                expected.append("field-hit \(a(x)) \(byte(p.index)) \(aff(p.affinity))")
            }
            var secret = TextField(text: text, font: font, size: Size(width: 120, height: 44))
            secret.isSecureTextEntry = true
            secret.adjustsFontSizeToFitWidth = true
            secret.minimumFontSize = 8
            for b in 0...bytes.count where b == bytes.count || bytes[b] & 0xC0 != 0x80 {
                let r = try secret.caretRect(at: units(b))
                expected.append("secure-caret \(b) \(a(r.x)) \(a(r.y)) \(a(r.width)) \(a(r.height))")
            }
            var view = TextView(text: text, font: font, size: Size(width: 160, height: 60))
            view.isEditing = true
            view.caretIndex = text.utf16.count
            for b in 0...bytes.count where b == bytes.count || bytes[b] & 0xC0 != 0x80 {
                let r = try view.caretRect(at: units(b))
                let p = try view.caretPosition(at: Point(r.x + r.width / 2, r.y + r.height / 2))
                expected.append("view-caret \(b) \(a(r.x)) \(a(r.y)) \(a(r.width)) \(a(r.height)) \(byte(p.index)) \(aff(p.affinity))")
                var e = min(b + 7, bytes.count)
                while e < bytes.count, bytes[e] & 0xC0 == 0x80 { e += 1 }
                let h = try view.selectionHandles(for: units(b)..<units(e)), fh = try field.selectionHandles(for: units(b)..<units(e))
                expected.append("handles \(b) \(e) \(a(h.start.x)) \(a(h.start.y)) \(a(h.start.height)) \(a(h.end.x)) \(a(h.end.y)) "
                                + "\(a(h.end.height)) \(a(fh.start.x)) \(a(fh.start.y)) \(a(fh.end.x)) \(a(fh.end.y))")
                for affinity in [CaretAffinity.leading, .trailing] {
                    for (m, movement) in CaretMovement.listed.map(\.value).enumerated() {
                        let to = try view.position(from: units(b), affinity: affinity, moving: movement)
                        expected.append("view-move \(b) \(aff(affinity)) \(m) \(byte(to.index)) \(aff(to.affinity))")
                    }
                    let to = try view.position(from: units(b), affinity: affinity, moving: .down, preferredX: 40)
                    expected.append("view-move-x \(b) \(aff(affinity)) \(byte(to.index)) \(aff(to.affinity))")
                }
            }
            let viewFit = try view.sizeThatFits(width: 160)
            expected.append("view-fit \(a(try view.resolvedContentOffset())) \(a(viewFit.width)) \(a(viewFit.height))")
            var spaced = TextView(text: text, font: font, size: Size(width: 160, height: 400))
            spaced.lineHeightMultiple = 1.5
            spaced.lineSpacing = 3
            spaced.paragraphStyle = ParagraphStyle(paragraphSpacing: 7, paragraphSpacingBefore: 2)
            spaced.verticalAlignment = .bottom
            var top = field
            top.verticalAlignment = .top
            for b in 0...bytes.count where b == bytes.count || bytes[b] & 0xC0 != 0x80 {
                let r = try spaced.caretRect(at: units(b)), f = try top.caretRect(at: units(b))
                expected.append("spaced-caret \(b) \(a(r.x)) \(a(r.y)) \(a(r.width)) \(a(r.height)) \(a(f.y))")
            }
            let spacedFit = try spaced.sizeThatFits(width: 160)
            expected.append("spaced-fit \(a(spacedFit.width)) \(a(spacedFit.height))")
            var m0 = bytes.count / 3, m1 = 2 * bytes.count / 3, s0 = bytes.count / 2
            while m0 > 0, bytes[m0] & 0xC0 == 0x80 { m0 -= 1 }
            while m1 < bytes.count, bytes[m1] & 0xC0 == 0x80 { m1 += 1 }
            while s0 > m0, bytes[s0] & 0xC0 == 0x80 { s0 -= 1 }
            var markedField = field
            markedField.markedRange = units(m0) < units(m1) ? units(m0) ..< units(m1) : nil
            markedField.markedSelectedRange = markedField.markedRange != nil && units(m0) < units(s0) ? units(m0) ..< units(s0) : nil
            var markedView = spaced
            markedView.markedRange = markedField.markedRange
            markedView.markedSelectedRange = markedField.markedRange != nil && units(s0) < units(m1) ? units(s0) ..< units(m1) : nil
            markedField.isEditing = true
            markedField.caretIndex = units(m1)
            markedField.selectedRange = nil
            markedView.isEditing = true
            markedView.caretIndex = units(m1)
            for (k, underlines) in [try markedField.markedTextUnderlines(), try markedView.markedTextUnderlines()].enumerated() {
                expected.append("marked \(k) \(m0) \(m1) \(s0) \(underlines.count)"
                                + underlines.prefix(8).map { " \(a($0.x)) \(a($0.y)) \(a($0.width)) \(a($0.height))" }.joined())
            }
            var half = bytes.count / 2
            while half > 0, bytes[half] & 0xC0 == 0x80 { half -= 1 }
            var raised = TextAttributes(font: font)
            raised.tracking = 2
            raised.baselineOffset = 3
            raised.underline = TextDecoration(.single)
            var attributed = AttributedText()
            attributed.append(String(decoding: bytes[..<half], as: UTF8.self), attributes: TextAttributes(font: font))
            attributed.append(String(decoding: bytes[half...], as: UTF8.self), attributes: raised)
            var rich = TextField(font: font, size: Size(width: 200, height: 44))
            rich.attributedText = attributed
            try rich.replaceText(in: units(half)..<units(half), with: "«»")
            let richBytes = Array(rich.text.utf8)
            for b in 0...richBytes.count where b == richBytes.count || richBytes[b] & 0xC0 != 0x80 {
                let r = try rich.caretRect(at: String(decoding: richBytes[..<b], as: UTF8.self).utf16.count)
                expected.append("rich-caret \(b) \(a(r.x)) \(a(r.y)) \(a(r.width)) \(a(r.height))")
            }
            let fit = try field.sizeThatFits(), rect = field.textRect
            expected.append("field-fit \(a(fit.width)) \(a(fit.height)) \(a(rect.x)) \(a(rect.y)) \(a(rect.width)) \(a(rect.height))")
            let textFit = try TextLayout.sizeThatFits(AttributedText(text, font: font), Size(width: 160, height: 0), options: options)
            expected.append("text-fit \(a(textFit.width.rounded(.up))) \(a(textFit.height.rounded(.up)))")
            var label = Label(text, font: font, size: .zero)
            label.lineBreakMode = .byWordWrapping
            label.numberOfLines = 0
            let labelFit = try label.sizeThatFits(Size(width: 160, height: 0))
            expected.append("label-fit \(a(labelFit.width)) \(a(labelFit.height))")
            label.size = labelFit
            expected.append("label-lines \(try label.layout().lines.count) \(label.textOrigin.x) \(label.textOrigin.y)")
        }
        #expect(texts == 9)
        #expect(lines.count == expected.count)
        for (c, swift) in zip(lines, expected) where c != swift {
            Issue.record("C: \(c)\nSwift: \(swift)")
            break
        }
    }
}
