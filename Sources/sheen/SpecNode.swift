import ArgumentParser
import Foundation

/// One value of the spec and where it is.
struct SpecNode {
    let value: JSONValue
    let path: String

    /// A refusal naming this field.
    func error(_ problem: String) -> ValidationError { ValidationError("spec: \(path): \(problem)") }

    func string() throws -> String {
        guard case let .string(s) = value else { throw error("expected a string, found \(value.kind)") }
        return s
    }

    /// A finite number in `range`.
    func number(in range: ClosedRange<Double> = -1e9...1e9) throws -> Double {
        guard case let .number(n) = value else { throw error("expected a number, found \(value.kind)") }
        guard n.isFinite, range.contains(n) else { throw error("\(n) is not in [\(range.lowerBound), \(range.upperBound)]") }
        return n
    }

    /// A whole number in `range`.
    func integer(in range: ClosedRange<Int>) throws -> Int {
        let n = try number(in: Double(range.lowerBound)...Double(range.upperBound))
        guard n == n.rounded() else { throw error("\(n) is not a whole number") }
        return Int(n)
    }

    func bool() throws -> Bool {
        guard case let .bool(b) = value else { throw error("expected true or false, found \(value.kind)") }
        return b
    }

    func array() throws -> [SpecNode] {
        guard case let .array(a) = value else { throw error("expected an array, found \(value.kind)") }
        return a.enumerated().map { SpecNode(value: $1, path: "\(path)[\($0)]") }
    }

    func object() throws -> SpecObject {
        guard case let .object(o) = value else { throw error("expected an object, found \(value.kind)") }
        return SpecObject(fields: o, path: path)
    }

    /// A name from `table`, matched case-insensitively.
    func named<T>(_ table: [(String, T)]) throws -> T {
        let s = try string()
        if let hit = table.first(where: { $0.0.lowercased() == s.lowercased() }) { return hit.1 }
        throw error("\"\(s)\" is not one of: \(table.map(\.0).joined(separator: ", "))")
    }

    /// Exactly `count` finite numbers, as an array.
    func numbers(_ count: Int, in range: ClosedRange<Double> = -1e9...1e9) throws -> [Double] {
        let items = try array()
        guard items.count == count else { throw error("expected \(count) numbers, found \(items.count)") }
        return try items.map { try $0.number(in: range) }
    }
}
