import CSheenSIMD
import Testing
import SheenTestSupport
@testable import SheenRaster

/// The gradient shape table holds for every kind in it: a shape is its numbers (made back from
/// them, named by its parameters), each point shape's kernel shapes are rows of CSheenSIMD.h with
/// a twin, and every kind's standard shape draws within the precision promise at every level,
/// equal to the twin. A kind added to the table is held to all of it without a new test.
struct GradientShapeTableTests {
    /// A shape of `kind` with distinct, valid numbers (a length 1 + its index, so ≥ 0).
    static func sample(_ kind: GradientShape.Kind) -> GradientShape {
        let numbers = (0 ..< kind.numberCount).map { 1 + Double($0) * 7 }
        return try! GradientShape(kind: kind, numbers: numbers)
    }

    static func rgba(_ b: [UInt8]) -> SIMD4<UInt8> { SIMD4(b[0], b[1], b[2], b[3]) }

    @Test(arguments: GradientShape.Kind.listed.map(\.value))
    func aShapeIsItsNumbers(kind: GradientShape.Kind) throws {
        #expect(kind.numberCount <= 8, "a shape's numbers are held in a SIMD8")
        let shape = Self.sample(kind)
        #expect(shape.kind == kind)
        #expect(shape.numbers == (0 ..< kind.numberCount).map { 1 + Double($0) * 7 })
        #expect(try GradientShape(kind: kind, numbers: shape.numbers) == shape)
        #expect(kind.parameters.flatMap(\.numberNames).count == kind.numberCount)
        #expect(Set(kind.parameters.map(\.name)).count == kind.parameters.count, "\(kind) names a parameter twice")
        // Each parameter set by name lands on its own numbers and no other.
        var index = 0
        for p in kind.parameters {
            let values = (0 ..< p.role.numberCount).map { -100 - Double($0) }
            let set = try #require(shape.setting(p.name, to: values))
            var expected = shape.numbers
            expected.replaceSubrange(index ..< index + values.count, with: values)
            #expect(set.numbers == expected, "\(kind).\(p.name)")
            index += p.role.numberCount
        }
        #expect(shape.setting("noSuchParameter", to: [1]) == nil)
        #expect(throws: RasterError.self) { try GradientShape(kind: kind, numbers: shape.numbers + [1]) }
    }

