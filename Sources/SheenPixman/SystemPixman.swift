// The system's own pixman, to which every call the drop-in does not draw is handed unchanged. The
// drop-in is found before it (LD_PRELOAD, or installed as libpixman-1.so.0 ahead of it on the
// library path, with the system library as its dependency), so each interposed function reaches
// the system's through dlsym(RTLD_NEXT); where nothing comes next (a program that links
// SheenPixman itself, such as its tests) the system library is opened by path.

import CSheenPixman
import SheenPlatform

/// pixman_image_t *, which the system library makes and owns.
typealias PixmanImage = OpaquePointer

/// The system pixman's functions that the drop-in interposes (and a few getters it reads), each
/// resolved once.
struct SystemPixman: @unchecked Sendable {
    typealias CreateBits = @convention(c) (UInt32, Int32, Int32, UnsafeMutablePointer<UInt32>?, Int32) -> PixmanImage?
    typealias CreateSolidFill = @convention(c) (UnsafePointer<SheenPixmanColor>?) -> PixmanImage?
    typealias CreateLinear = @convention(c) (UnsafePointer<SheenPixmanPointFixed>?, UnsafePointer<SheenPixmanPointFixed>?,
                                             UnsafePointer<SheenPixmanGradientStop>?, Int32) -> PixmanImage?
    typealias CreateRadial = @convention(c) (UnsafePointer<SheenPixmanPointFixed>?, UnsafePointer<SheenPixmanPointFixed>?,
                                             SheenPixmanFixed, SheenPixmanFixed,
                                             UnsafePointer<SheenPixmanGradientStop>?, Int32) -> PixmanImage?
    typealias CreateConical = @convention(c) (UnsafePointer<SheenPixmanPointFixed>?, SheenPixmanFixed,
                                              UnsafePointer<SheenPixmanGradientStop>?, Int32) -> PixmanImage?
    typealias Ref = @convention(c) (PixmanImage?) -> PixmanImage?
    typealias Unref = @convention(c) (PixmanImage?) -> Int32
    typealias SetClipRegion32 = @convention(c) (PixmanImage?, UnsafePointer<SheenPixmanRegion32>?) -> Int32
    typealias SetClipRegion16 = @convention(c) (PixmanImage?, UnsafePointer<SheenPixmanRegion16>?) -> Int32
    typealias SetFlag = @convention(c) (PixmanImage?, Int32) -> Void
    typealias SetTransform = @convention(c) (PixmanImage?, UnsafePointer<SheenPixmanTransform>?) -> Int32
    typealias SetRepeat = @convention(c) (PixmanImage?, UInt32) -> Void
    typealias SetFilter = @convention(c) (PixmanImage?, UInt32, UnsafePointer<SheenPixmanFixed>?, Int32) -> Int32
    typealias SetAlphaMap = @convention(c) (PixmanImage?, PixmanImage?, Int16, Int16) -> Void
    typealias SetAccessors = @convention(c) (PixmanImage?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
    typealias Composite32 = @convention(c) (UInt32, PixmanImage?, PixmanImage?, PixmanImage?,
                                            Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32) -> Void
    typealias Composite16 = @convention(c) (UInt32, PixmanImage?, PixmanImage?, PixmanImage?,
                                            Int16, Int16, Int16, Int16, Int16, Int16, UInt16, UInt16) -> Void
    typealias Fill = @convention(c) (UnsafeMutablePointer<UInt32>?, Int32, Int32, Int32, Int32, Int32, Int32, UInt32) -> Int32
    typealias GetData = @convention(c) (PixmanImage?) -> UnsafeMutablePointer<UInt32>?
    typealias GetInt = @convention(c) (PixmanImage?) -> Int32
    typealias GlyphCacheInsert = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int32, Int32,
                                                 PixmanImage?) -> UnsafeRawPointer?
    typealias GlyphsNoMask = @convention(c) (UInt32, PixmanImage?, PixmanImage?, Int32, Int32, Int32, Int32, OpaquePointer?, Int32,
                                             UnsafePointer<SheenPixmanGlyph>?) -> Void
    typealias GlyphsThroughMask = @convention(c) (UInt32, PixmanImage?, PixmanImage?, UInt32, Int32, Int32, Int32, Int32, Int32, Int32,
                                                  Int32, Int32, OpaquePointer?, Int32, UnsafePointer<SheenPixmanGlyph>?) -> Void

