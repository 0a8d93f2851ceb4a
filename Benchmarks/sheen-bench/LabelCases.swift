import SheenLabel
import SheenRaster
import SheenTestSupport
import SheenText

extension Bench {
    /// W5, the seed label: "Always correct gradient text", DejaVu Sans Bold 48 px, centred on a
    /// transparent 1024×160 canvas (cleared in the timed loop), shadow black 50 % offset (0, 4)
    /// σ 6, ink-bounded horizontal gradient #3478F6 → #FF3B30, 2 px stroke #333333 — the label the
    /// peers draw (Scripts/peerbench/workloads.py). Beside it: `label.lines3.1024x240`, three
    /// centred lines with the `.lines` extent (each line its own gradient) under a glow, and
    /// `label.shadows3.1024x160`, the seed label with three shadows (a drop shadow, a spread
    /// glow and a wide soft one), and `label.rich.1024x240`, attributed text as people write it
    /// (two paragraphs; a decimal tab stop; a double underline in its own colour, a thick
    /// strikethrough, a run background, a raised run; a run with its own gradient and stroke; a
    /// colour emoji; a soft hyphen) under a drop shadow. Each runs warm (the same label again: the glyph cache holds its
    /// glyphs) and `.cold` (the font size moves by 1/64 px every label, so no glyph is ever
    /// cached). Output checked: a warm label equals its first rendering; cold labels cover a
    /// plausible area.
    func runLabels() {
        do {
            try runLabelCases()
        } catch {
            check(false, "label cases: \(error)")
        }
    }

    private func runLabelCases() throws {
        let font = try TestFonts.bold(48)
        let blue = Color(rgba: 0x3478_F6FF), red = Color(rgba: 0xFF3B_30FF)
        func styled(_ size: Double) throws -> Label {
            var label = Label("Always correct gradient text", font: try font.withSize(size), size: Size(width: 1024, height: 160))
            label.textAlignment = .center
            label.fill = .gradient(LabelGradient(colors: [blue, red]), extent: .ink)
            label.stroke = LabelStroke(width: 2, paint: .color(Color(rgba: 0x3333_33FF)))
            label.shadows = [LabelShadow(color: Color(rgba: 0x0000_0080), offset: Point(0, 4), sigma: 6)]
            return label
        }
        func lines(_ size: Double) throws -> Label {
            var label = Label("Per-line gradients on three lines, each spanning its own ink", font: try font.withSize(size),
                              size: Size(width: 1024, height: 240))
            label.textAlignment = .center
            label.numberOfLines = 3
            label.lineBreakMode = .byWordWrapping
            label.fill = .gradient(LabelGradient(colors: [blue, red]), extent: .lines)
            label.shadows = [.glow(color: Color(rgba: 0xFF95_00C0), sigma: 4)]
            return label
        }
        func shadows(_ size: Double) throws -> Label {
            var label = try styled(size)
            label.shadows = [LabelShadow(color: Color(rgba: 0x0000_0080), offset: Point(0, 4), sigma: 6),
                             .glow(color: Color(rgba: 0xFF95_0080), sigma: 3, spread: 2),
                             LabelShadow(color: Color(rgba: 0x3478_F640), offset: Point(6, 10), sigma: 12)]
            return label
        }
        let serif = try TestFonts.sans(48)
        func rich(_ size: Double) throws -> Label {
            let bold = try font.withSize(size), regular = try serif.withSize(size * 0.75)
            let columns = ParagraphStyle(paragraphSpacing: 6, tabStops: [TextTab(location: 700, alignment: .decimal)])
            var text = AttributedText("Rich text\t1,234.50 \u{1F44D}\u{1F3FD}\n",
                                      attributes: TextAttributes(font: bold, underline: TextDecoration(.double, color: red),
                                                                 paragraphStyle: columns))
            text.append("as people write it: ", attributes: TextAttributes(font: regular, backgroundColor: Color(rgba: 0xFFE0_8AFF)))
            text.append("struck ", attributes: TextAttributes(font: regular, strikethrough: TextDecoration(.thick)))
            text.append("raised ", attributes: TextAttributes(font: regular, baselineOffset: 8))
            text.append("gradient demon\u{AD}stration", attributes: TextAttributes(font: bold))
            var label = try Label(attributedText: text, size: Size(width: 1024, height: 240))
            label.numberOfLines = 0
            label.lineBreakMode = .byWordWrapping
            label.textAlignment = .center
            let run = text.utf16.count - 23
            label.runStyles = [LabelRunStyle(range: run..<text.utf16.count, fill: .gradient(LabelGradient(colors: [blue, red])),
                                             stroke: LabelStroke(width: 2, paint: .color(Color(rgba: 0x3333_33FF))))]
            label.shadows = [LabelShadow(color: Color(rgba: 0x0000_0080), offset: Point(0, 4), sigma: 6)]
            return label
        }
        try runLabelCase("label.styled.1024x160", width: 1024, height: 160, make: styled)
        try runLabelCase("label.lines3.1024x240", width: 1024, height: 240, make: lines)
        try runLabelCase("label.shadows3.1024x160", width: 1024, height: 160, make: shadows)
        try runLabelCase("label.rich.1024x240", width: 1024, height: 240, make: rich)
    }

    /// Times `name` (warm) and `name.cold`; `make` builds the label at a font size in pixels.
    private func runLabelCase(_ name: String, width: Int, height: Int, make: (Double) throws -> Label) throws {
        let canvas = BenchBuffer(width: width, height: height)
        let bytes = canvas.byteCount
        if wants(name) {
            let label = try make(48)
            let cache = GlyphCache(byteBudget: 32 << 20)
            try label.render(into: canvas.buffer, cache: cache)
            let first = Array(UnsafeRawBufferPointer(start: canvas.buffer.base, count: bytes))
            var samples: [Double] = []
            for i in 0 ..< warmup + reps {
                let t0 = nowNs()
                canvas.buffer.base.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
                try label.render(into: canvas.buffer, cache: cache)
                let t = Double(nowNs() - t0)
                if i >= warmup { samples.append(t) }
            }
            check(Array(UnsafeRawBufferPointer(start: canvas.buffer.base, count: bytes)) == first,
                  "\(name): the warm label differs from its first rendering")
            if name == "label.styled.1024x160" { dump(name, "output", canvas.buffer) }
            record(CaseResult(name: name, width: width, height: height, total: Stats(samples),
                              make: nil, fill: nil, intermediateBytes: 0, reps: reps, unit: "labels/s"), kernel: .several)
        }
        let cold = name + ".cold"
        if wants(cold) {
            let cache = GlyphCache(byteBudget: 32 << 20)
            var samples: [Double] = []
            var covered = Int.max
            for i in 0 ..< warmup + reps {
                let label = try make(48 + Double(i + 1) / 64)   // a size never drawn before
                let t0 = nowNs()
                canvas.buffer.base.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
                try label.render(into: canvas.buffer, cache: cache)
                let t = Double(nowNs() - t0)
                if i >= warmup { samples.append(t) }
                var n = 0
                for p in stride(from: 3, to: bytes, by: 4) where canvas.buffer.base.load(fromByteOffset: p, as: UInt8.self) == 255 { n += 1 }
                covered = min(covered, n)
            }
            check(covered > 10_000, "\(cold): a label covered only \(covered) opaque pixels")
            record(CaseResult(name: cold, width: width, height: height, total: Stats(samples),
                              make: nil, fill: nil, intermediateBytes: 0, reps: reps, unit: "labels/s"), kernel: .several)
        }
    }
}
