import CSheenSIMD
import SheenRaster

/// One sourceOver job through component-alpha coverage (CSheenSIMD.h: a job's componentAlpha),
/// replayable from its parameters: ComponentAlphaTests draws them at random and the compositing
/// fuzzer (Fuzz/sheen-fuzz) decodes them from bytes. `check(levels:)` holds each level to the
/// reference twin, the twin to the formula written out here, and every level to its rows.
public struct ComponentAlphaCase: CustomStringConvertible {
    /// The job's size in pixels and the destination's (and paint's) format.
    public let width: Int, height: Int
    public let format: PixelFormat
    /// 0: solid colour; 1: paint rows as they are; 2: rows in the other byte order; 3: rows whose
    /// fourth byte is padding (read as 255) — the last two through the entry's row walker.
    public let paintKind: Int
    /// The colour of paint kind 0.
    public let solid: UInt32
    /// The job's fenced buffers: destination, paint rows and coverage (4 bytes a pixel).
    public let destination: FencedBuffer, paint: FencedBuffer, coverage: FencedBuffer
    /// Channels whose coverage is neither 0 nor 255.
    public private(set) var mixedChannels = 0

    /// A case of `width` × `height` (0…, 1…) pixels of `format`, the rows of all three buffers
    /// against `guardPages` (or, with none, `padding` bytes apart from a base `misalignment` bytes
    /// off 64), paint of `paintKind`, pixels from `rng`: valid premultiplied paint and destination,
    /// coverage bytes in runs of all 0, all 255 and mixed, so that blocks of every class
    /// (CompositeCoverage.h's classify) and partial tails of each meet.
    public init(width: Int, height: Int, format: PixelFormat, guardPages: FencedBuffer.GuardPages, padding: Int, misalignment: Int,
                paintKind: Int, using rng: inout SeededGenerator) {
        self.width = width; self.height = height; self.format = format; self.paintKind = paintKind
        let padding = guardPages == .none ? padding : 0, misalignment = guardPages == .none ? misalignment : 0
        destination = FencedBuffer(width: width, height: height, format: format, padding: padding, misalignment: misalignment,
                                   guardPages: guardPages)
        paint = FencedBuffer(width: width, height: height, format: format, padding: padding, guardPages: guardPages)
        coverage = FencedBuffer(width: width, height: height, format: format, misalignment: misalignment, guardPages: guardPages)
        solid = Self.premultiplied(&rng)
        for y in 0 ..< height {
            let d = destination.buffer.row(y), p = paint.buffer.row(y), m = coverage.buffer.row(y)
            var run = 0, kind = 0
            for i in 0 ..< width {
                if run == 0 { run = Int.random(in: 1 ... 12, using: &rng); kind = Int.random(in: 0 ... 2, using: &rng) }
                run -= 1
                d.storeBytes(of: Self.premultiplied(&rng), toByteOffset: 4 * i, as: UInt32.self)
                var v = Self.premultiplied(&rng)
                // Padding of any value where the paint's fourth byte is padding.
                if paintKind == 3 { v = v & 0x00FF_FFFF | UInt32.random(in: 0 ... 255, using: &rng) << 24 }
                p.storeBytes(of: v, toByteOffset: 4 * i, as: UInt32.self)
                for c in 0 ..< 4 {
                    let byte: UInt8 = kind == 0 ? 0 : kind == 1 ? 255 : UInt8.random(in: 0 ... 255, using: &rng)
                    if byte != 0 && byte != 255 { mixedChannels += 1 }
                    m.storeBytes(of: byte, toByteOffset: 4 * i + c, as: UInt8.self)
                }
            }
        }
    }

    /// The `n`th case of ComponentAlphaTests' sequence: widths 0…70 (every tail at every level),
    /// 1–3 rows, each paint kind, both byte orders, guard pages after and before or padded rows.
    public init(_ n: Int, using rng: inout SeededGenerator) {
        self.init(width: n % 71, height: 1 + n % 3, format: n % 2 == 0 ? .rgba8Premultiplied : .bgra8Premultiplied,
                  guardPages: [.none, .afterRows, .beforeRows][n % 3], padding: n % 9, misalignment: n % 4,
                  paintKind: n / 3 % 4, using: &rng)
    }

