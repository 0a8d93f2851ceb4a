import ArgumentParser
import Foundation

/// A JSON object being read: fields are taken one by one, and `finish()` refuses the rest.
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
    func finish(known: [String]) throws {
        if let unknown = fields.keys.sorted().first(where: { !read.contains($0) }) {
            let place = path.isEmpty ? "the top level" : path
            throw ValidationError("spec: \(place): unknown field \"\(unknown)\" (known: \(known.sorted().joined(separator: ", ")))")
        }
    }
}
