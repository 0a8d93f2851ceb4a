// Gradients: made from C stops, adjusted by setters, prepared (validated) when made or changed
// and reused by every draw.

import CSheenAPI
import SheenPlatform
import SheenRaster

/// Stops from a C array (count ≥ 1 — or 0 with `mayBeEmpty`, stops then possibly NULL —,
/// offsets and colours finite).
func stops(_ stops: UnsafePointer<sheen_gradient_stop>?, _ count: Int, mayBeEmpty: Bool = false) throws -> [GradientStop] {
    guard try size(count, "count") > 0 else {
        if mayBeEmpty { return [] }
        throw RasterError.emptyGradient
    }
    guard let stops else { throw CAPIError.null("stops") }
    guard count <= 1 << 20 else { throw CAPIError.invalid("count \(count) is more than 2^20 stops") }
    // Over the indices, so the array is made at its final size (an enumerated sequence's map grows it).
    return try (0 ..< count).map { i in
        GradientStop(try finite(stops[i].offset, "stops[\(i)].offset"), try color(stops[i].color, "stops[\(i)].color"))
    }
}

/// Checks the gradient the way drawing will, then hands it out.
private func makeGradient(_ gradient: Gradient, _ out: UnsafeMutablePointer<OpaquePointer?>?, canvasRules: Bool = false) throws {
    let out = try required(out, "out")
    store(try GradientBox(gradient, canvasRules: canvasRules), into: out)
}

/// `sheen_gradient_create_canvas_linear` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_gradient_create_canvas_linear")
public func sheenGradientCreateCanvasLinear(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double,
                                            _ stopArray: UnsafePointer<sheen_gradient_stop>?, _ count: Int,
                                            _ out: UnsafeMutablePointer<OpaquePointer?>?) -> sheen_status {
    capi {
        let stops = try stops(stopArray, count, mayBeEmpty: true)
        try makeGradient(Gradient(shape: .linear(start: Point(x0, y0), end: Point(x1, y1)), stops: stops), out, canvasRules: true)
    }
}

/// `sheen_gradient_create_canvas_radial` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_gradient_create_canvas_radial")
public func sheenGradientCreateCanvasRadial(_ cx0: Double, _ cy0: Double, _ r0: Double, _ cx1: Double, _ cy1: Double, _ r1: Double,
                                            _ stopArray: UnsafePointer<sheen_gradient_stop>?, _ count: Int,
                                            _ out: UnsafeMutablePointer<OpaquePointer?>?) -> sheen_status {
    capi {
        let shape = GradientShape.radial(startCenter: Point(cx0, cy0), startRadius: r0, endCenter: Point(cx1, cy1), endRadius: r1)
        try makeGradient(Gradient(shape: shape, stops: try stops(stopArray, count, mayBeEmpty: true)), out, canvasRules: true)
    }
}

/// `sheen_gradient_create_canvas_conic` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_gradient_create_canvas_conic")
public func sheenGradientCreateCanvasConic(_ cx: Double, _ cy: Double, _ startAngle: Double,
                                           _ stopArray: UnsafePointer<sheen_gradient_stop>?, _ count: Int,
                                           _ out: UnsafeMutablePointer<OpaquePointer?>?) -> sheen_status {
    capi {
        let stops = try stops(stopArray, count, mayBeEmpty: true)
        try makeGradient(Gradient(shape: .conic(center: Point(cx, cy), startAngle: startAngle), stops: stops), out, canvasRules: true)
    }
}

/// `sheen_gradient_create_linear` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_gradient_create_linear")
public func sheenGradientCreateLinear(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double,
                                      _ stopArray: UnsafePointer<sheen_gradient_stop>?, _ count: Int,
                                      _ out: UnsafeMutablePointer<OpaquePointer?>?) -> sheen_status {
    capi {
        try makeGradient(Gradient(shape: .linear(start: Point(x0, y0), end: Point(x1, y1)), stops: try stops(stopArray, count)), out)
    }
}

/// `sheen_gradient_create_radial` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_gradient_create_radial")
public func sheenGradientCreateRadial(_ cx0: Double, _ cy0: Double, _ r0: Double, _ cx1: Double, _ cy1: Double, _ r1: Double,
                                      _ stopArray: UnsafePointer<sheen_gradient_stop>?, _ count: Int,
                                      _ out: UnsafeMutablePointer<OpaquePointer?>?) -> sheen_status {
    capi {
        let shape = GradientShape.radial(startCenter: Point(cx0, cy0), startRadius: r0, endCenter: Point(cx1, cy1), endRadius: r1)
        try makeGradient(Gradient(shape: shape, stops: try stops(stopArray, count)), out)
    }
}

