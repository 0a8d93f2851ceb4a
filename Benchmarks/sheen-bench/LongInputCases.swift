import SheenLabel
import SheenRaster
import SheenTestSupport
import SheenText

extension Bench {
    /// Text at the size limit (`TextLayout.maximumLength`, 1 MiB of UTF-16 units), where costs
    /// that grow faster than the text show: `label.longword.300x50` (one 1 MiB word, DejaVu Sans
    /// 20 px, in a 300 × 50 label of one truncated line: label images/s, each a new label value
    /// whose layout is not cached — the first-layout cost), and a 1 MiB field of words
    /// (DejaVu Sans Bold 20 px, 300 × 60, editing, caret in the middle) once laid out:
    /// `label.field.long.300x60` (renders/s), `label.field.long.caret` (caretRect + caretIndex(at:) +
    /// selectionRects, calls/s). Repetitions are capped at 5 (each is up to a second). Output
    /// checked: the label truncates to "…", the field draws ink around its caret, and a caret query
    /// lands back on its index. `--quick` runs them at 64 Ki units.
    func runLongInputs() {
        do {
            try runLongInputCases()
        } catch {
            check(false, "long-input cases: \(error)")
        }
    }

    private func runLongInputCases() throws {
        let reps = min(self.reps, 5)
        // --quick checks the outputs at 64 Ki units: the figures are the full run's.
        let megabyte = quick ? 1 << 16 : TextLayout.maximumLength
        if wants("label.longword.300x50") {
            let font = try TestFonts.sans(20)
            var samples: [Double] = []
            var truncated = false
            for i in 0 ..< 1 + reps {
                // A different last letter each time: a new text, not a cached layout.
                let word = String(repeating: "a", count: megabyte - 1) + String(UnicodeScalar(UInt8(98 + i % 20)))
                let label = Label(word, font: font, size: Size(width: 300, height: 50))
                let t0 = nowNs()
                _ = try label.image()
                let t = Double(nowNs() - t0)
                if i >= 1 { samples.append(t) }
                truncated = try label.layout().isTruncated
            }
            check(truncated, "label.longword.300x50: a 1 MiB word should end in …")
            record(CaseResult(name: "label.longword.300x50", width: 300, height: 50, total: Stats(samples),
                              make: nil, fill: nil, intermediateBytes: 0, reps: reps, unit: "labels/s"), kernel: .several)
        }
        let words = ["lorem", "ipsum", "dolor", "sit", "amet", "gradient", "field"]
        var rng = SeededGenerator(seed: 0x6669_656C_64)
        var text = ""
        while text.utf16.count < megabyte - 16 { text += words.randomElement(using: &rng)! + " " }
        var field = TextField(text: text, font: try TestFonts.bold(20), size: Size(width: 300, height: 60))
        field.fill = .gradient(LabelGradient(colors: [Color(rgba: 0x3478_F6FF), Color(rgba: 0xFF3B_30FF)]), extent: .ink)
        field.isEditing = true
        field.caretIndex = text.utf16.count / 2
        let canvas = BenchBuffer(width: 300, height: 60)
        if wants("label.field.long.300x60") {
            let cache = GlyphCache(byteBudget: 32 << 20)
            try field.render(into: canvas.buffer, cache: cache)   // the first layout
            var samples: [Double] = []
            for i in 0 ..< warmup + reps {
                canvas.buffer.base.initializeMemory(as: UInt8.self, repeating: 0, count: canvas.byteCount)
                let t0 = nowNs()
                try field.render(into: canvas.buffer, cache: cache)
                let t = Double(nowNs() - t0)
                if i >= warmup { samples.append(t) }
            }
            var inked = 0
            for p in stride(from: 3, to: canvas.byteCount, by: 4) where canvas.buffer.base.load(fromByteOffset: p, as: UInt8.self) > 0 { inked += 1 }
            check(inked > 1_000, "label.field.long.300x60: only \(inked) pixels drawn")
            record(CaseResult(name: "label.field.long.300x60", width: 300, height: 60, total: Stats(samples),
                              make: nil, fill: nil, intermediateBytes: 0, reps: reps, unit: "renders/s"), kernel: .several)
        }
        if wants("label.field.long.caret") {
            _ = try field.caretRect(at: field.caretIndex)   // the first layout
            var samples: [Double] = []
            var landed = true
            for i in 0 ..< warmup + reps {
                let t0 = nowNs()
                let rect = try field.caretRect(at: field.caretIndex)
                let index = try field.caretIndex(at: Point(rect.x + rect.width / 2, rect.y + rect.height / 2))
                _ = try field.selectionRects(for: field.caretIndex - 5 ..< field.caretIndex)
                let t = Double(nowNs() - t0) / 3
                if i >= warmup { samples.append(t) }
                landed = landed && index == field.caretIndex
            }
            check(landed, "label.field.long.caret: a tap on the caret moved it")
            record(CaseResult(name: "label.field.long.caret", width: 300, height: 60, total: Stats(samples),
                              make: nil, fill: nil, intermediateBytes: 0, reps: reps, unit: "calls/s", calls: 1), kernel: .several)
        }
    }
}
