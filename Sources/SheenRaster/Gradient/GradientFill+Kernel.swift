// The SIMD gradient kernel. Three structure-aware paths and one general path:
//   vertical   (t constant along rows):    one colour per row, stored as a row fill;
//   horizontal (t constant along columns): one row shaded, then copied to every row;
//   general:                               every pixel shaded, eight lanes at a time.
// With dither the vertical row repeats with period 8 and the horizontal rows with period 8,
// because the Bayer pattern does. A8 destinations take the alpha of the shaded pixels.

/// Pixels shaded per A8 chunk (on the stack) before their alpha is extracted.
private let a8Chunk = 64

extension GradientProgram {
    /// How the fill is organised for this gradient and rectangle.
    enum Structure { case vertical, horizontal, general, transparent }

    func structure(width: Int, height: Int) -> Structure {
        switch geometry {
        case .empty: return .transparent
        case let .linear(a, b, _):
            // A change of t below 10⁻⁹ across the whole span cannot show in 8 bits.
            if abs(a) * Double(max(width, 1)) <= 1e-9 { return .vertical }
            if abs(b) * Double(max(height, 1)) <= 1e-9 { return .horizontal }
            return .general
        default: return .general
        }
    }

    /// Fills `r` (non-empty, inside `buffer`).
    func fill(_ buffer: RasterBuffer, _ r: PixelRect) {
        let bpp = buffer.format.bytesPerPixel
        let rowBytes = r.width * bpp
        let period = dither ? 8 : 1
        switch structure(width: r.width, height: r.height) {
        case .transparent:
            for y in r.y ..< r.y + r.height { setBytes(buffer.row(y) + r.x * bpp, 0, rowBytes) }
        case .vertical where period == 1:
            // Shade the column in chunks (one span call per chunk, not per row: per-row calls cost
            // as much as the stores on short rows), then fill each row with its colour.
            let chunk = 256
            let bgra = buffer.format == .bgra8Premultiplied
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: chunk) { tmp in
                let colors = UnsafeMutableRawPointer(tmp.baseAddress!)
                var y0 = r.y
                while y0 < r.y + r.height {
                    let n = min(chunk, r.y + r.height - y0)
                    shadeSpan(colors, x: r.x, y: y0, count: n, alongColumn: true, bgra: bgra, dither: false)
                    for k in 0 ..< n {
                        let dst = buffer.row(y0 + k) + r.x * bpp
                        if bpp == 4 { fillPixels32(dst, tmp[k], r.width) }
                        else { setBytes(dst, UInt8(truncatingIfNeeded: tmp[k] >> 24), r.width) }
                    }
                    y0 += n
                }
            }
        case .vertical:
            // Dithered: the Bayer pattern repeats every 8 pixels along the row.
            for y in r.y ..< r.y + r.height {
                let dst = buffer.row(y) + r.x * bpp
                let n = min(period, r.width)
                shadeRow(buffer.format, dst, x: r.x, y: y, count: n)
                if n < r.width { extendPeriodic(dst, filled: n * bpp, total: rowBytes) }
            }
        case .horizontal:
            for y in r.y ..< r.y + r.height {
                let dst = buffer.row(y) + r.x * bpp
                if y - r.y < period {
                    shadeRow(buffer.format, dst, x: r.x, y: y, count: r.width)
                } else {
                    copyBytes(dst, buffer.row(y - period) + r.x * bpp, rowBytes)
                }
            }
        case .general:
            for y in r.y ..< r.y + r.height {
                shadeRow(buffer.format, buffer.row(y) + r.x * bpp, x: r.x, y: y, count: r.width)
            }
        }
    }

    /// Shades pixels (x ..< x + count, y) into `dst` in `format` (A8 takes alpha).
    func shadeRow(_ format: PixelFormat, _ dst: UnsafeMutableRawPointer, x: Int, y: Int, count: Int) {
        switch format {
        case .rgba8Premultiplied, .bgra8Premultiplied:
            shadeSpan(dst, x: x, y: y, count: count, alongColumn: false,
                      bgra: format == .bgra8Premultiplied, dither: dither)
        case .a8:
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: a8Chunk) { tmp in
                let base = UnsafeMutableRawPointer(tmp.baseAddress!)
                var done = 0
                while done < count {
                    let n = min(a8Chunk, count - done)
                    shadeSpan(base, x: x + done, y: y, count: n, alongColumn: false, bgra: false, dither: dither)
                    for i in 0 ..< n { (dst + done + i).storeBytes(of: UInt8(truncatingIfNeeded: tmp[i] >> 24), as: UInt8.self) }
                    done += n
                }
            }
        }
    }

    /// Shades `count` 32-bit pixels starting at pixel (x, y), stepping along the row or the
    /// column, into `dst` (any alignment). Dither applies to row spans only.
    func shadeSpan(_ dst: UnsafeMutableRawPointer, x: Int, y: Int, count: Int, alongColumn: Bool,
                   bgra: Bool, dither: Bool) {
        if count <= 0 { return }
        let X = Double(x) + 0.5, Y = Double(y) + 0.5
        let (sx, sy): (Double, Double) = alongColumn ? (0, 1) : (1, 0)
        let d = dither && !alongColumn ? ditherLanes(x0: x, y: y) : F32x8()
        let span = SpanTarget(dst: dst, count: count, dither: d, dithered: dither && !alongColumn, bgra: bgra)
        switch geometry {
        case let .linear(a, b, c):
            span.run(LinearStage(t0: Float(a * X + b * Y + c), dt: Float(a * sx + b * sy)), program: self)
        case let .radial(c0, cd, r0, dr):
            let p = inverse.apply(Point(X, Y))
            let i = inverse
            let aa = cd.x * cd.x + cd.y * cd.y - dr * dr
            span.run(RadialStage(px0: Float(p.x - c0.x), py0: Float(p.y - c0.y),
                                 dpx: Float(i.a * sx + i.c * sy), dpy: Float(i.b * sx + i.d * sy),
                                 cdx: Float(cd.x), cdy: Float(cd.y), r0: Float(r0), dr: Float(dr),
                                 r0dr: Float(r0 * dr), r0sq: Float(r0 * r0), a: Float(aa),
                                 invA: aa == 0 ? .infinity : Float(1 / aa)), program: self)
        case let .conic(center, turns):
            let p = inverse.apply(Point(X, Y))
            let i = inverse
            span.run(ConicStage(dx0: Float(p.x - center.x), dy0: Float(p.y - center.y),
                                ddx: Float(i.a * sx + i.c * sy), ddy: Float(i.b * sx + i.d * sy),
                                startTurns: Float(turns)), program: self)
        case .empty:
            setBytes(dst, 0, count * 4)
        }
    }
}

