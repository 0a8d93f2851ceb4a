import Foundation

/// A baseline file that cannot be used.
enum BaselineError: Error, CustomStringConvertible {
    case badLine(Int)
    var description: String {
        switch self {
        case .badLine(let n): return "line \(n) is not a sheen-bench JSON record with a positive median_ns"
        }
    }
}
