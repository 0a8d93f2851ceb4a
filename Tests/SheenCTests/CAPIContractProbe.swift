import CSheenAPI
import Foundation
import SheenTestSupport

/// Supplies the arguments of one C API call, in order, and breaks one of them on request: the
/// harness of `CAPIContractTests`. A call written once through a probe is run valid, then with
/// each pointer argument NULL in turn, each argument that has an invalid value given it, and
/// (for setters) each number or text given each hostile value — the probe knows which argument it
/// is handing out by counting them. Out-parameters are filled with a canary byte, so a failing
/// call that wrote one is caught.
final class Probe {
    /// What is done to the argument at `index` (counted from 0 in the order the call asks).
    enum Fault: Equatable {
        case none
        case null(Int)
        case invalid(Int)
        /// The `value`-th hostile value of the argument's type.
        case hostile(Int, value: Int)
    }

    /// What an argument was, as the valid run saw it.
    struct Argument {
        /// NULL is refused (a required pointer).
        var nullRefused = false
        /// There is an invalid value to give it.
        var hasInvalid = false
        /// Hostile values of its type (numbers, counts, enumerations, texts).
        var hostileCount = 0
        var name = ""
    }

    static let canary: UInt8 = 0xA5
    /// Numbers every setter meets: non-finite, negative, zero, subnormal, huge.
    static let hostileNumbers: [Double] = [.nan, .infinity, -.infinity, -1, 0, .leastNonzeroMagnitude, 1e-300, 1e-9, 1e7, 1e308, -1e308]
    static let hostileInt32s: [Int32] = [-1, 3, 99, .max, .min]
    static let hostileInts: [Int] = [-1, 0, 1 << 31, .max, Int(bitPattern: UInt.max)]
    static let hostileTexts: [String] = ["", "xx_YY", "/etc/passwd", "a\u{301}\u{302}\u{303}", String(repeating: "é", count: 1 << 17)]

    let fault: Fault
    private(set) var arguments: [Argument] = []
    private var canaries: [(UnsafeMutableRawPointer, Int)] = []
    private var owned: [UnsafeMutableRawPointer] = []

    init(_ fault: Fault = .none) { self.fault = fault }
    deinit { for p in owned { free(p) } }

    private func next(_ name: String, nullRefused: Bool = false, hasInvalid: Bool = false, hostileCount: Int = 0) -> Int {
        arguments.append(Argument(nullRefused: nullRefused, hasInvalid: hasInvalid, hostileCount: hostileCount, name: name))
        return arguments.count - 1
    }

    private func isNull(_ i: Int) -> Bool { fault == .null(i) }
    private func isInvalid(_ i: Int) -> Bool { fault == .invalid(i) }
    private func hostile(_ i: Int) -> Int? {
        if case let .hostile(j, k) = fault, j == i { return k }
        return nil
    }

    /// A handle argument; invalid: `wrong`, a live handle of another kind.
    func handle(_ name: String, _ h: OpaquePointer?, wrong: OpaquePointer?) -> OpaquePointer? {
        let i = next(name, nullRefused: true, hasInvalid: true)
        return isNull(i) ? nil : isInvalid(i) ? wrong : h
    }

    /// A number; invalid: `invalid` (NaN unless said; nil when every value is accepted).
    func number(_ name: String, _ v: Double, invalid: Double? = .nan) -> Double {
        let i = next(name, hasInvalid: invalid != nil, hostileCount: Self.hostileNumbers.count)
        if let k = hostile(i) { return Self.hostileNumbers[k] }
        return isInvalid(i) ? invalid! : v
    }

    /// An enumeration or other int32; invalid: `invalid` (an unknown value unless said).
    func int32(_ name: String, _ v: Int32, invalid: Int32? = 99) -> Int32 {
        let i = next(name, hasInvalid: invalid != nil, hostileCount: Self.hostileInt32s.count)
        if let k = hostile(i) { return Self.hostileInt32s[k] }
        return isInvalid(i) ? invalid! : v
    }

    /// An intptr_t or size_t; invalid: `invalid` (SIZE_MAX unless said).
    func int(_ name: String, _ v: Int, invalid: Int? = Int(bitPattern: UInt.max)) -> Int {
        let i = next(name, hasInvalid: invalid != nil, hostileCount: Self.hostileInts.count)
        if let k = hostile(i) { return Self.hostileInts[k] }
        return isInvalid(i) ? invalid! : v
    }

    /// A NUL-terminated UTF-8 text (NULL refused unless `nullable`); invalid: ill-formed UTF-8
    /// (nil: every byte string is accepted, as a path's).
    func text(_ name: String, _ s: String, nullable: Bool = false, invalid: [UInt8]? = [0x61, 0xFF, 0xFE]) -> UnsafePointer<CChar>? {
        let i = next(name, nullRefused: !nullable, hasInvalid: invalid != nil, hostileCount: Self.hostileTexts.count)
        if isNull(i) { return nil }
        let bytes: [UInt8] = hostile(i).map { Array(Self.hostileTexts[$0].utf8) } ?? (isInvalid(i) ? invalid! : Array(s.utf8))
        let p = malloc(bytes.count + 1)!.assumingMemoryBound(to: UInt8.self)
        p.update(from: bytes, count: bytes.count)
        p[bytes.count] = 0
        owned.append(UnsafeMutableRawPointer(p))
        return UnsafeRawPointer(p).assumingMemoryBound(to: CChar.self)
    }