/// `sheen_gradient_create_conic` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_gradient_create_conic")
public func sheenGradientCreateConic(_ cx: Double, _ cy: Double, _ startAngle: Double,
                                     _ stopArray: UnsafePointer<sheen_gradient_stop>?, _ count: Int,
                                     _ out: UnsafeMutablePointer<OpaquePointer?>?) -> sheen_status {
    capi {
        try makeGradient(Gradient(shape: .conic(center: Point(cx, cy), startAngle: startAngle), stops: try stops(stopArray, count)), out)
    }
}

/// A shape of C kind `kind` from `count` C numbers.
func shape(_ kind: Int32, _ numbers: UnsafePointer<Double>?, _ count: Int) throws -> GradientShape {
    let kind: GradientShape.Kind = try enumeration(kind, "kind")
    guard try size(count, "count") == kind.numberCount else {
        throw CAPIError.invalid("count \(count) is not the \(kind.numberCount) numbers of a \(kind.word) gradient")
    }
    guard let numbers else { throw CAPIError.null("numbers") }
    return try GradientShape(kind: kind, numbers: (0 ..< count).map { i in try finite(numbers[i], "numbers[\(i)]") })
}

/// `sheen_gradient_create_shape` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_gradient_create_shape")
public func sheenGradientCreateShape(_ kind: Int32, _ numbers: UnsafePointer<Double>?, _ count: Int,
                                     _ stopArray: UnsafePointer<sheen_gradient_stop>?, _ stopCount: Int,
                                     _ out: UnsafeMutablePointer<OpaquePointer?>?) -> sheen_status {
    capi {
        try makeGradient(Gradient(shape: try shape(kind, numbers, count), stops: try stops(stopArray, stopCount)), out)
    }
}

/// The kinds' words and their numbers' names as C strings, made once (they live as long as the
/// library).
nonisolated(unsafe) private let kindWords: [UnsafeMutablePointer<CChar>] =
    GradientShape.Kind.listed.map { strdup($0.word)! }
nonisolated(unsafe) private let kindNumbers: [UnsafeMutablePointer<CChar>] =
    GradientShape.Kind.listed.map { strdup($0.value.parameters.flatMap(\.numberNames).joined(separator: ","))! }

/// `sheen_gradient_kind_name` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_gradient_kind_name")
public func sheenGradientKindName(_ kind: Int32) -> UnsafePointer<CChar>? {
    guard kind >= 0, Int(kind) < kindWords.count else { return nil }
    return UnsafePointer(kindWords[Int(kind)])
}

/// `sheen_gradient_kind_numbers` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_gradient_kind_numbers")
public func sheenGradientKindNumbers(_ kind: Int32) -> UnsafePointer<CChar>? {
    guard kind >= 0, Int(kind) < kindNumbers.count else { return nil }
    return UnsafePointer(kindNumbers[Int(kind)])
}

/// A spread from its C value.
func spread(_ value: Int32) throws -> GradientSpread {
    switch UInt32(bitPattern: value) {
    case SHEEN_SPREAD_PAD.rawValue: return .pad
    case SHEEN_SPREAD_REPEAT.rawValue: return .repeat
    case SHEEN_SPREAD_REFLECT.rawValue: return .reflect
    default: throw CAPIError.invalid("spread \(value) is not a sheen_spread (0…2)")
    }
}

/// A colour space from its C value.
func colorSpace(_ value: Int32) throws -> ColorSpace {
    switch UInt32(bitPattern: value) {
    case SHEEN_COLOR_SPACE_SRGB.rawValue: return .sRGB
    case SHEEN_COLOR_SPACE_LINEAR_SRGB.rawValue: return .linearSRGB
    case SHEEN_COLOR_SPACE_OKLAB.rawValue: return .oklab
    default: throw CAPIError.invalid("color space \(value) is not a sheen_color_space (0…2)")
    }
}

/// Applies `change` to a gradient only if the result is still valid.
private func adjust(_ handle: OpaquePointer?, _ change: (inout Gradient) throws -> Void) throws {
    let box = try borrow(handle, "gradient", as: GradientBox.self)
    var gradient = box.gradient
    try change(&gradient)
    try box.replace(with: gradient)
}

/// `sheen_gradient_set_spread` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_gradient_set_spread")
public func sheenGradientSetSpread(_ gradient: OpaquePointer?, _ value: Int32) -> sheen_status {
    capi { try adjust(gradient) { $0.spread = try spread(value) } }
}

