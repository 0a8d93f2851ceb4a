/// A JSON value as the label spec reads it (RFC 8259), parsed here rather than by Foundation so
/// that the spec reader works in libSheenC, which ships without Foundation. Package access: the
/// spec fuzzer (Fuzz/sheen-fuzz-spec) holds the parser to its properties.
package indirect enum JSONValue: Equatable {
    case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    /// How a message names the value's kind ("expected a string, found a number").
    package var kind: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// Arrays and objects nested deeper than this are refused (the parser recurses once per level).
    package static let maximumDepth = 512

    /// Parses one JSON document. A syntax error throws `JSONSyntaxError`, naming what is wrong
    /// and where (line and column, counted in characters from 1).
    package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        if parser.at < bytes.count { throw parser.error("unexpected text after the document") }
        return value
    }
}

/// A JSON syntax error: what is wrong, with its line and column.
package struct JSONSyntaxError: Error, CustomStringConvertible {
    package let description: String
}

/// A recursive-descent parser over UTF-8 bytes.
private struct JSONParser {
    let bytes: [UInt8]
    var at = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// `problem` at the current position ("… at line 2, column 7").
    func error(_ problem: String, at position: Int? = nil) -> JSONSyntaxError {
        let end = min(position ?? at, bytes.count)
        var line = 1, column = 1
        for b in bytes[..<end] {
            if b == UInt8(ascii: "\n") { line += 1; column = 1 }
            // Continuation bytes do not start a character.
            else if b & 0xC0 != 0x80 { column += 1 }
        }
        return JSONSyntaxError(description: "\(problem) at line \(line), column \(column)")
    }

