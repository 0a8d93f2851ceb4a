import CSheenAPI
import Foundation
import SheenC
import SheenLabel
import SheenRaster
import SheenTestSupport
import SheenText
import Testing

/// The C API called in-process through sheen.h's declarations gives the bytes the Swift API
/// gives, and the errors the Swift API throws (status and the same sentence).
@Suite struct CAPITests {
    /// An image with seeded premultiplied-valid (or A8) content.
    static func noise(_ width: Int, _ height: Int, _ format: PixelFormat, seed: UInt64) throws -> Image {
        var generator = SeededGenerator(seed: seed)
        let image = try Image(width: width, height: height, format: format)
        image.withBuffer { b in
            for y in 0 ..< height {
                for x in 0 ..< width {
                    if format == .a8 {
                        b.row(y).storeBytes(of: UInt8.random(in: 0 ... 255, using: &generator), toByteOffset: x, as: UInt8.self)
                    } else {
                        let a = UInt8.random(in: 0 ... 255, using: &generator)
                        for c in 0 ..< 3 { b.row(y).storeBytes(of: UInt8.random(in: 0 ... a, using: &generator), toByteOffset: 4 * x + c, as: UInt8.self) }
                        b.row(y).storeBytes(of: a, toByteOffset: 4 * x + 3, as: UInt8.self)
                    }
                }
            }
        }
        return image
    }

    static func copy(_ image: Image) throws -> Image {
        let out = try Image(width: image.width, height: image.height, format: image.format)
        try out.withBuffer { d in try image.withReadOnlyBuffer { try d.composite(.image($0), operator: .source) } }
        return out
    }

    /// A sheen_buffer over an image's pixels (valid while the image lives).
    static func cBuffer(_ image: Image) -> sheen_buffer {
        image.withBuffer { b in
            sheen_buffer(pixels: b.base, width: b.width, height: b.height, bytes_per_row: b.bytesPerRow,
                         format: cFormatValue(b.format))
        }
    }

    /// The header's value of a format, written out here rather than taken from SheenC, so the
    /// tests also hold the C enumeration to its documented numbers.
    static func cFormatValue(_ f: PixelFormat) -> Int32 { f == .a8 ? 2 : f == .rgba8Premultiplied ? 0 : 1 }

    static func cColor(_ c: Color) -> sheen_color { sheen_color(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha) }

    static let stops = [GradientStop(0, Color(rgba: 0x3478_F6FF)), GradientStop(0.4, Color(rgba: 0xFF95_0080)),
                        GradientStop(1, Color(rgba: 0xAF52_DEFF))]

    /// A C gradient of `shape` with the test stops.
    static func cGradient(_ shape: GradientShape) throws -> OpaquePointer {
        var cStops = stops.map { sheen_gradient_stop(offset: $0.offset, color: cColor($0.color)) }
        var handle: OpaquePointer?
        let status: sheen_status
        let numbers = shape.numbers
        status = sheen_gradient_create_shape(shape.kind.cValue, numbers, numbers.count, &cStops, cStops.count, &handle)
        #expect(status == SHEEN_OK, "\(String(cString: sheen_last_error_message()))")
        return try #require(handle)
    }

    /// A few shapes, then every kind's standard shape over the 45 × 18 test image.
    static let shapes: [GradientShape] = [
        .linear(start: Point(3, 2), end: Point(40, 17)),
        .radial(startCenter: Point(10, 8), startRadius: 2, endCenter: Point(20, 10), endRadius: 25),
        .conic(center: Point(20, 9), startAngle: 1),
    ] + GradientShape.Kind.listed.map { GradientShape.standard($0.value, in: Rect(x: 0, y: 0, width: 45, height: 18)) }

    /// The creators of one kind each make what sheen_gradient_create_shape makes of its numbers.
    @Test func eachKindsCreatorIsTheShapeCreator() throws {
        var cStops = Self.stops.map { sheen_gradient_stop(offset: $0.offset, color: Self.cColor($0.color)) }
        for shape in Self.shapes.prefix(3) {
            var handle: OpaquePointer?
            let status: sheen_status
            // (Not a switch: a shape without a creator of its own is skipped, and one added to the
            // table must not need this test edited.)
            if case let .linear(s, e) = shape {
                status = sheen_gradient_create_linear(s.x, s.y, e.x, e.y, &cStops, cStops.count, &handle)
            } else if case let .radial(c0, r0, c1, r1) = shape {
                status = sheen_gradient_create_radial(c0.x, c0.y, r0, c1.x, c1.y, r1, &cStops, cStops.count, &handle)
            } else if case let .conic(c, a) = shape {
                status = sheen_gradient_create_conic(c.x, c.y, a, &cStops, cStops.count, &handle)
            } else {
                continue
            }
            #expect(status == SHEEN_OK)
            let byKind = try #require(handle), byShape = try Self.cGradient(shape)
            defer { sheen_gradient_destroy(byKind); sheen_gradient_destroy(byShape) }
            var a = [UInt8](repeating: 0, count: 45 * 18 * 4), b = a
            a.withUnsafeMutableBytes { raw in
                var buffer = sheen_buffer(pixels: raw.baseAddress, width: 45, height: 18, bytes_per_row: 180, format: 0)
                #expect(sheen_fill_gradient(&buffer, byKind) == SHEEN_OK)
            }
            b.withUnsafeMutableBytes { raw in
                var buffer = sheen_buffer(pixels: raw.baseAddress, width: 45, height: 18, bytes_per_row: 180, format: 0)
                #expect(sheen_fill_gradient(&buffer, byShape) == SHEEN_OK)
            }
            #expect(a == b, "\(shape)")
        }
    }