/// One span's destination and per-span constants; its `run` methods pick the specialisation.
struct SpanTarget {
    let dst: UnsafeMutableRawPointer
    let count: Int
    let dither: F32x8
    let dithered: Bool
    let bgra: Bool

    func run<G: GeometryStage>(_ g: G, program: GradientProgram) {
        switch program.isConic ? nil : program.spread {
        case nil: run(g, WrappedStage.self, program)
        case .pad?: run(g, PadStage.self, program)
        case .repeat?: run(g, RepeatStage.self, program)
        case .reflect?: run(g, ReflectStage.self, program)
        }
    }

    private func run<G: GeometryStage, S: SpreadStage>(_ g: G, _ s: S.Type, _ program: GradientProgram) {
        switch program.ramp {
        case let .pieces(p):
            let ordered = bgra ? p.swappingRedBlue() : p
            if ordered.count == 1 {
                run(g, s, SinglePieceStage(base: ordered.bases.0, slope: ordered.slopes.0))
            } else {
                run(g, s, PiecewiseStage(ramp: ordered))
            }
        case let .table(table):
            let t32 = bgra ? table.bgra : table.rgba
            let t64 = bgra ? table.bgra88 : table.rgba88
            t32.withUnsafeBufferPointer { p32 in
                t64.withUnsafeBufferPointer { p64 in
                    run(g, s, TableStage(table: p32.baseAddress!, table88: p64.baseAddress!))
                }
            }
        }
    }

    private func run<G: GeometryStage, S: SpreadStage, R: RampStage>(_ g: G, _ s: S.Type, _ r: R) {
        if dithered { loop(g, s, r, DitherOn.self) } else { loop(g, s, r, DitherOff.self) }
    }

    /// The hot loop: eight pixels per iteration, then one partial vector for the tail.
    private func loop<G: GeometryStage, S: SpreadStage, R: RampStage, D: DitherMode>(
        _ g: G, _: S.Type, _ r: R, _ d: D.Type
    ) {
        // The lane positions are carried as floats (exact below 2^24) rather than converted
        // from the integer counter every iteration.
        @inline(__always) func shade(_ k: F32x8) -> U32x8 {
            let (t, painted) = g.t(at: k)
            let px = r.pixels(S.apply(t), dither: dither, D.self)
            return G.canBeEmpty ? px & painted : px
        }
        var k = laneIndices
        let eight = F32x8(repeating: 8)
        var i = 0
        while i &+ 8 <= count {
            dst.storeBytes(of: shade(k), toByteOffset: i &* 4, as: U32x8.self)
            k += eight
            i &+= 8
        }
        if i < count {
            let px = shade(k)
            for j in 0 ..< count &- i {
                dst.storeBytes(of: px[j], toByteOffset: (i &+ j) &* 4, as: UInt32.self)
            }
        }
    }
}

extension PiecewiseRamp {
    /// The same ramp with channels 0 and 2 exchanged, for B, G, R, A memory order.
    func swappingRedBlue() -> PiecewiseRamp {
        var r = self
        r.bases = (bases.0.redBlueSwapped, bases.1.redBlueSwapped, bases.2.redBlueSwapped, bases.3.redBlueSwapped)
        r.slopes = (slopes.0.redBlueSwapped, slopes.1.redBlueSwapped, slopes.2.redBlueSwapped, slopes.3.redBlueSwapped)
        return r
    }
}
