import SheenRaster

/// One compositing scenario, replayable from its fields: the property tests draw them at random
/// and the fuzzer decodes them from bytes. `check()` runs the SIMD kernel and the scalar
/// reference on identical fenced buffers and lists every disagreement.
public struct CompositeCase: CustomStringConvertible, Sendable {
    /// Where the paint comes from.
    public enum PaintKind: Int, CaseIterable, Sendable {
        case color, premultiplied, image, imageOtherOrder, imageA8, gradient, horizontalGradient,
             rowPattern, columnPattern,
             /// An image every pixel of which is opaque: the whole-pixel lerp of sourceOver.
             opaqueImage
    }
    /// What coverage is applied.
    public enum CoverageKind: Int, CaseIterable, Sendable {
        case full, alpha, mask, maskAlpha
    }

    public var op: CompositeOperator
    public var format: PixelFormat
    public var width: Int
    public var height: Int
    /// Extra bytes at the end of each destination row.
    public var padding: Int
    /// Byte offset of the destination's base from a 64-byte boundary.
    public var misalignment: Int
    public var paint: PaintKind
    public var coverage: CoverageKind
    /// Placement of an image paint or a mask (may lie partly outside the destination).
    public var offsetX: Int
    public var offsetY: Int
    public var alpha: UInt8
    public var seed: UInt64
    /// Bytes that, when not empty, replace the random pixels of the destination, image and mask
    /// (cyclically; colour levels then clamped to alpha so the content is valid premultiplied):
    /// how the fuzzer steers pixel values.
    public var content: [UInt8] = []
    /// A colour paint with alpha 255 (the text path, over_n_8_8888), instead of a random alpha.
    public var opaqueColour = false
    /// A mask mostly of coverage 0 — runs of 0 of 1…48 pixels between runs of 1…6 random ones,
    /// as a stroke's or an outline's mask has —, so that whole blocks of a chunk are uncovered
    /// while others are not.
    public var sparseMask = false
    /// Whether the destination, image and mask rows lie against unmapped pages (padding and
    /// misalignment then unused): a kernel reading outside its rows faults.
    public var guardPages: FencedBuffer.GuardPages = .none
    /// When set, the kernel (a `Kernels.table` name) this case is about: `check` passes at once,
    /// checking nothing, where the library would run another kernel for it.
    public var kernel: String?

    public init(op: CompositeOperator, format: PixelFormat, width: Int, height: Int, padding: Int = 0,
                misalignment: Int = 0, paint: PaintKind, coverage: CoverageKind, offsetX: Int = 0,
                offsetY: Int = 0, alpha: UInt8 = 255, seed: UInt64 = 1) {
        self.op = op; self.format = format; self.width = width; self.height = height
        self.padding = padding; self.misalignment = misalignment; self.paint = paint
        self.coverage = coverage; self.offsetX = offsetX; self.offsetY = offsetY
        self.alpha = alpha; self.seed = seed
    }

    public var description: String {
        label(["op": op, "format": format, "size": "\(width)×\(height)", "padding": padding,
               "misalignment": misalignment, "guardPages": guardPages, "paint": paint, "coverage": coverage,
               "offset": "(\(offsetX), \(offsetY))", "alpha": alpha, "seed": seed,
               "sparseMask": sparseMask])
    }

    private var isGradient: Bool { paint == .gradient || paint == .horizontalGradient }

    /// Disagreements between the kernels at `level` and the reference, fence violations and
    /// invalid premultiplied output; empty when the case passes.
    public func check(level: SIMDLevel = Kernels.current) -> [String] { check(levels: [level], prefixed: false) }

    /// `check(level:)` at each of `levels`, the case's inputs made once and each level's
    /// destination a copy of one starting buffer (what a fuzzer can afford per input); each
    /// problem prefixed by its level when `prefixed`.
    /// The case's buffers and call arguments, made from its seed and content.
    struct Inputs {
        let start: FencedBuffer, image: FencedBuffer, mask: FencedBuffer
        let paint: Paint, coverage: Coverage
    }

