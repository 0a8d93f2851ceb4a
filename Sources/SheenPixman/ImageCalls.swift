// pixman's image constructors, reference counting and setters, interposed: each is handed to the
// system pixman unchanged and its effect copied into the image's record (ImageRecord.swift).

import CSheenPixman
import SheenRaster

/// pixman_image_create_bits.
@_cdecl("pixman_image_create_bits")
public func sheenPixmanCreateBits(_ format: UInt32, _ width: Int32, _ height: Int32,
                                  _ bits: UnsafeMutablePointer<UInt32>?, _ stride: Int32) -> OpaquePointer? {
    recordBits(SystemPixman.shared.createBits(format, width, height, bits, stride), format, width, height)
}

/// pixman_image_create_bits_no_clear.
@_cdecl("pixman_image_create_bits_no_clear")
public func sheenPixmanCreateBitsNoClear(_ format: UInt32, _ width: Int32, _ height: Int32,
                                         _ bits: UnsafeMutablePointer<UInt32>?, _ stride: Int32) -> OpaquePointer? {
    recordBits(SystemPixman.shared.createBitsNoClear(format, width, height, bits, stride), format, width, height)
}

/// Records a bits image pixman made (its data and stride as pixman settled them); one pixman
/// made for a glyph run handed over whole gets no record (HandedRuns.c).
private func recordBits(_ image: PixmanImage?, _ format: UInt32, _ width: Int32, _ height: Int32) -> PixmanImage? {
    guard let image else { return nil }
    if sheen_dropin_handed_maybe() != 0 && sheen_dropin_handed_made(UnsafeMutableRawPointer(image)) != 0 { return image }
    sheen_dropin_capture_offer(UnsafeMutableRawPointer(image), width, height, format)   // a glyph's copy (GlyphCalls.swift)
    let system = SystemPixman.shared
    let record = ImageRecord(.bits(format: PixmanFormat(code: format), data: system.getData(image).map(UnsafeMutableRawPointer.init),
                                   width: Int(width), height: Int(height), stride: Int(system.getStride(image))))
    record.isA1 = format == UInt32(SHEEN_PIXMAN_A1)
    ImageRegistry.insert(image, record)
    return image
}

/// pixman_image_create_solid_fill.
@_cdecl("pixman_image_create_solid_fill")
public func sheenPixmanCreateSolidFill(_ color: UnsafePointer<SheenPixmanColor>?) -> OpaquePointer? {
    let image = SystemPixman.shared.createSolidFill(color)
    if let image, sheen_dropin_handed_maybe() != 0, sheen_dropin_handed_made(UnsafeMutableRawPointer(image)) != 0 { return image }
    if let image, let c = color?.pointee {
        // pixman's own conversion to 8 bits: each channel's high byte.
        let value = UInt32(c.alpha >> 8) << 24 | UInt32(c.red >> 8) << 16 | UInt32(c.green >> 8) << 8 | UInt32(c.blue >> 8)
        ImageRegistry.insertSolid(image, value)
    }
    return image
}

/// pixman_image_create_linear_gradient.
@_cdecl("pixman_image_create_linear_gradient")
public func sheenPixmanCreateLinearGradient(_ p1: UnsafePointer<SheenPixmanPointFixed>?, _ p2: UnsafePointer<SheenPixmanPointFixed>?,
                                            _ stops: UnsafePointer<SheenPixmanGradientStop>?, _ count: Int32) -> OpaquePointer? {
    let image = SystemPixman.shared.createLinearGradient(p1, p2, stops, count)
    if let p1, let p2 {
        let geometry = PixmanGradient.Geometry.linear(PixmanGradient.point(p1.pointee), PixmanGradient.point(p2.pointee))
        ImageRegistry.insert(image, ImageRecord(gradient: PixmanGradient(geometry, stops, count)))
    } else {
        ImageRegistry.insert(image, ImageRecord(gradient: nil))
    }
    return image
}

/// pixman_image_create_radial_gradient.
@_cdecl("pixman_image_create_radial_gradient")
public func sheenPixmanCreateRadialGradient(_ inner: UnsafePointer<SheenPixmanPointFixed>?, _ outer: UnsafePointer<SheenPixmanPointFixed>?,
                                            _ innerRadius: Int32, _ outerRadius: Int32,
                                            _ stops: UnsafePointer<SheenPixmanGradientStop>?, _ count: Int32) -> OpaquePointer? {
    let image = SystemPixman.shared.createRadialGradient(inner, outer, innerRadius, outerRadius, stops, count)
    if let inner, let outer {
        let geometry = PixmanGradient.Geometry.radial(inner: PixmanGradient.point(inner.pointee), innerRadius: Double(innerRadius) / 65536,
                                                      outer: PixmanGradient.point(outer.pointee), outerRadius: Double(outerRadius) / 65536)
        ImageRegistry.insert(image, ImageRecord(gradient: PixmanGradient(geometry, stops, count)))
    } else {
        ImageRegistry.insert(image, ImageRecord(gradient: nil))
    }
    return image
}

