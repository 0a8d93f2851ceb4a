import SheenRaster
import SheenTestSupport
import SheenText

/// One text fuzz input, decoded: layout options, a text of random UTF-16 code units (lone
/// surrogates included), and either the system's DejaVu Sans or the remaining bytes as a font.
///
/// Layout:  [0] flags: bit 0 = font from the input bytes (else DejaVu Sans), bits 1–3 line-break
///          mode, bit 4 tightening, bits 5–7 alignment · [1] vertical alignment and baseline
///          adjustment · [2] font size (4 + b/2 px) · [3] width (4·b px, 0 = unconstrained) ·
///          [4] height (2·b px) · [5] numberOfLines (b mod 5) · [6] auto-shrink (bit 0) and minimum
///          scale (b >> 1)/127 · [7] stroke width b/16 px (0 = none) · [8–9] n, the text length in
///          UTF-16 units (mod 512) · then 2n bytes of text · then the font bytes — or, with DejaVu
///          Sans, the rich-text bytes: [0] bit 0 underline, 1 strikethrough, 2 background, 3 tab
///          stops, 4 hyphenation (en_US), 5 second run bold, 6–7 decoration style · [1] where the
///          second run starts (units, mod n + 1) · [2] baseline offset of the second run (b/8 − 16
///          px) · [3] tab stop location (2·b px) and alignment (b mod 4) · [4] paragraph spacing (b/8 px).
///          In large-input mode (`FuzzReplay.largeInputs`) the text is grown to 2^(10 + [9] mod 11) units.
struct TextFuzzCase: CustomStringConvertible {
    var fontFromInput = false
    var options = TextLayoutOptions()
    var size = 12.0
    var bounds = Size.zero
    var stroke: TextStroke?
    var units: [UInt16] = []
    var fontBytes: [UInt8] = []

    init(_ bytes: [UInt8]) {
        func byte(_ i: Int) -> UInt8 { i < bytes.count ? bytes[i] : 0 }
        let flags = byte(0)
        fontFromInput = flags & 1 == 1
        let modes: [LineBreakMode] = [.byWordWrapping, .byCharWrapping, .byClipping, .byTruncatingHead,
                                      .byTruncatingTail, .byTruncatingMiddle]
        options.lineBreakMode = modes[Int((flags >> 1) & 7) % modes.count]
        options.allowsDefaultTighteningForTruncation = flags & 16 != 0
        let alignments: [TextAlignment] = [.left, .right, .center, .justified, .natural]
        options.alignment = alignments[Int(flags >> 5) % alignments.count]
        let verticals: [VerticalAlignment] = [.top, .center, .bottom]
        let adjustments: [BaselineAdjustment] = [.alignBaselines, .alignCenters, .none]
        options.verticalAlignment = verticals[Int(byte(1) & 3) % 3]
        options.baselineAdjustment = adjustments[Int((byte(1) >> 2) & 3) % 3]
        size = 4 + Double(byte(2)) / 2
        bounds = Size(width: 4 * Double(byte(3)), height: 2 * Double(byte(4)))
        options.numberOfLines = Int(byte(5)) % 5
        options.adjustsFontSizeToFitWidth = byte(6) & 1 == 1
        options.minimumScaleFactor = Double(byte(6) >> 1) / 127
        if byte(7) != 0 { stroke = TextStroke(width: Double(byte(7)) / 16, placement: byte(7) & 1 == 0 ? .outside : .centered) }
        let n = (Int(byte(8)) | Int(byte(9)) << 8) % 512
        var i = 10
        while units.count < n && i + 1 < bytes.count {
            units.append(UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8)
            i += 2
        }
        if i < bytes.count { fontBytes = Array(bytes[i...]) }
        units = FuzzReplay.grown(units, by: byte(9))
    }

    /// The font every DejaVu-mode input shares (opening it runs a fontconfig sort; once is enough).
    nonisolated(unsafe) static var systemFont: Font?

