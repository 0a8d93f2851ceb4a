import SheenPNG
import SheenRaster
import SheenTestSupport

/// One raster fuzz input. Byte 0 picks the kernel (mod 6): 0 blur (blur_convolution or
/// blur_strip by σ), 1 a gradient fill (gradient_span, and fill_rows and copy_rows where rows
/// repeat) followed by a 1-pixel pattern of it where it is linear (a column pattern is fill_rows,
/// a row pattern copy_rows), 2 PNG decoding, 3 the premultiplied check (check_premultiplied), 4
/// bilinear sampling (sample_bilinear), 5 convolution sampling (sample_convolution). With a kernel to focus on (`FuzzReplay.kernel`),
/// byte 0 is ignored and the pattern's axis is the kernel's.
/// Numbers come one byte each from `Bytes`: below 240 an ordinary value, 240…255 one of the
/// extremes (NaN, ±∞, 1e300, the limits ±1), so every validation path is a byte away.
///
/// Invariants: no crash or memory error; fences intact; a throw leaves the destination as it
/// was; a blur and a gradient fill each equal their scalar twin (the reference level) bit for bit
/// at every other level this CPU runs (simd128, avx2, avx512: `comparedLevels`);
/// blurred premultiplied pixels stay valid (colour ≤ alpha); the premultiplied check finds the
/// first pixel a plain search finds, at every level, reading and writing nothing outside the rows;
/// bilinear sampling writes the twin's bytes at every level, or throws at every level and writes
/// nothing, and reads nothing outside its image.
struct RasterFuzzCase: CustomStringConvertible {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    static let extremes: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, .greatestFiniteMagnitude, .leastNonzeroMagnitude,
                                     -0.0, 1e-300, 256, 256.0000001, 0.25, 0.2499999, 3, 3.0000001, 9_007_199_254_740_992]

    /// Reads the input one value at a time (0 past the end).
    struct Reader {
        let bytes: [UInt8]
        var index: Int
        mutating func byte() -> UInt8 {
            defer { index += 1 }
            return index < bytes.count ? bytes[index] : 0
        }
        /// An ordinary value in `range` or, for bytes 240…255, an extreme.
        mutating func number(_ range: ClosedRange<Double>) -> Double {
            let b = byte()
            if b >= 240 { return RasterFuzzCase.extremes[Int(b) - 240] }
            return range.lowerBound + (range.upperBound - range.lowerBound) * Double(b) / 239
        }
        mutating func format() -> PixelFormat { PixelFormat.allCases[Int(byte()) % 3] }
    }

    /// The kernels this harness fuzzes (`Scripts/fuzz.sh --kernel NAME` finds a kernel's harness here).
    static let kernels = ["gradient_span", "blur_convolution", "blur_strip", "fill_rows", "copy_rows", "check_premultiplied",
                          "sample_bilinear", "sample_convolution"]

    var kind: Int {
        switch FuzzReplay.kernel {
        case "blur_convolution", "blur_strip": return 0
        case "gradient_span", "fill_rows", "copy_rows": return 1
        case "check_premultiplied": return 3
        case "sample_bilinear": return 4
        case "sample_convolution": return 5
        default: return Int(bytes.first ?? 0) % 6
        }
    }

    func check() -> String? {
        var reader = Reader(bytes: bytes, index: 1)
        switch kind {
        case 0: return checkBlur(&reader)
        case 1: return checkGradient(&reader)
        case 2: return checkPNG()
        case 3: return checkPremultiplied(&reader)
        case 4: return checkSampling(&reader)
        default: return checkConvolution(&reader)
        }
    }

    /// A fenced buffer of pseudo-random premultiplied-valid content from the input.
    func buffer(_ reader: inout Reader, width: Int, height: Int, format: PixelFormat) -> FencedBuffer {
        // The misalignment byte's top two bits put the rows against unmapped pages: none, none,
        // after each row, before each row (a kernel reading outside its rows then faults).
        let padding = Int(reader.byte() % 9), placement = reader.byte(), misalignment = Int(placement % 4)
        let fenced = FencedBuffer(width: width, height: height, format: format, padding: padding, misalignment: misalignment, fill: 0,
                                  guardPages: FencedBuffer.GuardPages(fuzzByte: placement))
        var rng = SeededGenerator(seed: UInt64(reader.byte()) | UInt64(reader.byte()) << 8)
        for y in 0 ..< height {
            for x in 0 ..< width {
                let bits = rng.next()
                let v = UInt8(truncatingIfNeeded: bits >> 56)
                let row = fenced.buffer.row(y)
                if format == .a8 {
                    row.storeBytes(of: v, toByteOffset: x, as: UInt8.self)
                } else {
                    // Blocks of shared alpha make edges, which is where blurs and rounding go wrong.
                    let a: UInt8 = (x / 7 + y / 5) % 3 == 0 ? 0 : v | 0x0F
                    for c in 0 ..< 3 { row.storeBytes(of: UInt8(truncatingIfNeeded: (bits >> (8 * UInt64(c))) % (UInt64(a) + 1)), toByteOffset: 4 * x + c, as: UInt8.self) }
                    row.storeBytes(of: a, toByteOffset: 4 * x + 3, as: UInt8.self)
                }
            }
        }
        return fenced
    }

    func checkBlur(_ reader: inout Reader) -> String? {
        let sx = reader.number(0 ... 40), sy = reader.number(0 ... 40)
        let edges: BlurEdges = reader.byte() & 1 == 0 ? .transparent : .clamp
        let format = reader.format()
        let width = Int(reader.byte() % 70), height = Int(reader.byte() % 40), threads = 1 + Int(reader.byte() % 3)
        let content = reader
        guard let blur = try? GaussianBlur(sigmaX: sx, sigmaY: sy, edges: edges) else { return nil }
        if let kernel = FuzzReplay.kernel, blur.kernel != kernel { return nil }
        return everyLevel(content, width: width, height: height, format: format, what: "blur σ \(sx)×\(sy) \(edges)",
                          reference: { try blur.apply(in: $0) }, level: { try blur.apply(in: $0, threads: threads) }) { fenced, level in
            guard format != .a8 else { return nil }
            for y in 0 ..< height {
                for x in 0 ..< width {
                    let p = fenced.rgba(x: x, y: y)
                    if p.x > p.w || p.y > p.w || p.z > p.w { return "blur made an invalid premultiplied pixel \(p) at (\(x), \(y)) at \(level)" }
                }
            }
            return nil
        }
    }

    /// Runs an operation on the input's content (`content`, read into a fenced buffer once, each
    /// run on a copy of it) at the reference level, then with `level` at every other level this
    /// CPU runs: each must refuse what the reference refuses and nothing else, leave the buffer
    /// untouched when it refuses, write nothing outside it, and equal the reference bit for bit;
    /// `extra` checks more of each level's result. `what` is described only for a problem.
    func everyLevel(_ content: Reader, width: Int, height: Int, format: PixelFormat, what: @autoclosure () -> String,
                    reference: (RasterBuffer) throws -> Void, level run: (RasterBuffer) throws -> Void,
                    extra: (FencedBuffer, SIMDLevel) -> String? = { _, _ in nil }) -> String? {
        var reader = content
        let start = buffer(&reader, width: width, height: height, format: format)
        let twin = start.copy()
        var refused = false
        do {
            try Kernels.withLevel(.reference) { try reference(twin.buffer) }
        } catch {
            if !twin.sameBytes(as: start) { return "\(what()): the reference level threw after writing: \(error)" }
            refused = true
        }
        for level in comparedLevels {
            let fenced = start.copy()
            do {
                try Kernels.withLevel(level) { try run(fenced.buffer) }
                if refused { return "\(what()): \(level) drew what the reference refused" }
            } catch {
                if !fenced.sameBytes(as: start) { return "\(what()) threw after writing at \(level): \(error)" }
                if refused { continue }
                return "\(what()): \(level) threw where the reference did not: \(error)"
            }
            if fenced.fenceViolations != 0 { return "\(what()) wrote outside the buffer at \(level)" }
            if !fenced.sameBytes(as: twin) {
                for y in 0 ..< height {
                    for x in 0 ..< width where fenced.pixel(x: x, y: y) != twin.pixel(x: x, y: y) {
                        return "\(what()) \(format) \(width)×\(height) at \(level): (\(x), \(y)) is \(fenced.pixel(x: x, y: y)), its twin \(twin.pixel(x: x, y: y))"
                    }
                }
            }
            if let problem = extra(fenced, level) { return problem }
        }
        return nil
    }

    func checkGradient(_ reader: inout Reader) -> String? {
        let stopCount = Int(reader.byte() % 6)
        var stops: [GradientStop] = []
        for _ in 0 ..< stopCount {
            let offset = reader.number(-0.2 ... 1.2)
            let rgba = (0 ..< 4).map { _ in Float(reader.byte()) / 255 }
            stops.append(GradientStop(offset, Color(red: rgba[0], green: rgba[1], blue: rgba[2], alpha: rgba[3])))
        }
        // Any kind of the shape table, its numbers by role: a shape added to the table is fuzzed too.
        let kinds = GradientShape.Kind.listed
        let kind = kinds[Int(reader.byte()) % kinds.count].value
        var numbers: [Double] = []
        for p in kind.parameters {
            switch p.role {
            case .point: numbers += [reader.number(-50 ... 100), reader.number(-50 ... 100)]
            case .length: numbers.append(reader.number(0 ... 80))
            case .angle: numbers.append(reader.number(-7 ... 7))
            }
        }
        guard let shape = try? GradientShape(kind: kind, numbers: numbers) else { return "\(kind) refused its own count of numbers" }
        var gradient = Gradient(shape: shape, stops: stops, spread: GradientSpread.allCases[Int(reader.byte()) % 3],
                                space: ColorSpace.allCases[Int(reader.byte()) % 3],
                                alphaInterpolation: AlphaInterpolation.allCases[Int(reader.byte()) % 2])
        if reader.byte() & 1 == 1 {
            gradient.transform = Matrix2D(a: reader.number(-3 ... 3), b: reader.number(-3 ... 3), c: reader.number(-3 ... 3),
                                                 d: reader.number(-3 ... 3), tx: reader.number(-40 ... 40), ty: reader.number(-40 ... 40))
        }
        gradient.dither = reader.byte() & 1 == 1
        let format = reader.format()
        let width = Int(reader.byte() % 90), height = Int(reader.byte() % 30)
        let rect = PixelRect(x: Int(reader.byte() % 40) - 20, y: Int(reader.byte() % 20) - 10,
                             width: Int(reader.byte() % 120) - 10, height: Int(reader.byte() % 50) - 5)
        let axisByte = reader.byte(), length = 1 + Int(reader.byte() % 130)
        let content = reader
        guard let fill = try? GradientFill(gradient) else { return nil }
        if let problem = everyLevel(content, width: width, height: height, format: format, what: "\(gradient) rect \(rect)",
                                    reference: { try fill.fill($0, rect: rect) }, level: { try fill.fill($0, rect: rect) }) {
            return problem
        }
        // The 1-pixel pattern of a linear gradient, baked at the reference level and repeated at
        // every level: a column pattern fills each row with one value (fill_rows), a row pattern
        // copies its one row (copy_rows).
        guard case .linear = shape, format != .a8 else { return nil }
        let axis: GradientPattern.Axis = switch FuzzReplay.kernel {
        case "fill_rows": .column
        case "copy_rows": .row
        default: axisByte & 1 == 0 ? .column : .row
        }
        guard let pattern = try? Kernels.withLevel(.reference, { try GradientPattern(fill, axis: axis, length: length, format: format) })
        else { return nil }
        return everyLevel(content, width: width, height: height, format: format, what: "\(axis) pattern of \(gradient), \(length) px",
                          reference: { try pattern.fill($0) }, level: { try pattern.fill($0) })
    }

    /// PNG decoding of the input's remaining bytes: it throws or returns an image within the
    /// limit asked for whose pixels are premultiplied-valid.
    func checkPNG() -> String? {
        // A lowered limit, as a caller expecting small images sets: the fuzzer's memory budget
        // holds, and the limit's own check is what is exercised.
        let limit = 1 << 22
        guard let image = try? PNG.decode(Array(bytes.dropFirst()), maximumPixels: limit) else { return nil }
        if image.width * image.height > limit { return "decoded \(image.width)×\(image.height), over the limit" }
        let bytes = image.bytes
        for i in stride(from: 0, to: bytes.count, by: 4) where bytes[i] > bytes[i + 3] || bytes[i + 1] > bytes[i + 3] || bytes[i + 2] > bytes[i + 3] {
            return "decoded an invalid premultiplied pixel \(Array(bytes[i ..< i + 4]))"
        }
        return nil
    }

    /// check_premultiplied: a view of 32-bit pixels from the input (each valid premultiplied colour
    /// unless its own byte says otherwise, so that the first invalid one lies anywhere), fenced or
    /// against unmapped pages: `firstPixelNotPremultiplied` answers what a plain search answers at
    /// every level, and touches no byte.
    func checkPremultiplied(_ reader: inout Reader) -> String? {
        let width = Int(reader.byte()), height = 1 + Int(reader.byte() % 8)
        let padding = Int(reader.byte() % 9), placement = reader.byte()
        let fenced = FencedBuffer(width: width, height: height, format: .bgra8Premultiplied, padding: padding,
                                  misalignment: Int(placement % 64), fill: 0, guardPages: FencedBuffer.GuardPages(fuzzByte: placement))
        var expected: (x: Int, y: Int)?
        for y in 0 ..< height {
            for x in 0 ..< width {
                let invalid = reader.byte() >= 250
                var p = (0 ..< 4).map { _ in reader.byte() }
                if !invalid { for c in 0 ..< 3 { p[c] = min(p[c], p[3]) } }
                for c in 0 ..< 4 { fenced.buffer.row(y).storeBytes(of: p[c], toByteOffset: 4 * x + c, as: UInt8.self) }
                if expected == nil && (p[0] > p[3] || p[1] > p[3] || p[2] > p[3]) { expected = (x, y) }
            }
        }
        let before = fenced.copy()
        for level in [SIMDLevel.reference] + comparedLevels {
            let found: (x: Int, y: Int)?
            do {
                found = try Kernels.withLevel(level) { try fenced.buffer.readOnly.firstPixelNotPremultiplied() }
            } catch {
                return "premultiplied check \(width)×\(height) threw at \(level): \(error)"
            }
            if found?.x != expected?.x || found?.y != expected?.y {
                return "premultiplied check \(width)×\(height) (\(fenced.guardPages)) at \(level): \(String(describing: found)), a plain search \(String(describing: expected))"
            }
            if fenced.fenceViolations != 0 || !fenced.sameBytes(as: before) { return "premultiplied check wrote at \(level)" }
        }
        return nil
    }

    /// sample_bilinear: an A8 or RGBA8 image of the input's bytes (against unmapped pages as its
    /// placement byte says), a transform of 16.16 numbers (mostly steps within ±4 pixels; a byte
    /// of 240 or more takes the next four bytes whole, so positions and steps beyond the kernel's
    /// range come), any repeat, origin and rectangle: every level writes the twin's bytes and
    /// nothing outside the rectangle, reads nothing outside the image — or, where the reference
    /// level refuses the numbers, every level throws and writes nothing.
    func checkSampling(_ reader: inout Reader) -> String? {
        let format: PixelFormat = reader.byte() % 2 == 0 ? .a8 : .rgba8Premultiplied
        let (src, t, mode, width, height, origin) = samplingInput(&reader, format)
        let what = "bilinear sample of \(format) \(src.width)×\(src.height) (\(src.guardPages)) through \(t), \(mode), origin \(origin), \(width)×\(height)"
        return compareLevels(what, src, width: width, height: height) {
            try $0.sampleBilinear(from: src.buffer.readOnly, transform: t, origin: origin, repeat: mode)
        }
    }

    /// sample_convolution: sample_bilinear's input (an RGBA8 image) through a separable
    /// convolution filter of the input's bytes — 1–6 taps and 0–5 phase bits each way, weights
    /// within the filter's bounds, now and then an axis of one tap of weight 1.0 —, held to the
    /// twin at every level as checkSampling holds its sample.
    func checkConvolution(_ reader: inout Reader) -> String? {
        let cw = 1 + Int(reader.byte() % 6), ch = 1 + Int(reader.byte() % 6), xb = Int(reader.byte() % 6), yb = Int(reader.byte() % 6)
        var params: [Int32] = [Int32(cw) << 16, Int32(ch) << 16, Int32(xb) << 16, Int32(yb) << 16]
        for (taps, bits) in [(cw, xb), (ch, yb)] {
            let impulse = taps == 1 && reader.byte() < 64
            for _ in 0 ..< taps << bits { params.append(impulse ? 65536 : Int32(reader.byte()) * 65536 / 255 / Int32(taps)) }
        }
        guard let filter = try? ConvolutionFilter(pixmanParameters: params) else { return "convolution filter \(params) refused" }
        let (src, t, mode, width, height, origin) = samplingInput(&reader, .rgba8Premultiplied)
        let what = "convolution sample \(cw)×\(ch) taps of \(src.width)×\(src.height) (\(src.guardPages)) through \(t), \(mode), "
            + "origin \(origin), \(width)×\(height)"
        return compareLevels(what, src, width: width, height: height) {
            try $0.sampleConvolution(from: src.buffer.readOnly, filter: filter, transform: t, origin: origin, repeat: mode)
        }
    }

    /// A sampling case's image of the input's bytes (against unmapped pages as its placement byte
    /// says), transform, repeat, rectangle size and origin.
    func samplingInput(_ reader: inout Reader, _ format: PixelFormat)
        -> (FencedBuffer, FixedAffineTransform, SamplingRepeat, Int, Int, (Int, Int)) {
        let sw = 1 + Int(reader.byte() % 40), sh = 1 + Int(reader.byte() % 30)
        let padding = Int(reader.byte() % 9), placement = reader.byte()
        let src = FencedBuffer(width: sw, height: sh, format: format, padding: padding, misalignment: Int(placement % 64), fill: 0,
                               guardPages: FencedBuffer.GuardPages(fuzzByte: placement))
        for y in 0 ..< sh {
            for i in 0 ..< sw * format.bytesPerPixel { src.buffer.row(y).storeBytes(of: reader.byte(), toByteOffset: i, as: UInt8.self) }
        }
        func fixed() -> Int32 {
            let b = reader.byte()
            guard b >= 240 else { return Int32((Int(b) - 120) * 65536 / 30) }
            return Int32(bitPattern: (0 ..< 4).reduce(UInt32(0)) { $0 | UInt32(reader.byte()) << (8 * $1) })
        }
        let t = FixedAffineTransform(xx: fixed(), xy: fixed(), x0: fixed(), yx: fixed(), yy: fixed(), y0: fixed())
        let mode = SamplingRepeat.allCases[Int(reader.byte() % 4)]
        let width = Int(reader.byte() % 100), height = 1 + Int(reader.byte() % 6)
        let origin = (Int(reader.byte()) - 128, Int(reader.byte()) - 128)
        return (src, t, mode, width, height, origin)
    }

    /// `draw` into a fresh width × height destination of `src`'s format at the reference level and
    /// every compared level: each must write the reference's bytes and nothing outside the
    /// destination, leave `src` as it was — or, where the reference throws, throw at every level
    /// having written nothing.
    func compareLevels(_ what: String, _ src: FencedBuffer, width: Int, height: Int,
                       draw: (RasterBuffer) throws -> Void) -> String? {
        let sourceBefore = src.copy()
        var expected: FencedBuffer? = nil
        for level in [SIMDLevel.reference] + comparedLevels {
            let dst = FencedBuffer(width: width, height: height, format: src.buffer.format, fill: 0x5A)
            let before = dst.copy()
            let threw: Bool
            do {
                try Kernels.withLevel(level) { try draw(dst.buffer) }
                threw = false
            } catch {
                threw = true
            }
            if dst.fenceViolations != 0 || !src.sameBytes(as: sourceBefore) { return "\(what) wrote outside its rectangle at \(level)" }
            if threw {
                if !dst.sameBytes(as: before) { return "\(what) threw at \(level) having written" }
                if level != .reference && expected != nil { return "\(what) threw at \(level), not at the reference level" }
                continue
            }
            guard let want = expected else {
                if level != .reference { return "\(what) drew at \(level), threw at the reference level" }
                expected = dst
                continue
            }
            if !dst.sameBytes(as: want) { return "\(what) at \(level) differs from the twin" }
        }
        return nil
    }

    /// Decodes and checks one input; nil when it passed, else the case and what broke.
    static func failure(of bytes: [UInt8]) -> String? {
        let c = RasterFuzzCase(bytes)
        return c.check().map { "\(c)\n  \($0)" }
    }

    var description: String {
        "raster fuzz case (\(["blur", "gradient", "png", "premultiplied check", "bilinear sample", "convolution sample"][kind])), \(bytes.count) bytes"
    }
}
