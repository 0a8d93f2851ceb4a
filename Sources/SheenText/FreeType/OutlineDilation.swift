import CFreeType
import SheenPlatform

/// The outline of a glyph grown by a radius with round joins — the shape of an outside stroke —
/// built without FreeType's stroker, whose curve offsetting (several CORDIC rotations per piece)
/// is slow; tracing the border here takes about half its time (bench/kernel-notes.md, "Text").
///
/// The outline is flattened to lines within 1/16 px (the tolerance FreeType's own rasteriser
/// flattens curves to) and each contour's outside border traced (`ContourBorder`); FreeType's
/// anti-aliasing rasteriser renders the result with non-zero filling, as it renders the fill.
struct OutlineDilation {
    /// Flattened contours in 26.6 pixel units, each closed implicitly (last point ≠ first).
    private(set) var contours: [[SIMD2<Double>]] = []
    /// Maximum distance of a chord from the curve or arc it replaces, in 26.6 units (1/16 px by
    /// default).
    let tolerance: Double

    /// Flattens `outline` within `tolerance` (26.6 units).
    init(_ outline: UnsafeMutablePointer<FT_Outline>, tolerance: Double = 4) {
        self.tolerance = tolerance
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                let me = user!.assumingMemoryBound(to: OutlineDilation.self)
                me.pointee.closeContour()
                me.pointee.contours.append([SIMD2(Double(to!.pointee.x), Double(to!.pointee.y))])
                return 0
            },
            line_to: { to, user in
                user!.assumingMemoryBound(to: OutlineDilation.self).pointee.lineTo(to!.pointee)
                return 0
            },
            conic_to: { control, to, user in
                user!.assumingMemoryBound(to: OutlineDilation.self).pointee.conicTo(control!.pointee, to!.pointee)
                return 0
            },
            cubic_to: { c1, c2, to, user in
                user!.assumingMemoryBound(to: OutlineDilation.self).pointee.cubicTo(c1!.pointee, c2!.pointee, to!.pointee)
                return 0
            },
            shift: 0, delta: 0)
        withUnsafeMutablePointer(to: &self) { me in _ = FT_Outline_Decompose(outline, &funcs, me) }
        closeContour()
    }

    private static func point(_ v: FT_Vector) -> SIMD2<Double> { SIMD2(Double(v.x), Double(v.y)) }

    private mutating func lineTo(_ to: FT_Vector) { append(Self.point(to)) }

    private mutating func conicTo(_ control: FT_Vector, _ to: FT_Vector) {
        let p0 = contours[contours.count - 1].last!, p1 = Self.point(control), p2 = Self.point(to)
        // n pieces of a quadratic deviate at most ⅛·|B″|/n² = |p0 − 2p1 + p2| / 4 / n².
        let d = p0 - 2 * p1 + p2
        let n = max(1, Int((((d * d).sum().squareRoot() / 4) / tolerance).squareRoot().rounded(.up)))
        for i in 1 ... n {
            let t = Double(i) / Double(n), u = 1 - t
            append(u * u * p0 + 2 * u * t * p1 + t * t * p2)
        }
    }

    private mutating func cubicTo(_ c1: FT_Vector, _ c2: FT_Vector, _ to: FT_Vector) {
        let p0 = contours[contours.count - 1].last!, p1 = Self.point(c1), p2 = Self.point(c2), p3 = Self.point(to)
        // n pieces of a cubic deviate at most ⅛·max|B″|/n² = ¾·max(|p0 − 2p1 + p2|, |p1 − 2p2 + p3|)/n².
        let a = p0 - 2 * p1 + p2, b = p1 - 2 * p2 + p3
        let dev = 0.75 * max((a * a).sum(), (b * b).sum()).squareRoot()
        let n = max(1, Int((dev / tolerance).squareRoot().rounded(.up)))
        for i in 1 ... n {
            let t = Double(i) / Double(n), u = 1 - t
            append(u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3)
        }
    }

    private mutating func append(_ p: SIMD2<Double>) {
        if contours[contours.count - 1].last != p { contours[contours.count - 1].append(p) }
    }

    /// Drops the closing point that repeats the first, and contours with no area.
    private mutating func closeContour() {
        guard var c = contours.popLast() else { return }
        while c.count > 1 && c.last == c.first { c.removeLast() }
        if c.count >= 3 { contours.append(c) }
    }

    /// The outside border of every contour, `radius` (26.6 units) away on the side away from the
    /// glyph: left of the direction of travel when `outsideIsLeft` (TrueType's clockwise outer
    /// contours, in FreeType's y-up coordinates).
    func border(radius: Double, outsideIsLeft: Bool) -> [[SIMD2<Double>]] {
        contours.map { ContourBorder(points: $0, radius: radius, side: outsideIsLeft ? 1 : -1, tolerance: tolerance).trace() }
    }
}