    let createBits: CreateBits
    let createBitsNoClear: CreateBits
    let createSolidFill: CreateSolidFill
    let createLinearGradient: CreateLinear
    let createRadialGradient: CreateRadial
    let createConicalGradient: CreateConical
    let ref: Ref
    let unref: Unref
    let setClipRegion32: SetClipRegion32
    let setClipRegion: SetClipRegion16
    let setHasClientClip: SetFlag
    let setSourceClipping: SetFlag
    let setComponentAlpha: SetFlag
    let setTransform: SetTransform
    let setRepeat: SetRepeat
    let setFilter: SetFilter
    let setAlphaMap: SetAlphaMap
    let setAccessors: SetAccessors
    let composite32: Composite32
    let composite: Composite16
    let fill: Fill
    let getData: GetData
    let getStride: GetInt
    let glyphCacheInsert: GlyphCacheInsert
    let compositeGlyphsNoMask: GlyphsNoMask
    let compositeGlyphs: GlyphsThroughMask

    /// The system library's functions. Stops the program, saying why, when they cannot be found:
    /// a drop-in with no pixman behind it cannot draw what it hands over.
    static let shared: SystemPixman = {
        let handle = systemHandle()
        func find<F>(_ name: String, as _: F.Type) -> F {
            guard let symbol = dlsym(handle, name) else {
                fatalError("libsheen-pixman: the system pixman has no \(name) (set SHEEN_PIXMAN_SYSTEM to its path)")
            }
            return unsafeBitCast(symbol, to: F.self)
        }
        return SystemPixman(
            createBits: find("pixman_image_create_bits", as: CreateBits.self),
            createBitsNoClear: find("pixman_image_create_bits_no_clear", as: CreateBits.self),
            createSolidFill: find("pixman_image_create_solid_fill", as: CreateSolidFill.self),
            createLinearGradient: find("pixman_image_create_linear_gradient", as: CreateLinear.self),
            createRadialGradient: find("pixman_image_create_radial_gradient", as: CreateRadial.self),
            createConicalGradient: find("pixman_image_create_conical_gradient", as: CreateConical.self),
            ref: find("pixman_image_ref", as: Ref.self),
            unref: find("pixman_image_unref", as: Unref.self),
            setClipRegion32: find("pixman_image_set_clip_region32", as: SetClipRegion32.self),
            setClipRegion: find("pixman_image_set_clip_region", as: SetClipRegion16.self),
            setHasClientClip: find("pixman_image_set_has_client_clip", as: SetFlag.self),
            setSourceClipping: find("pixman_image_set_source_clipping", as: SetFlag.self),
            setComponentAlpha: find("pixman_image_set_component_alpha", as: SetFlag.self),
            setTransform: find("pixman_image_set_transform", as: SetTransform.self),
            setRepeat: find("pixman_image_set_repeat", as: SetRepeat.self),
            setFilter: find("pixman_image_set_filter", as: SetFilter.self),
            setAlphaMap: find("pixman_image_set_alpha_map", as: SetAlphaMap.self),
            setAccessors: find("pixman_image_set_accessors", as: SetAccessors.self),
            composite32: find("pixman_image_composite32", as: Composite32.self),
            composite: find("pixman_image_composite", as: Composite16.self),
            fill: find("pixman_fill", as: Fill.self),
            getData: find("pixman_image_get_data", as: GetData.self),
            getStride: find("pixman_image_get_stride", as: GetInt.self),
            glyphCacheInsert: find("pixman_glyph_cache_insert", as: GlyphCacheInsert.self),
            compositeGlyphsNoMask: find("pixman_composite_glyphs_no_mask", as: GlyphsNoMask.self),
            compositeGlyphs: find("pixman_composite_glyphs", as: GlyphsThroughMask.self))
    }()

    /// Where the system's functions are looked up: the next object after this one in the lookup
    /// order when that is a pixman other than this library, else the library opened by path —
    /// SHEEN_PIXMAN_SYSTEM, then the usual multiarch directories.
    private static func systemHandle() -> UnsafeMutableRawPointer? {
        let next = UnsafeMutableRawPointer(bitPattern: -1)   // RTLD_NEXT
        if let symbol = dlsym(next, "pixman_image_composite32"), !isThisLibrary(symbol) { return next }
        var paths: [String] = []
        if let configured = getenv("SHEEN_PIXMAN_SYSTEM") { paths.append(String(cString: configured)) }
        for dir in ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib", "/lib/x86_64-linux-gnu"] {
            paths.append(dir + "/libpixman-1.so.0")
        }
        for path in paths {
            guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else { continue }
            if let symbol = dlsym(handle, "pixman_image_composite32"), !isThisLibrary(symbol) { return handle }
        }
        fatalError("libsheen-pixman: no system pixman found (looked for the next libpixman-1.so.0 and at \(paths))")
    }

    /// Whether `symbol` (a pixman_image_composite32) is this library's own: the drop-in found
    /// itself. The drop-in is always the first definition in the lookup order (preloaded, first
    /// on the library path, or linked into the program), so its own is the default one.
    private static func isThisLibrary(_ symbol: UnsafeMutableRawPointer) -> Bool {
        symbol == dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pixman_image_composite32")   // RTLD_DEFAULT
    }
}