    /// A non-finite number is refused naming its parameter's number; a negative length naming the
    /// parameter.
    @Test(arguments: GradientShape.Kind.listed.map(\.value))
    func badNumbersAreRefusedByName(kind: GradientShape.Kind) throws {
        let shape = Self.sample(kind)
        var index = 0
        for p in kind.parameters {
            for name in p.numberNames {
                var n = shape.numbers
                n[index] = .nan
                let g = Gradient(shape: try GradientShape(kind: kind, numbers: n), stops: [GradientStop(0, .white)])
                #expect { try g.validate() } throws: { error in
                    guard case let .nonFinite(named, _)? = error as? RasterError else { return false }
                    return named == name
                }
                if p.role == .length {
                    n[index] = -1
                    let negative = Gradient(shape: try GradientShape(kind: kind, numbers: n), stops: [GradientStop(0, .white)])
                    #expect(throws: RasterError.outOfRange(name: p.name, value: -1, range: "[0, ∞)")) { try negative.validate() }
                }
                index += 1
            }
        }
    }

    /// A kind's summary (what preparing a gradient reads without its row) is its own row's: its
    /// lengths, whether it wraps, whether it is a point shape; every number but a length may be
    /// negative, however large (−10³⁰⁰).
    @Test(arguments: GradientShape.Kind.listed.map(\.value))
    func theSummaryIsTheRows(kind: GradientShape.Kind) throws {
        let summary = kind.summary, row = kind.row
        var lengths: UInt8 = 0, index = 0
        for p in kind.parameters {
            if p.role == .length { lengths |= 1 << index }
            index += p.role.numberCount
        }
        #expect(summary.lengthNumbers == lengths && summary.wraps == row.wraps && summary.isPoint == (row.point != nil), "\(kind)")
        for magnitude in [1.0, 1e300] {
            var n = Self.sample(kind).numbers
            for (i, p) in kind.parameters.enumerated() where p.role != .length {
                let first = kind.parameters[..<i].reduce(0) { $0 + $1.role.numberCount }
                for k in first ..< first + p.role.numberCount { n[k] = -magnitude }
            }
            let g = Gradient(shape: try GradientShape(kind: kind, numbers: n), stops: [GradientStop(0, .white)])
            #expect(throws: Never.self, "\(kind) at −\(magnitude)") { try g.validate() }
        }
    }

    /// The exact model is copied into every gradient made per call (GradientFill's prepared
    /// object): it is kept within the 256 bytes libc's memcpy copies in its shortest path (at 289
    /// bytes a 64×24 gradient made per call ran 35 more instructions in memcpy alone).
    @Test func theExactModelFitsTheShortCopy() {
        #expect(MemoryLayout<ExactGradient>.size <= 256, "\(MemoryLayout<ExactGradient>.size) bytes")
    }

    /// Every kernel shape a row names is a row of C's table (linear is the affine path), and the
    /// twin finds it.
    @Test(arguments: GradientShape.Kind.listed.map(\.value))
    func pointShapesAreRowsOfTheCTable(kind: GradientShape.Kind) {
        guard let point = kind.row.point else { return }
        for twin in point.twins {
            #expect(sheen_gradient_shape_wraps(twin.shape) >= 0, "\(kind)'s kernel shape \(twin.shape) is no C row")
            #expect(twin.shape != UInt32(SHEEN_GRADIENT_LINEAR))
            #expect(PointTwin.of(twin.shape)?.shape == twin.shape)
        }
        #expect(sheen_gradient_shape_wraps(99) == -1)
    }

    /// Every kind's standard shape over a rectangle, every spread, with and without a
    /// transform: every level equals the twin bit for bit, and every pixel is within the
    /// precision promise of the exact colour.
    @Test(arguments: GradientShape.Kind.listed.map(\.value))
    func everyKindDrawsAtEveryLevel(kind: GradientShape.Kind) throws {
        let (w, h) = (53, 7)
        for spread in GradientSpread.allCases {
            for transform in [Matrix2D.identity, Matrix2D.rotation(0.4).concatenating(after: .scale(1.5, 0.8))] {
                let shape = GradientShape.standard(kind, in: Rect(x: 0, y: 0, width: Double(w), height: Double(h)))
                let g = Gradient(shape: shape, stops: [GradientStop(0, .init(red: 1, green: 0, blue: 0, alpha: 1)),
                                                      GradientStop(0.5, .init(red: 0, green: 0.5, blue: 1, alpha: 0.5)),
                                                      GradientStop(1, .init(red: 0, green: 1, blue: 0, alpha: 1))],
                                 spread: spread, transform: transform)
                let fill = try GradientFill(g)
                let twin = FencedBuffer(width: w, height: h, format: .rgba8Premultiplied)
                try Kernels.withLevel(.reference) { try fill.fill(twin.buffer) }
                for level in Kernels.supported.dropFirst() {
                    let got = FencedBuffer(width: w, height: h, format: .rgba8Premultiplied, padding: 5, misalignment: 3)
                    try Kernels.withLevel(level) { try fill.fill(got.buffer) }
                    #expect(pixelBytes(got.buffer) == pixelBytes(twin.buffer) && got.fenceViolations == 0,
                            "\(kind) \(spread) \(transform) at \(level)")
                }
                var bad = 0
                for y in 0 ..< h {
                    for x in 0 ..< w where !acceptable(Self.rgba(twin.pixel(x: x, y: y)), fill, x: x, y: y, format: .rgba8Premultiplied) {
                        bad += 1
                    }
                }
                #expect(bad == 0, "\(kind) \(spread) \(transform): \(bad) pixels beyond the precision promise")
            }
        }
    }
}