    /// Makes the case's inputs (what `check` composites; the fuzzer runs this per input).
    func makeInputs() -> Inputs {
        var rng = SeededGenerator(seed: seed)
        let start = FencedBuffer(width: width, height: height, format: format, padding: padding, misalignment: misalignment,
                                 guardPages: guardPages)
        fillRandomPremultiplied(start.buffer, &rng)
        overlayContent(start.buffer, phase: 0)

        // Paint sources and masks are a little larger than the destination so offsets can both
        // clip and not clip.
        let srcW = max(width + 3 - abs(offsetX) % 5, 1), srcH = max(height + 2 - abs(offsetY) % 3, 1)
        let imageFormat: PixelFormat = switch paint {
        case .imageA8: .a8
        case .imageOtherOrder: format == .rgba8Premultiplied ? .bgra8Premultiplied : .rgba8Premultiplied
        default: format == .a8 ? .rgba8Premultiplied : format
        }
        let image = FencedBuffer(width: srcW, height: srcH, format: imageFormat, padding: 3, misalignment: 1, guardPages: guardPages)
        fillRandomPremultiplied(image.buffer, &rng)
        overlayContent(image.buffer, phase: 7)
        if paint == .opaqueImage { makeOpaque(image.buffer) }
        let mask = FencedBuffer(width: isGradient ? width : srcW, height: isGradient ? height : srcH, format: .a8, padding: 1,
                                misalignment: 3, guardPages: guardPages)
        fillRandomPremultiplied(mask.buffer, &rng)
        overlayContent(mask.buffer, phase: 13)
        if sparseMask { makeSparse(mask.buffer) }
        var colour = SIMD4<UInt8>(UInt8.random(in: 0 ... 255, using: &rng), UInt8.random(in: 0 ... 255, using: &rng),
                                  UInt8.random(in: 0 ... 255, using: &rng), randomLevel(&rng))
        if opaqueColour { colour.w = 255 }
        let premultiplied = SIMD4<UInt8>(min(colour.x, colour.w), min(colour.y, colour.w), min(colour.z, colour.w), colour.w)

        // Gradients are built only for the paints that use them (the fuzzer runs this per input).
        func makeFill() -> GradientFill {
            let stops = [Color(rgba: 0xFF3B_30FF), Color(red: 0.2, green: 0.5, blue: 0.9, alpha: Float(alpha) / 255),
                         Color(rgba: 0x34C7_5980)]
            let gradient = paint == .horizontalGradient
                ? Gradient.linear(from: Point(0, 0), to: Point(Double(width + 1), 0), colors: stops)
                : Gradient.linear(from: Point(-3, 2), to: Point(Double(width), Double(height + 4)), colors: stops)
            return try! GradientFill(gradient)
        }
        let paintValue: Paint
        switch paint {
        case .color: paintValue = .color(Color(red: Float(colour.x) / 255, green: Float(colour.y) / 255,
                                               blue: Float(colour.z) / 255, alpha: Float(colour.w) / 255))
        case .premultiplied: paintValue = .premultiplied(premultiplied)
        case .image, .imageOtherOrder, .imageA8, .opaqueImage: paintValue = .image(image.buffer.readOnly, x: offsetX, y: offsetY)
        case .gradient, .horizontalGradient: paintValue = .gradient(makeFill())
        case .rowPattern, .columnPattern:
            let patternFormat = format == .a8 ? PixelFormat.rgba8Premultiplied : imageFormat
            paintValue = .pattern(try! GradientPattern(makeFill(), axis: paint == .columnPattern ? .column : .row,
                                                       length: 1 + Int(seed % 37), format: patternFormat))
        }
        let (mx, my) = isGradient ? (0, 0) : (offsetX, offsetY)
        let coverageValue: Coverage = switch coverage {
        case .full: .full
        case .alpha: .alpha(alpha)
        case .mask: .mask(mask.buffer.readOnly, x: mx, y: my)
        case .maskAlpha: .mask(mask.buffer.readOnly, x: mx, y: my, alpha: alpha)
        }

        return Inputs(start: start, image: image, mask: mask, paint: paintValue, coverage: coverageValue)
    }

    /// The kernel the library runs for this case (`RasterBuffer.compositeKernel`), nil where the
    /// call draws nothing or is refused.
    public var runsKernel: String? {
        let inputs = makeInputs()
        return try? inputs.start.buffer.compositeKernel(inputs.paint, operator: op, coverage: inputs.coverage)
    }

