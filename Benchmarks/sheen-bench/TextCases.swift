import SheenRaster
import SheenTestSupport
import SheenText

extension Bench {
    /// SheenText: `text.layout.paragraph` (a 200-word paragraph, DejaVu Sans 16 px, word-wrapped at
    /// 600 px: layouts/s, timed 4 to a repetition), `text.layout.label` (the label below, one
    /// line: layouts/s, timed 100 to a repetition), `text.layout.chinese` and `text.layout.korean`
    /// (about 110 characters each, the paragraph's font and width, 20 to a repetition),
    /// `text.layout.thai`, `.arabic`, `.hebrew` and `.devanagari` (the same two sentences, about 250
    /// characters each, likewise), and
    /// `text.mask.cold` / `text.mask.warm` ("Always correct gradient text", DejaVu Sans Bold 48 px,
    /// in 1024 × 160: masks/s with a new, empty glyph cache per repetition vs a warm one). Cold
    /// minus warm is FreeType's rasterisation; warm is cache lookups plus SheenRaster compositing.
    /// Outputs are checked: lines fit and hold every word; cold and warm masks are identical.
    func runText() {
        do {
            try runTextCases()
        } catch {
            check(false, "text cases: \(error)")
        }
    }

    /// The Chinese paragraph of `text.layout.chinese` (110 characters).
    static let chineseParagraph = "渐变文字总是覆盖文字的实际墨迹范围，标签会自动换行并在需要时截断。阴影、描边和发光效果都在像素缓冲区上精确计算，"
        + "结果与参考实现逐位一致。我们在每个平台上测量速度，并与其他图形库在同一台机器上比较，确保排版既快又准确，无论文本有多长。"
    /// The Korean paragraph of `text.layout.korean` (about 110 characters, Hangul syllables and spaces).
    static let koreanParagraph = "그라데이션 텍스트는 항상 글자의 실제 잉크 범위를 덮고, 레이블은 필요할 때 자동으로 줄을 바꾸고 잘라냅니다. "
        + "그림자와 테두리와 빛 효과는 픽셀 버퍼에서 정확하게 계산되며 결과는 참조 구현과 비트 단위로 같습니다."

    /// The paragraphs of `text.layout.thai`, `.arabic`, `.hebrew` and `.devanagari`: one text in four
    /// scripts that shape (Thai marks and no spaces between words, Arabic joining, right-to-left
    /// Hebrew, Devanagari conjuncts), each from the fallback face fontconfig gives for it.
    static let complexScriptParagraphs = [
        ("text.layout.thai", "ข้อความไล่สีจะครอบคลุมขอบเขตหมึกจริงของตัวอักษรเสมอ ป้ายกำกับจะตัดบรรทัดโดยอัตโนมัติและตัดทอนเมื่อจำเป็น "
            + "เงา เส้นขอบ และแสงเรืองถูกคำนวณอย่างแม่นยำบนบัฟเฟอร์พิกเซล ผลลัพธ์ตรงกับการใช้งานอ้างอิงทุกบิต "
            + "เราวัดความเร็วบนทุกแพลตฟอร์มและเปรียบเทียบกับไลบรารีกราฟิกอื่นบนเครื่องเดียวกัน"),
        ("text.layout.arabic", "يغطي النص المتدرج دائمًا حدود الحبر الفعلية للنص، وتلتف التسميات تلقائيًا وتُقتطع عند الحاجة. "
            + "تُحسب الظلال والحدود والتوهج بدقة على مخازن البكسل، وتتطابق النتائج مع التنفيذ المرجعي بتًا بتًا. "
            + "نقيس السرعة على كل منصة ونقارنها بمكتبات الرسوميات الأخرى على الجهاز نفسه."),
        ("text.layout.hebrew", "טקסט עם מעבר צבע מכסה תמיד את גבולות הדיו האמיתיים של הטקסט, ותוויות עוברות שורה אוטומטית ונקטעות בעת הצורך. "
            + "צללים, קווי מתאר וזוהר מחושבים במדויק על מאגרי פיקסלים, והתוצאות זהות למימוש הייחוס ביט אחר ביט. "
            + "אנו מודדים מהירות בכל פלטפורמה ומשווים לספריות גרפיקה אחרות על אותה מכונה."),
        ("text.layout.devanagari", "ग्रेडिएंट टेक्स्ट हमेशा टेक्स्ट की वास्तविक स्याही सीमाओं को ढकता है, और लेबल ज़रूरत पड़ने पर अपने आप पंक्ति बदलते और काटे जाते हैं। "
            + "छाया, रेखा और चमक पिक्सेल बफ़र पर सटीक रूप से गणना किए जाते हैं, और परिणाम संदर्भ कार्यान्वयन से बिट दर बिट मेल खाते हैं। "
            + "हम हर प्लेटफ़ॉर्म पर गति मापते हैं और उसी मशीन पर अन्य ग्राफ़िक्स लाइब्रेरी से तुलना करते हैं।"),
    ]

