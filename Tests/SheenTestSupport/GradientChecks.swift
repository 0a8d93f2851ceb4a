import Foundation
import SheenRaster

/// Random gradients for property tests: every shape, spread, space, alpha mode, stop count and
/// (for linear) horizontal, vertical and angled directions, some with transforms and dither.
public func randomGradient(_ rng: inout SeededGenerator, size: Int = 80) -> Gradient {
    func coord() -> Double { Double.random(in: -20 ... Double(size) + 20, using: &rng) }
    func color() -> Color {
        let a: Float = [1, 1, 0, 0.5, Float.random(in: 0 ... 1, using: &rng)].randomElement(using: &rng)!
        return Color(red: .random(in: 0 ... 1, using: &rng), green: .random(in: 0 ... 1, using: &rng),
                     blue: .random(in: 0 ... 1, using: &rng), alpha: a)
    }
    let shape: GradientShape
    switch Int.random(in: 0 ..< 7, using: &rng) {
    case 0: let y = coord(); shape = .linear(start: Point(coord(), y), end: Point(coord(), y))
    case 1: let x = coord(); shape = .linear(start: Point(x, coord()), end: Point(x, coord()))
    case 2, 3: shape = .linear(start: Point(coord(), coord()), end: Point(coord(), coord()))
    case 4:
        let c0 = Point(coord(), coord())
        let focal = Bool.random(using: &rng)
        shape = .radial(startCenter: c0, startRadius: focal ? 0 : .random(in: 0 ... 30, using: &rng),
                        endCenter: focal ? c0 : Point(coord(), coord()), endRadius: .random(in: 1 ... 60, using: &rng))
    case 5: shape = .conic(center: Point(coord(), coord()), startAngle: .random(in: -7 ... 7, using: &rng))
    default:
        // Any kind from its row, numbers by role: a shape added to the table is drawn here too.
        let kind = GradientShape.Kind.listed.randomElement(using: &rng)!.value
        var numbers: [Double] = []
        for p in kind.parameters {
            switch p.role {
            case .point: numbers += [coord(), coord()]
            case .length: numbers.append(.random(in: 1 ... 60, using: &rng))
            case .angle: numbers.append(.random(in: -7 ... 7, using: &rng))
            }
        }
        shape = try! GradientShape(kind: kind, numbers: numbers)
    }
    // Evenly spaced stops, sometimes a hard stop.
    let n = Int.random(in: 1 ... 5, using: &rng)
    var offsets = (0 ..< n).map { Double($0) / Double(max(n - 1, 1)) }
    if n >= 3 && Bool.random(using: &rng) { offsets[1] = offsets[2] }   // hard edge
    if n == 2 && Bool.random(using: &rng) { offsets = [0.2, 0.8] }
    let stops = offsets.map { GradientStop($0, color()) }
    var g = Gradient(shape: shape, stops: stops,
                     spread: GradientSpread.allCases.randomElement(using: &rng)!,
                     space: ColorSpace.allCases.randomElement(using: &rng)!,
                     alphaInterpolation: AlphaInterpolation.allCases.randomElement(using: &rng)!)
    if Int.random(in: 0 ..< 4, using: &rng) == 0 {
        g.transform = Matrix2D.rotation(.random(in: -3 ... 3, using: &rng))
            .concatenating(after: .scale(.random(in: 0.5 ... 2, using: &rng), .random(in: 0.5 ... 2, using: &rng)))
    }
    g.dither = Int.random(in: 0 ..< 4, using: &rng) == 0
    return g
}

/// Is `out` an acceptable kernel result for pixel (x, y)? Within 1 level of the exact colour
/// (plus the pixel's dither offset), or — when the pixel's centre is within 10⁻³ px of a
/// discontinuity (hard stop, spread wrap, the edge of a radial cone), where Float and Double may
/// land on different sides — within 1 level of the exact colour 10⁻³ px away.
public func acceptable(_ out: SIMD4<UInt8>, _ fill: GradientFill, x: Int, y: Int, format: PixelFormat) -> Bool {
    let m = fill.model
    let d = fill.gradient.dither ? ditherOffset(x: x, y: y) : 0
    func close(_ c: SIMD4<Double>) -> Bool {
        let e = c + SIMD4(repeating: d)
        let o = SIMD4<Double>(Double(out.x), Double(out.y), Double(out.z), Double(out.w))
        let diff = o - e
        let lim = 1.0 + 1e-6
        if format == .a8 { return abs(diff.w) <= lim }
        return abs(diff.x) <= lim && abs(diff.y) <= lim && abs(diff.z) <= lim && abs(diff.w) <= lim
    }
    let X = Double(x) + 0.5, Y = Double(y) + 0.5
    if close(m.color(x: X, y: Y)) { return true }
    let h = 1e-3
    for (dx, dy) in [(-h, 0.0), (h, 0), (0, -h), (0, h)] where close(m.color(x: X + dx, y: Y + dy)) { return true }
    return false
}