/// pixman_image_create_conical_gradient.
@_cdecl("pixman_image_create_conical_gradient")
public func sheenPixmanCreateConicalGradient(_ center: UnsafePointer<SheenPixmanPointFixed>?, _ angle: Int32,
                                             _ stops: UnsafePointer<SheenPixmanGradientStop>?, _ count: Int32) -> OpaquePointer? {
    let image = SystemPixman.shared.createConicalGradient(center, angle, stops, count)
    ImageRegistry.insert(image, ImageRecord(gradient: PixmanGradient(.conical, stops, count)))
    return image
}

/// pixman_image_unref: the record goes with the image.
@_cdecl("pixman_image_unref")
public func sheenPixmanUnref(_ image: OpaquePointer?) -> Int32 {
    let freed = SystemPixman.shared.unref(image)
    // An image pixman made inside a glyph run handed over whole has no record.
    if let image, sheen_dropin_handed_maybe() != 0, sheen_dropin_handed_owns(UnsafeMutableRawPointer(image)) != 0 {
        if freed != 0 { sheen_dropin_handed_freed(UnsafeMutableRawPointer(image)) }
        return freed
    }
    if freed != 0, let image {
        // Only a glyph's image (or one whose record is gone) concerns the glyph registry, whose
        // lock every image freed took before.
        if ImageRegistry.remove(image) { GlyphRegistry.imageFreed(image) }
    }
    return freed
}

/// pixman_image_set_clip_region32.
@_cdecl("pixman_image_set_clip_region32")
public func sheenPixmanSetClipRegion32(_ image: OpaquePointer?, _ region: UnsafePointer<SheenPixmanRegion32>?) -> Int32 {
    let ok = SystemPixman.shared.setClipRegion32(image, region)
    // pixman's clip after a failure is not known: the image is left to pixman from then on.
    guard ok != 0 else { if let image { ImageRegistry.remove(image) }; return ok }
    ImageRegistry.update(image, clipOnly: true, unless: { region == nil && !$0.isClipped }) { record in
        guard let region else { return record.clearClip() }
        var count = 0
        let boxes = sheen_pixman_region32_boxes(region, &count)
        record.setClip(count) { i in let b = boxes![i]; return (Int(b.x1), Int(b.y1), Int(b.x2), Int(b.y2)) }
    }
    return ok
}

/// pixman_image_set_clip_region (16-bit boxes).
@_cdecl("pixman_image_set_clip_region")
public func sheenPixmanSetClipRegion(_ image: OpaquePointer?, _ region: UnsafePointer<SheenPixmanRegion16>?) -> Int32 {
    let ok = SystemPixman.shared.setClipRegion(image, region)
    // pixman's clip after a failure is not known: the image is left to pixman from then on.
    guard ok != 0 else { if let image { ImageRegistry.remove(image) }; return ok }
    ImageRegistry.update(image, clipOnly: true, unless: { region == nil && !$0.isClipped }) { record in
        guard let region else { return record.clearClip() }
        var count = 0
        let boxes = sheen_pixman_region16_boxes(region, &count)
        record.setClip(count) { i in let b = boxes![i]; return (Int(b.x1), Int(b.y1), Int(b.x2), Int(b.y2)) }
    }
    return ok
}

/// pixman_image_set_has_client_clip.
@_cdecl("pixman_image_set_has_client_clip")
public func sheenPixmanSetHasClientClip(_ image: OpaquePointer?, _ flag: Int32) {
    SystemPixman.shared.setHasClientClip(image, flag)
    ImageRegistry.update(image, unless: { $0.hasClientClip == (flag != 0) }) { $0.hasClientClip = flag != 0 }
}

/// pixman_image_set_source_clipping.
@_cdecl("pixman_image_set_source_clipping")
public func sheenPixmanSetSourceClipping(_ image: OpaquePointer?, _ flag: Int32) {
    SystemPixman.shared.setSourceClipping(image, flag)
    ImageRegistry.update(image, unless: { $0.clipsAsSource == (flag != 0) }) { $0.clipsAsSource = flag != 0 }
}

/// pixman_image_set_component_alpha.
@_cdecl("pixman_image_set_component_alpha")
public func sheenPixmanSetComponentAlpha(_ image: OpaquePointer?, _ flag: Int32) {
    SystemPixman.shared.setComponentAlpha(image, flag)
    if let image, sheen_dropin_handed_maybe() != 0, sheen_dropin_handed_owns(UnsafeMutableRawPointer(image)) != 0 { return }
    ImageRegistry.update(image, unless: { $0.componentAlpha == (flag != 0) }) { $0.componentAlpha = flag != 0 }
}

