import SheenLabel
import SheenRaster
import SheenTestSupport
import SheenText

extension Bench {
    /// Caret moves (`TextField.position(from:affinity:moving:preferredX:)`), once the field is laid
    /// out: every `CaretMovement` from a caret in the middle, each timed alone, and the case's
    /// figure is the slowest movement's (ns per call) — `label.field.move.200` on a 200-character
    /// line of Latin, Hebrew and Arabic words (DejaVu Sans 20 px, a field wide enough for the one
    /// line), `label.field.move.long` on a 1 MiB field of words like `runLongInputs`' and
    /// `label.view.move.long` on the same text in a 300 × 200 text view. Output checked: forward
    /// then backward comes back. `--quick` runs the long cases at 64 Ki units.
    func runCaretMoves() {
        do {
            try runCaretMoveCases()
        } catch {
            check(false, "caret-move cases: \(error)")
        }
    }

    private func runCaretMoveCases() throws {
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
        guard wants("label.field.move.long") || wants("label.view.move.long") else { return }
        let megabyte = quick ? 1 << 16 : TextLayout.maximumLength
        let longWords = ["lorem", "ipsum", "dolor", "sit", "amet", "gradient", "field"]
        var text = ""
        while text.utf16.count < megabyte - 16 { text += longWords.randomElement(using: &rng)! + " " }
        if wants("label.field.move.long") {
            var field = TextField(text: text, font: try TestFonts.bold(20), size: Size(width: 300, height: 60))
            field.isEditing = true
            field.caretIndex = text.utf16.count / 2
            try moveCase("label.field.move.long", width: 300, height: 60, count: text.utf16.count) { index, affinity, movement in
                try field.position(from: index, affinity: affinity, moving: movement)
            }
        }
        if wants("label.view.move.long") {
            var view = TextView(text: text, font: try TestFonts.bold(20), size: Size(width: 300, height: 200))
            view.isEditing = true
            view.caretIndex = text.utf16.count / 2
            try moveCase("label.view.move.long", width: 300, height: 200, count: text.utf16.count) { index, affinity, movement in
                try view.position(from: index, affinity: affinity, moving: movement)
            }
        }
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
