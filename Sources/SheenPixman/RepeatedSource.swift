// A bits source that repeats (pixman's repeat normal, pad or reflect) past its edges over a
// rectangle of the destination, drawn by the same composite jobs as any image source, cut where
// the repeat turns:
// - a source one pixel wide (the 1-pixel pattern: a gradient strip repeated across) is one
//   colour a row, a paint column — one job;
// - where the rectangle's columns fall on consecutive source columns, the rows are runs of
//   consecutive source rows read in place (a run a period long under normal; one row read again,
//   stride 0, past pad's edges; rows read backwards, a negative stride, in reflect's mirrored
//   periods) — a job a run;
// - otherwise each needed source row is first written out across the rectangle's width into
//   scratch memory (a period copied, then doubled), and the rows run over that as above.

import CSheenPixman
import CSheenSIMD
import SheenRaster

/// A repeating bits source placed over one rectangle of the destination: the rectangle's pixel
/// (x, y) reads source pixel (wrap(x + dx), wrap(y + dy)).
struct RepeatedSource {
    let format: PixmanFormat
    let data: UnsafeMutableRawPointer
    let width: Int, height: Int, stride: Int
    let dx: Int, dy: Int
    /// SHEEN_PIXMAN_REPEAT_NORMAL, _PAD or _REFLECT.
    let mode: UInt32

    /// The largest scratch (bytes) a rectangle's source rows are written out into at once; past
    /// it, rows are written out in bands.
    private static let scratchLimit = 1 << 20

    /// A run of `count` destination rows whose paint rows start at source row `row` and step by
    /// `step` source rows (1, 0 or −1).
    private struct Run { let row: Int, step: Int, count: Int }

    /// The runs of source rows for `count` destination rows from source row `from` (unwrapped),
    /// over a source of `size` rows.
    private func runs(from: Int, count: Int, size: Int) -> [Run] {
        var out: [Run] = []
        var v = from, left = count
        while left > 0 {
            let run: Run
            switch Int(mode) {
            case Int(SHEEN_PIXMAN_REPEAT_PAD):
                if size == 1 || v < 0 && -v >= left || v >= size { run = Run(row: min(max(v, 0), size - 1), step: 0, count: left) }
                else if v < 0 { run = Run(row: 0, step: 0, count: -v) }
                else { run = Run(row: v, step: 1, count: min(size - v, left)) }
            case Int(SHEEN_PIXMAN_REPEAT_REFLECT):
                let m = ((v % (2 * size)) + 2 * size) % (2 * size)
                if size == 1 { run = Run(row: 0, step: 0, count: left) }
                else if m < size { run = Run(row: m, step: 1, count: min(size - m, left)) }
                else { run = Run(row: 2 * size - 1 - m, step: -1, count: min(2 * size - m, left)) }
            default:
                let m = ((v % size) + size) % size
                run = size == 1 ? Run(row: 0, step: 0, count: left) : Run(row: m, step: 1, count: min(size - m, left))
            }
            out.append(run)
            v += run.count; left -= run.count
        }
        return out
    }

    /// The source column of destination column offset `x` (unwrapped source column `x + dx`).
    private func column(_ v: Int) -> Int {
        switch Int(mode) {
        case Int(SHEEN_PIXMAN_REPEAT_PAD): return min(max(v, 0), width - 1)
        case Int(SHEEN_PIXMAN_REPEAT_REFLECT):
            let m = ((v % (2 * width)) + 2 * width) % (2 * width)
            return m < width ? m : 2 * width - 1 - m
        default: return ((v % width) + width) % width
        }
    }

    /// The pixel format's bytes a pixel.
    private var bpp: Int { format.sheenFormat.bytesPerPixel }

    /// Writes source row `row`'s pixels for the rectangle's first `count` columns to `out`: the
    /// first period (or run up to an edge) pixel by pixel, the rest copied from what is written,
    /// doubling. (No local function captures a variable here: see CompositeCall's clip boxes.)
    private func writeOut(row: Int, count: Int, to out: UnsafeMutableRawPointer) {
        let source = data + row * stride, bpp = self.bpp
        let v0 = dx
        if mode == UInt32(SHEEN_PIXMAN_REPEAT_PAD) {
            // Left of the image: its first column; over it: its pixels; right: its last column.
            let left = min(max(-v0, 0), count)
            if left > 0 { Self.spread(source, into: out, from: 0, to: left, bpp: bpp) }
            let inside = min(max(width - max(v0, 0), 0), count - left)
            if inside > 0 { (out + left * bpp).copyMemory(from: source + max(v0, 0) * bpp, byteCount: inside * bpp) }
            if left + inside < count { Self.spread(source + (width - 1) * bpp, into: out, from: left + inside, to: count, bpp: bpp) }
            return
        }
        let period = mode == UInt32(SHEEN_PIXMAN_REPEAT_REFLECT) ? 2 * width : width
        let first = min(period, count)
        for x in 0 ..< first { (out + x * bpp).copyMemory(from: source + column(v0 + x) * bpp, byteCount: bpp) }
        Self.double(out, start: 0, written: first, end: count, bpp: bpp)
    }

