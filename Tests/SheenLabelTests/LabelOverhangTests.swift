import Testing
import SheenLabel
import SheenRaster
import SheenTestSupport
import SheenText

/// The frame positions the text; whatever overhangs it is drawn (UIKit's clipsToBounds = false),
/// and `drawnBounds()` and `image()` hold it.
@Suite struct LabelOverhangTests {
    /// Columns of `image` that hold any coverage.
    static func inkedColumns(_ image: Image) -> ClosedRange<Int>? {
        var first = Int.max, last = Int.min
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixel(x: x, y: y)[3] != 0 { first = min(first, x); last = max(last, x) }
        }
        return first <= last ? first...last : nil
    }

    /// The seed label left-aligned, as README's demo draws it: the "A" starts at column 0, so its
    /// stroke and the shadow lie left of the frame. They are drawn, not cut.
    @Test func strokeAndShadowLeftOfTheFrameAreDrawn() throws {
        let label = try LabelFixtures.leftAligned()
        let layout = try label.layout()
        let fillInk = try layout.inkRect(), strokeInk = try layout.inkRect(stroke: TextStroke(width: 2))
        #expect(fillInk.x == 0 && strokeInk.x < 0)
        let bounds = try label.drawnBounds()
        // The shadow (offset (0, 4), σ 6) reaches ⌈3σ⌉ = 18 px beyond the stroke's ink.
        #expect(bounds.x == strokeInk.x - 18)
        #expect(bounds.y == 0 && bounds.height == 160 && bounds.x + bounds.width == 1024)
        let image = try label.image()
        #expect(image.width == bounds.width && image.height == 160)
        // The shadow shows left of the stroke (its outermost ⌈3σ⌉ columns may round to nothing).
        let firstInked = Self.inkedColumns(image)?.lowerBound ?? Int.max
        #expect(firstInked < -bounds.x + strokeInk.x - 8)
        // The "A"'s foot and its stroke left of the frame: opaque #333333 where the stroke covers
        // a pixel fully, and well covered pixels in those columns.
        var opaqueStroke = 0, covered = 0
        for y in 0..<160 {
            for x in (-bounds.x + strokeInk.x) ..< -bounds.x {
                if image.pixel(x: x, y: y) == [0x33, 0x33, 0x33, 255] { opaqueStroke += 1 }
                if image.pixel(x: x, y: y)[3] >= 128 { covered += 1 }
            }
        }
        #expect(opaqueStroke >= 1 && covered >= 3)
        // Drawn into a buffer with room on the left, the same pixels land there.
        let canvas = try Image(width: 1100, height: 160, format: .rgba8Premultiplied)
        try canvas.withBuffer { try label.render(into: $0, at: (40, 0)) }
        for y in stride(from: 0, to: 160, by: 7) {
            for x in 0..<1064 {
                let ix = x - 40 - bounds.x
                let expected = ix >= 0 && ix < image.width ? image.pixel(x: ix, y: y) : [0, 0, 0, 0]
                #expect(canvas.pixel(x: x, y: y) == expected)
            }
        }
    }

    /// "jump" in DejaVu Serif Italic 60 px, left-aligned: the j's hook reaches left of the frame.
    /// It is drawn, and the ink gradient's start colour lands on its leftmost inked column (the
    /// ink-extent guarantee), its end colour on the rightmost.
    @Test func italicOverhangIsDrawnAndTheInkGradientSpansIt() throws {
        var label = Label("jump", font: try Font(named: "DejaVu Serif:italic", size: 60), size: Size(width: 240, height: 100))
        let start = Color(rgba: 0x3478_F6FF), end = Color(rgba: 0xFF3B_30FF)
        label.fill = .gradient(LabelGradient(colors: [start, end]), extent: .ink)
        let bounds = try label.drawnBounds()
        #expect(bounds.x <= -8)   // the hook overhangs by about 11 columns
        let image = try label.image()
        guard let columns = Self.inkedColumns(image) else { Issue.record("nothing drawn"); return }
        #expect(columns.lowerBound == 0)
        // The most covered pixel of each outermost column, unpremultiplied, is the end colour.
        func colour(atColumn x: Int) -> (SIMD3<Double>, Int) {
            let y = (0..<image.height).max { image.pixel(x: x, y: $0)[3] < image.pixel(x: x, y: $1)[3] }!
            let p = image.pixel(x: x, y: y), a = Double(p[3])
            return (SIMD3(Double(p[0]), Double(p[1]), Double(p[2])) * 255 / a, Int(p[3]))
        }
        for (x, c) in [(columns.lowerBound, start), (columns.upperBound, end)] {
            let (rgb, alpha) = colour(atColumn: x)
            let expected = SIMD3(Double(c.red), Double(c.green), Double(c.blue)) * 255
            // Premultiplied storage rounds to ½ level of the product: ½ · 255 / alpha after unpremultiplying.
            let tolerance = 1 + 0.5 * 255 / Double(alpha)
            #expect(alpha >= 32, "column \(x)")
            let error = (0..<3).map { abs(rgb[$0] - expected[$0]) }.max()!
            #expect(error <= tolerance, "column \(x): \(rgb) vs \(expected)")
        }
    }

    /// clipsToBounds restores a view that clips: the image is the frame, and a render into a
    /// larger buffer changes nothing outside the frame.
    @Test func clipsToBoundsClipsToTheFrame() throws {
        var label = try LabelFixtures.leftAligned()
        label.clipsToBounds = true
        #expect(try label.drawnBounds() == PixelRect(x: 0, y: 0, width: 1024, height: 160))
        let image = try label.image()
        #expect(image.width == 1024 && image.height == 160)
        let canvas = try Image(width: 1100, height: 200, format: .rgba8Premultiplied)
        try canvas.withBuffer { try label.render(into: $0, at: (40, 20)) }
        for y in stride(from: 0, to: 200, by: 3) {
            for x in 0..<1100 {
                let inside = x >= 40 && x < 1064 && y >= 20 && y < 180
                let expected = inside ? image.pixel(x: x - 40, y: y - 20) : [0, 0, 0, 0]
                #expect(canvas.pixel(x: x, y: y) == expected)
            }
        }
    }

    /// Line-break mode `.byClipping` cuts its long last line at the frame, as UILabel does: the
    /// image is the frame (it was 809 px wide for a 400 px frame), its pixels are those of the
    /// unclipped label's inside the frame, and a render into a larger buffer stops at the frame.
    /// The same label tail-truncated keeps its overhang drawing.
    @Test func clippingModeCutsAtTheFrame() throws {
        var label = Label("The quick brown fox jumps over the lazy dog", font: try TestFonts.sans(32),
                          size: Size(width: 400, height: 50))
        label.lineBreakMode = .byClipping
        label.textAlignment = .left
        #expect(label.clipsToFrame && !label.clipsToBounds)
        #expect(try label.drawnBounds() == PixelRect(x: 0, y: 0, width: 400, height: 50))
        let clipped = try label.image()
        #expect(clipped.width == 400 && clipped.height == 50)
        // Ink reaches the right edge: the line runs on past it.
        #expect((0..<50).contains { clipped.pixel(x: 399, y: $0)[3] > 0 })
        // Drawn at a larger size with everything shown (a wide frame), the first 400 columns agree.
        var wide = label
        wide.size = Size(width: 900, height: 50)
        let whole = try wide.image()
        for y in 0..<50 { for x in 0..<400 { #expect(clipped.pixel(x: x, y: y) == whole.pixel(x: x, y: y)) } }
        let canvas = try Image(width: 600, height: 90, format: .rgba8Premultiplied)
        try canvas.withBuffer { try label.render(into: $0, at: (30, 20)) }
        for y in 0..<90 {
            for x in 0..<600 where !(x >= 30 && x < 430 && y >= 20 && y < 70) {
                #expect(canvas.pixel(x: x, y: y) == [0, 0, 0, 0])
            }
        }
        var tail = label
        tail.lineBreakMode = .byTruncatingTail
        #expect(!tail.clipsToFrame)
    }

    /// Frames whose drawn bounds differ (a shadow that grows) come out of `Label.images` at one
    /// size, each the frame's own image placed at the union's offset.
    @Test func framesShareOneSize() throws {
        var from = Label("Grow", font: try TestFonts.bold(30), size: Size(width: 120, height: 50))
        from.textAlignment = .left
        var to = from
        to.shadows = [LabelShadow(color: .black, offset: Point(-6, 8), sigma: 5)]
        let frames = try LabelAnimation(from: from, to: to, duration: 1, timing: .linear).frames(fps: 3)
        let images = try Label.images(frames)
        var union = try frames[0].drawnBounds()
        for f in frames { union = union.union(try f.drawnBounds()) }
        #expect(Set(images.map { "\($0.width)x\($0.height)" }).count == 1)
        #expect(images[0].width == union.width && images[0].height == union.height)
        for (frame, image) in zip(frames, images) {
            let own = try frame.image(), b = try frame.drawnBounds()
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let ox = x + union.x - b.x, oy = y + union.y - b.y
                    let expected = ox >= 0 && oy >= 0 && ox < own.width && oy < own.height ? own.pixel(x: ox, y: oy) : [0, 0, 0, 0]
                    if image.pixel(x: x, y: y) != expected { Issue.record("(\(x), \(y))"); return }
                }
            }
        }
    }

    /// Every layer draws from one coverage per shape: the seed label (fill, 2 px outside stroke,
    /// and a shadow cast by their union — the stroke's own shape) looks each glyph up twice per
    /// render, whatever the extent; a spread shadow adds its own shape.
    @Test func eachGlyphIsRasterisedOncePerShape() throws {
        for extent in [GradientExtent.ink, .lines, .frame] {
            var label = try LabelFixtures.styled()
            label.fill = .gradient(LabelGradient(colors: [LabelFixtures.blue, LabelFixtures.red]), extent: extent)
            let glyphs = try label.layout().lines.reduce(0) { $0 + $1.glyphs.count }
            let cache = GlyphCache(byteBudget: 32 << 20)
            _ = try label.image(cache: cache)
            let s = cache.statistics
            #expect(s.hits + s.misses == 2 * glyphs, "\(extent)")
            label.shadows.append(LabelShadow(color: .black, sigma: 3, spread: 1))
            let before = cache.statistics
            _ = try label.image(cache: cache)
            let after = cache.statistics
            #expect(after.hits + after.misses - before.hits - before.misses == 3 * glyphs, "\(extent) + spread")
        }
    }
}
