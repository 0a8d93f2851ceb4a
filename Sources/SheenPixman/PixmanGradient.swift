// A pixman gradient image as pixman defines it, and the Sheen gradient that draws the same
// colours (pixman-gradient-walker.c's rules, restated):
// - stops are 16.16 offsets, not clamped, with 16-bit straight colours; colour and alpha are
//   interpolated separately (straight) and then premultiplied;
// - a position at a stop takes that stop's colour (the later of coincident stops);
// - beyond the stops, per repeat: pad extends the end colours; none is transparent (from the
//   last stop on); normal wraps t into [0, 1) and interpolates from the last stop across the wrap
//   to the first; reflect mirrors t, the end colours extending to 0 and 1;
// - a linear gradient's t is the projection of the pixel centre (transformed) onto p1 → p2; a
//   radial one's the largest t whose circle (inner → outer, radius ≥ 0) passes through it, and
//   transparent where none does.
// Sheen's gradients clamp stops to 0…1 and pad within a period, so a linear gradient's stops
// outside 0…1 or repeat none are redrawn on a longer line whose stops say the same; a repeating
// gradient whose stops leave a gap at 0 or 1 gets the colour pixman interpolates across the wrap
// as stops at 0 and 1. What cannot be said so — a radial gradient with repeat none (pixman takes
// the root in 0…1 there, not the largest) unless it runs from a point inside its end circle
// (there the two agree), radial stops outside 0…1, the conical (sweep) gradient, stops out of
// order, a linear gradient of no length (pixman's colour at t = 0; Sheen's paints nothing) — is
// left to pixman.

import CSheenPixman
import SheenRaster

/// One pixman gradient image's shape and stops.
struct PixmanGradient: Equatable {
    /// The shape, in pixman's gradient space (pixels before the image's transform).
    enum Geometry: Equatable {
        /// From p1 (t = 0) to p2 (t = 1).
        case linear(Point, Point)
        /// From the inner circle (t = 0) to the outer (t = 1).
        case radial(inner: Point, innerRadius: Double, outer: Point, outerRadius: Double)
        /// A sweep, which pixman measures counter-clockwise; drawn by pixman.
        case conical

        /// Whether this is a radial gradient from a point (inner radius 0) strictly inside its
        /// outer circle: every pixel then lies on exactly one circle of t ≥ 0 (the other root of
        /// its equation is ≤ 0), so the circles may be drawn past t = 1 without changing any t.
        var isFromAPointInside: Bool {
            guard case let .radial(inner, innerRadius, outer, outerRadius) = self else { return false }
            let dx = outer.x - inner.x, dy = outer.y - inner.y
            return innerRadius == 0 && outerRadius > 0 && dx * dx + dy * dy < outerRadius * outerRadius
        }

        /// The kind's name, as pixman's constructor names it.
        var name: String {
            switch self {
            case .linear: "linear"
            case .radial: "radial"
            case .conical: "conical"
            }
        }
    }

    /// One stop: its 16.16 offset and straight colour.
    struct Stop: Equatable {
        let x: Int32
        let color: Color
    }

    let geometry: Geometry
    let stops: [Stop]

    /// The gradient pixman made from these arguments (nil for no stops: pixman makes no image).
    init?(_ geometry: Geometry, _ stops: UnsafePointer<SheenPixmanGradientStop>?, _ count: Int32) {
        guard let stops, count > 0 else { return nil }
        self.geometry = geometry
        self.stops = (0 ..< Int(count)).map { i in
            let s = stops[i], c = s.color
            return Stop(x: s.x, color: Color(red: Float(c.red) / 65535, green: Float(c.green) / 65535,
                                             blue: Float(c.blue) / 65535, alpha: Float(c.alpha) / 65535))
        }
    }

    /// A point of 16.16 coordinates.
    static func point(_ p: SheenPixmanPointFixed) -> Point { Point(Double(p.x) / 65536, Double(p.y) / 65536) }

