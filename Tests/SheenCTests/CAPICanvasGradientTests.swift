import CSheenAPI
import Foundation
import SheenRaster
import SheenTestSupport
import Testing

/// sheen_gradient_create_canvas_* hold the canvas rules as Swift's `Paint.canvasGradient` does:
/// no stops paint transparent black (through every operator, at every format, whatever the
/// setters say), an offset outside 0…1 is refused with Swift's sentence.
@Suite struct CAPICanvasGradientTests {
    static let shape = GradientShape.radial(startCenter: Point(10, 8), startRadius: 2, endCenter: Point(20, 10), endRadius: 25)

    static func make(_ stops: [GradientStop]) -> (sheen_status, OpaquePointer?) {
        var cStops = stops.map { sheen_gradient_stop(offset: $0.offset, color: CAPITests.cColor($0.color)) }
        var handle: OpaquePointer?
        let status = cStops.withUnsafeMutableBufferPointer { p in
            sheen_gradient_create_canvas_radial(10, 8, 2, 20, 10, 25, p.count == 0 ? nil : p.baseAddress, p.count, &handle)
        }
        return (status, handle)
    }

    @Test(arguments: [[], CAPITests.stops])
    func compositesEqualSwift(stops: [GradientStop]) throws {
        let (status, made) = Self.make(stops)
        #expect(status == SHEEN_OK, "\(String(cString: sheen_last_error_message()))")
        let gradient = try #require(made)
        defer { sheen_gradient_destroy(gradient) }
        // A dither and a spread set on an empty canvas gradient change nothing: it stays transparent.
        #expect(sheen_gradient_set_dither(gradient, true) == SHEEN_OK && sheen_gradient_set_spread(gradient, 2) == SHEEN_OK)
        var swiftGradient = Gradient(shape: Self.shape, stops: stops)
        swiftGradient.dither = true
        swiftGradient.spread = .reflect
        let paint = try Paint.canvasGradient(swiftGradient)
        for (index, op) in CompositeOperator.allCases.enumerated() {
            for format in PixelFormat.allCases where !(op.isBlendMode && format == .a8) {
                let destination = try CAPITests.noise(29, 9, format, seed: 41)
                let expected = try CAPITests.copy(destination)
                var cDestination = CAPITests.cBuffer(destination)
                var cPaint = sheen_paint(kind: 2, color: CAPITests.cColor(.black), premultiplied: (0, 0, 0, 0), gradient: gradient,
                                         image: nil, image_x: 0, image_y: 0, pattern: nil)
                #expect(sheen_composite(&cDestination, &cPaint, Int32(index), nil) == SHEEN_OK)
                try expected.withBuffer { try $0.composite(paint, operator: op) }
                #expect(destination.bytes == expected.bytes, "\(op) \(format) \(stops.count) stops")
            }
        }
        if stops.isEmpty {
            let filled = try CAPITests.noise(16, 4, .rgba8Premultiplied, seed: 43)
            var cFilled = CAPITests.cBuffer(filled)
            #expect(sheen_fill_gradient(&cFilled, gradient) == SHEEN_OK)
            #expect(filled.bytes.allSatisfy { $0 == 0 })
        }
    }

    @Test func offsetsOutsideZeroToOneAreRefusedAsSwiftRefusesThem() throws {
        let stops = [GradientStop(0, .black), GradientStop(1.5, .white)]
        let (status, handle) = Self.make(stops)
        #expect(status == SHEEN_ERROR_INVALID_ARGUMENT && handle == nil)
        var swift = ""
        do { _ = try Paint.canvasGradient(Gradient(shape: Self.shape, stops: stops)) } catch { swift = "\(error)" }
        #expect(!swift.isEmpty && String(cString: sheen_last_error_message()) == swift)
        // The plain functions clamp the same offset, as CSS does.
        var cStops = stops.map { sheen_gradient_stop(offset: $0.offset, color: CAPITests.cColor($0.color)) }
        var plain: OpaquePointer?
        #expect(sheen_gradient_create_radial(10, 8, 2, 20, 10, 25, &cStops, 2, &plain) == SHEEN_OK)
        sheen_gradient_destroy(plain)
        var empty: OpaquePointer?
        #expect(sheen_gradient_create_radial(10, 8, 2, 20, 10, 25, nil, 0, &empty) == SHEEN_ERROR_INVALID_ARGUMENT)
    }
}