    private func runTextCases() throws {
        let sans = try TestFonts.sans(16)
        let bold = try TestFonts.bold(48)
        let words = ["gradient", "text", "always", "spans", "its", "ink", "bounds", "and", "the", "label", "wraps",
                     "lines", "with", "kerning", "AV", "ligatures", "fi", "shadow", "glow", "stroke"]
        var rng = SeededGenerator(seed: 0x9E37_79B9_7F4A_7C15)
        let paragraph = (0..<200).map { _ in words.randomElement(using: &rng)! }.joined(separator: " ")

        var wrap = TextLayoutOptions()
        wrap.numberOfLines = 0
        wrap.lineBreakMode = .byWordWrapping
        let paragraphText = AttributedText(paragraph, font: sans)
        if wants("text.layout.paragraph") {
            var layout: TextLayout?
            let phases = try measureThrowing(batch: quick ? 1 : 4) {
                layout = try TextLayout(paragraphText, bounds: Size(width: 600, height: 0), options: wrap)
            }
            dumper?.write("text.layout.paragraph", text: paragraph)
            let lines = layout!.lines
            check(lines.allSatisfy { $0.typographicRect.width <= 600 } && lines.map(\.string).joined(separator: " ") == paragraph,
                  "text.layout.paragraph: lines overflow or lose words")
            record(CaseResult(name: "text.layout.paragraph", width: 600, height: Int(layout!.textRect.height.rounded(.up)),
                              total: Stats(phases), make: nil, fill: nil, intermediateBytes: 0, reps: reps, unit: "layouts/s"), kernel: .none)
        }

        // ~100-character CJK and Hangul paragraphs, wrapped at 600 px in DejaVu Sans 16 px: every
        // character comes from a fallback face (WenQuanYi Micro Hei), so these measure the per-
        // character font choice that Latin text skips. The complex scripts' paragraphs (Thai from
        // Loma, Devanagari from Lohit, Arabic and Hebrew from DejaVu Sans itself) measure shaping,
        // bidi and dictionary line breaking beside it.
        let paragraphs = [("text.layout.chinese", Self.chineseParagraph), ("text.layout.korean", Self.koreanParagraph)]
            + Self.complexScriptParagraphs
        for (name, text) in paragraphs where wants(name) {
            let attributed = AttributedText(text, font: sans)
            var layout: TextLayout?
            let phases = try measureThrowing(batch: quick ? 1 : 20) {
                layout = try TextLayout(attributed, bounds: Size(width: 600, height: 0), options: wrap)
            }
            dumper?.write(name, text: text)
            let lines = layout!.lines
            check(lines.count > 1 && lines.allSatisfy { $0.typographicRect.width <= 600 } && !layout!.isTruncated,
                  "\(name): lines overflow or the text is cut")
            record(CaseResult(name: name, width: 600, height: Int(layout!.textRect.height.rounded(.up)),
                              total: Stats(phases), make: nil, fill: nil, intermediateBytes: 0, reps: reps, unit: "layouts/s"), kernel: .none)
        }

        let label = AttributedText("Always correct gradient text", font: bold)
        let bounds = Size(width: 1024, height: 160)
        if wants("text.layout.label") {
            var layout: TextLayout?
            let phases = try measureThrowing(batch: quick ? 1 : 100) { layout = try TextLayout(label, bounds: bounds) }
            dumper?.write("text.layout.label", text: label.string)
            check(layout!.lines.count == 1 && !layout!.isTruncated, "text.layout.label: expected one untruncated line")
            record(CaseResult(name: "text.layout.label", width: 1024, height: 160, total: Stats(phases),
                              make: nil, fill: nil, intermediateBytes: 0, reps: reps, unit: "layouts/s"), kernel: .none)
        }

        let layout = try TextLayout(label, bounds: bounds)
        let expected = try layout.mask(cache: GlyphCache(byteBudget: 1 << 20)).image.bytes
        check(expected.contains { $0 == 255 }, "text.mask: the label mask is empty")
        if wants("text.mask.cold") {
            var caches: [GlyphCache] = []
            var last: TextMask?
            let phases = try measureThrowing(prepare: { caches.append(GlyphCache(byteBudget: 1 << 20)) }) {
                last = try layout.mask(cache: caches.removeLast())
            }
            check(last?.image.bytes == expected, "text.mask.cold: mask differs from the reference rendering")
            record(CaseResult(name: "text.mask.cold", width: 1024, height: 160, total: Stats(phases),
                              make: nil, fill: nil, intermediateBytes: 0, reps: reps, unit: "masks/s"), kernel: .none)
        }
        if wants("text.mask.warm") {
            let cache = GlyphCache(byteBudget: 1 << 20)
            _ = try layout.mask(cache: cache)
            var last: TextMask?
            let phases = try measureThrowing { last = try layout.mask(cache: cache) }
            check(last?.image.bytes == expected, "text.mask.warm: mask differs from the reference rendering")
            record(CaseResult(name: "text.mask.warm", width: 1024, height: 160, total: Stats(phases),
                              make: nil, fill: nil, intermediateBytes: 0, reps: reps, unit: "masks/s"), kernel: .none)
        }
    }

    /// Times `body` (after `warmup` untimed runs) `reps` times; `prepare` runs untimed before each.
    /// Per-repetition samples in ns of one `body` call; with `batch` > 1 each repetition runs
    /// `body` that many times back to back and records the mean, so a call of a few µs is timed
    /// in a warm loop as a renderer makes it (and as the Pango harness times its layouts), not
    /// against the timer's resolution and a cold cache.
    private func measureThrowing(batch: Int = 1, prepare: () -> Void = {}, _ body: () throws -> Void) throws -> [Double] {
        var samples: [Double] = []
        for i in 0 ..< warmup + reps {
            prepare()
            let t0 = nowNs()
            for _ in 0 ..< batch { try body() }
            let t = Double(nowNs() - t0) / Double(batch)
            if i >= warmup { samples.append(t) }
        }
        return samples
    }
}
