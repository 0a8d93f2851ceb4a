import ArgumentParser
import SheenRaster

/// `sheen gallery`: every gradient kind, spread and interpolation space side by side, in one PNG.
struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Render a gallery of gradient kinds, spreads and spaces to one PNG."
    )

    @Option(name: [.short, .customLong("output")], help: "Output PNG path (\"-\": standard output).") var output = "gallery.png"

    /// Tile size and spacing in pixels.
    static let tile = (w: 256, h: 128), gap = 8, columns = 4

    func run() throws {
        // Checked before rendering: a bad path fails at once, not after the work.
        let target = try OutputTarget(output)
        let tiles = try Self.tiles()
        let rows = (tiles.count + Self.columns - 1) / Self.columns
        let w = Self.columns * Self.tile.w + (Self.columns + 1) * Self.gap
        let h = rows * Self.tile.h + (rows + 1) * Self.gap
        let image = try Image(width: w, height: h, format: .rgba8Premultiplied)
        try image.withBuffer { buffer in
            try Gradient(shape: .linear(start: Point(0, 0), end: Point(1, 0)),
                         stops: [GradientStop(0, Color(rgba: 0x1C1C1EFF))]).fill(buffer)
            for (i, make) in tiles.enumerated() {
                let x = Self.gap + (i % Self.columns) * (Self.tile.w + Self.gap)
                let y = Self.gap + (i / Self.columns) * (Self.tile.h + Self.gap)
                // Each gradient is drawn in its tile's own coordinates through a translation.
                var g = make(Double(Self.tile.w), Double(Self.tile.h))
                g.transform = Matrix2D.translation(Double(x), Double(y)).concatenating(after: g.transform)
                try g.fill(buffer, rect: PixelRect(x: x, y: y, width: Self.tile.w, height: Self.tile.h))
            }
        }
        try writePNG(image, to: target)
    }

    /// The tiles, row by row: spaces; spreads; kinds; stops and dither.
    static func tiles() throws -> [(Double, Double) -> Gradient] {
        let blue = try Color(hex: "#3478F6"), red = try Color(hex: "#FF3B30")
        let navy = try Color(hex: "#0A2A8C"), yellow = try Color(hex: "#FFD60A")
        let rainbow = try ["#FF3B30", "#FF9500", "#FFCC00", "#34C759", "#007AFF", "#AF52DE", "#FF3B30"].map(Color.init(hex:))
        func linear(_ colors: [Color], _ space: ColorSpace) -> (Double, Double) -> Gradient {
            { w, h in Gradient.linear(from: Point(0, 0), to: Point(w, 0), colors: colors, space: space) }
        }
        func spreadRadial(_ spread: GradientSpread) -> (Double, Double) -> Gradient {
            { w, h in Gradient.radial(center: Point(w / 2, h / 2), radius: h / 3, colors: [blue, red], spread: spread) }
        }
        return [
            // Interpolation spaces: blue → yellow goes grey in sRGB's middle, not in OKLab's.
            linear([blue, yellow], .sRGB), linear([blue, yellow], .linearSRGB), linear([blue, yellow], .oklab),
            { w, h in
                var g = Gradient.linear(from: Point(0, 0), to: Point(w, 0), colors: [red, .transparent])
                g.space = .oklab
                return g
            },
            // Spreads, and a focal two-point conical gradient.
            spreadRadial(.pad), spreadRadial(.repeat), spreadRadial(.reflect),
            { w, h in
                Gradient(shape: .radial(startCenter: Point(w * 0.35, h * 0.4), startRadius: 0,
                                        endCenter: Point(w / 2, h / 2), endRadius: h * 0.6),
                         stops: Gradient.evenlySpaced([yellow, red, navy]))
            },
            // Kinds: conic sweeps, angled linear with repeat, hard stops.
            { w, h in Gradient.conic(center: Point(w / 2, h / 2), colors: rainbow, space: .oklab) },
            { w, h in Gradient.conic(center: Point(w / 2, h / 2), startAngle: -Double.pi / 2, colors: [blue, red, blue]) },
            { w, h in
                Gradient(shape: .linear(start: Point(w / 2 - 20, h / 2 - 12), end: Point(w / 2 + 20, h / 2 + 12)),
                         stops: Gradient.evenlySpaced([navy, yellow]), spread: .reflect, space: .oklab)
            },
            { w, h in
                Gradient(shape: .linear(start: Point(0, 0), end: Point(w, 0)),
                         stops: [GradientStop(0, blue), GradientStop(1.0 / 3, blue), GradientStop(1.0 / 3, yellow),
                                 GradientStop(2.0 / 3, yellow), GradientStop(2.0 / 3, red), GradientStop(1, red)])
            },
            // Dither: a shallow dark ramp, banded and dithered; a vertical gradient; a rotated one.
            { w, h in Gradient.linear(from: Point(0, 0), to: Point(w, 0), colors: [Color(rgba: 0x101018FF), Color(rgba: 0x282838FF)]) },
            { w, h in
                var g = Gradient.linear(from: Point(0, 0), to: Point(w, 0), colors: [Color(rgba: 0x101018FF), Color(rgba: 0x282838FF)])
                g.dither = true
                return g
            },
            { w, h in Gradient.linear(from: Point(0, 0), to: Point(0, h), colors: [yellow, red, navy], space: .oklab) },
            { w, h in
                var g = Gradient.linear(from: Point(-40, 0), to: Point(40, 0), colors: [blue, yellow], spread: .repeat)
                g.transform = Matrix2D.translation(w / 2, h / 2).concatenating(after: .rotation(Double.pi / 6))
                return g
            },
        ]
    }
}
