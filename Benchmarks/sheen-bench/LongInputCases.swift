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
    /// selectionRects, calls/s); and the same words in a 300 × 200 text view painted with the
    /// gradient, editing, caret in the middle: `label.view.long.first` (a first render: a text
    /// no layout is cached for, renders/s), `label.view.long.edit` (a render after a one-character
    /// insertion at the caret, renders/s), `label.view.long.caret` (caretRect + caretPosition(at:)
    /// + selectionRects after that render, calls/s). Repetitions are capped at 5 (each is up to a
    /// second). Output checked: the label truncates to "…", the field and the view draw ink around
    /// their caret, and a caret query lands back on its index. `--quick` runs them at 64 Ki units.
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
        if wantsAny(prefix: "label.view.long") { try runLongView(text: text, reps: reps) }
    }

    /// The text-view cases of `runLongInputs` over `text`.
    private func runLongView(text: String, reps: Int) throws {
        let canvas = BenchBuffer(width: 300, height: 200)
        let cache = GlyphCache(byteBudget: 32 << 20)
        func view(_ text: String) throws -> TextView {
            var view = TextView(text: text, font: try TestFonts.bold(20), size: Size(width: 300, height: 200))
            view.fill = .gradient(LabelGradient(colors: [Color(rgba: 0x3478_F6FF), Color(rgba: 0xFF3B_30FF)]), extent: .ink)
            view.isEditing = true
            view.caretIndex = text.utf16.count / 2
            return view
        }
        func inked() -> Int {
            var n = 0
            for p in stride(from: 3, to: canvas.byteCount, by: 4) where canvas.buffer.base.load(fromByteOffset: p, as: UInt8.self) > 0 { n += 1 }
            return n
        }
        // Each round: a text no layout is cached for (its first render), then one letter typed
        // at the caret and rendered again, then the caret queries on that text.
        var first: [Double] = [], edit: [Double] = [], caret: [Double] = []
        var landed = true, firstInk = Int.max, editInk = Int.max
        for i in 0 ..< 1 + reps {
            var v = try view(String(UnicodeScalar(UInt8(98 + i % 20))) + text)
            canvas.buffer.base.initializeMemory(as: UInt8.self, repeating: 0, count: canvas.byteCount)
            var t0 = nowNs()
            try v.render(into: canvas.buffer, cache: cache)
            if i >= 1 { first.append(Double(nowNs() - t0)) }
            firstInk = min(firstInk, inked())
            let at = v.caretIndex
            v.text.insert("x", at: String.Index(utf16Offset: at, in: v.text))
            v.caretIndex = at + 1
            canvas.buffer.base.initializeMemory(as: UInt8.self, repeating: 0, count: canvas.byteCount)
            t0 = nowNs()
            try v.render(into: canvas.buffer, cache: cache)
            if i >= 1 { edit.append(Double(nowNs() - t0)) }
            editInk = min(editInk, inked())
            for _ in 0 ..< 3 {
                t0 = nowNs()
                let rect = try v.caretRect(at: v.caretIndex)
                let position = try v.caretPosition(at: Point(rect.x + rect.width / 2, rect.y + rect.height / 2))
                _ = try v.selectionRects(for: v.caretIndex - 5 ..< v.caretIndex)
                if i >= 1 { caret.append(Double(nowNs() - t0) / 3) }
                landed = landed && position.index == v.caretIndex
            }
        }
        check(firstInk > 1_000 && editInk > 1_000, "label.view.long: only \(min(firstInk, editInk)) pixels drawn")
        check(landed, "label.view.long.caret: a tap on the caret moved it")
        for (name, samples, unit) in [("label.view.long.first", first, "renders/s"), ("label.view.long.edit", edit, "renders/s"),
                                      ("label.view.long.caret", caret, "calls/s")] where wants(name) {
            record(CaseResult(name: name, width: 300, height: 200, total: Stats(samples), make: nil, fill: nil, intermediateBytes: 0,
                              reps: reps, unit: unit), kernel: .several)
        }
    }
}