    mutating func skipSpace() {
        while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 }
    }

    mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard at < bytes.count else { throw error("unexpected end of the document") }
        switch bytes[at] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0") ... UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected \(describe(bytes[at])) where a value should be")
        }
    }

    /// A byte as a message shows it: a printable ASCII character quoted, anything else as hex.
    func describe(_ b: UInt8) -> String {
        (0x21 ... 0x7E).contains(b) ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x\(String(b, radix: 16, uppercase: true))"
    }

    mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let w = Array(word.utf8)
        guard bytes.count - at >= w.count, Array(bytes[at ..< at + w.count]) == w else {
            throw error("unexpected \(describe(bytes[at])) where a value should be")
        }
        at += w.count
    }

    mutating func expect(_ c: Character, _ what: String) throws(JSONSyntaxError) {
        skipSpace()
        guard at < bytes.count else { throw error("unexpected end of the document; expected \(what)") }
        guard bytes[at] == c.asciiValue! else { throw error("unexpected \(describe(bytes[at])); expected \(what)") }
        at += 1
    }

    mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        if depth > JSONValue.maximumDepth { throw error("arrays and objects nested more than \(JSONValue.maximumDepth) deep") }
        at += 1
        var fields: [String: JSONValue] = [:]
        skipSpace()
        if at < bytes.count, bytes[at] == UInt8(ascii: "}") { at += 1; return .object(fields) }
        while true {
            skipSpace()
            guard at < bytes.count else { throw error("unexpected end of the document; expected a key") }
            guard bytes[at] == UInt8(ascii: "\"") else { throw error("unexpected \(describe(bytes[at])); expected a key in double quotes") }
            let keyAt = at
            let key = try string()
            // A repeated key would silently drop a value: refuse it.
            if fields[key] != nil { throw error("the key \"\(key)\" appears twice in one object", at: keyAt) }
            try expect(":", "':' after a key")
            skipSpace()
            fields[key] = try value(depth: depth)
            skipSpace()
            guard at < bytes.count else { throw error("unexpected end of the document; expected ',' or '}'") }
            if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
            if bytes[at] == UInt8(ascii: "}") { at += 1; return .object(fields) }
            throw error("unexpected \(describe(bytes[at])); expected ',' or '}'")
        }
    }

    mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        if depth > JSONValue.maximumDepth { throw error("arrays and objects nested more than \(JSONValue.maximumDepth) deep") }
        at += 1
        var items: [JSONValue] = []
        skipSpace()
        if at < bytes.count, bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
        while true {
            skipSpace()
            items.append(try value(depth: depth))
            skipSpace()
            guard at < bytes.count else { throw error("unexpected end of the document; expected ',' or ']'") }
            if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
            if bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
            throw error("unexpected \(describe(bytes[at])); expected ',' or ']'")
        }
    }

    /// -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?, which must be a finite Double.
    mutating func number() throws(JSONSyntaxError) -> Double {
        let start = at
        func digits(_ p: inout Int) -> Int {
            let s = p
            while p < bytes.count, (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(bytes[p]) { p += 1 }
            return p - s
        }
        var p = at
        if bytes[p] == UInt8(ascii: "-") { p += 1 }
        let whole = p
        guard digits(&p) > 0 else { throw error("a number needs a digit after '-'", at: p) }
        if bytes[whole] == UInt8(ascii: "0"), p - whole > 1 { throw error("a number may not start with 0 and another digit", at: whole) }
        if p < bytes.count, bytes[p] == UInt8(ascii: ".") {
            p += 1
            guard digits(&p) > 0 else { throw error("a number needs a digit after '.'", at: p) }
        }
        if p < bytes.count, bytes[p] == UInt8(ascii: "e") || bytes[p] == UInt8(ascii: "E") {
            p += 1
            if p < bytes.count, bytes[p] == UInt8(ascii: "+") || bytes[p] == UInt8(ascii: "-") { p += 1 }
            guard digits(&p) > 0 else { throw error("a number needs a digit in its exponent", at: p) }
        }
        at = p
        let text = String(decoding: bytes[start ..< p], as: UTF8.self)
        guard let v = Double(text), v.isFinite else { throw error("the number \(text) is too large", at: start) }
        return v
    }

    /// A string: UTF-8, no raw control characters, escapes resolved (surrogate pairs joined).
    mutating func string() throws(JSONSyntaxError) -> String {
        at += 1
        var out: [UInt8] = []
        var runStart = at
        while true {
            guard at < bytes.count else { throw error("unexpected end of the document inside a string") }
            let b = bytes[at]
            if b == UInt8(ascii: "\"") {
                out.append(contentsOf: bytes[runStart ..< at])
                at += 1
                break
            }
            if b < 0x20 { throw error("a raw control character (U+\(hex4(UInt16(b)))) in a string; write it as an escape") }
            if b != UInt8(ascii: "\\") { at += 1; continue }
            out.append(contentsOf: bytes[runStart ..< at])
            let escapeAt = at
            at += 1
            guard at < bytes.count else { throw error("unexpected end of the document inside a string") }
            let e = bytes[at]
            at += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = UInt32(try hexUnit())
                if (0xD800 ... 0xDBFF).contains(scalar) {
                    // A high surrogate must be followed by an escaped low one.
                    guard bytes.count - at >= 2, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") else {
                        throw error("\\u\(hex4(UInt16(scalar))) is a high surrogate without a low one after it", at: escapeAt)
                    }
                    at += 2
                    let low = UInt32(try hexUnit())
                    guard (0xDC00 ... 0xDFFF).contains(low) else {
                        throw error("\\u\(hex4(UInt16(scalar))) is a high surrogate followed by \\u\(hex4(UInt16(low))), not a low one", at: escapeAt)
                    }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00 ... 0xDFFF).contains(scalar) {
                    throw error("\\u\(hex4(UInt16(scalar))) is a low surrogate without a high one before it", at: escapeAt)
                }
                UTF8.encode(Unicode.Scalar(scalar)!) { out.append($0) }
            default:
                throw error("\\\(Character(Unicode.Scalar(e))) is not a JSON escape", at: escapeAt)
            }
            runStart = at
        }
        guard let s = String(validating: out, as: UTF8.self) else { throw error("a string that is not UTF-8") }
        return s
    }

    /// Four hex digits of a \u escape.
    mutating func hexUnit() throws(JSONSyntaxError) -> UInt16 {
        guard bytes.count - at >= 4 else { throw error("\\u needs four hex digits") }
        var v: UInt16 = 0
        for k in 0 ..< 4 {
            let c = bytes[at + k]
            let d: UInt8
            switch c {
            case UInt8(ascii: "0") ... UInt8(ascii: "9"): d = c - UInt8(ascii: "0")
            case UInt8(ascii: "a") ... UInt8(ascii: "f"): d = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A") ... UInt8(ascii: "F"): d = c - UInt8(ascii: "A") + 10
            default: throw error("\\u needs four hex digits", at: at + k)
            }
            v = v << 4 | UInt16(d)
        }
        at += 4
        return v
    }

    func hex4(_ v: UInt16) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - s.count) + s
    }
}
