// Opaque handles: each C object is a retained Swift box; the pointer C holds is the box's
// address. Borrowing checks the box's class, so passing a font where a label is expected is an
// error with a message, not undefined behaviour (for pointers Sheen made; any other pointer is
// the caller's bug, as in every C library).

import CSheenAPI
import SheenLabel
import SheenRaster
import SheenText

/// Hands a new box to C (retained until `release`).
func handOut(_ box: AnyObject) -> OpaquePointer { OpaquePointer(Unmanaged.passRetained(box).toOpaque()) }

/// The box behind a handle C passed in, checked to be a `T`.
func borrow<T: AnyObject>(_ handle: OpaquePointer?, _ name: String, as type: T.Type) throws -> T {
    guard let handle else { throw CAPIError.null(name) }
    guard let box = Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue() as? T else {
        throw CAPIError.invalid("\(name) is not a \(handleName(T.self))")
    }
    return box
}

/// Releases a handle (NULL ignored).
func release(_ handle: OpaquePointer?) {
    guard let handle else { return }
    Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(handle)).release()
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

/// A UTF-8 C string as a String (ill-formed sequences become U+FFFD).
func string(_ text: UnsafePointer<CChar>?, _ name: String) throws -> String {
    guard let text else { throw CAPIError.null(name) }
    return String(cString: text)
}
