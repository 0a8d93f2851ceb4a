import SheenLabel

/// One spec fuzz input: the bytes are the document. The invariants:
/// - the parser returns a value or throws its syntax error naming a line and column, never
///   anything else (and never crashes, overflows its stack or reads past the bytes);
/// - a value it returns, written back as JSON here, parses to the same value (so nothing is
///   lost or invented: escapes, surrogate pairs, numbers, nesting);
/// - the spec reader returns a label or throws a `LabelSpecError` with a message.
enum SpecFuzzCase {
    static func failure(of bytes: [UInt8]) -> String? {
        let value: JSONValue
        do {
            value = try JSONValue.parse(bytes)
        } catch {
            if !error.description.contains(" at line ") { return "a syntax error without its place: \(error)" }
            return readerFailure(bytes)
        }
        let written = Array(serialized(value).utf8)
        do {
            let again = try JSONValue.parse(written)
            if again != value { return "parsed \(value), written back as \(String(decoding: written, as: UTF8.self)), read again as \(again)" }
        } catch {
            return "its own writing of \(value) does not parse: \(error)"
        }
        return readerFailure(bytes)
    }

    /// The spec readers on the same bytes — a label's and a text field's (FieldSpec, which
    /// sheen_text_field_image_from_spec and Python's TextField read) — each a spec or a refusal
    /// with words.
    static func readerFailure(_ bytes: [UInt8]) -> String? {
        do {
            _ = try LabelSpec(json: bytes)
        } catch {
            if error.message.isEmpty { return "a refusal without a message" }
        }
        do {
            _ = try FieldSpec(json: bytes)
        } catch {
            if error.message.isEmpty { return "a field spec refusal without a message" }
        }
        return nil
    }

    /// `value` as JSON text: strings with quotes, backslashes and controls escaped, numbers as
    /// Swift prints them (the shortest text that reads back as the same Double).
    static func serialized(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return "\(n)"
        case .string(let s): return quoted(s)
        case .array(let items): return "[" + items.map(serialized).joined(separator: ",") + "]"
        case .object(let fields):
            return "{" + fields.keys.sorted().map { quoted($0) + ":" + serialized(fields[$0]!) }.joined(separator: ",") + "}"
        }
    }

    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