    @Test func gradientFillsEqualSwift() throws {
        let spreads: [(Int32, GradientSpread)] = [(0, .pad), (1, .repeat), (2, .reflect)]
        let spaces: [(Int32, ColorSpace)] = [(0, .sRGB), (1, .linearSRGB), (2, .oklab)]
        for shape in Self.shapes {
            for (cSpread, spread) in spreads {
                for (cSpace, space) in spaces {
                    for format in PixelFormat.allCases {
                        let handle = try Self.cGradient(shape)
                        defer { sheen_gradient_destroy(handle) }
                        #expect(sheen_gradient_set_spread(handle, cSpread) == SHEEN_OK)
                        #expect(sheen_gradient_set_color_space(handle, cSpace) == SHEEN_OK)
                        #expect(sheen_gradient_set_alpha_interpolation(handle, 1) == SHEEN_OK)
                        var m = [1.0, 0.2, -0.1, 0.9, 2, 1]
                        #expect(sheen_gradient_set_transform(handle, &m) == SHEEN_OK)
                        #expect(sheen_gradient_set_dither(handle, spread == .pad) == SHEEN_OK)
                        let fromC = try Image(width: 43, height: 19, format: format)
                        var buffer = Self.cBuffer(fromC)
                        #expect(sheen_fill_gradient(&buffer, handle) == SHEEN_OK)
                        var g = Gradient(shape: shape, stops: Self.stops, spread: spread, space: space, alphaInterpolation: .straight)
                        g.transform = Matrix2D(a: 1, b: 0.2, c: -0.1, d: 0.9, tx: 2, ty: 1)
                        g.dither = spread == .pad
                        let fromSwift = try Image(width: 43, height: 19, format: format)
                        try fromSwift.withBuffer { try GradientFill(g).fill($0) }
                        #expect(fromC.bytes == fromSwift.bytes, "\(shape) \(spread) \(space) \(format)")
                    }
                }
            }
        }
    }

    /// sheen.h's operator values and CompositeOperator's cases are both generated from
    /// SheenOperators.h's rows (Scripts/generate-operators.py --check, run by the tests, fails
    /// when either is stale): each value names the case of its index, and draws what it draws.
    @Test func operatorListsAgree() throws {
        for (i, op) in CompositeOperator.allCases.enumerated() {
            #expect(sheen_operator_name(Int32(i)).map { String(cString: $0) } == op.rawValue)
        }
        #expect(sheen_operator_name(Int32(CompositeOperator.allCases.count)) == nil)
        #expect(Int(SHEEN_OP_LUMINOSITY.rawValue) == CompositeOperator.allCases.firstIndex(of: .luminosity))
        // Every C value draws what the Swift operator of its index draws.
        let dst = try Self.noise(9, 3, .rgba8Premultiplied, seed: 3)
        for (i, op) in CompositeOperator.allCases.enumerated() {
            let fromC = try Self.copy(dst), fromSwift = try Self.copy(dst)
            var cBuffer = Self.cBuffer(fromC)
            var paint = sheen_paint()
            paint.kind = 0
            paint.color = Self.cColor(Color(rgba: 0x3478_F6B0))
            #expect(sheen_composite(&cBuffer, &paint, Int32(i), nil) == SHEEN_OK)
            try fromSwift.withBuffer { try $0.composite(.color(Color(rgba: 0x3478_F6B0)), operator: op) }
            #expect(fromC.bytes == fromSwift.bytes, "\(op)")
        }
    }

    /// Rectangles filled one by one from one prepared handle equal the Swift fills of the same
    /// rectangles, join seamlessly into the whole fill, and a bad rectangle changes nothing.
    @Test func gradientRectFillsEqualSwift() throws {
        for shape in Self.shapes {
            let handle = try Self.cGradient(shape)
            defer { sheen_gradient_destroy(handle) }
            let fill = try GradientFill(Gradient(shape: shape, stops: Self.stops))
            let pieces = try Image(width: 43, height: 19, format: .bgra8Premultiplied)
            let whole = try Image(width: 43, height: 19, format: .bgra8Premultiplied)
            var buffer = Self.cBuffer(pieces)
            for (x, y, w, h) in [(0, 0, 20, 19), (20, 0, 23, 7), (20, 7, 30, 30), (-4, -4, 2, 2)] {
                var rect = sheen_rect(x: x, y: y, width: w, height: h)
                #expect(sheen_fill_gradient_rect(&buffer, handle, &rect) == SHEEN_OK)
            }
            try whole.withBuffer { try fill.fill($0) }
            #expect(pieces.bytes == whole.bytes, "\(shape)")
            let before = pieces.bytes
            var negative = sheen_rect(x: 1, y: 1, width: -2, height: 3)
            #expect(sheen_fill_gradient_rect(&buffer, handle, &negative) == SHEEN_ERROR_INVALID_ARGUMENT)
            #expect(sheen_fill_gradient_rect(&buffer, handle, nil) == SHEEN_ERROR_NULL_POINTER)
            #expect(pieces.bytes == before)
        }
    }