/// pixman_image_set_transform: whole-pixel translations are kept as offsets.
@_cdecl("pixman_image_set_transform")
public func sheenPixmanSetTransform(_ image: OpaquePointer?, _ transform: UnsafePointer<SheenPixmanTransform>?) -> Int32 {
    let ok = SystemPixman.shared.setTransform(image, transform)
    let newPlacement = ok == 0 ? .transformed : transform.map { placement(of: $0.pointee) } ?? .offset(dx: 0, dy: 0)
    let newMap = ok == 0 ? nil : transform.map { affineMap(of: $0.pointee) } ?? .identity
    ImageRegistry.update(image, unless: { $0.placement == newPlacement && $0.map == newMap }) { record in
        record.placement = newPlacement
        record.map = newMap
        record.fixedMap = newMap == nil ? nil : transform.map { fixedAffine(of: $0.pointee) }
            ?? FixedAffineTransform.identity
    }
    return ok
}

/// The placement a transform gives: an offset for the identity or a whole-pixel translation.
func placement(of t: SheenPixmanTransform) -> ImageRecord.Placement {
    let one: Int32 = 0x10000
    let m = t.matrix
    guard m.0.0 == one, m.0.1 == 0, m.1.0 == 0, m.1.1 == one, m.2.0 == 0, m.2.1 == 0, m.2.2 == one,
          m.0.2 % one == 0, m.1.2 % one == 0 else { return .transformed }
    return .offset(dx: Int(m.0.2 / one), dy: Int(m.1.2 / one))
}

/// A transform as an affine map (pixman's rows: x' = m00·x + m01·y + m02), nil for a projective one.
func affineMap(of t: SheenPixmanTransform) -> Matrix2D? {
    let one: Int32 = 0x10000
    let m = t.matrix
    guard m.2.0 == 0, m.2.1 == 0, m.2.2 == one else { return nil }
    func v(_ f: Int32) -> Double { Double(f) / 65536 }
    return Matrix2D(a: v(m.0.0), b: v(m.1.0), c: v(m.0.1), d: v(m.1.1), tx: v(m.0.2), ty: v(m.1.2))
}

/// An affine transform's two rows of 16.16 values, as they are (affineMap's rows, not divided).
func fixedAffine(of t: SheenPixmanTransform) -> FixedAffineTransform {
    let m = t.matrix
    return FixedAffineTransform(xx: m.0.0, xy: m.0.1, x0: m.0.2, yx: m.1.0, yy: m.1.1, y0: m.1.2)
}

/// pixman_image_set_repeat.
@_cdecl("pixman_image_set_repeat")
public func sheenPixmanSetRepeat(_ image: OpaquePointer?, _ mode: UInt32) {
    SystemPixman.shared.setRepeat(image, mode)
    ImageRegistry.update(image, unless: { $0.repeatMode == mode }) { $0.repeatMode = mode }
}

/// pixman_image_set_filter.
@_cdecl("pixman_image_set_filter")
public func sheenPixmanSetFilter(_ image: OpaquePointer?, _ filter: UInt32, _ params: UnsafePointer<Int32>?, _ count: Int32) -> Int32 {
    let ok = SystemPixman.shared.setFilter(image, filter, params, count)
    guard ok != 0 else { return ok }
    // A separable convolution's parameters are kept (cairo sets the same ones on every call that
    // draws a downscaled image: compared, not made again).
    let separable = filter == UInt32(SHEEN_PIXMAN_FILTER_SEPARABLE_CONVOLUTION)
    let given = UnsafeBufferPointer(start: params, count: separable && params != nil ? Int(max(count, 0)) : 0)
    ImageRegistry.update(image, unless: { $0.filter == filter && (!separable || $0.convolution?.hasParameters(given) == true) }) {
        $0.filter = filter
        $0.convolution = separable ? ConvolutionFilterCache.filter(given) : nil
    }
    return ok
}

/// pixman_image_set_alpha_map.
@_cdecl("pixman_image_set_alpha_map")
public func sheenPixmanSetAlphaMap(_ image: OpaquePointer?, _ map: OpaquePointer?, _ x: Int16, _ y: Int16) {
    SystemPixman.shared.setAlphaMap(image, map, x, y)
    ImageRegistry.update(image, unless: { $0.hasAlphaMap == (map != nil) }) { $0.hasAlphaMap = map != nil }
}

/// pixman_image_set_accessors.
@_cdecl("pixman_image_set_accessors")
public func sheenPixmanSetAccessors(_ image: OpaquePointer?, _ read: UnsafeMutableRawPointer?, _ write: UnsafeMutableRawPointer?) {
    SystemPixman.shared.setAccessors(image, read, write)
    ImageRegistry.update(image) { $0.hasAccessors = read != nil || write != nil }
}
