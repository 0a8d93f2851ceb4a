import Foundation

/// A JSON value as the label spec reads it: every node knows its path ("runs[2].underline"), so
/// each refusal names the field, and objects refuse fields nobody read (a misspelt key is an
/// error, not silently ignored).
indirect enum JSONValue: Decodable {
    case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
            return
        }
        // Each kind is tried in turn; a value that is of a kind but unusable (1e400, a lone
        // surrogate or a raw control character in a string, bytes that are not UTF-8) fails its
        // own kind with an error other than a type mismatch, and that error — not the last
        // kind's mismatch — is the value's problem, reported with where the value is.
        var corrupt: Error?
        func attempt<T: Decodable>(_ type: T.Type) -> T? {
            do {
                return try c.decode(type)
            } catch DecodingError.typeMismatch {
                return nil
            } catch let error as DecodingError {
                // A nested value's own problem, with its own path.
                if corrupt == nil { corrupt = error }
                return nil
            } catch {
                if corrupt == nil {
                    corrupt = DecodingError.dataCorrupted(DecodingError.Context(
                        codingPath: decoder.codingPath, debugDescription: JSONValue.words(error), underlyingError: error))
                }
                return nil
            }
        }
        if let b = attempt(Bool.self) { self = .bool(b) }
        else if let n = attempt(Double.self) { self = .number(n) }
        else if let s = attempt(String.self) { self = .string(s) }
        else if let a = attempt([JSONValue].self) { self = .array(a) }
        else {
            do { self = .object(try c.decode([String: JSONValue].self)) } catch { throw corrupt ?? error }
        }
    }

    /// A JSON parser's error in words: "numberIsNotRepresentableInSwift(parsed: "1e400")" reads
    /// "number is not representable in Swift (parsed: "1e400")".
    static func words(_ error: Error) -> String {
        if let decoding = error as? DecodingError, case let .dataCorrupted(context) = decoding {
            return context.debugDescription
        }
        var text = "\(error)".replacingOccurrences(of: "FoundationEssentials.JSONError.SourceLocation", with: "")
        guard let name = text.split(separator: "(", maxSplits: 1).first, name.allSatisfy({ $0.isLetter || $0.isNumber }) else { return text }
        var spoken = ""
        for ch in name {
            if ch.isUppercase && !spoken.isEmpty { spoken += " " }
            spoken += String(ch)
        }
        text = spoken.lowercased().replacingOccurrences(of: "swift", with: "Swift")
            .replacingOccurrences(of: "utf8", with: "UTF-8").replacingOccurrences(of: "u t f8", with: "UTF-8")
            + (text.count > name.count ? " " + text.dropFirst(name.count) : "")
        return text
    }

    var kind: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