    /// sheen_composite_glyphs writes what one sheen_composite per glyph writes; a bad glyph
    /// anywhere refuses the run with the destination untouched.
    @Test func glyphRunEqualsSingleCalls() throws {
        let masks = try (0 ..< 6).map { try Self.noise(5 + 3 * $0, 4 + $0, .a8, seed: UInt64(40 + $0)) }
        // The C buffers point into the masks, which nothing below names: without this their
        // memory could go at their last use (a release build freed it before the calls).
        defer { withExtendedLifetime(masks) {} }
        var cMasks = masks.map(Self.cBuffer)
        let positions = [(0, 0), (-3, 5), (30, -2), (40, 15), (12, 9), (12, 9)]
        for color in [Color(rgba: 0x3478_F6FF), Color(rgba: 0xFF3B_3080)] {
            let single = try Self.noise(43, 19, .rgba8Premultiplied, seed: 7), run = try Self.copy(single)
            var cSingle = Self.cBuffer(single), cRun = Self.cBuffer(run)
            var paint = sheen_paint()
            paint.kind = 0  // SHEEN_PAINT_COLOR
            paint.color = Self.cColor(color)
            let cOp = Int32(3)  // SHEEN_OP_SOURCE_OVER
            cMasks.withUnsafeMutableBufferPointer { m in
                var glyphs: [sheen_glyph] = []
                for (i, (x, y)) in positions.enumerated() {
                    var coverage = sheen_coverage(kind: 2, alpha: 255, mask: UnsafePointer(m.baseAddress! + i), mask_x: x, mask_y: y)
                    #expect(sheen_composite(&cSingle, &paint, cOp, &coverage) == SHEEN_OK)
                    glyphs.append(sheen_glyph(mask: UnsafePointer(m.baseAddress! + i), x: x, y: y))
                }
                #expect(sheen_composite_glyphs(&cRun, &paint, cOp, &glyphs, glyphs.count) == SHEEN_OK)
                #expect(single.bytes == run.bytes, "\(color)")

                let before = run.bytes
                var notA8 = Self.cBuffer(single)
                var bad = glyphs
                withUnsafePointer(to: &notA8) { p in
                    bad[3] = sheen_glyph(mask: p, x: 0, y: 0)
                    #expect(sheen_composite_glyphs(&cRun, &paint, cOp, &bad, bad.count) == SHEEN_ERROR_INVALID_BUFFER)
                }
                bad[3] = sheen_glyph(mask: nil, x: 0, y: 0)
                #expect(sheen_composite_glyphs(&cRun, &paint, cOp, &bad, bad.count) == SHEEN_ERROR_NULL_POINTER)
                #expect(sheen_composite_glyphs(&cRun, &paint, cOp, nil, 2) == SHEEN_ERROR_NULL_POINTER)
                #expect(sheen_composite_glyphs(&cRun, &paint, cOp, nil, 0) == SHEEN_OK)
                #expect(run.bytes == before)
            }
        }
    }

    @Test(arguments: CompositeOperator.allCases)
    func compositeEqualsSwift(op: CompositeOperator) throws {
        let cOp = Int32(CompositeOperator.allCases.firstIndex(of: op)!)
        let gradient = try Self.cGradient(Self.shapes[0])
        defer { sheen_gradient_destroy(gradient) }
        let mask = try Self.noise(13, 7, .a8, seed: 5)
        var cMask = Self.cBuffer(mask)
        for format in PixelFormat.allCases where !(op.isBlendMode && format == .a8) {
            let source = try Self.noise(11, 6, format == .a8 ? .a8 : .bgra8Premultiplied, seed: 9)
            var cSource = Self.cBuffer(source)
            let color = Color(red: 0.2, green: 0.7, blue: 0.4, alpha: 0.6)
            let paints: [(sheen_paint, Paint)] = [
                (sheen_paint(kind: 0, color: Self.cColor(color), premultiplied: (0, 0, 0, 0), gradient: nil, image: nil, image_x: 0, image_y: 0, pattern: nil),
                 .color(color)),
                (sheen_paint(kind: 1, color: Self.cColor(.black), premultiplied: (30, 60, 90, 120), gradient: nil, image: nil, image_x: 0, image_y: 0, pattern: nil),
                 .premultiplied(SIMD4(30, 60, 90, 120))),
                (sheen_paint(kind: 2, color: Self.cColor(.black), premultiplied: (0, 0, 0, 0), gradient: gradient, image: nil, image_x: 0, image_y: 0, pattern: nil),
                 .gradient(try GradientFill(Gradient(shape: Self.shapes[0], stops: Self.stops)))),
            ]
            for (index, (var cPaint, paint)) in paints.enumerated() {
                // The mask's pointer is filled in at the call, where it is valid.
                let coverages: [(sheen_coverage, Coverage)] = mask.withReadOnlyBuffer { m in [
                    (sheen_coverage(kind: 0, alpha: 0, mask: nil, mask_x: 0, mask_y: 0), .full),
                    (sheen_coverage(kind: 1, alpha: 150, mask: nil, mask_x: 0, mask_y: 0), .alpha(150)),
                    (sheen_coverage(kind: 2, alpha: 200, mask: nil, mask_x: 20, mask_y: -2), .mask(m, x: 20, y: -2, alpha: 200)),
                ] }
                for (var cCoverage, coverage) in coverages {
                    let destination = try Self.noise(29, 9, format, seed: 17)
                    let expected = try Self.copy(destination)
                    var cDestination = Self.cBuffer(destination)
                    let status = withUnsafePointer(to: &cMask) { maskPointer in
                        if cCoverage.kind == 2 { cCoverage.mask = maskPointer }
                        return sheen_composite(&cDestination, &cPaint, cOp, &cCoverage)
                    }
                    #expect(status == SHEEN_OK, "\(String(cString: sheen_last_error_message()))")
                    try expected.withBuffer { b in
                        try mask.withReadOnlyBuffer { m in
                            var swiftCoverage = coverage
                            if case let .mask(_, x, y, a) = coverage { swiftCoverage = .mask(m, x: x, y: y, alpha: a) }
                            try b.composite(paint, operator: op, coverage: swiftCoverage)
                        }
                    }
                    #expect(destination.bytes == expected.bytes, "\(op) \(format) paint \(index) \(coverage)")
                }
            }
            // A pattern paint (a row strip of the gradient).
            var pattern: OpaquePointer?
            #expect(sheen_pattern_create(gradient, 1, 17, 3, Self.cFormatValue(format), &pattern) == SHEEN_OK)
            defer { sheen_pattern_destroy(pattern) }
            var cPattern = sheen_paint(kind: 4, color: Self.cColor(.black), premultiplied: (0, 0, 0, 0), gradient: nil, image: nil,
                                       image_x: 0, image_y: 0, pattern: pattern)
            let patterned = try Self.noise(29, 9, format, seed: 29)
            let patternExpected = try Self.copy(patterned)
            var cPatterned = Self.cBuffer(patterned)
            #expect(sheen_composite(&cPatterned, &cPattern, cOp, nil) == SHEEN_OK, "\(String(cString: sheen_last_error_message()))")
            let swiftPattern = try GradientPattern(try GradientFill(Gradient(shape: Self.shapes[0], stops: Self.stops)), axis: .row, length: 17,
                                                   at: 3, format: format)
            try patternExpected.withBuffer { try $0.composite(.pattern(swiftPattern), operator: op) }
            #expect(patterned.bytes == patternExpected.bytes, "\(op) \(format) pattern")
            // An image paint placed at an offset.
            var cPaint = sheen_paint(kind: 3, color: Self.cColor(.black), premultiplied: (0, 0, 0, 0), gradient: nil, image: nil,
                                     image_x: 5, image_y: 2, pattern: nil)
            let destination = try Self.noise(29, 9, format, seed: 23)
            let expected = try Self.copy(destination)
            var cDestination = Self.cBuffer(destination)
            let status = withUnsafePointer(to: &cSource) { p in
                cPaint.image = p
                return sheen_composite(&cDestination, &cPaint, cOp, nil)
            }
            #expect(status == SHEEN_OK || (format != .a8 && source.format == .a8), "\(String(cString: sheen_last_error_message()))")
            try expected.withBuffer { b in try source.withReadOnlyBuffer { try b.composite(.image($0, x: 5, y: 2), operator: op) } }
            #expect(destination.bytes == expected.bytes, "\(op) \(format) image")
        }
    }