    /// An input the call reads (`values`, copied; NULL refused unless `nullable`, and passed
    /// for an empty `values`).
    func input<T>(_ name: String, _ values: [T], nullable: Bool = false) -> UnsafePointer<T>? {
        let i = next(name, nullRefused: !nullable)
        if isNull(i) || values.isEmpty { return nil }
        let p = UnsafeMutablePointer<T>.allocate(capacity: max(1, values.count))
        p.initialize(from: values, count: values.count)
        owned.append(UnsafeMutableRawPointer(p))
        return UnsafePointer(p)
    }

    /// An out-parameter of `count` `T`s, filled with the canary; NULL refused unless `nullable`.
    func out<T>(_ name: String, _ type: T.Type, count: Int = 1, nullable: Bool = false) -> UnsafeMutablePointer<T>? {
        let i = next(name, nullRefused: !nullable)
        if isNull(i) { return nil }
        let bytes = max(1, count) * MemoryLayout<T>.stride
        let p = malloc(bytes)!
        memset(p, Int32(Self.canary), bytes)
        owned.append(p)
        canaries.append((p, bytes))
        return p.bindMemory(to: T.self, capacity: count)
    }

    /// Whether every out-parameter still holds only the canary.
    var outsUntouched: Bool {
        canaries.allSatisfy { p, n in (0 ..< n).allSatisfy { p.load(fromByteOffset: $0, as: UInt8.self) == Self.canary } }
    }
}

/// Live objects of every kind for one call (each call gets its own, so that a setter's change
/// cannot leak into the next call), destroyed after it.
final class World {
    nonisolated(unsafe) static let font: OpaquePointer = {
        var font: OpaquePointer?
        precondition(sheen_font_create_file(TestFonts.sansPath, 0, 20, &font) == SHEEN_OK)
        return font!
    }()
    var font: OpaquePointer { Self.font }
    let label: OpaquePointer, field: OpaquePointer, layout: OpaquePointer, gradient: OpaquePointer
    let image: OpaquePointer, mask: OpaquePointer, pattern: OpaquePointer
    /// 32 × 24 RGBA8 and A8 buffers over the images.
    let rgba: sheen_buffer, a8: sheen_buffer

    init() {
        var l, f, t, g, i, m, p: OpaquePointer?
        precondition(sheen_label_create("Contract", Self.font, 120, 40, &l) == SHEEN_OK)
        precondition(sheen_text_field_create("Field text", Self.font, 120, 40, &f) == SHEEN_OK)
        precondition(sheen_text_layout_create("Layout text", Self.font, nil, &t) == SHEEN_OK)
        var stops = [sheen_gradient_stop(offset: 0, color: sheen_color_from_rgba(0xFF00_00FF)),
                     sheen_gradient_stop(offset: 1, color: sheen_color_from_rgba(0x0000_FFFF))]
        precondition(sheen_gradient_create_linear(0, 0, 32, 0, &stops, 2, &g) == SHEEN_OK)
        precondition(sheen_image_create(32, 24, Int32(SHEEN_FORMAT_RGBA8_PREMULTIPLIED.rawValue), &i) == SHEEN_OK)
        precondition(sheen_image_create(32, 24, Int32(SHEEN_FORMAT_A8.rawValue), &m) == SHEEN_OK)
        precondition(sheen_pattern_create(g, 0, 32, 0, Int32(SHEEN_FORMAT_RGBA8_PREMULTIPLIED.rawValue), &p) == SHEEN_OK)
        (label, field, layout, gradient, image, mask, pattern) = (l!, f!, t!, g!, i!, m!, p!)
        var b = sheen_buffer(), a = sheen_buffer()
        precondition(sheen_image_get_buffer(image, &b) == SHEEN_OK && sheen_image_get_buffer(mask, &a) == SHEEN_OK)
        (rgba, a8) = (b, a)
    }

    /// The kinds of `handles`, in order.
    static let kinds = ["image", "gradient", "pattern", "text layout", "label", "text field", "font"]
    /// A live handle of every kind (the shared font last: destroying it is never asked for here).
    var handles: [OpaquePointer] { [image, gradient, pattern, layout, label, field, font] }
    /// Per kind of `handles`, whether that object still answers a call.
    var alive: [() -> Bool] {
        [{ var b = sheen_buffer(); return sheen_image_get_buffer(self.image, &b) == SHEEN_OK },
         { var out = [Double](repeating: 0, count: 4); return sheen_exact_gradient(self.gradient, [1, 1], 1, true, &out) == SHEEN_OK },
         { var b = self.rgba; return sheen_fill_pattern(&b, self.pattern) == SHEEN_OK },
         { var n = 0; return sheen_text_layout_line_count(self.layout, &n) == SHEEN_OK },
         { var r = sheen_rect(); return sheen_label_drawn_bounds(self.label, &r) == SHEEN_OK },
         { var r = [Double](repeating: 0, count: 4); return sheen_text_field_text_rect(self.field, &r) == SHEEN_OK },
         { var l: OpaquePointer?; defer { sheen_label_destroy(l) }; return sheen_label_create("x", self.font, 10, 10, &l) == SHEEN_OK }]
    }

    deinit {
        sheen_label_destroy(label); sheen_text_field_destroy(field); sheen_text_layout_destroy(layout)
        sheen_pattern_destroy(pattern); sheen_gradient_destroy(gradient); sheen_image_destroy(image); sheen_image_destroy(mask)
    }

    /// Draws the label and the field as a host would after its setters: what must succeed
    /// whenever every setter succeeded.
    func draw() -> (label: sheen_status, field: sheen_status) {
        var image: OpaquePointer?
        let l = sheen_label_image(label, &image)
        sheen_image_destroy(image)
        var buffer = rgba
        let f = sheen_text_field_render(field, &buffer, 0, 0)
        return (l, f)
    }
}
