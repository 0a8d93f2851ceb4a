// Compositing and blur across the C boundary.

import CSheenAPI
import SheenRaster
import SheenPlatform

/// C operator values in order: sheen.h's SHEEN_OP_* and `allCases` are both generated from the
/// same rows (Scripts/generate-operators.py), so value i is `allCases[i]`.
private let operators = CompositeOperator.allCases

/// An operator from its C value.
func compositeOperator(_ value: Int32) throws -> CompositeOperator {
    guard value >= 0, Int(value) < operators.count else {
        throw CAPIError.invalid("operator \(value) is not a sheen_operator (0…\(operators.count - 1))")
    }
    return operators[Int(value)]
}

/// The operators' names as C strings, made once (they live as long as the library).
nonisolated(unsafe) private let operatorNames: [UnsafeMutablePointer<CChar>] = operators.map { strdup($0.rawValue)! }

/// `sheen_operator_name` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_operator_name")
public func sheenOperatorName(_ op: Int32) -> UnsafePointer<CChar>? {
    guard op >= 0, Int(op) < operatorNames.count else { return nil }
    return UnsafePointer(operatorNames[Int(op)])
}

/// A paint from C. A gradient paints with its handle's prepared fill.
func paint(_ paint: UnsafePointer<sheen_paint>?) throws -> Paint {
    guard let p = paint?.pointee else { throw CAPIError.null("paint") }
    switch UInt32(bitPattern: p.kind) {
    case SHEEN_PAINT_COLOR.rawValue:
        return .color(try color(p.color, "paint->color"))
    case SHEEN_PAINT_PREMULTIPLIED.rawValue:
        let v = p.premultiplied
        return .premultiplied(SIMD4(v.0, v.1, v.2, v.3))
    case SHEEN_PAINT_GRADIENT.rawValue:
        return .gradient(try borrow(p.gradient, "paint->gradient", as: GradientBox.self).fill)
    case SHEEN_PAINT_IMAGE.rawValue:
        guard let image = p.image else { throw CAPIError.null("paint->image") }
        return .image(try rasterBuffer(image, "paint->image").readOnly, x: p.image_x, y: p.image_y)
    case SHEEN_PAINT_PATTERN.rawValue:
        return .pattern(try borrow(p.pattern, "paint->pattern", as: PatternBox.self).pattern)
    default:
        throw CAPIError.invalid("paint->kind \(p.kind) is not a sheen_paint_kind (0…4)")
    }
}

/// A coverage from C (NULL: full).
func coverage(_ coverage: UnsafePointer<sheen_coverage>?) throws -> Coverage {
    guard let c = coverage?.pointee else { return .full }
    switch UInt32(bitPattern: c.kind) {
    case SHEEN_COVERAGE_FULL.rawValue: return .full
    case SHEEN_COVERAGE_ALPHA.rawValue: return .alpha(c.alpha)
    case SHEEN_COVERAGE_MASK.rawValue:
        guard let mask = c.mask else { throw CAPIError.null("coverage->mask") }
        return .mask(try rasterBuffer(mask, "coverage->mask").readOnly, x: c.mask_x, y: c.mask_y, alpha: c.alpha)
    default:
        throw CAPIError.invalid("coverage->kind \(c.kind) is not a sheen_coverage_kind (0…2)")
    }
}

/// `sheen_composite` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_composite")
public func sheenComposite(_ destination: UnsafePointer<sheen_buffer>?, _ paintPointer: UnsafePointer<sheen_paint>?, _ op: Int32,
                           _ coveragePointer: UnsafePointer<sheen_coverage>?) -> sheen_status {
    // A colour through a mask (a glyph) skips the error wrapper and the Paint and Coverage
    // values; anything the fast path declines, every error included, takes the general path.
    if let p = paintPointer?.pointee, p.kind == Int32(SHEEN_PAINT_COLOR.rawValue),
       let c = coveragePointer?.pointee, c.kind == Int32(SHEEN_COVERAGE_MASK.rawValue), c.alpha == 255,
       op >= 0, Int(op) < operators.count,
       let buffer = try? rasterBuffer(destination, "destination"), let mask = try? rasterBuffer(c.mask, "coverage->mask"),
       let level = try? Kernels.requestedLevel(),
       buffer.compositeColor(Color(red: p.color.red, green: p.color.green, blue: p.color.blue, alpha: p.color.alpha),
                             through: mask.readOnly, x: c.mask_x, y: c.mask_y, operator: operators[Int(op)], level: level) {
        return SHEEN_OK
    }
    return capi {
        let buffer = try rasterBuffer(destination, "destination")
        try buffer.composite(try paint(paintPointer), operator: try compositeOperator(op), coverage: try coverage(coveragePointer))
    }
}