    @Test func blurEqualsSwift() throws {
        for format in PixelFormat.allCases {
            for (sx, sy, edges) in [(0.0, 1.5, Int32(0)), (2.5, 2.5, 1), (7, 3, 0)] {
                let fromC = try Self.noise(37, 23, format, seed: 31)
                let fromSwift = try Self.copy(fromC)
                var buffer = Self.cBuffer(fromC)
                #expect(sheen_blur(&buffer, sx, sy, edges) == SHEEN_OK)
                try fromSwift.withBuffer { try GaussianBlur(sigmaX: sx, sigmaY: sy, edges: edges == 0 ? .transparent : .clamp).apply(in: $0) }
                #expect(fromC.bytes == fromSwift.bytes, "\(format) σ \(sx)×\(sy)")
            }
            let source = try Self.noise(20, 9, format, seed: 37)
            var cSource = Self.cBuffer(source)
            var grown: OpaquePointer?
            var (dx, dy) = (0, 0)
            #expect(sheen_blur_grown(&cSource, 2, 1, &grown, &dx, &dy) == SHEEN_OK)
            defer { sheen_image_destroy(grown) }
            var out = sheen_buffer()
            #expect(sheen_image_get_buffer(grown, &out) == SHEEN_OK)
            let swift = try source.withReadOnlyBuffer { try GaussianBlur(sigmaX: 2, sigmaY: 1).grown($0) }
            #expect((dx, dy) == (swift.offsetX, swift.offsetY) && out.width == swift.image.width && out.height == swift.image.height)
            let bytes = Array(UnsafeRawBufferPointer(start: out.pixels, count: out.bytes_per_row * out.height))
            #expect(bytes == swift.image.bytes)
        }
    }

