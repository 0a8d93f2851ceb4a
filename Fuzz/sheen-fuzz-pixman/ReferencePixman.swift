// The system's own pixman, called directly: the side of each differential call that does not go
// through the drop-in. The harness links SheenPixman, whose exported pixman_* functions are the
// process's own; the system library is opened here by path and its functions looked up in it, so
// these are pixman's, whatever the drop-in does.

import CSheenPixman
import SheenPlatform

/// The system pixman's functions the harness calls, looked up once.
struct ReferencePixman: @unchecked Sendable {
    typealias Image = OpaquePointer
    let createBits: @convention(c) (UInt32, Int32, Int32, UnsafeMutablePointer<UInt32>?, Int32) -> Image?
    let createSolidFill: @convention(c) (UnsafePointer<SheenPixmanColor>?) -> Image?
    let createLinear: @convention(c) (UnsafePointer<SheenPixmanPointFixed>?, UnsafePointer<SheenPixmanPointFixed>?,
                                      UnsafePointer<SheenPixmanGradientStop>?, Int32) -> Image?
    let createRadial: @convention(c) (UnsafePointer<SheenPixmanPointFixed>?, UnsafePointer<SheenPixmanPointFixed>?,
                                      SheenPixmanFixed, SheenPixmanFixed, UnsafePointer<SheenPixmanGradientStop>?, Int32) -> Image?
    let createConical: @convention(c) (UnsafePointer<SheenPixmanPointFixed>?, SheenPixmanFixed,
                                       UnsafePointer<SheenPixmanGradientStop>?, Int32) -> Image?
    let unref: @convention(c) (Image?) -> Int32
    let setClipRegion32: @convention(c) (Image?, UnsafePointer<SheenPixmanRegion32>?) -> Int32
    let setHasClientClip: @convention(c) (Image?, Int32) -> Void
    let setSourceClipping: @convention(c) (Image?, Int32) -> Void
    let setComponentAlpha: @convention(c) (Image?, Int32) -> Void
    let setTransform: @convention(c) (Image?, UnsafePointer<SheenPixmanTransform>?) -> Int32
    let setRepeat: @convention(c) (Image?, UInt32) -> Void
    let setFilter: @convention(c) (Image?, UInt32, UnsafePointer<SheenPixmanFixed>?, Int32) -> Int32
    let setAlphaMap: @convention(c) (Image?, Image?, Int16, Int16) -> Void
    let composite32: @convention(c) (UInt32, Image?, Image?, Image?, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32) -> Void
    let fill: @convention(c) (UnsafeMutablePointer<UInt32>?, Int32, Int32, Int32, Int32, Int32, Int32, UInt32) -> Int32
    let regionInitRects: @convention(c) (UnsafeMutablePointer<SheenPixmanRegion32>?, UnsafePointer<SheenPixmanBox32>?, Int32) -> Int32
    let regionFini: @convention(c) (UnsafeMutablePointer<SheenPixmanRegion32>?) -> Void

    /// The system library's functions; stops the harness, saying why, without one.
    static let shared: ReferencePixman = {
        var handle: UnsafeMutableRawPointer?
        var tried: [String] = []
        if let configured = getenv("SHEEN_PIXMAN_SYSTEM") { tried.append(String(cString: configured)) }
        tried += ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib"].map { $0 + "/libpixman-1.so.0" }
        for path in tried where handle == nil { handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) }
        guard let handle else { fatalError("sheen-fuzz-pixman: no system pixman (tried \(tried); set SHEEN_PIXMAN_SYSTEM)") }
        func find<F>(_ name: String) -> F {
            guard let symbol = dlsym(handle, name) else { fatalError("sheen-fuzz-pixman: the system pixman has no \(name)") }
            return unsafeBitCast(symbol, to: F.self)
        }
        return ReferencePixman(
            createBits: find("pixman_image_create_bits"), createSolidFill: find("pixman_image_create_solid_fill"),
            createLinear: find("pixman_image_create_linear_gradient"), createRadial: find("pixman_image_create_radial_gradient"),
            createConical: find("pixman_image_create_conical_gradient"), unref: find("pixman_image_unref"),
            setClipRegion32: find("pixman_image_set_clip_region32"), setHasClientClip: find("pixman_image_set_has_client_clip"),
            setSourceClipping: find("pixman_image_set_source_clipping"), setComponentAlpha: find("pixman_image_set_component_alpha"),
            setTransform: find("pixman_image_set_transform"), setRepeat: find("pixman_image_set_repeat"),
            setFilter: find("pixman_image_set_filter"), setAlphaMap: find("pixman_image_set_alpha_map"),
            composite32: find("pixman_image_composite32"), fill: find("pixman_fill"),
            regionInitRects: find("pixman_region32_init_rects"), regionFini: find("pixman_region32_fini"))
    }()
}