/// One contour's outside border: each segment moved out by the radius, a round arc (chords
/// within a quarter of the tolerance) around each vertex where the moved segments part, a straight join where
/// they cross — and then every loop such a join makes is cut out at the crossing (the envelope of
/// the moved segments), so the border winds once around what it encloses. The rasteriser adds
/// coverage, so a loop left in would make its pixels too dark; and a loop reversed (a concave
/// turn tighter than the radius: a swallowtail) would leave a notch. A contour whose border turns
/// the other way round once its loops are gone (a counter smaller than the radius) has closed up
/// and is left out.
private struct ContourBorder {
    let c: [SIMD2<Double>]
    let radius: Double
    let side: Double
    let tolerance: Double
    let n: Int
    var directions: [SIMD2<Double>] = []
    var normals: [SIMD2<Double>] = []

    init(points: [SIMD2<Double>], radius: Double, side: Double, tolerance: Double) {
        c = points; self.radius = radius; self.side = side; self.tolerance = tolerance; n = points.count
        for i in 0 ..< n {
            let d = c[(i + 1) % n] - c[i]
            let u = d / (d * d).sum().squareRoot()
            directions.append(u)
            normals.append(side * SIMD2(-u.y, u.x))
        }
    }

    /// Twice the signed area of a closed polygon.
    static func area(_ p: [SIMD2<Double>]) -> Double {
        var a = 0.0
        for i in p.indices { let q = p[(i + 1) % p.count]; a += p[i].x * q.y - p[i].y * q.x }
        return a
    }

    func trace() -> [SIMD2<Double>] {
        // Arcs are where a stroke's edge is most visible (round joins, the ends of thin parts):
        // their chords stay within a quarter of the tolerance.
        let step = 2 * acos(max(-1, 1 - tolerance / 4 / radius))
        let cosStep = cos(step), sinStep = sin(step)
        // Start after a vertex where the border opens, so a loop rarely spans the seam.
        let first = (0 ..< n).first { i in
            let a = directions[(i + n - 1) % n], b = directions[i]
            return side * (a.x * b.y - a.y * b.x) < 0
        } ?? 0
        var w = BorderWriter(reach: 8 * radius + 16 * tolerance, largestLoop: 8 * radius * radius, capacity: 3 * n)
        for k in 0 ..< n {
            let s = (first + k) % n, v = (s + 1) % n
            // Segment s moved out, then the join at its end vertex v.
            w.add(c[s] + radius * normals[s])
            let nIn = normals[s], nOut = normals[v], p = c[v]
            w.add(p + radius * nIn)
            let a = directions[s], b = directions[v]
            if side * (a.x * b.y - a.y * b.x) < 0 && (nIn * nOut).sum() < cosStep {
                // Arc points a fixed step apart from nIn towards nOut (the last piece shorter);
                // most joins of a flattened curve turn less than a step and need none.
                let direction: Double = nIn.x * nOut.y - nIn.y * nOut.x > 0 ? 1 : -1
                let sine = direction * sinStep
                var v = nIn
                while true {
                    v = SIMD2(v.x * cosStep - v.y * sine, v.x * sine + v.y * cosStep)
                    if direction * (v.x * nOut.y - v.y * nOut.x) <= 0 { break }
                    w.add(p + radius * v)
                }
            }
        }
        // The seam: the closing segment back to the first point may cross the start too. `add`
        // appends the start again (after any cut), or nothing when the border already ends on
        // it; either way the last point repeats the first and goes.
        if let start = w.out.first { w.add(start); w.out.removeLast() }
        let out = w.out, cut = w.cut
        guard out.count >= 3 else { return [] }
        // The contour's own turning direction against the border's: opposite means closed up.
        guard Self.area(out) * Self.area(c) > 0 else { return [] }
        // A counter (winding against the outer contours) whose border needed cuts may have
        // closed up and left a tangle behind: the border of what remains of it lies the radius
        // away from its contour, a tangle's points nearer. Drop it when most are.
        if cut && Self.area(c) * side > 0 {
            let near = out.filter { distance(from: $0) < radius - 2 * tolerance }.count
            if 2 * near > out.count { return [] }
        }
        return out
    }

    /// Distance from `p` to the contour.
    func distance(from p: SIMD2<Double>) -> Double {
        var best = Double.infinity
        for i in 0 ..< n {
            let a = c[i], ab = c[(i + 1) % n] - a
            let t = max(0, min(1, ((p - a) * ab).sum() / max(1e-18, (ab * ab).sum())))
            let d = p - (a + t * ab)
            best = min(best, (d * d).sum())
        }
        return best.squareRoot()
    }

    /// The border as it is written, cutting loops as they close.
    struct BorderWriter {
        /// How far back along the border (26.6 units) a new segment looks for a crossing.
        let reach: Double
        /// The largest loop (twice its area, 26.6 units²) that is cut; see `add`.
        let largestLoop: Double
        var out: [SIMD2<Double>] = []
        /// Length of the border up to each point.
        var travelled: [Double] = []
        /// True once a loop was cut.
        var cut = false

