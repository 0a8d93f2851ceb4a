import Testing
import SheenTestSupport
@testable import SheenRaster

/// Bad input: a thrown RasterError that names the problem, and a destination left byte for byte
/// as it was (guards included).
@Suite struct GradientInputTests {
    static let good = [GradientStop(0, .black), GradientStop(1, .white)]

    static let badGradients: [(String, Gradient, RasterError)] = [
        ("no stops", Gradient(shape: .linear(start: Point(0, 0), end: Point(1, 0)), stops: []), .emptyGradient),
        ("NaN offset", Gradient(shape: .linear(start: Point(0, 0), end: Point(1, 0)),
                                stops: [GradientStop(.nan, .black)]), .nonFinite(name: "stops[0].offset", value: .nan)),
        ("infinite colour", Gradient(shape: .linear(start: Point(0, 0), end: Point(1, 0)),
                                     stops: [GradientStop(0, .black), GradientStop(1, Color(red: .infinity, green: 0, blue: 0))]),
         .nonFinite(name: "stops[1].color.red", value: .infinity)),
        ("NaN point", Gradient(shape: .linear(start: Point(.nan, 0), end: Point(1, 0)), stops: good),
         .nonFinite(name: "start.x", value: .nan)),
        ("infinite end", Gradient(shape: .linear(start: Point(0, 0), end: Point(1, -.infinity)), stops: good),
         .nonFinite(name: "end.y", value: -.infinity)),
        ("negative radius", Gradient(shape: .radial(startCenter: Point(0, 0), startRadius: -1, endCenter: Point(0, 0), endRadius: 5), stops: good),
         .outOfRange(name: "startRadius", value: -1, range: "[0, ∞)")),
        ("NaN radius", Gradient(shape: .radial(startCenter: Point(0, 0), startRadius: 0, endCenter: Point(0, 0), endRadius: .nan), stops: good),
         .nonFinite(name: "endRadius", value: .nan)),
        ("NaN angle", Gradient(shape: .conic(center: Point(0, 0), startAngle: .nan), stops: good),
         .nonFinite(name: "startAngle", value: .nan)),
        ("singular transform", Gradient(shape: .linear(start: Point(0, 0), end: Point(1, 0)), stops: good,
                                        transform: .scale(0, 1)), .singularTransform(determinant: 0)),
        ("NaN transform", Gradient(shape: .linear(start: Point(0, 0), end: Point(1, 0)), stops: good,
                                   transform: .translation(.nan, 0)), .nonFinite(name: "transform.tx", value: .nan)),
    ]

    @Test(arguments: badGradients.indices)
    func badGradientThrowsAndTouchesNothing(index: Int) {
        let (name, gradient, expected) = Self.badGradients[index]
        for format in PixelFormat.allCases {
            let fb = FencedBuffer(width: 19, height: 3, format: format, padding: 3, misalignment: 1)
            let before = fb.allBytes
            do {
                try gradient.fill(fb.buffer)
                Issue.record("\(name): no error")
            } catch {
                // NaN ≠ NaN, so compare the messages, which name the value.
                #expect(error.description == expected.description, "\(name)")
            }
            #expect(fb.allBytes == before, "\(name) \(format)")
        }
    }

    @Test func negativeRectThrowsAndTouchesNothing() throws {
        let fb = FencedBuffer(width: 10, height: 4, format: .rgba8Premultiplied)
        let before = fb.allBytes
        let fill = try GradientFill(Gradient(shape: .linear(start: Point(0, 0), end: Point(1, 0)), stops: Self.good))
        #expect(throws: RasterError.invalidRect(x: 0, y: 0, width: -1, height: 2)) {
            try fill.fill(fb.buffer, rect: PixelRect(x: 0, y: 0, width: -1, height: 2))
        }
        #expect(fb.allBytes == before)
        // A rectangle partly outside is clipped; one wholly outside draws nothing.
        try fill.fill(fb.buffer, rect: PixelRect(x: 8, y: 3, width: 100, height: 100))
        #expect(fb.fenceViolations == 0)
        #expect(fb.pixel(x: 7, y: 3) == [0x3C, 0x3C, 0x3C, 0x3C])
        #expect(fb.pixel(x: 8, y: 3) == [255, 255, 255, 255])
    }

    @Test func degenerateShapesPaintTransparent() throws {
        for shape in [GradientShape.linear(start: Point(3, 3), end: Point(3, 3)),
                      .radial(startCenter: Point(5, 5), startRadius: 4, endCenter: Point(5, 5), endRadius: 4)] {
            let fb = FencedBuffer(width: 10, height: 10, format: .rgba8Premultiplied)
            try Gradient(shape: shape, stops: Self.good).fill(fb.buffer)
            #expect((0 ..< 10).allSatisfy { fb.rgba(x: $0, y: $0) == .zero })
        }
    }

    @Test func oneStopIsSolid() throws {
        let c = Color(rgba: 0x3478F680)
        let fb = FencedBuffer(width: 33, height: 2, format: .bgra8Premultiplied)
        try Gradient(shape: .conic(center: Point(4, 4), startAngle: 1), stops: [GradientStop(0.3, c)]).fill(fb.buffer)
        #expect((0 ..< 33).allSatisfy { fb.rgba(x: $0, y: 1) == c.premultiplied8 })
    }
}