    /// The Sheen gradient that draws this image, with pixman repeat `repeatMode`, where pixel
    /// (x + ½, y + ½) of the drawing's pixel space is sampled at gradient-space point
    /// `map(x + ½, y + ½)`; nil where Sheen cannot say the same thing (see the file's head).
    func sheenGradient(repeatMode: UInt32, map: Matrix2D) -> Gradient? {
        guard zip(stops, stops.dropFirst()).allSatisfy({ $0.x <= $1.x }),
              let transform = try? map.inverted() else { return nil }
        let offsets = stops.map { Double($0.x) / 65536 }
        let first = offsets[0], last = offsets[offsets.count - 1]
        let within = first >= 0 && last <= 1
        var spread = GradientSpread.pad
        // t' = (t − lo) / (hi − lo): the stops' positions on the line drawn.
        var lo = 0.0, hi = 1.0
        var sheenStops = zip(offsets, stops).map { GradientStop($0, $1.color) }
        switch Int(repeatMode) {
        case SHEEN_PIXMAN_REPEAT_PAD:
            // Coincident first stops at or before 0: pixman extends the first colour below them,
            // where Sheen, clamping t to 0, would take the later; the line is lengthened so that
            // the extension is a stop of its own. A radial gradient from a point inside its end
            // circle has no pixel below t = 0 (isFromAPointInside) and at 0 takes the later stop
            // as pixman does, so it needs no room there (cairo's mask-radial: stops 50 % and
            // 100 % both at 0, which went to pixman whole).
            let hardStart = stops.count > 1 && stops[0].x == stops[1].x && first <= 0 && !(within && geometry.isFromAPointInside)
            if !within || hardStart { lo = min(first, 0) - (hardStart ? 1 : 0); hi = max(last, 1) }
            if hardStart { sheenStops.insert(GradientStop(lo, stops[0].color), at: 0) }
        case SHEEN_PIXMAN_REPEAT_NONE:
            // Transparent outside [first, last): hard edges at both ends, and room beyond.
            let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
            hi = max(last, 1) + 1
            if geometry.isFromAPointInside, first >= 0, last <= 1 {
                // A radial gradient from a point inside its end circle (cairo's usual one) puts
                // every pixel at one root t ≥ 0 (the other is ≤ 0), which is the root pixman's
                // repeat none takes when t ≤ 1 — so only the far end needs room (room before
                // t = 0 would need circles of negative radius).
                sheenStops = (first > 0 ? [GradientStop(0, clear), GradientStop(first, clear)] : []) + sheenStops
                    + [GradientStop(last, clear), GradientStop(hi, clear)]
            } else {
                lo = min(first, 0) - 1
                sheenStops = [GradientStop(lo, clear), GradientStop(first, clear)] + sheenStops
                    + [GradientStop(last, clear), GradientStop(hi, clear)]
            }
        case SHEEN_PIXMAN_REPEAT_NORMAL:
            guard within else { return nil }
            spread = .repeat
            if first > 0 || last < 1 {
                // pixman interpolates from the last stop (at last − 1) to the first (at first + 1)
                // across the wrap; its colour at the wrap begins and ends the period.
                let f = (1 - last) / (first + 1 - last)
                let wrap = Self.mix(stops[stops.count - 1].color, stops[0].color, f)
                sheenStops = [GradientStop(0, wrap)] + sheenStops + [GradientStop(1, wrap)]
            }
        case SHEEN_PIXMAN_REPEAT_REFLECT:
            guard within else { return nil }
            spread = .reflect
        default:
            return nil
        }
        let shape: GradientShape
        switch geometry {
        case let .linear(p1, p2):
            // A line of no length: pixman paints its colour at t = 0 everywhere, Sheen's gradient
            // nothing (GradientShape's Canvas rule) — pixman's.
            guard p1 != p2 else { return nil }
            let d = Point(p2.x - p1.x, p2.y - p1.y)
            shape = .linear(start: Point(p1.x + lo * d.x, p1.y + lo * d.y), end: Point(p1.x + hi * d.x, p1.y + hi * d.y))
        case let .radial(c1, r1, c2, r2):
            // Room before t = 0 would need circles of negative radius, where pixman takes another
            // root; room past t = 1 is larger circles of the same cone, taken only for repeat none
            // from a point inside (above: no pixel of such a gradient lies at t < 0, which an end
            // made transparent would otherwise leave coloured).
            guard lo == 0 && (hi == 1 || (Int(repeatMode) == SHEEN_PIXMAN_REPEAT_NONE && geometry.isFromAPointInside)) else { return nil }
            shape = .radial(startCenter: c1, startRadius: r1, endCenter: Point(c1.x + hi * (c2.x - c1.x), c1.y + hi * (c2.y - c1.y)),
                            endRadius: r1 + hi * (r2 - r1))
        case .conical:
            return nil
        }
        if lo != 0 || hi != 1 {
            sheenStops = sheenStops.map { GradientStop(($0.offset - lo) / (hi - lo), $0.color) }
        }
        return Gradient(shape: shape, stops: sheenStops, spread: spread, space: .sRGB,
                        alphaInterpolation: .straight, transform: transform)
    }

    /// Straight colours a and b mixed as pixman's walker does: (1 − f)·a + f·b per channel.
    private static func mix(_ a: Color, _ b: Color, _ f: Double) -> Color {
        func lerp(_ x: Float, _ y: Float) -> Float { Float(Double(x) + (Double(y) - Double(x)) * f) }
        return Color(red: lerp(a.red, b.red), green: lerp(a.green, b.green), blue: lerp(a.blue, b.blue),
                     alpha: lerp(a.alpha, b.alpha))
    }
}
