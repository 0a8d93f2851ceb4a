import SheenPlatform

/// How animation progress follows time: CAMediaTimingFunction's curves, a custom cubic Bézier
/// and a spring. `progress(at:)` maps elapsed fraction [0, 1] to progress, with 0 → 0 and 1 → 1
/// exactly.
public enum TimingFunction: Hashable, Sendable {
    /// Progress equals time.
    case linear
    /// Slow start: cubic Bézier (0.42, 0, 1, 1).
    case easeIn
    /// Slow end: cubic Bézier (0, 0, 0.58, 1).
    case easeOut
    /// Slow start and end: cubic Bézier (0.42, 0, 0.58, 1).
    case easeInOut
    /// CSS's `ease` and CAMediaTimingFunction's default: cubic Bézier (0.25, 0.1, 0.25, 1).
    case ease
    /// A cubic Bézier from (0, 0) to (1, 1) with control points (x1, y1), (x2, y2); x1 and x2 must
    /// lie in [0, 1] (so time maps to one progress value), y may overshoot.
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)
    /// A damped spring released from 0 towards 1: `dampingRatio` in (0, 1] (1 = critically
    /// damped, lower bounces), `response` the undamped period as a fraction of the duration (0, 1].
    /// Progress may overshoot 1 before settling; it is pinned to exactly 1 at the end.
    case spring(dampingRatio: Double, response: Double)

    /// Progress at elapsed fraction `t` (clamped to [0, 1]).
    public func progress(at t: Double) -> Double {
        let t = t.isNaN ? 0 : min(max(t, 0), 1)
        if t == 0 { return 0 }
        if t == 1 { return 1 }
        switch self {
        case .linear: return t
        case .easeIn: return Self.bezier(t, 0.42, 0, 1, 1)
        case .easeOut: return Self.bezier(t, 0, 0, 0.58, 1)
        case .easeInOut: return Self.bezier(t, 0.42, 0, 0.58, 1)
        case .ease: return Self.bezier(t, 0.25, 0.1, 0.25, 1)
        case let .cubicBezier(x1, y1, x2, y2): return Self.bezier(t, min(max(x1, 0), 1), y1, min(max(x2, 0), 1), y2)
        case let .spring(zeta, response): return Self.spring(t, zeta: min(max(zeta, 1e-3), 1), response: max(response, 1e-3))
        }
    }

    /// The allowed x of a cubic Bézier's control points (CSS's): 0…1, so that time runs forward.
    public static let bezierXRange = 0.0 ... 1.0

    /// Checks the parameters (finite; Bézier x in `bezierXRange`; spring values in (0, 1]).
    func validated() throws(LabelError) -> TimingFunction {
        switch self {
        case let .cubicBezier(x1, y1, x2, y2):
            for (n, v) in [("x1", x1), ("x2", x2)] where !(v.isFinite && Self.bezierXRange.contains(v)) {
                throw .invalidParameter(name: "cubicBezier \(n)", value: v, allowed: Self.bezierXRange.interval)
            }
            for (n, v) in [("y1", y1), ("y2", y2)] where !v.isFinite {
                throw .invalidParameter(name: "cubicBezier \(n)", value: v, allowed: "finite")
            }
        case let .spring(zeta, response):
            for (n, v) in [("dampingRatio", zeta), ("response", response)] where !(v.isFinite && v > 0 && v <= 1) {
                throw .invalidParameter(name: "spring \(n)", value: v, allowed: "(0, 1]")
            }
        default: break
        }
        return self
    }

    /// y on the Bézier at the parameter where x = `x`: Newton steps on x(s), falling back to
    /// bisection (x(s) is monotonic for control x in [0, 1]), to 1e-12.
    static func bezier(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        func curve(_ s: Double, _ a: Double, _ b: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * a + 3 * u * s * s * b + s * s * s
        }
        func slope(_ s: Double, _ a: Double, _ b: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * a + 6 * u * s * (b - a) + 3 * s * s * (1 - b)
        }
        var s = x
        for _ in 0..<8 {
            let error = curve(s, x1, x2) - x
            if abs(error) < 1e-12 { return curve(s, y1, y2) }
            let d = slope(s, x1, x2)
            if abs(d) < 1e-9 { break }
            s -= error / d
            if s < 0 || s > 1 { break }
        }
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<100 {
            s = (lo + hi) / 2
            let v = curve(s, x1, x2)
            if abs(v - x) < 1e-12 { break }
            if v < x { lo = s } else { hi = s }
        }
        return curve(s, y1, y2)
    }

    /// The step response of a damped harmonic oscillator with natural period `response`.
    static func spring(_ t: Double, zeta: Double, response: Double) -> Double {
        let omega = 2 * Double.pi / response
        if zeta >= 1 {
            return 1 - (1 + omega * t) * exp(-omega * t)
        }
        let omegaD = omega * (1 - zeta * zeta).squareRoot()
        return 1 - exp(-zeta * omega * t) * (cos(omegaD * t) + zeta * omega / omegaD * sin(omegaD * t))
    }
}
