import SheenLabel
import SheenRaster
import SheenTestSupport
import SheenText

/// One label fuzz input, decoded. Every number comes from one byte: 0…239 spread over the
/// property's ordinary range, 240…255 one of `LabelFuzzCase.extremes` (so NaN, ∞, 1e300 and the
/// limits ±1 are a byte away); every integer placement from one byte of `placements` or a small
/// value.
///
/// Layout:  [0] flags: bit 0 background, 1 stroke, 2 shadow, 3 gradient fill, 4 multi-line,
///          5 auto-shrink, 6 animate, 7 disabled · [1] line break (low 3 bits), alignment
///          (bits 3–5), stroke placement outside / centred / inside or clipsToBounds (bits 6–7)
///          · [2…19] numbers: width, height, font size, stroke width, shadow dx, dy,
///          σ, spread, inset top, inset left, line spacing, line height multiple, minimum scale,
///          gradient angle, duration, fps, frame time, final font size · [20…25] placements:
///          render origin x, y; mask region x, y, width, height · [26] rich text: bit 0
///          underline, 1 coloured strikethrough, 2 run background, 3 a run gradient fill, 4 a run
///          stroke, 5 raised second half, 6 tab stops, 7 emoji appended · then the text as UTF-8
///          (at most 64 bytes; in large-input mode, `FuzzReplay.largeInputs`, grown to
///          2^(10 + [26] mod 11) UTF-16 units).
struct LabelFuzzCase: CustomStringConvertible {
    static let extremes: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, 9.223372036854775807e18,
                                     -9.223372036854775808e18, .greatestFiniteMagnitude, .leastNonzeroMagnitude, -0.0,
                                     1e-300, 16384, 16385, 256, 257, 512.5]
    static let placements: [Int] = [.min, .min + 1, -(1 << 40), -100_000, -1000, -64, -1, 0, 1, 47, 48, 1000,
                                     100_000, 1 << 40, .max - 1, .max]

    let flags: UInt8
    let modes: UInt8
    let numbers: [Double]
    let ints: [Int]
    let text: String
    let rich: UInt8

    init(_ bytes: [UInt8]) {
        func byte(_ i: Int) -> UInt8 { i < bytes.count ? bytes[i] : 0 }
        flags = byte(0)
        modes = byte(1)
        // Ordinary sizes and σ stay moderate (the extremes reach 256 and beyond): each input
        // renders its whole shadow and glyphs, and the fuzzer's worth is in how many it tries.
        let ranges: [ClosedRange<Double>] = [0...300, 0...150, 1...48, 0...24, -30...30, -30...30, 0...12, 0...12,
                                             0...30, 0...30, -2...20, 0.5...3, 0...1, 0...360, 0...2, 0...60, -1...3, 1...64]
        numbers = ranges.enumerated().map { i, range in
            let b = byte(2 + i)
            if b >= 240 { return Self.extremes[Int(b) - 240] }
            return range.lowerBound + (range.upperBound - range.lowerBound) * Double(b) / 239
        }
        ints = (0 ..< 6).map { i in
            let b = byte(20 + i)
            return b >= 240 ? Self.placements[Int(b) - 240] : Int(b) - 120
        }
        rich = byte(26)
        let given = bytes.count > 27 ? String(decoding: bytes[27...].prefix(64), as: UTF8.self) : "Fuzz AV"
        text = String(decoding: FuzzReplay.grown(Array(given.utf16), by: byte(26)), as: UTF16.self)
    }

    /// The font every input shares (a fontconfig lookup once).
    nonisolated(unsafe) static var font: Font?

    func label() throws -> Label {
        if Self.font == nil { Self.font = try TestFonts.bold(12) }
        let n = numbers
        var label = Label(text, font: try Self.font!.withSize(n[2]), size: Size(width: n[0], height: n[1]))
        let breaks: [LineBreakMode] = [.byWordWrapping, .byCharWrapping, .byClipping, .byTruncatingHead,
                                       .byTruncatingTail, .byTruncatingMiddle]
        let alignments: [TextAlignment] = [.left, .right, .center, .justified, .natural]
        label.lineBreakMode = breaks[Int(modes & 7) % breaks.count]
        label.textAlignment = alignments[Int((modes >> 3) & 7) % alignments.count]
        if flags & 1 != 0 { label.backgroundColor = Color(rgba: 0x2040_60C0) }
        let placements: [TextStroke.Placement] = [.outside, .centered, .inside, .outside]
        if flags & 2 != 0 {
            label.stroke = LabelStroke(width: n[3], paint: .color(Color(rgba: 0x1010_10FF)), placement: placements[Int(modes >> 6)])
        }
        label.clipsToBounds = modes >> 6 == 3
        if flags & 4 != 0 { label.shadows = [LabelShadow(color: Color(rgba: 0x0000_0080), offset: Point(n[4], n[5]), sigma: n[6], spread: n[7])] }
        if flags & 8 != 0 {
            label.fill = .gradient(LabelGradient(colors: [Color(rgba: 0x3478_F6FF), Color(rgba: 0xFF3B_30FF)],
                                                 geometry: .linear(angle: n[13])), extent: .ink)
        }
        if flags & 16 != 0 { label.numberOfLines = 0 }
        if flags & 32 != 0 { label.adjustsFontSizeToFitWidth = true; label.minimumScaleFactor = n[12] }
        label.isEnabled = flags & 128 == 0
        label.insets = EdgeInsets(top: n[8], left: n[9], bottom: 0, right: 0)
        label.lineSpacing = n[10]
        label.lineHeightMultiple = n[11]
        if rich != 0 { try enrich(&label) }
        return label
    }

    /// The text as two attributed runs with the rich byte's decorations, styles and tab stops.
    func enrich(_ label: inout Label) throws {
        let string = text + (rich & 128 != 0 ? " 😀👍🏽" : "")
        let units = Array(string.utf16), half = units.count / 2
        var first = TextAttributes(font: label.font, paragraphStyle: rich & 64 != 0
            ? ParagraphStyle(tabStops: [TextTab(location: numbers[0] / 3, alignment: .decimal)]) : nil)
        first.underline = rich & 1 != 0 ? TextDecoration(.double) : nil
        var second = first
        second.strikethrough = rich & 2 != 0 ? TextDecoration(.thick, color: Color(rgba: 0xFF00_00FF)) : nil
        second.backgroundColor = rich & 4 != 0 ? Color(rgba: 0xFFE0_8A80) : nil
        second.baselineOffset = rich & 32 != 0 ? numbers[5] : 0
        var attributed = AttributedText(String(decoding: units[..<half], as: UTF16.self), attributes: first)
        attributed.append(String(decoding: units[half...], as: UTF16.self), attributes: second)
        label.attributedText = attributed
        if rich & 8 != 0 {
            label.runStyles.append(LabelRunStyle(range: 0..<half, fill: .gradient(LabelGradient(colors: [Color(rgba: 0x00FF_00FF), Color(rgba: 0x0000_FFFF)]))))
        }
        if rich & 16 != 0 {
            label.runStyles.append(LabelRunStyle(range: half..<units.count + 3, stroke: LabelStroke(width: numbers[3], paint: .color(Color(rgba: 0x00FF_00FF)))))
        }
    }

    /// Renders `label` at the input's origin into a fenced 48×24 buffer; nil if every invariant
    /// held: the fences are intact, a throw changed nothing, and a render changed nothing outside
    /// the label's drawn bounds (its rectangle when it clips to it).
    func checkRender(_ label: Label) -> String? {
        let fenced = FencedBuffer(width: 48, height: 24, format: .rgba8Premultiplied, padding: 4, misalignment: 1, fill: 0x5A)
        let origin = (x: ints[0], y: ints[1])
        // One renderer draws and then measures (a render that drew has every coverage its
        // bounds need, so measuring cannot throw then).
        let (drawn, failure) = fenced.checkedDraw { try label.renderReturningBounds(into: $0, at: origin) }
        if let failure { return failure }
        guard let bounds = drawn else { return nil }
        if label.clipsToBounds && (bounds.x != 0 || bounds.y != 0 || bounds.width != Int(label.size.width.rounded(.up))
                                   || bounds.height != Int(label.size.height.rounded(.up))) {
            return "a clipped label's drawn bounds \(bounds) are not its frame"
        }
        let width = bounds.width, height = bounds.height
        func inside(_ v: Int, _ origin: Int, _ boundsStart: Int, _ length: Int) -> Bool {
            let (start, over) = origin.addingReportingOverflow(boundsStart)
            let (offset, overflow) = v.subtractingReportingOverflow(start)
            return !over && !overflow && offset >= 0 && offset < length
        }
        // Every pixel outside the drawn bounds still holds the buffer's fill.
        let untouched = SIMD4<UInt8>(repeating: 0x5A)
        for y in 0 ..< 24 where !inside(y, origin.y, bounds.y, height) {
            for x in 0 ..< 48 where fenced.rgba(x: x, y: y) != untouched { return "changed (\(x), \(y)) outside the drawn bounds" }
        }
        for x in 0 ..< 48 where !inside(x, origin.x, bounds.x, width) {
            for y in 0 ..< 24 where fenced.rgba(x: x, y: y) != untouched { return "changed (\(x), \(y)) outside the drawn bounds" }
        }
        return nil
    }

    /// Runs the input; nil when every invariant held. Thrown errors are answers, not failures;
    /// crashes, memory errors and broken invariants are what the fuzzer looks for.
    func check() -> String? {
        guard let label = try? label() else { return nil }
        if let failure = checkRender(label) { return failure }
        // A whole image too, for a few: what it adds over the render above is its allocation.
        if label.size.width * label.size.height <= 4_096 { _ = try? label.image() }
        // Text at extreme regions and origins.
        if let layout = try? label.layout() {
            _ = try? layout.mask(region: PixelRect(x: ints[2], y: ints[3], width: ints[4], height: ints[5]))
            let a8 = FencedBuffer(width: 40, height: 20, format: .a8, padding: 4, misalignment: 3, fill: 0)
            _ = try? layout.draw(into: a8.buffer, origin: (ints[2], ints[3]))
            if a8.fenceViolations != 0 { return "TextLayout.draw wrote outside the buffer" }
        }
        // An animation to a second label: durations, rates and times from the input.
        guard flags & 64 != 0 else { return nil }
        var to = label
        to.textColor = Color(rgba: 0xFF95_00FF)
        if let sized = try? label.font.withSize(numbers[17]) { to.font = sized }
        to.shadows = label.shadows.map { var s = $0; s.sigma = min(s.sigma * 2, 256); return s }
        guard let animation = try? LabelAnimation(from: label, to: to, duration: numbers[14]) else { return nil }
        if let frame = try? animation.frame(at: numbers[16]), let failure = checkRender(frame) { return "frame at \(numbers[16]): \(failure)" }
        let fps = numbers[15]
        if fps.isFinite, fps > 0, animation.duration * fps < 8, let frames = try? animation.frames(fps: fps) {
            if frames.isEmpty { return "no frames" }
            for frame in frames { if let failure = checkRender(frame) { return "frames(fps: \(fps)): \(failure)" } }
        }
        return nil
    }

    /// Decodes and checks one input; nil when it passed, else the case and what broke.
    static func failure(of bytes: [UInt8]) -> String? {
        let c = LabelFuzzCase(bytes)
        return c.check().map { "\(c)\n  \($0)" }
    }

    var description: String {
        "label flags \(flags) modes \(modes) numbers \(numbers) placements \(ints) rich \(rich) text \(text.debugDescription)"
    }
}
