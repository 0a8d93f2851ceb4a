import SheenRaster
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The gradient every W1 case uses: #3478F6 → #FF3B30, opaque, sRGB, pad.
let benchColors = [Color(rgba: 0x3478F6FF), Color(rgba: 0xFF3B30FF)]

extension Bench {
    /// W1: gradient fills into a W×H RGBA8 premultiplied buffer.
    func runGradients(width: Int, height: Int, shapes: [String]) {
        let w = Double(width), h = Double(height)
        let angle = 30.0 * Double.pi / 180
        let (c, s) = (cos(angle), sin(angle))
        let span = w * c + h * s   // the 30° line that just covers the buffer
        let centre = Point(w / 2, h / 2)
        let gradients: [(String, Gradient)] = [
            ("linear.horizontal", .linear(from: Point(0, 0), to: Point(w, 0), colors: benchColors)),
            ("linear.vertical", .linear(from: Point(0, 0), to: Point(0, h), colors: benchColors)),
            ("linear.angled30", .linear(from: Point(centre.x - span / 2 * c, centre.y - span / 2 * s),
                                        to: Point(centre.x + span / 2 * c, centre.y + span / 2 * s), colors: benchColors)),
            // The same line with translucent stops interpolated straight (pixman's and CSS's way):
            // the kernel's quadratic ramp.
            ("linear.angled30.straight", Gradient(shape: .linear(start: Point(centre.x - span / 2 * c, centre.y - span / 2 * s),
                                                                 end: Point(centre.x + span / 2 * c, centre.y + span / 2 * s)),
                                                  stops: [GradientStop(0, Color(rgba: 0x3478F680)), GradientStop(1, Color(rgba: 0xFF3B3040))],
                                                  alphaInterpolation: .straight)),
            ("radial", .radial(center: centre, radius: (w * w + h * h).squareRoot() / 2, colors: benchColors)),
            ("conic", .conic(center: centre, startAngle: 0, colors: benchColors)),
        ]
        let dst = BenchBuffer(width: width, height: height)
        for (shape, gradient) in gradients where shapes.contains(shape) {
            let name = "gradient.\(shape).\(width)x\(height)"
            guard wants(name) else { continue }
            let fill = try! GradientFill(gradient)
            let phases = measurePhases(warmup: warmup, reps: reps) {
                [timed { try! fill.fill(dst.buffer) }]
            }
            // Two-stop sRGB (straight alpha too): every channel within ½ level of exact (1 level for
            // the sweep's atan).
            let tolerance = shape == "conic" ? 1.0 : 0.5 + 1e-3
            check(verifySample(dst.buffer, tolerance: tolerance) { fill.exactColor(x: $0, y: $1) }, name)
            dump(name, "output", dst.buffer)
            record(CaseResult(name: name, width: width, height: height, total: Stats(phases[0]),
                              make: nil, fill: nil, intermediateBytes: 0, reps: reps), kernel: .one("gradient_span"))
        }
    }

    /// W1p: is a 1-pixel pattern faster and smaller than a full-width gradient image? Three ways
    /// to paint the same vertical (and horizontal) gradient: (a) render a full-size gradient image
    /// then copy it in, (b) render a 1-pixel strip then repeat it, (c) fill directly. The
    /// intermediate image of (a) is allocated once, outside the timing, which flatters (a).
    func runPatternQuestion(width: Int, height: Int) {
        for direction in ["vertical", "horizontal"] {
            let vertical = direction == "vertical"
            let gradient = Gradient.linear(from: Point(0, 0), to: vertical ? Point(0, Double(height)) : Point(Double(width), 0),
                                           colors: benchColors)
            let fill = try! GradientFill(gradient)
            let dst = BenchBuffer(width: width, height: height)
            let full = BenchBuffer(width: width, height: height)
            let stripName = vertical ? "column" : "row"
            for method in ["fullwidth", stripName, "direct"] {
                let name = "pattern.\(direction).\(method)"
                guard wants(name) else { continue }
                var intermediate = 0
                let phases = measurePhases(warmup: warmup, reps: reps) {
                    switch method {
                    case "fullwidth":
                        let make = timed { try! fill.fill(full.buffer) }
                        let copy = timed {
                            for y in 0 ..< height {
                                memcpy(dst.buffer.row(y), full.buffer.row(y), width * 4)
                            }
                        }
                        intermediate = full.byteCount
                        return [make, copy]
                    case "direct":
                        return [0, timed { try! fill.fill(dst.buffer) }]
                    default:
                        var pattern: GradientPattern? = nil
                        let make = timed {
                            pattern = try! GradientPattern(fill, axis: vertical ? .column : .row,
                                                           length: vertical ? height : width)
                        }
                        let paint = timed { try! pattern!.fill(dst.buffer) }
                        intermediate = pattern!.byteCount
                        return [make, paint]
                    }
                }
                check(verifySample(dst.buffer, tolerance: 0.5 + 1e-3) { fill.exactColor(x: $0, y: $1) }, name)
                dump(name, "output", dst.buffer)
                let totals = zip(phases[0], phases[1]).map { $0 + $1 }
                record(CaseResult(name: name, width: width, height: height, total: Stats(totals),
                                  make: Stats(phases[0]), fill: Stats(phases[1]),
                                  intermediateBytes: intermediate, reps: reps),
                       kernel: .one(method == "column" ? "fill_rows" : method == "row" ? "copy_rows" : "gradient_span"))
                memset(dst.buffer.base, 0, dst.byteCount)   // next method starts from a clean slate
            }
        }
    }
}
