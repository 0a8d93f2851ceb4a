import SheenRaster
import SheenTestSupport
import SheenText
import Testing

/// Line metrics come from every face a line is drawn with: DejaVu Sans has no Thai or CJK, and
/// the faces fallback finds for them (Loma, WenQuanYi Micro Hei: Scripts/install-deps.sh) reach
/// higher and lower. Their lines grow to hold them, as Pango, CoreText and SkParagraph grow them.
@Suite struct FallbackMetricsTests {
    let thai = "ที่นี่ปั้นกุ้ง"
    let cjk = "漢字かな"

    /// Ascender + descender + line gap of `font`, pixels.
    func lineHeight(_ font: Font) -> Double { font.ascender + font.descender + font.lineGap }

    func layout(_ s: String, width: Double = 0, height: Double = 0) throws -> TextLayout {
        try Fixtures.layout(s, size: 48, width: width, height: height)
    }

    @Test func fallbackFacesGrowTheirLines() throws {
        let sans = try TestFonts.sans(48)
        let loma = try Font(path: TestFonts.thaiPath, size: 48)
        let wqy = try Font(path: TestFonts.cjkPath, size: 48)
        // The test means something only when the fallback faces are taller than DejaVu Sans.
        #expect(lineHeight(loma) > lineHeight(sans) + 10)
        #expect(loma.ascender > sans.ascender && loma.descender > sans.descender)
        let t = try layout(thai + "\n" + thai)
        #expect(t.lines[0].glyphs.contains { $0.face.familyName == "Loma" })
        let step = t.lines[1].baseline - t.lines[0].baseline
        #expect(abs(step - lineHeight(loma)) < 1e-9)
        #expect(abs(t.lines[0].typographicRect.height - (loma.ascender + loma.descender)) < 1e-9)
        #expect(abs(t.lines[0].baseline - loma.ascender - loma.lineGap / 2) < 1e-9)
        // Every mark lies inside the lines' box.
        let ink = try t.inkRect()
        #expect(Double(ink.y) >= t.textRect.y && Double(ink.y + ink.height) <= t.textRect.maxY)
        // CJK: the line takes the larger of each metric.
        let c = try layout(cjk + "\n" + cjk)
        let expected = max(sans.ascender, wqy.ascender) + max(sans.descender, wqy.descender) + max(sans.lineGap, wqy.lineGap)
        #expect(abs(c.lines[1].baseline - c.lines[0].baseline - expected) < 1e-9)
        // Text the primary font draws keeps its metrics; a mixed paragraph grows only the line
        // that needs it.
        let latin = try layout("Hello\nHello")
        #expect(abs(latin.lines[1].baseline - latin.lines[0].baseline - lineHeight(sans)) < 1e-9)
        let mixed = try layout("Hello\n" + thai + "\nHello")
        #expect(abs(mixed.lines[0].lineBox.height - lineHeight(sans)) < 1e-9)
        #expect(abs(mixed.lines[1].lineBox.height - lineHeight(loma)) < 1e-9)
        #expect(abs(mixed.lines[2].lineBox.height - lineHeight(sans)) < 1e-9)
    }

    /// A frame `sizeThatFits` gives holds the line, marks included; wrapping, the number of
    /// lines a height takes and truncation follow the grown line height.
    @Test func sizingAndLimitsFollow() throws {
        let attributed = AttributedText(thai, font: try TestFonts.sans(48))
        let size = try TextLayout.sizeThatFits(attributed, .zero)
        let loma = try Font(path: TestFonts.thaiPath, size: 48)
        #expect(size.height == lineHeight(loma).rounded(.up))
        let fitted = try TextLayout(attributed, bounds: size)
        let ink = try fitted.inkRect()
        #expect(ink.y >= 0 && Double(ink.y + ink.height) <= size.height)
        // Two lines of Thai need two grown lines: a height for one DejaVu line and a half holds one.
        let sans = try TestFonts.sans(48)
        let two = try layout(thai + " " + thai, width: fitted.lines[0].typographicRect.width + 4,
                             height: lineHeight(sans) * 1.5)
        #expect(two.lines.count == 1)
        let enough = try layout(thai + " " + thai, width: fitted.lines[0].typographicRect.width + 4,
                                height: 2 * lineHeight(loma) + 1)
        #expect(enough.lines.count == 2)
    }

    /// Whether the next line fits is asked with that line's own height: a Latin line under a
    /// taller Thai one fits the size that fits them both (it was judged by the Thai line's height,
    /// so a Thai title over a Latin subtitle drew the title alone, truncated), and a Thai line
    /// under a Latin one does not fit where only a Latin line would.
    @Test func theNextLineIsMeasuredWithItsOwnHeight() throws {
        var all = TextLayoutOptions()
        all.numberOfLines = 0
        for text in [thai + "\nAgjy", "Agjy ที่\nAgjy", "Agjy\n" + thai] {
            let attributed = AttributedText(text, font: try TestFonts.sans(48))
            let size = try TextLayout.sizeThatFits(attributed, .zero, options: all)
            let fitted = try TextLayout(attributed, bounds: size, options: all)
            #expect(fitted.lines.count == 2 && !fitted.isTruncated, "\(text.debugDescription) in \(size)")
            #expect(fitted.lines.map(\.string) == text.split(separator: "\n").map(String.init))
        }
        let sans = try TestFonts.sans(48), loma = try Font(path: TestFonts.thaiPath, size: 48)
        // Room for a Latin line and a bit, not for a Thai line: the Thai line is cut.
        let latinThenThai = try layout("Agjy\n" + thai, height: lineHeight(sans) + (lineHeight(loma) + lineHeight(sans)) / 2)
        #expect(latinThenThai.lines.count == 1 && latinThenThai.isTruncated)
    }
}
