import SheenLabel
import SheenRaster
import SheenText

extension Bench {
    /// W5, the seed label: "Always correct gradient text", DejaVu Sans Bold 48 px, on a transparent
    /// 1024×160 canvas (cleared in the timed loop), shadow black 50 % offset (0, 4) σ 6, ink-bounded
    /// horizontal gradient #3478F6 → #FF3B30, 2 px stroke #333333. `label.styled.1024x160` draws the
    /// same label again (warm glyph cache); `.cold` changes the font size by 1/64 px every label so
    /// no glyph is ever cached. Output checked: the warm label equals its first rendering; cold
    /// labels cover a plausible area.
    func runLabels() {
        do {
            try runLabelCases()
        } catch {
            check(false, "label cases: \(error)")
        }
    }

    private func runLabelCases() throws {
        let font = try Font(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", size: 48)
        func styled(_ size: Double) throws -> Label {
            var label = Label("Always correct gradient text", font: try font.withSize(size), size: Size(width: 1024, height: 160))
            label.fill = .gradient(LabelGradient(colors: [Color(rgba: 0x3478_F6FF), Color(rgba: 0xFF3B_30FF)]), extent: .ink)
            label.stroke = LabelStroke(width: 2, paint: .color(Color(rgba: 0x3333_33FF)))
            label.shadows = [LabelShadow(color: Color(rgba: 0x0000_0080), offset: Point(0, 4), sigma: 6)]
            return label
        }
        let canvas = BenchBuffer(width: 1024, height: 160)
        let bytes = canvas.byteCount
        if wants("label.styled.1024x160") {
            let label = try styled(48)
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
                  "label.styled.1024x160: the warm label differs from its first rendering")
            dump("label.styled.1024x160", "output", canvas.buffer)
            record(CaseResult(name: "label.styled.1024x160", width: 1024, height: 160, total: Stats(samples),
                              make: nil, fill: nil, intermediateBytes: 0, reps: reps, unit: "labels/s"))
        }
        if wants("label.styled.1024x160.cold") {
            let cache = GlyphCache(byteBudget: 32 << 20)
            var samples: [Double] = []
            var covered = Int.max
            for i in 0 ..< warmup + reps {
                let label = try styled(48 + Double(i + 1) / 64)   // a size never drawn before
                let t0 = nowNs()
                canvas.buffer.base.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
                try label.render(into: canvas.buffer, cache: cache)
                let t = Double(nowNs() - t0)
                if i >= warmup { samples.append(t) }
                var n = 0
                for p in stride(from: 3, to: bytes, by: 4) where canvas.buffer.base.load(fromByteOffset: p, as: UInt8.self) == 255 { n += 1 }
                covered = min(covered, n)
            }
            check(covered > 10_000, "label.styled.1024x160.cold: a label covered only \(covered) opaque pixels")
            record(CaseResult(name: "label.styled.1024x160.cold", width: 1024, height: 160, total: Stats(samples),
                              make: nil, fill: nil, intermediateBytes: 0, reps: reps, unit: "labels/s"))
        }
    }
}
