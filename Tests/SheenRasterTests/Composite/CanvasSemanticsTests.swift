import Testing
import SheenTestSupport
@testable import SheenRaster

/// HTML canvas compositing (`compositeAsCanvas`): op(S × coverage × globalAlpha, D) at every
/// pixel, held to a float64 evaluation of the Porter-Duff formulas within 1.5 levels (the scaled
/// coverage and the scaled source are each rounded to 8 bits once, then the result).
@Suite struct CanvasSemanticsTests {
    static let porterDuff: [CompositeOperator] = [.clear, .source, .destination, .sourceOver, .destinationOver, .sourceIn,
                                                  .destinationIn, .sourceOut, .destinationOut, .sourceAtop, .destinationAtop,
                                                  .xor, .plus]

    /// The premultiplied result of `op` on one channel of source `s` and destination `d` (0…1)
    /// with alphas `sa` and `da`.
    static func porterDuff(_ op: CompositeOperator, _ s: Double, _ sa: Double, _ d: Double, _ da: Double) -> Double {
        switch op {
        case .clear: return 0
        case .source: return s
        case .destination: return d
        case .sourceOver: return s + d * (1 - sa)
        case .destinationOver: return d + s * (1 - da)
        case .sourceIn: return s * da
        case .destinationIn: return d * sa
        case .sourceOut: return s * (1 - da)
        case .destinationOut: return d * (1 - sa)
        case .sourceAtop: return s * da + d * (1 - sa)
        case .destinationAtop: return d * sa + s * (1 - da)
        case .xor: return s * (1 - da) + d * (1 - sa)
        case .plus: return min(1, s + d)
        default: fatalError("not a Porter-Duff operator")
        }
    }

    static func randomImage(_ w: Int, _ h: Int, _ rng: inout SeededGenerator) throws -> Image {
        let image = try Image(width: w, height: h, format: .rgba8Premultiplied)
        image.withBuffer { b in
            for y in 0..<h {
                for x in 0..<w {
                    let a = UInt8.random(in: 0...255, using: &rng)
                    let p = b.base + y * b.bytesPerRow + x * 4
                    for c in 0..<3 { p.storeBytes(of: UInt8.random(in: 0...a, using: &rng), toByteOffset: c, as: UInt8.self) }
                    p.storeBytes(of: a, toByteOffset: 3, as: UInt8.self)
                }
            }
        }
        return image
    }

    /// A solid colour and an image, through a mask placed partly outside the view, at random
    /// global alphas, for every Porter-Duff operator: every pixel of the view — outside the mask
    /// too — within 1.5 levels of op(S × c × globalAlpha, D), globalAlpha rounded to 8 bits.
    @Test(arguments: porterDuff)
    func everyPixelIsTheCanvasFormula(op: CompositeOperator) throws {
        var rng = SeededGenerator(seed: 0xCA_4A5 &+ UInt64(Self.porterDuff.firstIndex(of: op)!))
        let (w, h) = (37, 23)
        for trial in 0..<6 {
            let dst = try Self.randomImage(w, h, &rng), before = dst.bytes
            let source = try Self.randomImage(20, 15, &rng)
            let mask = try Image(width: 18, height: 12, format: .a8)
            mask.withBuffer { b in for y in 0..<12 { for x in 0..<18 { b.base.storeBytes(of: UInt8.random(in: 0...255, using: &rng), toByteOffset: y * b.bytesPerRow + x, as: UInt8.self) } } }
            let (mx, my) = (Int.random(in: -6...25, using: &rng), Int.random(in: -5...16, using: &rng))
            let (ix, iy) = (Int.random(in: -4...22, using: &rng), Int.random(in: -3...12, using: &rng))
            let globalAlpha = [1, 0.5, Double.random(in: 0...1, using: &rng)][trial % 3]
            let solid = SIMD4<UInt8>(200, 40, 90, 230)
            let useImage = trial % 2 == 1
            try source.withReadOnlyBuffer { src in
                try mask.withReadOnlyBuffer { m in
                    try dst.withBuffer { d in
                        try d.compositeAsCanvas(useImage ? .image(src, x: ix, y: iy) : .premultiplied(solid), operator: op,
                                                coverage: .mask(m, x: mx, y: my), globalAlpha: globalAlpha)
                    }
                }
            }
            let ga = (globalAlpha * 255).rounded() / 255
            for y in 0..<h {
                for x in 0..<w {
                    var c = 0.0
                    if (mx..<mx + 18).contains(x), (my..<my + 12).contains(y) { c = Double(mask.bytes[(y - my) * 18 + (x - mx)]) / 255 }
                    var s = SIMD4<Double>(repeating: 0)
                    if !useImage {
                        s = SIMD4(Double(solid.x), Double(solid.y), Double(solid.z), Double(solid.w)) / 255
                    } else if (ix..<ix + 20).contains(x), (iy..<iy + 15).contains(y) {
                        let i = ((y - iy) * 20 + (x - ix)) * 4
                        s = SIMD4(Double(source.bytes[i]), Double(source.bytes[i + 1]), Double(source.bytes[i + 2]), Double(source.bytes[i + 3])) / 255
                    }
                    s *= c * ga
                    let i = (y * w + x) * 4
                    let d = SIMD4(Double(before[i]), Double(before[i + 1]), Double(before[i + 2]), Double(before[i + 3])) / 255
                    for ch in 0..<4 {
                        let expected = Self.porterDuff(op, s[ch], s.w, d[ch], d.w) * 255
                        let got = Double(dst.bytes[i + ch])
                        #expect(abs(got - expected) <= 1.5 + 1e-9, "\(op) trial \(trial) (\(x), \(y)) channel \(ch): \(got) vs \(expected)")
                    }
                }
            }
        }
    }

