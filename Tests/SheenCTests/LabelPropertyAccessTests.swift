import CSheenAPI
import Foundation
@testable import SheenC
import SheenLabel
import SheenRaster
import SheenTestSupport
import SheenText
import Testing

/// Every property with an access (`LabelProperty.accessible`) is set alike by every generic
/// surface: the spec's key, `set(_:on:)` (what `--property KEY=VALUE` calls) and the C API's
/// `sheen_label_set_number` / `_flag` / `_word` give the same label; values outside the row's
/// range and unknown words are refused by each, changing nothing.
@Suite struct LabelPropertyAccessTests {
    static let base = #"{"text": "Two lines\nof text", "canvas": "120x60"}"#

    /// A value other than the default for `property`, as JSON and as text, and one refused.
    static func values(_ property: LabelProperty) throws -> (json: String, text: String, refused: String) {
        let standard = state(try LabelSpec(json: base).label)
        func differs(_ text: String) -> Bool {
            var l = try! LabelSpec(json: base).label
            return (try? property.set(text, on: &l)) != nil && state(l) != standard
        }
        switch property.access! {
        case .number:
            let r = property.range!
            let v = r.lowerBound + (r.upperBound - r.lowerBound) * 0.375
            return ("\(v)", "\(v)", "\(r.upperBound + 1)")
        case .count:
            return ("3", "3", "\(Int(property.range!.upperBound) + 1)")
        case .flag:
            let v = differs("true") ? "true" : "false"
            return (v, v, "maybe")
        case let .word(words, _, _):
            let w = try #require(words.first(where: differs))
            return ("\"\(w)\"", w, "no-such-word")
        }
    }

    /// Every accessible property's value, as one value to compare (Label is not Equatable: it
    /// holds a font).
    static func state(_ l: Label) -> String {
        LabelProperty.accessible.map { "\($0.key)=\($0.access!.value(in: l))" }.joined(separator: " ")
    }

    /// The Swift label inside a C handle.
    static func label(_ handle: OpaquePointer?) throws -> Label { try borrow(handle, "label", as: LabelBox.self).label }

    @Test(arguments: LabelProperty.accessible)
    func everySurfaceSetsTheSameValue(property: LabelProperty) throws {
        let base = Self.base
        let (json, text, refused) = try Self.values(property)
        let spec = try LabelSpec(json: base.dropLast() + #", "\#(property.key)": \#(json)}"#).label
        var generic = try LabelSpec(json: base).label
        try property.set(text, on: &generic)
        #expect(Self.state(generic) == Self.state(spec), "set(_:on:) \(property.key)")
        #expect(Self.state(generic) != Self.state(try LabelSpec(json: base).label), "\(property.key) is the default")
        #expect(throws: LabelSpecError.self) { try property.set(refused, on: &generic) }
        #expect(Self.state(generic) == Self.state(spec), "a refused value changed \(property.key)")

        var handle: OpaquePointer?
        #expect(base.withCString { sheen_label_create_from_spec($0, base.utf8.count, &handle) } == SHEEN_OK)
        defer { sheen_label_destroy(handle) }
        let status: sheen_status, bad: sheen_status
        switch property.access! {
        case .number, .count:
            status = sheen_label_set_number(handle, property.key, Double(text)!)
            bad = sheen_label_set_number(handle, property.key, Double(refused)!)
        case .flag:
            status = sheen_label_set_flag(handle, property.key, text == "true")
            bad = sheen_label_set_number(handle, property.key, 1)   // a flag is not a number
        case .word:
            status = sheen_label_set_word(handle, property.key, text)
            bad = sheen_label_set_word(handle, property.key, refused)
        }
        #expect(status == SHEEN_OK, "\(property.key): \(String(cString: sheen_last_error_message()))")
        #expect(bad == SHEEN_ERROR_INVALID_ARGUMENT, "\(property.key)")
        #expect(String(cString: sheen_last_error_message()).contains(property.key), "\(String(cString: sheen_last_error_message()))")
        #expect(Self.state(try Self.label(handle)) == Self.state(spec), "C \(property.key)")
    }

    /// Each number and whole number has its range; an unknown key is refused naming the keys.
    @Test func everyNumberHasARangeAndKeysAreChecked() throws {
        for property in LabelProperty.accessible {
            switch property.access! {
            case .number, .count: #expect(property.range != nil, "\(property.key)")
            default: break
            }
        }
        var handle: OpaquePointer?
        let spec = #"{"text": "x"}"#
        #expect(spec.withCString { sheen_label_create_from_spec($0, spec.utf8.count, &handle) } == SHEEN_OK)
        defer { sheen_label_destroy(handle) }
        #expect(sheen_label_set_word(handle, "colour", "red") == SHEEN_ERROR_INVALID_ARGUMENT)
        #expect(String(cString: sheen_last_error_message()).contains("align"))
        #expect(sheen_label_set_number(handle, nil, 1) == SHEEN_ERROR_NULL_POINTER)
    }

    /// A key or word of a megabyte is refused like a short one, with a message of ordinary length
    /// (the text is not echoed whole), and the label is unchanged.
    @Test func aMegabyteKeyOrWordIsRefusedBriefly() throws {
        var handle: OpaquePointer?
        let spec = #"{"text": "x", "align": "right"}"#
        #expect(spec.withCString { sheen_label_create_from_spec($0, spec.utf8.count, &handle) } == SHEEN_OK)
        defer { sheen_label_destroy(handle) }
        let before = Self.state(try Self.label(handle))
        let huge = String(repeating: "a", count: 1 << 20)
        for (key, word) in [(huge, "center"), ("align", huge)] {
            #expect(sheen_label_set_word(handle, key, word) == SHEEN_ERROR_INVALID_ARGUMENT)
            let message = String(cString: sheen_last_error_message())
            #expect(message.utf8.count < 1000, "\(message.utf8.count) bytes: \(message.prefix(120))")
        }
        #expect(sheen_label_set_number(handle, huge, 1) == SHEEN_ERROR_INVALID_ARGUMENT)
        #expect(String(cString: sheen_last_error_message()).utf8.count < 1000)
        #expect(Self.state(try Self.label(handle)) == before)
    }
}