    /// Every C setter LabelProperty's table names is declared in sheen.h (the old names too),
    /// and each per-property setter refuses a number outside the property's range, naming its
    /// key, and takes one inside.
    @Test func labelPropertySettersAreTheTables() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let header = try String(contentsOf: root.appendingPathComponent("Sources/CSheenAPI/include/sheen.h"), encoding: .utf8)
        for property in LabelProperty.all {
            for name in [property.setter].compactMap({ $0 }) + property.oldNames.filter({ $0.hasPrefix("sheen_") }) {
                #expect(header.contains(" \(name)("), "\(property.key): \(name) is not in sheen.h")
            }
        }
        var font: OpaquePointer?, label: OpaquePointer?
        #expect(sheen_font_create_named("DejaVu Sans", 22, &font) == SHEEN_OK)
        defer { sheen_font_destroy(font) }
        #expect(sheen_label_create("x", font, 100, 40, &label) == SHEEN_OK)
        defer { sheen_label_destroy(label) }
        let numbers: [(String, (Double) -> sheen_status)] = [
            ("lines", { sheen_label_set_lines(label, $0.isNaN ? -1 : Int($0)) }), ("minScale", { sheen_label_set_min_scale(label, $0) }),
            ("lineHeight", { sheen_label_set_line_height(label, $0) }), ("lineSpacing", { sheen_label_set_line_spacing(label, $0) }),
            ("canvas", { sheen_label_set_canvas(label, $0, 10) }),
            // The older setter takes the same range.
            ("lines", { sheen_label_set_line_break(label, Int32(SHEEN_BREAK_WORD_WRAP.rawValue), $0.isNaN ? -1 : Int($0)) }),
        ]
        for (key, set) in numbers {
            let range = try #require(LabelProperty.named(key)?.range)
            #expect(set(range.upperBound) == SHEEN_OK, "\(key)")
            #expect(set(range.upperBound + 1) == SHEEN_ERROR_INVALID_ARGUMENT, "\(key)")
            #expect(String(cString: sheen_last_error_message()).contains(key))
            #expect(set(.nan) == SHEEN_ERROR_INVALID_ARGUMENT, "\(key)")
        }
        #expect(sheen_label_set_align(label, Int32(SHEEN_ALIGN_CENTER.rawValue)) == SHEEN_OK)
        #expect(sheen_label_set_align(label, 9) == SHEEN_ERROR_INVALID_ARGUMENT)
        #expect(sheen_label_set_vertical(label, Int32(SHEEN_VALIGN_TOP.rawValue)) == SHEEN_OK)
        #expect(sheen_label_set_baseline(label, Int32(SHEEN_BASELINE_CENTERS.rawValue)) == SHEEN_OK)
        #expect(sheen_label_set_baseline(label, 3) == SHEEN_ERROR_INVALID_ARGUMENT)
        #expect(sheen_label_set_tighten(label, true) == SHEEN_OK)
        #expect(sheen_label_set_inset_shadows(label, true) == SHEEN_OK)
        #expect(sheen_label_set_clip(label, true) == SHEEN_OK)
        #expect(sheen_label_set_hyphenation(label, "en_US") == SHEEN_OK)
        #expect(sheen_label_set_hyphenation(label, nil) == SHEEN_OK)
        var red = sheen_color(red: 1, green: 0, blue: 0, alpha: 1)
        #expect(sheen_label_set_highlight(label, &red) == SHEEN_OK)
        #expect(sheen_label_set_highlight(label, nil) == SHEEN_OK)
    }

    @Test func textAndLabelsEqualSwift() throws {
        var font: OpaquePointer?
        #expect(sheen_font_create_named("DejaVu Sans", 22, &font) == SHEEN_OK)
        defer { sheen_font_destroy(font) }
        let swiftFont = try Font(named: "DejaVu Sans", size: 22)
        var options = sheen_text_options()
        sheen_text_options_default(&options)
        options.width = 120
        options.number_of_lines = 0
        options.line_break = 0
        var layout: OpaquePointer?
        #expect(sheen_text_layout_create("Wrapped text, AV fi, Ωμέγα", font, &options, &layout) == SHEEN_OK)
        defer { sheen_text_layout_destroy(layout) }
        var swiftOptions = TextLayoutOptions()
        swiftOptions.numberOfLines = 0
        swiftOptions.lineBreakMode = .byWordWrapping
        let swiftLayout = try TextLayout(AttributedText("Wrapped text, AV fi, Ωμέγα", font: swiftFont), bounds: Size(width: 120, height: 0),
                                         options: swiftOptions)
        var ink = sheen_rect()
        #expect(sheen_text_layout_ink_rect(layout, &ink) == SHEEN_OK)
        let swiftInk = try swiftLayout.inkRect()
        #expect((ink.x, ink.y, ink.width, ink.height) == (swiftInk.x, swiftInk.y, swiftInk.width, swiftInk.height))
        var mask: OpaquePointer?
        var (mx, my) = (0, 0)
        #expect(sheen_text_layout_mask(layout, &mask, &mx, &my) == SHEEN_OK)
        defer { sheen_image_destroy(mask) }
        var maskBuffer = sheen_buffer()
        #expect(sheen_image_get_buffer(mask, &maskBuffer) == SHEEN_OK)
        let swiftMask = try swiftLayout.mask(region: swiftInk)
        #expect((mx, my) == (swiftMask.region.x, swiftMask.region.y))
        #expect(Array(UnsafeRawBufferPointer(start: maskBuffer.pixels, count: maskBuffer.width * maskBuffer.height)) == swiftMask.image.bytes)
        let drawn = try Self.noise(90, 70, .a8, seed: 41), swiftDrawn = try Self.copy(drawn)
        var drawnBuffer = Self.cBuffer(drawn)
        #expect(sheen_text_layout_draw(layout, &drawnBuffer, -7, 3) == SHEEN_OK)
        try swiftDrawn.withBuffer { try swiftLayout.draw(into: $0, origin: (-7, 3)) }
        #expect(drawn.bytes == swiftDrawn.bytes)

        // A label with every setter, as an image and drawn into a host buffer.
        var label: OpaquePointer?
        #expect(sheen_label_create("Label from C", font, 200, 60, &label) == SHEEN_OK)
        defer { sheen_label_destroy(label) }
        var colors = [Self.cColor(Color(rgba: 0x3478_F6FF)), Self.cColor(Color(rgba: 0xFF3B_30FF))]
        var background = Self.cColor(Color(rgba: 0xF0F0_F0FF))
        #expect(sheen_label_set_fill_gradient(label, &colors, 2, 30, 3, 2) == SHEEN_OK)
        #expect(sheen_label_set_stroke(label, 1.5, Self.cColor(.black), 1) == SHEEN_OK)
        #expect(sheen_label_add_shadow(label, 2, 3, 2.5, 1, Self.cColor(Color(rgba: 0x0000_0080))) == SHEEN_OK)
        #expect(sheen_label_set_background(label, &background) == SHEEN_OK)
        #expect(sheen_label_set_alignment(label, 1, 2) == SHEEN_OK)
        #expect(sheen_label_set_line_break(label, 0, 2) == SHEEN_OK)
        #expect(sheen_label_set_adjusts_font_size(label, true, 0.5) == SHEEN_OK)
        #expect(sheen_label_set_insets(label, 2, 4, 2, 4) == SHEEN_OK)
        #expect(sheen_label_set_enabled(label, false) == SHEEN_OK)
        #expect(sheen_label_set_alpha(label, 0.8) == SHEEN_OK)
        #expect(sheen_label_set_hinting(label, Int32(SHEEN_HINTING_LIGHT.rawValue)) == SHEEN_OK)
        #expect(sheen_label_set_text_color(label, Self.cColor(.white)) == SHEEN_OK)
        var swiftLabel = Label("Label from C", font: swiftFont, size: Size(width: 200, height: 60))
        swiftLabel.fill = .gradient(LabelGradient(colors: [Color(rgba: 0x3478_F6FF), Color(rgba: 0xFF3B_30FF)], geometry: .linear(angle: 30),
                                                  space: .oklab), extent: .frame)
        swiftLabel.stroke = LabelStroke(width: 1.5, paint: .color(.black), placement: .centered)
        swiftLabel.shadows = [LabelShadow(color: Color(rgba: 0x0000_0080), offset: Point(2, 3), sigma: 2.5, spread: 1)]
        swiftLabel.backgroundColor = Color(rgba: 0xF0F0_F0FF)
        swiftLabel.textAlignment = .right
        swiftLabel.verticalAlignment = .bottom
        swiftLabel.lineBreakMode = .byWordWrapping
        swiftLabel.numberOfLines = 2
        swiftLabel.adjustsFontSizeToFitWidth = true
        swiftLabel.minimumScaleFactor = 0.5
        swiftLabel.insets = EdgeInsets(top: 2, left: 4, bottom: 2, right: 4)
        swiftLabel.isEnabled = false
        swiftLabel.alpha = 0.8
        swiftLabel.hinting = .light
        swiftLabel.textColor = .white
        var image: OpaquePointer?
        #expect(sheen_label_image(label, &image) == SHEEN_OK)
        defer { sheen_image_destroy(image) }
        var imageBuffer = sheen_buffer()
        #expect(sheen_image_get_buffer(image, &imageBuffer) == SHEEN_OK)
        let swiftImage = try swiftLabel.image()
        #expect(Array(UnsafeRawBufferPointer(start: imageBuffer.pixels, count: imageBuffer.bytes_per_row * imageBuffer.height)) == swiftImage.bytes)
        let host = try Self.noise(150, 50, .rgba8Premultiplied, seed: 43), swiftHost = try Self.copy(host)
        var hostBuffer = Self.cBuffer(host)
        #expect(sheen_label_render(label, &hostBuffer, -30, 5) == SHEEN_OK)
        try swiftHost.withBuffer { try swiftLabel.render(into: $0, at: (-30, 5)) }
        #expect(host.bytes == swiftHost.bytes)
        #expect(sheen_label_set_text(label, "Other") == SHEEN_OK)
        #expect(sheen_label_set_size(label, 80, 30) == SHEEN_OK)
        #expect(sheen_label_set_font(label, font) == SHEEN_OK)
        #expect(sheen_label_set_fill_color(label, Self.cColor(.black)) == SHEEN_OK)
        #expect(sheen_label_set_stroke(label, 0, Self.cColor(.black), 0) == SHEEN_OK)
        #expect(sheen_label_clear_shadows(label) == SHEEN_OK)
        #expect(sheen_label_set_background(label, nil) == SHEEN_OK)
        var other: OpaquePointer?
        #expect(sheen_label_image(label, &other) == SHEEN_OK)
        defer { sheen_image_destroy(other) }
        swiftLabel.text = "Other"
        swiftLabel.size = Size(width: 80, height: 30)
        swiftLabel.fill = .color(.black)
        swiftLabel.stroke = nil
        swiftLabel.shadows = []
        swiftLabel.backgroundColor = nil
        var otherBuffer = sheen_buffer()
        #expect(sheen_image_get_buffer(other, &otherBuffer) == SHEEN_OK)
        #expect(Array(UnsafeRawBufferPointer(start: otherBuffer.pixels, count: otherBuffer.bytes_per_row * otherBuffer.height))
                == (try swiftLabel.image()).bytes)
        // Drawn bounds, an inside stroke and clipping, as in Swift: a wide glow overhangs the
        // small label until it is clipped to its rectangle.
        #expect(sheen_label_set_stroke(label, 2, Self.cColor(.white), Int32(SHEEN_STROKE_INSIDE.rawValue)) == SHEEN_OK)
        #expect(sheen_label_add_shadow(label, 0, 0, 6, 0, Self.cColor(.black)) == SHEEN_OK)
        swiftLabel.stroke = LabelStroke(width: 2, paint: .color(.white), placement: .inside)
        swiftLabel.shadows = [.glow(color: .black, sigma: 6)]
        var bounds = sheen_rect()
        #expect(sheen_label_drawn_bounds(label, &bounds) == SHEEN_OK)
        let swiftBounds = try swiftLabel.drawnBounds()
        #expect(swiftBounds.x < 0)
        #expect(bounds.x == swiftBounds.x && bounds.y == swiftBounds.y && bounds.width == swiftBounds.width
                && bounds.height == swiftBounds.height)
        #expect(sheen_label_set_clips_to_bounds(label, true) == SHEEN_OK)
        #expect(sheen_label_drawn_bounds(label, &bounds) == SHEEN_OK)
        #expect(bounds.x == 0 && bounds.y == 0 && bounds.width == 80 && bounds.height == 30)
        #expect(sheen_label_set_stroke(label, 2, Self.cColor(.white), 3) == SHEEN_ERROR_INVALID_ARGUMENT)
        #expect(sheen_label_drawn_bounds(label, nil) == SHEEN_ERROR_NULL_POINTER)
    }

    /// Errors from C carry the Swift error's sentence, per thread, and touch nothing.
    /// Attributed text from C: runs appended with their fonts, colours, decorations, offsets and
    /// backgrounds draw what the Swift label with the same runs draws; a bad run is refused and
    /// the label keeps what it had.
    @Test func attributedRunsEqualSwift() throws {
        var regular: OpaquePointer?, bold: OpaquePointer?
        #expect(sheen_font_create_named("DejaVu Sans", 28, &regular) == SHEEN_OK)
        #expect(sheen_font_create_named("DejaVu Sans:bold", 28, &bold) == SHEEN_OK)
        defer { sheen_font_destroy(regular); sheen_font_destroy(bold) }
        var label: OpaquePointer?
        #expect(sheen_label_create("Plain ", regular, 420, 60, &label) == SHEEN_OK)
        defer { sheen_label_destroy(label) }
        var red = Self.cColor(Color(rgba: 0xFF3B_30FF)), yellow = Self.cColor(Color(rgba: 0xFFE0_8AFF))
        var strong = sheen_run_style()
        strong.font = bold
        #expect(withUnsafePointer(to: &red) { r in
            strong.color = r
            strong.underline = Int32(SHEEN_DECORATION_DOUBLE.rawValue)
            return sheen_label_append_run(label, "bold red", &strong)
        } == SHEEN_OK)
        var raised = sheen_run_style()
        raised.baseline_offset = 6
        raised.tracking = 1.5
        #expect(withUnsafePointer(to: &yellow) { y in
            raised.background = y
            return sheen_label_append_run(label, " raised", &raised)
        } == SHEEN_OK)
        #expect(sheen_label_append_run(label, "!", nil) == SHEEN_OK)
        var before = sheen_rect()
        #expect(sheen_label_drawn_bounds(label, &before) == SHEEN_OK)
        var bad = sheen_run_style()
        bad.strikethrough = 7
        #expect(sheen_label_append_run(label, "never", &bad) == SHEEN_ERROR_INVALID_ARGUMENT)
        #expect(String(cString: sheen_last_error_message()).contains("style->strikethrough 7"))

        let font = try Font(named: "DejaVu Sans", size: 28), boldFont = try Font(named: "DejaVu Sans:bold", size: 28)
        var text = AttributedText("Plain ", font: font)
        text.append("bold red", attributes: TextAttributes(font: boldFont, color: Color(rgba: 0xFF3B_30FF), underline: TextDecoration(.double)))
        text.append(" raised", attributes: TextAttributes(font: font, tracking: 1.5, baselineOffset: 6, backgroundColor: Color(rgba: 0xFFE0_8AFF)))
        text.append("!", attributes: TextAttributes(font: font))
        var swiftLabel = Label("", font: font, size: Size(width: 420, height: 60))
        swiftLabel.attributedText = text
        var image: OpaquePointer?
        #expect(sheen_label_image(label, &image) == SHEEN_OK)
        defer { sheen_image_destroy(image) }
        var pixels = sheen_buffer()
        #expect(sheen_image_get_buffer(image, &pixels) == SHEEN_OK)
        let expected = try swiftLabel.image()
        #expect(pixels.width == expected.width && pixels.height == expected.height)
        #expect(Array(UnsafeRawBufferPointer(start: pixels.pixels, count: pixels.width * pixels.height * 4)) == expected.bytes)
        // Plain text again after sheen_label_set_text.
        #expect(sheen_label_set_text(label, "Plain") == SHEEN_OK)
        var after = sheen_rect()
        #expect(sheen_label_drawn_bounds(label, &after) == SHEEN_OK)
        #expect(after.width == before.width)   // the frame: the runs are gone, the size is the same
    }

    @Test func errorsCarryTheSwiftMessagePerThread() throws {
        let destination = try Self.noise(10, 10, .rgba8Premultiplied, seed: 3)
        let before = destination.bytes
        var buffer = Self.cBuffer(destination)
        #expect(sheen_blur(&buffer, -1, 1, 0) == SHEEN_ERROR_INVALID_ARGUMENT)
        let swiftMessage: String
        do { _ = try GaussianBlur(sigmaX: -1, sigmaY: 1); swiftMessage = "" } catch { swiftMessage = "\(error)" }
        #expect(!swiftMessage.isEmpty && String(cString: sheen_last_error_message()) == swiftMessage)
        #expect(destination.bytes == before)
        // Another thread starts with no message and fails its own way; this thread's stays.
        let seen = Mutexed<(String, String)>(("", ""))
        let done = DispatchSemaphore(value: 0)
        Thread {
            let first = String(cString: sheen_last_error_message())
            var font: OpaquePointer?
            _ = sheen_font_create_file("/nonexistent.ttf", 0, 12, &font)
            seen.set((first, String(cString: sheen_last_error_message())))
            done.signal()
        }.start()
        done.wait()
        #expect(seen.get().0 == "" && seen.get().1.contains("/nonexistent.ttf"))
        #expect(String(cString: sheen_last_error_message()) == swiftMessage)
        #expect(String(cString: sheen_version()) == SHEEN_VERSION_STRING && SHEEN_VERSION_STRING == Sheen.version)
    }

    /// sheen_exact_composite answers what ExactComposite answers, in the format's channel order
    /// (BGRA swapped both ways), per pixel of a span, with and without coverage, on A8 too.
    @Test func exactCompositeIsTheSwiftExactReference() {
        var generator = SeededGenerator(seed: 0xE8AC7)
        for op in CompositeOperator.allCases {
            for rule in ExactComposite.CoverageRule.allCases {
                let count = 17
                var paint = [UInt8](), destination = [UInt8](), coverage = [UInt8]()
                for _ in 0 ..< count {
                    for bytes in [0, 1] {
                        let a = UInt8.random(in: 0 ... 255, using: &generator)
                        let pixel = (0 ..< 3).map { _ in UInt8.random(in: 0 ... a, using: &generator) } + [a]
                        if bytes == 0 { paint += pixel } else { destination += pixel }
                    }
                    coverage.append(UInt8.random(in: 0 ... 255, using: &generator))
                }
                let opValue = Int32(CompositeOperator.allCases.firstIndex(of: op)!)
                func cFormat(_ format: PixelFormat) -> Int32 {
                    Int32((format == .a8 ? SHEEN_FORMAT_A8 : format == .bgra8Premultiplied ? SHEEN_FORMAT_BGRA8_PREMULTIPLIED
                                                                                         : SHEEN_FORMAT_RGBA8_PREMULTIPLIED).rawValue)
                }
                for format in [PixelFormat.rgba8Premultiplied, .bgra8Premultiplied] {
                    for masked in [false, true] {
                        var out = [Double](repeating: .nan, count: 4 * count)
                        let status = masked
                            ? sheen_exact_composite(opValue, rule.rawValue, cFormat(format), paint, coverage, destination, count, &out)
                            : sheen_exact_composite(opValue, rule.rawValue, cFormat(format), paint, nil, destination, count, &out)
                        #expect(status == SHEEN_OK)
                        for i in 0 ..< count {
                            func pixel(_ v: [UInt8]) -> SIMD4<UInt8> { format.rgbaOrder(SIMD4(v[4 * i], v[4 * i + 1], v[4 * i + 2], v[4 * i + 3])) }
                            let want = format.rgbaOrder(ExactComposite.pixel(op, paint: pixel(paint), destination: pixel(destination),
                                                                             coverage: masked ? coverage[i] : 255, rule: rule))
                            let got = SIMD4(out[4 * i], out[4 * i + 1], out[4 * i + 2], out[4 * i + 3])
                            if got != want { Issue.record("\(op) \(rule) \(format) pixel \(i): \(got) vs \(want)"); return }
                        }
                    }
                }
                var alpha = [Double](repeating: .nan, count: count)
                let alphas = stride(from: 3, to: 4 * count, by: 4).map { paint[$0] }, destinations = stride(from: 3, to: 4 * count, by: 4).map { destination[$0] }
                #expect(sheen_exact_composite(opValue, rule.rawValue, cFormat(PixelFormat.a8), alphas, coverage, destinations, count, &alpha) == SHEEN_OK)
                for i in 0 ..< count where alpha[i] != ExactComposite.alpha(op, paint: alphas[i], destination: destinations[i],
                                                                             coverage: coverage[i], rule: rule) {
                    Issue.record("\(op) \(rule) A8 pixel \(i): \(alpha[i])"); return
                }
            }
        }
    }

    /// sheen_exact_gradient answers GradientFill.exactColor(at:premultiplied:) for every shape,
    /// spread and space, at pixel centres and between them; straight is premultiplied ÷ alpha.
    @Test func exactGradientIsTheSwiftExactColour() throws {
        for shape in Self.shapes {
            for (cSpread, spread) in [(Int32(0), GradientSpread.pad), (1, .repeat), (2, .reflect)] {
                for (cSpace, space) in [(Int32(0), ColorSpace.sRGB), (2, .oklab)] {
                    let handle = try Self.cGradient(shape)
                    defer { sheen_gradient_destroy(handle) }
                    #expect(sheen_gradient_set_spread(handle, cSpread) == SHEEN_OK)
                    #expect(sheen_gradient_set_color_space(handle, cSpace) == SHEEN_OK)
                    let fill = try GradientFill(Gradient(shape: shape, stops: Self.stops, spread: spread, space: space))
                    var points: [Double] = []
                    for i in 0 ..< 40 { points += [Double(i) * 1.37 - 3, Double(i % 7) * 2.9 + 0.5] }
                    for premultiplied in [true, false] {
                        var out = [Double](repeating: .nan, count: 160)
                        #expect(sheen_exact_gradient(handle, points, 40, premultiplied, &out) == SHEEN_OK)
                        for i in 0 ..< 40 {
                            let want = fill.exactColor(at: Point(points[2 * i], points[2 * i + 1]), premultiplied: premultiplied)
                            let got = SIMD4(out[4 * i], out[4 * i + 1], out[4 * i + 2], out[4 * i + 3])
                            #expect(got == want, "\(shape) \(spread) \(space) point \(i)")
                            if !premultiplied {
                                let p = fill.exactColor(at: Point(points[2 * i], points[2 * i + 1]))
                                #expect(p.w == 0 || abs(got.x * p.w / 255 - p.x) < 1e-9)
                            }
                        }
                    }
                }
            }
        }
    }

    /// sheen_exact_blur writes GaussianBlur.exactValues, for both formats and edge modes.
    @Test func exactBlurIsTheSwiftExactBlur() throws {
        for format in [PixelFormat.rgba8Premultiplied, .a8] {
            for (cEdges, edges) in [(Int32(0), BlurEdges.transparent), (1, .clamp)] {
                let image = try Self.noise(19, 11, format, seed: 77)
                var buffer = Self.cBuffer(image)
                var out = [Double](repeating: .nan, count: 19 * 11 * format.bytesPerPixel)
                #expect(sheen_exact_blur(&buffer, 2.5, 1.5, cEdges, &out) == SHEEN_OK)
                let want = image.withBuffer { try! GaussianBlur(sigmaX: 2.5, sigmaY: 1.5, edges: edges).exactValues(of: $0.readOnly) }
                #expect(out == want, "\(format) \(edges)")
                #expect(sheen_exact_blur(&buffer, .nan, 1, cEdges, &out) == SHEEN_ERROR_INVALID_ARGUMENT)
                #expect(sheen_exact_blur(&buffer, 2, 1, cEdges, nil) == SHEEN_ERROR_NULL_POINTER)
            }
        }
    }
}