        init(reach: Double, largestLoop: Double, capacity: Int) {
            self.reach = reach; self.largestLoop = largestLoop
            out.reserveCapacity(capacity); travelled.reserveCapacity(capacity)
        }

        /// Appends `q`; where the new segment crosses one written recently, the loop between is cut.
        mutating func add(_ q: SIMD2<Double>) {
            guard let last = out.last else { out.append(q); travelled.append(0); return }
            if last == q { return }
            var j = out.count - 3
            while let (k, x) = crossing(from: last, to: q, below: j) {
                // A join's loop or a swallowtail is small (a join's is ½r²·tan²(θ/2)·sin θ) and
                // lies inside the rest of the border, so cutting it loses nothing; a large loop is
                // two distant parts of the border overlapping (a descender across a bowl), which
                // cutting would notch — the non-zero fill unites those.
                if abs(ContourBorder.area([x] + out[(k + 1)...])) <= largestLoop {
                    out.removeSubrange((k + 1)...); travelled.removeSubrange((k + 1)...)
                    cut = true
                    let d = x - out[k]
                    out.append(x); travelled.append(travelled[k] + (d * d).sum().squareRoot())
                    break
                }
                j = k - 1
            }
            let d = q - out[out.count - 1]
            out.append(q); travelled.append(travelled[travelled.count - 1] + (d * d).sum().squareRoot())
        }

        /// The latest written segment k ≤ `start` within `reach` of border that segment
        /// last → q crosses, and where. Runs for every point written, so over raw memory with a
        /// box test first: most written segments are nowhere near the new one.
        func crossing(from last: SIMD2<Double>, to q: SIMD2<Double>, below start: Int) -> (Int, SIMD2<Double>)? {
            guard start >= 0 else { return nil }
            let limit = travelled[travelled.count - 1] - reach
            let lx = min(last.x, q.x), hx = max(last.x, q.x), ly = min(last.y, q.y), hy = max(last.y, q.y)
            return out.withUnsafeBufferPointer { o in
                travelled.withUnsafeBufferPointer { t in
                    var j = start
                    while j >= 0 && t[j + 1] >= limit {
                        let a = o[j], b = o[j + 1]
                        if !(max(a.x, b.x) < lx || min(a.x, b.x) > hx || max(a.y, b.y) < ly || min(a.y, b.y) > hy),
                           let x = ContourBorder.crossing(a, b, last, q) {
                            return (j, x)
                        }
                        j -= 1
                    }
                    return nil
                }
            }
        }
    }

    /// Where segments ab and cd cross (strictly inside both), if they do.
    static func crossing(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ c: SIMD2<Double>, _ d: SIMD2<Double>) -> SIMD2<Double>? {
        let r = b - a, s = d - c
        let den = r.x * s.y - r.y * s.x
        guard abs(den) > 1e-12 else { return nil }
        let w = c - a
        let t = (w.x * s.y - w.y * s.x) / den, u = (w.x * r.y - w.y * r.x) / den
        guard t > 0, t < 1, u > 0, u < 1 else { return nil }
        return a + t * r
    }
}

extension FontFace {
    /// x rounded to the nearest integer (halves up), without the libm call `rounded()` makes on
    /// x86-64 targets below SSE4.1. |x| < 2^52.
    @inline(__always)
    static func nearest(_ x: Double) -> FT_Pos {
        let v = x + 0.5, i = Int(v)
        return FT_Pos(Double(i) > v ? i - 1 : i)
    }

    /// Renders closed polygons (26.6 units, y up) with non-zero filling, their origin moved right
    /// by `offset26`, through FreeType's anti-aliasing rasteriser into a trimmed bitmap.
    func renderPolygons(_ polygons: [[SIMD2<Double>]], offset26: Int) -> Result<GlyphBitmap, TextError> {
        let polygons = polygons.filter { $0.count >= 3 }
        let count = polygons.reduce(0) { $0 + $1.count }
        guard count > 0 else { return .success(.empty) }
        precondition(count <= Int(Int16.max), "an FT_Outline holds at most 32,767 points (callers check)")
        var points = [FT_Vector](), tags = [CChar](repeating: 1, count: count), ends = [Int16]()
        points.reserveCapacity(count)
        for polygon in polygons {
            for p in polygon { points.append(FT_Vector(x: Self.nearest(p.x) + FT_Pos(offset26), y: Self.nearest(p.y))) }
            ends.append(Int16(points.count - 1))
        }
        return points.withUnsafeMutableBufferPointer { pts in
            tags.withUnsafeMutableBufferPointer { tgs in
                ends.withUnsafeMutableBufferPointer { cts in
                    var outline = FT_Outline(n_contours: Int16(cts.count), n_points: Int16(pts.count), points: pts.baseAddress,
                                             tags: tgs.baseAddress, contours: cts.baseAddress, flags: 0)
                    return renderOutline(&outline)
                }
            }
        }
    }
}