/// `sheen_gradient_set_color_space` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_gradient_set_color_space")
public func sheenGradientSetColorSpace(_ gradient: OpaquePointer?, _ value: Int32) -> sheen_status {
    capi { try adjust(gradient) { $0.space = try colorSpace(value) } }
}

/// `sheen_gradient_set_alpha_interpolation` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_gradient_set_alpha_interpolation")
public func sheenGradientSetAlphaInterpolation(_ gradient: OpaquePointer?, _ value: Int32) -> sheen_status {
    capi {
        try adjust(gradient) {
            switch UInt32(bitPattern: value) {
            case SHEEN_ALPHA_PREMULTIPLIED.rawValue: $0.alphaInterpolation = .premultiplied
            case SHEEN_ALPHA_STRAIGHT.rawValue: $0.alphaInterpolation = .straight
            default: throw CAPIError.invalid("alpha interpolation \(value) is not a sheen_alpha_interpolation (0…1)")
            }
        }
    }
}

/// `sheen_gradient_set_transform` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_gradient_set_transform")
public func sheenGradientSetTransform(_ gradient: OpaquePointer?, _ m: UnsafePointer<Double>?) -> sheen_status {
    capi {
        guard let m else { throw CAPIError.null("m") }
        try adjust(gradient) { $0.transform = Matrix2D(a: m[0], b: m[1], c: m[2], d: m[3], tx: m[4], ty: m[5]) }
    }
}

/// `sheen_gradient_set_dither` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_gradient_set_dither")
public func sheenGradientSetDither(_ gradient: OpaquePointer?, _ dither: Bool) -> sheen_status {
    capi { try adjust(gradient) { $0.dither = dither } }
}

/// `sheen_gradient_destroy` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_gradient_destroy")
public func sheenGradientDestroy(_ gradient: OpaquePointer?) { release(gradient, as: GradientBox.self) }

/// `sheen_fill_gradient` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_fill_gradient")
public func sheenFillGradient(_ destination: UnsafePointer<sheen_buffer>?, _ gradient: OpaquePointer?) -> sheen_status {
    capi {
        let buffer = try rasterBuffer(destination, "destination")
        try borrow(gradient, "gradient", as: GradientBox.self).fill.fill(buffer)
    }
}

/// `sheen_fill_gradient_rect` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_fill_gradient_rect")
public func sheenFillGradientRect(_ destination: UnsafePointer<sheen_buffer>?, _ gradient: OpaquePointer?,
                                  _ rect: UnsafePointer<sheen_rect>?) -> sheen_status {
    capi {
        let buffer = try rasterBuffer(destination, "destination")
        guard let r = rect?.pointee else { throw CAPIError.null("rect") }
        try borrow(gradient, "gradient", as: GradientBox.self).fill
            .fill(buffer, rect: PixelRect(x: r.x, y: r.y, width: r.width, height: r.height))
    }
}

/// `sheen_pattern_create` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_pattern_create")
public func sheenPatternCreate(_ gradient: OpaquePointer?, _ axis: Int32, _ length: Int, _ position: Int, _ format: Int32,
                               _ out: UnsafeMutablePointer<OpaquePointer?>?) -> sheen_status {
    capi {
        let fill = try borrow(gradient, "gradient", as: GradientBox.self).fill
        let direction: GradientPattern.Axis
        switch UInt32(bitPattern: axis) {
        case SHEEN_PATTERN_COLUMN.rawValue: direction = .column
        case SHEEN_PATTERN_ROW.rawValue: direction = .row
        default: throw CAPIError.invalid("axis \(axis) is not a sheen_pattern_axis (0…1)")
        }
        let pixelFormat = try pixelFormat(format)
        let out = try required(out, "out")
        store(PatternBox(try GradientPattern(fill, axis: direction, length: length, at: position, format: pixelFormat)), into: out)
    }
}

/// `sheen_fill_pattern` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_fill_pattern")
public func sheenFillPattern(_ destination: UnsafePointer<sheen_buffer>?, _ pattern: OpaquePointer?) -> sheen_status {
    capi {
        let buffer = try rasterBuffer(destination, "destination")
        try borrow(pattern, "pattern", as: PatternBox.self).pattern.fill(buffer)
    }
}

/// `sheen_pattern_destroy` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_pattern_destroy")
public func sheenPatternDestroy(_ pattern: OpaquePointer?) { release(pattern, as: PatternBox.self) }