/// `sheen_composite_canvas` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_composite_canvas")
public func sheenCompositeCanvas(_ destination: UnsafePointer<sheen_buffer>?, _ paintPointer: UnsafePointer<sheen_paint>?, _ op: Int32,
                                 _ coveragePointer: UnsafePointer<sheen_coverage>?, _ globalAlpha: Double) -> sheen_status {
    capi {
        let buffer = try rasterBuffer(destination, "destination")
        try buffer.compositeAsCanvas(try paint(paintPointer), operator: try compositeOperator(op),
                                     coverage: try coverage(coveragePointer), globalAlpha: globalAlpha)
    }
}

/// `sheen_composite_glyphs` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_composite_glyphs")
public func sheenCompositeGlyphs(_ destination: UnsafePointer<sheen_buffer>?, _ paintPointer: UnsafePointer<sheen_paint>?,
                                 _ op: Int32, _ glyphs: UnsafePointer<sheen_glyph>?, _ count: Int) -> sheen_status {
    capi {
        let buffer = try rasterBuffer(destination, "destination")
        let paint = try paint(paintPointer), op = try compositeOperator(op)
        let count = try size(count, "count")
        if count == 0 { return }
        guard let glyphs else { throw CAPIError.null("glyphs") }
        let list = UnsafeBufferPointer(start: glyphs, count: count)
        var placements: [GlyphPlacement] = []
        placements.reserveCapacity(count)
        for (i, glyph) in list.enumerated() {
            guard let mask = glyph.mask else { throw CAPIError.null("glyphs[\(i)].mask") }
            placements.append(GlyphPlacement(mask: try rasterBuffer(mask, "glyphs[\(i)].mask").readOnly, x: glyph.x, y: glyph.y))
        }
        try buffer.compositeGlyphs(paint, operator: op, placements)
    }
}

/// A blur from C values.
func blur(_ sigmaX: Double, _ sigmaY: Double, _ edges: Int32) throws -> GaussianBlur {
    let mode: BlurEdges
    switch UInt32(bitPattern: edges) {
    case SHEEN_BLUR_EDGES_TRANSPARENT.rawValue: mode = .transparent
    case SHEEN_BLUR_EDGES_CLAMP.rawValue: mode = .clamp
    default: throw CAPIError.invalid("edges \(edges) is not a sheen_blur_edges (0…1)")
    }
    return try GaussianBlur(sigmaX: sigmaX, sigmaY: sigmaY, edges: mode)
}

/// `sheen_blur` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_blur")
public func sheenBlur(_ buffer: UnsafePointer<sheen_buffer>?, _ sigmaX: Double, _ sigmaY: Double, _ edges: Int32) -> sheen_status {
    capi {
        let target = try rasterBuffer(buffer, "buffer")
        try blur(sigmaX, sigmaY, edges).apply(in: target)
    }
}

/// `sheen_blur_grown` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_blur_grown")
public func sheenBlurGrown(_ source: UnsafePointer<sheen_buffer>?, _ sigmaX: Double, _ sigmaY: Double,
                           _ out: UnsafeMutablePointer<OpaquePointer?>?, _ offsetX: UnsafeMutablePointer<Int>?,
                           _ offsetY: UnsafeMutablePointer<Int>?) -> sheen_status {
    capi {
        let input = try rasterBuffer(source, "source")
        let (out, offsetX, offsetY) = (try required(out, "out"), try required(offsetX, "offset_x"), try required(offsetY, "offset_y"))
        let grown = try blur(sigmaX, sigmaY, Int32(SHEEN_BLUR_EDGES_TRANSPARENT.rawValue)).grown(input.readOnly)
        offsetX.pointee = grown.offsetX
        offsetY.pointee = grown.offsetY
        store(ImageBox(grown.image), into: out)
    }
}
