// C enumeration values to Swift values: every sheen.h enumeration a `Vocabulary` declares is
// read by position in its table, refused with its name and range otherwise.

import SheenRaster

/// The value of vocabulary `T` whose C constant is `value`; `CAPIError.invalid` naming `what`,
/// the C enumeration and its range otherwise.
func enumeration<T: Vocabulary>(_ value: Int32, _ what: String, as _: T.Type = T.self) throws -> T {
    guard let v = T(cValue: value) else {
        throw CAPIError.invalid("\(what) \(value) is not a \(T.cEnumeration ?? "\(T.self)") (0…\(T.listed.count - 1))")
    }
    return v
}