    func check(levels: [SIMDLevel], prefixed: Bool) -> [String] {
        let inputs = makeInputs()
        let (start, image, mask, paintValue, coverageValue) = (inputs.start, inputs.image, inputs.mask, inputs.paint, inputs.coverage)
        if let kernel, (try? start.buffer.compositeKernel(paintValue, operator: op, coverage: coverageValue)) != kernel {
            return []
        }

        // The reference composites the same paint pixels: for gradients, the paint shaded at the
        // level under test and materialised by `.source` over the same region in the same
        // format, so the shading runs exactly as in the case itself (gradient precision is
        // tested apart). Other paints' reference is the same at every level: made once.
        func referenceResult(at level: SIMDLevel) -> (FencedBuffer, String?) {
            var referencePaint = paintValue
            var materialised: FencedBuffer?
            if isGradient {
                let m = FencedBuffer(width: width, height: height, format: format)
                try! Kernels.withLevel(level) { try m.buffer.composite(paintValue, operator: .source) }
                materialised = m
                referencePaint = .image(m.buffer.readOnly)
            }
            let reference = start.copy()
            let error = catching { try Kernels.withLevel(.reference) { try reference.buffer.composite(referencePaint, operator: op, coverage: coverageValue) } }
            withExtendedLifetime(materialised) {}
            return (reference, error)
        }
        let shared = isGradient ? nil : referenceResult(at: .reference)

        var problems: [String] = []
        for level in levels {
            let (reference, e2) = shared ?? referenceResult(at: level)
            let simd = start.copy()
            let e1 = catching { try Kernels.withLevel(level) { try simd.buffer.composite(paintValue, operator: op, coverage: coverageValue) } }
            var found: [String] = []
            if e1 != e2 { found.append("SIMD threw \(e1 ?? "nothing"), reference \(e2 ?? "nothing")") }
            if e1 != nil && !simd.sameBytes(as: start) { found.append("destination changed although the call threw") }
            if !simd.sameBytes(as: reference) {
                var first = ""
                outer: for y in 0 ..< height {
                    for x in 0 ..< width where simd.pixel(x: x, y: y) != reference.pixel(x: x, y: y) {
                        first = "(\(x), \(y)): SIMD \(simd.pixel(x: x, y: y)) reference \(reference.pixel(x: x, y: y))"
                        break outer
                    }
                }
                found.append("SIMD differs from the reference; first at \(first)")
            }
            if simd.fenceViolations != 0 { found.append("\(simd.fenceViolations) fence bytes overwritten") }
            if image.fenceViolations != 0 || mask.fenceViolations != 0 { found.append("a source view's fences changed") }
            if format != .a8 {
                let view = simd.buffer
                invalid: for y in 0 ..< height {
                    for x in 0 ..< width {
                        let p = view.row(y).loadUnaligned(fromByteOffset: 4 * x, as: SIMD4<UInt8>.self)
                        if p.x > p.w || p.y > p.w || p.z > p.w {
                            found.append("invalid premultiplied output \(p) at (\(x), \(y))")
                            break invalid
                        }
                    }
                }
            }
            problems += prefixed ? found.map { "\(level): \($0)" } : found
        }
        return problems
    }
}

extension CompositeCase {
    /// Sets every pixel's alpha to 255 (its colour levels, already ≤ alpha, stay valid).
    fileprivate func makeOpaque(_ buffer: RasterBuffer) {
        for y in 0 ..< buffer.height {
            for x in 0 ..< buffer.width { buffer.row(y).storeBytes(of: 255, toByteOffset: 4 * x + 3, as: UInt8.self) }
        }
    }

    /// Zeroes all but short runs of each row of A8 `buffer` (see `sparseMask`), the runs drawn
    /// from a generator of their own so that the case's other pixels stay as they were.
    fileprivate func makeSparse(_ buffer: RasterBuffer) {
        var rng = SeededGenerator(seed: seed ^ 0x5BA5_5E00)
        for y in 0 ..< buffer.height {
            var x = 0
            while x < buffer.width {
                let zeros = Int.random(in: 1 ... 48, using: &rng), kept = Int.random(in: 1 ... 6, using: &rng)
                for z in x ..< min(x + zeros, buffer.width) { buffer.row(y).storeBytes(of: 0, toByteOffset: z, as: UInt8.self) }
                x += zeros + kept
            }
        }
    }

