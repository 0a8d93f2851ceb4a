import ArgumentParser
import SheenRaster

/// `sheen gradient`: one gradient, every option of `Gradient` reachable, to a PNG.
struct GradientCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gradient",
        abstract: "Render one gradient to a PNG.",
        discussion: """
        Example:
          sheen gradient --kind linear --from 0,0 --to 512,0 \\
            --stops "#3478F6,#FF3B30" --space oklab --size 512x128 -o out.png

        Stops may carry offsets: "#3478F6@0,#FFFFFF@0.5,#FF3B30@1". Coordinates are pixels with the origin at the top-left corner; angles are degrees, clockwise from +x.
        """
    )

    @Option(help: "\(GradientShape.Kind.wordList).") var kind = GradientShape.Kind.linear.word
    @Option(help: "Linear: start point; radial: start circle centre (x,y).") var from: String?
    @Option(help: "Linear: end point; radial: end circle centre (x,y).") var to: String?
    @Option(help: "Conic centre, or both radial centres (x,y). Default: the image centre.") var center: String?
    @Option(name: .customLong("start-radius"), parsing: .unconditional, help: "Radial: radius of the start circle (px).") var startRadius = 0.0
    @Option(name: .customLong("end-radius"), parsing: .unconditional, help: "Radial: radius of the end circle (px). Default: half the diagonal.")
    var endRadius: Double?
    @Option(name: [.customLong("start-angle"), .customLong("angle")], parsing: .unconditional,
            help: "Conic: start angle in degrees (--angle, its old name, still works).") var angle = 0.0
    @Option(name: .customLong("parameter"), help: ArgumentHelp(
        "Any parameter of the kind by its name, NAME=VALUE (repeatable): a point x,y and a length in px, an angle in degrees. "
            + GradientShape.Kind.listed.map { "\($0.word): " + $0.value.parameters.map(\.name).joined(separator: ", ") }.joined(separator: "; ")
            + ". A kind without options of its own starts from points at their place in the unit square stretched onto the image and lengths in units of its shorter side.",
        valueName: "name=value")) var parameters: [String] = []
    @Option(help: "Colour stops, e.g. \"#3478F6,#FF3B30\" or \"#3478F6@0,#FF3B30@1\".") var stops = "#3478F6,#FF3B30"
    @Option(help: "Interpolation space: sRGB, linearSRGB or oklab.") var space = "sRGB"
    @Option(help: "pad, repeat or reflect.") var spread = "pad"
    @Option(help: "Alpha interpolation: premultiplied or straight.") var interpolation = "premultiplied"
    @Option(help: "Affine transform a,b,c,d,tx,ty applied to the gradient.") var transform: String?
    @Flag(help: "Add the ordered dither that removes 8-bit banding.") var dither = false
    @Option(name: [.customLong("canvas"), .customLong("size")],
            help: "Image size WIDTHxHEIGHT, as render's --canvas (--size, its old name, still works).") var size = "512x128"
    @Option(help: "Pixel format rendered into: rgba8Premultiplied, bgra8Premultiplied (the same PNG: it stores RGBA) or a8 (its alpha, written as grey).")
    var format = "rgba8Premultiplied"
    @Option(name: [.short, .customLong("output")], help: "Output PNG path (\"-\": standard output).") var output: String

    func run() throws {
        // Checked before rendering: a bad path fails at once, not after the work.
        let target = try OutputTarget(output)
        let (w, h) = try Parse.size(size)
        let gradient = try makeGradient(width: Double(w), height: Double(h))
        let pixelFormat: PixelFormat = try Parse.choice(format, option: "--format")
        let image = try Image(width: w, height: h, format: pixelFormat)
        do {
            try image.withBuffer { try gradient.fill($0) }
        } catch let e as RasterError {
            throw ValidationError("invalid gradient: \(e)")
        }
        try writePNG(image, to: target)
    }

    func makeGradient(width w: Double, height h: Double) throws -> Gradient {
        // Named by option: the gradient's own check would name a derived value ("start.x is nan").
        for (option, value) in [("--start-radius", startRadius), ("--end-radius", endRadius ?? 0), ("--angle", angle)]
        where !value.isFinite {
            throw ValidationError("\(option) \(value) is not a finite number")
        }
        let centre = try center.map { try Parse.point($0, option: "--center") } ?? Point(w / 2, h / 2)
        var shape: GradientShape
        switch try Parse.named(kind, option: "--kind", GradientShape.Kind.self) {
        case .linear:
            shape = .linear(start: try from.map { try Parse.point($0, option: "--from") } ?? Point(0, 0),
                            end: try to.map { try Parse.point($0, option: "--to") } ?? Point(w, 0))
        case .radial:
            shape = .radial(startCenter: try from.map { try Parse.point($0, option: "--from") } ?? centre,
                            startRadius: startRadius,
                            endCenter: try to.map { try Parse.point($0, option: "--to") } ?? centre,
                            endRadius: endRadius ?? (w * w + h * h).squareRoot() / 2)
        case .conic:
            shape = .conic(center: centre, startAngle: GradientShape.radians(degrees: angle))
        case let other:
            shape = .standard(other, in: Rect(x: 0, y: 0, width: w, height: h))
        }
        for item in parameters { shape = try setting(item, in: shape) }
        var g = Gradient(shape: shape, stops: try Parse.stops(stops),
                         spread: try Parse.choice(spread, option: "--spread"),
                         space: try Parse.choice(space, option: "--space"),
                         alphaInterpolation: try Parse.choice(interpolation, option: "--interpolation"))
        if let t = transform { g.transform = try Parse.transform(t) }
        g.dither = dither
        // Validate now, so a bad gradient is reported before anything is written.
        do { _ = try GradientFill(g) } catch { throw ValidationError("invalid gradient: \(error)") }
        return g
    }

    /// `shape` with the parameter `item` ("NAME=VALUE") gives set: a point x,y, a length, an
    /// angle in degrees.
    func setting(_ item: String, in shape: GradientShape) throws -> GradientShape {
        let option = "--parameter"
        let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
        let names = shape.kind.parameters.map(\.name).joined(separator: ", ")
        guard parts.count == 2, let p = shape.kind.parameters.first(where: { $0.name == parts[0] }) else {
            throw ValidationError("\(option) \"\(item)\" is not NAME=VALUE with NAME one of \(shape.kind.word)'s: \(names)")
        }
        let values: [Double]
        switch p.role {
        case .point:
            let point = try Parse.point(parts[1], option: "\(option) \(p.name)")
            values = [point.x, point.y]
        case .length, .angle:
            guard let v = Double(parts[1]), v.isFinite else {
                throw ValidationError("\(option) \(p.name)=\(parts[1]) is not a finite number")
            }
            values = [p.role == .angle ? GradientShape.radians(degrees: v) : v]
        }
        return shape.setting(p.name, to: values)!
    }
}