/// Fills fenced buffers (a third with guard pages after every row, a third before) with `cases`
/// random gradients (kernel, not reference) and checks every pixel with `acceptable`,
/// premultiplied validity, untouched pixels outside the rectangle and intact fences. Returns one
/// line per problem (empty when all is well; at most three pixels per case are described);
/// replay a failure with its seed and case number.
public func randomGradientProblems(seed: UInt64, cases: Int, largeEvery: Int = 15) throws(RasterError) -> [String] {
    var problems: [String] = []
    var rng = SeededGenerator(seed: seed)
    for caseIndex in 0 ..< cases {
        let g = randomGradient(&rng)
        let fill = try GradientFill(g)
        let width = caseIndex % largeEvery == largeEvery - 1
            ? [129, 257, 700].randomElement(using: &rng)! : Int.random(in: 0 ... 70, using: &rng)
        let height = Int.random(in: 0 ... 5, using: &rng)
        let format = PixelFormat.allCases.randomElement(using: &rng)!
        // A third of the cases with every row against an unmapped page after it, a third before.
        let fb = FencedBuffer(width: width, height: height, format: format,
                              padding: Int.random(in: 0 ... 17, using: &rng),
                              misalignment: Int.random(in: 0 ... 15, using: &rng),
                              guardPages: FencedBuffer.GuardPages.allCases[caseIndex % 3])
        var rect = fb.buffer.bounds
        if Bool.random(using: &rng) && width > 0 && height > 0 {
            let x = Int.random(in: 0 ..< width, using: &rng), y = Int.random(in: 0 ..< height, using: &rng)
            rect = PixelRect(x: x, y: y, width: Int.random(in: 0 ... width - x, using: &rng),
                             height: Int.random(in: 0 ... height - y, using: &rng))
        }
        let context = label(["seed": seed, "case": caseIndex, "gradient": g, "format": format,
                             "size": "\(width)×\(height)", "rect": rect, "misalign": fb.misalignment,
                             "guardPages": fb.guardPages])
        try fill.fill(fb.buffer, rect: rect)
        if fb.fenceViolations != 0 { problems.append("\(context): \(fb.fenceViolations) fence bytes changed") }
        var bad = 0
        for y in 0 ..< height {
            for x in 0 ..< width {
                let out = fb.rgba(x: x, y: y)
                let inside = x >= rect.x && x < rect.x + rect.width && y >= rect.y && y < rect.y + rect.height
                if !inside {
                    if fb.pixel(x: x, y: y).contains(where: { $0 != 0x3C }) { bad += 1 }
                    continue
                }
                if out.x > out.w || out.y > out.w || out.z > out.w { bad += 1 }
                if !acceptable(out, fill, x: x, y: y, format: format) {
                    if bad < 3 {
                        problems.append("\(context) · pixel (\(x), \(y)): \(out) vs exact \(fill.exactColor(x: x, y: y))")
                    }
                    bad += 1
                }
            }
        }
        if bad != 0 { problems.append("\(context): \(bad) bad pixels") }
    }
    return problems
}

/// Two-stop sRGB linear gradients at each angle, random colours (translucent for half the
/// angles), into a width × height buffer: the largest error of any channel against the exact
/// colour, in levels, and how many of how many channels are not the correctly rounded value.
/// (The promise: within ½ level + 10⁻⁴ for Float noise, at most 1 channel in 100,000 off.)
public func twoStopPrecision(seed: UInt64, angles: [Double], width: Int,
                             height: Int) throws(RasterError) -> (maxError: Double, mismatches: Int, total: Int) {
    var rng = SeededGenerator(seed: seed)
    var maxError = 0.0, mismatches = 0, total = 0
    for (n, angle) in angles.enumerated() {
        let from = Color(rgba: UInt32.random(in: 0 ... .max, using: &rng) | 0xFF)
        let to = Color(rgba: UInt32.random(in: 0 ... .max, using: &rng) | (n % 2 == 0 ? 0xFF : 0x40))
        let len = Double.random(in: 40 ... 900, using: &rng)
        let r = angle * .pi / 180
        let start = Point(13.25, 7.5)
        let g = Gradient.linear(from: start, to: Point(start.x + len * cos(r), start.y + len * sin(r)),
                                colors: [from, to])
        let fill = try GradientFill(g)
        let fb = FencedBuffer(width: width, height: height, format: .rgba8Premultiplied, misalignment: 3)
        try fill.fill(fb.buffer)
        for y in 0 ..< height {
            for x in 0 ..< width {
                let out = fb.rgba(x: x, y: y)
                let e = fill.exactColor(x: x, y: y)
                for c in 0 ..< 4 {
                    maxError = max(maxError, abs(Double(out[c]) - e[c]))
                    if Double(out[c]) != e[c].rounded(.toNearestOrEven) { mismatches += 1 }
                    total += 1
                }
            }
        }
    }
    return (maxError, mismatches, total)
}
