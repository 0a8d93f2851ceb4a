// Turns a compositing job's paint into one span per destination row, in the destination's
// format: solid colours stay one value; gradients are shaded per row — once for the whole job
// when constant along columns, one colour per row when constant along rows; images are read in
// place when their format matches and converted into a scratch row when it does not (byte order,
// or alpha for A8 destinations); patterns repeat their strip.

struct PaintRows {
    let job: CompositeJob
    let scratch: UnsafeMutableRawPointer
    let level: SIMDLevel
    /// True once `scratch` holds a row every later row reuses.
    private(set) var reusable = false

    init(job: CompositeJob, scratch: UnsafeMutableRawPointer, level: SIMDLevel) {
        self.job = job; self.scratch = scratch; self.level = level
    }

    private var format: PixelFormat { job.destination.format }
    private var region: PixelRect { job.region }

    /// The paint of region row y.
    mutating func span(y: Int) -> SpanPaint {
        if reusable { return .row(UnsafeRawPointer(scratch)) }
        switch job.source {
        case let .solid(v):
            return .solid(v)
        case let .gradient(fill):
            return gradientSpan(fill, y: y)
        case let .image(image, ix, iy):
            let row = image.row(y - iy) + (region.x - ix) * image.format.bytesPerPixel
            if image.format == format { return .row(row) }
            for i in 0 ..< region.width {
                let v = image.format == .a8 ? UInt32(row.load(fromByteOffset: i, as: UInt8.self))
                    : row.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)
                store(convert(v, from: image.format), at: i)
            }
            return .row(UnsafeRawPointer(scratch))
        case let .pattern(pattern):
            switch pattern.axis {
            case .column:
                return .solid(convert(pattern.entry(y % pattern.length), from: pattern.format))
            case .row:
                for i in 0 ..< region.width {
                    store(convert(pattern.entry((region.x + i) % pattern.length), from: pattern.format), at: i)
                }
                reusable = true
                return .row(UnsafeRawPointer(scratch))
            }
        }
    }

    private mutating func gradientSpan(_ fill: GradientFill, y: Int) -> SpanPaint {
        let program = fill.program
        let bgra = format == .bgra8Premultiplied
        switch program.structure(width: region.width, height: region.height) {
        case .vertical where !program.dither:
            var px: UInt32 = 0
            program.shade(&px, stride: 4, x: region.x, y: y, width: 1, height: 1, bytesPerPixel: 4, bgra: bgra,
                          dither: false, level: level)
            return .solid(format == .a8 ? px >> 24 : px)
        case .horizontal where !program.dither:
            reusable = true
        default:
            break
        }
        program.shade(scratch, stride: 0, x: region.x, y: y, width: region.width, height: 1,
                      bytesPerPixel: format.bytesPerPixel, bgra: bgra, dither: program.dither, level: level)
        return .row(UnsafeRawPointer(scratch))
    }

    /// A 32-bit pixel or A8 value stored in `from` format, converted to the destination's.
    private func convert(_ v: UInt32, from source: PixelFormat) -> UInt32 {
        if source == format { return v }
        if format == .a8 { return v >> 24 }
        return redBlueSwapped(v) // the other 32-bit byte order (A8 sources are refused for colour)
    }

    private func store(_ v: UInt32, at i: Int) {
        if format == .a8 {
            scratch.storeBytes(of: UInt8(truncatingIfNeeded: v), toByteOffset: i, as: UInt8.self)
        } else {
            scratch.storeBytes(of: v, toByteOffset: 4 * i, as: UInt32.self)
        }
    }
}