    /// Runs the input; returns nil when every invariant held, else what broke. Thrown errors are
    /// fine (bad fonts must throw); crashes and memory errors are what the fuzzer looks for.
    func check() -> String? {
        do {
            let font: Font
            if fontFromInput {
                font = try Font(face: FontFace(bytes: fontBytes), size: size)
            } else {
                if Self.systemFont == nil { Self.systemFont = try TestFonts.sans(12) }
                font = try Self.systemFont!.withSize(size)
            }
            var options = self.options
            let text = try richText(font: font, options: &options)
            let layout = try TextLayout(text, bounds: bounds, options: options)
            // One coverage for the ink and the colour image (a megabyte of glyphs is rasterised
            // once, not twice: most of a large input's time under AddressSanitizer).
            let coverage = try layout.coverage(stroke: stroke)
            let ink = coverage.inkRect
            if ink.width * ink.height <= 1 << 22 && !ink.isEmpty {
                let mask = try layout.mask(region: ink, stroke: stroke)
                let box = Self.nonZeroBox(mask.image)
                if box != PixelRect(x: 0, y: 0, width: ink.width, height: ink.height) {
                    return "ink \(ink) but coverage box \(box) (relative)"
                }
            }
            let pixels = layout.pixelBounds
            if pixels.width * pixels.height <= 1 << 22 { _ = try layout.mask(stroke: stroke) }
            for line in layout.lines {
                if line.glyphs.contains(where: { !$0.position.x.isFinite || !$0.position.y.isFinite }) {
                    return "a glyph position is not finite"
                }
                if line.segments.contains(where: { !$0.x.isFinite || !($0.width >= 0) }) { return "a segment is not finite" }
            }
            if layout.decorations.contains(where: { !$0.rect.x.isFinite || !$0.rect.y.isFinite || !($0.rect.height > 0) }) {
                return "a decoration rectangle is not finite"
            }
            // The colour image covers the colour glyphs' ink, inside the ink rectangle: drawn under
            // the masks' area bound: an unconstrained megabyte line of emoji makes a colour image
            // as large as TextLayout.maximumMaskPixels allows, and drawing it took 23 s under
            // AddressSanitizer (a timeout at the large mode's 20 s, not a finding).
            if ink.width * ink.height <= 1 << 22, let colour = try (stroke == nil ? coverage : layout.coverage()).colorImage(),
               colour.region.width * colour.region.height == 0 {
                return "an empty colour image"
            }
        } catch {
            return nil
        }
        return nil
    }

    /// The text in one run, or (DejaVu mode) split in two runs with the rich-text bytes' attributes.
    func richText(font: Font, options: inout TextLayoutOptions) throws -> AttributedText {
        let string = String(decoding: units, as: UTF16.self)
        guard !fontFromInput, let flags = fontBytes.first else { return AttributedText(string, font: font) }
        func byte(_ i: Int) -> UInt8 { i < fontBytes.count ? fontBytes[i] : 0 }
        let styles: [TextDecoration.Style] = [.single, .double, .thick, .single]
        let decoration = TextDecoration(styles[Int(flags >> 6)], color: flags & 64 != 0 ? Color(rgba: 0xFF00_00FF) : nil)
        let tab = TextTab(location: 2 * Double(byte(3)), alignment: [.left, .right, .center, .decimal][Int(byte(3)) % 4])
        let paragraph = ParagraphStyle(paragraphSpacing: Double(byte(4)) / 8, tabStops: flags & 8 != 0 ? [tab] : [])
        var first = TextAttributes(font: font, paragraphStyle: paragraph)
        first.underline = flags & 1 != 0 ? decoration : nil
        var second = first
        if flags & 32 != 0 { second.font = try Font(path: TestFonts.boldPath, size: font.size) }
        second.strikethrough = flags & 2 != 0 ? decoration : nil
        second.backgroundColor = flags & 4 != 0 ? Color(rgba: 0xFFE0_8AFF) : nil
        second.baselineOffset = Double(byte(2)) / 8 - 16
        if flags & 16 != 0 { options.hyphenationLanguage = "en_US" }
        let split = Int(byte(1)) % (units.count + 1)
        var text = AttributedText(String(decoding: units[..<split], as: UTF16.self), attributes: first)
        text.append(String(decoding: units[split...], as: UTF16.self), attributes: second)
        return text
    }

    static func nonZeroBox(_ image: Image) -> PixelRect {
        let b = image.bytes, w = image.width
        var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
        for (i, v) in b.enumerated() where v != 0 {
            x0 = min(x0, i % w); x1 = max(x1, i % w); y0 = min(y0, i / w); y1 = max(y1, i / w)
        }
        return x1 < 0 ? PixelRect(x: 0, y: 0, width: 0, height: 0) : PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
    }

    /// Decodes and checks one input; nil when it passed, else the case and what broke.
    static func failure(of bytes: [UInt8]) -> String? {
        let c = TextFuzzCase(bytes)
        return c.check().map { "\(c)\n  \($0)" }
    }

    var description: String {
        "font \(fontFromInput ? "\(fontBytes.count) input bytes" : "DejaVu Sans") \(size) px, bounds \(bounds), "
            + "\(options.lineBreakMode) \(options.alignment) lines \(options.numberOfLines), stroke \(String(describing: stroke)), "
            + "\(units.count) UTF-16 units"
    }
}
