import SheenRaster

/// One value of a label spec and where it is ("runs[2].underline"), so that each refusal names
/// the field.
struct SpecNode {
    let value: JSONValue
    let path: String

    /// A refusal naming this field.
    func error(_ problem: String) -> LabelSpecError { LabelSpecError("\(path): \(problem)") }

    func string() throws(LabelSpecError) -> String {
        guard case let .string(s) = value else { throw error("expected a string, found \(value.kind)") }
        return s
    }

    /// A finite number in `range`.
    func number(in range: ClosedRange<Double> = -1e9...1e9) throws(LabelSpecError) -> Double {
        guard case let .number(n) = value else { throw error("expected a number, found \(value.kind)") }
        guard n.isFinite, range.contains(n) else { throw error("\(n) is not in \(range.interval)") }
        return n
    }

    /// A whole number in `range`.
    func integer(in range: ClosedRange<Int>) throws(LabelSpecError) -> Int {
        let n = try number(in: Double(range.lowerBound)...Double(range.upperBound))
        guard n == n.rounded() else { throw error("\(n) is not a whole number") }
        return Int(n)
    }

    func bool() throws(LabelSpecError) -> Bool {
        guard case let .bool(b) = value else { throw error("expected true or false, found \(value.kind)") }
        return b
    }

    func array() throws(LabelSpecError) -> [SpecNode] {
        guard case let .array(a) = value else { throw error("expected an array, found \(value.kind)") }
        return a.enumerated().map { SpecNode(value: $1, path: "\(path)[\($0)]") }
    }

    func object() throws(LabelSpecError) -> SpecObject {
        guard case let .object(o) = value else { throw error("expected an object, found \(value.kind)") }
        return SpecObject(fields: o, path: path)
    }

    /// A name from `table`, matched case-insensitively.
    func named<T>(_ table: [(String, T)]) throws(LabelSpecError) -> T {
        let s = try string()
        if let hit = table.first(where: { $0.0.lowercased() == s.lowercased() }) { return hit.1 }
        throw error("\(s.quotedExcerpt) is not one of: \(table.map(\.0).joined(separator: ", "))")
    }

    /// A word of vocabulary `T` (matched case-insensitively; alternate spellings too).
    func named<T: Vocabulary>(_: T.Type) throws(LabelSpecError) -> T {
        let s = try string()
        if let v = ValueSyntax.value(s, in: T.self) { return v }
        throw error("\(s.quotedExcerpt) is not one of: \(T.listed.map(\.word).joined(separator: ", "))")
    }

    /// Exactly `count` finite numbers, as an array.
    func numbers(_ count: Int, in range: ClosedRange<Double> = -1e9...1e9) throws(LabelSpecError) -> [Double] {
        let items = try array()
        guard items.count == count else { throw error("expected \(count) numbers, found \(items.count)") }
        var out: [Double] = []
        for item in items { out.append(try item.number(in: range)) }
        return out
    }
}

/// A JSON object of a spec being read: fields are taken one by one, and `finish()` refuses the
/// rest (a misspelt key is an error, not silently ignored).
final class SpecObject {
    private let fields: [String: JSONValue]
    let path: String
    private var read = Set<String>()

    init(fields: [String: JSONValue], path: String) { self.fields = fields; self.path = path }

    /// The field `key`, or nil when absent (null counts as absent).
    func optional(_ key: String) -> SpecNode? {
        read.insert(key)
        guard let v = fields[key] else { return nil }
        if case .null = v { return nil }
        return SpecNode(value: v, path: path.isEmpty ? key : "\(path).\(key)")
    }

    func has(_ key: String) -> Bool { fields[key] != nil }

    /// Refuses any field that was never read, naming it and the fields this object accepts.
    func finish(known: [String]) throws(LabelSpecError) {
        if let unknown = fields.keys.sorted().first(where: { !read.contains($0) }) {
            let place = path.isEmpty ? "the top level" : path
            throw LabelSpecError("\(place): unknown field \"\(unknown)\" (known: \(known.sorted().joined(separator: ", ")))")
        }
    }
}