    /// Writes `pixel` to out[start ..< end].
    private static func spread(_ pixel: UnsafeRawPointer, into out: UnsafeMutableRawPointer, from start: Int, to end: Int, bpp: Int) {
        (out + start * bpp).copyMemory(from: pixel, byteCount: bpp)
        double(out, start: start, written: start + 1, end: end, bpp: bpp)
    }

    /// Repeats out[start ..< written] (a whole number of periods) until `end`.
    private static func double(_ out: UnsafeMutableRawPointer, start: Int, written: Int, end: Int, bpp: Int) {
        var x = written
        while x < end {
            let n = min(x - start, end - x)
            (out + x * bpp).copyMemory(from: out + start * bpp, byteCount: n * bpp)
            x += n
        }
    }

    /// Whether the jobs `draw` makes of `job` have kernel paths: an image paint's and a paint
    /// column's (the pointers are only looked at, never read).
    func hasPaths(_ job: SheenCompositeJob) -> Bool {
        var probe = job
        probe.paint = UnsafeRawPointer(data)
        guard probe.hasCompositePath else { return false }
        probe.paint = nil
        probe.paintColumn = UnsafePointer(bitPattern: 8)
        return probe.hasCompositePath
    }

    /// Draws this source over the rectangle `job` covers (its dst, mask, width and height set for
    /// the rectangle, its paint conversion for this source's format) at `level`, by jobs whose
    /// paths `hasPaths` has checked.
    func draw(_ job: SheenCompositeJob, at level: SIMDLevel) {
        let rows = job.height, columns = job.width
        let sx = dx, sy = dy

        func runJobs(over tile: UnsafeRawPointer, tileStride: Int, runs: [Run]) {
            var y = 0
            for run in runs {
                var part = job
                part.dst = job.dst + y * job.dstStride
                if let mask = job.mask { part.mask = mask + y * job.maskStride }
                part.height = run.count
                part.paint = tile + run.row * tileStride
                part.paintStride = run.step * tileStride
                _ = part.run(at: level)
                y += run.count
            }
        }

        if width == 1 {
            // One colour a row.
            let conversion = job.paintConversion
            var colours = [UInt32](repeating: 0, count: rows)
            var y = 0
            for run in runs(from: sy, count: rows, size: height) {
                for i in 0 ..< run.count {
                    let p = data + (run.row + run.step * i) * stride
                    let v = format == .a8 ? UInt32(p.load(as: UInt8.self)) << 24 : p.load(as: UInt32.self)
                    colours[y] = format == .a8 ? (job.bytesPerPixel == 1 ? v >> 24 : v) : sheen_paint_converted(v, conversion)
                    y += 1
                }
            }
            colours.withUnsafeBufferPointer { column in
                var part = job
                part.paint = nil
                part.paintColumn = column.baseAddress
                part.paintConversion = UInt32(SHEEN_PAINT_AS_IS)
                _ = part.run(at: level)
            }
            return
        }

        let first = sx, last = sx + columns - 1
        let inPlace: Bool
        switch Int(mode) {
        case Int(SHEEN_PIXMAN_REPEAT_PAD): inPlace = first >= 0 && last < width
        case Int(SHEEN_PIXMAN_REPEAT_REFLECT):
            let m = ((first % (2 * width)) + 2 * width) % (2 * width)
            inPlace = m + columns <= width
        default: inPlace = (first - (((first % width) + width) % width)) == (last - (((last % width) + width) % width))
        }
        if inPlace {
            runJobs(over: UnsafeRawPointer(data + column(first) * bpp), tileStride: stride, runs: runs(from: sy, count: rows, size: height))
            return
        }

        // Written out: every source row at once when that is small and the rows repeat, else
        // the destination's rows in bands.
        let rowBytes = columns * bpp
        if height <= rows && height * rowBytes <= RepeatedSource.scratchLimit {
            let tile = UnsafeMutableRawPointer.allocate(byteCount: height * rowBytes, alignment: 64)
            defer { tile.deallocate() }
            for row in 0 ..< height { writeOut(row: row, count: columns, to: tile + row * rowBytes) }
            runJobs(over: UnsafeRawPointer(tile), tileStride: rowBytes, runs: runs(from: sy, count: rows, size: height))
            return
        }
        let band = max(1, min(rows, RepeatedSource.scratchLimit / rowBytes))
        let scratch = UnsafeMutableRawPointer.allocate(byteCount: band * rowBytes, alignment: 64)
        defer { scratch.deallocate() }
        var y = 0
        while y < rows {
            let count = min(band, rows - y)
            var i = 0
            for run in runs(from: sy + y, count: count, size: height) {
                for k in 0 ..< run.count { writeOut(row: run.row + run.step * k, count: columns, to: scratch + (i + k) * rowBytes) }
                i += run.count
            }
            var part = job
            part.dst = job.dst + y * job.dstStride
            if let mask = job.mask { part.mask = mask + y * job.maskStride }
            part.height = count
            part.paint = UnsafeRawPointer(scratch)
            part.paintStride = rowBytes
            _ = part.run(at: level)
            y += count
        }
    }
}