    /// The unbounded operators clear what lies outside the shape; sourceOver leaves it.
    @Test func copyOfASmallImageClearsTheRest() throws {
        let dst = try Image(width: 8, height: 8, format: .rgba8Premultiplied)
        try dst.withBuffer { try $0.composite(.premultiplied(SIMD4(10, 20, 30, 255)), operator: .source) }
        let small = try Image(width: 2, height: 2, format: .rgba8Premultiplied)
        try small.withBuffer { try $0.composite(.premultiplied(SIMD4(255, 0, 0, 255)), operator: .source) }
        try small.withReadOnlyBuffer { s in try dst.withBuffer { try $0.compositeAsCanvas(.image(s, x: 3, y: 3), operator: .source) } }
        #expect(dst.pixel(x: 3, y: 3) == [255, 0, 0, 255] && dst.pixel(x: 0, y: 0) == [0, 0, 0, 0])
        #expect(CompositeOperator.source.clearsOutsideTheShape && !CompositeOperator.sourceOver.clearsOutsideTheShape)
    }

    /// Global alpha out of range is refused, the destination untouched; canvas gradients: no stops
    /// paint transparent black, offsets outside 0…1 are refused.
    @Test func badValuesAndCanvasGradients() throws {
        let dst = try Image(width: 4, height: 4, format: .rgba8Premultiplied)
        try dst.withBuffer { try $0.composite(.premultiplied(SIMD4(1, 2, 3, 4)), operator: .source) }
        let before = dst.bytes
        for bad in [Double.nan, -0.1, 1.01, .infinity] {
            #expect(throws: RasterError.self) { try dst.withBuffer { try $0.compositeAsCanvas(.color(.white), operator: .source, globalAlpha: bad) } }
        }
        #expect(dst.bytes == before)
        let empty = Gradient(shape: .linear(start: Point(0, 0), end: Point(4, 0)), stops: [])
        try dst.withBuffer { try $0.compositeAsCanvas(try Paint.canvasGradient(empty), operator: .source) }
        #expect(dst.bytes.allSatisfy { $0 == 0 })
        let outside = Gradient(shape: .linear(start: Point(0, 0), end: Point(4, 0)), stops: [GradientStop(-0.5, .white), GradientStop(1, .black)])
        #expect(throws: RasterError.outOfRange(name: "stops[0].offset", value: -0.5, range: "[0, 1] (a canvas refuses other offsets)")) {
            _ = try Paint.canvasGradient(outside)
        }
    }
}
