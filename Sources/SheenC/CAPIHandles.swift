// Opaque handles: each C object is a Swift box kept in a table of live handles; the handle C
// holds is the box's slot and that slot's generation, not an address. Borrowing looks the slot
// up and checks its generation and the box's class, so a destroyed handle, a handle destroyed
// twice, a wrong kind of handle or a pointer Sheen never made is an error with a message —
// never a read of freed memory (a raw address would be reused by the next object made).

import CSheenAPI
import SheenLabel
import SheenRaster
import SheenText
import SheenPlatform

/// The live handles: slot i holds the box of the handle (generation, i). A destroyed handle's slot
/// is reused with the next generation, so its stale handle never matches again (until 2³² handles
/// have been made in that slot).
private struct HandleTable {
    var boxes: [AnyObject?] = []
    var generations: [UInt32] = []
    var free: [Int] = []
}
private let handles = Locked(HandleTable())

/// A handle's slot and generation, from the pointer-sized value C holds (never 0).
private func decode(_ handle: OpaquePointer) -> (slot: Int, generation: UInt32) {
    let bits = UInt(bitPattern: handle)
    return (Int(bits & 0xFFFF_FFFF) - 1, UInt32(truncatingIfNeeded: bits >> 32))
}

/// Hands a new box to C (kept until `release`).
func handOut(_ box: AnyObject) -> OpaquePointer {
    let (slot, generation) = handles.withLock { t in
        let slot: Int
        if let reused = t.free.popLast() {
            slot = reused
        } else {
            slot = t.boxes.count
            t.boxes.append(nil)
            t.generations.append(0)
        }
        t.generations[slot] = t.generations[slot] == UInt32.max ? 1 : t.generations[slot] + 1
        t.boxes[slot] = box
        return (slot, t.generations[slot])
    }
    // 32 bits of slot and 32 of generation need a 64-bit pointer, which every platform Sheen
    // builds for has.
    return OpaquePointer(bitPattern: UInt(generation) << 32 | UInt(slot + 1))!
}

/// The box behind a live handle, or nil.
private func liveBox(_ handle: OpaquePointer) -> AnyObject? {
    let (slot, generation) = decode(handle)
    return handles.withLock { t in
        guard slot >= 0, slot < t.boxes.count, t.generations[slot] == generation else { return nil }
        return t.boxes[slot]
    }
}

/// The box behind a handle C passed in, checked to be live and a `T`.
func borrow<T: AnyObject>(_ handle: OpaquePointer?, _ name: String, as type: T.Type) throws -> T {
    guard let handle else { throw CAPIError.null(name) }
    guard let live = liveBox(handle) else {
        throw CAPIError.invalid("\(name) is not a live \(handleName(T.self)) (destroyed, or not made by Sheen)")
    }
    guard let box = live as? T else { throw CAPIError.invalid("\(name) is not a \(handleName(T.self))") }
    return box
}

/// Releases a handle of a `T`: NULL, a handle already destroyed, one Sheen never made and a
/// handle of another kind (a font passed to sheen_label_destroy) are ignored.
func release<T: AnyObject>(_ handle: OpaquePointer?, as type: T.Type) {
    guard let handle else { return }
    let (slot, generation) = decode(handle)
    // Taken out under the lock, released after it: a box's deinit never runs inside the table.
    let box: AnyObject? = handles.withLock { t in
        guard slot >= 0, slot < t.boxes.count, t.generations[slot] == generation, let box = t.boxes[slot], box is T else { return nil }
        t.boxes[slot] = nil
        t.free.append(slot)
        return box
    }
    _ = box
}

/// Stores a new handle through an out-parameter checked beforehand.
func store(_ box: AnyObject, into out: UnsafeMutablePointer<OpaquePointer?>) { out.pointee = handOut(box) }

private func handleName(_ type: AnyObject.Type) -> String {
    switch type {
    case is ImageBox.Type: return "sheen_image"
    case is GradientBox.Type: return "sheen_gradient"
    case is PatternBox.Type: return "sheen_pattern"
    case is FontBox.Type: return "sheen_font"
    case is LayoutBox.Type: return "sheen_text_layout"
    case is FieldBox.Type: return "sheen_text_field"
    default: return "sheen_label"
    }
}

/// Changes a copy of the value a handle's box holds (at `value`) and keeps it only if `validate`
/// accepts it: the C convention that a refused setter leaves the handle as it was.
func change<Box: AnyObject, Value>(_ handle: OpaquePointer?, _ name: String, _ value: ReferenceWritableKeyPath<Box, Value>,
                                   validate: (Value) throws -> Void, _ body: (inout Value) throws -> Void) -> sheen_status {
    capi {
        let box = try borrow(handle, name, as: Box.self)
        var copy = box[keyPath: value]
        try body(&copy)
        try validate(copy)
        box[keyPath: value] = copy
    }
}

/// A required out-parameter.
func required<T>(_ pointer: UnsafeMutablePointer<T>?, _ name: String) throws -> UnsafeMutablePointer<T> {
    guard let pointer else { throw CAPIError.null(name) }
    return pointer
}

/// A UTF-8 C string as a String, refusing ill-formed UTF-8 by the offset of its first bad byte:
/// what the text field takes, whose indices are byte offsets into the caller's own text (a
/// repaired text, each bad byte three bytes of U+FFFD, would have other offsets).
func wellFormedString(_ text: UnsafePointer<CChar>?, _ name: String) throws -> String {
    guard let text else { throw CAPIError.null(name) }
    let bytes = UnsafeRawBufferPointer(start: text, count: strlen(text))
    var parser = Unicode.UTF8.ForwardParser()
    var input = bytes.makeIterator()
    var offset = 0
    while true {
        switch parser.parseScalar(from: &input) {
        case let .valid(scalar): offset += scalar.count
        case .emptyInput: return String(decoding: bytes, as: UTF8.self)
        case .error: throw CAPIError.invalid("\(name) is not valid UTF-8: byte \(offset) of \(bytes.count) starts an ill-formed sequence")
        }
    }
}

/// A UTF-8 C string as a String (ill-formed sequences become U+FFFD).
func string(_ text: UnsafePointer<CChar>?, _ name: String) throws -> String {
    guard let text else { throw CAPIError.null(name) }
    return String(cString: text)
}