    /// Overwrites the view's pixels with `content` (from byte `phase`, cyclically), then clamps
    /// colour levels to alpha.
    fileprivate func overlayContent(_ buffer: RasterBuffer, phase: Int) {
        if content.isEmpty { return }
        var k = phase
        func next() -> UInt8 { defer { k += 1 }; return content[k % content.count] }
        for y in 0 ..< buffer.height {
            let row = buffer.row(y)
            for x in 0 ..< buffer.width {
                if buffer.format == .a8 {
                    row.storeBytes(of: next(), toByteOffset: x, as: UInt8.self)
                    continue
                }
                var px = SIMD4<UInt8>(next(), next(), next(), next())
                px = SIMD4(min(px.x, px.w), min(px.y, px.w), min(px.z, px.w), px.w)
                row.storeBytes(of: px, toByteOffset: 4 * x, as: SIMD4<UInt8>.self)
            }
        }
    }

    /// Decodes a case from arbitrary bytes (the fuzzer's input): 19 header bytes choose every
    /// field (byte 6's low six bits the misalignment, its top two the guard pages: none, none,
    /// after, before), the rest is pixel content. Short inputs are zero-extended.
    public init(fuzzInput bytes: [UInt8]) {
        func b(_ i: Int) -> UInt8 { i < bytes.count ? bytes[i] : 0 }
        let ops = CompositeOperator.allCases, formats = PixelFormat.allCases
        self.init(op: ops[Int(b(0)) % ops.count], format: formats[Int(b(1)) % formats.count],
                  width: (Int(b(2)) | Int(b(3)) << 8) % 301, height: 1 + Int(b(4)) % 6,
                  padding: Int(b(5)) % 17, misalignment: Int(b(6)) % 64,
                  paint: PaintKind.allCases[Int(b(7)) % PaintKind.allCases.count],
                  coverage: CoverageKind.allCases[Int(b(8)) % CoverageKind.allCases.count],
                  offsetX: Int(Int8(bitPattern: b(9))) % 12, offsetY: Int(Int8(bitPattern: b(10))) % 5,
                  alpha: b(11), seed: (0 ..< 7).reduce(UInt64(0)) { $0 << 8 | UInt64(b(12 + $1)) })
        guardPages = FencedBuffer.GuardPages(fuzzByte: b(6))
        content = bytes.count > 19 ? Array(bytes[19...]) : []
    }

    /// A case from fuzz input `bytes`, steered towards `kernel` (a composite kernel's
    /// `Kernels.table` name) when one is given: its operator, format, paint and coverage moved
    /// where that kernel's fast path (SheenKernels.h) takes them, the rest as the bytes say.
    public init(fuzzInput bytes: [UInt8], kernel: String?) {
        self.init(fuzzInput: bytes)
        guard let kernel else { return }
        self.kernel = kernel
        let pick = Int(bytes.first ?? 0)
        func pickOperator(_ wanted: (CompositeOperator) -> Bool) -> CompositeOperator {
            let ops = CompositeOperator.allCases.filter(wanted)
            return ops[pick % ops.count]
        }
        let wide: PixelFormat = format == .a8 ? .rgba8Premultiplied : format
        switch kernel {
        case "over_n_8_8888":
            (self.op, format, paint, opaqueColour) = (.sourceOver, wide, .color, true)
            if coverage != .maskAlpha { coverage = .mask }
        case "composite_8888": (self.op, format) = (pickOperator { !$0.isEvaluatedInDouble }, wide)
        case "composite_double_8888": (self.op, format) = (pickOperator(\.isEvaluatedInDouble), wide)
        case "composite_8": (self.op, format) = (pickOperator(\.isAlphaOnly), .a8)
        default: break
        }
    }
}

/// The error `body` threw, described (nil when it returned).
private func catching(_ body: () throws -> Void) -> String? {
    do { try body(); return nil } catch { return String(describing: error) }
}

/// The levels kernel tests hold to the reference: every level this CPU runs above `reference`.
public var comparedLevels: [SIMDLevel] { Kernels.supported.filter { $0 != .reference } }

extension CompositeCase {
    /// `check(level:)` at every level in `comparedLevels`, each problem prefixed by its level.
    public func checkEveryLevel() -> [String] { check(levels: comparedLevels, prefixed: true) }
}