    /// A case from fuzz input `bytes`: its size (widths up to 300), format, paint kind and row
    /// placement from the first bytes, its pixels from a generator seeded by the rest.
    public init(fuzzInput bytes: [UInt8]) {
        func b(_ i: Int) -> UInt8 { i < bytes.count ? bytes[i] : 0 }
        var rng = SeededGenerator(seed: bytes.dropFirst(6).reduce(UInt64(0x9E37_79B9)) { $0 &* 0x100_0000_01B3 ^ UInt64($1) })
        self.init(width: (Int(b(0)) | Int(b(1)) << 8) % 301, height: 1 + Int(b(2)) % 6,
                  format: b(3) & 1 == 0 ? .rgba8Premultiplied : .bgra8Premultiplied, guardPages: FencedBuffer.GuardPages(fuzzByte: b(4)),
                  padding: Int(b(4)) % 17, misalignment: Int(b(5)) % 64, paintKind: Int(b(3) >> 1) % 4, using: &rng)
    }

    /// A valid premultiplied pixel (each colour byte at most the alpha byte, the fourth).
    public static func premultiplied(_ rng: inout SeededGenerator) -> UInt32 {
        let a = UInt32.random(in: 0 ... 255, using: &rng)
        return (0 ..< 3).reduce(a << 24) { v, c in v | UInt32.random(in: 0 ... a, using: &rng) << (8 * c) }
    }

    public var description: String { "component alpha \(width) × \(height) \(format), paint kind \(paintKind)" }

    /// The job onto `into` (a copy of the destination).
    public func job(onto into: FencedBuffer) -> SheenCompositeJob {
        var job = SheenCompositeJob(op: .sourceOver, format: format, dst: into.buffer.base, dstStride: into.bytesPerRow,
                                    width: width, height: height)
        job.mask = UnsafePointer(coverage.buffer.base.assumingMemoryBound(to: UInt8.self))
        job.maskStride = coverage.bytesPerRow
        job.componentAlpha = 1
        if paintKind == 0 {
            job.solid = solid
        } else {
            job.paint = UnsafeRawPointer(paint.buffer.base)
            job.paintStride = paint.bytesPerRow
            job.paintConversion = UInt32([SHEEN_PAINT_AS_IS, SHEEN_PAINT_AS_IS, SHEEN_PAINT_SWAP_RED_BLUE, SHEEN_PAINT_OPAQUE][paintKind])
        }
        return job
    }

    /// A copy of the destination and whether the job ran at `level` on it.
    func drawn(at level: SIMDLevel) -> (FencedBuffer, ran: Bool) {
        let out = destination.copy()
        var job = job(onto: out)
        let ran = job.run(at: level)
        return (out, ran)
    }

    /// Channel `c` (byte order) of the paint of pixel `i` of row `y`, as the job reads it.
    func paintByte(_ y: Int, _ i: Int, _ c: Int) -> Int {
        let v = paintKind == 0 ? solid : paint.buffer.row(y).loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)
        let conversion = paintKind == 2 ? UInt32(SHEEN_PAINT_SWAP_RED_BLUE) : paintKind == 3 ? UInt32(SHEEN_PAINT_OPAQUE) : 0
        return Int(sheen_paint_converted(v, conversion) >> (8 * c) & 0xFF)
    }

    /// Every disagreement: the reference twin against, per channel, round((s·m + d·(255 − m))/255)
    /// for opaque paint, else min(255, round(s·m/255) + round(d·(255 − round(sa·m/255))/255)),
    /// computed here; each of `levels` against the twin, byte for byte; bytes written outside the
    /// rows. Empty: it passed.
    public func check(levels: [SIMDLevel]) -> [String] {
        var problems: [String] = []
        let (want, ran) = drawn(at: .reference)
        if !ran { return ["the twin refused the job"] }
        func r(_ n: Int) -> Int { (2 * n + 255) / 510 }
        for y in 0 ..< height {
            let d = destination.buffer.row(y), m = coverage.buffer.row(y), w = want.buffer.row(y)
            for i in 0 ..< width {
                let sa = paintByte(y, i, 3)
                for ch in 0 ..< 4 where problems.count < 8 {
                    let s = paintByte(y, i, ch), cov = Int(m.load(fromByteOffset: 4 * i + ch, as: UInt8.self))
                    let dv = Int(d.load(fromByteOffset: 4 * i + ch, as: UInt8.self))
                    let v = sa == 255 ? r(s * cov + dv * (255 - cov)) : min(255, r(s * cov) + r(dv * (255 - r(sa * cov))))
                    let got = Int(w.load(fromByteOffset: 4 * i + ch, as: UInt8.self))
                    if got != v { problems.append("twin: row \(y) pixel \(i) channel \(ch): \(got), formula \(v)") }
                }
            }
        }
        for level in levels where level != .reference {
            let (got, ran) = drawn(at: level)
            if !ran { problems.append("\(level): refused") } else if !got.sameBytes(as: want) { problems.append("\(level): differs from the twin") }
            if got.fenceViolations != 0 { problems.append("\(level): \(got.fenceViolations) bytes written outside the rows") }
        }
        return problems
    }
}
