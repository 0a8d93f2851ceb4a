import SheenLabel
import SheenRaster
import SheenTestSupport
import SheenText

extension Bench {
    /// The queries an editor makes between renders, once the field is laid out, on a
    /// 200-character line of Latin, Hebrew and Arabic words (DejaVu Sans 20 px, a field wide
    /// enough for the one line: `.200`), a 1 MiB field of words like `runLongInputs`' (`.long`)
    /// and the same text in a 300 × 200 text view (`label.view…long`):
    /// - caret moves (`TextField.position(from:affinity:moving:preferredX:)`): every
    ///   `CaretMovement` from a caret in the middle, each timed alone, the case's figure the
    ///   slowest movement's (ns per call) — `label.field.move.200`, `label.field.move.long`,
    ///   `label.view.move.long`; output checked: forward then backward comes back;
    /// - selection handles (`selectionHandles(for:)`) of ten units around the middle —
    ///   `label.field.handles.200`, `label.field.handles.long`, `label.view.handles.long`; output
    ///   checked: the start handle is the caret rectangle at the start.
    /// `--quick` runs the long cases at 64 Ki units.
    func runEditingQueries() {
        do {
            try runEditingQueryCases()
        } catch {
            check(false, "editing-query cases: \(error)")
        }
    }

    private func runEditingQueryCases() throws {
        let words = ["lorem", "ipsum", "שלום", "dolor", "مرحبا", "sit", "עולם", "amet", "caret"]
        var rng = SeededGenerator(seed: 0x6D6F_7665)
        var line = ""
        while line.count < 200 { line += words.randomElement(using: &rng)! + " " }
        line = String(line.prefix(200))
        if wants("label.field.move.200") {
            var field = TextField(text: line, font: try TestFonts.sans(20), size: Size(width: 4000, height: 40))
            field.isEditing = true
            try moveCase("label.field.move.200", width: 4000, height: 40, count: line.utf16.count) { index, affinity, movement in
                try field.position(from: index, affinity: affinity, moving: movement)
            }
        }
        if wants("label.field.handles.200") {
            var field = TextField(text: line, font: try TestFonts.sans(20), size: Size(width: 4000, height: 40))
            field.isEditing = true
            try handleCase("label.field.handles.200", width: 4000, height: 40, count: line.utf16.count,
                           caret: { try field.caretRect(at: $0) }, handles: { try field.selectionHandles(for: $0) })
        }
        guard wantsAny(prefix: "label.field.move.long") || wantsAny(prefix: "label.view.move.long")
            || wantsAny(prefix: "label.field.handles.long") || wantsAny(prefix: "label.view.handles.long") else { return }
        let megabyte = quick ? 1 << 16 : TextLayout.maximumLength
        let longWords = ["lorem", "ipsum", "dolor", "sit", "amet", "gradient", "field"]
        var text = ""
        while text.utf16.count < megabyte - 16 { text += longWords.randomElement(using: &rng)! + " " }
        var field = TextField(text: text, font: try TestFonts.bold(20), size: Size(width: 300, height: 60))
        field.isEditing = true
        field.caretIndex = text.utf16.count / 2
        if wants("label.field.move.long") {
            try moveCase("label.field.move.long", width: 300, height: 60, count: text.utf16.count) { index, affinity, movement in
                try field.position(from: index, affinity: affinity, moving: movement)
            }
        }
        if wants("label.field.handles.long") {
            try handleCase("label.field.handles.long", width: 300, height: 60, count: text.utf16.count,
                           caret: { try field.caretRect(at: $0) }, handles: { try field.selectionHandles(for: $0) })
        }
        var view = TextView(text: text, font: try TestFonts.bold(20), size: Size(width: 300, height: 200))
        view.isEditing = true
        view.caretIndex = text.utf16.count / 2
        if wants("label.view.move.long") {
            try moveCase("label.view.move.long", width: 300, height: 200, count: text.utf16.count) { index, affinity, movement in
                try view.position(from: index, affinity: affinity, moving: movement)
            }
        }
        if wants("label.view.handles.long") {
            try handleCase("label.view.handles.long", width: 300, height: 200, count: text.utf16.count,
                           caret: { try view.caretRect(at: $0) }, handles: { try view.selectionHandles(for: $0) })
        }
    }

    /// Times `handles` of the ten units around the middle of a text of `count` units (after one
    /// untimed call: the first layout) and records ns per call.
    private func handleCase(_ name: String, width: Int, height: Int, count: Int, caret: (Int) throws -> Rect,
                            handles: (Range<Int>) throws -> (start: Rect, end: Rect)) throws {
        let range = count / 2 - 5 ..< count / 2 + 5
        let first = try handles(range)
        let reps = min(self.reps, 200)
        var samples: [Double] = []
        for _ in 0 ..< reps {
            let t0 = nowNs()
            _ = try handles(range)
            samples.append(Double(nowNs() - t0))
        }
        // The start handle is the caret's rectangle there (the range starts on a boundary: words
        // of Latin, Hebrew and Arabic letters without marks).
        check(first.start == (try caret(range.lowerBound)), "\(name): the start handle \(first.start) is not the caret's rectangle")
        record(CaseResult(name: name, width: width, height: height, total: Stats(samples), make: nil, fill: nil,
                          intermediateBytes: 0, reps: reps, unit: "calls/s", calls: 1), kernel: .several)
    }

    /// Times every movement from the middle of a text of `count` units through `move` (after one
    /// untimed move of each kind: the first layout and its memos) and records the slowest.
    private func moveCase(_ name: String, width: Int, height: Int, count: Int,
                          _ move: (Int, CaretAffinity, CaretMovement) throws -> (index: Int, affinity: CaretAffinity)) throws {
        let from = count / 2
        var start = try move(from, .leading, .backward)   // a boundary near the middle
        start = try move(start.index, .leading, .forward)
        for movement in CaretMovement.listed.map(\.value) { _ = try move(start.index, start.affinity, movement) }
        var slowest: (movement: CaretMovement, samples: [Double])?
        let reps = min(self.reps, 200)
        for movement in CaretMovement.listed.map(\.value) {
            var samples: [Double] = []
            for _ in 0 ..< reps {
                let t0 = nowNs()
                _ = try move(start.index, start.affinity, movement)
                samples.append(Double(nowNs() - t0))
            }
            let median = samples.sorted()[samples.count / 2]
            if slowest == nil || median > slowest!.samples.sorted()[slowest!.samples.count / 2] { slowest = (movement, samples) }
        }
        let forward = try move(start.index, start.affinity, .forward)
        let back = try move(forward.index, forward.affinity, .backward)
        check(forward.index > start.index && back.index == start.index,
              "\(name): forward then backward went from \(start.index) to \(forward.index), \(back.index)")
        if let slowest {
            emit("\(name): slowest movement \(slowest.movement.word)\n", to: 2)
            record(CaseResult(name: name, width: width, height: height, total: Stats(slowest.samples), make: nil, fill: nil,
                              intermediateBytes: 0, reps: reps, unit: "calls/s", calls: 1), kernel: .several)
        }
    }
}
