// A glyph run's glyphs that cannot touch the area drawn are skipped before they are looked up
// (GlyphRegistry.Reach.window, Window.skips). The window is worked out once a run from the
// registry's reach and the area; each glyph's test is then four comparisons. Held here to the
// definition it replaces — a glyph's box at its position, grown to the reach, misses the area, and
// the position lies where pixman's int arithmetic cannot wrap (within ±2^28) — at every edge of
// the window, around the ±2^28 bounds and at Int32's ends, for random reaches and areas. (A
// glyph one column inside the area that the window skipped would not show in Tests/Pixman/glyphs.c
// unless it were the glyph of the widest reach, which a random run seldom places so.)

@testable import SheenPixman
import SheenRaster
import Testing

@Suite struct GlyphWindowTests {
    /// The definition: whether a glyph at (x, y) is skipped for `area` under `reach`.
    static func skips(_ reach: GlyphRegistry.Reach, _ area: PixelRect, x: Int32, y: Int32) -> Bool {
        let x = Int(x), y = Int(y)
        guard reach.left <= reach.right, x > -(1 << 28), x < 1 << 28, y > -(1 << 28), y < 1 << 28 else { return false }
        return x + reach.right <= area.x || x + reach.left >= area.x + area.width
            || y + reach.bottom <= area.y || y + reach.top >= area.y + area.height
    }

    /// Positions around `v`, clamped to Int32.
    static func around(_ v: Int, _ g: inout some RandomNumberGenerator) -> [Int32] {
        var out: [Int32] = []
        for d in -3 ... 3 { out.append(Int32(clamping: v + d)) }
        out.append(Int32(clamping: v + Int.random(in: -100 ... 100, using: &g)))
        return out
    }

    @Test func theWindowSkipsWhatTheDefinitionSkips() {
        // Seeded, as the other property tests here: a failure names a case that runs again.
        var g = FastPathTests.Generator(state: 0x61_1D0E)
        var checked = 0
        for round in 0 ..< 400 {
            var reach = GlyphRegistry.Reach()
            if round % 50 != 0 {
                // Glyph boxes relative to their positions: origins anywhere in or around the glyph.
                reach.left = Int.random(in: -40 ... 5, using: &g)
                reach.right = reach.left + Int.random(in: 0 ... 80, using: &g)
                reach.top = Int.random(in: -60 ... 5, using: &g)
                reach.bottom = reach.top + Int.random(in: 0 ... 80, using: &g)
            }
            // The area in positions' space: a destination at an offset, now and then one far enough
            // out that Reach.area gives `everywhere`.
            let offsetX = Int32.random(in: round % 7 == 0 ? -(1 << 30) ... (1 << 30) : -300 ... 300, using: &g)
            let offsetY = Int32.random(in: -300 ... 300, using: &g)
            let drawn = PixelRect(x: Int.random(in: -50 ... 50, using: &g), y: Int.random(in: -50 ... 50, using: &g),
                                  width: Int.random(in: 0 ... 300, using: &g), height: Int.random(in: 0 ... 300, using: &g))
            let area = GlyphRegistry.Reach.area(drawn, offset: offsetX, offsetY)
            let window = reach.window(area)
            var xs: [Int32] = [.min, .max, -(1 << 28), -(1 << 28) + 1, (1 << 28) - 1, 1 << 28, 0]
            var ys = xs
            if reach.left <= reach.right {
                for v in [area.x - reach.right, area.x + area.width - reach.left] { xs += Self.around(v, &g) }
                for v in [area.y - reach.bottom, area.y + area.height - reach.top] { ys += Self.around(v, &g) }
            }
            for x in xs {
                for y in ys {
                    let expected = Self.skips(reach, area, x: x, y: y)
                    #expect(window.skips(x: x, y: y) == expected, "reach \(reach), area \(area), position (\(x), \(y))")
                    checked += 1
                }
            }
        }
        #expect(checked > 10_000)
    }
}
